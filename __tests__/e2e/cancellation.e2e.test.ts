// Cancellation as the runner does it (src/runner/time.ts): SIGINT to the step's process (then, past its grace, a
// kill), then the post step with the state the main step saved. Each phase of create-key, rotate-key, revoke-key and
// prune-keys is reached by holding one request at the emulator and signalling the process while it waits: no timing.
// Afterwards no valid key may be in neither the secret nor an output.
// End to end: each step is a child process, as a runner starts it (scripts/run-step.ts), on the committed
// bundle dist/index.js (E2E_ENTRY=source runs src/ instead), against the platform and GitHub emulators.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import type { ChildProcess } from 'node:child_process'
import { GitHubEmulator } from '../../emulator/github.ts'
import type { PlatformEmulator } from '../../emulator/platform.ts'
import { errorLines, logLine, runStep, type StepResult } from '../../scripts/run-step.ts'
import { expectNoKeyLeak } from '../support/leaks.ts'
import { platformPerTest } from '../support/platform-per-test.ts'

let platform: PlatformEmulator
let github: GitHubEmulator
let url: string
let admin: { id: number; key: string }
/** Keys that existed before the step: the ones it may leave alone. */
let before: Set<number>
const OWNER = 'octo-org'
const REPO = 'deploys'
const SECRET = 'NEON_API_KEY'

const { step } = platformPerTest((started) => ({ platform, url, admin } = started))

beforeEach(async () => {
  github = new GitHubEmulator()
  await github.start()
})

afterEach(async () => {
  await github.stop()
})

const env = { GITHUB_REPOSITORY: `${OWNER}/${REPO}` }

/** A request held at an emulator until the test lets it go. */
interface Held {
  reached: Promise<void>
  release(): void
}

/**
 * Runs the main step, and once `hold` has the request in hand, cancels it as the runner does:
 * SIGINT, and when `kill` is set, the kill that ends the grace. Then lets the request go on.
 */
async function cancelled(inputs: Record<string, string>, hold: Held, kill = false): Promise<StepResult> {
  let child: ChildProcess | undefined
  const run = step(inputs, { env: { ...env, GITHUB_API_URL: github.url }, onSpawn: (c) => (child = c) })
  await hold.reached
  const noticed = logLine(child!, /^::warning::The runner cancelled the step \(SIGINT\)/)
  child!.kill('SIGINT')
  await noticed
  if (kill) child!.kill('SIGKILL')
  else hold.release()
  const result = await run
  if (kill) {
    // The service (or GitHub) carries out what the killed step had sent.
    hold.release()
    await new Promise((resolve) => setImmediate(resolve))
  }
  return result
}

/** The post step, as the runner runs it after a cancelled main step (post-if: always()). */
const post = (inputs: Record<string, string>, main: StepResult) =>
  step(inputs, { env: { ...env, GITHUB_API_URL: github.url }, state: main.state })

/** Valid keys that did not exist before, and are in neither the secret nor an output. */
function unaccounted(...results: StepResult[]): number[] {
  const held = [github.secret(OWNER, REPO, SECRET), ...results.map((r) => r.outputs.key)]
  const ids = new Set(held.flatMap((value) => (value === undefined ? [] : [platform.keyIdOf(value)])))
  return platform
    .keys()
    .filter((k) => !k.revoked && !before.has(k.id) && !ids.has(k.id))
    .map((k) => k.id)
}

const snapshotKeys = () => (before = new Set(platform.keys().map((k) => k.id)))

