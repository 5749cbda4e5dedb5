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
const started = new WeakSet<object>()
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
    for (const timer of timers) if (timer.hasRef() && (next === undefined || timer.due < next.due)) next = timer
    if (next === undefined) return
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
