/**
 * How long the waiter waits between two polls. Normally `poll-interval`. Every job of an account
 * shares the account's rate limit (700 requests a minute, 40 a second per route), so a matrix
 * of waiters must slow down together when the service says it is congested:
 * - a 429 or 503 doubles this job's interval, up to a bound, and the next poll comes no sooner
 *   than Retry-After, plus a random part so jobs told the same Retry-After do not return together;
 * - every round the service answers narrows the interval again, back to `poll-interval`: fast
 *   from a long interval, gently near the normal one, where congestion starts again.
 * The first poll goes out at once, with no random offset: in a model of 100 jobs started
 * together (`npm run bench -- --only rate-limits`) an offset of up to 3 s before the first or
 * the second poll changed neither the 429s nor the detection latency beyond the noise between
 * seeds, and it cost every gate whose operations were already done that much time for nothing.
 * At `poll-interval` the pace has no jitter: a calm waiter polls exactly that often.
 */
/** Congestion widens the interval up to this (or to `poll-interval`, when that is longer). */
export const MAX_CONGESTED_INTERVAL_MS = 60_000
/** Each congested round multiplies the interval by this. */
const WIDENING = 2
/**
 * Each answered round adds 1/NARROWING_ROUNDS of the normal polling rate to a widened interval's
 * rate: from twice `poll-interval` back to it in 8 rounds, from eight times in 14. Narrowing
 * slowly keeps a fleet just under the account's limit instead of overshooting it into long
 * Retry-After waits: in a model of 100 jobs (`npm run bench -- --only rate-limits`), 16 gave the
 * shortest slowest detections and the fewest 429s of 4, 8, 16, 24 and 32.
 */
const NARROWING_ROUNDS = 16

export class PollPace {
  readonly baseMs: number
  readonly maxMs: number
  private currentMs: number
  private readonly random: () => number

  constructor(baseMs: number, random: () => number = Math.random) {
    this.baseMs = baseMs
    this.maxMs = Math.max(baseMs, MAX_CONGESTED_INTERVAL_MS)
    this.currentMs = baseMs
    this.random = random
  }

  /** The interval the waiter polls at now, without jitter. */
  get intervalMs(): number {
    return this.currentMs
  }

  /** Whether congestion has widened the interval beyond `poll-interval`. */
  get widened(): boolean {
    return this.currentMs > this.baseMs
  }

  /** The wait after a round the service answered; a widened interval narrows a step. */
  afterAnswer(): number {
    this.currentMs = Math.max(this.baseMs, 1 / (1 / this.currentMs + 1 / (this.baseMs * NARROWING_ROUNDS)))
    if (!this.widened) return this.baseMs
    // Jitter keeps slowed jobs from falling back into step; never faster than poll-interval.
    return Math.max(this.baseMs, Math.round(this.currentMs * (0.75 + 0.5 * this.random())))
  }

  /** The wait after a 429 or 503: the widened interval, and never sooner than Retry-After. */
  afterCongestion(retryAfterMs: number | undefined): number {
    this.currentMs = Math.min(this.maxMs, this.currentMs * WIDENING)
    return Math.round(Math.max(retryAfterMs ?? 0, this.currentMs) + (this.random() * this.currentMs) / 2)
  }
}
