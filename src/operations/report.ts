/**
 * What list-operations found, counted as the pages come. Memory stays bounded: counts, the failed ids, and only the
 * few records the summary and the error show, picked the same whatever order the pages came in.
 */
import type { Operation } from '../api/types.ts'
import { MAX_BARS, drawable } from './chart.ts'
import { OPERATION_STATUSES, consoleWord, durationOf, isKnownStatus, statusGroup, type StatusGroup } from './status.ts'

/** Alike operations share a row, and the table shows at most 200 rows. */
const MAX_TABLE_OPERATIONS = 1000

export interface Listed {
  operation: Operation
  projectIndex: number
  /** In its project's list, newest first. */
  position: number
  createdMs: number
  durationMs: number
}

/** The summary's columns count what its text counts in the same words. */
export interface ProjectTally {
  operations: number
  /** What the console calls Error: `failed` and `error`. */
  failed: number
  /** Not done: `scheduling`, `running`, `cancelling`, and a status the action does not know. */
  pending: number
  longest?: Listed
}

/** Then by project and place, so the order pages came in does not matter. */
export function newestFirst(a: Listed, b: Listed): number {
  return b.createdMs - a.createdMs || a.projectIndex - b.projectIndex || a.position - b.position
}

function longestFirst(a: Listed, b: Listed): number {
  return b.durationMs - a.durationMs || newestFirst(a, b)
}

/** The first `limit` items by `order`, never holding more than twice that many. */
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
  /** The 8 known ones first, at 0 when none had it. */
  readonly statusCounts = new Map<string, number>(OPERATION_STATUSES.map((status) => [status, 0]))
  readonly projects: ProjectTally[]
  total = 0
  failed = 0
  /** With a status of `fail-on-status`. */
  failingCount = 0
  /** A creation time the chart cannot read, or a time out of its years. */
  undrawable = 0
  private readonly failedIds: string[][]
  private readonly positions: number[]
  private readonly failOn: ReadonlySet<string>
  /** For the summary's table, newest first. */
  private readonly failedRows = new TopPicks(MAX_TABLE_OPERATIONS, newestFirst)
  private readonly otherRows = new TopPicks(MAX_TABLE_OPERATIONS, newestFirst)
  /** For the chart: failed, pending and unknown newest first, the others longest first. */
  private readonly bars = new Map<StatusGroup | 'unknown', TopPicks>([
    ['failure', new TopPicks(MAX_BARS, newestFirst)],
    ['pending', new TopPicks(MAX_BARS, newestFirst)],
    ['unknown', new TopPicks(MAX_BARS, newestFirst)],
    ['success', new TopPicks(MAX_BARS, longestFirst)],
  ])
  private readonly newestFailingPick = new TopPicks(1, newestFirst)
  private readonly now: number

  /** `now`: where an operation still in progress runs to. */
  constructor(projects: number, now: number, failOn: readonly string[] = []) {
    this.now = now
    this.projects = Array.from({ length: projects }, () => ({ operations: 0, failed: 0, pending: 0 }))
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
      // `updated_at` is the last change of status, so one still going has taken until now.
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
      this.failedIds[projectIndex]!.push(operation.id)
      this.failedRows.add(item)
    } else this.otherRows.add(item)
    if (consoleWord(status) === 'Error') project.failed++
    if (group === 'pending') project.pending++
    this.bars.get(isKnownStatus(status) ? group : 'unknown')!.add(item)
    if (this.failOn.has(status)) {
      this.failingCount++
      this.newestFailingPick.add(item)
    }
  }

  /** Project by project, each newest first. */
  failedOperationIds(): string[] {
    return this.failedIds.flat()
  }

  /** The newest with a status of `fail-on-status`, for the error. */
  newestFailing(): Listed | undefined {
    return this.newestFailingPick.picked()[0]
  }

  /** The failed first, then the others, each newest first. */
  rows(): Listed[] {
    return [...this.failedRows.picked(), ...this.otherRows.picked()].slice(0, MAX_TABLE_OPERATIONS)
  }

  /** Every operation the chart would pick from all of them. */
  chartCandidates(): Listed[] {
    return [...this.bars.values()].flatMap((picks) => picks.picked())
  }

  /** An unknown status counts as `other`, so it never becomes a key a later step prints. */
  statusCountsObject(): Record<string, number> {
    const counts: Record<string, number> = {}
    for (const [status, n] of this.statusCounts) {
      const key = isKnownStatus(status) ? status : 'other'
      counts[key] = (counts[key] ?? 0) + n
    }
    return counts
  }
}
