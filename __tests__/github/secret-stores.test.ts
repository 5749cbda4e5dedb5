// src/github/secret-stores.ts (with secret-reads.ts and client.ts): storing the new key as a secret. What is retried, what
// is final, what a write without an answer leaves, and how several targets of every kind are prepared and written. In process, against the GitHub emulator over HTTP (or a plain server where GitHub
// would answer what the emulator never does), with a manual clock.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { GitHubEmulator } from '../../emulator/github.ts'
import { takeViolations } from '../../emulator/contract.ts'
import { SecretStores, type StoreOutcome } from '../../src/github/secret-stores.ts'
import { fixedTime, type StepTime } from '../../src/base/clock.ts'
import type { SecretStorage, SecretTarget } from '../../src/github/targets.ts'
import { Connections } from '../../src/http/transport.ts'
import { manualClock, type ManualClock } from '../support/clock.ts'
import { refusedConnections } from '../support/refused-connections.ts'
import { stubServer } from '../support/stub-server.ts'

let github: GitHubEmulator
let clock: ManualClock
let target: SecretTarget
let cancelled: boolean
/** The step's connection pool, as the platform client would share it. */
let connections: Connections

beforeEach(async () => {
  connections = new Connections()
  clock = manualClock()
  github = new GitHubEmulator({ now: clock.now })
  await github.start()
  target = { kind: 'repository', owner: 'neon-user', repo: 'app' }
  cancelled = false
})

afterEach(async () => {
  await github.stop()
  await connections.close()
})

/** The step's time, cancelled once `cancel()` says so. */
const time = (deadlineMs = 60_000, cancel = () => cancelled): StepTime =>
  Object.defineProperty(fixedTime(clock, clock.now() + deadlineMs), 'cancelledBy', {
    get: () => (cancel() ? 'SIGINT' : undefined),
  })
const ignore = () => undefined
const storage = (targets: SecretTarget[], extra: Partial<SecretStorage> = {}): SecretStorage => ({
  name: 'NEON_API_KEY',
  token: github.token,
  targets,
  ...extra,
})
/** Prepares the targets, then (when every one is ready) stores the value in each: what became of each. */
async function storeIn(where: SecretStorage, stepTime: StepTime = time(), value = 'napi_new'): Promise<StoreOutcome[]> {
  const stores = await SecretStores.prepare(where, { apiUrl: github.url }, stepTime, connections)
  return stores.problems.length > 0
    ? [...stores.problems]
    : await stores.storeEverywhere(value, stepTime, ignore, ignore)
}
const store = async (where: SecretTarget = target, deadlineMs?: number): Promise<StoreOutcome> =>
  (await storeIn(storage([where]), time(deadlineMs)))[0]!
const puts = () => github.requests.filter((r) => r.method === 'PUT')
const REQUEST_ID = '[0-9A-F-]{36}'
const IN_REPO = 'Could not store secret NEON_API_KEY in the repository neon-user/app'
const PREPARE_IN_REPO = 'Could not prepare secret NEON_API_KEY in the repository neon-user/app'
const MAY_HAVE_GONE_THROUGH =
  'The write may still have gone through: GitHub never confirmed it, and may still carry it out.'
/** The start of a failure's message: where, with GitHub's request id when it answered. */
const failedIn = (where = IN_REPO) =>
  new RegExp(`^${where.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} \\(GitHub request id ${REQUEST_ID}\\): `)
