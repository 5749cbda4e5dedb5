import type { Operation, OperationStatus } from '../api/types.ts'
import { untrusted } from '../base/text.ts'

/** The platform's 8 statuses fall in three groups (docs/deploy-gates.md). */
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

/** Pending first, then successful, then unsuccessful. */
export const OPERATION_STATUSES: readonly string[] = [...GROUPS.keys()]

// The console's words where it has them (OK, Scheduling, In progress, Error); plain words for the rest.
const CONSOLE_WORDS: ReadonlyMap<string, string> = new Map([
  ['scheduling', 'Scheduling'],
  ['running', 'In progress'],
  ['cancelling', 'Cancelling'],
  ['finished', 'OK'],
  ['skipped', 'Skipped'],
  ['failed', 'Error'],
  ['error', 'Error'],
  ['cancelled', 'Cancelled'],
])

/** Undefined for a status the action does not know. */
export function consoleWord(status: OperationStatus): string | undefined {
  return CONSOLE_WORDS.get(status)
}

/** A status the action does not know is not success: it counts as pending. */
export function statusGroup(status: OperationStatus): StatusGroup {
  return GROUPS.get(status) ?? 'pending'
}

/** `wait`: `failed` is still pending, as the platform's reference says. `fail`: the end, as the vendor's SDK has it. */
export type OnFailed = 'wait' | 'fail'

export function gateGroup(status: OperationStatus, onFailed: OnFailed): StatusGroup {
  return status === 'failed' && onFailed === 'wait' ? 'pending' : statusGroup(status)
}

/** Pending, then failure, then success. */
export const settling = (status: OperationStatus, onFailed: OnFailed): number =>
  ['pending', 'failure', 'success'].indexOf(gateGroup(status, onFailed))

export function isKnownStatus(status: OperationStatus): boolean {
  return GROUPS.has(status)
}

export function isTerminal(status: OperationStatus): boolean {
  return statusGroup(status) !== 'pending'
}

/** So far, for one in progress: `total_duration_ms`, or updated − created. */
export function durationOf(operation: Operation): number {
  if (typeof operation.total_duration_ms === 'number') return operation.total_duration_ms
  const ms = Date.parse(operation.updated_at) - Date.parse(operation.created_at)
  return Number.isNaN(ms) ? 0 : ms
}

/** An operation without `branch_id` is of the whole project: a gate on a branch waits for it too, and fails closed. */
export function concernsBranch(operation: Operation, branchId: string | undefined): boolean {
  return branchId === undefined || operation.branch_id === undefined || operation.branch_id === branchId
}

/** "branch br-…", or "the whole project". */
export function describePlace(operation: Operation, max?: number): string {
  return operation.branch_id === undefined ? 'the whole project' : `branch ${untrusted(operation.branch_id, max)}`
}
