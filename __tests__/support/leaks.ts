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