describe('a write GitHub answers', () => {
  it('stores the value in the repository, reading the public key first', async () => {
    expect(await store()).toEqual({
      target,
      status: 'stored',
      message: 'Stored the new key in secret NEON_API_KEY of the repository neon-user/app.',
    })
    expect(github.secret('neon-user', 'app', 'NEON_API_KEY')).toBe('napi_new')
    expect(github.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /repos/neon-user/app/actions/secrets/public-key',
      'PUT /repos/neon-user/app/actions/secrets/NEON_API_KEY',
    ])
    // As GitHub asks: a bearer token, its media type and API version.
    expect(github.requests[1]?.headers).toMatchObject({
      authorization: `Bearer ${github.token}`,
      accept: 'application/vnd.github+json',
      'x-github-api-version': '2022-11-28',
      'content-type': 'application/json',
    })
  })

  it('stores the value in an environment', async () => {
    github.addEnvironment('neon-user', 'app', 'production')
    expect(
      (await store({ kind: 'environment', owner: 'neon-user', repo: 'app', environment: 'production' })).status,
    ).toBe('stored')
    expect(github.secret('neon-user', 'app', 'NEON_API_KEY', 'production')).toBe('napi_new')
    expect(github.secret('neon-user', 'app', 'NEON_API_KEY')).toBeUndefined()
  })

  it('tries again after a 5xx, a second later', async () => {
    github.failNext(502)
    expect((await store()).status).toBe('stored')
    expect(clock.sleeps).toEqual([1000])
    expect(puts()).toHaveLength(2)
  })

  it('reads are tried again too, after no answer or a 5xx', async () => {
    github.at('/repos/neon-user/app/actions/secrets/public-key', 'GET').failNext(503)
    github.at('/repos/neon-user/app/actions/secrets/public-key', 'GET').loseAnswerNext()
    expect((await store()).status).toBe('stored')
    expect(clock.sleeps).toEqual([1000, 2000])
  })

  it('a GitHub API URL with a path (GitHub Enterprise Server) keeps it', async () => {
    const stores = await SecretStores.prepare(
      storage([target]),
      { apiUrl: `${github.url}/api/v3/` },
      time(),
      connections,
    )
    // The emulator serves the API at its root, so the request finds nothing there.
    expect(stores.problems.map((p) => p.httpStatus)).toEqual([404])
    expect(github.requests[0]?.path).toBe('/api/v3/repos/neon-user/app/actions/secrets/public-key')
    expect(takeViolations()).toEqual([
      'GET /api/v3/repos/neon-user/app/actions/secrets/public-key: the description has no such call',
    ])
  })
})

describe('a refusal is final, and says what to do', () => {
  it.each([
    [401, 'GitHub refused the token (401 "Bad credentials"). Check the `github-token` input.'],
    [
      403,
      'GitHub answered 403 Forbidden: "Resource not accessible by personal access token". The token needs the repository permission "Secrets: read and write" (a fine-grained token, or a GitHub App installed on the repository). The default GITHUB_TOKEN cannot write secrets.',
    ],
    [422, 'GitHub answered 422 Unprocessable Entity: "Validation Failed".'],
  ])('%i', async (status, said) => {
    github.failNext(status)
    const outcome = await store()
    expect(outcome).toMatchObject({
      status: 'failed',
      httpStatus: status,
      requestId: expect.stringMatching(new RegExp(`^${REQUEST_ID}$`)),
    })
    expect(outcome.message).toMatch(failedIn())
    expect(outcome.message.replace(failedIn(), '')).toBe(said)
    expect(outcome.message).toContain(outcome.requestId)
    expect(puts()).toHaveLength(1)
    expect(clock.sleeps).toEqual([])
    expect(github.secret('neon-user', 'app', 'NEON_API_KEY')).toBeUndefined()
  })

  it('an environment that does not exist: 404 on the public key, and no write', async () => {
    const outcome = await store({ kind: 'environment', owner: 'neon-user', repo: 'app', environment: 'nope' })
    expect(outcome.status).toBe('failed')
    expect(
      outcome.message.replace(
        failedIn('Could not prepare secret NEON_API_KEY in the environment "nope" of neon-user/app'),
        '',
      ),
    ).toBe('GitHub answered 404: the repository or environment does not exist, or the token cannot see it.')
    expect(puts()).toEqual([])
  })

  it('a cancelled step sends no second write after a 5xx', async () => {
    github.failNext(500)
    const stepTime = time()
    const stores = await SecretStores.prepare(storage([target]), { apiUrl: github.url }, stepTime, connections)
    cancelled = true
    // Cancelled before the write: nothing is sent.
    expect((await stores.storeEverywhere('napi_new', stepTime, ignore, ignore))[0]).toMatchObject({
      status: 'skipped',
      message: 'Skipped secret NEON_API_KEY in the repository neon-user/app: the runner cancelled the step.',
    })
    expect(puts()).toHaveLength(0)
    // Cancelled during it: the 5xx is not followed by another write.
    cancelled = false
    const cancelling = time(60_000, () => puts().length > 0)
    const [outcome] = await stores.storeEverywhere('napi_new', cancelling, ignore, ignore)
    expect(outcome?.status).toBe('uncertain')
    expect(outcome?.message.replace(failedIn(), '')).toBe(
      `GitHub answered 500 Internal Server Error: "Server Error". ${MAY_HAVE_GONE_THROUGH}`,
    )
    expect(puts()).toHaveLength(1)
    expect(clock.sleeps).toEqual([])
  })
})

