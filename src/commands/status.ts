import type { OperationStatus } from '../api/types.ts'

/** The service's 8 operation statuses in their three groups (service facts). */
export type StatusGroup = 'pending' | 'success' | 'failure'

// A Map, not an object literal: a status such as "constructor" must not look known.
const GROUPS: ReadonlyMap<string, StatusGroup> = new Map([
  ['scheduling', 'pending'],
  ['running', 'pending'],
  ['cancelling', 'pending'],
  ['finished', 'success'],
  ['skipped', 'success'],
  ['failed', 'failure'],
  ['error', 'failure'],
  ['cancelled', 'failure'],
])

/** A status the action does not know is not success: it counts as pending. */
export function statusGroup(status: OperationStatus): StatusGroup {
  return GROUPS.get(status) ?? 'pending'
}

export function isKnownStatus(status: OperationStatus): boolean {
  return GROUPS.has(status)
}

export function isTerminal(status: OperationStatus): boolean {
  return statusGroup(status) !== 'pending'
}
