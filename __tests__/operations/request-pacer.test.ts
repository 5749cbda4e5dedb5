import { describe, expect, it } from '@jest/globals'
import type { PacedAnswer } from '../../src/api/client.ts'
import { CONGESTION_PAUSE_MS, RequestPacer, routeOf } from '../../src/operations/pacing.ts'
import { manualClock } from '../support/clock.ts'

/**
 * The request pacer: a request goes only when fewer than the limit of each of its windows (the
 * account's minute, its route's second) are in flight or were answered within the window.
 */
const T0 = Date.parse('2026-11-21T10:00:00Z')
const OPERATIONS = { method: 'GET', path: '/projects/p-1/operations' }
const FAR = T0 + 3_600_000

function setup(budget = { perMinute: 700, perRoutePerSecond: 40 }) {
  const clock = manualClock(T0)
  const pacer = new RequestPacer(clock, budget)
  /** Takes a turn; resolves with when it went and how to end it. */
  const turn = async (request = OPERATIONS, deadline = FAR) => {
    const end = await pacer.turn(request, deadline)
    return { at: clock.now() - T0, end: (answer: PacedAnswer = {}) => end(answer) }
  }
  return { clock, pacer, turn }
}

describe('RequestPacer', () => {
  it('lets a route have 40 requests a second, counted from their answers', async () => {
    const { clock, turn } = setup()
    const first = []
    for (let i = 0; i < 40; i++) first.push(await turn())
    expect(first.map((t) => t.at)).toEqual(new Array(40).fill(0))
    // Answered 300 ms later: the 41st goes a second after the first answer, not the first sending.
    clock.advance(300)
    for (const t of first) t.end()
    expect((await turn()).at).toBe(1300)
  })

  it('a window full of requests in flight waits for an answer, and then a second from it', async () => {
    const { clock, turn } = setup({ perMinute: 700, perRoutePerSecond: 2 })
    const a = await turn()
    await turn()
    let third: number | undefined
    const waiting = turn().then((t) => (third = t.at))
    await new Promise((resolve) => setImmediate(resolve))
    expect(third).toBeUndefined()
    clock.advance(50)
    a.end()
    await waiting
    expect(third).toBe(1050)
  })

  it('routes have windows of their own; the account has one for all of them, a minute long', async () => {
    const { turn } = setup({ perMinute: 5, perRoutePerSecond: 3 })
    const sent = []
    for (const path of [
      '/projects/a/operations',
      '/projects/b/operations',
      '/projects/c/operations',
      '/projects',
      '/auth',
    ]) {
      const t = await turn({ method: 'GET', path })
      t.end()
      sent.push(t.at)
    }
    // Three of the operations route in its first second, the other routes beside them, and the account's sixth a minute on.
    expect(sent).toEqual([0, 0, 0, 0, 0])
    expect((await turn({ method: 'GET', path: '/auth' })).at).toBe(60_000)
  })

  it('takes turns in the order they were asked', async () => {
    const { turn } = setup({ perMinute: 700, perRoutePerSecond: 1 })
    const order: string[] = []
    await Promise.all(
      ['a', 'b', 'c'].map((name) =>
        turn().then((t) => {
          order.push(`${name}@${t.at}`)
          t.end()
        }),
      ),
    )
    expect(order).toEqual(['a@0', 'b@1000', 'c@2000'])
  })

  it('a 429 holds every request back as long as Retry-After says, or a second; a 503 only when it says how long', async () => {
    const { pacer, turn } = setup()
    ;(await turn()).end({ status: 429, retryAfterMs: 4000 })
    expect((await turn()).at).toBe(4000)
    ;(await turn()).end({ status: 429 })
    expect((await turn()).at).toBe(4000 + CONGESTION_PAUSE_MS)
    ;(await turn()).end({ status: 503 })
    expect((await turn()).at).toBe(5000)
    ;(await turn()).end({ status: 503, retryAfterMs: 2000 })
    expect((await turn()).at).toBe(7000)
    expect([pacer.sent, pacer.congested]).toEqual([8, 3])
  })

  it('never waits past the deadline: the request then goes, to fail on it', async () => {
    const { turn } = setup({ perMinute: 700, perRoutePerSecond: 1 })
    ;(await turn()).end()
    expect((await turn(OPERATIONS, T0 + 250)).at).toBe(250)
  })

  it('an answer reported twice counts once', async () => {
    const { clock, turn } = setup({ perMinute: 700, perRoutePerSecond: 1 })
    const a = await turn()
    a.end()
    clock.advance(900)
    a.end()
    expect((await turn()).at).toBe(1000)
  })

  it("a route is its method and path with the ids left out, as the service's limits count them", () => {
    expect(routeOf({ method: 'GET', path: '/projects/quiet-river-1/operations' })).toBe('GET /projects/{}/operations')
    expect(routeOf({ method: 'GET', path: '/projects/p/operations/0000-1?x=1' })).toBe('GET /projects/{}/operations/{}')
    expect(routeOf({ method: 'POST', path: '/api_keys' })).toBe('POST /api_keys')
  })
})
