import { RequestError } from '../http/errors.ts'
import { OPERATIONS_PAGE_LIMIT, getBranch, getOperation, listOperations } from '../api/endpoints.ts'
import { PagingGuard } from '../api/paging.ts'
import { RETRY_POLICIES, retrying } from '../http/retry.ts'
import type { Operation } from '../api/types.ts'
import { formatDuration } from '../base/clock.ts'
import { quoted, untrusted } from '../base/text.ts'
import type { CommandContext } from '../runner/context.ts'
import { formatDate } from '../runner/summary.ts'
import { PollPace } from './pacing.ts'
import {
  concernsBranch,
  durationOf,
  gateGroup,
  isKnownStatus,
  describePlace,
  settling,
  type OnFailed,
} from './status.ts'

/** These ids, or every pending operation (of one branch). */
export type OperationSelection = { kind: 'ids'; ids: string[] } | { kind: 'pending'; branchId: string | undefined }

/** A poll round after the first sends at most this many requests (docs/rate-limits.md). */
const ROUND_REQUEST_BUDGET = 10
const LIST_PAGES_PER_ROUND = 3
const PAGE_SIZE = 100

/**
 * How far back the idle gate reads, once. The list has no status filter, so a pending operation can sit behind
 * thousands of finished ones (docs/deploy-gates.md).
 */
const IDLE_WINDOW = { days: 7, records: 25_000, pages: 50 } as const
const DAY_MS = 86_400_000

/** `error`: the step could not find out (a refused key, an unknown id, a failing service). */
export type WaitStatus = 'finished' | 'failed' | 'timed-out' | 'error'

export interface WaitOptions {
  projectId: string
  operations: OperationSelection
  pollIntervalMs: number
  /** Whether a `failed` operation is still pending (`wait`) or the end (`fail`). */
  onFailed: OnFailed
  /** For messages only: the client holds the deadline. */
  timeoutMs: number
  /** For the poll pace's jitter. */
  random?: () => number
}

export interface WaitOutcome {
  status: WaitStatus
  operations: Operation[]
  failed: Operation[]
  /** With `on-failed: wait`: operations seen `failed`, which the platform may retry. */
  retried: Operation[]
  /** Ids not known to be done: what a later step can go on waiting for. */
  pending: string[]
  failure?: string
  /** The one that failed (`error`), or the congested one when time ran out. */
  failedRequest?: RequestError
  rounds: number
  /** `pending`: how far back the gate read. */
  window?: IdleWindow
}

/** The latest record of each awaited operation. It logs a change of status, not each poll. */
class OperationTracker {
  private readonly records = new Map<string, Operation>()
  /** Of two copies read in one round, the least settled wins, so a gate never passes on the other. */
  readonly thisRound = new Set<string>()
  /** With `on-failed: wait`: ids seen `failed`. */
  readonly retried = new Set<string>()
  private readonly warned = new Set<string>()
  private readonly ctx: CommandContext
  private readonly onFailed: OnFailed

  constructor(ctx: CommandContext, onFailed: OnFailed) {
    this.ctx = ctx
    this.onFailed = onFailed
  }

  isEnd(status: string): boolean {
    return gateGroup(status, this.onFailed) !== 'pending'
  }

  has(id: string): boolean {
    return this.records.has(id)
  }

  update(operation: Operation): void {
    const previous = this.records.get(operation.id)
    const { onFailed } = this
    if (
      previous &&
      this.thisRound.has(operation.id) &&
      settling(operation.status, onFailed) >= settling(previous.status, onFailed)
    )
      return
    this.thisRound.add(operation.id)
    this.records.set(operation.id, operation)
    const waitedThrough = onFailed === 'wait' && operation.status === 'failed'
    if (waitedThrough) this.retried.add(operation.id)
    const failedAgain = waitedThrough && previous?.status === 'failed'
    if (previous?.status === operation.status && !(failedAgain && operation.failures_count > previous.failures_count))
      return
    const change = failedAgain
      ? 'failed again'
      : previous
        ? `${untrusted(previous.status)} → ${untrusted(operation.status)}`
        : untrusted(operation.status)
    const took = this.isEnd(operation.status) && previous ? ` after ${formatDuration(durationOf(operation))}` : ''
    const failures =
      operation.failures_count > 0 && !waitedThrough
        ? ` (${operation.failures_count} failure${operation.failures_count > 1 ? 's' : ''})`
        : ''
    const retry = waitedThrough
      ? `. It ${describeFailureCount(operation)}, and ${describeRetry(operation)}: the gate waits until it ends.`
      : ''
    this.ctx.log.info(`${describeOperation(operation)}: ${change}${took}${failures}${retry}`)
    if (!isKnownStatus(operation.status) && !this.warned.has(operation.status)) {
      this.warned.add(operation.status)
      this.ctx.log.warning(
        `Operation ${untrusted(operation.id)} has status ${quoted(operation.status)}, which the action does not ` +
          'know. It counts as pending.',
      )
    }
  }

