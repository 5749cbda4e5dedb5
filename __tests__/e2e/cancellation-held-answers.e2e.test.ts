// A cancel while the platform or GitHub holds the answer to a request other than a key's create or a secret's write: the
// snapshot of the keys before the create, the new key's proof, an old key's revocation (src/runner/time.ts
// `attemptCut`, src/api/client.ts).
// The runner's cancel is played on the action's clock (scripts/virtual-time.ts): SIGINT, SIGTERM 7.5 s later and the
// kill 2.5 s after that, each when the action's clock reaches it; the clock jumps over the held answer and every wait,
// so neither the real time nor a busy machine decides the outcome. The held answer never comes in time: the step must
// still fail with its error and its summary before the kill, and leave no new key valid that nobody holds.
// End to end: each step is a child process, as a runner starts it (scripts/run-step.ts), on the committed bundle
// dist/index.js (E2E_ENTRY=source runs src/ instead), against the platform and GitHub emulators.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import type { ChildProcess } from 'node:child_process'
import { GitHubEmulator } from '../../emulator/github.ts'
import type { PlatformEmulator, RequestHold } from '../../emulator/platform.ts'
import { errorLines, type StepOptions, type StepResult } from '../../scripts/run-step.ts'
import { platformPerTest } from '../support/platform-per-test.ts'

let platform: PlatformEmulator
let github: GitHubEmulator
let before: Set<number>
const OWNER = 'octo-org'
const REPO = 'deploys'
const SECRET = 'NEON_API_KEY'
const env = () => ({ GITHUB_REPOSITORY: `${OWNER}/${REPO}`, GITHUB_API_URL: github.url })

const { step } = platformPerTest((started) => ({ platform } = started))

/** Requests held by a test, let go after it: the platform then carries them out, as a slow service would. */
let held: RequestHold[] = []

beforeEach(async () => {
  github = new GitHubEmulator()
  await github.start()
})
afterEach(async () => {
  for (const hold of held) hold.release()
  held = []
  await github.stop()
})

/** The action's clock while a request it sent is in flight: a tenth of real time, so a busy machine hardly moves it. */
const RATE = 0.1

/** Runs the main step and cancels it as the runner does, on the action's clock, once `reached` says the held request is in flight. */
async function cancelledWhileHeld(
  inputs: Record<string, string>,
  reached: Promise<void>,
  options: StepOptions = {},
): Promise<StepResult> {
  let child: ChildProcess | undefined
  const time = { mode: 'jump', rate: RATE, cancel: true } as const
  const run = step(inputs, { ...options, time, onSpawn: (c) => (child = c) })
  await reached
  child!.kill('SIGUSR2')
  return run
}

function hold(target: Parameters<PlatformEmulator['hold']>[0]): RequestHold {
  const one = platform.hold(target)
  held.push(one)
  return one
}

/** Holds the first list of keys after the create: the new key's proof. */
function holdProof(): Promise<void> {
  return new Promise((resolve) => {
    const stop = platform.onRequest((r) => {
      if (r.method !== 'POST') return
      stop()
      void hold({ method: 'GET', path: '/api_keys' }).reached.then(resolve)
    })
  })
}

/** Valid keys that did not exist before the step and that no output or secret holds. */
function unaccounted(...results: StepResult[]): number[] {
  const values = [github.secret(OWNER, REPO, SECRET), ...results.map((r) => r.outputs.key)]
  const ids = new Set(values.flatMap((value) => (value === undefined ? [] : [platform.keyIdOf(value)])))
  return platform
    .keys()
    .filter((k) => !k.revoked && !before.has(k.id) && !ids.has(k.id))
    .map((k) => k.id)
}

const snapshotKeys = () => (before = new Set(platform.keys().map((k) => k.id)))

/** The step ended by itself (not killed), with one error and a summary of the failure. */
function expectEndedByItself(main: StepResult, error: RegExp, summary: string): void {
  expect(main.code).toBe(1)
  expect(errorLines(main.stdout)).toEqual([expect.stringMatching(error)])
  expect(main.summary).toContain(summary)
}

