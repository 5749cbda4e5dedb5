// State that an earlier step plants. The runner copies what a step writes to $GITHUB_ENV into the environment of every
// later step, so a STATE_* variable may come from anyone (src/index.ts, src/post-entry.ts, src/post.ts). The main step
// reads none; the post step acts only for create-key and rotate-key, and revokes a key only when its inputs name it.
// End to end: each step is a child process, as a runner starts it (scripts/run-step.ts), against the platform emulator.
import { expect, it } from '@jest/globals'
import type { PlatformEmulator } from '../../emulator/platform.ts'
import { errorLines } from '../../scripts/run-step.ts'
import { platformPerTest } from '../support/platform-per-test.ts'
import { polledPlatform } from '../support/polled-platform.ts'

let platform: PlatformEmulator
// The emulator's clock moves one second with each read of operations (support/polled-platform.ts).
const { step } = platformPerTest((started) => ({ platform } = started), { platform: polledPlatform })

const warnings = (stdout: string) => stdout.split('\n').filter((line) => line.startsWith('::warning::'))

it('a gate with STATE_isPost planted still waits for its operation and ends finished', async () => {
  const project = platform.addProject().id
  const op = platform.addOperation(project, {
    timeline: [
      { afterMs: 0, status: 'running' },
      { afterMs: 3_000, status: 'finished' },
    ],
  })
  const gate = await step(
    { command: 'wait-for-operations', 'project-id': project, 'operation-ids': op, 'poll-interval': '1' },
    { env: { STATE_isPost: 'true' } },
  )
  expect([gate.code, errorLines(gate.stdout), gate.outputs.status]).toEqual([0, [], 'finished'])
  expect(platform.requests.filter((r) => r.path.includes('/operations/')).length).toBeGreaterThan(1)
})

it.each(['list-projects', 'wait-for-operations', 'list-keys'])(
  'the post step of %s revokes no key a planted state names, says so, and sends no request',
  async (command) => {
    const production = platform.addKey('production-deploy')
    const post = await step(
      { command, 'project-id': 'some-project', 'operation-ids': '[]' },
      {
        state: {
          'job-scoped-key-id': String(production.id),
          'unsettled-keys': JSON.stringify({ name: 'production-deploy', known: [], pending: [production.id] }),
        },
      },
    )
    expect([post.code, errorLines(post.stdout)]).toEqual([0, []])
    expect(warnings(post.stdout)).toEqual([
      expect.stringContaining('"STATE_job-scoped-key-id" is set'),
      expect.stringContaining('"STATE_unsettled-keys" is set'),
    ])
    expect(platform.isKeyValid(production.id)).toBe(true)
    expect(platform.requests).toEqual([])
  },
)

it('the post step of create-key without revoke-after-job leaves a planted job key id alone', async () => {
  const production = platform.addKey('production-deploy')
  const post = await step(
    { command: 'create-key', 'key-name': 'production-deploy' },
    { state: { 'job-scoped-key-id': String(production.id), 'unsettled-keys': '' } },
  )
  expect([post.code, errorLines(post.stdout)]).toEqual([0, []])
  expect(warnings(post.stdout)).toEqual([expect.stringContaining('left the saved state job-scoped-key-id alone')])
  expect(platform.isKeyValid(production.id)).toBe(true)
})

it("the post step of a job key revokes only a key whose name its inputs make: another key's id is left valid", async () => {
  const production = platform.addKey('production-deploy')
  const inputs = { command: 'create-key', 'key-name': 'ci-job', 'revoke-after-job': 'true' }
  const post = await step(inputs, { state: { 'job-scoped-key-id': String(production.id), 'unsettled-keys': '' } })
  expect([post.code, errorLines(post.stdout)]).toEqual([0, []])
  expect(warnings(post.stdout)).toEqual([
    expect.stringContaining('"production-deploy", a name this step\'s inputs do not make'),
  ])
  expect(platform.isKeyValid(production.id)).toBe(true)
})

it('a planted organization beside a personal job key: the post step revokes the job key where its inputs say', async () => {
  const inputs = { command: 'create-key', 'key-name': 'ci-job', 'revoke-after-job': 'true' }
  const created = await step(inputs)
  expect(created.code).toBe(0)
  const jobKey = Number(created.outputs['key-id'])
  const post = await step(inputs, {
    state: { ...created.state, 'job-scoped-key-org-id': platform.defaultOrgId },
  })
  expect([post.code, errorLines(post.stdout)]).toEqual([0, []])
  expect(post.stdout).toContain(`Revoked the job-scoped API key ${jobKey}.`)
  expect(platform.isKeyValid(jobKey)).toBe(false)
})

it("a planted ledger of another name in create-key's post step is named in a warning and nothing is revoked", async () => {
  const production = platform.addKey('production-deploy')
  const post = await step(
    { command: 'create-key', 'key-name': 'ci-job' },
    { state: { 'unsettled-keys': JSON.stringify({ name: 'production-deploy', known: [], pending: [production.id] }) } },
  )
  expect([post.code, errorLines(post.stdout)]).toEqual([0, []])
  expect(warnings(post.stdout)).toEqual([expect.stringContaining('left the saved state unsettled-keys alone')])
  expect(platform.isKeyValid(production.id)).toBe(true)
})
