// src/http/retry.ts: Retry-After, the back-off, the table of retry rules row by row, and the one retry loop with its
// deadline and the runner’s cancel, on a manual clock. Unit tests, in this process.
import { describe, expect, it } from '@jest/globals'
import { RequestError, type RequestErrorDetails } from '../../src/http/errors.ts'
import {
  RETRY_POLICIES,
  backoff,
  parseRetryAfter,
  retrying,
  type RetryOptions,
  type RetryPolicy,
} from '../../src/http/retry.ts'
import { manualClock } from '../support/clock.ts'

const NOW = Date.parse('2026-11-21T10:00:00Z')

describe('parseRetryAfter()', () => {
  it('reads whole and fractional delta-seconds, around spaces', () => {
    expect(parseRetryAfter('1.5', NOW)).toBe(1500)
    expect(parseRetryAfter('1.55', NOW)).toBe(1550)
    expect(parseRetryAfter(' 2 ', NOW)).toBe(2000)
  })

  it('does not take a number inside other text for seconds', () => {
    expect(parseRetryAfter('a1', NOW)).toBeUndefined()
    expect(parseRetryAfter('1.5x', NOW)).toBeUndefined()
  })
})

/** An attempt that fails `failures` times, then answers `'done'`. */
function failing(failures: number): { attempt: (n: number) => Promise<string>; calls: number[] } {
  const calls: number[] = []
  return {
    calls,
    attempt: (n) => {
      calls.push(n)
      return calls.length > failures
        ? Promise.resolve('done')
        : Promise.reject(new RequestError(`failure ${n}`, { kind: 'network', method: 'GET', path: '/x' }))
    },
  }
}

/** Three attempts, a second between them, unless a test says otherwise. */
const policy = (delay = 1000): RetryPolicy => ({ attempts: 3, delay: () => delay })

function options(overrides: Partial<RetryOptions> = {}): RetryOptions {
  return { clock: manualClock(NOW), deadline: NOW + 60_000, ...overrides }
}

describe('retrying()', () => {
  it('tries again after the delay until an attempt succeeds', async () => {
    const clock = manualClock(NOW)
    const retried: [number, number][] = []
    const { attempt, calls } = failing(2)
    const result = await retrying(
      attempt,
      policy(),
      options({ clock, onRetry: (_e, n, delay) => retried.push([n, delay]) }),
    )
    expect(result).toBe('done')
    expect(calls).toEqual([1, 2, 3])
    expect(clock.sleeps).toEqual([1000, 1000])
    expect(retried).toEqual([
      [1, 1000],
      [2, 1000],
    ])
  })

  it("stops after the policy's attempts and throws what giveUp makes of the last failure", async () => {
    const { attempt, calls } = failing(5)
    const giveUp = (error: unknown, n: number) => new Error(`gave up after ${n}: ${(error as Error).message}`)
    await expect(retrying(attempt, policy(), options({ giveUp }))).rejects.toThrow('gave up after 3: failure 3')
    expect(calls).toEqual([1, 2, 3])
  })

  it('does not retry a failure whose delay is undefined, and throws it as it is by default', async () => {
    const { attempt, calls } = failing(5)
    await expect(retrying(attempt, { attempts: 3, delay: () => undefined }, options())).rejects.toThrow('failure 1')
    expect(calls).toEqual([1])
  })

  it('never retries what is not a request failure, nor anything once cancelled() says so', async () => {
    const calls: number[] = []
    const broken = (n: number) => (calls.push(n), Promise.reject(new TypeError('a bug')))
    await expect(retrying(broken, policy(), options())).rejects.toThrow('a bug')
    const { attempt, calls: cancelledCalls } = failing(5)
    await expect(retrying(attempt, policy(), options({ cancelled: () => true }))).rejects.toThrow('failure 1')
    expect([calls, cancelledCalls]).toEqual([[1], [1]])
  })

  it('goes again at once after a delay of 0, whatever the deadline', async () => {
    const clock = manualClock(NOW)
    const { attempt, calls } = failing(2)
    await expect(retrying(attempt, policy(0), options({ clock, deadline: NOW }))).resolves.toBe('done')
    expect([calls, clock.sleeps]).toEqual([[1, 2, 3], []])
  })

  it('gives up without waiting when the wait would end at the deadline', async () => {
    const clock = manualClock(NOW)
    const { attempt, calls } = failing(5)
    const outOfTime = (_e: unknown, n: number, delay: number) => new Error(`out of time after ${n}, wanted ${delay} ms`)
    await expect(retrying(attempt, policy(), options({ clock, deadline: NOW + 1000, outOfTime }))).rejects.toThrow(
      'out of time after 1, wanted 1000 ms',
    )
    expect(calls).toEqual([1])
    expect(clock.sleeps).toEqual([])
  })

  it('waits when the wait ends just before the deadline', async () => {
    const clock = manualClock(NOW)
    const { attempt } = failing(1)
    await expect(retrying(attempt, policy(), options({ clock, deadline: NOW + 1001 }))).resolves.toBe('done')
    expect(clock.sleeps).toEqual([1000])
  })

  it('untilDeadline: a wait that would pass the deadline ends at it, and the next attempt goes', async () => {
    const clock = manualClock(NOW)
    const { attempt, calls } = failing(1)
    const retried: number[] = []
    const run = retrying(
      attempt,
      policy(30_000),
      options({ clock, deadline: NOW + 1000, untilDeadline: true, onRetry: (_e, _n, d) => retried.push(d) }),
    )
    await expect(run).resolves.toBe('done')
    expect([calls, clock.sleeps, retried]).toEqual([[1, 2], [1000], [1000]])
  })

  it('uses giveUp when out of time and no outOfTime is given', async () => {
    const { attempt } = failing(5)
    const giveUp = () => new Error('given up')
    await expect(retrying(attempt, policy(), options({ deadline: NOW + 500, giveUp }))).rejects.toThrow('given up')
  })
})

