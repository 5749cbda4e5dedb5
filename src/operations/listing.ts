/**
 * How list-operations reads operations: each project newest first, down to `since`, at most `max-operations` after
 * the filters, handed on page by page so no list is held in memory.
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

export type ProjectScope =
  | { kind: 'one'; projectId: string; branchId?: string }
  | { kind: 'list'; projectIds: string[] }
  | { kind: 'all'; orgId?: string }

/** A span back from the step's start (`7d`), or a time. */
export interface Since {
  kind: 'ago' | 'at'
  /** `ago`: how far back; `at`: the time. */
  ms: number
  /** As the input gave it. */
  text: string
}

export interface ListOperationsSettings {
  projects: ProjectScope
  since?: Since
  maxOperations: number
  /** All when undefined. */
  statuses?: readonly string[]
  /** All when undefined. */
  actions?: readonly string[]
  /** The step fails when a listed operation has one of these. */
  failOnStatus?: readonly string[]
}

export interface ListingFilter {
  /** Whole seconds: the records' precision. */
  sinceMs?: number
  /** Of each project, the newest. */
  maxOperations: number
  statuses?: ReadonlySet<string>
  actions?: ReadonlySet<string>
  branchId?: string
}

type ProjectEnd =
  | { kind: 'complete' } // down to `since`, or to the end of the list
  | { kind: 'cut' } // more matched than `max-operations`
  | { kind: 'broken'; warning: string } // the paging went wrong: the list may be incomplete
  | { kind: 'unreadable'; error: RequestError } // 404 or 403: none listed

export interface ProjectListing {
  projectId: string
  listed: number
  end: ProjectEnd
}

/** A million operations. */
const MAX_PAGES_PER_PROJECT = 1000
/** Enough to hide each answer's time. The pacer, not this, keeps the step within the rate limits. */
export const PROJECTS_AT_ONCE = 8

/** A project that answers one of these is skipped; the rest are listed. */
const UNREADABLE_STATUSES: ReadonlySet<number> = new Set([403, 404])

export interface ListingContext {
  /** Paced by `pacer`. */
  client: PlatformClient
  pacer: RequestPacer
  log: Logger
  random?: () => number
}

/** Paces every request, waits out congestion, and warns once. */
export class OperationsReader {
  private readonly ctx: ListingContext
  private congestionWarned = false

  constructor(ctx: ListingContext) {
    this.ctx = ctx
  }

  /** A wrong branch id would list nothing, and a health check on it would always pass. */
  async checkBranch(projectId: string, branchId: string): Promise<void> {
    await this.throughCongestion(`branch ${untrusted(branchId)} of project ${untrusted(projectId)}`, () =>
      getBranch(this.ctx.client, projectId, branchId),
    )
  }

  /**
   * Each page goes to `onPage` before the project's next is read. A 404 or 403 skips a project; any other failure is
   * thrown once the projects in flight are read.
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

  /** Until `since`, the end of the list, or one past `max-operations`. */
  private async listProject(
    projectId: string,
    filter: ListingFilter,
    onPage: (operations: Operation[]) => Promise<void>,
  ): Promise<ProjectListing> {
    // Remember every id read, so a page the server sends again is never listed twice, however long the cycle.
    const guard = new PagingGuard()
    const filtered = filter.statuses !== undefined || filter.actions !== undefined || filter.branchId !== undefined
    let listed = 0
    let cursor: string | undefined
    const done = (end: ProjectEnd): ProjectListing => ({ projectId, listed, end })
    const where = `project ${untrusted(projectId)}'s operations`
    for (let page = 1; page <= MAX_PAGES_PER_PROJECT; page++) {
      // Without filters, a page needs only the operations still wanted, and one more to tell whether the list goes on.
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
            `The page of ${where} after cursor ${quoted(cursor ?? '')} holds only operations already read. ` +
            `The project's listing stops there and may be incomplete (${listed} listed).`,
        })
      }
      const kept: Operation[] = []
      let end: ProjectEnd | undefined
      for (const operation of fresh) {
        // The list is newest first, so the first operation older than `since` ends it.
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
      // The service sends a cursor even on the last page. A short page is the end.
      if (result.operations.length < limit || !next) return done({ kind: 'complete' })
      if (guard.repeated(next)) {
        return done({
          kind: 'broken',
          warning:
            `The platform handed out cursor ${quoted(next)} twice while listing the operations of project ` +
            `${untrusted(projectId)}. The project's listing stops there and may be incomplete (${listed} listed).`,
        })
      }
      cursor = next
    }
    return done({
      kind: 'broken',
      warning:
        `The operations of project ${untrusted(projectId)} had not ended after ${MAX_PAGES_PER_PROJECT} pages. ` +
        `The project's listing stops there and is incomplete (${listed} listed).`,
    })
  }

  /**
   * Reads again after a 429 or 503, as long as the platform asks, and the pacer holds every other request back as
   * long. The first congestion is a warning, later ones debug lines.
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
          `${untrusted(error.requestId ?? '')}) to the read of ${where}. ` +
          'Every request waits as asked, then the read is sent again.'
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
