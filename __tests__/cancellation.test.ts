import { describe, expect, it } from '@jest/globals'
import { EventEmitter } from 'node:events'
import { watchCancellation } from '../src/runner/cancellation.ts'
import { captureLog, manualClock } from './support/clock.ts'

/** The runner's signals as the step's process sees them on each OS, sent by a test's emitter. */
describe('watchCancellation()', () => {
  const watch = () => {
    const signals = new EventEmitter()
    const log = captureLog()
    const clock = manualClock()
    return { signals, log, clock, cancellation: watchCancellation({ log: log.logger, clock, signals }) }
  }

  it('listens only once it holds a key: before, no handler, and Node keeps its default', () => {
    const { signals, cancellation } = watch()
    expect(signals.listenerCount('SIGINT')).toBe(0)
    cancellation.hold()
    cancellation.hold()
    for (const name of ['SIGINT', 'SIGTERM', 'SIGBREAK']) expect(signals.listenerCount(name)).toBe(1)
  })

  it.each(['SIGINT', 'SIGTERM', 'SIGBREAK'])('%s, the first signal: stopped aborts, after the warning says what the step does', (name) => {
    const { signals, log, cancellation } = watch()
    cancellation.hold()
    const heard: string[] = []
    cancellation.stopped.addEventListener('abort', () => heard.push(log.warning.at(-1) ?? ''))
    expect(cancellation.stopped.aborted).toBe(false)
    signals.emit(name)
    expect(cancellation.signal).toBe(name)
    expect(cancellation.stopped.aborted).toBe(true)
    expect(heard).toEqual([expect.stringContaining(`The runner cancelled the step (${name})`)])
  })

  it("Windows: Ctrl+C, then Ctrl+Break (SIGBREAK) 7.5 s later, is the runner's second signal", () => {
    const { signals, log, cancellation } = watch()
    cancellation.hold()
    signals.emit('SIGINT')
    signals.emit('SIGBREAK')
    expect(cancellation.signal).toBe('SIGINT')
    expect(log.warning.at(-1)).toBe('SIGBREAK: the runner stops the step in a moment.')
  })
})
