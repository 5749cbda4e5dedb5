/**
 * When a request may be sent again, and how long to wait first. RETRY_POLICIES holds every retry rule of the action.
 * `retrying` is the one loop that every retry goes through: a client's request, a key's create after a lost answer
 * (keys/life.ts), a waiter's poll round or a listing's page after the platform was congested
 * (operations/waiter.ts, operations/listing.ts), a secret's write, and a new key's proof. The rules follow octokit's
 * retry and throttling plugins: a short list of statuses, Retry-After honoured, a bounded number of attempts.
 * A write that may have been carried out is never sent again blindly. Read the `once`, `recreate` and `githubWrite`
 * rows before you change anything here.
 *
 * Two loops repeat their reads outside this file, because they read again after an answer, not after a failure. The
 * waiter polls every `poll-interval` until the operations are done (operations/waiter.ts, paced by
 * operations/pacing.ts). The post step looks every 5 s for 30 s for the key of a create that the runner's cancel cut
 * off (post.ts). Each request they send, and each round the platform is too busy for, is retried here.
 */
import type { Clock } from '../base/clock.ts'
import { RequestError } from './errors.ts'

/** Statuses after which a platform read may be sent again. */
const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([423, 429, 500, 502, 503, 504])
/** Statuses with which the platform says it did not carry the request out, so even a write may be sent again. */
export const NOT_CARRIED_OUT_STATUSES: ReadonlySet<number> = new Set([423, 429, 503])
/** Statuses that say the service is congested (rate limited or overloaded), not that anything failed. */
const CONGESTION_STATUSES: ReadonlySet<number> = new Set([429, 503])
/**
 * Statuses a waiter's poll waits out within the step's timeout: congestion, and 423 Locked, the platform's answer while
 * another operation holds the project. Waiting for operations to end is what a waiter does, so a lock is no failure.
 */
const WAITED_STATUSES: ReadonlySet<number> = new Set([423, ...CONGESTION_STATUSES])
/** GitHub asks for at least a minute after a secondary rate limit that names no Retry-After. */
const GITHUB_RATE_LIMIT_WAIT_MS = 60_000
/** How long a paced listing waits after a 429 without Retry-After. Its pacer holds back every request as long. */
export const CONGESTION_PAUSE_MS = 1000

export interface RetryPolicy {
  /** Attempts in all, the first included. Infinity means as many as the deadline allows. */
  attempts: number
  /** How long to wait after failed attempt `n` (from 1). Undefined means no retry. */
  delay(error: RequestError, n: number, random: () => number): number | undefined
}

/** Exponential back-off with jitter: about 1 s, 2 s, 4 s… up to 20 s. The jitter keeps parallel jobs out of step. */
export function backoff(n: number, random: () => number = Math.random): number {
  const ceiling = Math.min(20_000, 1000 * 2 ** (n - 1))
  return Math.round(ceiling / 2 + (ceiling / 2) * random())
}

/**
 * How a polling caller slows down when the platform is congested (PollPace, operations/pacing.ts). After a 429 or
 * 503, it sets the wait before the next poll, and the interval from then on.
 */
export interface CongestionPace {
  afterCongestion(retryAfterMs: number | undefined): number
}

