// src/commands/rotate-key.ts: the log, the notices, the outputs and summary word for word, the state saved for the post
// step, and which keys the platform still holds valid; and keep-previous’s choice of the newest keys (newestKeys).
// In process, against the platform emulator and the GitHub emulator over HTTP, with one manual clock.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { EventEmitter } from 'node:events'
import { tmpdir } from 'node:os'
import type { Dispatcher } from 'undici'
import { GitHubEmulator } from '../../emulator/github.ts'
import { PlatformEmulator } from '../../emulator/platform.ts'
import { PlatformClient } from '../../src/api/client.ts'
import { RequestError } from '../../src/http/errors.ts'
import { Connections } from '../../src/http/transport.ts'
import { watchStepTime } from '../../src/runner/time.ts'
import { StepCancelled } from '../../src/base/errors.ts'
import { fixedTime, type StepTime } from '../../src/base/clock.ts'
import { actionDocs, type CommandContext, type CommandResult } from '../../src/runner/context.ts'
import { runRotateKey, type RotateKeySettings, newestKeys } from '../../src/commands/rotate-key.ts'
import { ActionError } from '../../src/base/errors.ts'
import type { SecretStorage, SecretTarget } from '../../src/github/targets.ts'
import type { ApiKey } from '../../src/api/types.ts'
import { captureLog, manualClock, type ManualClock } from '../support/clock.ts'
import { refusedConnections } from '../support/refused-connections.ts'

const DAY = 86_400_000
const OWNER = 'octo-org'
const REPO = 'deploys'

let platform: PlatformEmulator
let github: GitHubEmulator
let clock: ManualClock
let T0: number
let log: ReturnType<typeof captureLog>
let client: PlatformClient
let ctx: CommandContext
/** The key the workflow runs with, and rotates. */
let current: { id: number; key: string }
let notices: string[]
let masked: string[]
/** Every value saved as the `unsettled-keys` state, in order. */
let states: string[]

beforeEach(async () => {
  clock = manualClock()
  T0 = clock.now()
  log = captureLog()
  platform = new PlatformEmulator({ now: clock.now })
  github = new GitHubEmulator({ now: clock.now })
  await platform.start()
  await github.start()
  current = platform.addKey('ci-deploy', { createdAt: T0 - DAY })
  notices = []
  masked = []
  states = []
  client = makeClient(T0 + 600_000)
  ctx = makeContext(client)
})

afterEach(async () => {
  await client.close()
  await platform.stop()
  await github.stop()
})

function makeClient(deadline: number, dispatcher?: Dispatcher): PlatformClient {
  return new PlatformClient({
    baseUrl: platform.url,
    apiKey: current.key,
    userAgent: 'test',
    clock,
    logger: log.logger,
    deadline,
    random: () => 0,
    ...(dispatcher ? { connections: new Connections({}, dispatcher) } : {}),
  })
}

function makeContext(c: PlatformClient, time: StepTime = fixedTime(clock, c.deadline)): CommandContext {
  return {
    client: c,
    clock,
    time,
    log: log.logger,
    mask: (value) => masked.push(value),
    notice: (message) => notices.push(message),
    fileDir: tmpdir(),
    docs: actionDocs({}),
    saveState: (name, value) => {
      expect(name).toBe('unsettled-keys')
      states.push(value)
    },
  }
}

const rotate = (options: Partial<RotateKeySettings> = {}) =>
  runRotateKey(ctx, { keyName: 'ci-deploy', keepPrevious: 0, githubApiUrl: github.url, ...options })

const secret = (environment?: string): SecretStorage => ({
  name: 'NEON_API_KEY',
  token: github.token,
  targets: [
    environment === undefined
      ? { kind: 'repository', owner: OWNER, repo: REPO }
      : { kind: 'environment', owner: OWNER, repo: REPO, environment },
  ],
})

const failure = async (promise: Promise<CommandResult>): Promise<Error> => {
  try {
    await promise
  } catch (error) {
    return error as Error
  }
  throw new Error('the rotation succeeded')
}

const validNamed = (name: string) =>
  platform
    .keys()
    .filter((k) => k.name === name && !k.revoked)
    .map((k) => k.id)
/** The id the platform gives the next key it makes. */
const nextKeyId = () => Math.max(...platform.keys().map((k) => k.id)) + 1
const isStepKey = (headers: Record<string, string | undefined>) => headers.authorization === `Bearer ${current.key}`
const ADVICE = (id: number) =>
  `API key ${id} is a personal key: it reaches every project of every organization its user belongs to. ` +
  'A job that works on one project is safer with a project-scoped key, ' +
  "which an organization admin's personal key makes: set `project-id` (and `org-id` if you know it)."
const summaryOf = (rows: string[], note: string, title = 'API key rotated') =>
  `<h3>${title}</h3>\n` +
  `<table>\n<tr><th></th><th>id</th><th>name</th></tr>\n${rows.map((r) => `${r}\n`).join('')}</table>\n` +
  `<p>${note}</p>\n`
const newRow = (id: number, name = 'ci-deploy') => `<tr><td>new</td><td><code>${id}</code></td><td>${name}</td></tr>`
// Each replaced key shows its own name, as the platform lists it.
const keptRow = (id: number, keep: number, name = 'ci-deploy') =>
  `<tr><td>kept (keep-previous: ${keep})</td><td><code>${id}</code></td><td>${name}</td></tr>`
const revokedRow = (id: number, name = 'ci-deploy') =>
  `<tr><td>revoked</td><td><code>${id}</code></td><td>${name}</td></tr>`
