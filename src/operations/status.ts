import type { Operation, OperationStatus } from '../api/types.ts'
import { untrusted } from '../base/text.ts'

/** The platform's 8 operation statuses in their three groups (docs/deploy-gates.md). */
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

/** The service's 8 statuses: pending ones first, then the successful, then the unsuccessful. */
export const OPERATION_STATUSES: readonly string[] = [...GROUPS.keys()]

// The console's Monitoring page says OK, Scheduling, In progress and Error. The other three are in plain words.
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

/** A status in the console's words; undefined for a status the action does not know. */
export function consoleWord(status: OperationStatus): string | undefined {
  return CONSOLE_WORDS.get(status)
}

/** A status the action does not know is not success: it counts as pending. */
export function statusGroup(status: OperationStatus): StatusGroup {
  return GROUPS.get(status) ?? 'pending'
}

/**
 * What `failed` means to a gate (the `on-failed` input). `wait`: still pending, as the platform's reference says (the
 * control plane may retry it). `fail`: the end, as the vendor's SDK takes it.
 */
export type OnFailed = 'wait' | 'fail'

/** A status's group for a gate: with `on-failed: wait`, `failed` is pending. */
export function gateGroup(status: OperationStatus, onFailed: OnFailed): StatusGroup {
  return status === 'failed' && onFailed === 'wait' ? 'pending' : statusGroup(status)
}

/** How settled a status is for a gate: pending, then failure, then success. */
export const settling = (status: OperationStatus, onFailed: OnFailed): number =>
  ['pending', 'failure', 'success'].indexOf(gateGroup(status, onFailed))

export function isKnownStatus(status: OperationStatus): boolean {
  return GROUPS.has(status)
}

export function isTerminal(status: OperationStatus): boolean {
  return statusGroup(status) !== 'pending'
}

/** How long an operation took (or has taken so far): the service's `total_duration_ms`, or updated − created. */
export function durationOf(operation: Operation): number {
  if (typeof operation.total_duration_ms === 'number') return operation.total_duration_ms
  const ms = Date.parse(operation.updated_at) - Date.parse(operation.created_at)
  return Number.isNaN(ms) ? 0 : ms
}

/**
 * Whether an operation concerns a branch. An operation without `branch_id` is of the whole
 * project, so it concerns every branch: a gate on one branch waits for it too, and fails closed.
 */
export function concernsBranch(operation: Operation, branchId: string | undefined): boolean {
  return branchId === undefined || operation.branch_id === undefined || operation.branch_id === branchId
}

/** Where an operation ran, for messages: "branch br-…", or "the whole project" when it has no branch. */
export function describePlace(operation: Operation, max?: number): string {
  return operation.branch_id === undefined ? 'the whole project' : `branch ${untrusted(operation.branch_id, max)}`
}
