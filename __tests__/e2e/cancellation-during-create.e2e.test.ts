// A cancel while a key's create is in flight (src/keys/life.ts, src/runner/time.ts, src/post.ts): the
// platform holds the create's answer, a proxy never answers the CONNECT that would carry it, or a server never
// answers its TLS handshake. The runner's cancel is played on the action's clock (scripts/virtual-time.ts): SIGINT,
// SIGTERM 7.5 s later and the kill 2.5 s after that, each when the action's clock reaches it; the clock jumps over the
// held request and every wait, so neither the real time nor a busy machine decides the outcome. The step must fail
// with its error and its summary before the kill; its post step must revoke a key the platform makes after the step
// stopped, looking for it on its own virtual clock.
// End to end: each step is a child process, as a runner starts it (scripts/run-step.ts), on the committed bundle
// dist/index.js (E2E_ENTRY=source runs src/ instead), against the platform emulator, behind a TLS front with a
// test CA and a forward proxy where the test says so.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import type { ChildProcess } from 'node:child_process'
import { GitHubEmulator } from '../../emulator/github.ts'
import type { PlatformEmulator } from '../../emulator/platform.ts'
import { errorLines, type StepOptions, type StepResult } from '../../scripts/run-step.ts'
import { ForwardProxy } from '../support/forward-proxy.ts'
import { expectNoKeyLeak } from '../support/leaks.ts'
import { platformPerTest } from '../support/platform-per-test.ts'
import { makeTestCa, type TestCa } from '../support/test-ca.ts'
import { startTlsFront, type TlsFront } from '../support/tls-front.ts'

let platform: PlatformEmulator
let url: string
let admin: { id: number; key: string }
let before: Set<number>
let ca: TestCa
let front: TlsFront | undefined
let proxy: ForwardProxy | undefined

const { step } = platformPerTest((started) => ({ platform, url, admin } = started))

beforeAll(async () => {
  ca = await makeTestCa()
})
afterAll(async () => {
  await ca.remove()
})
beforeEach(() => {
  before = new Set(platform.keys().map((k) => k.id))
})
afterEach(async () => {
  await proxy?.stop()
  await front?.stop()
  proxy = undefined
  front = undefined
})

/** The action's clock while a request it sent is in flight: a tenth of real time, so a busy machine hardly moves it. */
const RATE = 0.1
const inputs = { command: 'create-key', 'key-name': 'job-7', 'revoke-after-job': 'true' }

/**
 * Runs the main step and cancels it as the runner does once `reached` says the create is held in flight, on the
 * action's clock; `heldLater` says the emulator holds a later request too (the clean-up's).
 */
async function cancelledDuringCreate(
  stepInputs: Record<string, string>,
  reached: Promise<void>,
  options: StepOptions = {},
  heldLater?: Promise<void>,
): Promise<StepResult> {
  let child: ChildProcess | undefined
  const time = { mode: 'jump', rate: RATE, cancel: true } as const
  const run = step(stepInputs, { ...options, time, onSpawn: (c) => (child = c) })
  await reached
  child!.kill('SIGUSR2')
  void heldLater?.then(() => child!.kill('SIGUSR2'))
  return run
}

/** The name the main step saved for the post step. */
const savedName = (main: StepResult) => (JSON.parse(main.state['unsettled-keys']!) as { name: string }).name

/**
 * The main step ended by itself (not killed), with one error saying the create was cut off and no
 * key is left, and a summary of the failure.
 */
function expectCutCreate(main: StepResult, command: string): void {
  expect(main.code).toBe(1)
  const name = savedName(main)
  const cut =
    'the runner cancelled the step, and no answer to POST /api_keys came before the step had to stop waiting\\. ' +
    '\\(request id [0-9a-f-]{36}\\)'
  const left =
    'is left valid: a list taken after the clean-up shows none \\(if the platform carries out a lost create late, ' +
    'the post step looks for its key for 30 s and revokes it\\)\\.'
  const error = `^::error::Could not create an API key named "${name}": ${cut} No new key named "${name}" ${left}$`
  expect(errorLines(main.stdout)).toEqual([expect.stringMatching(new RegExp(error))])
  expect(main.summary).toContain(`${command} failed`)
  expect(main.summary).toContain('the post step looks for its key for 30 s')
  expect(main.outputs.key).toBeUndefined()
}