  isDone(id: string): boolean {
    const record = this.records.get(id)
    return record !== undefined && this.isEnd(record.status)
  }

  get(id: string): Operation | undefined {
    return this.records.get(id)
  }

  all(): Operation[] {
    return [...this.records.values()]
  }

  pendingIds(): string[] {
    return this.all()
      .filter((o) => !this.isEnd(o.status))
      .map((o) => o.id)
  }
}

type ListingEnd =
  | { reason: 'end' }
  | { reason: 'enough' } // the caller needed no more
  | { reason: 'page-limit'; cursor: string } // more may follow
  | { reason: 'broken'; message: string } // a repeated cursor, or a page with nothing new

/** How far the idle gate's window read has come. */
export interface IdleWindow {
  records: number
  pages: number
  done: boolean
  /** Where the read goes on after a round cut short by congestion. */
  cursor?: string
  oldest?: string
  /** 7 days before the newest record of the first page. */
  since?: number
  end?: 'list' | 'days' | 'records' | 'pages'
}

/** Requests left in this round. */
interface Budget {
  left: number
}

export function waitForOperations(ctx: CommandContext, options: WaitOptions): Promise<WaitOutcome> {
  return new Waiter(ctx, options).run()
}

class Waiter {
  private readonly ctx: CommandContext
  private readonly options: WaitOptions
  private readonly tracker: OperationTracker
  private readonly pace: PollPace
  /** The awaited ids; undefined for `pending`. */
  private readonly awaited: string[] | undefined
  private readonly branchId: string | undefined
  /** The round each awaited operation was last read in. */
  private readonly lastRead = new Map<string, number>()
  private round = 0
  private started = 0
  /** `pending`: the window, and every id read, to know where the head's new records end. */
  private readonly window: IdleWindow = { records: 0, pages: 0, done: false }
  private readonly everRead = new Set<string>()
  private branchChecked = false
  /** The log said the waiter slowed down. */
  private slowed = false
  /** Warnings already given, so a problem that lasts is one line, not one a poll. */
  private readonly noted = new Set<string>()

  constructor(ctx: CommandContext, options: WaitOptions) {
    this.ctx = ctx
    this.options = options
    this.tracker = new OperationTracker(ctx, options.onFailed)
    this.pace = new PollPace(options.pollIntervalMs, options.random)
    this.awaited = options.operations.kind === 'ids' ? options.operations.ids : undefined
    this.branchId = options.operations.kind === 'pending' ? options.operations.branchId : undefined
  }

  async run(): Promise<WaitOutcome> {
    const { log } = this.ctx
    this.started = this.ctx.clock.now()
    const every = formatDuration(this.options.pollIntervalMs)
    if (this.awaited?.length === 0) {
      log.info('Nothing to wait for: `operation-ids` is an empty list.')
      return this.outcome('finished', 0)
    }
    log.info(
      this.awaited
        ? `Waiting for ${this.awaited.length} operation(s) in project ${untrusted(this.options.projectId)}, polling every ${every}.`
        : `Waiting until ${this.describeScope()} has no pending operation, polling every ${every}.`,
    )
    // No wait before the first poll: a gate whose operations are done costs one round.
    for (;;) {
      let conclusive: boolean
      try {
        conclusive = await this.pollThroughCongestion()
      } catch (error) {
        if (error instanceof CongestedToTheEnd) {
          await this.sleep(error.delayMs)
          return this.timedOut(this.round, error.congestion)
        }
        if (error instanceof OtherRecord) return this.outcome('error', this.round, { failure: error.message })
        if (error instanceof UnreadableList) return this.outcome('error', this.round, { failure: error.message })
        if (!(error instanceof RequestError)) throw error
        if (error.kind === 'deadline') return this.timedOut(this.round, error)
        return this.couldNotFindOut(this.round, error)
      }
      if (conclusive && this.unfinished().length === 0) return this.settled(this.round)
      if (!(await this.sleep(this.answered()))) return this.timedOut(this.round)
    }
  }

