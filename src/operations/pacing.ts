import type { PacedAnswer } from '../api/client.ts'
import type { Clock } from '../base/clock.ts'
import { CONGESTION_PAUSE_MS } from '../http/retry.ts'

/** Or `poll-interval`, when that is longer. */
export const MAX_CONGESTED_INTERVAL_MS = 60_000
const WIDENING = 2
/** Each answered round adds back 1/NARROWING_ROUNDS of the normal rate: slowly, so a fleet stays under the limit. */
const NARROWING_ROUNDS = 16

/**
 * The waiter's wait between polls. Every job of an account shares its rate limit, so a matrix of waiters must slow
 * down together: a 429, 503 or 423 doubles the interval, and each answered round narrows it back to `poll-interval`.
 * Jitter keeps jobs told the same Retry-After apart (docs/rate-limits.md).
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

  /** Without jitter. */
  get intervalMs(): number {
    return this.currentMs
  }

  get widened(): boolean {
    return this.currentMs > this.baseMs
  }

  /** A widened interval narrows by one step. */
  afterAnswer(): number {
    this.currentMs = Math.max(this.baseMs, 1 / (1 / this.currentMs + 1 / (this.baseMs * NARROWING_ROUNDS)))
    if (!this.widened) return this.baseMs
    // Jitter keeps slowed jobs from falling back into step. The wait is never shorter than poll-interval.
    return Math.max(this.baseMs, Math.round(this.currentMs * (0.75 + 0.5 * this.random())))
  }

  /** Never sooner than Retry-After. */
  afterCongestion(retryAfterMs: number | undefined): number {
    this.currentMs = Math.min(this.maxMs, this.currentMs * WIDENING)
    return Math.round(Math.max(retryAfterMs ?? 0, this.currentMs) + (this.random() * this.currentMs) / 2)
  }
}

/** Per account a minute, and per route a second. */
export interface RateBudget {
  perMinute: number
  perRoutePerSecond: number
}

const SERVICE_RATE_BUDGET: RateBudget = { perMinute: 700, perRoutePerSecond: 40 }

export { CONGESTION_PAUSE_MS }

/** One rate-limit window: the requests in flight, and when the finished ones were answered. */
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

  /** 0 for now; undefined when only a request in flight can make room. */
  waitAt(now: number): number | undefined {
    while (this.head < this.ended.length && this.ended[this.head]! <= now - this.lengthMs) this.head++
    if (this.head > 1024) {
      this.ended.splice(0, this.head)
      this.head = 0
    }
    const inWindow = this.ended.length - this.head
    const over = this.inFlight + inWindow - this.limit + 1
    if (over <= 0) return 0
    // Requests in flight end later than those ended, so the `over`-th oldest ended one frees the place.
    return over <= inWindow ? this.ended[this.head + over - 1]! + this.lengthMs - now : undefined
  }

  end(at: number): void {
    this.inFlight--
    // Answers come in any order; waitAt needs ascending times.
    this.ended.push(Math.max(at, this.ended.at(-1) ?? at))
  }
}

/**
 * Keeps a step's requests under the account's rate limits, so reading hundreds of projects costs no 429. A request
 * counts from its answer, not its sending: the service saw it before, so its window never holds more than the limit,
 * whatever the network's delays. A 429 holds every request back as long as it says.
 */
export class RequestPacer {
  private readonly clock: Clock
  private readonly budget: RateBudget
  private readonly account: Window
  private readonly routes = new Map<string, Window>()
  private pausedUntil = Number.NEGATIVE_INFINITY
  private queue: Promise<unknown> = Promise.resolve()
  private ended: { promise: Promise<void>; resolve: () => void } = settles()
  /** Requests sent, and answers that asked the step to slow down. */
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

/** `GET /projects/{}/operations`: the API's paths alternate names and ids. */
export function routeOf(request: { method: string; path: string }): string {
  const segments = request.path.split('?')[0]!.split('/').filter(Boolean)
  return `${request.method} /${segments.map((segment, i) => (i % 2 === 1 ? '{}' : segment)).join('/')}`
}

function settles(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined
  const promise = new Promise<void>((done) => (resolve = done))
  return { promise, resolve }
}
