/**
 * Every retry rule, and the one loop they go through (docs/what-happens-when.md). A write that may have been carried
 * out is never sent again blindly: read the `once`, `recreate` and `github` rows before you change anything.
 * Loops that read again after an answer (the waiter's polls, the look for a late key) are not retries.
 */
import type { Clock } from '../base/clock.ts'
import { RequestError } from './errors.ts'

/** After these, a platform read may be sent again. */
const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([423, 429, 500, 502, 503, 504])
/** With these the platform says it did not carry the request out, so even a write may be sent again. */
export const NOT_CARRIED_OUT_STATUSES: ReadonlySet<number> = new Set([423, 429, 503])
/** Rate limited or overloaded: congestion, not a failure. */
const CONGESTION_STATUSES: ReadonlySet<number> = new Set([429, 503])
/** A waiter waits these out: congestion, and 423 Locked while another operation holds the project. */
const WAITED_STATUSES: ReadonlySet<number> = new Set([423, ...CONGESTION_STATUSES])
/** GitHub asks for at least a minute after a secondary rate limit with no Retry-After. */
const GITHUB_RATE_LIMIT_WAIT_MS = 60_000
/** A paced listing's wait after a 429 without Retry-After. Its pacer holds back every request as long. */
export const CONGESTION_PAUSE_MS = 1000

export interface RetryPolicy {
  /** Attempts in all, the first included. Infinity: as many as the deadline allows. */
  attempts: number
  /** The wait after failed attempt `n` (from 1). Undefined means no retry. */
  delay(error: RequestError, n: number, random: () => number): number | undefined
}

/** About 1 s, 2 s, 4 s… up to 20 s. The jitter keeps parallel jobs out of step. */
export function backoff(n: number, random: () => number = Math.random): number {
  const ceiling = Math.min(20_000, 1000 * 2 ** (n - 1))
  return Math.round(ceiling / 2 + (ceiling / 2) * random())
}

/** How a poller slows down after a 429 or 503: the wait before the next poll, and the interval from then on. */
export interface CongestionPace {
  afterCongestion(retryAfterMs: number | undefined): number
}

const status = (error: RequestError) => (error.kind === 'http' ? (error.status ?? 0) : undefined)
const congested = (error: RequestError) => CONGESTION_STATUSES.has(status(error) ?? 0)
const waited = (error: RequestError) => WAITED_STATUSES.has(status(error) ?? 0)
/** No answer, or a body cut off on the way: the network is at fault, not the request. */
const noAnswer = (error: RequestError) =>
  ['network', 'timeout', 'proxy'].includes(error.kind) || (error.kind === 'malformed' && error.code === 'truncated')
const afterBackoff = (error: RequestError, n: number, random: () => number) => error.retryAfterMs ?? backoff(n, random)

function readDelay(error: RequestError, n: number, random: () => number): number | undefined {
  return RETRYABLE_STATUSES.has(status(error) ?? 0) || noAnswer(error) ? afterBackoff(error, n, random) : undefined
}

function githubDelay(error: RequestError, n: number): number | undefined {
  if (error.final) return undefined
  if (error.status === undefined || error.status >= 500) return 1000 * n
  return error.rateLimited ? (error.retryAfterMs ?? GITHUB_RATE_LIMIT_WAIT_MS) : undefined
}

const rule = (attempts: number, delay: RetryPolicy['delay']): RetryPolicy => ({ attempts, delay })

