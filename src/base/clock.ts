/** Everything that waits goes through a Clock, so tests run the waiter and the retries without real sleeps. */
export interface Clock {
  now: () => number
  /** Also resolves when `signal` aborts (the runner cancelled the step). */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>
  /** Its timer keeps the process alive, so a request never waits on nothing. Call `clear()` when done. */
  deadline: (ms: number) => Deadline
}

export interface Deadline {
  signal: AbortSignal
  clear: () => void
}

/**
 * The step's time, one object passed down: its clock, its deadline (`timeout`), the clean-up's grace past it, and the
 * runner's cancel (runner/time.ts watches the signals; `fixedTime` has none).
 */
export interface StepTime {
  readonly clock: Clock
  /** When the step's `timeout` runs out. */
  readonly deadline: number
  /** The runner's first signal, once it came. */
  readonly signal: string | undefined
  /** Aborts at the runner's first signal: waits end there. */
  readonly stopped: AbortSignal
  /** From now on a signal no longer ends the process at once: the step finishes or undoes its work. */
  hold(): void
  /** Before new work: throws once the runner cancelled the step, naming the work not done. */
  checkpoint(work: string): void
  /** By when clean-up work must be over: a grace past the deadline, or sooner once the runner cancelled. */
  cleanupDeadline(): number
  /** Names a request whose effect cannot be undone, until the returned function is called. */
  inFlight(request: string): () => void
  /** Ends one attempt of a request in time for the step to say what it did before the kill. Clear it after. */
  attemptCut(): Deadline
}

/** A clean-up may run this long past the step's timeout: a key left behind is worse than a late step. */
export const CLEANUP_GRACE_MS = 30_000

/** A step's time with no runner signals: nothing is ever cancelled (the post step, and in-process tests). */
export function fixedTime(clock: Clock, deadline: number): StepTime {
  return {
    clock,
    deadline,
    signal: undefined,
    stopped: new AbortController().signal,
    hold: () => undefined,
    checkpoint: () => undefined,
    cleanupDeadline: () => deadline + CLEANUP_GRACE_MS,
    inFlight: () => () => undefined,
    attemptCut: () => ({ signal: new AbortController().signal, clear: () => undefined }),
  }
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve) => {
      if (signal?.aborted) return resolve()
      const done = () => {
        clearTimeout(timer)
        signal?.removeEventListener('abort', done)
        resolve()
      }
      const timer = setTimeout(done, Math.max(0, ms))
      signal?.addEventListener('abort', done, { once: true })
    }),
  deadline: (ms) => {
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), Math.max(1, Math.ceil(ms)))
    return { signal: controller.signal, clear: () => clearTimeout(timer) }
  },
}

/** "1.5 s", "2 min 5 s". */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`
  const s = ms / 1000
  if (s < 60) return `${Number.isInteger(s) ? s : s.toFixed(1)} s`
  const m = Math.floor(s / 60)
  const rest = Math.round(s - m * 60)
  return rest ? `${m} min ${rest} s` : `${m} min`
}
