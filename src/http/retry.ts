/**
 * When a request may be sent again, and how long to wait first. Modelled on octokit's retry
 * and throttling plugins: a short list of statuses, Retry-After honoured, attempts bounded.
 * `retrying` is the one loop every retry of the action goes through: the platform client,
 * the proof of a new key and the secret PUT.
 */
import type { Clock } from '../base/clock.ts'

/** Statuses after which a read is safe to send again (service facts: 423 and 503 always are). */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([423, 429, 500, 502, 503, 504])

/** Statuses that say the request was not carried out, so even a write may be sent again. */
export const NOT_CARRIED_OUT_STATUSES: ReadonlySet<number> = new Set([423, 429, 503])

/** Statuses that say the service is congested (rate limited or overloaded), not that anything failed. */
export const CONGESTION_STATUSES: ReadonlySet<number> = new Set([429, 503])

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number
  baseDelayMs: number
  maxDelayMs: number
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 5, baseDelayMs: 1000, maxDelayMs: 20_000 }

/**
 * Exponential back-off with jitter: attempt 1 waits about 1 s, then 2 s, 4 s… capped; the
 * jitter keeps parallel jobs from retrying in step. `random` is injectable for tests.
 */
export function backoffDelay(retry: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1))
  return Math.round(ceiling / 2 + (ceiling / 2) * random())
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date. Undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined
  const trimmed = value.trim()
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000)
  const date = Date.parse(trimmed)
  if (Number.isNaN(date)) return undefined
  return Math.max(0, date - now)
}

export interface RetryOptions {
  clock: Clock
  /** Clock time by which every attempt and wait must be over; a function when it may move sooner (a cancel). */
  deadline: number | (() => number)
  /** Attempts in all, the first included. */
  maxAttempts: number
  /** How long to wait after failed attempt `attempt` before the next; undefined: do not retry this failure. */
  delayAfter: (error: unknown, attempt: number) => number | undefined
  /** Called before each wait (a warning in the log, for example). */
  onRetry?: (error: unknown, attempt: number, delayMs: number) => void
  /** What to throw when giving up (no retry, or the last attempt failed); default the error itself. */
  giveUp?: (error: unknown, attempt: number) => unknown
  /** What to throw when the wait would pass the deadline; default as `giveUp`. */
  outOfTime?: (error: unknown, attempt: number, delayMs: number) => unknown
  /**
   * Ends a wait early: the runner cancelled the step. With `stop`, the wait is over and what it
   * returns is thrown; without, the deadline is read again and the wait goes on only if the rest
   * of it still fits (clean-up, which the runner's grace bounds).
   */
  interrupt?: { signal: AbortSignal; stop?: (error: unknown, attempt: number, delayMs: number) => unknown }
}

/** Runs `attempt` until it succeeds, a failure is not worth retrying, attempts run out, or time does. */
export async function retrying<T>(attempt: (n: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const giveUp = options.giveUp ?? ((error: unknown) => error)
  const deadline = typeof options.deadline === 'function' ? options.deadline : () => options.deadline as number
  const { clock, interrupt } = options
  const outOfTime = (error: unknown, n: number, delay: number) =>
    options.outOfTime ? options.outOfTime(error, n, delay) : giveUp(error, n)
  for (let n = 1; ; n++) {
    try {
      return await attempt(n)
    } catch (error) {
      const delay = n < options.maxAttempts ? options.delayAfter(error, n) : undefined
      if (delay === undefined) throw giveUp(error, n)
      if (interrupt?.signal.aborted && interrupt.stop) throw interrupt.stop(error, n, delay)
      if (clock.now() + delay >= deadline()) throw outOfTime(error, n, delay)
      options.onRetry?.(error, n, delay)
      const due = clock.now() + delay
      // A signal that came before the wait cannot end it: the deadline above already counts it.
      const listening = interrupt !== undefined && !interrupt.signal.aborted
      await clock.sleep(delay, listening ? interrupt.signal : undefined)
      if (listening && interrupt.signal.aborted && clock.now() < due) {
        if (interrupt.stop) throw interrupt.stop(error, n, delay)
        if (due >= deadline()) throw outOfTime(error, n, delay)
        await clock.sleep(due - clock.now())
      }
    }
  }
}
