/**
 * list-operations' reading: each project's operations list (newest first, the largest page the
 * service allows, or unfiltered no more than is still wanted) from its head down to `since`, at
 * most `max-operations` of them after the filters, handed on page by page so that no list is held
 * in memory; and many projects at once, a few at a time, every request paced under the account's
 * rate limits (pacing.ts).
 */
import type { PlatformClient } from '../api/client.ts'
import { OPERATIONS_PAGE_LIMIT, getBranch, listOperations } from '../api/endpoints.ts'
import { PagingGuard } from '../api/paging.ts'
import type { Operation } from '../api/types.ts'
import { formatDuration } from '../base/clock.ts'
import type { Logger } from '../base/log.ts'
import { quoted, untrusted } from '../base/text.ts'
import { RequestError } from '../http/errors.ts'
import { concernsBranch } from './status.ts'
import { RETRY_POLICIES, retrying } from '../http/retry.ts'
import type { RequestPacer } from './pacing.ts'

/** Which projects list-operations reads: one (with, or without, a branch), these, or all of an organization's. */
export type ProjectScope =
  | { kind: 'one'; projectId: string; branchId?: string }
  | { kind: 'list'; projectIds: string[] }
  | { kind: 'all'; orgId?: string }

/** Where the listing reaches back to: a span back from the step's start (`7d`), or a time. */
export interface Since {
  kind: 'ago' | 'at'
  /** `ago`: how far back; `at`: the time, in ms since the epoch. */
  ms: number
  /** As the input gave it. */
  text: string
}

/** What list-operations lists, as its inputs say (inputs/operations.ts). */
export interface ListOperationsSettings {
  projects: ProjectScope
  since?: Since
  maxOperations: number
  /** Keep only these statuses; all when undefined. */
  statuses?: readonly string[]
  /** Keep only these actions; all when undefined. */
  actions?: readonly string[]
  /** The step fails when a listed operation has one of these. */
  failOnStatus?: readonly string[]
}

/** Which operations of a project are listed. */
export interface ListingFilter {
  /** Only operations created at or after this, ms since the epoch (whole seconds: the records' precision). */
  sinceMs?: number
  /** At most this many of each project, the newest. */
  maxOperations: number
  statuses?: ReadonlySet<string>
  actions?: ReadonlySet<string>
  branchId?: string
}

/** How one project's listing ended. */
type ProjectEnd =
  | { kind: 'complete' } // down to `since`, or to the end of the list
  | { kind: 'cut' } // more operations matched than `max-operations`
  | { kind: 'broken'; warning: string } // the platform's paging went wrong: may be incomplete
  | { kind: 'unreadable'; error: RequestError } // 404 or 403: none of its operations are listed

export interface ProjectListing {
  projectId: string
  listed: number
  end: ProjectEnd
}

/** The most pages one project's listing reads (a million operations); a list still going on is cut there. */
const MAX_PAGES_PER_PROJECT = 1000
/**
 * Projects read at once. The pacer, not this, keeps the step within the rate limits: a few
 * requests in flight are enough to cover the time each answer takes.
 */
export const PROJECTS_AT_ONCE = 8

/** Statuses of a project that mean it cannot be read (not found, or out of the key's reach): the others are still listed. */
const UNREADABLE_STATUSES: ReadonlySet<number> = new Set([403, 404])

export interface ListingContext {
  /** Paced by `pacer`. */
  client: PlatformClient
  pacer: RequestPacer
  log: Logger
  random?: () => number
}

/** Reads projects' operations for one step: every request paced, congestion absorbed and said once. */
export class OperationsReader {
  private readonly ctx: ListingContext
  private congestionWarned = false

  constructor(ctx: ListingContext) {
    this.ctx = ctx
  }

  /** That the branch exists: a branch id that names none would list nothing, and a health check would always pass. */
  async checkBranch(projectId: string, branchId: string): Promise<void> {
    await this.throughCongestion(`branch ${untrusted(branchId)} of project ${untrusted(projectId)}`, () =>
      getBranch(this.ctx.client, projectId, branchId),
    )
  }

  /**
   * Reads every project of `projectIds`, PROJECTS_AT_ONCE at a time, and hands each page's
   * listed operations to `onPage` (with the project's index), awaited before the next page of
   * that project. A project that cannot be read (404, 403) is reported and the others go on;
   * any other failure (a refused key, the step's timeout, a service that kept failing) ends the
   * listing, once the projects being read are read, and is thrown.
   */
  async listProjects(
    projectIds: readonly string[],
    filter: ListingFilter,
    onPage: (projectIndex: number, operations: Operation[]) => Promise<void>,
  ): Promise<ProjectListing[]> {
    const results: ProjectListing[] = new Array<ProjectListing>(projectIds.length)
    let next = 0
    let failure: { error: unknown } | undefined
    const worker = async () => {
      while (failure === undefined && next < projectIds.length) {
        const index = next++
        const projectId = projectIds[index]!
        try {
          results[index] = await this.listProject(projectId, filter, (operations) => onPage(index, operations))
        } catch (error) {
          if (error instanceof RequestError && error.kind === 'http' && UNREADABLE_STATUSES.has(error.status ?? 0)) {
            results[index] = { projectId, listed: 0, end: { kind: 'unreadable', error } }
          } else failure ??= { error }
        }
      }
    }
    await Promise.all(Array.from({ length: Math.min(PROJECTS_AT_ONCE, projectIds.length) }, worker))
    if (failure) throw failure.error
    return results
  }

