import { untrusted } from '../base/text.ts'
import type { Logger } from '../base/log.ts'
import { CLEANUP_GRACE_MS, type Clock, type Deadline, type StepTime } from '../base/clock.ts'
import { StepCancelled } from '../base/errors.ts'

/**
 * The main step's time (StepTime in base/clock.ts). The runner cancels a step with SIGINT (Ctrl+C on Windows), then
 * SIGTERM (Ctrl+Break, which Node reports as SIGBREAK) about 7.5 s later, and kills it about 2.5 s after that. Node
 * exits at once on SIGINT unless a handler is installed: right while the step holds nothing, wrong while a new key
 * exists that only this step knows of. For that span the step calls `hold()`: a signal then only marks the step
 * cancelled, no new work starts (`checkpoint()` throws), and the work in flight ends within the runner's grace.
 */

/** The kill comes about 10 s after SIGINT. Undo work after a signal must be over before then. */
export const CANCEL_GRACE_MS = 9_000

/**
 * How long a request in flight at the signal gets to be answered, when the step must report its outcome (a key's
 * create, a secret's write). The rest of the grace finds out what it did.
 */
export const ANSWER_GRACE_MS = 5_000

/** Where signals come from: the process, or a test's emitter. */
export interface SignalSource {
  on(signal: RunnerSignal, listener: () => void): unknown
}

/** SIGINT, then SIGTERM. On Windows, Ctrl+C and Ctrl+Break, which Node reports as SIGINT and SIGBREAK. */
type RunnerSignal = 'SIGINT' | 'SIGTERM' | 'SIGBREAK'
const RUNNER_SIGNALS: readonly RunnerSignal[] = ['SIGINT', 'SIGTERM', 'SIGBREAK']

/** The main step's time: its deadline `timeoutMs` from now, and the runner's signals once it holds a key. */
export function watchStepTime(options: {
  log: Logger
  clock: Clock
  timeoutMs: number
  signals?: SignalSource
}): StepTime {
  const { log, clock } = options
  const deadline = clock.now() + options.timeoutMs
  let signal: string | undefined
  let cancelledAt = Number.POSITIVE_INFINITY
  let holding = false
  let requestInFlight: string | undefined
  /** Timers that start with the first signal (attemptCut). */
  const onFirstSignal = new Set<() => void>()
  const stop = new AbortController()
  const onSignal = (name: RunnerSignal): void => {
    if (signal === undefined) {
      signal = name
      cancelledAt = clock.now()
      for (const start of onFirstSignal) start()
      onFirstSignal.clear()
      log.warning(
        requestInFlight === undefined
          ? `The runner cancelled the step (${name}). The step starts nothing new. ` +
              'It finishes or undoes the key work in flight before it stops.'
          : `The runner cancelled the step (${name}) during ${untrusted(requestInFlight)}, ` +
              'which may or may not take effect. The step starts nothing new, waits for the answer, and says which.',
      )
      stop.abort()
    } else {
      log.warning(`${name}: the runner stops the step in a moment.`)
    }
  }
  /** Aborts `ms` after the runner's first signal, or never. */
  const afterSignal = (ms: number): Deadline => {
    const controller = new AbortController()
    let timer: Deadline | undefined
    const start = () => {
      timer = clock.deadline(cancelledAt + ms - clock.now())
      timer.signal.addEventListener('abort', () => controller.abort(), { once: true })
    }
    if (signal === undefined) onFirstSignal.add(start)
    else start()
    return {
      signal: controller.signal,
      clear: () => {
        onFirstSignal.delete(start)
        timer?.clear()
      },
    }
  }
  return {
    clock,
    deadline,
    get signal() {
      return signal
    },
    stopped: stop.signal,
    hold() {
      if (holding) return
      holding = true
      const source = options.signals ?? process
      for (const name of RUNNER_SIGNALS) source.on(name, () => onSignal(name))
    },
    checkpoint(work) {
      if (signal !== undefined)
        throw new StepCancelled(
          `The runner cancelled the step (${untrusted(signal)}) before it could ${untrusted(work)}.`,
        )
    },
    cleanupDeadline() {
      return Math.min(deadline + CLEANUP_GRACE_MS, cancelledAt + CANCEL_GRACE_MS)
    },
    inFlight(request) {
      requestInFlight = request
      return () => {
        if (requestInFlight === request) requestInFlight = undefined
      }
    },
    // An attempt in flight at the signal gets ANSWER_GRACE_MS more; one sent after it ends with the grace.
    attemptCut() {
      return afterSignal(signal === undefined ? ANSWER_GRACE_MS : CANCEL_GRACE_MS)
    },
  }
}
