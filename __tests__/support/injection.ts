/**
 * What a hostile server or input tries to make the runner do, and how the runner reads a step's
 * log: lines split on CR, LF and CR LF; a line whose trimmed start is `::` is
 * a workflow command; `##[` is a legacy command anywhere in a line.
 */

import { expect } from '@jest/globals'
import type { StepResult } from '../../scripts/run-step.ts'
import { markdownOutsideHtml } from './markdown.ts'

/** Each payload of the issue: a line break, then a command; legacy commands with no line break. */
export const PAYLOADS: readonly string[] = [
  ...['\n', '\r', '\r\n'].flatMap((lineBreak) =>
    ['::error::Production database dropped', '::add-mask::finished', '::stop-commands::pwned', '::group::hidden'].map(
      (command) => `x${lineBreak}${command}`,
    ),
  ),
  '##[add-mask]finished',
  '##[set-output name=status;]finished',
]

/** Every payload in one value, each on a line of its own, under the log's 200-character cut. */
export const HOSTILE = `h\n::error::Production database dropped\r::add-mask::finished\r\n::stop-commands::pwned\n::group::g ##[add-mask]finished ##[set-output name=status;]x`

/**
 * Characters a reader does not see that change what they read: the bidi embeddings, overrides, isolates and marks
 * (U+202E shows "ci-\u202egnp.exe" as "ci-exe.png"), the zero-width space, joiners and no-break, the byte-order mark,
 * a soft hyphen and a tag character.
 */
export const INVISIBLE: readonly string[] = [
  ...'\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c',
  ...'\u200b\u200c\u200d\u2060\ufeff\u00ad',
  '\u{e0041}',
]

/** What a hostile value tries in a job summary: end the HTML block, then a heading, a link and an image. */
export const MARKDOWN =
  'm\n\n# Production database dropped\n\n[click](https://evil.example/) ![t](https://evil.example/t.png)\r\n\r\n'

/** The log as the runner reads it, one entry per line. */
export function runnerLines(stdout: string): string[] {
  return stdout.split(/\r\n|\r|\n/)
}

/** Commands the action itself writes: its own annotations, debug lines and masks. */
const OWN_COMMAND = /^::(error|warning|notice|debug|add-mask)::/

/**
 * The lines of a log that the runner would take as a command the action did not mean: any
 * `##[`, and any `::` command other than the action's own. `isOwnMask` tells the values the
 * action itself masks (the keys and tokens it holds); any other `::add-mask::` is forged.
 */
export function forgedCommands(stdout: string, isOwnMask: (value: string) => boolean = () => false): string[] {
  return runnerLines(stdout).filter((line) => {
    const start = line.trimStart()
    if (line.includes('##[')) return true
    if (!start.startsWith('::')) return false
    if (start.startsWith('::add-mask::')) return !isOwnMask(start.slice('::add-mask::'.length))
    return !OWN_COMMAND.test(start)
  })
}

/**
 * The runner takes no command from a step but its own, and its summary renders no Markdown. The
 * action masks the keys it holds or creates (`stepKey`, new keys), and the GitHub token: nothing else.
 */
export function expectOnlyOwnCommands(result: StepResult, stepKey: string): void {
  const isOwnMask = (value: string) => value === stepKey || /^(napi|ghs)_[a-z0-9]{30,}$/.test(value)
  expect(forgedCommands(result.stdout, isOwnMask)).toEqual([])
  expect(markdownOutsideHtml(result.summary)).toEqual([])
  expect(result.stderr).toBe('')
}
