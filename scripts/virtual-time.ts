/**
 * A preload for the action's process in tests and the bench (`node --import`), never shipped:
 * it makes the action's time virtual, so a test of a 600 s deploy gate or of back-off takes
 * milliseconds without any hook in the action's code.
 *
 * - `Date.now`, `setTimeout` and `clearTimeout` (and `setInterval`) run on a virtual clock that
 *   moves `VIRTUAL_TIME_RATE` times as fast as real time (default 1).
 * - With `VIRTUAL_TIME=jump`, whenever no HTTP request is in flight, the clock jumps straight to
 *   the next timer that keeps the process alive: a poll interval or a back-off costs no real
 *   time, while a request still gets its real answer (or its deadline, at the rate above).
 *   HTTP requests are seen through undici's diagnostics channels, which both the bundled undici
 *   and Node's own fetch publish.
 * - With `VIRTUAL_TIME=scale`, the clock only runs faster: for the bench, where the emulator's
 *   clock runs at the same rate.
 * - `VIRTUAL_TIME_START` (ms since the epoch) sets where the clock starts, so a test can run one
 *   step hours after another on the emulator's clock (a sweep after a job key has expired).
 * - With `VIRTUAL_TIME_CANCEL=1`, a test plays the runner's cancel on this clock by sending
 *   SIGUSR2 once the emulator holds a request (not on Windows, which has no such signal). The
 *   requests in flight then are held: the clock no longer waits for their answers, and jumps as
 *   if none were in flight; while the action works with no timer of its own, it runs at its rate
 *   (a tenth of real time in the tests). The first SIGUSR2 is also the runner's cancel: SIGINT at once, SIGTERM
 *   7.5 s later, the kill 2.5 s after that, each delivered when this clock reaches it, so whether
 *   the step ends before the kill does not depend on how busy the machine is. A later SIGUSR2
 *   holds the requests then in flight too (a clean-up the test holds as well).
 */
import { subscribe } from 'node:diagnostics_channel'

const mode = process.env.VIRTUAL_TIME
const rate = Number(process.env.VIRTUAL_TIME_RATE ?? '1')
if (mode !== 'jump' && mode !== 'scale') throw new Error(`VIRTUAL_TIME must be jump or scale, not ${String(mode)}`)
if (!(rate > 0))
  throw new Error(`VIRTUAL_TIME_RATE must be a positive number, not ${String(process.env.VIRTUAL_TIME_RATE)}`)
const start = process.env.VIRTUAL_TIME_START === undefined ? undefined : Number(process.env.VIRTUAL_TIME_START)
if (start !== undefined && !Number.isSafeInteger(start)) {
  throw new Error(`VIRTUAL_TIME_START must be ms since the epoch, not ${String(process.env.VIRTUAL_TIME_START)}`)
}

const real = {
  setTimeout: globalThis.setTimeout,
  clearTimeout: globalThis.clearTimeout,
  setInterval: globalThis.setInterval,
  setImmediate: globalThis.setImmediate,
  now: Date.now,
}

// The test process that started this one may die first: a mutation tool stops a worker that ran
// out of time. Its child must not live on then (a mutant can keep the action polling for ever,
// and the action rides out the SIGTERM it would get): it exits once it has a new parent.
const parent = process.ppid
real.setInterval(() => process.ppid !== parent && process.exit(125), 1000).unref()
const origin = real.now()
/** Virtual milliseconds added by jumps, and by a start away from now. */
let skipped = start === undefined ? 0 : start - origin
const virtualNow = (): number => origin + (real.now() - origin) * rate + skipped

let inFlight = 0
/** The requests in flight: a test's SIGUSR2 forgets them (VIRTUAL_TIME_CANCEL), and their end then counts for nothing. */
const started = new Set<object>()
const begin = ({ request }: { request: object }): void => {
  started.add(request)
  inFlight++
}
const end = ({ request }: { request: object }): void => {
  if (!started.delete(request)) return
  inFlight--
  scheduleJump()
}
subscribe('undici:request:create', begin as (message: unknown) => void)
subscribe('undici:request:trailers', end as (message: unknown) => void)
subscribe('undici:request:error', end as (message: unknown) => void)

type Callback = (...args: unknown[]) => void

