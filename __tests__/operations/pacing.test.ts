// src/operations/pacing.ts: the pace of the polls: the interval, widened on congestion and narrowed back, with jitter.
// Unit tests, in this process.
import { describe, expect, it } from '@jest/globals'
import { MAX_CONGESTED_INTERVAL_MS, PollPace } from '../../src/operations/pacing.ts'

/** A jitter source that returns these values in turn. */
const sequence = (...values: number[]) => {
  let i = 0
  return () => values[i++ % values.length]!
}

describe('the poll pace', () => {
  it('polls exactly every poll-interval while the platform answers', () => {
    const pace = new PollPace(5000, sequence(0.9))
    expect([pace.afterAnswer(), pace.afterAnswer(), pace.afterAnswer()]).toEqual([5000, 5000, 5000])
    expect(pace.widened).toBe(false)
  })

  it('doubles the interval on congestion, up to 60 s, with up to half an interval of jitter', () => {
    const pace = new PollPace(5000, sequence(0))
    expect([1, 2, 3, 4, 5].map(() => pace.afterCongestion(undefined))).toEqual([10_000, 20_000, 40_000, 60_000, 60_000])
    expect(pace.intervalMs).toBe(MAX_CONGESTED_INTERVAL_MS)
    const jittered = new PollPace(5000, sequence(1))
    expect(jittered.afterCongestion(undefined)).toBe(15_000)
  })

  it('never polls before Retry-After', () => {
    const pace = new PollPace(5000, sequence(0.5))
    // Retry-After 25 s beats the widened 10 s; the jitter (a quarter of 10 s here) comes on top.
    expect(pace.afterCongestion(25_000)).toBe(27_500)
    expect(pace.afterCongestion(1000)).toBe(20_000 + 5000)
  })

  it('narrows back to poll-interval as answers come back, fast from far, gently near it', () => {
    const pace = new PollPace(5000, sequence(0.5))
    pace.afterCongestion(undefined)
    pace.afterCongestion(undefined)
    const delays: number[] = []
    while (pace.widened) delays.push(pace.afterAnswer())
    // 20 s is a quarter of the normal rate; each answer adds a sixteenth: 16 s, 13.3 s, … 5 s in 12 rounds.
    expect(delays).toEqual([16_000, 13_333, 11_429, 10_000, 8889, 8000, 7273, 6667, 6154, 5714, 5333, 5000])
    expect(pace.afterAnswer()).toBe(5000)
  })

  it('a poll-interval longer than the bound is never widened past itself', () => {
    const pace = new PollPace(600_000, sequence(0))
    expect(pace.afterCongestion(undefined)).toBe(600_000)
    expect(pace.afterAnswer()).toBe(600_000)
  })
})

describe('jitter while slowed', () => {
  it('spreads a widened interval over ¾ to 1¼ of it, never below poll-interval', () => {
    const slowed = (random: () => number) => {
      const pace = new PollPace(5000, random)
      pace.afterCongestion(undefined)
      pace.afterCongestion(undefined)
      return pace
    }
    // 20 s narrows to 16 s: ¾ of it, or 1¼.
    expect(slowed(sequence(0, 0, 0)).afterAnswer()).toBe(12_000)
    expect(slowed(sequence(0, 0, 1)).afterAnswer()).toBe(20_000)
    const near = new PollPace(5000, sequence(0))
    near.afterCongestion(undefined)
    const delays = Array.from({ length: 7 }, () => near.afterAnswer())
    // The 7th answer leaves 5.3 s, still widened: ¾ of it would be 4 s, below poll-interval.
    expect([near.widened, delays.at(-1)]).toEqual([true, 5000])
  })
})