const NO_SECRET = 'The new key is in the step output <code>key</code>, masked in logs; no secret was written.'
const STORED = 'The new key is stored in secret NEON_API_KEY of octo-org/deploys.'
/** GitHub's request ids, as the emulator makes them. */
const REQUEST_ID = '[0-9A-F-]{36}'

describe('without a secret', () => {
  it('keep-previous 0: proves the new key, revokes every old key of that name with it, and says so', async () => {
    const older = platform.addKey('ci-deploy', { createdAt: T0 - 10 * DAY })
    const bystander = platform.addKey('other')
    const id = nextKeyId()
    const result = await rotate()
    expect(log.info).toEqual([
      `Created API key ${id} named "ci-deploy" (personal).`,
      'The new key works: it listed 4 key(s).',
      // The step's own key, in use now, last.
      `Revoked API key ${older.id}.`,
      `Revoked API key ${current.id}.`,
    ])
    expect(log.warning).toEqual([])
    expect(notices).toEqual([ADVICE(id)])
    expect(masked).toEqual([result.outputs.key])
    expect(result.outputs).toEqual({
      key: result.outputs.key,
      'key-id': String(id),
      'revoked-key-ids': JSON.stringify([older.id, current.id]),
    })
    expect(platform.keyIdOf(result.outputs.key!)).toBe(id)
    expect(result.summary).toBe(summaryOf([newRow(id), revokedRow(older.id), revokedRow(current.id)], NO_SECRET))
    expect(result.failure).toBeUndefined()
    expect(validNamed('ci-deploy')).toEqual([id])
    expect(platform.isKeyValid(bystander.id)).toBe(true)
    // The post step has nothing left to do.
    expect(states.at(-1)).toBe('')
  })

  it('keep-previous 1: the newest replaced key stays valid until the next rotation, the others go', async () => {
    const older = platform.addKey('ci-deploy', { createdAt: T0 - 10 * DAY })
    const id = nextKeyId()
    const result = await rotate({ keepPrevious: 1 })
    expect(log.info).toEqual([
      `Created API key ${id} named "ci-deploy" (personal).`,
      'The new key works: it listed 3 key(s).',
      `Revoked API key ${older.id}.`,
      `Kept API key ${current.id} valid until the next rotation (keep-previous: 1).`,
    ])
    expect(result.summary).toBe(summaryOf([newRow(id), keptRow(current.id, 1), revokedRow(older.id)], NO_SECRET))
    expect(result.outputs['revoked-key-ids']).toBe(JSON.stringify([older.id]))
    expect(validNamed('ci-deploy')).toEqual([current.id, id])
    expect(states.at(-1)).toBe('')
  })

  it('keep-previous 1: a key whose created_at cannot be read counts as newest, and is kept', async () => {
    const garbled = platform.addKey('ci-deploy', { createdAt: T0 - 10 * DAY })
    // "60" would read as 1960: the oldest, and revoked.
    platform.inject({
      method: 'GET',
      path: '/api_keys',
      kind: 'rewrite',
      set: { created_at: '60' },
      ids: [garbled.id],
      times: 99,
    })
    const id = nextKeyId()
    const result = await rotate({ keepPrevious: 1 })
    expect(log.info.slice(2)).toEqual([
      `Revoked API key ${current.id}.`,
      `Kept API key ${garbled.id} valid until the next rotation (keep-previous: 1).`,
    ])
    expect(result.outputs['revoked-key-ids']).toBe(JSON.stringify([current.id]))
    expect(validNamed('ci-deploy')).toEqual([garbled.id, id])
  })

  it('an old key the platform lists twice is one key: revoked once, and the rotation succeeds', async () => {
    const older = platform.addKey('ci-deploy', { createdAt: T0 - 10 * DAY })
    platform.inject({ method: 'GET', path: '/api_keys', kind: 'duplicate', ids: [older.id], times: 99 })
    const id = nextKeyId()
    const result = await rotate()
    expect(result.failure).toBeUndefined()
    expect(log.info.slice(2)).toEqual([`Revoked API key ${older.id}.`, `Revoked API key ${current.id}.`])
    expect(result.summary).toBe(summaryOf([newRow(id), revokedRow(older.id), revokedRow(current.id)], NO_SECRET))
    expect(platform.requests.filter((r) => r.method === 'DELETE')).toHaveLength(2)
    expect(validNamed('ci-deploy')).toEqual([id])
  })

  it('keep-previous 1 with one old key: it is kept, and nothing is revoked', async () => {
    const id = nextKeyId()
    const result = await rotate({ keepPrevious: 1 })
    expect(log.info).toEqual([
      `Created API key ${id} named "ci-deploy" (personal).`,
      'The new key works: it listed 2 key(s).',
      `Kept API key ${current.id} valid until the next rotation (keep-previous: 1).`,
    ])
    expect(result.outputs['revoked-key-ids']).toBe('[]')
    expect(platform.requests.filter((r) => r.method === 'DELETE')).toEqual([])
  })

  it('the first rotation of a name has no old key to revoke', async () => {
    const id = nextKeyId()
    const result = await rotate({ keyName: 'brand-new', keepPrevious: 1 })
    expect(log.info).toEqual([
      `Created API key ${id} named "brand-new" (personal).`,
      'The new key works: it listed 2 key(s).',
      'No old key to revoke.',
    ])
    expect(result.summary).toBe(summaryOf([newRow(id, 'brand-new')], NO_SECRET))
  })

  it('key-id is revoked even when keep-previous would keep it', async () => {
    const older = platform.addKey('ci-deploy', { createdAt: T0 - 10 * DAY })
    const id = nextKeyId()
    const result = await rotate({ keepPrevious: 1, keyId: current.id })
    expect(log.info).toEqual([
      `Created API key ${id} named "ci-deploy" (personal).`,
      'The new key works: it listed 3 key(s).',
      `Revoked API key ${older.id}.`,
      `Revoked API key ${current.id}.`,
    ])
    expect(result.summary).toBe(summaryOf([newRow(id), revokedRow(older.id), revokedRow(current.id)], NO_SECRET))
    expect(validNamed('ci-deploy')).toEqual([id])
  })

  it("old keys go least recently used first, the step's own key, in use now, last", async () => {
    const hourAgo = T0 - 3_600_000
    // Listed after the step's key (higher ids), one used an hour ago, one never since it was made before that.
    const others = [
      platform.addKey('ci-deploy', { createdAt: hourAgo - 60_000, lastUsedAt: hourAgo }),
      platform.addKey('ci-deploy', { createdAt: hourAgo - 120_000 }),
    ]
    await rotate()
    const deletes = platform.requests.filter((r) => r.method === 'DELETE').map((r) => Number(r.path.split('/').at(-1)))
    expect(deletes).toEqual([others[1]!.id, others[0]!.id, current.id])
  })

  it('key-id of another name shows that name among the revoked keys', async () => {
    const stray = platform.addKey('legacy-deploy', { createdAt: T0 - 10 * DAY })
    const id = nextKeyId()
    const result = await rotate({ keepPrevious: 1, keyId: stray.id })
    expect(result.outputs['revoked-key-ids']).toBe(JSON.stringify([stray.id]))
    expect(validNamed('ci-deploy')).toEqual([current.id, id])
    expect(result.summary).toBe(
      summaryOf([newRow(id), keptRow(current.id, 1), revokedRow(stray.id, 'legacy-deploy')], NO_SECRET),
    )
  })

  it("key-id of another name is revoked in its turn by last use, before the step's own key, in use now", async () => {
    const stray = platform.addKey('legacy-deploy', { createdAt: T0 - 10 * DAY })
    await rotate({ keepPrevious: 0, keyId: stray.id })
    expect(platform.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      `/api_keys/${stray.id}`,
      `/api_keys/${current.id}`,
    ])
  })

  it('a failure to revoke an old key says the new key is valid, and names what was revoked before it', async () => {
    const older = platform.addKey('ci-deploy', { createdAt: T0 - 10 * DAY })
    platform.inject({ method: 'DELETE', path: `/api_keys/${current.id}`, kind: 'status', status: 403 })
    const id = nextKeyId()
    const result = await rotate()
    expect(result.failure).toMatch(
      new RegExp(
        `^The new key ${id} is valid, but revoking the old keys failed: Could not revoke API key ${current.id}: .*403.* Already revoked: ${older.id}\\.$`,
      ),
    )
    expect(result.failedRequest?.status).toBe(403)
    expect(result.outputs['revoked-key-ids']).toBe(JSON.stringify([older.id]))
    // Not a success: the heading says what is left.
    expect(result.summary).toBe(summaryOf([newRow(id), revokedRow(older.id)], NO_SECRET, 'Old API keys not revoked'))
    expect(validNamed('ci-deploy')).toEqual([current.id, id])
  })

  it('an old key someone else revoked before its turn counts as gone: the others are revoked, and the rotation succeeds', async () => {
    const older = platform.addKey('ci-deploy', { createdAt: T0 - 10 * DAY })
    const newer = platform.addKey('ci-deploy', { createdAt: T0 - 2 * DAY })
    platform.inject({ method: 'DELETE', path: `/api_keys/${current.id}`, kind: 'status', status: 404 })
    const id = nextKeyId()
    const result = await rotate()
    expect(result.failure).toBeUndefined()
    expect(log.info.slice(2)).toEqual([
      `Revoked API key ${older.id}.`,
      `Revoked API key ${newer.id}.`,
      `API key ${current.id} was already revoked.`,
    ])
    expect(result.outputs['revoked-key-ids']).toBe(JSON.stringify([older.id, newer.id]))
    expect(result.summary).toBe(
      summaryOf(
        [
          newRow(id),
          revokedRow(older.id),
          revokedRow(newer.id),
          `<tr><td>revoked by someone else meanwhile</td><td><code>${current.id}</code></td><td>ci-deploy</td></tr>`,
        ],
        NO_SECRET,
      ),
    )
    expect(validNamed('ci-deploy')).toEqual([current.id, id])
  })

  it('key-id that no list shows and the platform does not find (404) is a failure: the id may be wrong', async () => {
    const id = nextKeyId()
    const result = await rotate({ keyId: 424242 })
    expect(result.failure).toMatch(
      new RegExp(
        `^The new key ${id} is valid, but revoking the old keys failed: Could not revoke API key 424242: API key 424242 was not found \\(404\\)`,
      ),
    )
    // An id no list showed goes first, the step's own key last: nothing else was revoked.
    expect(validNamed('ci-deploy')).toEqual([current.id, id])
  })

  it('key-id naming the new key itself never revokes it', async () => {
    const id = nextKeyId()
    const result = await rotate({ keepPrevious: 1, keyId: id })
    expect(result.outputs['key-id']).toBe(String(id))
    expect(result.outputs['revoked-key-ids']).toBe('[]')
    expect(platform.isKeyValid(id)).toBe(true)
    expect(platform.requests.filter((r) => r.method === 'DELETE')).toEqual([])
  })
})