describe('a request that cannot be built', () => {
  it('is never sent again: a token undici refuses as a header fails that target at once, with nothing sent', async () => {
    // inputs.ts refuses such a token first; this is the client's own guard behind it.
    const [outcome] = await storeIn(storage([target], { token: 'ghp_line\nbreak' }))
    expect(outcome).toMatchObject({ target, status: 'failed' })
    expect(outcome?.message).toMatch(/the request could not be sent/)
    expect(github.requests).toEqual([])
    // No back-off was waited for: a request that cannot be built is not sent again.
    expect(clock.sleeps).toEqual([])
  })
})

describe("GitHub's secondary rate limit", () => {
  const LIMITED =
    'GitHub\'s secondary rate limit refused it (403 "You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID."). Run the rotation again later.'

  it('waits as long as Retry-After says, three writes in all', async () => {
    github.secondaryRateLimitNext(3, 7)
    const outcome = await store()
    expect(outcome.message.replace(failedIn(), '')).toBe(LIMITED)
    expect(clock.sleeps).toEqual([7000, 7000])
    expect(puts()).toHaveLength(3)
  })

  it('waits a minute when GitHub names no wait, and stores the value once the limit lifts', async () => {
    github.secondaryRateLimitNext(1)
    expect((await store(target, 600_000)).status).toBe('stored')
    expect(clock.sleeps).toEqual([60_000])
    expect(github.secret('neon-user', 'app', 'NEON_API_KEY')).toBe('napi_new')
  })

  it('gives up at once when the wait would pass the deadline', async () => {
    github.secondaryRateLimitNext(1)
    const outcome = await store(target, 30_000)
    expect(outcome.message.replace(failedIn(), '')).toBe(LIMITED)
    expect(clock.sleeps).toEqual([])
    expect(puts()).toHaveLength(1)
  })

  it('an exhausted primary limit (x-ratelimit-remaining 0) waits until x-ratelimit-reset', async () => {
    // The emulator sends no such headers; a plain server stands in for GitHub here.
    const server = await stubServer((req, res) => {
      if (req.method === 'PUT' && server.hits === 2) {
        res.writeHead(403, {
          'content-type': 'application/json',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': String(Math.floor(clock.now() / 1000) + 42),
        })
        res.end('{"message":"API rate limit exceeded for installation."}')
        return
      }
      res.writeHead(req.url?.endsWith('public-key') ? 200 : req.method === 'PUT' ? 201 : 404, {
        'content-type': 'application/json',
      })
      res.end(
        req.url?.endsWith('public-key')
          ? JSON.stringify({ key_id: '1', key: Buffer.alloc(32, 9).toString('base64') })
          : '{}',
      )
    })
    const stores = await SecretStores.prepare(storage([target]), { apiUrl: server.url }, time(600_000), connections)
    const [outcome] = await stores.storeEverywhere('napi_new', time(600_000), ignore, ignore)
    await server.close()
    expect(outcome?.status).toBe('stored')
    expect(clock.sleeps).toEqual([42_000])
  })
})

describe('what counts as a rate limit', () => {
  it('a 429 is one: the write is sent again after the wait', async () => {
    github.failNext(429)
    expect((await store(target, 600_000)).status).toBe('stored')
    expect(clock.sleeps).toEqual([60_000])
    expect(puts()).toHaveLength(2)
  })

  it('another refusal that speaks of a rate limit is not: it is final', async () => {
    github.failNext(422, 1, 'rate limit of secrets per repository reached')
    const outcome = await store(target, 600_000)
    expect(outcome.message.replace(failedIn(), '')).toBe(
      'GitHub answered 422 Unprocessable Entity: "rate limit of secrets per repository reached".',
    )
    expect(puts()).toHaveLength(1)
  })
})

