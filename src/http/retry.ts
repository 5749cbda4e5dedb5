/**
 * When a request may be sent again, and how long to wait first: every rule of the action in one
 * table (RETRY_POLICIES), and `retrying`, the one loop every retry goes through: a request sent
 * again by its client, a key created again after a lost answer (keys/creation.ts), a waiter's
 * poll round and a listing's page read again after the platform said it was congested
 * (operations/waiter.ts, operations/listing.ts), a secret written again, a new key's proof.
 * Modelled on octokit's retry and throttling plugins: a short list of statuses, Retry-After
 * honoured, attempts bounded. A write that may have been carried out is never sent again blindly:
 * the `once`, `recreate` and `githubWrite` rows are the ones to read before changing anything here.
 *
 * Two loops read again apart from it, because they read again after an answer, not after a
 * failure: the waiter's rounds, every `poll-interval` until the operations are done
 * (operations/waiter.ts, paced by operations/pacing.ts), and the post step's look for the key of
 * a create that the runner's cancel cut off, every 5 s for 30 s (post.ts). Each request they
 * send, and each round the platform is congested for, is retried here.
 */
import type { Clock } from '../base/clock.ts'
import { RequestError } from './errors.ts'

/** Statuses after which a platform read is safe to send again (the platform's 423 and 503 always are). */
const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([423, 429, 500, 502, 503, 504])
/** Statuses with which the platform says it did not carry the request out, so even a write may be sent again. */
export const NOT_CARRIED_OUT_STATUSES: ReadonlySet<number> = new Set([423, 429, 503])
/** Statuses that say the service is congested (rate limited or overloaded), not that anything failed. */
const CONGESTION_STATUSES: ReadonlySet<number> = new Set([429, 503])
/** GitHub asks for at least a minute after a secondary rate limit that names no Retry-After. */
const GITHUB_RATE_LIMIT_WAIT_MS = 60_000
/** How long a paced listing waits after a 429 that names no Retry-After; its pacer holds every request as long. */
export const CONGESTION_PAUSE_MS = 1000

export interface RetryPolicy {
  /** Attempts in all, the first included; infinite: as many as the deadline leaves time for. */
  attempts: number
  /** How long to wait after failed attempt `n` (from 1) before the next; undefined: it is not sent again. */
  delay(error: RequestError, n: number, random: () => number): number | undefined
}

/** Exponential back-off with jitter: about 1 s, 2 s, 4 s… up to 20 s; the jitter keeps parallel jobs from retrying in step. */
export function backoff(n: number, random: () => number = Math.random): number {
  const ceiling = Math.min(20_000, 1000 * 2 ** (n - 1))
  return Math.round(ceiling / 2 + (ceiling / 2) * random())
}

/**
 * How a caller that polls slows down when the platform is congested (operations/pacing.ts,
 * PollPace): the wait before its next poll after a 429 or 503, and its interval from then on.
 */
export interface CongestionPace {
  afterCongestion(retryAfterMs: number | undefined): number
}

const status = (error: RequestError) => (error.kind === 'http' ? (error.status ?? 0) : undefined)
const congested = (error: RequestError) => CONGESTION_STATUSES.has(status(error) ?? 0)
/** No answer, or a body cut off in transit: the fault of the way there, not of the request. */
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

/** Every retry rule of the action. */
export const RETRY_POLICIES = {
  /** A platform read, or a write whose repetition is harmless (revoking a key): after any failure that may pass. */
  read: rule(5, readDelay),
  /**
   * A platform write that must not be repeated blindly (creating a key): only when the platform
   * certainly did not carry it out (423, 429, 503, or no connection at all).
   */
  once: rule(5, (error, n, random) =>
    NOT_CARRIED_OUT_STATUSES.has(status(error) ?? 0) ||
    (noAnswer(error) && error.kind !== 'malformed' && !error.mayHaveReachedServer)
      ? afterBackoff(error, n, random)
      : undefined,
  ),
  /**
   * A key's create again, after an attempt whose answer was lost (it may have made a key): once,
   * at once, and only after the clean-up revoked the key that attempt made or found none
   * (keys/creation.ts). Never after the runner's cancel or the step's timeout.
   */
  recreate: rule(2, (error) => (error.mayHaveTakenEffect && !error.final ? 0 : undefined)),
  /**
   * A read of the operations (the waiter's polls, list-operations' pages): as `read`, but a 429 or
   * 503 goes back to the caller at once, to its `congestedPoll` or `congested` row.
   */
  poll: rule(5, (error, n, random) => (congested(error) ? undefined : readDelay(error, n, random))),
  /**
   * A waiter's poll round the platform is too busy for (429, 503): polled again as long as the
   * step's timeout lasts, after the wait its pace gives (Retry-After at least, the interval widened).
   */
  congestedPoll: (pace: CongestionPace): RetryPolicy =>
    rule(Number.POSITIVE_INFINITY, (error) => {
      if (!congested(error)) return undefined
      return pace.afterCongestion(error.retryAfterMs)
    }),
  /**
   * A page of a paced listing the platform is too busy for (429, 503): read again after
   * Retry-After, a 429 that names none after CONGESTION_PAUSE_MS, a 503 that names none after a
   * back-off. The listing's pacer holds every other request of the step back as long.
   */
  congested: rule(10, (error, n, random) => {
    if (!congested(error)) return undefined
    return error.retryAfterMs ?? (error.status === 429 ? CONGESTION_PAUSE_MS : backoff(n, random))
  }),
  /** A GitHub read: after no answer, a 5xx, or a rate limit (Retry-After, the limit's reset, else a minute). */
  githubRead: rule(3, githubDelay),
  /**
   * A secret's write: as a GitHub read (the same sealed value again is harmless), but not after
   * one GitHub held past its own time limit: it may still be carrying that one out.
   */
  githubWrite: rule(3, (error, n) => (error.kind === 'timeout' ? undefined : githubDelay(error, n))),
  /** The first read with a new key: a 401 while the platform makes the key known everywhere. */
  keyProof: rule(3, (error, n) => (error.kind === 'http' && error.status === 401 ? 1000 * n : undefined)),
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
  /** The jitter's source; Math.random by default. */
  random?: () => number
  /** True once no attempt may start any more (the runner cancelled the step): the failure is final. */
  cancelled?: () => boolean
  /** Called before each wait (a warning in the log, for example). */
  onRetry?: (error: RequestError, attempt: number, delayMs: number) => void
  /** What to throw when giving up (no retry, or the last attempt failed); default the error itself. */
  giveUp?: (error: unknown, attempt: number) => unknown
  /** What to throw when the wait would pass the deadline; default as `giveUp`. */
  outOfTime?: (error: RequestError, attempt: number, delayMs: number) => unknown
  /**
   * A wait that would pass the deadline ends at it instead, and the attempt then goes, to fail on
   * the deadline: for a paced listing, whose pacer holds its other requests until then too.
   */
  untilDeadline?: boolean
  /**
   * Ends a wait early: the runner cancelled the step. With `stop`, the wait is over and what it
   * returns is thrown; without, the deadline is read again and the wait goes on only if the rest
   * of it still fits (clean-up, which the runner's grace bounds).
   */
  interrupt?: { signal: AbortSignal; stop?: (error: RequestError, attempt: number, delayMs: number) => unknown }
}

/**
 * Runs `attempt` until it succeeds, `policy` does not send a failure again (any failure that is
 * not a RequestError is never sent again), attempts run out, or time does.
 */
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
      // A signal that came before the wait cannot end it: the deadline above already counts it.
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
