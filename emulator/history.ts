// A project's operations over days, made from a seed number: the mix of actions, statuses,
// durations and failures a busy project shows, newest first. They are held in typed columns and
// become records only when read, so an organization of hundreds of projects with thousands of
// operations each is set up in a fraction of a second, and the same seed, project id, clock and
// options always give the same operations.
import { OPERATION_STATUSES } from './operations.ts'
import type { OperationStatus, StoredOperation, TimelineStep } from './operations.ts'
import * as names from './names.ts'
import type { RandomBelow } from './names.ts'

export interface HistoryOptions {
  /** How many operations, the project's creation (`create_timeline`) the oldest of them. */
  count: number
  /** How many days back from now the oldest reaches; default 7. */
  days?: number
  /** Default 1. */
  seed?: number
  /**
   * How many of the newest operations are still in progress when they are made (one
   * `scheduling`, one `running`, one `cancelling`, and so on); default 3. They end, one
   * `finished` or `cancelled`, within minutes on the emulator's clock.
   */
  inProgress?: number
}

/** What was made, for a test or a demo to name. */
export interface HistorySummary {
  count: number
  /** The project's branches the operations ran on, the primary one first. */
  branchIds: string[]
  /** One compute endpoint per branch, in the same order. */
  endpointIds: string[]
  /** Creation times of the oldest and newest operation, ms since the epoch. */
  oldestAt: number
  newestAt: number
}

export const DAY_MS = 86_400_000
const MAX_COUNT = 1_000_000
/** The service may delete operations older than six months: a list reaches back no further. */
const MAX_DAYS = 183
/** The newest `inProgress` operations start within this long before now; the others are older. */
const RECENT_MS = 60_000

/** sfc32: small, fast, and the same sequence for the same seed on every machine. */
export class SeededRandom {
  private a: number
  private b: number
  private c: number
  private d: number

  constructor(seed: number, salt = '') {
    let h = mix32(Math.trunc(seed) ^ 0x5bd1e995)
    for (let i = 0; i < salt.length; i++) h = mix32(h ^ salt.charCodeAt(i))
    this.a = h
    this.b = mix32(h ^ 0x9e3779b9)
    this.c = mix32(h ^ 0x7f4a7c15)
    this.d = 1
    for (let i = 0; i < 12; i++) this.next()
  }

  /** A whole number from 0 to 2^32 - 1. */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0
    this.d = (this.d + 1) | 0
    this.a = this.b ^ (this.b >>> 9)
    this.b = (this.c + (this.c << 3)) | 0
    this.c = (this.c << 21) | (this.c >>> 11)
    this.c = (this.c + t) | 0
    return t >>> 0
  }

  /** From 0 up to, not including, 1. */
  float(): number {
    return this.next() / 4_294_967_296
  }

  /** A whole number from 0 up to, not including, `n`. */
  readonly below: RandomBelow = (n) => Math.floor(this.float() * n)

  /** Log-normally spread around `median` (about two in three within a factor of e^sigma). */
  logNormal(median: number, sigma: number): number {
    const u = 1 - this.float()
    const normal = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.float())
    return median * Math.exp(sigma * normal)
  }
}

/** A bijection of 32-bit numbers that scatters its input (Wellons' lowbias32). */
export function mix32(input: number): number {
  let x = input >>> 0
  x ^= x >>> 16
  x = Math.imul(x, 0x7feb352d)
  x ^= x >>> 15
  x = Math.imul(x, 0x846ca68b)
  x ^= x >>> 16
  return x >>> 0
}

/** The inverse of mix32, so an operation id leads straight back to its index. */
export function unmix32(input: number): number {
  let x = input >>> 0
  x ^= x >>> 16
  x = Math.imul(x, 0x43021123)
  x ^= (x >>> 15) ^ (x >>> 30)
  x = Math.imul(x, 0x1d69e2a5)
  x ^= x >>> 16
  return x >>> 0
}

