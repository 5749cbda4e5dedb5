// State that an earlier step plants. The runner copies what a step writes to $GITHUB_ENV into every later step, and
// applies an action's own saved state last, only for the names its main step saved. So the main step saves every
// name the post step reads, empty, before anything can fail; the post step then acts on its own state only.
// End to end: main then post, each a child process as a runner starts it (scripts/run-step.ts), against the platform
// emulator (and the GitHub emulator for rotate-key's secrets).
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import type { ChildProcess } from 'node:child_process'
import { GitHubEmulator } from '../../emulator/github.ts'
import type { PlatformEmulator } from '../../emulator/platform.ts'
import { errorLines, type StepOptions, type StepResult } from '../../scripts/run-step.ts'
import { platformPerTest } from '../support/platform-per-test.ts'
import { POST_STEP_STATE } from '../../src/keys/ledger.ts'
import { polledPlatform } from '../support/polled-platform.ts'

let platform: PlatformEmulator
let github: GitHubEmulator
// The emulator's clock moves one second with each read of operations (support/polled-platform.ts).
const { step } = platformPerTest((started) => ({ platform } = started), { platform: polledPlatform })

beforeEach(async () => {
  github = new GitHubEmulator()
  await github.start()
})
afterEach(async () => {
  await github.stop()
})

/** `STATE_<name>` for each name, as a step that writes them to `$GITHUB_ENV` leaves them to every later step. */
const plant = (state: Record<string, string>) =>
  Object.fromEntries(Object.entries(state).map(([name, value]) => [`STATE_${name}`, value]))

/**
 * The main step and then its post step, after an earlier step planted `planted`: the post step gets the planted
 * variables, and over them the state its main step saved.
 */
async function plantedJob(
  inputs: Record<string, string>,
  planted: Record<string, string>,
  options: StepOptions = {},
): Promise<{ main: StepResult; post: StepResult; postRequests: number }> {
  const env = { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: 'octo-org/deploys', ...plant(planted) }
  const main = await step(inputs, { ...options, env })
  const before = platform.requests.length
  const { onSpawn: _, ...postOptions } = options
  const post = await step(inputs, { ...postOptions, env, state: main.state })
  return { main, post, postRequests: platform.requests.length - before }
}

/** A production key named `name` that was never used: what a clean-up would take for its lost key. */
function productionKey(name: string): { id: number; key: string } {
  return platform.addKey(name)
}

/** Every state name the post step reads, planted to name `victim`. */
const plantedFor = (victim: { id: number }, name: string) => ({
  'job-scoped-key-id': String(victim.id),
  'unsettled-keys': JSON.stringify({ name, known: [], pending: [victim.id], jobKey: victim.id }),
})

const deletes = () => platform.requests.filter((r) => r.method === 'DELETE')

describe('the main step saves every state name the post step reads, before anything can fail', () => {
  it.each([
    ['create-key', { command: 'create-key', 'key-name': 'ci-job' }],
    ['list-projects', { command: 'list-projects' }],
    ['an input error', { command: 'create-key' }],
  ])('%s: each name is saved, empty', async (_, inputs) => {
    const { main } = await plantedJob(inputs, {})
    expect(main.state).toEqual(Object.fromEntries(POST_STEP_STATE.map((name) => [name, ''])))
  })
})