describe('the proof', () => {
  it('a new key refused with 401 is tried again after 1 s, then 2 s', async () => {
    platform.onRequest((r) => {
      if (r.method === 'POST' && r.path === '/api_keys')
        platform.inject({ method: 'GET', path: '/api_keys', kind: 'status', status: 401, times: 2 })
    })
    const id = nextKeyId()
    const result = await rotate()
    expect(clock.sleeps).toEqual([1000, 2000])
    // The snapshot (the step's key), the refused proofs (answered before any key is looked at), the proof again.
    const reads = platform.requests.filter((r) => r.method === 'GET' && r.path === '/api_keys')
    expect(reads.map((r) => [r.status, r.keyId])).toEqual([
      [200, current.id],
      [401, undefined],
      [401, undefined],
      [200, id],
    ])
    expect(log.info).toContain('The new key works: it listed 2 key(s).')
    expect(result.outputs['revoked-key-ids']).toBe(JSON.stringify([current.id]))
    expect(validNamed('ci-deploy')).toEqual([id])
  })

  it('any other refusal of the proof is final: the new key is revoked, no old key is touched', async () => {
    platform.onRequest((r) => {
      if (r.method === 'POST' && r.path === '/api_keys')
        platform.inject({ method: 'GET', path: '/api_keys', kind: 'status', status: 403 })
    })
    const id = nextKeyId()
    const error = await failure(rotate())
    expect(error).toBeInstanceOf(ActionError)
    expect(error).not.toBeInstanceOf(StepCancelled)
    expect(error.message).toMatch(
      new RegExp(
        `^Rotation stopped: Could not list API keys: .*403.* The new key ${id} was revoked\\. No old key was revoked\\.$`,
      ),
    )
    expect(error.cause).toBeInstanceOf(RequestError)
    expect((error.cause as RequestError).status).toBe(403)
    expect(clock.sleeps).toEqual([])
    expect(platform.requests.filter((r) => r.method === 'GET' && r.path === '/api_keys')).toHaveLength(2)
    expect(validNamed('ci-deploy')).toEqual([current.id])
    expect(states.at(-1)).toBe('')
  })

  it('a proof that fails until its retries run out: the new key is revoked, no old key is touched', async () => {
    platform.onRequest((r) => {
      if (r.method === 'POST' && r.path === '/api_keys')
        platform.inject({ method: 'GET', path: '/api_keys', kind: 'status', status: 500, times: 50 })
    })
    const id = nextKeyId()
    const error = await failure(rotate())
    expect(error).toBeInstanceOf(ActionError)
    expect(error.message).toMatch(
      new RegExp(
        `^Rotation stopped: Could not list API keys: .*500.* The new key ${id} was revoked\\. No old key was revoked\\.$`,
      ),
    )
    expect(clock.sleeps.length).toBeGreaterThan(0)
    expect(platform.requests.filter((r) => r.method === 'GET' && r.path === '/api_keys').length).toBeGreaterThan(2)
    expect(validNamed('ci-deploy')).toEqual([current.id])
    expect(states.at(-1)).toBe('')
  })
})