  /** After a 429, 503 or 423, polls again at the widened pace. A wait past the deadline ends there, timed out. */
  private pollThroughCongestion(): Promise<boolean> {
    const { clock, client } = this.ctx
    const round = () => {
      this.round++
      return this.poll()
    }
    return retrying(round, RETRY_POLICIES.congestedPoll(this.pace), {
      clock,
      deadline: () => client.deadline,
      onRetry: (error, _n, delay) => this.sayCongested(error, delay),
      outOfTime: (error, _n, delay) => {
        this.sayCongested(error, delay)
        return new CongestedToTheEnd(error, delay)
      },
    })
  }

  /** One poll round; false when it could not tell that nothing more is pending. */
  private async poll(): Promise<boolean> {
    const budget: Budget = { left: ROUND_REQUEST_BUDGET }
    this.tracker.thisRound.clear()
    if (this.awaited) {
      await this.pollAwaited(budget)
      return true
    }
    if (this.branchId && !this.branchChecked) {
      // A branch id that names no branch would make an idle gate that always passes.
      budget.left--
      await getBranch(this.ctx.client, this.options.projectId, this.branchId, 'wait')
      this.branchChecked = true
    }
    return this.pollPending(budget)
  }

  private async pollAwaited(budget: Budget): Promise<void> {
    let rest = this.unfinished()
    if (rest.length > 1) {
      const wanted = new Set(rest)
      const limit = Math.min(OPERATIONS_PAGE_LIMIT, Math.max(PAGE_SIZE, rest.length * 4))
      await this.readPages(limit, undefined, LIST_PAGES_PER_ROUND, budget, (operations) => {
        for (const operation of operations.filter((o) => rest.includes(o.id))) {
          wanted.delete(operation.id)
          this.record(operation)
        }
        return wanted.size > 0
      })
      rest = [...wanted]
    }
    // Older than the pages read, or not listed at all (a 404 then names them).
    rest.sort((a, b) => (this.lastRead.get(a) ?? 0) - (this.lastRead.get(b) ?? 0))
    if (rest.length > budget.left) {
      this.note(
        'older',
        'info',
        `${rest.length} operation(s) are not among the newest ones a poll lists. ` +
          `Each poll reads up to ${budget.left} of them one by one, the longest unread first.`,
      )
    }
    for (const id of rest.slice(0, Math.max(0, budget.left))) await this.readOne(id, budget)
  }

  /** Idle only on a round that read the whole window, or the head down to known ground, and found nothing pending. */
  private async pollPending(budget: Budget): Promise<boolean> {
    const seen = new Set<string>()
    const conclusive = this.window.done ? await this.readHead(budget, seen) : await this.readWindow(seen)
    const unseen = this.tracker.pendingIds().filter((id) => !seen.has(id))
    unseen.sort((a, b) => (this.lastRead.get(a) ?? 0) - (this.lastRead.get(b) ?? 0))
    for (const id of unseen.slice(0, Math.max(0, budget.left))) await this.readOne(id, budget)
    return conclusive
  }

  /** True only when the read began at the head: only then does it cover the records that arrived since. */
  private async readWindow(seen: Set<string>): Promise<boolean> {
    const window = this.window
    const fromHead = window.cursor === undefined
    const end = await this.readPages(
      OPERATIONS_PAGE_LIMIT,
      window.cursor,
      Infinity,
      { left: Infinity },
      (page) => this.readWindowPage(page, seen),
      (cursor) => (window.cursor = cursor),
    )
    if (end.reason === 'broken') throw new UnreadableList(`${end.message} ${this.notIdleBecause()}`)
    window.end ??= 'list'
    window.done = true
    this.ctx.log.info(describeWindow(window, `project ${untrusted(this.options.projectId)}`))
    return fromHead
  }

  /** Takes one page of the window; false once the window ends. */
  private readWindowPage(page: Operation[], seen: Set<string>): boolean {
    const window = this.window
    window.pages++
    window.records += page.length
    for (const operation of page) this.consider(operation, seen)
    window.oldest = oldestOf(page, window.oldest)
    const times = page.map((o) => Date.parse(o.created_at))
    // The days count back from the newest record, not from the runner's clock, which may be off.
    window.since ??= Math.max(...times.filter(Number.isFinite)) - IDLE_WINDOW.days * DAY_MS
    // A record whose date cannot be read counts as inside the window.
    if (page.length > 0 && times.every((t) => t < window.since!)) window.end = 'days'
    else if (window.records >= IDLE_WINDOW.records) window.end = 'records'
    else if (window.pages >= IDLE_WINDOW.pages) window.end = 'pages'
    return window.end === undefined
  }