describe('retrying() and the runner cancel (interrupt)', () => {
  /** A clock whose next sleep is cut short by the runner's signal, `after` ms into it. */
  function cancelledDuringSleep(after: number): { clock: ReturnType<typeof manualClock>; controller: AbortController } {
    const controller = new AbortController()
    const clock = manualClock(NOW)
    const sleep = clock.sleep
    let cut = false
    clock.sleep = (ms, signal) => {
      if (cut || signal === undefined) return sleep(ms)
      cut = true
      controller.abort()
      return sleep(Math.min(ms, after))
    }
    return { clock, controller }
  }

  it('with stop: the wait ends at the signal, and what stop makes of the last failure is thrown', async () => {
    const { clock, controller } = cancelledDuringSleep(1000)
    const { attempt, calls } = failing(5)
    const stopped: Array<[string, number, number]> = []
    const error = await retrying(attempt, policy(30_000), {
      ...options({ clock }),
      interrupt: {
        signal: controller.signal,
        stop: (e, n, delay) => (stopped.push([e.message, n, delay]), new Error('cancelled')),
      },
    }).catch((e: unknown) => e)
    expect((error as Error).message).toBe('cancelled')
    expect(stopped).toEqual([['failure 1', 1, 30_000]])
    expect(calls).toEqual([1])
    // The wait lasted until the signal, not its 30 s.
    expect(clock.now() - NOW).toBe(1000)
  })

  it('with stop: a signal before the wait ends the run at once, without waiting', async () => {
    const controller = new AbortController()
    controller.abort()
    const clock = manualClock(NOW)
    const { attempt, calls } = failing(5)
    const error = await retrying(attempt, policy(), {
      ...options({ clock }),
      interrupt: { signal: controller.signal, stop: () => new Error('cancelled') },
    }).catch((e: unknown) => e)
    expect((error as Error).message).toBe('cancelled')
    expect(calls).toEqual([1])
    expect(clock.sleeps).toEqual([])
  })

  it('without stop: the deadline is read again at the signal; the wait goes on when its rest still fits', async () => {
    const { clock, controller } = cancelledDuringSleep(1000)
    const { attempt, calls } = failing(1)
    let deadline = NOW + 60_000
    controller.signal.addEventListener('abort', () => (deadline = NOW + 9_000))
    const result = await retrying(attempt, policy(5_000), {
      ...options({ clock, deadline: () => deadline }),
      interrupt: { signal: controller.signal },
    })
    expect(result).toBe('done')
    expect(calls).toEqual([1, 2])
    expect(clock.now() - NOW).toBe(5_000)
  })

  it('without stop: a wait whose rest no longer fits the shortened deadline gives up out of time', async () => {
    const { clock, controller } = cancelledDuringSleep(1000)
    const { attempt, calls } = failing(5)
    let deadline = NOW + 60_000
    controller.signal.addEventListener('abort', () => (deadline = NOW + 9_000))
    const error = await retrying(attempt, policy(20_000), {
      ...options({ clock, deadline: () => deadline }),
      interrupt: { signal: controller.signal },
      outOfTime: (e, n, delay) => new Error(`out of time after ${e.message}, attempt ${n}, wait ${delay}`),
    }).catch((e: unknown) => e)
    expect((error as Error).message).toBe('out of time after failure 1, attempt 1, wait 20000')
    expect(calls).toEqual([1])
    expect(clock.now() - NOW).toBe(1000)
  })
})