describe('cancellation', () => {
  /** The runner's signal arrives while the new key proves itself. */
  function cancelDuringProof(): void {
    const signals = new EventEmitter()
    ctx = makeContext(client, watchStepTime({ log: log.logger, clock, timeoutMs: 600_000, signals }))
    platform.onRequest((r) => {
      if (r.method === 'GET' && r.path === '/api_keys' && !isStepKey(r.headers)) signals.emit('SIGINT')
    })
  }

  it('after the proof, without a secret: no old key is revoked, and the new key is', async () => {
    cancelDuringProof()
    const id = nextKeyId()
    const error = await failure(rotate())
    expect(error).toBeInstanceOf(StepCancelled)
    expect(error.message).toBe(
      `Rotation stopped: The runner cancelled the step (SIGINT) before it could revoke the old keys. The new key ${id} was revoked. No old key was revoked.`,
    )
    expect(validNamed('ci-deploy')).toEqual([current.id])
  })

  it('after the proof, with a secret: nothing is stored, and the new key is revoked', async () => {
    cancelDuringProof()
    const id = nextKeyId()
    const error = await failure(rotate({ secrets: secret() }))
    expect(error.message).toBe(
      `Rotation stopped: The runner cancelled the step (SIGINT) before it could store the new key. The new key ${id} was revoked. No old key was revoked.`,
    )
    // The secret was prepared before the key was made (its public key), never written.
    expect(github.requests.map((r) => r.method)).toEqual(['GET'])
    expect(validNamed('ci-deploy')).toEqual([current.id])
  })

  it('during a secret write that fails: no further write is tried', async () => {
    const putSent = () => github.requests.some((r) => r.method === 'PUT')
    // The runner cancels once the first write has left.
    const time = Object.defineProperty(fixedTime(clock, client.deadline), 'cancelledBy', {
      get: () => (putSent() ? 'SIGINT' : undefined),
    })
    ctx = makeContext(client, time)
    github.failNext(502, 3)
    const id = nextKeyId()
    const result = await rotate({ secrets: secret() })
    expect(github.requests.filter((r) => r.method === 'PUT')).toHaveLength(1)
    // A 502 does not say the write was not carried out: the new key may be in the secret, so it stays valid.
    expect(result.failure).toMatch(
      new RegExp(
        `^Rotation stopped: Could not store secret NEON_API_KEY in the repository ${OWNER}/${REPO} \\(GitHub request id ${REQUEST_ID}\\): GitHub answered 502.* The write may still have gone through: .* Nothing was revoked: the new key ${id} stays valid, as do the old keys\\.`,
      ),
    )
    expect(validNamed('ci-deploy')).toEqual([current.id, id])
  })
})