interface ActionProfile {
  action: string
  /** Relative frequency among the operations after the project's creation. */
  weight: number
  /** Typical duration in ms. */
  medianMs: number
  /** Whether it names a compute endpoint. */
  compute: boolean
  /** Whether it is an operation of the whole project, with no branch: a change of the project's storage settings. */
  wholeProject?: boolean
  /** Share of its operations skipped (an availability check of a branch with nothing to check). */
  skipped: number
  errors: readonly string[]
}

// Shares as a busy project shows them: the control plane's periodic checks and compute
// starts and suspends outnumber what users ask for.
const ACTIONS: readonly ActionProfile[] = [
  {
    action: 'check_availability',
    weight: 28,
    medianMs: 1800,
    compute: true,
    skipped: 0.15,
    errors: ['availability check failed: compute did not start'],
  },
  {
    action: 'start_compute',
    weight: 24,
    medianMs: 900,
    compute: true,
    skipped: 0.01,
    errors: ['compute start timed out', 'failed to start compute: no capacity in region'],
  },
  {
    action: 'suspend_compute',
    weight: 22,
    medianMs: 400,
    compute: true,
    skipped: 0.01,
    errors: ['compute suspend timed out'],
  },
  {
    action: 'apply_config',
    weight: 14,
    medianMs: 2500,
    compute: true,
    skipped: 0.01,
    errors: ['compute endpoint is not reachable', 'failed to apply config: role already exists'],
  },
  {
    action: 'create_branch',
    weight: 7,
    medianMs: 3000,
    compute: false,
    skipped: 0,
    errors: ['failed to create branch: parent timeline not found'],
  },
  {
    action: 'apply_storage_config',
    wholeProject: true,
    weight: 2,
    medianMs: 6000,
    compute: false,
    skipped: 0.01,
    errors: ['storage controller unavailable'],
  },
  { action: 'delete_timeline', weight: 1, medianMs: 4000, compute: false, skipped: 0, errors: ['internal error'] },
  { action: 'create_timeline', weight: 0, medianMs: 5000, compute: false, skipped: 0, errors: ['internal error'] },
]
const CREATE_TIMELINE = ACTIONS.length - 1
const TOTAL_WEIGHT = ACTIONS.reduce((sum, profile) => sum + profile.weight, 0)
const ERRORS: readonly string[] = [...new Set(ACTIONS.flatMap((profile) => profile.errors))]
const NO_ERROR = 255

const STATUS = Object.fromEntries(OPERATION_STATUSES.map((status, i) => [status, i])) as Record<string, number>
// How an operation's status moves before it ends: running, then its end; scheduling, running,
// then its end; running, cancelling, cancelled.
const RUN = 0
const SCHEDULE = 1
const CANCEL = 2

/** One project's generated operations, newest first. */
export class OperationHistory {
  readonly projectId: string
  readonly count: number
  readonly branchIds: readonly string[]
  readonly endpointIds: readonly string[]
  private readonly idSeed: number
  private readonly createdUs: Float64Array
  private readonly durationMs: Uint32Array
  private readonly shape: Uint8Array
  private readonly status: Uint8Array
  private readonly action: Uint8Array
  private readonly branch: Uint8Array
  private readonly failures: Uint8Array
  private readonly errorText: Uint8Array
  /** Operations a test changed: they live on as stored operations and are skipped here. */
  private replaced: Uint8Array | undefined

