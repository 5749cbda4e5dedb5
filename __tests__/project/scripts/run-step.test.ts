// scripts/run-step.ts, which runs a step as a runner does for the end-to-end tests and `npm run step`: a step that
// outlives its lifetime is killed, and the result says so, where a bare "exit code null" said nothing. An input its
// action.yml does not declare is refused, unless the test passes it on purpose, as a runner passes a typo.
import { describe, expect, it } from '@jest/globals'
import type { PlatformEmulator } from '../../../emulator/platform.ts'
import { stepEnvironment } from '../../../scripts/run-step.ts'
import { tempDirPerTest } from '../../support/temp-dir.ts'
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

describe('the environment of a step', () => {
  let dir = ''
  tempDirPerTest('neon-action-env-', (made) => (dir = made))
  const inputs = { 'api-key': 'napi_x', 'key-name': 'ci' }

  it("refuses an input its action.yml does not declare, so a test's typo fails the test", () => {
    expect(() => stepEnvironment(dir, { ...inputs, 'revoke-afterjob': 'true' }, { action: 'create-key' })).toThrow(
      'create-key/action.yml has no input revoke-afterjob',
    )
  })

  it('passes `undeclared` as a runner passes any `with:` entry: upper case, a space as `_`', () => {
    const { env } = stepEnvironment(dir, inputs, {
      action: 'create-key',
      undeclared: { 'revoke-afterjob': 'true', 'revoke after job': 'true' },
    })
    expect(env['INPUT_REVOKE-AFTERJOB']).toBe('true')
    expect(env.INPUT_REVOKE_AFTER_JOB).toBe('true')
    expect(env['INPUT_KEY-NAME']).toBe('ci')
    expect(() => stepEnvironment(dir, inputs, { action: 'create-key', undeclared: { 'key-name': 'x' } })).toThrow(
      'create-key/action.yml declares key-name: pass it in inputs',
    )
  })
})
