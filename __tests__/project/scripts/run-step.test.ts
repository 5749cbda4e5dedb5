// scripts/run-step.ts, which runs a step as a runner does for the end-to-end tests and `npm run step`: a step that
// outlives its lifetime is killed, and the result says so, where a bare "exit code null" said nothing.
import { describe, expect, it } from '@jest/globals'
import type { PlatformEmulator } from '../../../emulator/platform.ts'
import { platformPerTest } from '../../support/platform-per-test.ts'

let platform: PlatformEmulator

const { step } = platformPerTest((started) => ({ platform } = started))

describe('a step run by scripts/run-step.ts', () => {
  it('killed at the end of its lifetime has no exit code, and says why', async () => {
    // An operation that stays running: the gate waits for it until its `timeout`, 600 s, far past the lifetime.
    const project = platform.addProject().id
    const running = platform.addOperation(project, { status: 'running' })
    const result = await step(
      { command: 'wait-for-operations', 'project-id': project, 'operation-ids': running, 'poll-interval': '1' },
      { time: 'real', lifetimeMs: 1500 },
    )
    expect([result.code, result.stopped]).toEqual([
      null,
      'killed after 1.5 s, the longest a step may run here. A runner would wait up to its `timeout`: ' +
        'set a shorter one to see how the step ends.',
    ])
  })

  it('that ends on its own has its exit code, and nothing to say', async () => {
    const result = await step({ command: 'list-projects' })
    expect([result.code, result.stopped]).toEqual([0, undefined])
  })
})