  /**
   * `taken(us)`: whether another operation of the project was made at that microsecond, so
   * that every operation keeps its own cursor position.
   */
  constructor(
    projectId: string,
    primaryBranchId: string,
    nowMs: number,
    options: HistoryOptions,
    taken: (us: number) => boolean = () => false,
  ) {
    const count = options.count
    const days = options.days ?? 7
    const inProgress = Math.min(options.inProgress ?? 3, Math.max(0, count - 1))
    if (!Number.isInteger(count) || count < 1 || count > MAX_COUNT)
      throw new RangeError(`count must be a whole number from 1 to ${MAX_COUNT}`)
    if (!(days > 0 && days <= MAX_DAYS)) throw new RangeError(`days must be more than 0 and at most ${MAX_DAYS}`)
    if (!Number.isInteger(inProgress) || inProgress < 0)
      throw new RangeError('inProgress must be a non-negative whole number')
    if (options.seed !== undefined && !Number.isSafeInteger(options.seed))
      throw new RangeError('seed must be a whole number')

    const random = new SeededRandom(options.seed ?? 1, projectId)
    this.projectId = projectId
    this.count = count
    this.idSeed = random.next()
    const branches = [primaryBranchId]
    for (let extra = 2 + random.below(5); branches.length <= extra;) {
      const id = names.branchId(random.below)
      if (!branches.includes(id)) branches.push(id)
    }
    this.branchIds = branches
    this.endpointIds = branches.map(() => names.endpointId(random.below))

    this.createdUs = new Float64Array(count)
    this.durationMs = new Uint32Array(count)
    this.shape = new Uint8Array(count)
    this.status = new Uint8Array(count)
    this.action = new Uint8Array(count)
    this.branch = new Uint8Array(count)
    this.failures = new Uint8Array(count)
    this.errorText = new Uint8Array(count).fill(NO_ERROR)

    const nowUs = Math.round(nowMs * 1000)
    const oldestUs = nowUs - Math.round(days * DAY_MS * 1000)
    this.placeInTime(random, nowUs, oldestUs, inProgress, taken)
    for (let i = inProgress; i < count - 1; i++) this.makeOrdinary(random, i)
    this.makeCreation(random, count - 1)
    this.coverEveryStatus(random, inProgress)
    for (let i = 0; i < inProgress; i++) this.makeInProgress(random, i, nowUs)
  }

  // ---- reading ---------------------------------------------------------------

  createdAtUs(index: number): number {
    return this.createdUs[index]!
  }

  /** The index of the newest operation made before `us`, or `count` when there is none. */
  firstOlderThan(us: number): number {
    let low = 0
    let high = this.count
    while (low < high) {
      const mid = (low + high) >>> 1
      if (this.createdUs[mid]! < us) high = mid
      else low = mid + 1
    }
    return low
  }

  /** Whether an operation of this history was made at exactly `us`. */
  has(us: number): boolean {
    const index = this.firstOlderThan(us + 1)
    return index < this.count && this.createdUs[index] === us
  }

  isReplaced(index: number): boolean {
    return this.replaced !== undefined && this.replaced[index] === 1
  }

  /** From now on the operation at `index` lives elsewhere (a test changed it). */
  replace(index: number): void {
    this.replaced ??= new Uint8Array(this.count)
    this.replaced[index] = 1
  }

  /** The index of the operation with this id, or -1; O(1): the id's first word is its index, scattered. */
  indexOf(id: string): number {
    if (!/^[0-9a-f]{8}-/.test(id)) return -1
    const index = (unmix32(parseInt(id.slice(0, 8), 16)) ^ this.idSeed) >>> 0
    return index < this.count && this.id(index) === id ? index : -1
  }

  id(index: number): string {
    const word = (k: number): number => mix32(mix32((this.idSeed + Math.imul(k, 0x9e3779b9)) | 0) ^ index)
    const w0 = mix32((this.idSeed ^ index) >>> 0)
    const w1 = word(1)
    const w2 = word(2)
    const w3 = word(3)
    return (
      `${hex(w0, 8)}-${hex(w1 >>> 16, 4)}-4${hex(w1 & 0xfff, 3)}-` +
      `${hex(((w2 >>> 16) & 0x3fff) | 0x8000, 4)}-${hex(w2 & 0xffff, 4)}${hex(w3, 8)}`
    )
  }

  operation(index: number): StoredOperation {
    const profile = ACTIONS[this.action[index]!]!
    const branch = this.branch[index]!
    const stored: StoredOperation = {
      id: this.id(index),
      projectId: this.projectId,
      action: profile.action,
      createdUs: this.createdUs[index]!,
      timeline: this.timeline(index),
    }
    if (!profile.wholeProject) stored.branchId = this.branchIds[branch]!
    if (profile.compute) stored.endpointId = this.endpointIds[branch]!
    return stored
  }

