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
  timeline: TimelineStep[]
}

/** The state an operation shows at some moment. */
export interface OperationState {
  status: OperationStatus
  failures_count: number
  error?: string
  retry_at?: string
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

/**
 * The last step whose afterMs <= elapsedMs is in force. failures_count carries
 * over from earlier steps unless a step sets it; error and retry_at belong to their step.
 * Before the first step the operation shows as a fresh `scheduling` one.
 */
export function stateAt(timeline: readonly TimelineStep[], elapsedMs: number): OperationState {
  const elapsed = Math.max(0, elapsedMs)
  let state: OperationState = { status: 'scheduling', failures_count: 0, sinceMs: 0 }
  for (const step of timeline) {
    if (step.afterMs > elapsed) break
    state = {
      status: step.status,
      failures_count: step.failures_count ?? state.failures_count,
      sinceMs: step.afterMs,
    }
    if (step.error !== undefined) state.error = step.error
    if (step.retry_at !== undefined) state.retry_at = step.retry_at
  }
  return state
}