export const RETRY_POLICIES = {
  /** A platform read, or a write harmless to repeat (a revoke). */
  read: rule(5, readDelay),
  /** A key's create: retried only when the platform surely did not carry it out. */
  once: rule(5, (error, n, random) =>
    NOT_CARRIED_OUT_STATUSES.has(status(error) ?? 0) ||
    (noAnswer(error) && error.kind !== 'malformed' && !error.mayHaveReachedServer)
      ? afterBackoff(error, n, random)
      : undefined,
  ),
  /**
   * A key's create after a lost answer: once more, only after the clean-up revoked the key that answer may have made,
   * or found none. Never after a cancel or the timeout.
   */
  recreate: rule(2, (error) => (error.mayHaveTakenEffect && !error.final ? 0 : undefined)),
  /** Like `read`, but a 429 or 503 goes back to list-operations at once, for its `congested` row. */
  poll: rule(5, (error, n, random) => (congested(error) ? undefined : readDelay(error, n, random))),
  /** Like `read`, but a 423, 429 or 503 goes back to the waiter at once, for its `congestedPoll` row. */
  wait: rule(5, (error, n, random) => (waited(error) ? undefined : readDelay(error, n, random))),
  /** A waiter's round refused as busy or locked: polled again while the timeout lasts. */
  congestedPoll: (pace: CongestionPace): RetryPolicy =>
    rule(Number.POSITIVE_INFINITY, (error) => {
      if (!waited(error)) return undefined
      return pace.afterCongestion(error.retryAfterMs)
    }),
  /** A paced listing's page refused as busy: its pacer holds back every other request as long. */
  congested: rule(10, (error, n, random) => {
    if (!congested(error)) return undefined
    return error.retryAfterMs ?? (error.status === 429 ? CONGESTION_PAUSE_MS : backoff(n, random))
  }),
  /** A GitHub read or secret write, after no answer, a 5xx, or a rate limit. The same sealed value is harmless to send again. */
  github: rule(3, githubDelay),
  /** A new key's first read: a 401 while the platform makes the key known everywhere. */
  keyProof: rule(3, (error, n) => (error.kind === 'http' && error.status === 401 ? 1000 * n : undefined)),
}

/** Delta-seconds or an HTTP date. */
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
  /** A function if a cancel can move it. */
  deadline: number | (() => number)
  random?: () => number
  /** True once no attempt may start (the runner cancelled the step). */
  cancelled?: () => boolean
  onRetry?: (error: RequestError, attempt: number, delayMs: number) => void
  giveUp?: (error: unknown, attempt: number) => unknown
  /** When the wait would pass the deadline. By default, as `giveUp`. */
  outOfTime?: (error: RequestError, attempt: number, delayMs: number) => unknown
  /** A wait past the deadline ends at it, and the attempt fails there: a paced listing's pacer waits too. */
  untilDeadline?: boolean
  /**
   * Ends a wait when the runner cancels the step, and throws what `stop` returns. Without `stop`, the wait goes on if
   * it still fits before the deadline (clean-up, bounded by the runner's grace period).
   */
  interrupt?: { signal: AbortSignal; stop?: (error: RequestError, attempt: number, delayMs: number) => unknown }
}

/** A failure that is not a RequestError is never sent again. */
export async function retrying<T>(
  attempt: (n: number) => Promise<T>,
  policy: RetryPolicy,
  options: RetryOptions,
): Promise<T> {
  const giveUp = options.giveUp ?? ((error: unknown) => error)
  const deadline = typeof options.deadline === 'function' ? options.deadline : () => options.deadline as number
  const { clock, interrupt } = options
  const outOfTime = options.outOfTime ?? giveUp
  for (let n = 1; ; n++) {
    try {
      return await attempt(n)
    } catch (error) {
      const retry = error instanceof RequestError && n < policy.attempts && !options.cancelled?.()
      let delay = retry ? policy.delay(error, n, options.random ?? Math.random) : undefined
      if (delay === undefined) throw giveUp(error, n)
      const failed = error as RequestError
      if (interrupt?.signal.aborted && interrupt.stop) throw interrupt.stop(failed, n, delay)
      if (delay > 0 && clock.now() + delay >= deadline()) {
        if (!options.untilDeadline) throw outOfTime(failed, n, delay)
        delay = Math.max(0, deadline() - clock.now())
      }
      options.onRetry?.(failed, n, delay)
      if (delay === 0) continue
      const due = clock.now() + delay
      // A signal from before the wait cannot end it: the deadline above already counts it.
      const listening = interrupt !== undefined && !interrupt.signal.aborted
      await clock.sleep(delay, listening ? interrupt.signal : undefined)
      if (listening && interrupt.signal.aborted && clock.now() < due) {
        if (interrupt.stop) throw interrupt.stop(failed, n, delay)
        if (due >= deadline()) throw outOfTime(failed, n, delay)
        await clock.sleep(due - clock.now())
      }
    }
  }
}
