// The sub-actions (`<command>/action.yml`, written by scripts/sub-actions.ts) run their command as the root action
// does: the runner starts the folder's main.mjs, then its post.mjs, with INPUT_* from that action.yml's defaults and
// no `command` input. End to end: each step is a child process (scripts/run-step.ts), against the platform emulator.
import { expect, it } from '@jest/globals'
import { errorLines, runStep } from '../../scripts/run-step.ts'
import type { PlatformEmulator } from '../../emulator/platform.ts'
import { platformPerTest } from '../support/platform-per-test.ts'
import { polledPlatform } from '../support/polled-platform.ts'

let platform: PlatformEmulator
// The emulator's clock moves one second with each read of operations (support/polled-platform.ts).
const { base } = platformPerTest((started) => ({ platform } = started), { platform: polledPlatform })

function operation(end: 'finished' | 'error') {
  const project = platform.addProject().id
  const id = platform.addOperation(project, {
    timeline: [
      { afterMs: 0, status: 'running' },
      { afterMs: 3_000, status: end },
    ],
  })
  return { project, id }
}

/** How the operation ends, and the step's exit code and `status` output. */
const ENDS: ['finished' | 'error', number, string][] = [
  ['finished', 0, 'finished'],
  ['error', 1, 'failed'],
]
it.each(ENDS)('the wait-for-operations sub-action gates: an operation that ends %s', async (end, code, status) => {
  const { project, id } = operation(end)
  const gate = await runStep(
    { ...base(), 'project-id': project, 'operation-ids': id, 'poll-interval': '1' },
    { action: 'wait-for-operations' },
  )
  expect([gate.code, gate.outputs.status]).toEqual([code, status])
  expect(errorLines(gate.stdout).length).toBe(code)
  expect(platform.requests.filter((r) => r.path.includes(id)).length).toBeGreaterThan(1)
})

it('a sub-action refuses an input its command does not read, before the step runs', async () => {
  await expect(runStep({ ...base(), command: 'list-keys' }, { action: 'list-projects' })).rejects.toThrow(
    'list-projects/action.yml has no input command',
  )
})

it("the create-key sub-action's post step revokes its job-scoped key", async () => {
  const inputs = { ...base(), 'key-name': 'ci-job', 'revoke-after-job': 'true' }
  const created = await runStep(inputs, { action: 'create-key' })
  expect([created.code, errorLines(created.stdout)]).toEqual([0, []])
  const id = Number(created.outputs['key-id'])
  expect(platform.isKeyValid(id)).toBe(true)
  const post = await runStep(inputs, { action: 'create-key', state: created.state })
  expect([post.code, errorLines(post.stdout)]).toEqual([0, []])
  expect(post.stdout).toContain(`Revoked the job-scoped API key ${id}.`)
  expect(platform.isKeyValid(id)).toBe(false)
})