  /** Reads the newest records down to one read before. False when the round's budget ran out first. */
  private async readHead(budget: Budget, seen: Set<string>): Promise<boolean> {
    let reachedKnown = false
    const end = await this.readPages(PAGE_SIZE, undefined, Infinity, budget, (page) => {
      reachedKnown = page.some((o) => this.everRead.has(o.id))
      for (const operation of page) this.consider(operation, seen)
      return !reachedKnown
    })
    if (end.reason === 'broken') throw new UnreadableList(`${end.message} ${this.notIdleBecause()}`)
    if (end.reason === 'page-limit') {
      this.note(
        'head',
        'warning',
        `More operations of project ${untrusted(this.options.projectId)} started since the last poll than a poll reads. ` +
          'The project counts as idle only once a poll reaches operations it read before.',
      )
    }
    return end.reason !== 'page-limit'
  }

  /** Tracks one it waits for already, or a pending one that counts. */
  private consider(operation: Operation, seen: Set<string>): void {
    seen.add(operation.id)
    this.everRead.add(operation.id)
    // An operation waited for stays so, even when a later copy names another branch: its end must be read.
    if (this.tracker.has(operation.id) || (this.counts(operation) && !this.tracker.isEnd(operation.status)))
      this.record(operation)
  }

  private notIdleBecause(): string {
    return `The gate cannot tell whether ${this.describeScope()} is idle, so it does not pass.`
  }

  /**
   * A short page is not the end: a service may cap the page size. Copies read before are passed on: the tracker
   * keeps the least settled.
   */
  private async readPages(
    limit: number,
    from: string | undefined,
    maxPages: number,
    budget: Budget,
    onPage: (operations: Operation[]) => boolean,
    onCursor: (cursor: string) => void = () => undefined,
  ): Promise<ListingEnd> {
    const { projectId } = this.options
    const guard = new PagingGuard(from)
    let cursor = from
    for (let page = 1; ; page++) {
      budget.left--
      const result = await listOperations(this.ctx.client, projectId, { limit, cursor }, 'wait')
      const fresh = guard.unseen(result.operations, (o) => o.id)
      if (result.operations.length > 0 && fresh.length === 0) {
        return this.broken(
          'nothing-new',
          `The page of project ${untrusted(projectId)}'s operations after cursor ${quoted(cursor ?? '')} holds only ` +
            'operations already read.',
        )
      }
      if (!onPage(result.operations)) return { reason: 'enough' }
      const next = result.cursor
      if (result.operations.length === 0 || next === undefined || next === '') return { reason: 'end' }
      if (guard.repeated(next)) {
        return this.broken(
          'repeated-cursor',
          `The platform handed out cursor ${quoted(next)} twice while listing the operations of project ` +
            `${untrusted(projectId)}.`,
        )
      }
      onCursor(next)
      if (page >= maxPages || budget.left <= 0) return { reason: 'page-limit', cursor: next }
      cursor = next
    }
  }

  /** Waiting for ids, the poll warns and reads the rest one by one. */
  private broken(key: string, message: string): ListingEnd {
    if (this.awaited) this.note(key, 'warning', `${message} This poll stops listing there.`)
    return { reason: 'broken', message }
  }

  private async readOne(id: string, budget: Budget): Promise<void> {
    budget.left--
    const operation = await getOperation(this.ctx.client, this.options.projectId, id, 'wait')
    // A record of another operation says nothing of this one. Waiting on would only end at the timeout.
    if (operation.id !== id) {
      throw new OtherRecord(
        `The platform answered the read of operation ${untrusted(id)} with a record of operation ` +
          `${untrusted(operation.id)}. The status of operation ${untrusted(id)} is not known, ` +
          'so the gate does not pass. Check the `operation-ids` input, or report this to the platform.',
      )
    }
    this.record(operation)
  }

  private record(operation: Operation): void {
    this.tracker.update(operation)
    this.lastRead.set(operation.id, this.round)
  }