describe('time', () => {
  it('a write GitHub holds is cut off at the deadline, and not sent again: uncertain, since GitHub may still carry it out', async () => {
    // The deadline fires when the test moves the clock past it, never in real time: the read before it may take its
    // time on a busy machine.
    await github.stop()
    clock = manualClock(clock.now(), { deadlinesInClockTime: true })
    github = new GitHubEmulator({ now: clock.now })
    await github.start()
    const held = github.holdNext()
    const stored = storeIn(storage([target]), { ...time(), deadline: clock.now() + 50 })
    await held.reached
    clock.advance(50)
    const outcome = (await stored)[0]!
    expect(outcome.message).toBe(
      `${IN_REPO}: The step's timeout ran out while PUT /repos/neon-user/app/actions/secrets/NEON_API_KEY was in flight. ${MAY_HAVE_GONE_THROUGH}`,
    )
    expect(outcome.status).toBe('uncertain')
    expect(clock.deadlines[1]).toBe(50)
    expect(puts()).toHaveLength(1)
  })

  it('leaves no deadline armed once the secret is stored', async () => {
    let armed = 0
    const counting = {
      ...clock,
      deadline: (ms: number) => {
        const timer = clock.deadline(ms)
        armed++
        return { signal: timer.signal, clear: () => (armed--, timer.clear()) }
      },
    }
    const [outcome] = await storeIn(storage([target]), { ...time(), clock: counting })
    expect(outcome?.status).toBe('stored')
    expect(clock.deadlines).toHaveLength(2)
    expect(armed).toBe(0)
  })
})

describe('a request GitHub holds gets 30 s of its own, not what is left of the step', () => {
  const PUBLIC_KEY = '/repos/neon-user/app/actions/secrets/public-key'
  const SECRET = '/repos/neon-user/app/actions/secrets/NEON_API_KEY'
  beforeEach(async () => {
    // GitHub's clock and the step's move together, and a deadline fires only when the test moves them.
    await github.stop()
    clock = manualClock(clock.now(), { deadlinesInClockTime: true })
    github = new GitHubEmulator({ now: clock.now })
    await github.start()
  })

  it('a read held past 30 s is cut and sent again, within its three attempts', async () => {
    const held = github.at(PUBLIC_KEY, 'GET').holdNext()
    const outcome = store(target, 600_000)
    await held.reached
    expect(clock.deadlines).toEqual([30_000])
    clock.advance(30_000)
    expect((await outcome).status).toBe('stored')
    expect(github.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET ${PUBLIC_KEY}`,
      `GET ${PUBLIC_KEY}`,
      `PUT ${SECRET}`,
    ])
    expect(clock.sleeps).toEqual([1000])
  })

  it("once the step's timeout has run out no request is sent: a read cut at the deadline ends the preparation of the targets after it too", async () => {
    const web: SecretTarget = { kind: 'repository', owner: 'neon-user', repo: 'web' }
    const held = github.at(PUBLIC_KEY, 'GET').holdNext()
    const preparing = SecretStores.prepare(storage([target, web]), { apiUrl: github.url }, time(20_000), connections)
    await held.reached
    clock.advance(20_000)
    const stores = await preparing
    expect(github.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET ${PUBLIC_KEY}`])
    expect(stores.prepared).toEqual([])
    expect(stores.problems.map((p) => p.message)).toEqual([
      `${PREPARE_IN_REPO}: The step's timeout ran out while GET /repos/neon-user/app/actions/secrets/public-key was in flight.`,
      "Could not prepare secret NEON_API_KEY in the repository neon-user/web: the step's timeout ran out before the request was sent.",
    ])
  })

  it('a write held past 30 s is sent again, and its answer stores the value', async () => {
    const held = github.holdNext()
    const outcome = store(target, 600_000)
    await held.reached
    expect(clock.deadlines).toEqual([30_000, 30_000])
    clock.advance(30_000)
    expect(await outcome).toEqual({
      target,
      status: 'stored',
      message: 'Stored the new key in secret NEON_API_KEY of the repository neon-user/app.',
    })
    held.abort()
    expect(puts()).toHaveLength(2)
    expect(clock.sleeps).toEqual([1000])
  })

  it('a write held past 30 s at every attempt is uncertain, since GitHub may still carry it out', async () => {
    github.setSecret('neon-user', 'app', 'NEON_API_KEY', 'napi_old')
    const holds = [github.holdNext(), github.holdNext(), github.holdNext()]
    const outcome = store(target, 600_000)
    for (const held of holds) {
      await held.reached
      clock.advance(30_000)
    }
    expect(await outcome).toEqual({
      target,
      status: 'uncertain',
      message: `${IN_REPO}: No answer to PUT /repos/neon-user/app/actions/secrets/NEON_API_KEY within 30 s. ${MAY_HAVE_GONE_THROUGH}`,
      reason: `No answer to PUT /repos/neon-user/app/actions/secrets/NEON_API_KEY within 30 s. ${MAY_HAVE_GONE_THROUGH}`,
    })
    for (const held of holds) held.abort()
    expect(puts()).toHaveLength(3)
    expect(clock.sleeps).toEqual([1000, 2000])
  })
})