  summary(): HistorySummary {
    return {
      count: this.count,
      branchIds: [...this.branchIds],
      endpointIds: [...this.endpointIds],
      oldestAt: this.createdUs[this.count - 1]! / 1000,
      newestAt: this.createdUs[0]! / 1000,
    }
  }

  private timeline(index: number): TimelineStep[] {
    const duration = this.durationMs[index]!
    const end: TimelineStep = { afterMs: duration, status: OPERATION_STATUSES[this.status[index]!]! }
    const failures = this.failures[index]!
    if (failures > 0) end.failures_count = failures
    const error = this.errorText[index]!
    if (error !== NO_ERROR) end.error = ERRORS[error]!
    const shape = this.shape[index]
    if (shape === SCHEDULE)
      return [{ afterMs: 0, status: 'scheduling' }, { afterMs: Math.round(duration * 0.4), status: 'running' }, end]
    if (shape === CANCEL)
      return [{ afterMs: 0, status: 'running' }, { afterMs: Math.round(duration * 0.6), status: 'cancelling' }, end]
    return [{ afterMs: 0, status: 'running' }, end]
  }

  // ---- making ----------------------------------------------------------------

  /**
   * Creation times, newest first: the in-progress ones within the last minute, the creation at
   * the oldest end, and the rest between, spread as independent events are (exponential gaps).
   */
  private placeInTime(
    random: SeededRandom,
    nowUs: number,
    oldestUs: number,
    inProgress: number,
    taken: (us: number) => boolean,
  ): void {
    const count = this.count
    const recentUs = nowUs - RECENT_MS * 1000
    let previous = nowUs + 1
    const claim = (index: number, wanted: number): void => {
      let us = Math.min(Math.round(wanted), previous - 1)
      while (taken(us)) us--
      this.createdUs[index] = us
      previous = us
    }
    for (let i = 0; i < inProgress; i++)
      claim(i, nowUs - ((i + 0.5 + random.float() * 0.5) / inProgress) * (RECENT_MS * 1000 * 0.9))
    const ordinary = count - 1 - inProgress
    if (ordinary > 0) {
      // Gaps before, between and after the ordinary ones, scaled to fill the span exactly.
      const gaps = new Float64Array(ordinary + 1)
      let total = 0
      for (let i = 0; i <= ordinary; i++) total += gaps[i] = -Math.log(1 - random.float()) + 1e-9
      const scale = (recentUs - oldestUs) / total
      let at = recentUs
      for (let i = 0; i < ordinary; i++) {
        at -= gaps[i]! * scale
        claim(inProgress + i, Math.min(at, recentUs))
      }
    }
    // The project's creation: the oldest, unless the span was too short to keep it there.
    claim(count - 1, Math.min(oldestUs, previous - 1))
  }

  private makeOrdinary(random: SeededRandom, index: number): void {
    let pick = random.float() * TOTAL_WEIGHT
    let action = 0
    while (pick >= ACTIONS[action]!.weight) pick -= ACTIONS[action++]!.weight
    const profile = ACTIONS[action]!
    this.action[index] = action
    // Most of the work happens on the primary branch.
    this.branch[index] = random.float() < 0.55 ? 0 : 1 + random.below(this.branchIds.length - 1)
    let duration = random.logNormal(profile.medianMs, 0.6)
    // A few take minutes: a slow start, a config that waits for a busy compute.
    if (random.float() < 0.015) duration *= 20 + random.float() * 180
    this.shape[index] = profile.action === 'start_compute' && random.float() < 0.2 ? SCHEDULE : RUN

    const outcome = random.float()
    if (outcome < profile.skipped) this.end(index, 'skipped', 0)
    else if (outcome < profile.skipped + 0.025) this.end(index, 'failed', 1 + random.below(3), random, profile)
    else if (outcome < profile.skipped + 0.035) this.end(index, 'error', 1 + random.below(2), random, profile)
    else if (outcome < profile.skipped + 0.045) this.end(index, 'cancelled', 0)
    else this.end(index, 'finished', random.float() < 0.03 ? 1 : 0)
    // Failures come after retries, and retries take time.
    if (this.failures[index]! > 0) duration *= 1 + this.failures[index]!
    this.durationMs[index] = clampDuration(duration)
  }