class VirtualTimer {
  due: number
  private backing: ReturnType<typeof real.setTimeout> | undefined
  private refed = true
  private readonly callback: Callback
  private readonly args: unknown[]
  private readonly delay: number
  readonly repeat: boolean
  /** The runner's SIGTERM or kill: it keeps nothing alive, and a jump never passes it. */
  runner = false

  constructor(callback: Callback, delay: number, args: unknown[], repeat: boolean) {
    this.callback = callback
    this.args = args
    this.delay = Math.max(1, Number(delay) || 0)
    this.repeat = repeat
    this.due = virtualNow() + this.delay
    timers.add(this)
    this.arm()
    scheduleJump()
  }

  arm(): void {
    if (this.backing !== undefined) real.clearTimeout(this.backing)
    this.backing = real.setTimeout(() => this.fire(), Math.max(0, (this.due - virtualNow()) / rate))
    if (!this.refed) this.backing.unref()
  }

  fire(): void {
    this.cancel()
    if (this.repeat) {
      this.due += this.delay
      timers.add(this)
      this.arm()
    }
    this.callback(...this.args)
    scheduleJump()
  }

  cancel(): void {
    timers.delete(this)
    if (this.backing !== undefined) real.clearTimeout(this.backing)
    this.backing = undefined
  }

  ref(): this {
    this.refed = true
    this.backing?.ref()
    scheduleJump()
    return this
  }

  unref(): this {
    this.refed = false
    this.backing?.unref()
    return this
  }

  hasRef(): boolean {
    return this.refed
  }

  refresh(): this {
    this.due = virtualNow() + this.delay
    timers.add(this)
    this.arm()
    return this
  }

  close(): this {
    this.cancel()
    return this
  }

  [Symbol.toPrimitive](): number {
    return 0
  }

  [Symbol.dispose](): void {
    this.cancel()
  }
}

const timers = new Set<VirtualTimer>()
let jumpScheduled = false

function scheduleJump(): void {
  if (mode !== 'jump' || jumpScheduled) return
  jumpScheduled = true
  real.setImmediate(() => {
    jumpScheduled = false
    if (inFlight > 0) return
    let next: VirtualTimer | undefined
    let waiting = false
    for (const timer of timers) {
      waiting ||= timer.hasRef()
      if ((timer.hasRef() || timer.runner) && (next === undefined || timer.due < next.due)) next = timer
    }
    // The runner's signals come by a jump only on the way to a timer of the action's own: while it works (ends a
    // connection, writes a file), they come at the rate, as late as they would in real time.
    if (next === undefined || !waiting) return
    const ahead = next.due - virtualNow()
    if (ahead > 0) {
      skipped += ahead
      for (const timer of timers) timer.arm()
    }
  })
}

function clear(timer: unknown): void {
  if (timer instanceof VirtualTimer) timer.cancel()
  else real.clearTimeout(timer as Parameters<typeof real.clearTimeout>[0])
}

const patched = {
  setTimeout: (callback: Callback, delay?: number, ...args: unknown[]) =>
    new VirtualTimer(callback, delay ?? 0, args, false),
  setInterval: (callback: Callback, delay?: number, ...args: unknown[]) =>
    new VirtualTimer(callback, delay ?? 0, args, true),
  clearTimeout: clear,
  clearInterval: clear,
}
Object.assign(globalThis, patched)
Date.now = virtualNow

/** A signal as the runner sends it: to the action's handlers if it has any, else with Node's own outcome. */
function deliver(signal: 'SIGINT' | 'SIGTERM'): void {
  if (process.listenerCount(signal) > 0) process.emit(signal, signal)
  else process.kill(process.pid, signal)
}

if (process.env.VIRTUAL_TIME_CANCEL === '1') {
  let cancelled = false
  process.on('SIGUSR2', () => {
    started.clear()
    inFlight = 0
    if (!cancelled) {
      cancelled = true
      for (const [delay, signal] of [
        [7_500, 'SIGTERM'],
        [10_000, 'SIGKILL'],
      ] as const) {
        const timer = new VirtualTimer(
          () => (signal === 'SIGKILL' ? process.kill(process.pid, signal) : deliver(signal)),
          delay,
          [],
          false,
        )
        timer.runner = true
        timer.unref()
      }
      deliver('SIGINT')
    }
    scheduleJump()
  })
}
