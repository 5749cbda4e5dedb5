// Operation statuses and how a seeded operation's status moves over time.

export type OperationStatus =
  | 'scheduling'
  | 'running'
  | 'cancelling'
  | 'finished'
  | 'skipped'
  | 'failed'
  | 'error'
  | 'cancelled'
  // The service may add statuses; tests seed one to check that clients wait on them.
  | (string & {})

export const OPERATION_STATUSES: readonly OperationStatus[] = [
  'scheduling',
  'running',
  'cancelling',
  'finished',
  'skipped',
  'failed',
  'error',
  'cancelled',
]

/** One of the 8 documented statuses, or another lower-case word the service might add. */
export function isOperationStatus(value: unknown): value is OperationStatus {
  return typeof value === 'string' && /^[a-z][a-z_]{0,39}$/.test(value)
}

/** One point of an operation's life: from `afterMs` after creation on, it shows this state. */
export interface TimelineStep {
  afterMs: number
  status: OperationStatus
  failures_count?: number
  error?: string
  retry_at?: string
}

/** An operation as the emulator keeps it; its record is made from this when it is read. */
export interface StoredOperation {
  id: string
  projectId: string
  /** Absent on an operation of the whole project. */
  branchId?: string
  endpointId?: string
  action: string
  /** Microseconds since the epoch, unique within the project. */
  createdUs: number
  /** The `created_at` its record shows, when it is not where the list puts it. */
  shownCreatedMs?: number
  timeline: TimelineStep[]
}

/** The state an operation shows at some moment. */
export interface OperationState {
  status: OperationStatus
  failures_count: number
  error?: string
  retry_at?: string
  /** While `failed` with no `retry_at` of its own: when the next attempt starts, in ms after creation. */
  retryAtMs?: number
  /** When this state began, in ms after creation: drives updated_at and total_duration_ms. */
  sinceMs: number
}

/** Orders steps by time, keeping the given order among equal times, and checks them. */
export function normaliseTimeline(steps: readonly TimelineStep[]): TimelineStep[] {
  for (const step of steps) {
    if (typeof step.afterMs !== 'number' || !Number.isFinite(step.afterMs) || step.afterMs < 0) {
      throw new TypeError('timeline step afterMs must be a non-negative number')
    }
    if (!isOperationStatus(step.status)) throw new TypeError(`unknown operation status: ${String(step.status)}`)
  }
  return steps.map((step) => ({ ...step })).sort((a, b) => a.afterMs - b.afterMs)
}

/** Statuses of an attempt that the control plane starts again after `failed`. */
const RETRY_STATUSES: ReadonlySet<OperationStatus> = new Set(['scheduling', 'running'])

/**
 * The last step whose afterMs <= elapsedMs is in force. failures_count carries
 * over from earlier steps unless a step sets it; error and retry_at belong to their step.
 * Before the first step the operation shows as a fresh `scheduling` one.
 *
 * `failed` is not the end: the platform's reference says the control plane may retry such an
 * operation. So a timeline can go running → failed → running → finished, or on to `error`. A step
 * into `failed` that sets no failures_count adds one to it, and one followed by a retry (a
 * `scheduling` or `running` step) shows retry_at, the time that retry starts, unless it sets its own.
 */
export function stateAt(timeline: readonly TimelineStep[], elapsedMs: number): OperationState {
  const elapsed = Math.max(0, elapsedMs)
  let state: OperationState = { status: 'scheduling', failures_count: 0, sinceMs: 0 }
  for (const [i, step] of timeline.entries()) {
    if (step.afterMs > elapsed) break
    const failedAgain = step.status === 'failed' && state.status !== 'failed' ? 1 : 0
    state = {
      status: step.status,
      failures_count: step.failures_count ?? state.failures_count + failedAgain,
      sinceMs: step.afterMs,
    }
    if (step.error !== undefined) state.error = step.error
    if (step.retry_at !== undefined) state.retry_at = step.retry_at
    else if (step.status === 'failed') {
      const next = timeline[i + 1]
      if (next && RETRY_STATUSES.has(next.status)) state.retryAtMs = next.afterMs
    }
  }
  return state
}
