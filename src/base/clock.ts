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
