// src/base/clock.ts: durations as the log writes them, and the system clock’s deadline (on jest’s fake timers).
// Unit tests, in this process.
import { describe, expect, it, jest } from '@jest/globals'
import { formatDuration, systemClock } from '../../src/base/clock.ts'

describe('formatDuration()', () => {
  it.each([
    [999, '999 ms'],
    [1000, '1 s'],
    [1500, '1.5 s'],
    [59_000, '59 s'],
    [60_000, '1 min'],
    [120_000, '2 min'],
    [125_000, '2 min 5 s'],
  ])('%i ms is %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text)
  })
})

describe('systemClock', () => {
  it('a deadline aborts after its time, and never once cleared', () => {
    jest.useFakeTimers()
    try {
      const kept = systemClock.deadline(1000)
      const cleared = systemClock.deadline(1000)
      cleared.clear()
      jest.advanceTimersByTime(999)
      expect(kept.signal.aborted).toBe(false)
      jest.advanceTimersByTime(1)
      expect(kept.signal.aborted).toBe(true)
      expect(cleared.signal.aborted).toBe(false)
    } finally {
      jest.useRealTimers()
    }
  })
})