const status = (error: RequestError) => (error.kind === 'http' ? (error.status ?? 0) : undefined)
const congested = (error: RequestError) => CONGESTION_STATUSES.has(status(error) ?? 0)
const waited = (error: RequestError) => WAITED_STATUSES.has(status(error) ?? 0)
/** No answer, or a body cut off on the way. The network is at fault, not the request. */
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
  /** A platform read, or a write that is harmless to repeat (revoking a key). Retried after a failure that may pass. */
  read: rule(5, readDelay),
  /**
   * A platform write that must not be repeated blindly (creating a key). Retried only when the platform certainly did
   * not carry it out: 423, 429, 503, or no connection at all.
   */
  once: rule(5, (error, n, random) =>
    NOT_CARRIED_OUT_STATUSES.has(status(error) ?? 0) ||
    (noAnswer(error) && error.kind !== 'malformed' && !error.mayHaveReachedServer)
      ? afterBackoff(error, n, random)
      : undefined,
  ),
  /**
   * A key's create, sent again after an attempt whose answer was lost (it may have made a key). Sent once more, at
   * once, and only after the clean-up revoked that key or found none (keys/life.ts). Never after the runner's
   * cancel or the step's timeout.
   */
  recreate: rule(2, (error) => (error.mayHaveTakenEffect && !error.final ? 0 : undefined)),
  /**
   * A read of list-operations' pages. Like `read`, but a 429 or 503 goes back to the listing at once, for its
   * `congested` row.
   */
  poll: rule(5, (error, n, random) => (congested(error) ? undefined : readDelay(error, n, random))),
  /**
   * A read of the waiter's polls. Like `read`, but a 423, 429 or 503 goes back to the waiter at once, for its
   * `congestedPoll` row.
   */
  wait: rule(5, (error, n, random) => (waited(error) ? undefined : readDelay(error, n, random))),
  /**
   * A waiter's poll round that the platform is too busy for (429, 503), or locked (423). The waiter polls again as
   * long as the step's timeout lasts, after the wait its pace gives: at least Retry-After, with a wider interval.
   */
  congestedPoll: (pace: CongestionPace): RetryPolicy =>
    rule(Number.POSITIVE_INFINITY, (error) => {
      if (!waited(error)) return undefined
      return pace.afterCongestion(error.retryAfterMs)
    }),
  /**
   * A page of a paced listing that the platform is too busy for (429, 503). It is read again after Retry-After.
   * Without Retry-After, a 429 waits CONGESTION_PAUSE_MS and a 503 a back-off. The listing's pacer holds back every
   * other request of the step for as long.
   */
  congested: rule(10, (error, n, random) => {
    if (!congested(error)) return undefined
    return error.retryAfterMs ?? (error.status === 429 ? CONGESTION_PAUSE_MS : backoff(n, random))
  }),
  /** A GitHub read. Retried after no answer, a 5xx, or a rate limit (after Retry-After, the limit's reset, or 60 s). */
  githubRead: rule(3, githubDelay),
  /**
   * A secret's write. Like a GitHub read, because writing the same sealed value again is harmless. But not after a
   * write that got no answer in time: GitHub may still be carrying it out.
   */
  githubWrite: rule(3, (error, n) => (error.kind === 'timeout' ? undefined : githubDelay(error, n))),
  /** The first read with a new key. Retried after a 401, while the platform makes the key known everywhere. */
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
  /** When every attempt and wait must be over. A function if a cancel can move it. */
  deadline: number | (() => number)
  /** The random source of the jitter. Math.random by default. */
  random?: () => number
  /** True once no attempt may start (the runner cancelled the step). The failure is then final. */
  cancelled?: () => boolean
  /** Called before each wait (a warning in the log, for example). */
  onRetry?: (error: RequestError, attempt: number, delayMs: number) => void
  /** What to throw on giving up (no retry, or the last attempt failed). By default, the error itself. */
  giveUp?: (error: unknown, attempt: number) => unknown
  /** What to throw when the wait would pass the deadline. By default, as `giveUp`. */
  outOfTime?: (error: RequestError, attempt: number, delayMs: number) => unknown
  /**
   * A wait that would pass the deadline ends at the deadline instead, and the attempt goes and fails on it. A paced
   * listing uses this, because its pacer holds back its other requests until then too.
   */
  untilDeadline?: boolean
  /**
   * Ends a wait early when the runner cancels the step. With `stop`, the wait ends and `retrying` throws what `stop`
   * returns. Without it, the wait goes on only if the rest still fits before the deadline (clean-up, which the
   * runner's grace period bounds).
   */
  interrupt?: { signal: AbortSignal; stop?: (error: RequestError, attempt: number, delayMs: number) => unknown }
}

/**
 * Runs `attempt` until it succeeds, `policy` refuses to send a failure again, the attempts run out, or time does. A
 * failure that is not a RequestError is never sent again.
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
      // A signal that came before the wait cannot end it, because the deadline above already counts it.
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
