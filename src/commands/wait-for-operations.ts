import { formatDuration } from '../base/clock.ts'
import { untrusted } from '../base/text.ts'
import { describePlace, durationOf, gateGroup } from '../operations/status.ts'
import {
  describeFailureCount,
  describeRetry,
  describeWindow,
  waitForOperations,
  type WaitOptions,
  type WaitOutcome,
  type WaitStatus,
} from '../operations/waiter.ts'
import type { CommandContext, CommandResult } from '../runner/context.ts'
import { formatDate, heading, paragraph, table } from '../runner/summary.ts'

/**
 * wait-for-operations: the deploy gate. It waits until the operations are done (operations/waiter.ts).
 * It fails naming each one that ended badly, and sets every output before it fails.
 */
const STATUS_LABEL: Record<string, string> = { success: '✅', failure: '❌', pending: '⏳' }

const TITLES: Record<WaitStatus, string> = {
  finished: 'Operations finished',
  failed: 'Operations failed',
  'timed-out': 'Timed out waiting for operations',
  error: 'Could not find out whether the operations finished',
}

/** The waiter's options are these and the step's `timeout`. */
export type WaitForOperationsSettings = Pick<WaitOptions, 'projectId' | 'operations' | 'pollIntervalMs' | 'onFailed'>

export async function runWaitForOperations(ctx: CommandContext, options: WaitOptions): Promise<CommandResult> {
  const outcome = await waitForOperations(ctx, options)
  const rows = outcome.operations.map((o) => [
    { code: o.id },
    o.action,
    o.branch_id,
    o.endpoint_id,
    `${STATUS_LABEL[gateGroup(o.status, options.onFailed)]} ${o.status}`,
    formatDuration(durationOf(o)),
    formatDate(o.created_at),
  ])
  const where =
    options.operations.kind === 'pending' && options.operations.branchId
      ? `branch ${untrusted(options.operations.branchId)} of project ${untrusted(options.projectId)}`
      : `project ${untrusted(options.projectId)}`
  return {
    outputs: {
      operations: JSON.stringify(outcome.operations),
      status: outcome.status,
      'failed-operation-ids': JSON.stringify(outcome.failed.map((o) => o.id)),
      'pending-operation-ids': JSON.stringify(outcome.pending),
    },
    summary:
      heading(`${TITLES[outcome.status]}: ${where}`) +
      paragraph(whatHappened(outcome, options)) +
      (outcome.window ? paragraph(describeWindow(outcome.window, `project ${untrusted(options.projectId)}`)) : '') +
      retriedLines(outcome) +
      (rows.length ? table(['operation', 'action', 'branch', 'compute', 'status', 'duration', 'date'], rows) : ''),
    failure: outcome.failure,
    failedRequest: outcome.failedRequest,
    ...(NEXT[outcome.status] === undefined ? {} : { next: NEXT[outcome.status] }),
  }
}

/** What to do after a wait that failed on what it found. For `error`, the failed request says what to do. */
const NEXT: Partial<Record<WaitStatus, string>> = {
  failed:
    "The table below gives each operation's last status, and the console gives its error. " +
    'Fix the cause and run the job again. A later step can read `failed-operation-ids`.',
  'timed-out':
    'Raise the `timeout` input, or wait on in a later step: `pending-operation-ids` lists the operations still pending.',
}

/** An error or summary names at most this many operations; the outputs have them all. */
const MAX_NAMED = 5

/**
 * With `on-failed: wait`, one line for each operation the gate saw `failed`: how many times it failed, that the platform
 * may retry it, and where it ended.
 */
function retriedLines(outcome: WaitOutcome): string {
  const lines = outcome.retried.slice(0, MAX_NAMED).map((o) => {
    const what = ` (${untrusted(o.action, 80)}, ${describePlace(o, 80)}) ${describeFailureCount(o)}`
    const end =
      o.status === 'failed'
        ? `, and ${describeRetry(o)}. It was still failed when the step ended.`
        : `, was retried by the platform, and ended ${untrusted(o.status, 40)}.`
    return paragraph('Operation ', { code: o.id }, what + end)
  })
  const more = outcome.retried.length - lines.length
  return lines.join('') + (more > 0 ? paragraph(`And ${more} more.`) : '')
}

/**
 * The value of `status`. A failed step's summary has the failure and what to do right below its heading, so this
 * line says nothing more for it, and never that all may be well.
 */
function whatHappened(outcome: WaitOutcome, options: WaitOptions): string {
  switch (outcome.status) {
    case 'finished':
      if (outcome.operations.length > 0) return 'Status finished: every operation succeeded.'
      return options.operations.kind === 'ids'
        ? 'Status finished: no operation to wait for.'
        : 'Status finished: no pending operation.'
    case 'error':
      return outcome.operations.length > 0
        ? 'Status error. The statuses below are the last ones read.'
        : 'Status error.'
    default:
      return `Status ${outcome.status}.`
  }
}