/** The platform carries the held create out while the post step looks for it: after its first list. */
function releaseDuringTheLook(held: { release(): void }): void {
  let lists = 0
  platform.onRequest((r) => {
    if (r.method === 'GET' && r.path === '/api_keys' && ++lists === 2) held.release()
  })
}

/** The snapshot before the create (the first list of keys) closes its connection: the create needs a new one. */
function closeAfterSnapshot(): Promise<void> {
  return new Promise((resolve) => {
    const stop = platform.onRequest((r) => {
      if (r.method !== 'GET' || r.path !== '/api_keys') return
      stop()
      platform.inject({ method: 'GET', path: '/api_keys', kind: 'close' })
      resolve()
    })
  })
}

/** Valid keys that did not exist before the step and that no output holds. */
function unaccounted(...results: StepResult[]): number[] {
  const held = new Set(results.flatMap((r) => (r.outputs.key === undefined ? [] : [platform.keyIdOf(r.outputs.key)])))
  return platform
    .keys()
    .filter((k) => !k.revoked && !before.has(k.id) && !held.has(k.id))
    .map((k) => k.id)
}

const settled = () => new Promise((resolve) => setImmediate(resolve))

describe('cancelled while the platform holds the create', () => {
  it('create-key fails with its error and summary before the kill; its post step revokes the late key', async () => {
    const held = platform.hold({ method: 'POST', path: '/api_keys' })
    const main = await cancelledDuringCreate(inputs, held.reached)
    expectCutCreate(main, 'create-key')
    const name = savedName(main)
    expect(name).toMatch(/^job-7~exp-\d{8}T\d{4}Z$/)
    expect(JSON.parse(main.state['unsettled-keys']!)).toEqual({ name, known: [], pending: [], look: true })
    releaseDuringTheLook(held)
    const after = await step(inputs, { state: main.state })
    held.release()
    await settled()
    const made = platform.keys().find((k) => k.name === name)!
    expect(errorLines(after.stdout)).toEqual([])
    expect(after.stdout).toContain(`Revoked key ${made.id} named "${name}": a create whose answer was lost made it`)
    expect(made.revoked).toBe(true)
    expect(unaccounted(main, after)).toEqual([])
    expectNoKeyLeak(main, [admin.key])
  })

  it('rotate-key fails before the kill, secret and old key untouched; its post step revokes the late key', async () => {
    const github = new GitHubEmulator()
    await github.start()
    try {
      const current = platform.addKey('ci-deploy')
      github.setSecret('octo-org', 'deploys', 'NEON_API_KEY', current.key)
      before = new Set(platform.keys().map((k) => k.id))
      const rotate = {
        command: 'rotate-key',
        'api-key': current.key,
        'key-name': 'ci-deploy',
        'secret-name': 'NEON_API_KEY',
        'github-token': github.token,
      }
      const env = { GITHUB_REPOSITORY: 'octo-org/deploys', GITHUB_API_URL: github.url }
      const held = platform.hold({ method: 'POST', path: '/api_keys' })
      const main = await cancelledDuringCreate(rotate, held.reached, { env })
      expectCutCreate(main, 'rotate-key')
      const saved = JSON.parse(main.state['unsettled-keys']!) as unknown
      expect(saved).toEqual({ name: 'ci-deploy', known: [current.id], pending: [], look: true })
      releaseDuringTheLook(held)
      const after = await step(rotate, { env, state: main.state })
      held.release()
      await settled()
      const made = platform.keys().find((k) => k.name === 'ci-deploy' && k.id !== current.id)!
      expect(errorLines(after.stdout)).toEqual([])
      expect(made.revoked).toBe(true)
      expect(github.secret('octo-org', 'deploys', 'NEON_API_KEY')).toBe(current.key)
      expect(platform.isKeyValid(current.id)).toBe(true)
      expect(unaccounted(main, after)).toEqual([])
    } finally {
      await github.stop()
    }
  })
})

