// src/runner/time.ts (and fixedTime in src/base/clock.ts): the step's time, and the runner's signals as the step's
// process sees them on each OS, sent by a test's emitter, and what the step may still do once cancelled.
// Unit tests, in this process.
import { describe, expect, it } from '@jest/globals'
import { EventEmitter } from 'node:events'
import { ANSWER_GRACE_MS, CANCEL_GRACE_MS, watchStepTime } from '../../src/runner/time.ts'
import { StepCancelled } from '../../src/base/errors.ts'
import { CLEANUP_GRACE_MS, fixedTime, type Clock } from '../../src/base/clock.ts'
import { captureLog, manualClock } from '../support/clock.ts'

describe('watchStepTime()', () => {
  const watch = () => {
    const signals = new EventEmitter()
    const log = captureLog()
    const clock = manualClock()
    return { signals, log, clock, cancellation: watchStepTime({ log: log.logger, clock, timeoutMs: 60_000, signals }) }
  }

  it('listens only once it holds a key: before, no handler, and Node keeps its default', () => {
    const { signals, cancellation } = watch()
    expect(signals.listenerCount('SIGINT')).toBe(0)
    cancellation.hold()
    cancellation.hold()
    for (const name of ['SIGINT', 'SIGTERM', 'SIGBREAK']) expect(signals.listenerCount(name)).toBe(1)
  })

  it.each(['SIGINT', 'SIGTERM', 'SIGBREAK'])(
    '%s, the first signal: stopped aborts, after the warning says what the step does',
    (name) => {
      const { signals, log, cancellation } = watch()
      cancellation.hold()
      const heard: string[] = []
      cancellation.stopped.addEventListener('abort', () => heard.push(log.warning.at(-1) ?? ''))
      expect(cancellation.stopped.aborted).toBe(false)
      signals.emit(name)
      expect(cancellation.signal).toBe(name)
      expect(cancellation.stopped.aborted).toBe(true)
      expect(heard).toEqual([expect.stringContaining(`The runner cancelled the step (${name})`)])
    },
  )

  it("Windows: Ctrl+C, then Ctrl+Break (SIGBREAK) 7.5 s later, is the runner's second signal", () => {
    const { signals, log, cancellation } = watch()
    cancellation.hold()
    signals.emit('SIGINT')
    signals.emit('SIGBREAK')
    expect(cancellation.signal).toBe('SIGINT')
    expect(log.warning.at(-1)).toBe('SIGBREAK: the runner stops the step in a moment.')
  })
})

describe('cancellation', () => {
  it('a cancelled step fails with an error of its own kind', () => {
    const error = new StepCancelled('stopped')
    expect(error.name).toBe('StepCancelled')
    expect(error.message).toBe('stopped')
  })

  it("a signal before hold() is not caught: Node's default applies", () => {
    const signals = new EventEmitter()
    watchStepTime({ log: captureLog().logger, clock: manualClock(), timeoutMs: 60_000, signals })
    expect(signals.listenerCount('SIGINT')).toBe(0)
  })

  it('once held, a signal only marks the step cancelled: new work is refused, a clean-up gets the runner grace', () => {
    const signals = new EventEmitter()
    const clock = manualClock()
    const log = captureLog()
    const cancellation = watchStepTime({ log: log.logger, clock, timeoutMs: 60_000, signals })
    cancellation.hold()
    cancellation.hold()
    expect(signals.listenerCount('SIGINT')).toBe(1)
    expect(() => cancellation.checkpoint('create a key')).not.toThrow()
    expect(cancellation.deadline).toBe(clock.now() + 60_000)
    expect(cancellation.cleanupDeadline()).toBe(clock.now() + 60_000 + CLEANUP_GRACE_MS)

    signals.emit('SIGINT')
    expect(cancellation.signal).toBe('SIGINT')
    expect(() => cancellation.checkpoint('create a key')).toThrow(StepCancelled)
    expect(() => cancellation.checkpoint('create a key')).toThrow(
      'The runner cancelled the step (SIGINT) before it could create a key.',
    )
    expect(cancellation.cleanupDeadline()).toBe(clock.now() + CANCEL_GRACE_MS)

    signals.emit('SIGTERM')
    expect(cancellation.signal).toBe('SIGINT')
    expect(log.warning).toEqual([
      'The runner cancelled the step (SIGINT). The step starts nothing new. It finishes or undoes the key work in flight before it stops.',
      'SIGTERM: the runner stops the step in a moment.',
    ])
  })
})