describe('no planted state makes a post step revoke a key', () => {
  it('rotate-key whose first GitHub request answers 503: main saves nothing else, and the post step revokes nothing', async () => {
    const production = productionKey('ci-deploy')
    github.at('/repos/', 'GET').failNext(503, 20)
    const { main, post } = await plantedJob(
      { command: 'rotate-key', 'key-name': 'ci-deploy', 'secret-name': 'NEON_API_KEY', 'github-token': github.token },
      plantedFor(production, 'ci-deploy'),
    )
    expect(main.code).toBe(1)
    expect([post.code, errorLines(post.stdout)]).toEqual([0, []])
    expect(platform.isKeyValid(production.id)).toBe(true)
    expect(deletes()).toEqual([])
  })

  it.each([
    ['rotate-key without a secret', { command: 'rotate-key', 'key-name': 'ci-deploy' }],
    ['create-key', { command: 'create-key', 'key-name': 'ci-deploy' }],
    [
      'create-key with revoke-after-job',
      { command: 'create-key', 'key-name': 'ci-deploy', 'revoke-after-job': 'true' },
    ],
  ])('%s whose list before the create answers 503: the post step sends no DELETE', async (_, inputs) => {
    const production = productionKey('ci-deploy')
    platform.inject({ method: 'GET', path: '/api_keys', kind: 'status', status: 503, times: 20 })
    const { main, post } = await plantedJob(inputs, plantedFor(production, 'ci-deploy'))
    expect(main.code).toBe(1)
    expect(post.code).toBe(0)
    expect(deletes()).toEqual([])
    expect(platform.isKeyValid(production.id)).toBe(true)
  })

  it('the create-key sub-action with revoke-after-job cancelled while that list hangs: the post step sends no DELETE', async () => {
    const production = productionKey('ci-deploy')
    const hold = platform.hold({ method: 'GET', path: '/api_keys' })
    const cancel = async (child: ChildProcess) => {
      await hold.reached
      child.kill('SIGINT')
    }
    const { main, post } = await plantedJob(
      { 'key-name': 'ci-deploy', 'revoke-after-job': 'true' },
      plantedFor(production, 'ci-deploy'),
      {
        action: 'create-key',
        time: { mode: 'jump', rate: 20 },
        onSpawn: (child) => void cancel(child).then(() => hold.abort()),
      },
    )
    expect(main.code).not.toBe(0)
    expect(post.code).toBe(0)
    expect(deletes()).toEqual([])
    expect(platform.isKeyValid(production.id)).toBe(true)
  })

  it('an input error in the main step: the post step sends no request', async () => {
    const production = productionKey('ci-deploy')
    const { main, post } = await plantedJob(
      { command: 'create-key', 'key-name': 'ci-deploy', timeout: 'soon' },
      plantedFor(production, 'ci-deploy'),
    )
    expect(main.code).toBe(1)
    expect(post.code).toBe(0)
    expect(platform.requests).toEqual([])
    expect(errorLines(main.stdout)).toEqual([expect.stringContaining('`timeout`')])
  })

  it.each(['list-projects', 'wait-for-operations', 'list-keys'])(
    'the post step of %s sends no request',
    async (command) => {
      const production = productionKey('production-deploy')
      const { post, postRequests } = await plantedJob(
        { command, 'project-id': platform.addProject().id, 'operation-ids': '[]' },
        plantedFor(production, 'production-deploy'),
      )
      expect([post.code, errorLines(post.stdout), postRequests]).toEqual([0, [], 0])
      expect(platform.isKeyValid(production.id)).toBe(true)
    },
  )

  it('a job key made by this run: the post step revokes that key, not the planted one', async () => {
    const production = productionKey('ci-job')
    const inputs = { command: 'create-key', 'key-name': 'ci-job', 'revoke-after-job': 'true' }
    const { main, post } = await plantedJob(inputs, plantedFor(production, 'ci-job'))
    const jobKey = Number(main.outputs['key-id'])
    expect([main.code, post.code, errorLines(post.stdout)]).toEqual([0, 0, []])
    expect(post.stdout).toContain(`Revoked the job-scoped API key ${jobKey}.`)
    expect(platform.isKeyValid(jobKey)).toBe(false)
    expect(platform.isKeyValid(production.id)).toBe(true)
  })

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
})

describe('the job key is revoked by its id, whatever a list shows', () => {
  it('a list that lags and does not show the job key yet', async () => {
    const inputs = { command: 'create-key', 'key-name': 'ci-job', 'revoke-after-job': 'true' }
    const main = await step(inputs)
    const jobKey = Number(main.outputs['key-id'])
    platform.inject({ method: 'GET', path: '/api_keys', kind: 'transform', times: 5, transform: () => [] })
    const post = await step(inputs, { state: main.state })
    expect([post.code, errorLines(post.stdout)]).toEqual([0, []])
    expect(platform.isKeyValid(jobKey)).toBe(false)
  })

  it('a name sent in NFD and listed in NFC', async () => {
    const nfd = 'café-job'.normalize('NFD')
    const inputs = { command: 'create-key', 'key-name': nfd, 'revoke-after-job': 'true' }
    const main = await step(inputs)
    const jobKey = Number(main.outputs['key-id'])
    platform.inject({
      method: 'GET',
      path: '/api_keys',
      kind: 'transform',
      times: 5,
      transform: (body) =>
        (body as Array<{ name: string }>).map((key) => ({ ...key, name: key.name.normalize('NFC') })),
    })
    const post = await step(inputs, { state: main.state })
    expect([post.code, errorLines(post.stdout)]).toEqual([0, []])
    expect(platform.isKeyValid(jobKey)).toBe(false)
  })

  it('a job key revoked by someone else meanwhile (404) is already revoked', async () => {
    const inputs = { command: 'create-key', 'key-name': 'ci-job', 'revoke-after-job': 'true' }
    const main = await step(inputs)
    const jobKey = Number(main.outputs['key-id'])
    await step({ command: 'revoke-key', 'key-id': String(jobKey) })
    const post = await step(inputs, { state: main.state })
    expect([post.code, errorLines(post.stdout)]).toEqual([0, []])
    expect(post.stdout).toContain(`The job-scoped API key ${jobKey} was already revoked.`)
  })
})