describe('cancelled while the platform holds the create, then the clean-up', () => {
  it('the step fails before the kill and saves that a create was in flight: its post step looks, and revokes the late key', async () => {
    const held = platform.hold({ method: 'POST', path: '/api_keys' })
    const cleanUp = held.reached.then(() => platform.hold({ method: 'GET', path: '/api_keys' }))
    const main = await cancelledDuringCreate(
      inputs,
      held.reached,
      {},
      cleanUp.then((hold) => hold.reached),
    )
    ;(await cleanUp).release()
    expect(main.code).toBe(1)
    const name = savedName(main)
    expect(errorLines(main.stdout)).toEqual([
      expect.stringContaining(
        `may have succeeded without an answer. Listing the keys to look for a key named "${name}" that a lost create may have made failed: `,
      ),
    ])
    expect(main.summary).toContain('create-key failed')
    expect(JSON.parse(main.state['unsettled-keys']!)).toEqual({ name, known: [], pending: [], look: true })
    releaseDuringTheLook(held)
    const after = await step(inputs, { state: main.state })
    held.release()
    await settled()
    const made = platform.keys().find((k) => k.name === name)!
    expect(errorLines(after.stdout)).toEqual([])
    expect(made.revoked).toBe(true)
    expect(unaccounted(main, after)).toEqual([])
  })
})

describe("the post step's look, whatever time `timeout` leaves", () => {
  it('with a timeout shorter than the look, it still looks for 30 s, and revokes a key that comes after the timeout', async () => {
    const short = { ...inputs, timeout: '8' }
    const held = platform.hold({ method: 'POST', path: '/api_keys' })
    const main = await cancelledDuringCreate(short, held.reached)
    expectCutCreate(main, 'create-key')
    // The platform carries the create out at the post step's third list, 10 s into its look: past its timeout.
    let lists = 0
    platform.onRequest((r) => {
      if (r.method === 'GET' && r.path === '/api_keys' && ++lists === 3) held.release()
    })
    const after = await step(short, { state: main.state })
    held.release()
    await settled()
    const made = platform.keys().find((k) => k.name === savedName(main))!
    expect(errorLines(after.stdout)).toEqual([])
    expect(after.stdout).toContain(
      `Revoked key ${made.id} named "${made.name}": a create whose answer was lost made it`,
    )
    expect(made.revoked).toBe(true)
    expect(unaccounted(main, after)).toEqual([])
  })
})

describe('create-key cancelled while the create cannot reach the platform', () => {
  /** The post step, looking for a key that never comes: it says so and succeeds. */
  async function postFindsNone(main: StepResult, options: StepOptions): Promise<void> {
    const after = await step({ ...inputs, 'api-host': front!.url }, { ...options, state: main.state })
    expect(errorLines(after.stdout)).toEqual([])
    const none = `No key named "${savedName(main)}" that the main step never learned of appeared in 30 s.`
    expect(after.stdout).toContain(none)
    expect(platform.requests.filter((r) => r.method === 'POST')).toEqual([])
    expect(unaccounted(main, after)).toEqual([])
  }

  it('a proxy never answers the CONNECT for the create: it fails before the kill, and no key is left', async () => {
    front = await startTlsFront(url, ca.server)
    proxy = new ForwardProxy({ watch: [admin.key] })
    await proxy.start()
    const options = { env: { NODE_EXTRA_CA_CERTS: ca.caFile, https_proxy: proxy.url } }
    const reached = closeAfterSnapshot().then(() => proxy!.silentNext().reached)
    const main = await cancelledDuringCreate({ ...inputs, 'api-host': front.url }, reached, options)
    expectCutCreate(main, 'create-key')
    // The snapshot's tunnel, the create's (never answered), and then those of the clean-up's lists.
    expect(proxy.seen.slice(0, 2).map((r) => [r.method, r.answer])).toEqual([
      ['CONNECT', 200],
      ['CONNECT', 0],
    ])
    expect(proxy.sightings).toBe(0)
    await postFindsNone(main, options)
  })

  it('a server never answers the TLS handshake of the create: it fails before the kill; no key is left', async () => {
    front = await startTlsFront(url, ca.server)
    const options = { env: { NODE_EXTRA_CA_CERTS: ca.caFile } }
    const reached = closeAfterSnapshot().then(() => front!.stallNextHandshake().reached)
    const main = await cancelledDuringCreate({ ...inputs, 'api-host': front.url }, reached, options)
    expectCutCreate(main, 'create-key')
    await postFindsNone(main, options)
  })
})
