import { untrusted } from '../base/text.ts'
import type { Logger } from '../base/log.ts'
import type { Clock, Deadline } from '../base/clock.ts'
import { ActionError } from '../base/errors.ts'

/**
 * Cancellation of the main step. The runner cancels a step with SIGINT (Ctrl+C on Windows). About 7.5 s later it
 * sends SIGTERM (Ctrl+Break on Windows, which Node reports as SIGBREAK), and about 2.5 s after that it kills the step.
 * Node exits at once on SIGINT unless a handler is installed.
 * Exiting at once is right while the step holds nothing. It is wrong while a new key exists that only this step knows
 * of: from just before a create is sent until the key is handed out (stored, or in an output) or revoked. For that
 * span the step calls `hold()`. A signal then only marks the step cancelled. The step starts no new work
 * (`checkpoint()` throws), and finishes or undoes the work in flight within the runner's grace (`undoDeadline()`).
 * A wait to retry ends at the signal (`stopped`). A clean-up's wait goes on while the grace leaves time for it.
 */

/** The kill comes about 10 s after SIGINT. Undo work after a signal must be over before then. */
export const CANCEL_GRACE_MS = 9_000

/**
 * How long a request in flight at the signal gets to be answered, when the step must report its outcome (a key's
 * create, a secret's write). The rest of the grace finds out what it did.
 */
export const ANSWER_GRACE_MS = 5_000

/**
 * How long, and how often, the post step looks for the key of a create that was in flight at the cancel.
 * The platform carries out a create within seconds, or not at all.
 */
export const LATE_KEY_WATCH_MS = 30_000
export const LATE_KEY_LOOK_EVERY_MS = 5_000

/** The step stopped because the runner cancelled it. The message says what was undone. */
export class StepCancelled extends ActionError {
  constructor(message: string) {
    super(message)
    this.name = 'StepCancelled'
  }
}

export interface Cancellation {
  /** The first signal the runner sent, once it sent one. */
  readonly signal: string | undefined
  /** Aborts at the runner's first signal: waits end at it (Clock.sleep, retrying). */
  readonly stopped: AbortSignal
  /** From now on a signal no longer ends the process at once. Idempotent. */
  hold(): void
  /** Called before new work. Once the step is cancelled, it throws StepCancelled, saying what was not done. */
  checkpoint(work: string): void
  /** By when undo work must be over: `usual`, or sooner once the runner's grace is running. */
  undoDeadline(usual: number): number
  /**
   * Names a request in flight whose effect cannot be undone (a revocation), until the returned function is called.
   * A signal meanwhile logs that it may or may not take effect, in case the runner kills the step before the answer.
   */
  inFlight(request: string): () => void
  /**
   * A signal that aborts `ms` after the runner's first signal, or never. A request in flight then ends within the
   * grace, and the step can still say what became of it. `clear()` it once the request is over.
   */
  afterSignal(ms: number): Deadline
  /**
   * Ends one attempt of a request in time for the step to say what it did before the kill. An attempt in flight at
   * the runner's signal gets ANSWER_GRACE_MS more. One sent after the signal ends with the grace (CANCEL_GRACE_MS).
   * `clear()` it once the attempt is over.
   */
  attemptCut(): Deadline
}

/** Where signals come from: the process, or a test's emitter. */
export interface SignalSource {
  on(signal: RunnerSignal, listener: () => void): unknown
}

/** SIGINT, then SIGTERM. On Windows, Ctrl+C and Ctrl+Break, which Node reports as SIGINT and SIGBREAK. */
type RunnerSignal = 'SIGINT' | 'SIGTERM' | 'SIGBREAK'
const RUNNER_SIGNALS: readonly RunnerSignal[] = ['SIGINT', 'SIGTERM', 'SIGBREAK']

/** For a step that holds no key (and for tests). Signals keep Node's default, and nothing is ever cancelled. */
export const NOT_CANCELLABLE: Cancellation = {
  signal: undefined,
  stopped: new AbortController().signal,
  hold: () => undefined,
  checkpoint: () => undefined,
  undoDeadline: (usual) => usual,
  inFlight: () => () => undefined,
  afterSignal: () => ({ signal: new AbortController().signal, clear: () => undefined }),
  attemptCut: () => ({ signal: new AbortController().signal, clear: () => undefined }),
}

export function watchCancellation(options: { log: Logger; clock: Clock; signals?: SignalSource }): Cancellation {
  const { log, clock } = options
  let signal: string | undefined
  let cancelledAt = Number.POSITIVE_INFINITY
  let holding = false
  let requestInFlight: string | undefined
  /** Timers that start with the first signal (afterSignal). */
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
  return {
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
    undoDeadline(usual) {
      return Math.min(usual, cancelledAt + CANCEL_GRACE_MS)
    },
    inFlight(request) {
      requestInFlight = request
      return () => {
        if (requestInFlight === request) requestInFlight = undefined
      }
    },
    afterSignal(ms) {
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
    },
    attemptCut() {
      return this.afterSignal(signal === undefined ? ANSWER_GRACE_MS : CANCEL_GRACE_MS)
    },
  }
}