describe('with a secret', () => {
  it('stores the new key in an environment secret, then revokes the old key', async () => {
    github.addEnvironment(OWNER, REPO, 'production')
    const id = nextKeyId()
    const result = await rotate({ secrets: secret('production') })
    expect(log.info).toEqual([
      `Created API key ${id} named "ci-deploy" (personal).`,
      'The new key works: it listed 2 key(s).',
      'Stored the new key in secret NEON_API_KEY of the environment "production" of octo-org/deploys.',
      `Revoked API key ${current.id}.`,
    ])
    expect(github.secret(OWNER, REPO, 'NEON_API_KEY', 'production')).toBe(result.outputs.key)
    expect(result.summary).toBe(
      summaryOf(
        [newRow(id), revokedRow(current.id)],
        'The new key is stored in secret NEON_API_KEY of octo-org/deploys:production.',
      ),
    )
    expect(validNamed('ci-deploy')).toEqual([id])
    expect(states.at(-1)).toBe('')
  })

  it('a repository secret is named with its repository', async () => {
    const id = nextKeyId()
    const result = await rotate({ secrets: secret() })
    expect(log.info[2]).toBe('Stored the new key in secret NEON_API_KEY of the repository octo-org/deploys.')
    expect(result.summary).toBe(summaryOf([newRow(id), revokedRow(current.id)], STORED))
    expect(result.outputs['secret-results']).toBe('[{"target":"octo-org/deploys","status":"stored"}]')
  })

  it.each([
    ['a short token: it is kept', 'C0A8:3F0E:1A2B3C:1D2E3F:65A1B2C3', true],
    ['15 KB long: it is left out, not cut', 'A'.repeat(15_000), false],
    ['not a token: it is left out', 'id <b>x</b> "y"', false],
    [
      'a token with `::`, which a later step that echoes it would print as a runner command: it is left out',
      '::stop-commands::x1',
      false,
    ],
  ])("GitHub's request id is %s, in secret-results, the summary and the error", async (_, requestId, kept) => {
    github.answerWithRequestId(requestId)
    github.failNext(422)
    const result = await rotate({ secrets: secret() })
    const said = 'GitHub answered 422 Unprocessable Entity: "Validation Failed".'
    const where = 'Could not store secret NEON_API_KEY in the repository octo-org/deploys'
    expect(result.failure).toContain(kept ? `${where} (GitHub request id ${requestId}): ${said}` : `${where}: ${said}`)
    expect(JSON.parse(result.outputs['secret-results']!)).toEqual([
      {
        target: 'octo-org/deploys',
        status: 'failed',
        'http-status': 422,
        ...(kept ? { 'request-id': requestId } : {}),
      },
    ])
    const cells =
      '<td><code>octo-org/deploys</code></td><td>failed</td><td>GitHub answered 422 Unprocessable Entity: &#34;Validation Failed&#34;.</td><td>422</td>'
    expect(result.summary).toContain(kept ? `${cells}<td><code>${requestId}</code></td>` : `${cells}<td>—</td>`)
    expect(result.summary.length).toBeLessThan(2000)
  })

  it('a write whose outcome GitHub cannot tell leaves both keys valid and nothing for the post step to revoke', async () => {
    github.setSecret(OWNER, REPO, 'NEON_API_KEY', current.key)
    github.failNext(502, 3)
    const id = nextKeyId()
    const result = await rotate({ secrets: secret() })
    expect(result.failure).toMatch(
      new RegExp(
        `^Rotation stopped: Could not store secret NEON_API_KEY .*502.* The write may still have gone through: GitHub never confirmed it, and may still carry it out\\. ` +
          `Nothing was revoked: the new key ${id} stays valid, as do the old keys\\. ` +
          `Run rotate-key again once GitHub answers \\(it replaces both\\), or revoke key ${id} once you know the secret does not hold it\\.$`,
      ),
    )
    expect(validNamed('ci-deploy')).toEqual([current.id, id])
    expect(github.requests.filter((r) => r.method === 'PUT')).toHaveLength(3)
    expect(github.secret(OWNER, REPO, 'NEON_API_KEY')).toBe(current.key)
    expect(result.outputs).toEqual({
      'key-id': String(id),
      'revoked-key-ids': '[]',
      'secret-results': expect.stringMatching(
        /^\[\{"target":"octo-org\/deploys","status":"uncertain","http-status":502,"request-id":".+"\}\]$/,
      ),
    })
    // The new key may be in the secret: the post step must not revoke it.
    expect(states.at(-1)).toBe('')
  })

  describe('every write loses its answer, and another writer puts the old key back meanwhile', () => {
    beforeEach(() => {
      github.setSecret(OWNER, REPO, 'NEON_API_KEY', current.key)
      github.loseAnswerNext(3, { applied: false })
      let puts = 0
      github.onRequest((r) => {
        if (r.method === 'PUT' && ++puts === 2) github.setSecret(OWNER, REPO, 'NEON_API_KEY', current.key)
      })
    })

    it('keep-previous 0: the old key the secret holds stays valid, and the target is uncertain', async () => {
      const id = nextKeyId()
      const result = await rotate({ secrets: secret() })
      expect(github.secret(OWNER, REPO, 'NEON_API_KEY')).toBe(current.key)
      expect(validNamed('ci-deploy')).toEqual([current.id, id])
      expect(JSON.parse(result.outputs['secret-results']!)).toEqual([
        { target: `${OWNER}/${REPO}`, status: 'uncertain' },
      ])
      expect(result.failure).toMatch(
        new RegExp(`Nothing was revoked: the new key ${id} stays valid, as do the old keys\\.`),
      )
    })

    it('keep-previous 1: secret-results never says stored for a value that is not the new key', async () => {
      const id = nextKeyId()
      const result = await rotate({ secrets: secret(), keepPrevious: 1 })
      expect(github.secret(OWNER, REPO, 'NEON_API_KEY')).toBe(current.key)
      expect(JSON.parse(result.outputs['secret-results']!)).toEqual([
        { target: `${OWNER}/${REPO}`, status: 'uncertain' },
      ])
      expect(result.outputs.key).toBeUndefined()
      expect(result.failure).toMatch(new RegExp(`Nothing was revoked: the new key ${id} stays valid`))
    })
  })

  it('a write GitHub refuses (403) revokes the new key and no old key', async () => {
    github.failNext(403, 1, 'Resource not accessible by personal access token')
    const id = nextKeyId()
    const result = await rotate({ secrets: secret(), keepPrevious: 1 })
    expect(result.failure).toMatch(
      new RegExp(
        `^Rotation stopped: Could not store secret NEON_API_KEY in the repository ${OWNER}/${REPO} \\(GitHub request id ${REQUEST_ID}\\): ` +
          'GitHub answered 403 Forbidden: "Resource not accessible by personal access token"\\. The token needs the repository permission "Secrets: read and write".*' +
          ` The new key ${id} was revoked\\. No old key was revoked\\.$`,
      ),
    )
    expect(validNamed('ci-deploy')).toEqual([current.id])
    expect(result.outputs.key).toBeUndefined()
  })

  it.each([
    ['a 500', () => github.failNext(500, 1), [500, 201]],
    ['a lost answer', () => github.loseAnswerNext(1), [0, 204]],
  ])('a write sent again after %s stores the key, and the rotation goes on', async (_, fault, statuses) => {
    fault()
    const id = nextKeyId()
    const result = await rotate({ secrets: secret() })
    expect(result.failure).toBeUndefined()
    expect(github.requests.filter((r) => r.method === 'PUT').map((r) => r.status)).toEqual(statuses)
    expect(github.secret(OWNER, REPO, 'NEON_API_KEY')).toBe(result.outputs.key)
    expect(validNamed('ci-deploy')).toEqual([id])
  })

  it('a write GitHub refuses at connect never reached it: the target fails, and the new key is revoked', async () => {
    // GitHub goes away while the key is made: every write after is refused at connect (ECONNREFUSED),
    // by the step's pool rather than by a port trusted to stay closed.
    const refusing = refusedConnections('none')
    await client.close()
    client = makeClient(T0 + 600_000, refusing.dispatcher)
    ctx = makeContext(client)
    const creating = platform.hold({ method: 'POST', path: '/api_keys' })
    const id = nextKeyId()
    const running = rotate({ secrets: secret() })
    await creating.reached
    const gone = github.url
    await github.stop()
    refusing.refuse(gone)
    creating.release()
    const result = await running
    await refusing.dispatcher.destroy()
    expect(result.failure).toMatch(
      new RegExp(
        `^Rotation stopped: Could not store secret NEON_API_KEY in the repository ${OWNER}/${REPO}: the connection to GitHub failed \\(ECONNREFUSED\\); nothing was sent\\. ` +
          `The new key ${id} was revoked\\. No old key was revoked\\.$`,
      ),
    )
    expect(JSON.parse(result.outputs['secret-results']!)).toEqual([{ target: `${OWNER}/${REPO}`, status: 'failed' }])
    expect(validNamed('ci-deploy')).toEqual([current.id])
    // Each refused write was tried again, as a write that never left may be.
    expect(clock.sleeps).toEqual([1000, 2000])
  })

  it("the writes end within the step's timeout: the last gets what is left of it", async () => {
    await client.close()
    client = makeClient(T0 + 20_000)
    ctx = makeContext(client)
    github.failNext(502, 3)
    const id = nextKeyId()
    const result = await rotate({ secrets: secret() })
    // Three writes, 1 s and 2 s apart; the last had 17 s left of the step, less than its own 30 s.
    expect(clock.now()).toBe(T0 + 3000)
    expect(clock.deadlines.at(-1)).toBe(17_000)
    expect(result.failure).toMatch(
      new RegExp(`The write may still have gone through: .* the new key ${id} stays valid`),
    )
    expect(validNamed('ci-deploy')).toEqual([current.id, id])
  })

  it('the state says storing once, before the first write leaves, so the post step never revokes a key a secret may hold', async () => {
    const seen: string[] = []
    github.onRequest((r) => {
      if (r.method === 'PUT') seen.push(states.at(-1)!)
    })
    github.failNext(502, 2)
    const id = nextKeyId()
    await rotate({ secrets: secret() })
    expect(seen.map((state) => JSON.parse(state) as unknown)).toEqual([
      { name: 'ci-deploy', known: [current.id], pending: [], storing: [id] },
      { name: 'ci-deploy', known: [current.id], pending: [], storing: [id] },
      { name: 'ci-deploy', known: [current.id], pending: [], storing: [id] },
    ])
    expect(states.filter((state) => state.includes('"storing"'))).toHaveLength(1)
    expect(states.at(-1)).toBe('')
  })

  it('when listing the keys again after the store fails, no old key is revoked, and the step fails saying so', async () => {
    let reads = 0
    platform.onRequest((r) => {
      if (r.method === 'GET' && r.path === '/api_keys' && !isStepKey(r.headers) && ++reads === 2) {
        platform.inject({ method: 'GET', path: '/api_keys', kind: 'status', status: 500, times: 99 })
      }
    })
    const id = nextKeyId()
    const result = await rotate({ secrets: secret(), keepPrevious: 1 })
    expect(result.failure).toMatch(
      /^Stored the new key in secret NEON_API_KEY, but listing the keys again failed, so no old key was revoked: Could not list API keys: .*500/,
    )
    expect(result.outputs).toEqual({
      key: result.outputs.key,
      'key-id': String(id),
      'revoked-key-ids': '[]',
      'secret-results': '[{"target":"octo-org/deploys","status":"stored"}]',
    })
    expect(result.summary).toBe(summaryOf([newRow(id)], STORED, 'Old API keys not revoked'))
    expect(github.secret(OWNER, REPO, 'NEON_API_KEY')).toBe(result.outputs.key)
    expect(validNamed('ci-deploy')).toEqual([current.id, id])
    expect(states.at(-1)).toBe('')
  })

  it('a key of that name that appears while the secret is stored belongs to another rotation: no old key is revoked', async () => {
    const hold = github.holdNext()
    const id = nextKeyId()
    const running = rotate({ secrets: secret(), keepPrevious: 1 })
    await hold.reached
    const other = platform.addKey('ci-deploy')
    hold.release()
    const result = await running
    expect(result.failure).toBe(
      `key ${other.id} named "ci-deploy" appeared during this run, after its list from before the create ` +
        '(seen after storing the new key). ' +
        'So another rotation of the same keys is running at the same time, and this run revoked no old key. ' +
        'Give the workflow a `concurrency:` group (with cancel-in-progress: false), so rotations never overlap. ' +
        'The next rotation revokes what is left.',
    )
    expect(result.outputs['revoked-key-ids']).toBe('[]')
    expect(result.summary).toBe(summaryOf([newRow(id)], STORED, 'Old API keys not revoked'))
    expect(validNamed('ci-deploy')).toEqual([current.id, id, other.id])
  })

  it('a failure to revoke the old keys says the new key is valid and stored', async () => {
    platform.inject({ method: 'DELETE', path: `/api_keys/${current.id}`, kind: 'status', status: 403 })
    const id = nextKeyId()
    const result = await rotate({ secrets: secret() })
    expect(result.failure).toMatch(
      new RegExp(
        `^The new key ${id} is valid and stored, but revoking the old keys failed: Could not revoke API key ${current.id}: .*403`,
      ),
    )
    expect(result.failedRequest?.status).toBe(403)
    expect(result.outputs['revoked-key-ids']).toBe('[]')
    expect(validNamed('ci-deploy')).toEqual([current.id, id])
  })
})