describe('create-key with revoke-after-job, cancelled', () => {
  const inputs = { command: 'create-key', 'key-name': 'job-7', 'revoke-after-job': 'true' }

  it('while the create is in flight: the answer is awaited, the new key revoked at once, and the post step has nothing left', async () => {
    snapshotKeys()
    const main = await cancelled(inputs, platform.hold({ method: 'POST', path: '/api_keys' }))
    expect(main.code).toBe(1)
    const made = platform.keys().find((k) => k.name.startsWith('job-7~exp-'))!
    expect(errorLines(main.stdout)).toEqual([
      `::error::The runner cancelled the step (SIGINT) before it could hand out the new key. The new key ${made.id} was revoked.`,
    ])
    expect(made.revoked).toBe(true)
    expect(main.outputs.key).toBeUndefined()
    const after = await post(inputs, main)
    expect(errorLines(after.stdout)).toEqual([])
    expect(unaccounted(main, after)).toEqual([])
    expectNoKeyLeak(main, [admin.key])
  })

  it('killed while the create is in flight: the post step finds the key by the snapshot and revokes it', async () => {
    snapshotKeys()
    const main = await cancelled(inputs, platform.hold({ method: 'POST', path: '/api_keys' }), true)
    expect(main.code).toBeNull()
    // The key exists, and no answer ever named it to the step.
    const made = platform.keys().find((k) => k.name.startsWith('job-7~exp-'))!
    expect(made.revoked).toBe(false)
    // A job key's name ends with its expiry (src/keys/expiry.ts).
    expect(JSON.parse(main.state['unsettled-keys']!)).toEqual({ name: made.name, known: [], pending: [], look: true })
    const after = await post(inputs, main)
    expect(errorLines(after.stdout)).toEqual([])
    expect(after.stdout).toContain(
      `Revoked key ${made.id} named "${made.name}": a create whose answer was lost made it`,
    )
    expect(unaccounted(main, after)).toEqual([])
  })

  it('killed mid-create while another job holds a key of that name: the post step revokes neither, and names both', async () => {
    snapshotKeys()
    const main = await cancelled(inputs, platform.hold({ method: 'POST', path: '/api_keys' }), true)
    const made = platform.keys().find((k) => k.name.startsWith('job-7~exp-'))!
    const other = platform.addKey(made.name)
    await fetch(`${url}/api_keys`, { headers: { authorization: `Bearer ${other.key}` } })
    const after = await post(inputs, main)
    expect(errorLines(after.stdout)).toEqual([
      `::error::Keys named "${made.name}" that this run cannot account for are valid: ${made.id}, ${other.id} (in use). ` +
        "None was revoked: this step cannot tell them from another job's. Revoke the ones you do not expect " +
        '(revoke-key with `key-id`), and give each job its own `key-name`.',
    ])
    expect(platform.isKeyValid(made.id) && platform.isKeyValid(other.id)).toBe(true)
  })

  it('while the snapshot is taken: no key is created at all', async () => {
    snapshotKeys()
    const main = await cancelled(inputs, platform.hold({ method: 'GET', path: '/api_keys' }))
    expect(errorLines(main.stdout)).toEqual([
      expect.stringMatching(
        /^::error::The runner cancelled the step \(SIGINT\) before it could create key "job-7~exp-\d{8}T\d{4}Z"\.$/,
      ),
    ])
    expect(platform.requests.filter((r) => r.method === 'POST')).toEqual([])
    const after = await post(inputs, main)
    expect(after.code).toBe(0)
    expect(unaccounted(main, after)).toEqual([])
  })
})