  /** `pending` with `branch-id`: that branch's operations count, and those of the whole project. */
  private counts(operation: Operation): boolean {
    return concernsBranch(operation, this.branchId)
  }

  private unfinished(): string[] {
    return this.awaited ? this.awaited.filter((id) => !this.tracker.isDone(id)) : this.tracker.pendingIds()
  }

  /** Congestion is no failure: it warns once, when it starts. */
  private sayCongested(error: RequestError, delay: number): void {
    const asked = error.retryAfterMs === undefined ? '' : `, Retry-After ${formatDuration(error.retryAfterMs)}`
    const line =
      `The platform answered ${error.status} (${describeAnswer(error.status)}${asked}; ` +
      `request id ${untrusted(error.requestId ?? '')}). ` +
      `The waiter now polls every ${formatDuration(this.pace.intervalMs)}, ` +
      `and the next poll is in ${formatDuration(delay)}.`
    if (this.slowed) this.ctx.log.debug(line)
    else this.ctx.log.warning(line)
    this.slowed = true
  }

  private answered(): number {
    const delay = this.pace.afterAnswer()
    if (this.slowed && !this.pace.widened) {
      const every = formatDuration(this.pace.baseMs)
      this.ctx.log.info(`The platform answers again, so the waiter polls every ${every} again.`)
      this.slowed = false
    }
    return delay
  }

  /** Never past the deadline. False once it is reached. */
  private async sleep(ms: number): Promise<boolean> {
    const { clock, client } = this.ctx
    const left = client.deadline - clock.now()
    if (left <= 0) return false
    if (ms > 0) await clock.sleep(Math.min(ms, left))
    return clock.now() < client.deadline
  }

  private note(key: string, level: 'info' | 'warning', message: string): void {
    if (this.noted.has(key)) this.ctx.log.debug(message)
    else this.ctx.log[level](message)
    this.noted.add(key)
  }

  private describeScope(): string {
    return this.branchId
      ? `branch ${untrusted(this.branchId)} of project ${untrusted(this.options.projectId)}`
      : `project ${untrusted(this.options.projectId)}`
  }

  /** The records in the order of `operation-ids`, or as found for `pending`. */
  private records(): Operation[] {
    if (!this.awaited) return this.tracker.all()
    return this.awaited.flatMap((id) => this.tracker.get(id) ?? [])
  }

  private outcome(status: WaitStatus, rounds: number, extra: Partial<WaitOutcome> = {}): WaitOutcome {
    const operations = this.records()
    const pending = status === 'finished' || status === 'failed' ? [] : this.unfinished()
    const failed = operations.filter((o) => gateGroup(o.status, this.options.onFailed) === 'failure')
    const retried = operations.filter((o) => this.tracker.retried.has(o.id))
    const window = this.awaited ? {} : { window: { ...this.window } }
    return { status, operations, failed, retried, pending, rounds, ...window, ...extra }
  }

  private settled(rounds: number): WaitOutcome {
    const outcome = this.outcome('finished', rounds)
    if (outcome.failed.length > 0) {
      return { ...outcome, status: 'failed', failure: describeFailures(outcome.failed, outcome.operations.length) }
    }
    const elapsed = formatDuration(this.ctx.clock.now() - this.started)
    this.ctx.log.info(
      outcome.operations.length === 0
        ? `${untrusted(capitalised(this.describeScope()))} has no pending operation.`
        : `All ${outcome.operations.length} operation(s) succeeded after ${elapsed}.`,
    )
    return outcome
  }

  private timedOut(rounds: number, cause?: RequestError): WaitOutcome {
    const left = this.unfinished()
    const still = left.slice(0, MAX_NAMED_OPERATIONS).map((id) => {
      const record = this.tracker.get(id)
      if (!record) return `operation ${untrusted(id, 80)} was not read yet`
      if (record.status === 'failed') {
        return `${describeOperation(record)} is failed: it ${describeFailureCount(record)} and was not finished within \`timeout\`, and ${describeRetry(record)}`
      }
      return `${describeOperation(record)} is ${untrusted(record.status, 40)}`
    })
    if (left.length > still.length)
      still.push(`and ${left.length - still.length} more (\`pending-operation-ids\` has them all)`)
    let hint = ''
    if (cause?.kind === 'deadline') hint = ` ${cause.message}`
    else if (cause) {
      const asked = cause.retryAfterMs === undefined ? '' : ` and asked to wait ${formatDuration(cause.retryAfterMs)}`
      hint = ` The platform's last answer was ${cause.status}${asked} (request id ${untrusted(cause.requestId ?? '')}).`
    }
    const reason =
      left.length > 0
        ? `${left.length} operation(s) not finished: ${untrusted(still.join('; '), Number.POSITIVE_INFINITY)}`
        : `${this.describeScope()} not known to be idle: ${
            this.window.done
              ? 'more operations started than a poll reads'
              : `it read ${this.window.records.toLocaleString('en')} operation(s), not to the end of the window`
          }`
    return this.outcome('timed-out', rounds, {
      failure: `The step's \`timeout\` of ${formatDuration(this.options.timeoutMs)} ran out with ${reason}.${hint}`,
      failedRequest: cause?.status === undefined ? undefined : cause,
    })
  }