describe('a write without an answer is sent again until GitHub answers it', () => {
  it('a lost answer, then an answered write: stored', async () => {
    github.loseAnswerNext(2, { applied: false })
    const outcome = await store()
    expect(outcome).toEqual({
      target,
      status: 'stored',
      message: 'Stored the new key in secret NEON_API_KEY of the repository neon-user/app.',
    })
    expect(puts()).toHaveLength(3)
    expect(clock.sleeps).toEqual([1000, 2000])
    expect(github.secret('neon-user', 'app', 'NEON_API_KEY')).toBe('napi_new')
  })

  it('another writer between a lost write and the next: the answered write is the value the secret holds', async () => {
    github.setSecret('neon-user', 'app', 'NEON_API_KEY', 'napi_old')
    github.loseAnswerNext(1, { applied: false })
    let writes = 0
    github.onRequest((r) => {
      if (r.method === 'PUT' && ++writes === 2) github.setSecret('neon-user', 'app', 'NEON_API_KEY', 'napi_other')
    })
    expect((await store()).status).toBe('stored')
    expect(github.secret('neon-user', 'app', 'NEON_API_KEY')).toBe('napi_new')
  })

  it('every answer lost: uncertain, even when another writer changed the secret meanwhile', async () => {
    github.setSecret('neon-user', 'app', 'NEON_API_KEY', 'napi_old')
    clock.advance(5000)
    github.loseAnswerNext(3, { applied: false })
    github.onRequest((r) => {
      if (r.method === 'PUT') github.setSecret('neon-user', 'app', 'NEON_API_KEY', 'napi_other')
    })
    const outcome = await store()
    expect(outcome).toEqual({
      target,
      status: 'uncertain',
      message: `${IN_REPO}: the connection to GitHub failed (UND_ERR_SOCKET). ${MAY_HAVE_GONE_THROUGH}`,
      reason: `The connection to GitHub failed (UND_ERR_SOCKET). ${MAY_HAVE_GONE_THROUGH}`,
    })
    expect(puts()).toHaveLength(3)
    // Nothing but the writes: no read of the secret could tell whose value it holds.
    expect(github.requests.filter((r) => r.method === 'GET').map((r) => r.path)).toEqual([
      '/repos/neon-user/app/actions/secrets/public-key',
    ])
    expect(github.secret('neon-user', 'app', 'NEON_API_KEY')).toBe('napi_other')
  })

  it('every answer lost after GitHub did the write: still uncertain, since nothing confirmed it', async () => {
    github.loseAnswerNext(3)
    const outcome = await store()
    expect(outcome.status).toBe('uncertain')
    expect(github.secret('neon-user', 'app', 'NEON_API_KEY')).toBe('napi_new')
  })

  it('a write refused at connect every time never left: failed', async () => {
    // GitHub goes away once it has answered the public key: from then on the pool refuses every
    // connection to it, as a closed port would (the test does not count on its port staying closed).
    // A plain server stands in, closing the connection after its answer, so no write can go over it.
    const refusing = refusedConnections('none')
    const server = await stubServer((req, res) => {
      refusing.refuse(server.url)
      res.writeHead(200, { 'content-type': 'application/json', connection: 'close' })
      res.end(JSON.stringify({ key_id: '1', key: Buffer.alloc(32, 9).toString('base64') }))
    })
    const prepared = await SecretStores.prepare(
      storage([target]),
      { apiUrl: server.url },
      time(),
      new Connections({}, refusing.dispatcher),
    )
    const [outcome] = await prepared.storeEverywhere('napi_new', time(), ignore, ignore)
    await refusing.dispatcher.destroy()
    await server.close()
    expect(outcome).toEqual({
      target,
      status: 'failed',
      message: `${IN_REPO}: the connection to GitHub failed (ECONNREFUSED); nothing was sent.`,
      reason: 'The connection to GitHub failed (ECONNREFUSED); nothing was sent.',
    })
    // A write that never left may be sent again, as a request without an answer is.
    expect(clock.sleeps).toEqual([1000, 2000])
  })

  it('a write whose answer was lost stays open when the attempts after it are refused at connect: the first may have landed', async () => {
    // The emulator cannot go away between two attempts; a plain server stands in.
    const refusing = refusedConnections('none')
    const server = await stubServer((req, res) => {
      if (req.method === 'PUT') {
        // The connection drops mid-write, and GitHub is gone: the pool refuses the next attempts
        // (the port is not trusted to stay closed), and its server closes, this connection with it.
        refusing.refuse(server.url)
        void server.close()
        return
      }
      res.writeHead(req.url?.endsWith('/public-key') ? 200 : 404, { 'content-type': 'application/json' })
      res.end(
        req.url?.endsWith('/public-key')
          ? JSON.stringify({ key_id: '1', key: Buffer.alloc(32, 9).toString('base64') })
          : '{}',
      )
    })
    const stores = await SecretStores.prepare(
      storage([target]),
      { apiUrl: server.url },
      time(),
      new Connections({}, refusing.dispatcher),
    )
    const [outcome] = await stores.storeEverywhere('napi_new', time(), ignore, ignore)
    await refusing.dispatcher.destroy()
    expect(outcome).toEqual({
      target,
      status: 'uncertain',
      message: `${IN_REPO}: the connection to GitHub failed (ECONNREFUSED); nothing was sent. ${MAY_HAVE_GONE_THROUGH}`,
      reason: `The connection to GitHub failed (ECONNREFUSED); nothing was sent. ${MAY_HAVE_GONE_THROUGH}`,
    })
    // Three writes, the last two refused.
    expect(clock.sleeps).toEqual([1000, 2000])
  })
})

