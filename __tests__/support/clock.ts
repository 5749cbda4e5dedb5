import type { Clock } from '../../src/base/clock.js'

/**
 * A clock that moves only when the code under test sleeps: retries and polls cost no real time.
 * Share `now` with the emulator so operations advance as the waiter sleeps.
 */
export interface ManualClock extends Clock {
  sleeps: number[]
  /** The length of every deadline asked for, in this clock's ms. */
  deadlines: number[]
  advance(ms: number): void
}

export interface ManualClockOptions {
  /**
   * Deadlines fire when this clock's time reaches them (a sleep, or `advance()`), never in real
   * time: while the emulator holds a request, the test says when its time is up.
   */
  deadlinesInClockTime?: boolean
}

export function manualClock(start = Date.parse('2026-11-21T10:00:00Z'), options: ManualClockOptions = {}): ManualClock {
  let now = start
  const sleeps: number[] = []
  const deadlines: number[] = []
  const armed = new Set<{ due: number; controller: AbortController }>()
  const fireDue = () => {
    for (const deadline of armed) {
      if (deadline.due > now) continue
      armed.delete(deadline)
      deadline.controller.abort()
    }
  }
  return {
    sleeps,
    deadlines,
    now: () => now,
    sleep: (ms: number) => {
      sleeps.push(ms)
      now += ms
      fireDue()
      return Promise.resolve()
    },
    deadline: (ms: number) => {
      deadlines.push(ms)
      const controller = new AbortController()
      if (options.deadlinesInClockTime) {
        const deadline = { due: now + ms, controller }
        armed.add(deadline)
        return { signal: controller.signal, clear: () => armed.delete(deadline) }
      }
      // Per-request deadlines stay real: a hung server must still be cut off.
      const timer = setTimeout(() => controller.abort(), Math.min(ms, 2000))
      return { signal: controller.signal, clear: () => clearTimeout(timer) }
    },
    advance: (ms: number) => {
      now += ms
      fireDue()
    },
  }
}

export interface CapturedLog {
  info: string[]
  warning: string[]
  debug: string[]
  logger: { info(m: string): void; warning(m: string): void; debug(m: string): void }
}

export function captureLog(): CapturedLog {
  const log: CapturedLog = {
    info: [],
    warning: [],
    debug: [],
    logger: {
      info: (m) => log.info.push(m),
      warning: (m) => log.warning.push(m),
      debug: (m) => log.debug.push(m),
    },
  }
  return log
}