const key = (id: number, created_at: string, extra: Partial<ApiKey> = {}): ApiKey => ({
  id,
  name: 'ci',
  created_at,
  last_used_at: null,
  last_used_from_addr: '',
  ...extra,
})

describe('keep-previous: newestKeys', () => {
  const keys = [key(1, '2026-11-01T00:00:00Z'), key(2, '2026-11-03T00:00:00Z'), key(3, '2026-11-02T00:00:00Z')]

  it('keeps the newest by created_at, none for 0, all when there are fewer', () => {
    expect(newestKeys(keys, 1)).toEqual([2])
    expect(newestKeys(keys, 2)).toEqual([2, 3])
    expect(newestKeys(keys, 0)).toEqual([])
    expect(newestKeys(keys, 5).sort()).toEqual([1, 2, 3])
  })

  it('keeps every key tied with the last one kept, and counts an unreadable date as newest: when in doubt a key stays', () => {
    const tied = [...keys, key(4, '2026-11-03T00:00:00Z')]
    expect(newestKeys(tied, 1).sort()).toEqual([2, 4])
    expect(newestKeys([...keys, key(5, 'yesterday')], 1)).toEqual([5])
  })

  it('reads created_at as the service writes it: "60" or a day without a time is unreadable, so newest, never an old date', () => {
    // Date.parse reads "60" as 1960 and "2026-10-01" as a day: a key revoked for a date it never had.
    expect(newestKeys([...keys, key(5, '60')], 1)).toEqual([5])
    expect(newestKeys([...keys, key(6, '2026-10-01')], 1)).toEqual([6])
    expect(newestKeys([...keys, key(7, '1')], 2)).toEqual([7, 2])
  })
})

