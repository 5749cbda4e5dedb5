/**
 * What list-operations found, counted record by record as the pages come. Memory stays bounded however many
 * operations there are: it keeps counts by status and by project, and the ids of the failed operations. Of the
 * records it keeps only the few that the summary and the error show. It picks them the same way whatever order the
 * projects' pages came in.
 */
import type { Operation } from '../api/types.ts'
import { MAX_BARS, drawable } from './chart.ts'
import { OPERATION_STATUSES, durationOf, isKnownStatus, statusGroup, type StatusGroup } from './status.ts'

/**
 * The most operations the summary's table stands for. Alike ones share a row (list-operations groups them), and the
 * table shows at most 200 rows.
 */
const MAX_TABLE_OPERATIONS = 1000
/** The error names at most this many operations with a status of `fail-on-status`. */
const MAX_NAMED_IN_ERROR = 5

/** A listed operation, and where it came from. */
export interface Listed {
  operation: Operation
  projectIndex: number
  /** Its place in its project's list, newest first. */
  position: number
  createdMs: number
  durationMs: number
}

/** What the summary says of one project. */
export interface ProjectTally {
  operations: number
  failed: number
  inProgress: number
  longest?: Listed
}

/** Newest first, then by project, then by place in the project's list. The order pages came in does not matter. */
export function newestFirst(a: Listed, b: Listed): number {
  return b.createdMs - a.createdMs || a.projectIndex - b.projectIndex || a.position - b.position
}

function longestFirst(a: Listed, b: Listed): number {
  return b.durationMs - a.durationMs || newestFirst(a, b)
}

/** Keeps the first `limit` items by `order`, and never holds more than twice that many. */
export class TopPicks {
  private readonly limit: number
  private readonly order: (a: Listed, b: Listed) => number
  private items: Listed[] = []

  constructor(limit: number, order: (a: Listed, b: Listed) => number) {
    this.limit = limit
    this.order = order
  }

  add(item: Listed): void {
    this.items.push(item)
    if (this.items.length >= 2 * this.limit) this.trim()
  }

  picked(): Listed[] {
    this.trim()
    return [...this.items]
  }

  private trim(): void {
    this.items = this.items.sort(this.order).slice(0, this.limit)
  }
}

export class ListingReport {
  /** Every status listed, the 8 known ones first (at 0 when none had it). */
  readonly statusCounts = new Map<string, number>(OPERATION_STATUSES.map((status) => [status, 0]))
  readonly projects: ProjectTally[]
  total = 0
  failed = 0
  /** How many listed operations have a status of `fail-on-status`. */
  failingCount = 0
  /** How many listed operations the chart cannot draw: a creation time it cannot read, or a time out of its years. */
  undrawable = 0
  private readonly failedIds: string[][]
  private readonly positions: number[]
  private readonly failOn: ReadonlySet<string>
  /** For the summary's table: the failed ones, then the others, newest first. */
  private readonly failedRows = new TopPicks(MAX_TABLE_OPERATIONS, newestFirst)
  private readonly otherRows = new TopPicks(MAX_TABLE_OPERATIONS, newestFirst)
  /** For the chart. The failed, pending and unknown ones are picked newest first, the others longest first. */
  private readonly bars = new Map<StatusGroup | 'unknown', TopPicks>([
    ['failure', new TopPicks(MAX_BARS, newestFirst)],
    ['pending', new TopPicks(MAX_BARS, newestFirst)],
    ['unknown', new TopPicks(MAX_BARS, newestFirst)],
    ['success', new TopPicks(MAX_BARS, longestFirst)],
  ])
  private readonly failOnPicks = new TopPicks(MAX_NAMED_IN_ERROR, newestFirst)
  private readonly now: number

  /** `now`: where the time of an operation still in progress runs to. */
  constructor(projects: number, now: number, failOn: readonly string[] = []) {
    this.now = now
    this.projects = Array.from({ length: projects }, () => ({ operations: 0, failed: 0, inProgress: 0 }))
    this.failedIds = Array.from({ length: projects }, () => [])
    this.positions = new Array<number>(projects).fill(0)
    this.failOn = new Set(failOn)
  }

  add(projectIndex: number, operation: Operation): void {
    const { status } = operation
    const group = statusGroup(status)
    const parsedMs = Date.parse(operation.created_at)
    const createdMs = parsedMs || 0
    const item: Listed = {
      operation,
      projectIndex,
      position: this.positions[projectIndex]!++,
      createdMs,
      // `updated_at` is the last change of status. So an operation still going has taken until now so far.
      durationMs: group === 'pending' ? Math.max(durationOf(operation), this.now - createdMs) : durationOf(operation),
    }
    if (!drawable(parsedMs, item.durationMs)) this.undrawable++
    this.statusCounts.set(status, (this.statusCounts.get(status) ?? 0) + 1)
    this.total++
    const project = this.projects[projectIndex]!
    project.operations++
    if (project.longest === undefined || longestFirst(item, project.longest) < 0) project.longest = item
    if (group === 'failure') {
      this.failed++
      project.failed++
      this.failedIds[projectIndex]!.push(operation.id)
      this.failedRows.add(item)
    } else this.otherRows.add(item)
    if (group === 'pending') project.inProgress++
    this.bars.get(isKnownStatus(status) ? group : 'unknown')!.add(item)
    if (this.failOn.has(status)) {
      this.failingCount++
      this.failOnPicks.add(item)
    }
  }

  /** The ids of the failed, errored and cancelled operations, project by project, each project's newest first. */
  failedOperationIds(): string[] {
    return this.failedIds.flat()
  }

  /** The newest operations with a status of `fail-on-status`, for the error. */
  failing(): Listed[] {
    return this.failOnPicks.picked()
  }

  /** What the summary's table stands for: the failed ones first, then the others, each newest first. */
  rows(): Listed[] {
    return [...this.failedRows.picked(), ...this.otherRows.picked()].slice(0, MAX_TABLE_OPERATIONS)
  }

  /** What the chart may draw: every operation it would pick from all of them. */
  chartCandidates(): Listed[] {
    return [...this.bars.values()].flatMap((picks) => picks.picked())
  }

  /** `status-counts`. An unknown status counts as `other`, so it never becomes a key that a later step prints. */
  statusCountsObject(): Record<string, number> {
    const counts: Record<string, number> = {}
    for (const [status, n] of this.statusCounts) {
      const key = isKnownStatus(status) ? status : 'other'
      counts[key] = (counts[key] ?? 0) + n
    }
    return counts
  }
}
