import { expect } from '@jest/globals'
import type { StepResult } from '../../scripts/run-step.ts'

/**
 * No key value anywhere a person or a later step can read: the log (less its `::add-mask::`
 * commands, which the runner consumes), stderr, the outputs, the state and the summary. The
 * one exception is the masked `key` output itself.
 */
export function expectNoKeyLeak(result: StepResult, keys: string[]): void {
  const { key: newKey, ...otherOutputs } = result.outputs
  const readable = newKey ? result.everything.split(newKey).join('') : result.everything
  for (const value of keys) {
    expect(readable).not.toContain(value)
    expect(JSON.stringify(otherOutputs)).not.toContain(value)
    expect(result.summary).not.toContain(value)
    expect(JSON.stringify(result.state)).not.toContain(value)
  }
}

/** The shortest piece of a secret a check looks for: shorter ones match ordinary text by chance. */
const PIECE = 6

/**
 * The pieces (`PIECE` characters or more) of `secret` that `text` shows, for a check that expects none. Only pieces of
 * its random part count: a key that happens to start `napi_key` shares `api_ke` with every log line naming `/api_keys`.
 */
export function piecesShown(text: string, secret: string): string[] {
  const shown: string[] = []
  for (let i = secret.indexOf('_') + 1; i + PIECE <= secret.length; i++) {
    const piece = secret.slice(i, i + PIECE)
    if (text.includes(piece)) shown.push(piece)
  }
  return shown
}
