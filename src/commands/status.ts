import type { OperationStatus } from '../api/types.js'

/** The service's 8 operation statuses in their three groups (service facts). */
export type StatusGroup = 'pending' | 'success' | 'failure'

const GROUPS: Record<string, StatusGroup> = {
  scheduling: 'pending',
  running: 'pending',
  cancelling: 'pending',
  finished: 'success',
  skipped: 'success',
  failed: 'failure',
  error: 'failure',
  cancelled: 'failure',
}

/** A status the action does not know is not success: it counts as pending. */
export function statusGroup(status: OperationStatus): StatusGroup {
  return GROUPS[status] ?? 'pending'
}

export function isKnownStatus(status: OperationStatus): boolean {
  return status in GROUPS
}

export function isTerminal(status: OperationStatus): boolean {
  return statusGroup(status) !== 'pending'
}
