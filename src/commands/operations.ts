import { ApiError } from '../api/errors.ts'
import { messageOf } from '../errors.ts'
import { OPERATIONS_PAGE_LIMIT, getOperation, listOperations } from '../api/endpoints.ts'
import type { Operation } from '../api/types.ts'
import { formatDuration } from '../clock.ts'
import { formatDate, heading, paragraph, table } from '../summary.ts'
import { quoted, untrusted } from '../text.ts'
import type { CommandContext, CommandResult } from './context.ts'
import { isKnownStatus, isTerminal, statusGroup } from './status.ts'

/**
 * Request budget of one poll round.
 * - One awaited operation: one GET of it.
 * - Several: list pages, newest first, with a page size of 4× the pending count (100 to 1000),
 *   at most LIST_PAGES_PER_ROUND pages; an operation not found there is read with its own GET.
 *   Awaited operations are usually the newest, so 40 of them cost one request a round.
 * - No ids (the idle-project gate): the newest IDLE_PAGE_SIZE operations, and further pages
 *   only while a page ends on a pending one, at most IDLE_MAX_PAGES pages (500 records):
 *   pending operations sit at the head of the list, behind them lie thousands of old ones.
 *   Operations seen pending earlier but no longer in that window are read with their own GET.
 */
export const LIST_PAGES_PER_ROUND = 2
export const IDLE_PAGE_SIZE = 100
export const IDLE_MAX_PAGES = 5

export type WaitStatus = 'finished' | 'failed' | 'timed-out'

export interface WaitOptions {
  projectId: string
  /** Undefined: wait until the project has no pending operation. */
  operationIds: string[] | undefined
  pollIntervalMs: number
  /** The step's `timeout`, for messages; the deadline itself is the client's. */
  timeoutMs: number
}

export interface WaitOutcome {
  status: WaitStatus
  operations: Operation[]
  failed: Operation[]
  /** Why the step fails, when it does. */
  failure?: string
  rounds: number
}

/** The latest record of each awaited operation; logs a line per change of status, not per poll. */
class OperationTracker {
  private readonly records = new Map<string, Operation>()
  private readonly warned = new Set<string>()
  private readonly ctx: CommandContext

  constructor(ctx: CommandContext) {
    this.ctx = ctx
  }

  has(id: string): boolean {
    return this.records.has(id)
  }

  update(operation: Operation): void {
    const previous = this.records.get(operation.id)
    this.records.set(operation.id, operation)
    if (previous?.status === operation.status) return
    const where = describeOperation(operation)
    const change = previous ? `${untrusted(previous.status)} → ${untrusted(operation.status)}` : untrusted(operation.status)
    const took = isTerminal(operation.status) && previous ? ` after ${formatDuration(durationOf(operation))}` : ''
    const failures = operation.failures_count > 0 ? ` (${operation.failures_count} failure${operation.failures_count > 1 ? 's' : ''})` : ''
    this.ctx.log.info(`${where}: ${change}${took}${failures}`)
    if (!isKnownStatus(operation.status) && !this.warned.has(operation.status)) {
      this.warned.add(operation.status)
      this.ctx.log.warning(
        `Operation ${untrusted(operation.id)} has status ${quoted(operation.status)}, which the action does not know; it counts as pending.`,
      )
    }
  }

  isDone(id: string): boolean {
    const record = this.records.get(id)
    return record !== undefined && isTerminal(record.status)
  }

  all(): Operation[] {
    return [...this.records.values()]
  }

  pendingIds(): string[] {
    return this.all()
      .filter((o) => !isTerminal(o.status))
      .map((o) => o.id)
  }
}

export async function waitForOperations(ctx: CommandContext, options: WaitOptions): Promise<WaitOutcome> {
  const tracker = new OperationTracker(ctx)
  const { clock, client } = ctx
  const started = clock.now()
  const awaited = options.operationIds
  ctx.log.info(
    awaited
      ? `Waiting for ${awaited.length} operation(s) in project ${untrusted(options.projectId)}, polling every ${formatDuration(options.pollIntervalMs)}.`
      : `Waiting until project ${untrusted(options.projectId)} has no pending operation, polling every ${formatDuration(options.pollIntervalMs)}.`,
  )
  const order = (): Operation[] => {
    const records = tracker.all()
    if (!awaited) return records
    const byId = new Map(records.map((r) => [r.id, r]))
    return awaited.flatMap((id) => byId.get(id) ?? [])
  }
  const unfinished = (): string[] => (awaited ? awaited.filter((id) => !tracker.isDone(id)) : tracker.pendingIds())

  for (let round = 1; ; round++) {
    try {
      if (awaited) await pollAwaited(ctx, options.projectId, unfinished(), tracker)
      else await pollProject(ctx, options.projectId, tracker)
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'deadline') {
        return timedOut(order(), unfinished(), options.timeoutMs, round, error.message)
      }
      const records = order()
      return { status: 'failed', operations: records, failed: records.filter(isFailure), failure: messageOf(error), rounds: round }
    }
    const left = unfinished()
    if (left.length === 0) {
      const records = order()
      const failed = records.filter(isFailure)
      if (failed.length === 0) {
        const elapsed = formatDuration(clock.now() - started)
        ctx.log.info(
          records.length === 0
            ? awaited
              ? 'No operation to wait for.'
              : `Project ${untrusted(options.projectId)} has no pending operation.`
            : `All ${records.length} operation(s) succeeded after ${elapsed}.`,
        )
        return { status: 'finished', operations: records, failed, rounds: round }
      }
      return { status: 'failed', operations: records, failed, failure: describeFailures(failed, records.length), rounds: round }
    }
    const now = clock.now()
    if (now >= client.deadline) return timedOut(order(), left, options.timeoutMs, round)
    await clock.sleep(Math.min(options.pollIntervalMs, client.deadline - now))
    if (clock.now() >= client.deadline) return timedOut(order(), left, options.timeoutMs, round)
  }
}