describe('a signal while a revocation is in flight', () => {
  it('names it as one that may or may not take effect; once settled, the usual line', () => {
    const log = captureLog()
    const watch = () => {
      const signals = new EventEmitter()
      const cancellation = watchStepTime({ log: log.logger, clock: manualClock(), timeoutMs: 60_000, signals })
      cancellation.hold()
      return { cancellation, signal: () => signals.emit('SIGINT') }
    }
    const during = watch()
    const settled = during.cancellation.inFlight('the revocation of API key 7')
    during.signal()
    settled()
    const after = watch()
    after.cancellation.inFlight('the revocation of API key 8')()
    after.signal()
    expect(log.warning).toEqual([
      'The runner cancelled the step (SIGINT) during the revocation of API key 7, which may or may not take effect. ' +
        'The step starts nothing new, waits for the answer, and says which.',
      'The runner cancelled the step (SIGINT). The step starts nothing new. It finishes or undoes the key work in flight before it stops.',
    ])
  })
})

describe('a bound on work in flight after the signal', () => {
  it('starts with the first signal, runs for its length from the signal on, and never starts without one', () => {
    const manual = manualClock()
    const timers: Array<{ ms: number; fire: () => void; cleared: boolean }> = []
    const clock: Clock = {
      ...manual,
      deadline: (ms: number) => {
        const controller = new AbortController()
        const timer = { ms, fire: () => controller.abort(), cleared: false }
        timers.push(timer)
        return { signal: controller.signal, clear: () => (timer.cleared = true) }
      },
    }
    const signals = new EventEmitter()
    const cancellation = watchStepTime({ log: captureLog().logger, clock, timeoutMs: 60_000, signals })
    cancellation.hold()
    const before = cancellation.attemptCut()
    cancellation.attemptCut().clear()
    expect(timers).toEqual([])
    signals.emit('SIGINT')
    manual.advance(2000)
    const after = cancellation.attemptCut()
    signals.emit('SIGTERM')
    // In flight at the signal: the answer's grace; sent after it, what is left of the runner's; none once cleared.
    expect(timers.map((t) => t.ms)).toEqual([ANSWER_GRACE_MS, CANCEL_GRACE_MS - 2000])
    expect(before.signal.aborted).toBe(false)
    timers[0]!.fire()
    expect([before.signal.aborted, after.signal.aborted]).toEqual([true, false])
    after.clear()
    expect(timers[1]!.cleared).toBe(true)
  })

  it("an attempt's cut: in flight at the signal, the answer's grace; sent after it, the rest of the runner's grace", () => {
    const clock = manualClock(undefined, { deadlinesInClockTime: true })
    const signals = new EventEmitter()
    const cancellation = watchStepTime({ log: captureLog().logger, clock, timeoutMs: 60_000, signals })
    cancellation.hold()
    const inFlight = cancellation.attemptCut()
    signals.emit('SIGINT')
    clock.advance(1000)
    const after = cancellation.attemptCut()
    expect(clock.deadlines).toEqual([ANSWER_GRACE_MS, CANCEL_GRACE_MS - 1000])
    clock.advance(ANSWER_GRACE_MS - 1000)
    expect([inFlight.signal.aborted, after.signal.aborted]).toEqual([true, false])
    clock.advance(CANCEL_GRACE_MS - ANSWER_GRACE_MS)
    expect(after.signal.aborted).toBe(true)
    expect(fixedTime(clock, clock.now()).attemptCut().signal.aborted).toBe(false)
  })
})
