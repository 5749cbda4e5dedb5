// The service's rate limits, enforced only when asked for: 700 requests a minute per account,
// bursts of 40 a second per route, and 10 a second for organization-key creation. Past a limit
// the emulator answers 429 with Retry-After, as the service does. Refused requests do not count.

export interface RateLimits {
  /** Requests a minute per account (every key of the emulator belongs to one account). */
  perMinute: number
  /** Requests a second per route: method and path, ids left out. */
  perRoutePerSecond: number
  /** Requests a second to POST /organizations/{org_id}/api_keys. */
  orgKeyCreatesPerSecond: number
  /**
   * `sliding`: at most the limit in any window (a minute, a second). `fixed`: at most the limit
   * in each calendar window of the emulator's clock, which lets a whole minute's budget go in
   * its first seconds and then refuses everything until the next minute.
   */
  window: 'sliding' | 'fixed'
}

export const SERVICE_RATE_LIMITS: RateLimits = {
  perMinute: 700,
  perRoutePerSecond: 40,
  orgKeyCreatesPerSecond: 10,
  window: 'sliding',
}

const MINUTE_MS = 60_000
const SECOND_MS = 1000

/** How many requests one window admits, and when a refused request may come back. */
class Window {
  private readonly limit: number
  private readonly lengthMs: number
  private readonly fixed: boolean
  /** Sliding: times of admitted requests within the window, oldest first. */
  private readonly admitted: number[] = []
  private head = 0
  /** Fixed: the current window's index and count. */
  private index = -1
  private count = 0

  constructor(limit: number, lengthMs: number, fixed: boolean) {
    this.limit = limit
    this.lengthMs = lengthMs
    this.fixed = fixed
  }

  /** Milliseconds until a request is admitted; 0 when it is admitted now. */
  wait(now: number): number {
    if (this.fixed) {
      const index = Math.floor(now / this.lengthMs)
      if (index !== this.index) return 0
      return this.count < this.limit ? 0 : (index + 1) * this.lengthMs - now
    }
    while (this.head < this.admitted.length && this.admitted[this.head]! <= now - this.lengthMs) this.head++
    if (this.head > 1024) {
      this.admitted.splice(0, this.head)
      this.head = 0
    }
    const inWindow = this.admitted.length - this.head
    return inWindow < this.limit ? 0 : this.admitted[this.head]! + this.lengthMs - now
  }

  admit(now: number): void {
    if (this.fixed) {
      const index = Math.floor(now / this.lengthMs)
      if (index !== this.index) {
        this.index = index
        this.count = 0
      }
      this.count++
    } else this.admitted.push(now)
  }
}

/** The route a request counts against: `GET /projects/{}/operations/{}`. */
export function routeOf(method: string, segments: string[]): string {
  // The API's paths alternate collection names and ids: /projects/{id}/operations/{id}.
  return `${method} /${segments.map((segment, i) => (i % 2 === 1 ? '{}' : segment)).join('/')}`
}

export class RateLimiter {
  private readonly limits: RateLimits
  private readonly account: Window
  private readonly routes = new Map<string, Window>()

  constructor(limits: RateLimits) {
    this.limits = limits
    this.account = new Window(limits.perMinute, MINUTE_MS, limits.window === 'fixed')
  }

  /**
   * Admits a request to `route` at `now`, or says how many whole seconds to wait (Retry-After):
   * the longest wait of the limits it is over.
   */
  admit(route: string, now: number): { ok: true } | { ok: false; retryAfterSeconds: number } {
    const perRoute = this.routeWindow(route)
    const waitMs = Math.max(this.account.wait(now), perRoute.wait(now))
    if (waitMs > 0) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / SECOND_MS)) }
    this.account.admit(now)
    perRoute.admit(now)
    return { ok: true }
  }

  private routeWindow(route: string): Window {
    let window = this.routes.get(route)
    if (!window) {
      const limit =
        route === 'POST /organizations/{}/api_keys' ? this.limits.orgKeyCreatesPerSecond : this.limits.perRoutePerSecond
      window = new Window(limit, SECOND_MS, this.limits.window === 'fixed')
      this.routes.set(route, window)
    }
    return window
  }
}
