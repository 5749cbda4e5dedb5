/**
 * The tools besides Node that the README's and docs' recipes call in their `run:` steps (bash, curl, jq) and that the
 * tests use (git for the release checks, openssl for a test CA). Each is run once and must answer as it should: a
 * stub that exits 127 or prints the wrong thing is as missing as no file at all.
 *
 *   node scripts/tools.ts   (the first part of `npm test`)
 *     Prints one line naming what is missing and exits 1, rather than letting a dozen tests fail one by one.
 *   `npm start` warns with the same line and plays on, so its tally names the recipes that fail for it.
 */
import { spawnSync } from 'node:child_process'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

interface Tool {
  name: string
  args: string[]
  input?: string
  /** What a working copy prints on stdout. */
  prints: RegExp
}

const TOOLS: readonly Tool[] = [
  { name: 'bash', args: ['--noprofile', '--norc', '-c', 'echo ok'], prints: /^ok$/m },
  { name: 'curl', args: ['--version'], prints: /^curl \d/ },
  { name: 'jq', args: ['-c', '.a'], input: '{"a":[1]}', prints: /^\[1\]$/m },
  { name: 'git', args: ['--version'], prints: /^git version \d/ },
  { name: 'openssl', args: ['version'], prints: /SSL \d/ },
]

/** Every tool: what `npm test` needs, and the README's Developing names. */
export const TOOL_NAMES = TOOLS.map((tool) => tool.name)

/** What the recipes' `run:` steps call, and so what `npm start` needs. */
export const RECIPE_TOOLS = ['bash', 'curl', 'jq']

/** Those of `names` that are missing or do not work on this PATH. */
export function brokenTools(names = TOOL_NAMES): string[] {
  return TOOLS.filter((tool) => {
    if (!names.includes(tool.name)) return false
    const run = spawnSync(tool.name, tool.args, { input: tool.input ?? '', encoding: 'utf8', timeout: 10_000 })
    return run.error !== undefined || run.status !== 0 || !tool.prints.test(run.stdout)
  }).map((tool) => tool.name)
}

/** One line: what `who` needs, and what is missing here. */
export function toolsMessage(who: string, needs: readonly string[], broken: readonly string[]): string {
  const install = broken.join(' ')
  return (
    `${who} needs ${needs.join(', ')} on PATH; missing or not working here: ${broken.join(', ')} ` +
    `(e.g. apt-get install ${install}, or brew install ${install})`
  )
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const broken = brokenTools()
  if (broken.length) {
    process.stderr.write(
      `${toolsMessage(
        'npm test',
        TOOLS.map((tool) => tool.name),
        broken,
      )}\n`,
    )
    process.exit(1)
  }
}