  /** One project: its pages from the head of the list until `since`, the end, or one operation past `max-operations`. */
  private async listProject(
    projectId: string,
    filter: ListingFilter,
    onPage: (operations: Operation[]) => Promise<void>,
  ): Promise<ProjectListing> {
    // Every id read, so that no page served again is listed again, however long its cycle (unfiltered, max-operations and one).
    const guard = new PagingGuard()
    const filtered = filter.statuses !== undefined || filter.actions !== undefined || filter.branchId !== undefined
    let listed = 0
    let cursor: string | undefined
    const done = (end: ProjectEnd): ProjectListing => ({ projectId, listed, end })
    const where = `project ${untrusted(projectId)}'s operations`
    for (let page = 1; page <= MAX_PAGES_PER_PROJECT; page++) {
      // Unfiltered, a page need hold no more than the operations still wanted and one to tell whether the list goes on.
      const limit = filtered
        ? OPERATIONS_PAGE_LIMIT
        : Math.min(OPERATIONS_PAGE_LIMIT, filter.maxOperations + 1 - listed)
      const result = await this.throughCongestion(`a page of ${where}`, () =>
        listOperations(this.ctx.client, projectId, { limit, cursor }),
      )
      const fresh = guard.unseen(result.operations, (o) => o.id)
      if (result.operations.length > 0 && fresh.length === 0) {
        return done({
          kind: 'broken',
          warning:
            `The page of ${where} after cursor ${quoted(cursor ?? '')} holds only operations already read: ` +
            `its listing ends there and may be incomplete (${listed} listed).`,
        })
      }
      const kept: Operation[] = []
      let end: ProjectEnd | undefined
      for (const operation of fresh) {
        // Newest first: the first one older than `since` ends the list.
        if (filter.sinceMs !== undefined && Date.parse(operation.created_at) < filter.sinceMs) {
          end = { kind: 'complete' }
          break
        }
        if (!matches(operation, filter)) continue
        if (listed === filter.maxOperations) {
          end = { kind: 'cut' }
          break
        }
        kept.push(operation)
        listed++
      }
      await onPage(kept)
      if (end) return done(end)
      const next = result.cursor
      // The service sends a cursor even on the last page: a short page is the end.
      if (result.operations.length < limit || !next) return done({ kind: 'complete' })
      if (guard.repeated(next)) {
        return done({
          kind: 'broken',
          warning:
            `The platform handed out cursor ${quoted(next)} twice while listing the operations of project ${untrusted(projectId)}: ` +
            `its listing ends there and may be incomplete (${listed} listed).`,
        })
      }
      cursor = next
    }
    return done({
      kind: 'broken',
      warning:
        `The operations of project ${untrusted(projectId)} were still going on after ${MAX_PAGES_PER_PROJECT} pages: ` +
        `its listing ends there and is incomplete (${listed} listed).`,
    })
  }

  /**
   * A read that a 429 or 503 delays, as RETRY_POLICIES.congested says: it waits as long as the
   * platform asks (a 503 that does not say, a back-off), the pacer holds every other request back
   * as long, and the read goes again. A wait past the step's timeout ends there, and the read then
   * fails on it, as every paced request does. One warning for the step's first congestion, the rest
   * in the debug log.
   */
  private throughCongestion<T>(where: string, read: () => Promise<T>): Promise<T> {
    const { client, pacer } = this.ctx
    return retrying(read, RETRY_POLICIES.congested, {
      clock: client.clock,
      deadline: () => client.deadline,
      untilDeadline: true,
      random: this.ctx.random,
      onRetry: (error, _attempt, delay) => {
        pacer.pause(delay)
        const asked = error.retryAfterMs === undefined ? '' : `, Retry-After ${formatDuration(error.retryAfterMs)}`
        const message =
          `The platform answered ${error.status} (${error.status === 429 ? 'too many requests' : 'unavailable'}${asked}; request id ` +
          `${untrusted(error.requestId ?? '')}) to the read of ${where}: every request waits as asked, and the read goes again.`
        if (this.congestionWarned) this.ctx.log.debug(message)
        else this.ctx.log.warning(message)
        this.congestionWarned = true
      },
    })
  }
}

function matches(operation: Operation, filter: ListingFilter): boolean {
  return (
    (filter.statuses === undefined || filter.statuses.has(operation.status)) &&
    (filter.actions === undefined || filter.actions.has(operation.action)) &&
    concernsBranch(operation, filter.branchId)
  )
}