describe('an answer that cannot be read', () => {
  it("a write answered 2xx with a body that is not JSON is uncertain: the answer may not be GitHub's", async () => {
    // A proxy in front of GitHub rewrites the body; the emulator never does, so a plain server stands in.
    const server = await stubServer((req, res) => {
      if (req.url?.endsWith('/public-key')) {
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ key_id: '1', key: Buffer.alloc(32, 9).toString('base64') }))
        return
      }
      res.writeHead(201, { 'content-type': 'text/html' })
      res.end('<html>Created</html>')
    })
    const stores = await SecretStores.prepare(storage([target]), { apiUrl: server.url }, time(), connections)
    const [outcome] = await stores.storeEverywhere('napi_new', time(), ignore, ignore)
    await server.close()
    expect(outcome?.status).toBe('uncertain')
    expect(outcome?.message).toContain(MAY_HAVE_GONE_THROUGH)
    expect(server.hits).toBe(2)
  })
})

describe('a public key that cannot be used', () => {
  it('a key no sealed box can be made for (an X25519 point of low order) stops that target before anything is written', async () => {
    // GitHub never sends one; a broken proxy or a hostile server might, so a plain server stands in.
    const server = await stubServer((req, res) => {
      res.writeHead(req.url?.endsWith('/public-key') ? 200 : 404, { 'content-type': 'application/json' })
      res.end(
        req.url?.endsWith('/public-key')
          ? JSON.stringify({ key_id: '1', key: Buffer.alloc(32).toString('base64') })
          : '{}',
      )
    })
    const stores = await SecretStores.prepare(storage([target]), { apiUrl: server.url }, time(), connections)
    await server.close()
    expect(stores.prepared).toEqual([])
    expect(stores.problems).toEqual([
      {
        target,
        status: 'failed',
        message: `${PREPARE_IN_REPO}: GitHub's public key cannot seal a value (it is not a usable X25519 key).`,
        reason: "GitHub's public key cannot seal a value (it is not a usable X25519 key).",
      },
    ])
  })
})