  /** `error`: a request failed in a way that waiting cannot mend. */
  private couldNotFindOut(rounds: number, error: RequestError): WaitOutcome {
    return this.outcome('error', rounds, { failure: error.message, failedRequest: error })
  }
}

/** An answer the waiter waits out (429, 503, 423), in words. */
function describeAnswer(status: number | undefined): string {
  if (status === 429) return 'too many requests'
  if (status === 423) return 'locked: another operation holds the project'
  return 'unavailable'
}

/** The next poll after congestion would come past the deadline. */
class CongestedToTheEnd {
  readonly congestion: RequestError
  readonly delayMs: number

  constructor(congestion: RequestError, delayMs: number) {
    this.congestion = congestion
    this.delayMs = delayMs
  }
}

/** The platform answered the read of one operation with a record of another. */
class OtherRecord extends Error {}

/** The idle gate's listing repeated a cursor or a page: what it did not read may hold a pending operation. */
class UnreadableList extends Error {}

function oldestOf(page: Operation[], known: string | undefined): string | undefined {
  let oldest = known
  for (const { created_at } of page)
    if (oldest === undefined || Date.parse(created_at) < Date.parse(oldest)) oldest = created_at
  return oldest
}

function describeWindowEnd(end: IdleWindow['end']): string {
  if (end === 'days') return `the window's ${IDLE_WINDOW.days} days`
  if (end === 'records') return `the window's ${IDLE_WINDOW.records.toLocaleString('en')} records`
  if (end === 'pages') return `the window's ${IDLE_WINDOW.pages} pages`
  return 'the whole list'
}

/** "Read 2,000 operations of project p-1, back to 2026-12-05 10:00 UTC: the whole list." */
export function describeWindow(window: IdleWindow, where: string): string {
  const back = window.oldest === undefined ? '' : `, back to ${untrusted(formatDate(window.oldest))}`
  const reason = window.done ? describeWindowEnd(window.end) : 'not to the end of the window'
  return `Read ${window.records.toLocaleString('en')} operation(s) of ${where}${back}: ${reason}.`
}

/** "failed 2 times", or "failed" when the record counts no failure. */
export function describeFailureCount(operation: Operation): string {
  const n = operation.failures_count
  return n > 0 ? `failed ${n} time${n > 1 ? 's' : ''}` : 'failed'
}

/** "the platform may retry it (retry_at …)" */
export function describeRetry(operation: Operation): string {
  const at = operation.retry_at ? ` (retry_at ${untrusted(operation.retry_at, 40)})` : ''
  return `the platform may retry it${at}`
}

/** An error names at most this many; the outputs have them all. Each value is cut too, so it stays about 2 kB. */
const MAX_NAMED_OPERATIONS = 5

function describeOperation(operation: Operation): string {
  return `${untrusted(operation.action, 80)} ${untrusted(operation.id, 80)} on ${describePlace(operation, 80)}`
}

function describeFailures(failed: Operation[], total: number): string {
  const lines = failed.slice(0, MAX_NAMED_OPERATIONS).map((o) => {
    const what = `${untrusted(o.id, 80)} (${untrusted(o.action, 80)}, ${describePlace(o, 80)})`
    let text = `${what}: ${untrusted(o.status, 40)}, failures_count ${o.failures_count}`
    if (o.error) text += `, error ${quoted(o.error, 120)}`
    return text
  })
  if (failed.length > lines.length)
    lines.push(`and ${failed.length - lines.length} more (\`failed-operation-ids\` has them all)`)
  return `${failed.length} of ${total} operation(s) did not succeed: ${untrusted(lines.join('; '), Number.POSITIVE_INFINITY)}.`
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
