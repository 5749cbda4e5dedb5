import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { GitHubEmulator } from '../emulator/github.ts'
import { SecretStoreUncertain, settle, storeActionsSecret, type StoreTime } from '../src/keys/github-secrets.ts'
import { ActionError } from '../src/base/errors.ts'
import type { SecretTarget } from '../src/keys/github-secrets.ts'
import { manualClock, type ManualClock } from './support/clock.ts'

let github: GitHubEmulator
let clock: ManualClock
let target: SecretTarget
let cancelled: boolean

beforeEach(async () => {
  clock = manualClock()
  github = new GitHubEmulator({ now: clock.now })
  await github.start()
  target = { owner: 'neon-user', repo: 'app', name: 'NEON_API_KEY', token: github.token }
  cancelled = false
})

afterEach(async () => {
  await github.stop()
})

const time = (deadlineMs = 60_000): StoreTime => ({
  clock,
  deadline: clock.now() + deadlineMs,
  settleDeadline: clock.now() + deadlineMs + 30_000,
  cancelled: () => cancelled,
})
const store = (where: SecretTarget = target, deadlineMs?: number) =>
  storeActionsSecret(where, 'napi_new', { apiUrl: github.url }, time(deadlineMs))
const failure = async (promise: Promise<unknown>): Promise<Error> => {
  try {
    await promise
  } catch (error) {
    return error as Error
  }
  throw new Error('the store succeeded')
}
const puts = () => github.requests.filter((r) => r.method === 'PUT')
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z')
const IN_REPO = 'Could not store secret NEON_API_KEY in the repository neon-user/app:'

/**
 * Storing the new key as an Actions secret, against the GitHub emulator over HTTP with a manual
 * clock: what is retried, what is final, and how a write without an answer is settled from the
 * secret's `updated_at`.
 */
describe('a write GitHub answers', () => {
  it('stores the value in the repository, reading the public key and the secret first', async () => {
    expect(await store()).toBeUndefined()
    expect(github.secret('neon-user', 'app', 'NEON_API_KEY')).toBe('napi_new')
    expect(github.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /repos/neon-user/app/actions/secrets/public-key',
      'GET /repos/neon-user/app/actions/secrets/NEON_API_KEY',
      'PUT /repos/neon-user/app/actions/secrets/NEON_API_KEY',
    ])
  })

  it('stores the value in an environment', async () => {
    github.addEnvironment('neon-user', 'app', 'production')
    expect(await store({ ...target, environment: 'production' })).toBeUndefined()
    expect(github.secret('neon-user', 'app', 'NEON_API_KEY', 'production')).toBe('napi_new')
    expect(github.secret('neon-user', 'app', 'NEON_API_KEY')).toBeUndefined()
  })

  it('tries again after a 5xx, a second later', async () => {
    github.failNext(502)
    expect(await store()).toBeUndefined()
    expect(clock.sleeps).toEqual([1000])
    expect(puts()).toHaveLength(2)
  })
})

describe('a refusal is final, and says what to do', () => {
  it.each([
    [401, 'GitHub refused the token (401 "Bad credentials - https://docs.github.com/rest"). Check the `github-token` input.'],
    [
      403,
      'GitHub answered 403 ("Resource not accessible by personal access token - https://docs.github.com/rest"). The token needs permission to write Actions secrets: a fine-grained token with Secrets read and write, or a GitHub App token; the default GITHUB_TOKEN cannot.',
    ],
    [422, 'GitHub answered 422 ("Validation Failed - https://docs.github.com/rest").'],
  ])('%i', async (status, said) => {
    github.failNext(status)
    const error = await failure(store())
    expect(error).toBeInstanceOf(ActionError)
    expect(error).not.toBeInstanceOf(SecretStoreUncertain)
    expect(error.message).toBe(`${IN_REPO} ${said}`)
    expect(puts()).toHaveLength(1)
    expect(clock.sleeps).toEqual([])
    expect(github.secret('neon-user', 'app', 'NEON_API_KEY')).toBeUndefined()
  })

  it('an environment that does not exist: 404 on the public key, and no write', async () => {
    const error = await failure(store({ ...target, environment: 'nope' }))
    expect(error.message).toBe(
      'Could not store secret NEON_API_KEY in the environment "nope" of neon-user/app: GitHub answered 404: the repository or environment does not exist, or the token cannot see it.',
    )
    expect(puts()).toEqual([])
  })

  it('a cancelled step sends no second write after a 5xx', async () => {
    cancelled = true
    github.failNext(500)
    const error = await failure(store())
    expect(error.message).toBe(
      `${IN_REPO} GitHub answered 500 ("Server Error - https://docs.github.com/rest"). GitHub's record of the secret shows it was not written (its updated_at did not move).`,
    )
    expect(puts()).toHaveLength(1)
    expect(clock.sleeps).toEqual([])
  })
})

describe("GitHub's secondary rate limit", () => {
  const LIMITED =
    'GitHub\'s secondary rate limit refused the write (403 "You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID. - https://docs.github.com/rest"). Run the rotation again later.'

  it('waits as long as Retry-After says, three writes in all', async () => {
    github.secondaryRateLimitNext(3, 7)
    const error = await failure(store())
    expect(error.message).toBe(`${IN_REPO} ${LIMITED}`)
    expect(clock.sleeps).toEqual([7000, 7000])
    expect(puts()).toHaveLength(3)
  })

  it('waits a minute when GitHub names no wait, and stores the value once the limit lifts', async () => {
    github.secondaryRateLimitNext(1)
    expect(await store(target, 600_000)).toBeUndefined()
    expect(clock.sleeps).toEqual([60_000])
    expect(github.secret('neon-user', 'app', 'NEON_API_KEY')).toBe('napi_new')
  })

  it('gives up at once when the wait would pass the deadline', async () => {
    github.secondaryRateLimitNext(1)
    const error = await failure(store(target, 30_000))
    expect(error.message).toBe(`${IN_REPO} ${LIMITED}`)
    expect(clock.sleeps).toEqual([])
    expect(puts()).toHaveLength(1)
  })
})