const noAnswer = (request: string) =>
  `the runner cancelled the step, and no answer to ${request} came before the step had to stop waiting\\. ` +
  '\\(request id [0-9a-f-]{36}\\)'

describe('cancelled while the platform holds an answer', () => {
  it('create-key, the snapshot before the create: it fails before the kill, and creates no key', async () => {
    snapshotKeys()
    const inputs = { command: 'create-key', 'key-name': 'job-7', 'revoke-after-job': 'true' }
    const main = await cancelledWhileHeld(inputs, hold({ method: 'GET', path: '/api_keys' }).reached)
    expectEndedByItself(
      main,
      new RegExp(`^::error::Could not list API keys: ${noAnswer('GET /api_keys')}$`),
      'create-key failed',
    )
    expect(platform.requests.filter((r) => r.method === 'POST')).toEqual([])
    const after = await step(inputs, { state: main.state })
    expect(after.code).toBe(0)
    expect(unaccounted(main, after)).toEqual([])
  })

  describe('rotate-key', () => {
    let current: { id: number; key: string }
    const inputs = () => ({
      command: 'rotate-key',
      'api-key': current.key,
      'key-name': 'ci-deploy',
      'secret-name': SECRET,
      'github-token': github.token,
      'keep-previous': '0',
    })

    beforeEach(() => {
      current = platform.addKey('ci-deploy')
      github.setSecret(OWNER, REPO, SECRET, current.key)
      snapshotKeys()
    })

    it("the new key's proof: it revokes the new key and fails before the kill; the secret and the old key stay", async () => {
      const main = await cancelledWhileHeld(inputs(), holdProof(), { env: env() })
      const made = platform.keys().find((k) => k.name === 'ci-deploy' && k.id !== current.id)!
      const error =
        `^::error::Rotation stopped: Could not list API keys: ${noAnswer('GET /api_keys')} ` +
        `The new key ${made.id} was revoked\\. No old key was revoked\\.$`
      expectEndedByItself(main, new RegExp(error), 'rotate-key failed')
      expect(made.revoked).toBe(true)
      expect(github.secret(OWNER, REPO, SECRET)).toBe(current.key)
      expect(platform.isKeyValid(current.id)).toBe(true)
      expect(unaccounted(main, await step(inputs(), { env: env(), state: main.state }))).toEqual([])
    })

    it("an old key's revocation: it fails before the kill, naming that key; the new key stays stored", async () => {
      const revocation = hold({ method: 'DELETE', path: `/api_keys/${current.id}` })
      const main = await cancelledWhileHeld(inputs(), revocation.reached, { env: env() })
      const id = main.outputs['key-id']!
      const error =
        `^::error::The new key ${id} is valid and stored, but revoking the old keys failed: ` +
        `Could not revoke API key ${current.id}: ${noAnswer(`DELETE /api_keys/${current.id}`)}$`
      expectEndedByItself(main, new RegExp(error), 'revoking the old keys failed')
      expect(main.stdout).toContain(
        `::warning::The runner cancelled the step (SIGINT) during the revocation of API key ${current.id}, which may or may not take effect.`,
      )
      expect(github.secret(OWNER, REPO, SECRET)).toBe(main.outputs.key)
      expect(platform.isKeyValid(Number(id))).toBe(true)
      expect(unaccounted(main, await step(inputs(), { env: env(), state: main.state }))).toEqual([])
    })
  })

  it('revoke-key: it fails before the kill, and the summary says the key may or may not be revoked', async () => {
    const victim = platform.addKey('old-ci')
    const inputs = { command: 'revoke-key', 'key-id': String(victim.id) }
    const main = await cancelledWhileHeld(inputs, hold({ method: 'DELETE', path: `/api_keys/${victim.id}` }).reached)
    const error = `^::error::Could not revoke API key ${victim.id}: ${noAnswer(`DELETE /api_keys/${victim.id}`)}`
    expectEndedByItself(main, new RegExp(error), 'may or may not be revoked: check it with list-keys')
  })
})
