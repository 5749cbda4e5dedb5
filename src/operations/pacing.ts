import type { PacedAnswer } from '../api/client.ts'
import type { Clock } from '../base/clock.ts'
import { CONGESTION_PAUSE_MS } from '../http/retry.ts'

/** Congestion widens the interval up to this (or to `poll-interval`, when that is longer). */
export const MAX_CONGESTED_INTERVAL_MS = 60_000
const WIDENING = 2
/**
 * Each answered round adds 1/NARROWING_ROUNDS of the normal polling rate to a widened interval's rate. From twice
 * `poll-interval`, the interval is back to normal in 8 rounds; from eight times, in 14. Slow narrowing keeps a fleet
 * just under the account's limit, instead of overshooting into long Retry-After waits. In a model of 100 jobs
 * (docs/rate-limits.md), 16 gave the fastest worst-case detection and the fewest 429s of 4, 8, 16, 24 and 32.
 */
const NARROWING_ROUNDS = 16

/**
 * How long the waiter waits between two polls: normally `poll-interval`. Every job of an account shares its rate
 * limit (700 requests a minute, 40 a second per route). So a matrix of waiters must slow down together when the
 * service is congested:
 * - A 429 or 503 (or a 423: the project is locked) doubles this job's interval, up to a bound. The next poll comes
 *   no sooner than Retry-After, plus a random part, so jobs told the same Retry-After do not come back together.
 * - Every answered round narrows the interval again, back to `poll-interval`. It narrows fast from a long interval,
 *   and gently near the normal one, where congestion starts again.
 * The first poll goes out at once, with no random offset. In a model of 100 jobs started together
 * (docs/rate-limits.md), an offset of up to 3 s before the first or second poll did not change the 429s or the
 * detection time beyond the noise between seeds. It only cost every gate whose operations were done that much time.
 * At `poll-interval` there is no jitter: a calm waiter polls exactly that often.
 */
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

  get widened(): boolean {
    return this.currentMs > this.baseMs
  }

  /** The wait after a round the service answered. A widened interval narrows by one step. */
  afterAnswer(): number {
    this.currentMs = Math.max(this.baseMs, 1 / (1 / this.currentMs + 1 / (this.baseMs * NARROWING_ROUNDS)))
    if (!this.widened) return this.baseMs
    // Jitter keeps slowed jobs from falling back into step. The wait is never shorter than poll-interval.
    return Math.max(this.baseMs, Math.round(this.currentMs * (0.75 + 0.5 * this.random())))
  }

  /** The wait after a 429, 503 or 423: the widened interval, and never sooner than Retry-After. */
  afterCongestion(retryAfterMs: number | undefined): number {
    this.currentMs = Math.min(this.maxMs, this.currentMs * WIDENING)
    return Math.round(Math.max(retryAfterMs ?? 0, this.currentMs) + (this.random() * this.currentMs) / 2)
  }
}

/** The platform's rate limits (docs/rate-limits.md): per account a minute, and per route a second. */
export interface RateBudget {
  perMinute: number
  perRoutePerSecond: number
}

const SERVICE_RATE_BUDGET: RateBudget = { perMinute: 700, perRoutePerSecond: 40 }

/** How long every request waits after a 429 without Retry-After (the `congested` policy of http/retry.ts). */
export { CONGESTION_PAUSE_MS }

/** One rate-limit window: the requests in flight, and when the answers of the finished ones came. */
class Window {
  readonly limit: number
  readonly lengthMs: number
  inFlight = 0
  /** Ascending; those before `head` have left the window. */
  private readonly ended: number[] = []
  private head = 0

  constructor(limit: number, lengthMs: number) {
    this.limit = limit
    this.lengthMs = lengthMs
  }

  /** How long until one more request fits: 0 for now, undefined when only a request in flight can make room. */
  waitAt(now: number): number | undefined {
    while (this.head < this.ended.length && this.ended[this.head]! <= now - this.lengthMs) this.head++
    if (this.head > 1024) {
      this.ended.splice(0, this.head)
      this.head = 0
    }
    const inWindow = this.ended.length - this.head
    const over = this.inFlight + inWindow - this.limit + 1
    if (over <= 0) return 0
    // Requests in flight end later than those that have ended. So the `over`-th oldest ended one frees the place.
    return over <= inWindow ? this.ended[this.head + over - 1]! + this.lengthMs - now : undefined
  }