describe('several targets', () => {
  const ORG = 'octo-org'
  const SECRET = 'NEON_API_KEY'
  const api: SecretTarget = { kind: 'repository', owner: ORG, repo: 'api' }
  const production: SecretTarget = { kind: 'environment', owner: ORG, repo: 'web', environment: 'production' }
  const organization: SecretTarget = { kind: 'organization', org: ORG }
  const storing = (targets: SecretTarget[], extra: Partial<SecretStorage> = {}): SecretStorage => ({
    name: SECRET,
    token: github.token,
    targets,
    ...extra,
  })
  const three = () => storing([api, production, organization])
  /** The three targets hold the current key; the organization secret is for two repositories. */
  function threeTargets(): void {
    github.addEnvironment(ORG, 'web', 'production')
    github.store({ repository: `${ORG}/api` }, SECRET, current.key)
    github.store({ repository: `${ORG}/web`, environment: 'production' }, SECRET, current.key)
    github.store({ organization: ORG }, SECRET, current.key, {
      visibility: 'selected',
      repositories: [`${ORG}/api`, `${ORG}/worker`],
    })
  }
  const heldBy = () => [
    github.stored({ repository: `${ORG}/api` }, SECRET)?.value,
    github.stored({ repository: `${ORG}/web`, environment: 'production' }, SECRET)?.value,
    github.stored({ organization: ORG }, SECRET)?.value,
  ]
  const results = (result: CommandResult) =>
    JSON.parse(result.outputs['secret-results'] ?? 'null') as Array<Record<string, unknown>>

  it('an organization secret with selected repositories: the key is stored, and who may read it is kept', async () => {
    github.store({ organization: ORG }, SECRET, current.key, {
      visibility: 'selected',
      repositories: [`${ORG}/api`, `${ORG}/worker`],
    })
    const result = await rotate({ secrets: storing([organization]) })
    expect(result.failure).toBeUndefined()
    expect(github.stored({ organization: ORG }, SECRET)).toMatchObject({
      value: result.outputs.key,
      visibility: 'selected',
      repositories: [`${ORG}/api`, `${ORG}/worker`],
    })
    expect(log.info).toContain(
      `Secret ${SECRET} of the organization ${ORG}: visibility selected, 2 repositories (as it is now).`,
    )
    expect(platform.isKeyValid(current.id)).toBe(false)
    expect(results(result)).toEqual([{ target: `org:${ORG}`, status: 'stored' }])
    expect(result.summary).toContain(`The new key is stored in secret ${SECRET} of org:${ORG}.`)
  })

  it('with keep-previous 1, the run after a failure keeps the key of the failed run until the next rotation', async () => {
    threeTargets()
    github.at(`/repos/${ORG}/api/`).failNext(502, 3)
    const first = await rotate({ secrets: three(), keepPrevious: 1 })
    expect(first.failure).toBeDefined()
    const newId = Number(first.outputs['key-id'])
    expect(results(first).map((r) => r.status)).toEqual(['uncertain', 'stored', 'stored'])
    const second = await rotate({ secrets: three(), keepPrevious: 1 })
    expect(second.failure).toBeUndefined()
    expect(second.outputs['revoked-key-ids']).toBe(JSON.stringify([current.id]))
    expect(validNamed('ci-deploy')).toEqual([newId, Number(second.outputs['key-id'])])
  })

  it.each([
    ['GitHub did the writes', true],
    ['GitHub did none', false],
  ])(
    'a write whose every answer is lost is uncertain (%s): nothing revoked, every target holds a valid key',
    async (_, applied) => {
      threeTargets()
      github.at(`/orgs/${ORG}/`).loseAnswerNext(3, { applied })
      const result = await rotate({ secrets: three() })
      expect(results(result).map((r) => r.status)).toEqual(['stored', 'stored', 'uncertain'])
      expect(result.failure).toMatch(
        /^Rotation stopped: the new key \d+ is stored in 2 of 3 targets and may be in 1 more/,
      )
      for (const value of heldBy()) expect(platform.isKeyValid(value!)).toBe(true)
      expect(platform.isKeyValid(current.id)).toBe(true)
    },
  )

  it('a new organization secret without secret-visibility stops the rotation before a key is made; with it, the secret is made', async () => {
    const result = await rotate({ secrets: storing([api, organization]) })
    expect(result.failure).toBe(
      `Rotation stopped before creating a key: Could not prepare secret ${SECRET} in the organization ${ORG}: the organization has no such secret yet. ` +
        'Set `secret-visibility` (all, private, or selected with `secret-repositories`) to say which repositories may read it. ' +
        'No key was created and none was revoked; fix what failed and run rotate-key again.',
    )
    expect(platform.requests.filter((r) => r.method === 'POST')).toEqual([])
    expect(github.requests.filter((r) => r.method === 'PUT')).toEqual([])
    expect(results(result)).toEqual([
      { target: `${ORG}/api`, status: 'skipped' },
      { target: `org:${ORG}`, status: 'failed' },
    ])
    expect(result.summary).toContain('<h3>API key not rotated</h3>')
    // The table's cell reads as plain words, without the log's backticks.
    expect(result.summary).toContain(
      '<td>The organization has no such secret yet. Set secret-visibility (all, private, or selected with secret-repositories)',
    )

    const access = { visibility: 'selected' as const, repositories: [{ repo: 'api' }, { repo: 'worker' }] }
    const told = await rotate({ secrets: storing([api, organization], { access }) })
    expect(told.failure).toBeUndefined()
    expect(github.stored({ organization: ORG }, SECRET)).toMatchObject({
      value: told.outputs.key,
      visibility: 'selected',
      repositories: [`${ORG}/api`, `${ORG}/worker`],
    })
  })

  it('a token GitHub refuses: no key is made', async () => {
    const result = await rotate({ secrets: { ...three(), token: 'ghp_wrong' } })
    expect(result.failure).toMatch(
      /^Rotation stopped before creating a key: .*GitHub refused the token \(401 "Bad credentials"\)/,
    )
    expect(results(result).map((r) => [r.status, r['http-status']])).toEqual([
      ['failed', 401],
      ['failed', 401],
      ['failed', 401],
    ])
    expect(platform.keys().map((k) => k.id)).toEqual([current.id])
  })
})