describe('the table of retry rules', () => {
  const error = (details: Partial<RequestErrorDetails>) =>
    new RequestError('x', { kind: 'http', method: 'GET', path: '/x', ...details })
  const half = () => 0.5
  const delays = (row: RetryPolicy, failure: RequestError) => [1, 2, 3].map((n) => row.delay(failure, n, half))

  it('backs off exponentially with jitter, capped', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => backoff(n, () => 1))).toEqual([1000, 2000, 4000, 8000, 16_000, 20_000])
    expect(backoff(3, () => 0)).toBe(2000)
  })

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-11-21T10:00:00Z')
    expect(parseRetryAfter('3', now)).toBe(3000)
    expect(parseRetryAfter('Sat, 21 Nov 2026 10:00:05 GMT', now)).toBe(5000)
    expect(parseRetryAfter('Sat, 21 Nov 2026 09:00:00 GMT', now)).toBe(0)
    expect(parseRetryAfter('soon', now)).toBeUndefined()
    expect(parseRetryAfter(undefined, now)).toBeUndefined()
  })

  it('a platform read: after 423, 429 and the 5xx that may pass, no answer, or a body cut off; Retry-After first', () => {
    const { read } = RETRY_POLICIES
    expect([423, 429, 500, 502, 503, 504].map((status) => read.delay(error({ status }), 1, half))).toEqual([
      750, 750, 750, 750, 750, 750,
    ])
    expect([400, 401, 403, 404, 409, 422, 501].map((status) => read.delay(error({ status }), 1, half))).toEqual(
      Array(7).fill(undefined),
    )
    expect(delays(read, error({ kind: 'network', mayHaveReachedServer: true }))).toEqual([750, 1500, 3000])
    expect(read.delay(error({ status: 503, retryAfterMs: 7000 }), 1, half)).toBe(7000)
    expect(read.delay(error({ kind: 'malformed', code: 'truncated' }), 1, half)).toBe(750)
    expect(read.delay(error({ kind: 'malformed' }), 1, half)).toBeUndefined()
    expect(read.delay(error({ kind: 'malformed', code: 'too-large' }), 1, half)).toBeUndefined()
    expect(read.attempts).toBe(5)
  })

  /** A poll's pace that widens by 10 s each congested round, and no sooner than Retry-After. */
  const pace = () => {
    let interval = 0
    return { afterCongestion: (retryAfterMs: number | undefined) => Math.max((interval += 10_000), retryAfterMs ?? 0) }
  }
  const rows = () => Object.values(RETRY_POLICIES).map((row) => (typeof row === 'function' ? row(pace()) : row))

  it('never sends again what cannot get better', () => {
    for (const kind of ['deadline', 'redirect', 'invalid', 'cancelled', 'proxy-refused', 'certificate'] as const) {
      const failure = error({ kind, status: 401 })
      for (const row of rows()) expect([kind, row.delay(failure, 1, half)]).toEqual([kind, undefined])
    }
  })

  it("a key's create: only what the platform certainly did not carry out", () => {
    const { once } = RETRY_POLICIES
    expect([423, 429, 503].map((status) => once.delay(error({ status }), 1, half))).toEqual([750, 750, 750])
    expect([500, 502, 504].map((status) => once.delay(error({ status }), 1, half))).toEqual([
      undefined,
      undefined,
      undefined,
    ])
    expect(once.delay(error({ kind: 'network', mayHaveReachedServer: false }), 1, half)).toBe(750)
    expect(once.delay(error({ kind: 'network', mayHaveReachedServer: true }), 1, half)).toBeUndefined()
    expect(once.delay(error({ kind: 'timeout', mayHaveReachedServer: true }), 1, half)).toBeUndefined()
    expect(once.delay(error({ kind: 'proxy', mayHaveReachedServer: false }), 1, half)).toBe(750)
    expect(
      once.delay(error({ kind: 'malformed', code: 'truncated', mayHaveReachedServer: true }), 1, half),
    ).toBeUndefined()
  })

  it("a key's create again: once, at once, and only after an answer that was lost", () => {
    const { recreate } = RETRY_POLICIES
    expect(recreate.attempts).toBe(2)
    expect(recreate.delay(error({ kind: 'network', mayHaveReachedServer: true }), 1, half)).toBe(0)
    expect(recreate.delay(error({ kind: 'timeout', mayHaveReachedServer: true }), 1, half)).toBe(0)
    expect(recreate.delay(error({ status: 429, earlierAttemptUncertain: true }), 1, half)).toBe(0)
    expect(recreate.delay(error({ status: 400 }), 1, half)).toBeUndefined()
    expect(recreate.delay(error({ kind: 'network', mayHaveReachedServer: false }), 1, half)).toBeUndefined()
  })

  it('a poll: as a read, but congestion goes back to the caller', () => {
    const { poll } = RETRY_POLICIES
    expect([429, 503, 500].map((status) => poll.delay(error({ status }), 1, half))).toEqual([undefined, undefined, 750])
  })

  it("a congested poll round: polled again after its pace's wait, as long as the timeout lasts; nothing else", () => {
    const row = RETRY_POLICIES.congestedPoll(pace())
    expect(row.attempts).toBe(Number.POSITIVE_INFINITY)
    expect(row.delay(error({ status: 429 }), 1, half)).toBe(10_000)
    expect(row.delay(error({ status: 503, retryAfterMs: 30_000 }), 2, half)).toBe(30_000)
    expect(row.delay(error({ status: 503 }), 3, half)).toBe(30_000)
    expect([500, 404].map((status) => row.delay(error({ status }), 1, half))).toEqual([undefined, undefined])
    expect(row.delay(error({ kind: 'network', mayHaveReachedServer: true }), 1, half)).toBeUndefined()
  })

  it('a congested page of a listing: Retry-After, else a second after a 429 and a back-off after a 503', () => {
    const { congested } = RETRY_POLICIES
    expect(congested.attempts).toBe(10)
    const asked = (status: number) => congested.delay(error({ status, retryAfterMs: 7000 }), 1, half)
    expect([asked(429), asked(503)]).toEqual([7000, 7000])
    expect(delays(congested, error({ status: 429 }))).toEqual([1000, 1000, 1000])
    expect(delays(congested, error({ status: 503 }))).toEqual([750, 1500, 3000])
    expect(congested.delay(error({ status: 500 }), 1, half)).toBeUndefined()
  })

  it('GitHub: after no answer or a 5xx a second per attempt, after its rate limit as long as it asks (a minute if it does not)', () => {
    const { github } = RETRY_POLICIES
    expect(github.attempts).toBe(3)
    expect(delays(github, error({ kind: 'network' }))).toEqual([1000, 2000, 3000])
    expect(github.delay(error({ status: 501 }), 2, half)).toBe(2000)
    expect(github.delay(error({ status: 403, rateLimited: true, retryAfterMs: 5000 }), 1, half)).toBe(5000)
    expect(github.delay(error({ status: 403, rateLimited: true }), 1, half)).toBe(60_000)
    expect(github.delay(error({ status: 403 }), 1, half)).toBeUndefined()
    // A write held past its own time is sent again too: the same sealed value is harmless to write twice.
    expect(github.delay(error({ kind: 'timeout' }), 1, half)).toBe(1000)
    expect(github.delay(error({ kind: 'deadline' }), 1, half)).toBeUndefined()
  })

  it("a new key's proof: a 401 only, a second more each time", () => {
    const { keyProof } = RETRY_POLICIES
    expect(delays(keyProof, error({ status: 401 }))).toEqual([1000, 2000, 3000])
    expect(keyProof.delay(error({ status: 403 }), 1, half)).toBeUndefined()
  })
})