async function pollAwaited(ctx: CommandContext, projectId: string, pending: string[], tracker: OperationTracker): Promise<void> {
  if (pending.length === 1) {
    tracker.update(await getOperation(ctx.client, projectId, pending[0]!))
    return
  }
  const wanted = new Set(pending)
  const limit = Math.min(OPERATIONS_PAGE_LIMIT, Math.max(IDLE_PAGE_SIZE, pending.length * 4))
  let cursor: string | undefined
  for (let page = 0; page < LIST_PAGES_PER_ROUND && wanted.size > 0; page++) {
    const result = await listOperations(ctx.client, projectId, { limit, cursor })
    for (const operation of result.operations) {
      if (wanted.delete(operation.id)) tracker.update(operation)
    }
    if (result.operations.length < limit || !result.cursor || result.cursor === cursor) break
    cursor = result.cursor
  }
  // Older than the pages read, or not in the list at all (a 404 then names it).
  for (const id of wanted) tracker.update(await getOperation(ctx.client, projectId, id))
}

async function pollProject(ctx: CommandContext, projectId: string, tracker: OperationTracker): Promise<void> {
  const seen = new Set<string>()
  let cursor: string | undefined
  for (let page = 0; page < IDLE_MAX_PAGES; page++) {
    const result = await listOperations(ctx.client, projectId, { limit: IDLE_PAGE_SIZE, cursor })
    for (const operation of result.operations) {
      seen.add(operation.id)
      if (!isTerminal(operation.status) || tracker.has(operation.id)) tracker.update(operation)
    }
    // Pending operations sit at the head: read on only while the page ends on a pending one.
    const oldest = result.operations.at(-1)
    if (!oldest || isTerminal(oldest.status) || result.operations.length < IDLE_PAGE_SIZE || !result.cursor || result.cursor === cursor)
      break
    cursor = result.cursor
  }
  for (const id of tracker.pendingIds()) {
    if (!seen.has(id)) tracker.update(await getOperation(ctx.client, projectId, id))
  }
}

function timedOut(records: Operation[], left: string[], timeoutMs: number, rounds: number, reason?: string): WaitOutcome {
  const byId = new Map(records.map((r) => [r.id, r]))
  const still = left.map((id) => {
    const record = byId.get(id)
    return record ? `${describeOperation(record)} is ${untrusted(record.status)}` : `operation ${untrusted(id)} was not read yet`
  })
  const during = reason ? ` ${reason}` : ''
  return {
    status: 'timed-out',
    operations: records,
    failed: records.filter(isFailure),
    failure: `The step's \`timeout\` of ${formatDuration(timeoutMs)} ran out with ${left.length} operation(s) not finished: ${untrusted(still.join('; '), Number.POSITIVE_INFINITY)}.${during}`,
    rounds,
  }
}

function isFailure(operation: Operation): boolean {
  return statusGroup(operation.status) === 'failure'
}

function describeOperation(operation: Operation): string {
  return `${untrusted(operation.action)} ${untrusted(operation.id)} on branch ${untrusted(operation.branch_id)}`
}

function describeFailures(failed: Operation[], total: number): string {
  const lines = failed.map((o) => {
    let text = `${untrusted(o.id)} (${untrusted(o.action)}, branch ${untrusted(o.branch_id)}): ${untrusted(o.status)}, failures_count ${o.failures_count}`
    if (o.error) text += `, error ${quoted(o.error)}`
    return text
  })
  // Each part was made safe above.
  return `${failed.length} of ${total} operation(s) did not succeed: ${untrusted(lines.join('; '), Number.POSITIVE_INFINITY)}.`
}

function durationOf(operation: Operation): number {
  if (typeof operation.total_duration_ms === 'number') return operation.total_duration_ms
  const ms = Date.parse(operation.updated_at) - Date.parse(operation.created_at)
  return Number.isNaN(ms) ? 0 : ms
}

const STATUS_LABEL: Record<string, string> = { success: '✅', failure: '❌', pending: '⏳' }

export async function runWaitForOperations(ctx: CommandContext, options: WaitOptions): Promise<CommandResult> {
  const outcome = await waitForOperations(ctx, options)
  const rows = outcome.operations.map((o) => [
    { code: o.id },
    o.action,
    o.branch_id,
    o.endpoint_id,
    `${STATUS_LABEL[statusGroup(o.status)]} ${o.status}`,
    formatDuration(durationOf(o)),
    formatDate(o.created_at),
  ])
  const title = { finished: 'Operations finished', failed: 'Operations failed', 'timed-out': 'Timed out waiting for operations' }[
    outcome.status
  ]
  return {
    outputs: {
      operations: JSON.stringify(outcome.operations),
      status: outcome.status,
      'failed-operation-ids': JSON.stringify(outcome.failed.map((o) => o.id)),
    },
    summary:
      heading(`${title}: project ${options.projectId}`) +
      (rows.length
        ? table(['operation', 'action', 'branch', 'compute', 'status', 'duration', 'date'], rows)
        : outcome.status === 'finished'
          ? paragraph(options.operationIds ? 'No operation to wait for.' : 'No pending operation: the project is idle.')
          : '') +
      (outcome.failure ? paragraph(outcome.failure) : ''),
    failure: outcome.failure,
  }
}