describe('several targets of every kind', () => {
  const ORG = 'octo-org'
  const api: SecretTarget = { kind: 'repository', owner: ORG, repo: 'api' }
  const production: SecretTarget = { kind: 'environment', owner: ORG, repo: 'web', environment: 'production' }
  const organization: SecretTarget = { kind: 'organization', org: ORG }

  it('a repository, an environment and an organization secret with selected repositories: each sealed for its own key, the visibility kept', async () => {
    github.repositoryId(`${ORG}/api`)
    github.addEnvironment(ORG, 'web', 'production')
    github.store({ organization: ORG }, 'NEON_API_KEY', 'napi_old', {
      visibility: 'selected',
      repositories: [`${ORG}/api`, `${ORG}/web`],
    })
    const outcomes = await storeIn(storage([api, production, organization]))
    expect(outcomes.map((o) => o.status)).toEqual(['stored', 'stored', 'stored'])
    expect(github.secret(ORG, 'api', 'NEON_API_KEY')).toBe('napi_new')
    expect(github.secret(ORG, 'web', 'NEON_API_KEY', 'production')).toBe('napi_new')
    expect(github.stored({ organization: ORG }, 'NEON_API_KEY')).toMatchObject({
      value: 'napi_new',
      visibility: 'selected',
      repositories: [`${ORG}/api`, `${ORG}/web`],
    })
    // Every store is prepared before any write: its public key, and the organization secret's visibility and
    // selected repositories.
    expect(github.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /repos/octo-org/api/actions/secrets/public-key',
      'GET /repos/octo-org/web/environments/production/secrets/public-key',
      'GET /orgs/octo-org/actions/secrets/public-key',
      'GET /orgs/octo-org/actions/secrets/NEON_API_KEY',
      'GET /orgs/octo-org/actions/secrets/NEON_API_KEY/repositories',
      'PUT /repos/octo-org/api/actions/secrets/NEON_API_KEY',
      'PUT /repos/octo-org/web/environments/production/secrets/NEON_API_KEY',
      'PUT /orgs/octo-org/actions/secrets/NEON_API_KEY',
    ])
    expect(puts()[2]?.body).toEqual({
      encrypted_value: expect.any(String),
      key_id: expect.any(String),
      visibility: 'selected',
      selected_repository_ids: [github.repositoryId(`${ORG}/api`), github.repositoryId(`${ORG}/web`)],
    })
  })

  it('an organization secret keeps visibility all or private as it is', async () => {
    github.store({ organization: ORG }, 'NEON_API_KEY', 'napi_old', { visibility: 'private' })
    expect((await store(organization)).status).toBe('stored')
    expect(puts()[0]?.body).toEqual({
      encrypted_value: expect.any(String),
      key_id: expect.any(String),
      visibility: 'private',
    })
  })

  it('the selected repositories are read page by page', async () => {
    const repositories = Array.from({ length: 205 }, (_, i) => `${ORG}/repo-${i}`)
    github.store({ organization: ORG }, 'NEON_API_KEY', 'napi_old', { visibility: 'selected', repositories })
    expect((await store(organization)).status).toBe('stored')
    expect(github.requests.filter((r) => r.path.endsWith('/repositories'))).toHaveLength(3)
    expect(github.stored({ organization: ORG }, 'NEON_API_KEY')?.repositories).toHaveLength(205)
  })

  it('secret-visibility selected: the repositories named are looked up once and sent', async () => {
    for (const repo of ['api', 'web']) github.repositoryId(`${ORG}/${repo}`)
    github.store({ organization: ORG }, 'NEON_API_KEY', 'napi_old', { visibility: 'all' })
    const access = {
      visibility: 'selected' as const,
      repositories: [{ repo: 'api' }, { owner: 'Octo-Org', repo: 'web' }, { repo: 'API' }],
    }
    const outcomes = await storeIn(storage([organization, { kind: 'dependabot-organization', org: ORG }], { access }))
    expect(outcomes.map((o) => o.status)).toEqual(['stored', 'stored'])
    for (const dependabot of [false, true]) {
      expect(github.stored({ organization: ORG, dependabot }, 'NEON_API_KEY')).toMatchObject({
        value: 'napi_new',
        visibility: 'selected',
        repositories: [`${ORG}/api`, `${ORG}/web`],
      })
    }
    expect(github.requests.filter((r) => /^\/repos\/[^/]+\/[^/]+$/.test(r.path)).map((r) => r.path)).toEqual([
      '/repos/octo-org/api',
      '/repos/Octo-Org/web',
    ])
  })

  it('a new organization secret with no visibility given is not written, and nothing else is', async () => {
    const stores = await SecretStores.prepare(storage([api, organization]), { apiUrl: github.url }, time(), connections)
    expect(stores.problems).toEqual([
      {
        target: organization,
        status: 'failed',
        message:
          'Could not prepare secret NEON_API_KEY in the organization octo-org: the organization has no such secret yet. Set `secret-visibility` (all, private, or selected with `secret-repositories`) to say which repositories may read it.',
        reason:
          'The organization has no such secret yet. Set `secret-visibility` (all, private, or selected with `secret-repositories`) to say which repositories may read it.',
      },
    ])
    expect(stores.prepared.map((p) => p.target)).toEqual([api])
    expect(puts()).toEqual([])
  })

  it('a repository of secret-repositories that GitHub does not show fails that target before anything is written', async () => {
    await github.stop()
    github = new GitHubEmulator({ now: clock.now, repositories: [`${ORG}/api`] })
    await github.start()
    const access = { visibility: 'selected' as const, repositories: [{ repo: 'api' }, { repo: 'gone' }] }
    const stores = await SecretStores.prepare(
      storage([organization], { access, token: github.token }),
      { apiUrl: github.url },
      time(),
      connections,
    )
    expect(stores.problems[0]?.message).toMatch(
      /^Could not prepare secret NEON_API_KEY in the organization octo-org \(GitHub request id .+\): repository octo-org\/gone of `secret-repositories`: GitHub answered 404: it does not exist, or the token cannot see it\.$/,
    )
  })

  it('Dependabot secrets of a repository and of an organization, each under its own key', async () => {
    github.store({ organization: ORG, dependabot: true }, 'NEON_API_KEY', 'napi_old', { visibility: 'all' })
    const outcomes = await storeIn(
      storage([
        { kind: 'dependabot', owner: ORG, repo: 'api' },
        { kind: 'dependabot-organization', org: ORG },
      ]),
    )
    expect(outcomes.map((o) => o.message)).toEqual([
      'Stored the new key in secret NEON_API_KEY of the Dependabot secrets of octo-org/api.',
      'Stored the new key in secret NEON_API_KEY of the Dependabot secrets of organization octo-org.',
    ])
    expect(github.stored({ repository: `${ORG}/api`, dependabot: true }, 'NEON_API_KEY')?.value).toBe('napi_new')
    expect(github.stored({ organization: ORG, dependabot: true }, 'NEON_API_KEY')).toMatchObject({
      value: 'napi_new',
      visibility: 'all',
    })
    expect(github.secret(ORG, 'api', 'NEON_API_KEY')).toBeUndefined()
  })

  it('a 403 on the second target: the others are still written, and the refusal names its target and request', async () => {
    github.addEnvironment(ORG, 'web', 'production')
    github.store({ organization: ORG }, 'NEON_API_KEY', 'napi_old', { visibility: 'private' })
    github.at('/repos/octo-org/web/').failNext(403, 1, 'Resource not accessible by integration')
    const outcomes = await storeIn(storage([api, production, organization]))
    expect(outcomes.map((o) => o.status)).toEqual(['stored', 'failed', 'stored'])
    expect(outcomes[1]).toMatchObject({
      httpStatus: 403,
      requestId: expect.stringMatching(new RegExp(`^${REQUEST_ID}$`)),
    })
    expect(
      outcomes[1]?.message.replace(
        failedIn('Could not store secret NEON_API_KEY in the environment "production" of octo-org/web'),
        '',
      ),
    ).toBe(
      'GitHub answered 403 Forbidden: "Resource not accessible by integration". The token needs the repository permission "Environments: read and write" (a fine-grained token, or a GitHub App installed on the repository). The default GITHUB_TOKEN cannot write secrets.',
    )
    expect(github.secret(ORG, 'web', 'NEON_API_KEY', 'production')).toBeUndefined()
  })

  it('after a rate limit the rest are skipped', async () => {
    github.store({ organization: ORG }, 'NEON_API_KEY', 'napi_old', { visibility: 'all' })
    github.at('/repos/octo-org/api/').secondaryRateLimitNext(3, 1)
    const outcomes = await storeIn(storage([api, organization]), time(), 'napi_new')
    expect(outcomes.map((o) => o.status)).toEqual(['failed', 'skipped'])
    expect(outcomes[1]?.message).toBe(
      "Skipped secret NEON_API_KEY in the organization octo-org: GitHub's rate limit refused an earlier write.",
    )
  })

  it('a target whose every answer is lost is uncertain, and the next target is written', async () => {
    github.store({ organization: ORG }, 'NEON_API_KEY', 'napi_old', { visibility: 'all' })
    github.at('/orgs/octo-org/').loseAnswerNext(3)
    const outcomes = await storeIn(storage([organization, api]))
    expect(outcomes.map((o) => o.status)).toEqual(['uncertain', 'stored'])
  })
})
