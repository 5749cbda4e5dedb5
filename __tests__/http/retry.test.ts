// src/http/retry.ts: Retry-After, the back-off, and the retry loop with its deadline and the runner’s cancel, on a manual clock.
// Unit tests, in this process.
import { describe, expect, it } from '@jest/globals'
import { parseRetryAfter, retrying, type RetryOptions, backoffDelay } from '../../src/http/retry.ts'
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
      return calls.length > failures ? Promise.resolve('done') : Promise.reject(new Error(`failure ${n}`))
    },
  }
}

function options(overrides: Partial<RetryOptions> = {}): RetryOptions {
  const clock = manualClock(NOW)
  return { clock, deadline: NOW + 60_000, maxAttempts: 3, delayAfter: () => 1000, ...overrides }
}

describe('retrying()', () => {
  it('tries again after the delay until an attempt succeeds', async () => {
    const clock = manualClock(NOW)
    const retried: [number, number][] = []
    const { attempt, calls } = failing(2)
    const result = await retrying(attempt, options({ clock, onRetry: (_e, n, delay) => retried.push([n, delay]) }))
    expect(result).toBe('done')
    expect(calls).toEqual([1, 2, 3])
    expect(clock.sleeps).toEqual([1000, 1000])
    expect(retried).toEqual([
      [1, 1000],
      [2, 1000],
    ])
  })

  it('stops after maxAttempts and throws what giveUp makes of the last failure', async () => {
    const { attempt, calls } = failing(5)
    const giveUp = (error: unknown, n: number) => new Error(`gave up after ${n}: ${(error as Error).message}`)
    await expect(retrying(attempt, options({ giveUp }))).rejects.toThrow('gave up after 3: failure 3')
    expect(calls).toEqual([1, 2, 3])
  })

  it('does not retry a failure whose delay is undefined, and throws it as it is by default', async () => {
    const { attempt, calls } = failing(5)
    await expect(retrying(attempt, options({ delayAfter: () => undefined }))).rejects.toThrow('failure 1')
    expect(calls).toEqual([1])
  })

  it('gives up without waiting when the wait would end at the deadline', async () => {
    const clock = manualClock(NOW)
    const { attempt, calls } = failing(5)
    const outOfTime = (_e: unknown, n: number, delay: number) => new Error(`out of time after ${n}, wanted ${delay} ms`)
    await expect(retrying(attempt, options({ clock, deadline: NOW + 1000, outOfTime }))).rejects.toThrow(
      'out of time after 1, wanted 1000 ms',
    )
    expect(calls).toEqual([1])
    expect(clock.sleeps).toEqual([])
  })

  it('waits when the wait ends just before the deadline', async () => {
    const clock = manualClock(NOW)
    const { attempt } = failing(1)
    await expect(retrying(attempt, options({ clock, deadline: NOW + 1001 }))).resolves.toBe('done')
    expect(clock.sleeps).toEqual([1000])
  })

  it('uses giveUp when out of time and no outOfTime is given', async () => {
    const { attempt } = failing(5)
    const giveUp = () => new Error('given up')
    await expect(retrying(attempt, options({ deadline: NOW + 500, giveUp }))).rejects.toThrow('given up')
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
    const error = await retrying(attempt, {
      ...options({ clock, delayAfter: () => 30_000 }),
      interrupt: {
        signal: controller.signal,
        stop: (e, n, delay) => (stopped.push([(e as Error).message, n, delay]), new Error('cancelled')),
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
    const error = await retrying(attempt, {
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
    const result = await retrying(attempt, {
      ...options({ clock, delayAfter: () => 5_000, deadline: () => deadline }),
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
    const error = await retrying(attempt, {
      ...options({ clock, delayAfter: () => 20_000, deadline: () => deadline }),
      interrupt: { signal: controller.signal },
      outOfTime: (e, n, delay) => new Error(`out of time after ${(e as Error).message}, attempt ${n}, wait ${delay}`),
    }).catch((e: unknown) => e)
    expect((error as Error).message).toBe('out of time after failure 1, attempt 1, wait 20000')
    expect(calls).toEqual([1])
    expect(clock.now() - NOW).toBe(1000)
  })
})

describe('retry rules', () => {
  it('backs off exponentially with jitter, capped', () => {
    const policy = { maxAttempts: 9, baseDelayMs: 1000, maxDelayMs: 20_000 }
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffDelay(n, policy, () => 1))).toEqual([1000, 2000, 4000, 8000, 16_000, 20_000])
    expect(backoffDelay(3, policy, () => 0)).toBe(2000)
  })

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-11-21T10:00:00Z')
    expect(parseRetryAfter('3', now)).toBe(3000)
    expect(parseRetryAfter('Sat, 21 Nov 2026 10:00:05 GMT', now)).toBe(5000)
    expect(parseRetryAfter('Sat, 21 Nov 2026 09:00:00 GMT', now)).toBe(0)
    expect(parseRetryAfter('soon', now)).toBeUndefined()
    expect(parseRetryAfter(undefined, now)).toBeUndefined()
  })
})