  private makeCreation(random: SeededRandom, index: number): void {
    this.action[index] = CREATE_TIMELINE
    this.branch[index] = 0
    this.durationMs[index] = clampDuration(random.logNormal(ACTIONS[CREATE_TIMELINE]!.medianMs, 0.4))
    this.end(index, 'finished', 0)
  }

  /** Every status that ends an operation shows at least once, when there is room for it. */
  private coverEveryStatus(random: SeededRandom, inProgress: number): void {
    const ordinary = this.count - 1 - inProgress
    if (ordinary <= 0) return
    const counts = new Uint32Array(OPERATION_STATUSES.length)
    for (let i = inProgress; i < this.count - 1; i++) counts[this.status[i]!]!++
    const changed = new Set<number>()
    for (const status of ['finished', 'skipped', 'failed', 'error', 'cancelled'] as const) {
      if (counts[STATUS[status]!]! > 0) continue
      // From a random place on, the first operation whose status others share.
      const start = random.below(ordinary)
      let chosen = -1
      for (let step = 0; step < ordinary && chosen < 0; step++) {
        const index = inProgress + ((start + step) % ordinary)
        if (!changed.has(index) && counts[this.status[index]!]! > 1) chosen = index
      }
      if (chosen < 0) return
      counts[this.status[chosen]!]!--
      counts[STATUS[status]!]!++
      changed.add(chosen)
      this.end(chosen, status, status === 'failed' || status === 'error' ? 1 : 0, random, ACTIONS[this.action[chosen]!])
    }
  }

  /** One of the newest: scheduling, running or cancelling now, ending within minutes. */
  private makeInProgress(random: SeededRandom, index: number, nowUs: number): void {
    const elapsedMs = Math.max(1, (nowUs - this.createdUs[index]!) / 1000)
    const kind = index % 3
    this.action[index] = kind === 2 ? 3 : 1 // apply_config being cancelled, or start_compute
    this.branch[index] = random.below(this.branchIds.length)
    if (kind === 0) {
      // Still scheduling: the running phase starts at 40 % of the duration.
      this.shape[index] = SCHEDULE
      this.durationMs[index] = clampDuration(elapsedMs / 0.4 + 30_000 + random.float() * 90_000)
      this.end(index, 'finished', 0)
    } else if (kind === 1) {
      this.shape[index] = RUN
      this.durationMs[index] = clampDuration(elapsedMs + 30_000 + random.float() * 270_000)
      this.end(index, 'finished', 0)
    } else {
      // Cancelling from 60 % of the duration, cancelled at its end.
      this.shape[index] = CANCEL
      this.durationMs[index] = clampDuration(elapsedMs / 0.8)
      this.end(index, 'cancelled', 0)
    }
  }

  private end(
    index: number,
    status: OperationStatus,
    failures: number,
    random?: SeededRandom,
    profile?: ActionProfile,
  ): void {
    this.status[index] = STATUS[status]!
    this.failures[index] = failures
    this.errorText[index] = NO_ERROR
    if (status === 'cancelled') this.shape[index] = CANCEL
    else if (this.shape[index] === CANCEL) this.shape[index] = RUN
    if ((status === 'failed' || status === 'error') && random && profile) {
      this.errorText[index] = ERRORS.indexOf(profile.errors[random.below(profile.errors.length)]!)
    }
  }
}

function clampDuration(ms: number): number {
  return Math.min(3_600_000, Math.max(50, Math.round(ms)))
}

function hex(value: number, digits: number): string {
  return (value >>> 0)
    .toString(16)
    .padStart(8, '0')
    .slice(8 - digits)
}