describe('rotate-key, cancelled', () => {
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

  /** Holds the first list of keys after the create: the new key's proof. */
  const holdProof = (): Held => {
    let placed = false
    let place: (hold: Held) => void = () => undefined
    const held = new Promise<Held>((resolve) => (place = resolve))
    platform.onRequest((r) => {
      if (r.method === 'POST' && !placed) {
        placed = true
        place(platform.hold({ method: 'GET', path: '/api_keys' }))
      }
    })
    return { reached: held.then((hold) => hold.reached), release: () => void held.then((hold) => hold.release()) }
  }

  it('while the create is in flight: the new key is revoked, the secret and the old key are untouched', async () => {
    const main = await cancelled(inputs(), platform.hold({ method: 'POST', path: '/api_keys' }))
    expect(errorLines(main.stdout)[0]).toMatch(
      /^::error::Rotation stopped: The runner cancelled the step \(SIGINT\) before it could prove the new key\. The new key \d+ was revoked\. No old key was revoked\.$/,
    )
    expect(github.secret(OWNER, REPO, SECRET)).toBe(current.key)
    expect(platform.isKeyValid(current.id)).toBe(true)
    expect(unaccounted(main, await post(inputs(), main))).toEqual([])
  })

  it('killed while the new key proves itself: the post step revokes the key that was never stored', async () => {
    const main = await cancelled(inputs(), holdProof(), true)
    const made = platform.keys().find((k) => k.name === 'ci-deploy' && k.id !== current.id)!
    expect(JSON.parse(main.state['unsettled-keys']!)).toEqual({
      name: 'ci-deploy',
      known: [current.id],
      pending: [made.id],
    })
    const after = await post(inputs(), main)
    expect(after.stdout).toContain(
      `Revoked API key ${made.id} named "ci-deploy": the main step made it and never handed it out.`,
    )
    expect(github.secret(OWNER, REPO, SECRET)).toBe(current.key)
    expect(platform.isKeyValid(current.id)).toBe(true)
    expect(unaccounted(main, after)).toEqual([])
  })

  it('while the secret is written: the write finishes, the key stays stored and valid, and no old key is revoked', async () => {
    const main = await cancelled(inputs(), github.holdNext())
    const stored = github.secret(OWNER, REPO, SECRET)!
    expect(stored).toBe(main.outputs.key)
    expect(platform.isKeyValid(stored)).toBe(true)
    expect(platform.isKeyValid(current.id)).toBe(true)
    expect(main.outputs['revoked-key-ids']).toBe('[]')
    expect(errorLines(main.stdout)).toEqual([
      `::error::The new key ${main.outputs['key-id']} is valid and stored, but revoking the old keys failed: The runner cancelled the step (SIGINT) before it could revoke API key ${current.id}.`,
    ])
    const after = await post(inputs(), main)
    expect(errorLines(after.stdout)).toEqual([])
    expect(unaccounted(main, after)).toEqual([])
  })

  it('while GitHub holds the secret write past the grace: the step ends by itself, naming the new key the secret may hold', async () => {
    const held = github.holdNext()
    let child: ChildProcess | undefined
    // Ten times as fast while a request is in flight: without its own cut the held write would outlast the test.
    const run = runStep(
      { 'api-host': url, ...inputs() },
      { env: { ...env, GITHUB_API_URL: github.url }, onSpawn: (c) => (child = c), time: { mode: 'jump', rate: 10 } },
    )
    await held.reached
    const noticed = logLine(child!, /^::warning::The runner cancelled the step \(SIGINT\)/)
    child!.kill('SIGINT')
    await noticed
    const main = await run
    expect(main.code).toBe(1)
    const id = Number(main.outputs['key-id'])
    expect(errorLines(main.stdout)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^::error::Rotation stopped: Could not store secret ${SECRET} in the repository ${OWNER}/${REPO}: the runner cancelled the step, and GitHub did not answer the write within the runner's grace\\. ` +
            `The write may still have gone through: GitHub never confirmed it, and may still carry it out\\. Nothing was revoked: the new key ${id} stays valid, as do the old keys\\.`,
        ),
      ),
    ])
    expect(JSON.parse(main.outputs['secret-results']!)).toEqual([{ target: `${OWNER}/${REPO}`, status: 'uncertain' }])
    expect(platform.isKeyValid(id)).toBe(true)
    expect(platform.isKeyValid(current.id)).toBe(true)
    // GitHub carries the write out at last: the secret holds a valid key.
    held.release()
    await new Promise((resolve) => setImmediate(resolve))
    expect(platform.isKeyValid(github.secret(OWNER, REPO, SECRET)!)).toBe(true)
    expect(unaccounted(main, await post(inputs(), main))).toEqual([])
  })

  it('killed while the secret is written: the post step never revokes the key the secret may hold', async () => {
    const main = await cancelled(inputs(), github.holdNext(), true)
    const stored = github.secret(OWNER, REPO, SECRET)!
    expect(stored).not.toBe(current.key)
    const after = await post(inputs(), main)
    // The post step cannot tell whether the write landed: it keeps the key valid, and names it as maybe valid.
    const made = platform.keyIdOf(stored)
    expect(errorLines(after.stdout)).toEqual([
      expect.stringContaining(`The main step stopped while it wrote key ${made} named "ci-deploy" to a secret`),
    ])
    expect(platform.isKeyValid(stored)).toBe(true)
    expect(unaccounted(main, after)).toEqual([])
  })

  it("while an old key is revoked: that revocation finishes, and no other starts (the step's own, last, stays valid)", async () => {
    // Made and last used an hour ago: revoked before the step's own key, which is in use now.
    const another = platform.addKey('ci-deploy', { createdAt: Date.now() - 3_600_000 })
    snapshotKeys()
    const main = await cancelled(inputs(), platform.hold({ method: 'DELETE', path: `/api_keys/${another.id}` }))
    expect(JSON.parse(main.outputs['revoked-key-ids']!)).toEqual([another.id])
    expect(platform.isKeyValid(current.id)).toBe(true)
    expect(errorLines(main.stdout)[0]).toContain(
      `before it could revoke API key ${current.id}. Already revoked: ${another.id}.`,
    )
    expect(github.secret(OWNER, REPO, SECRET)).toBe(main.outputs.key)
    expect(unaccounted(main, await post(inputs(), main))).toEqual([])
  })
})