describe('what counts as a rate limit', () => {
  it('a 429 is one: the write is sent again after the wait', async () => {
    github.failNext(429)
    expect(await store(target, 600_000)).toBeUndefined()
    expect(clock.sleeps).toEqual([60_000])
    expect(puts()).toHaveLength(2)
  })

  it('another refusal that speaks of a rate limit is not: it is final', async () => {
    github.failNext(422, 1, 'rate limit of secrets per repository reached')
    const error = await failure(store(target, 600_000))
    expect(error.message).toBe(
      `${IN_REPO} GitHub answered 422 ("rate limit of secrets per repository reached - https://docs.github.com/rest").`,
    )
    expect(puts()).toHaveLength(1)
  })
})

describe('time', () => {
  it('a write GitHub holds is cut off at the deadline, then settled by a read', async () => {
    const held = github.holdNext()
    const error = await failure(storeActionsSecret(target, 'napi_new', { apiUrl: github.url }, { ...time(), deadline: clock.now() + 50 }))
    await held.reached
    expect(error.message).toMatch(
      new RegExp(
        `^${IN_REPO} no answer from GitHub \\(".+"\\)\\. GitHub's record of the secret shows it was not written \\(its updated_at did not move\\)\\.$`,
      ),
    )
    expect(clock.deadlines[2]).toBe(50)
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
    const stored = await storeActionsSecret(target, 'napi_new', { apiUrl: github.url }, { ...time(), clock: counting })
    expect(stored).toBeUndefined()
    expect(clock.deadlines).toHaveLength(3)
    expect(armed).toBe(0)
  })
})

describe('a write without an answer is settled by the secret’s updated_at', () => {
  it('a new secret that now exists was written: the note says so', async () => {
    github.loseAnswerNext(3)
    const note = await store()
    expect(note).toBe(
      `GitHub did not confirm the write, but the secret's updated_at moved from nothing (new secret) to ${iso(clock.now())}`,
    )
    expect(puts()).toHaveLength(3)
  })

  it('an existing secret whose updated_at moved was written', async () => {
    github.setSecret('neon-user', 'app', 'NEON_API_KEY', 'napi_old')
    const before = iso(clock.now())
    clock.advance(5000)
    github.loseAnswerNext(3)
    const note = await store()
    expect(note).toBe(`GitHub did not confirm the write, but the secret's updated_at moved from ${before} to ${iso(clock.now())}`)
  })

  it('an existing secret older than the first read, unchanged: not written', async () => {
    github.setSecret('neon-user', 'app', 'NEON_API_KEY', 'napi_old')
    clock.advance(5000)
    github.loseAnswerNext(3, { applied: false })
    const error = await failure(store())
    expect(error).not.toBeInstanceOf(SecretStoreUncertain)
    expect(error.message).toBe(
      `${IN_REPO} no answer from GitHub ("other side closed"). GitHub's record of the secret shows it was not written (its updated_at did not move).`,
    )
    expect(github.secret('neon-user', 'app', 'NEON_API_KEY')).toBe('napi_old')
  })

  it('an existing secret written in the same second as the first read: cannot tell', async () => {
    github.setSecret('neon-user', 'app', 'NEON_API_KEY', 'napi_old')
    const stamp = iso(clock.now())
    // Every attempt fails at once (no back-off sleeps move the clock): a cut connection each time.
    cancelled = true
    github.loseAnswerNext(1, { applied: false })
    const error = await failure(store())
    expect(error).toBeInstanceOf(SecretStoreUncertain)
    expect(error.message).toBe(
      `${IN_REPO} no answer from GitHub ("other side closed"). A write may have gone through without an answer, and the secret's updated_at cannot tell (before: updated_at ${stamp}; after: updated_at ${stamp}).`,
    )
  })
})

type Stamp = Parameters<typeof settle>[0]

describe('settle', () => {
  const at = (updatedAt: string, answeredAt = 'Sat, 21 Nov 2026 10:00:05 GMT') => ({ exists: true, updatedAt, answeredAt })
  const absent = { exists: false }

  it.each([
    ['nothing read before', undefined, at('2026-11-21T10:00:00Z'), 'unknown'],
    ['nothing read after', at('2026-11-21T10:00:00Z'), undefined, 'unknown'],
    ['absent, then present', absent, at('2026-11-21T10:00:06Z'), 'applied'],
    ['absent, then absent', absent, absent, 'not-applied'],
    ['present, then absent', at('2026-11-21T10:00:00Z'), absent, 'unknown'],
    ['moved', at('2026-11-21T10:00:00Z'), at('2026-11-21T10:00:06Z'), 'applied'],
    ['unchanged, older than the read', at('2026-11-21T10:00:04Z'), at('2026-11-21T10:00:04Z'), 'not-applied'],
    ['unchanged, in the second of the read', at('2026-11-21T10:00:05Z'), at('2026-11-21T10:00:05Z'), 'unknown'],
    ['unchanged, no date on the read', at('2026-11-21T10:00:00Z', ''), at('2026-11-21T10:00:00Z'), 'unknown'],
  ] satisfies Array<[string, Stamp | undefined, Stamp | undefined, ReturnType<typeof settle>]>)('%s', (_, before, after, outcome) => {
    expect(settle(before, after)).toBe(outcome)
  })
})