  end(at: number): void {
    this.inFlight--
    // Answers come in any order, but waitAt needs the times in ascending order.
    this.ended.push(Math.max(at, this.ended.at(-1) ?? at))
  }
}

/**
 * Paces a step's requests under the account's rate limits (700 a minute, 40 a second per route), so that reading
 * hundreds of projects costs no 429. A request goes only when each of its windows (the account's minute, the route's
 * second) has room: fewer than its limit in flight or answered within the window. A request counts from its answer,
 * not from its sending. The service saw the request before the answer came, so it never counts more than the limit
 * in its window, whatever the network's delays. Requests take their turns in the order they asked.
 * A 429 (or a 503 with Retry-After) holds every request back as long as it says, or CONGESTION_PAUSE_MS when a 429
 * does not say. Other jobs of the account share its budget.
 */
export class RequestPacer {
  private readonly clock: Clock
  private readonly budget: RateBudget
  private readonly account: Window
  private readonly routes = new Map<string, Window>()
  private pausedUntil = Number.NEGATIVE_INFINITY
  private queue: Promise<unknown> = Promise.resolve()
  private ended: { promise: Promise<void>; resolve: () => void } = settles()
  /** Requests sent, and answers that asked the step to slow down (429, or 503 with Retry-After). */
  sent = 0
  congested = 0

  constructor(clock: Clock, budget: RateBudget = SERVICE_RATE_BUDGET) {
    this.clock = clock
    this.budget = budget
    this.account = new Window(budget.perMinute, 60_000)
  }

  turn(request: { method: string; path: string }, deadline: number): Promise<(answer: PacedAnswer) => void> {
    const turn = this.queue.then(() => this.admit(routeOf(request), deadline))
    this.queue = turn.catch(() => undefined)
    return turn
  }

  pause(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, this.clock.now() + ms)
  }

  private async admit(route: string, deadline: number): Promise<(answer: PacedAnswer) => void> {
    const windows = [this.account, this.routeWindow(route)]
    for (;;) {
      const now = this.clock.now()
      // Past the deadline the request goes at once, and fails on the deadline.
      if (now >= deadline) break
      let waitMs = Math.max(0, this.pausedUntil - now)
      let untilAnEnd = false
      for (const window of windows) {
        const wait = window.waitAt(now)
        if (wait === undefined) untilAnEnd = true
        else waitMs = Math.max(waitMs, wait)
      }
      if (waitMs > 0) await this.clock.sleep(Math.min(waitMs, deadline - now))
      else if (untilAnEnd) await this.ended.promise
      else break
    }
    for (const window of windows) window.inFlight++
    this.sent++
    let over = false
    return (answer) => {
      if (over) return
      over = true
      const now = this.clock.now()
      for (const window of windows) window.end(now)
      if (answer.status === 429 || (answer.status === 503 && answer.retryAfterMs !== undefined)) {
        this.congested++
        this.pause(answer.retryAfterMs ?? CONGESTION_PAUSE_MS)
      }
      const { resolve } = this.ended
      this.ended = settles()
      resolve()
    }
  }

  private routeWindow(route: string): Window {
    let window = this.routes.get(route)
    if (!window) {
      window = new Window(this.budget.perRoutePerSecond, 1000)
      this.routes.set(route, window)
    }
    return window
  }
}

/** The route a request counts against: `GET /projects/{}/operations`. The API's paths alternate names and ids. */
export function routeOf(request: { method: string; path: string }): string {
  const segments = request.path.split('?')[0]!.split('/').filter(Boolean)
  return `${request.method} /${segments.map((segment, i) => (i % 2 === 1 ? '{}' : segment)).join('/')}`
}

function settles(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined
  const promise = new Promise<void>((done) => (resolve = done))
  return { promise, resolve }
}