describe('revoke-key and prune-keys, cancelled while a key is revoked', () => {
  const inFlight = (id: number) =>
    `::warning::The runner cancelled the step (SIGINT) during the revocation of API key ${id}, which may or may not take effect. ` +
    'The step starts nothing new, waits for the answer, and says which.'

  it('revoke-key by name: the revocation in flight finishes and is reported, the next never starts, the summary says which is which', async () => {
    const first = platform.addKey('old-ci', { createdAt: Date.now() - 7_200_000 })
    const second = platform.addKey('old-ci', { createdAt: Date.now() - 7_200_000, lastUsedAt: Date.now() - 3_600_000 })
    const main = await cancelled(
      { command: 'revoke-key', 'key-name': 'old-ci' },
      platform.hold({ method: 'DELETE', path: `/api_keys/${first.id}` }),
    )
    expect(main.stdout).toContain(`\n${inFlight(first.id)}\n`)
    expect(errorLines(main.stdout)).toEqual([
      `::error::The runner cancelled the step (SIGINT) before it could revoke API key ${second.id}. Already revoked: ${first.id}.`,
    ])
    expect(JSON.parse(main.outputs['revoked-key-ids']!)).toEqual([first.id])
    expect([platform.isKeyValid(first.id), platform.isKeyValid(second.id)]).toEqual([false, true])
    expect(main.summary).toContain(
      `<tr><td><code>${first.id}</code></td><td>revoked</td></tr>\n<tr><td><code>${second.id}</code></td><td>not revoked</td></tr>`,
    )
  })

  it('revoke-key killed before the answer: the log already names the key that may or may not be revoked', async () => {
    const victim = platform.addKey('old-ci')
    const main = await cancelled(
      { command: 'revoke-key', 'key-id': String(victim.id) },
      platform.hold({ method: 'DELETE', path: `/api_keys/${victim.id}` }),
      true,
    )
    expect(main.stdout).toContain(`\n${inFlight(victim.id)}\n`)
  })

  it('prune-keys: the revocation in flight finishes and is reported, the next never starts', async () => {
    const stale = { createdAt: Date.now() - 400 * 86_400_000, lastUsedAt: Date.now() - 300 * 86_400_000 }
    const first = platform.addKey('stale-1', stale)
    const second = platform.addKey('stale-2', { ...stale, lastUsedAt: stale.lastUsedAt + 1000 })
    const main = await cancelled(
      { command: 'prune-keys', 'unused-for': '30d', 'dry-run': 'false' },
      platform.hold({ method: 'DELETE', path: `/api_keys/${first.id}` }),
    )
    expect(main.stdout).toContain(`\n${inFlight(first.id)}\n`)
    expect(errorLines(main.stdout)).toEqual([
      `::error::The runner cancelled the step (SIGINT) before it could revoke API key ${second.id}. Revoked before it: ${first.id}.`,
    ])
    expect(JSON.parse(main.outputs['revoked-key-ids']!)).toEqual([first.id])
    expect([platform.isKeyValid(first.id), platform.isKeyValid(second.id)]).toEqual([false, true])
  })
})
