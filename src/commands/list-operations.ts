import { listAllProjects } from '../api/endpoints.ts'
import { PLATFORM_ID } from '../api/ids.ts'
import { organizationForProjects } from '../api/organization.ts'
import { formatDuration } from '../base/clock.ts'
import { InputError } from '../base/errors.ts'
import { quoted, untrusted } from '../base/text.ts'
import { operationsChart } from '../operations/chart.ts'
import {
  OperationsReader,
  type ListingFilter,
  type ListOperationsSettings,
  type ProjectListing,
} from '../operations/listing.ts'
import { RequestPacer } from '../operations/pacing.ts'
import { ListingReport, newestFirst, type Listed } from '../operations/report.ts'
import { consoleWord, isTerminal, describePlace } from '../operations/status.ts'
import type { PlatformClient } from '../api/client.ts'
import type { RequestError } from '../http/errors.ts'
import type { CommandContext, CommandResult } from '../runner/context.ts'
import { ListFileWriter, OUTPUT_LIMIT_BYTES, recordJson } from '../runner/outputs.ts'
import { folded, formatDate, heading, paragraph, tableOf, type Cell, type Part } from '../runner/summary.ts'

/**
 * list-operations: the operations of one project, of a list, or of every project of an organization
 * (operations/listing.ts). `operations-file` gets every record, written as the pages come. The summary uses the
 * console's words, with a chart of when the operations ran. The step fails only on what `fail-on-status` names,
 * and on projects it could not read, after it listed every other project.
 */
/** A warning names at most this many projects. `incomplete-project-ids` has all those cut or unread. */
const MAX_PROJECTS_NAMED = 10

export async function runListOperations(ctx: CommandContext, options: ListOperationsSettings): Promise<CommandResult> {
  const startedAt = ctx.clock.now()
  const sinceMs = sinceOf(options, startedAt)
  const pacer = new RequestPacer(ctx.clock)
  const client = ctx.client.withPacing(pacer)
  const reader = new OperationsReader({ client, pacer, log: ctx.log })
  const { projectIds, orgId, notes } = await resolveProjects(ctx, client, options.projects)
  const filter = await filterOf(reader, options, sinceMs)
  ctx.log.info(
    `Listing the operations of ${describeListing(options, projectIds.length, orgId)}${describeFilter(options, sinceMs)}.`,
  )
  const report = new ListingReport(projectIds.length, startedAt, options.failOnStatus)
  const { listings, path, held } = await listIntoSinks(ctx, reader, projectIds, filter, report)
  const ends = sortEnds(listings, options.maxOperations)
  for (const warning of ends.warnings) ctx.log.warning(warning)
  warnUndrawable(ctx, report)
  ctx.log.info(describeTotals(report, projectIds.length, pacer))
  return {
    ...outputsOf(report, held, path, ends.incomplete, orgId),
    summary: summaryOf({
      options,
      projectIds,
      listings,
      report,
      orgId,
      sinceMs,
      startedAt,
      notes: [...notes, ...ends.warnings],
      // A project list whose paging went wrong may lack projects that no output can name.
      incomplete: ends.incomplete.length > 0 || notes.length > 0,
    }),
    ...findFailures(report, ends.unreadable, options.failOnStatus, projectIds),
  }
}

function outputsOf(
  report: ListingReport,
  held: HeldOutput,
  path: string,
  incomplete: readonly string[],
  orgId: string | undefined,
): Pick<CommandResult, 'outputs' | 'oversized'> {
  const operations = held.json()
  return {
    outputs: {
      ...(operations === undefined ? {} : { operations }),
      'operations-file': path,
      'operation-count': String(report.total),
      'status-counts': JSON.stringify(report.statusCountsObject()),
      'failed-operation-ids': JSON.stringify(report.failedOperationIds()),
      'incomplete-project-ids': JSON.stringify(incomplete),
      ...(orgId === undefined ? {} : { 'org-id': orgId }),
    },
    ...(operations === undefined ? { oversized: { operations: held.bytes } } : {}),
  }
}

interface ResolvedProjects {
  projectIds: string[]
  orgId?: string
  /** Warnings about the list of projects, for the summary too. */
  notes: string[]
}

/** The projects to read: the one, the list, or every project of the organization. */
async function resolveProjects(
  ctx: CommandContext,
  client: PlatformClient,
  scope: ListOperationsSettings['projects'],
): Promise<ResolvedProjects> {
  if (scope.kind === 'one') return { projectIds: [scope.projectId], notes: [] }
  if (scope.kind === 'list') return { projectIds: scope.projectIds, notes: [] }
  const orgId = await organizationForProjects({ client, log: ctx.log }, scope.orgId)
  const found = await listAllProjects(client, { orgId })
  const notes: string[] = []
  if (found.warning) {
    ctx.log.warning(found.warning)
    notes.push(found.warning)
  }
  // The platform lists a project by id only when it could not read its record in time. Its operations can still be read.
  const ids = [...found.projects.map((p) => p.id), ...found.unavailableIds]
  // An id goes into paths, outputs and the summary. So an id that is no project id is named, and not read.
  const odd = ids.filter((id) => !PLATFORM_ID.test(id))
  if (odd.length > 0) {
    const warning =
      `The platform listed ${odd.length} project id(s) that are not project ids (1 to 60 lower-case letters, digits or hyphens), ` +
      `so their operations are not read: ${describeSome(odd)}.`
    ctx.log.warning(warning)
    notes.push(warning)
  }
  return { projectIds: ids.filter((id) => PLATFORM_ID.test(id)), orgId, notes }
}

/** What to keep of each list. A `branch-id` that names no branch fails here, before any operation is read. */
async function filterOf(
  reader: OperationsReader,
  options: ListOperationsSettings,
  sinceMs: number | undefined,
): Promise<ListingFilter> {
  const scope = options.projects
  const branchId = scope.kind === 'one' ? scope.branchId : undefined
  if (scope.kind === 'one' && branchId !== undefined) await reader.checkBranch(scope.projectId, branchId)
  return {
    maxOperations: options.maxOperations,
    ...(sinceMs === undefined ? {} : { sinceMs }),
    ...(options.statuses ? { statuses: new Set(options.statuses) } : {}),
    ...(options.actions ? { actions: new Set(options.actions) } : {}),
    ...(branchId === undefined ? {} : { branchId }),
  }
}

/** Lists every project, each page into the report, the held output and the file as it comes. */
async function listIntoSinks(
  ctx: CommandContext,
  reader: OperationsReader,
  projectIds: readonly string[],
  filter: ListingFilter,
  report: ListingReport,
): Promise<{ listings: ProjectListing[]; path: string; held: HeldOutput }> {
  const file = new ListFileWriter(ctx.fileDir, 'operations')
  const held = new HeldOutput(projectIds.length)
  try {
    const listings = await reader.listProjects(projectIds, filter, async (index, operations) => {
      const records: string[] = []
      for (const operation of operations) {
        report.add(index, operation)
        const json = recordJson(operation)
        held.add(index, json)
        records.push(json)
      }
      await file.add(index, records)
    })
    return { listings, path: await file.finish(), held }
  } catch (error) {
    await file.discard()
    throw error
  }
}

type Unreadable = Array<{ projectId: string; error: RequestError }>

/** How each list ended: the warnings for a list cut or broken, the projects unread, and all those not read in full. */
function sortEnds(
  listings: readonly ProjectListing[],
  maxOperations: number,
): { warnings: string[]; unreadable: Unreadable; incomplete: string[] } {
  const cut = listings.filter((l) => l.end.kind === 'cut')
  const broken = listings.flatMap((l) => (l.end.kind === 'broken' ? [l.end.warning] : []))
  return {
    warnings: [...broken, ...(cut.length > 0 ? [describeCut(cut, maxOperations)] : [])],
    unreadable: listings.flatMap((l) =>
      l.end.kind === 'unreadable' ? [{ projectId: l.projectId, error: l.end.error }] : [],
    ),
    incomplete: listings.filter((l) => l.end.kind !== 'complete').map((l) => l.projectId),
  }
}

function warnUndrawable(ctx: CommandContext, report: ListingReport): void {
  if (report.undrawable === 0) return
  ctx.log.warning(
    `${report.undrawable} listed operation(s) have a creation time the chart cannot read, ` +
      'or a time outside the years 0100 to 9999. ' +
      'The chart leaves them out. The outputs and the table have them as the platform gave them.',
  )
}

/** The step fails on projects it could not read, and on what `fail-on-status` names. */
function findFailures(
  report: ListingReport,
  unreadable: Unreadable,
  failOnStatus: readonly string[] | undefined,
  projectIds: readonly string[],
): Pick<CommandResult, 'failure' | 'next' | 'failedRequest'> {
  const failures: string[] = []
  const next: string[] = []
  if (unreadable.length > 0) {
    failures.push(describeUnreadable(unreadable, projectIds.length))
    next.push(
      'Check each project id that could not be read. A 404 means that the platform does not know the project, ' +
        "no longer has it, or hides it from a collaborator's key that was not granted it. " +
        "A 403 means that the project is out of the key's reach. " +
        "A project-scoped key reaches one project, and an organization key reaches its organization's projects.",
    )
  }
  if (failOnStatus && report.failingCount > 0) {
    failures.push(describeFailing(report, failOnStatus, projectIds))
    next.push(
      'The table of operations below lists the failed ones first, and the console has their errors. ' +
        'A later step can read `failed-operation-ids` and `operations-file`.',
    )
  }
  return {
    ...(failures.length > 0
      ? { failure: untrusted(failures.join(' '), Number.POSITIVE_INFINITY), next: next.join(' ') }
      : {}),
    ...(unreadable[0] ? { failedRequest: unreadable[0].error } : {}),
  }
}

/** In whole seconds, the records' precision. A time in the future is refused before any request. */
function sinceOf(options: ListOperationsSettings, now: number): number | undefined {
  const { since } = options
  if (since === undefined) return undefined
  const ms = since.kind === 'ago' ? now - since.ms : since.ms
  if (ms > now) {
    throw new InputError(
      `Input \`since\` is ${quoted(since.text, 80)}, which is in the future (the step started at ${untrusted(new Date(now).toISOString())}): ` +
        'no operation was created after it. Give a time in the past, or a span back from now such as 24h.',
    )
  }
  return Math.floor(ms / 1000) * 1000
}

/**
 * The `operations` output, with each project's records in order, while it fits the output limit.
 * Past the limit only its size is kept. The file has every record.
 */
class HeldOutput {
  private parts: string[][] | undefined
  /** The JSON array's size in bytes. */
  bytes = 2

  constructor(projects: number) {
    this.parts = Array.from({ length: projects }, () => [])
  }

  add(index: number, json: string): void {
    this.bytes += Buffer.byteLength(json, 'utf8') + (this.bytes > 2 ? 1 : 0)
    if (this.bytes > OUTPUT_LIMIT_BYTES) this.parts = undefined
    else this.parts?.[index]!.push(json)
  }

  json(): string | undefined {
    return this.parts && `[${this.parts.flat().join(',')}]`
  }
}

function describeListing(options: ListOperationsSettings, projects: number, orgId: string | undefined): string {
  const scope = options.projects
  if (scope.kind === 'one') {
    return scope.branchId === undefined
      ? `project ${untrusted(scope.projectId)}`
      : `branch ${untrusted(scope.branchId)} of project ${untrusted(scope.projectId)}`
  }
  if (scope.kind === 'list') return `${projects} project(s)`
  return orgId === undefined
    ? `the ${projects} project(s) of the key's user`
    : `the ${projects} project(s) of organization ${untrusted(orgId)}`
}

function describeFilter(options: ListOperationsSettings, sinceMs: number | undefined): string {
  const parts = [
    sinceMs === undefined ? '' : ` since ${new Date(sinceMs).toISOString().replace('.000Z', 'Z')}`,
    `, at most ${options.maxOperations}${options.projects.kind === 'one' ? '' : ' of each'}, the newest`,
    options.statuses ? `, with status ${options.statuses.join(', ')}` : '',
    options.actions ? `, with action ${options.actions.join(', ')}` : '',
    options.failOnStatus ? `; failing on ${options.failOnStatus.join(', ')}` : '',
  ]
  // The inputs checked the statuses and actions: they hold only letters, digits and _ . -
  return untrusted(parts.join(''), Number.POSITIVE_INFINITY)
}

function describeTotals(report: ListingReport, projects: number, pacer: RequestPacer): string {
  // Only the action's own words, with `other` for a status the platform invents. So the line stays short.
  const counts = Object.entries(report.statusCountsObject())
    .filter(([, n]) => n > 0)
    .map(([status, n]) => `${n} ${untrusted(status, 40)}`)
    .join(', ')
  const congested =
    pacer.congested > 0 ? `; ${pacer.congested} answered 429 and were sent again after the wait asked for` : ''
  return `Listed ${report.total} operation(s) of ${projects} project(s) in ${pacer.sent} request(s)${congested}${counts ? `: ${counts}` : ''}.`
}

function describeCut(cut: ProjectListing[], max: number): string {
  return (
    `${cut.length} project(s) have more operations than \`max-operations\` (${max}) lets the step list, so only their newest are listed: ` +
    `${describeSome(cut.map((l) => l.projectId))}. \`incomplete-project-ids\` names them. ` +
    'To list all their operations, raise `max-operations` (up to 100000), or set a later `since`.'
  )
}

/** Names the first, so the error fits a screen; the summary's table names each. */
function describeUnreadable(unreadable: Unreadable, total: number): string {
  const more = unreadable.length > 1 ? ` And ${unreadable.length - 1} more, named in the summary.` : ''
  return (
    `${unreadable.length} of ${total} project(s) could not be read, so none of their operations are listed. ` +
    `The operations of every other project are listed. \`incomplete-project-ids\` names all the unreadable ones. ` +
    `${untrusted(unreadable[0]!.error.message, Number.POSITIVE_INFINITY)}${more}`
  )
}

/** Fits a screen: the count and the newest. The summary's table and `operations-file` have the rest. */
function describeFailing(report: ListingReport, failOn: readonly string[], projectIds: readonly string[]): string {
  const newest = report.newestFailing()!
  const o = newest.operation
  const where = `project ${untrusted(projectIds[newest.projectIndex] ?? '', 60)}, ${describePlace(o, 60)}`
  const named = `${untrusted(o.id, 40)} (${where}, ${untrusted(o.action, 40)}, ${untrusted(o.status, 20)}, ${untrusted(formatDate(o.created_at), 40)})`
  const others = report.failingCount - 1
  const more = others > 0 ? `; the job summary and \`operations-file\` have the other ${others}` : ''
  return (
    `${report.failingCount} listed operation(s) have a status \`fail-on-status\` names (${untrusted(failOn.join(', '))}), ` +
    `the newest: ${untrusted(named, Number.POSITIVE_INFINITY)}${more}.`
  )
}

function describeSome(ids: readonly string[]): string {
  const named = ids
    .slice(0, MAX_PROJECTS_NAMED)
    .map((id) => untrusted(id, 80))
    .join(', ')
  return ids.length > MAX_PROJECTS_NAMED ? `${named}, and ${ids.length - MAX_PROJECTS_NAMED} more` : named
}

// ---- the job summary ---------------------------------------------------------------------------

interface SummaryParts {
  options: ListOperationsSettings
  projectIds: readonly string[]
  listings: readonly ProjectListing[]
  report: ListingReport
  orgId: string | undefined
  sinceMs: number | undefined
  startedAt: number
  notes: string[]
  incomplete: boolean
}

const OPERATION_HEADERS = ['operation', 'action', 'branch', 'compute', 'status', 'duration', 'date']

function summaryOf(parts: SummaryParts): string {
  const { options, projectIds, report } = parts
  const several = options.projects.kind !== 'one'
  const rows = alikeInRows(report.rows())
  const candidates = report.chartCandidates().sort(newestFirst)
  return (
    heading(summaryTitle(parts)) +
    paragraph(describeCounts(report)) +
    parts.notes.map((note) => paragraph(note)).join('') +
    (several && projectIds.length > 0 ? projectTable(parts) : '') +
    folded(
      'When they ran (chart)',
      operationsChart(
        candidates.map((c) => c.operation),
        { now: parts.startedAt, listed: { total: report.total, failed: report.failed, undrawable: report.undrawable } },
      ),
    ) +
    (rows.some((row) => row.count > 1)
      ? paragraph(
          'A row marked ×N stands for N operations alike (the same project, action, status, branch and compute): ' +
            'the id of the newest, their shortest and longest durations, and the dates of the first and the last.',
        )
      : '') +
    (rows.length > 0
      ? tableOf(
          several ? ['project', ...OPERATION_HEADERS] : OPERATION_HEADERS,
          rows,
          (row) =>
            several ? [{ code: projectIds[row.newest.projectIndex] ?? '' }, ...operationRow(row)] : operationRow(row),
          {
            total: report.total,
            rest: 'the `operations-file` output',
            count: (row) => row.count,
            title: 'The operations, failed first',
          },
        )
      : '')
  )
}

interface AlikeRow {
  newest: Listed
  oldest: Listed
  count: number
  shortestMs: number
  longestMs: number
}

/**
 * Puts operations alike in one row: the same project, action, status, branch and compute. A day of availability
 * checks is then one row, not dozens. Rows keep the order of their newest operation. `listed` holds the failed
 * ones first, then the others, each newest first.
 */
function alikeInRows(listed: readonly Listed[]): AlikeRow[] {
  const rows = new Map<string, AlikeRow>()
  for (const item of listed) {
    const { action, status, branch_id: branch, endpoint_id: compute } = item.operation
    // JSON of the values as they came, so a field that the platform sent as another type still tells rows apart.
    const key = JSON.stringify([item.projectIndex, action, status, branch ?? null, compute ?? null])
    const row = rows.get(key)
    if (row === undefined) {
      rows.set(key, { newest: item, oldest: item, count: 1, shortestMs: item.durationMs, longestMs: item.durationMs })
      continue
    }
    row.count++
    if (newestFirst(item, row.oldest) > 0) row.oldest = item
    row.shortestMs = Math.min(row.shortestMs, item.durationMs)
    row.longestMs = Math.max(row.longestMs, item.durationMs)
  }
  return [...rows.values()]
}

/** Its verdict when the step fails: what `fail-on-status` found, and the projects it could not read. */
function summaryTitle(parts: SummaryParts): string {
  const { options, projectIds, report, orgId, sinceMs } = parts
  const scope = options.projects
  const whose =
    scope.kind === 'one'
      ? `project ${scope.projectId}${scope.branchId === undefined ? '' : `, branch ${scope.branchId}`}`
      : scope.kind === 'all' && orgId !== undefined
        ? `the ${projects(projectIds.length)} of organization ${orgId}`
        : projects(projectIds.length)
  const since = sinceMs === undefined ? '' : ` since ${formatDate(new Date(sinceMs).toISOString())}`
  const unread = parts.listings.filter((l) => l.end.kind === 'unreadable').length
  const verdicts = [
    ...(report.failingCount > 0
      ? [`${report.failingCount} operation(s) with status ${oneOf(options.failOnStatus ?? [])}`]
      : []),
    ...(unread > 0 ? [`${unread} project(s) could not be read`] : []),
  ]
  if (verdicts.length > 0) return `${verdicts.join(', ')}: ${whose}${since}`
  return `Operations of ${whose}${since} (${report.total}${parts.incomplete ? ', incomplete' : ''})`
}

/** "failed, error or cancelled". */
function oneOf(words: readonly string[]): string {
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1)}` : words.join('')
}

/**
 * "143 operation(s): 120 OK (finished), 7 Error (5 failed, 2 error), …". Each of the console's words comes once,
 * with the statuses it stands for when they differ from the word.
 */
function describeCounts(report: ListingReport): string {
  const counts = [...report.statusCounts].filter(([, n]) => n > 0)
  if (counts.length === 0) return 'No operation listed.'
  const byWord = new Map<string, Array<[string, number]>>()
  const unknown: string[] = []
  for (const [status, n] of counts) {
    const word = consoleWord(status)
    if (word === undefined) unknown.push(`${n} of a status the action does not know (${untrusted(status, 40)})`)
    else byWord.set(word, [...(byWord.get(word) ?? []), [status, n]])
  }
  const words = [...byWord].map(([word, statuses]) => {
    const total = statuses.reduce((sum, [, n]) => sum + n, 0)
    if (statuses.length === 1)
      return statuses[0]![0] === word.toLowerCase() ? `${total} ${word}` : `${total} ${word} (${statuses[0]![0]})`
    return `${total} ${word} (${statuses.map(([status, n]) => `${n} ${status}`).join(', ')})`
  })
  return `${report.total} operation(s): ${untrusted([...words, ...unknown].join(', '), Number.POSITIVE_INFINITY)}.`
}

/** The summary names at most this many projects with no operation, and counts the rest. */
const MAX_IDLE_NAMED = 50

/**
 * A row per project that has operations or was not listed in full, with the ones to look at first on top.
 * The projects with no operation follow in one line.
 */
function projectTable(parts: SummaryParts): string {
  const { listings, report } = parts
  const all = listings.map((listing, index) => ({ listing, index, tally: report.projects[index]! }))
  const idle = all.filter(({ listing, tally }) => listing.end.kind === 'complete' && tally.operations === 0)
  const rows = all.filter(({ listing, tally }) => listing.end.kind !== 'complete' || tally.operations > 0)
  // Unreadable projects first, then the most failed, then the most pending. Ties keep the listing's order.
  rows.sort(
    (a, b) =>
      Number(b.listing.end.kind === 'unreadable') - Number(a.listing.end.kind === 'unreadable') ||
      b.tally.failed - a.tally.failed ||
      b.tally.pending - a.tally.pending ||
      a.index - b.index,
  )
  const table =
    rows.length === 0
      ? ''
      : tableOf(
          ['project', 'operations', 'failed', 'pending', 'longest'],
          rows,
          ({ listing, tally }) => {
            const { end } = listing
            const operations =
              end.kind === 'unreadable'
                ? `could not be read (${end.error.status ?? end.error.kind})`
                : end.kind === 'cut'
                  ? `${tally.operations} (the newest; more not listed)`
                  : end.kind === 'broken'
                    ? `${tally.operations} (may be incomplete)`
                    : tally.operations
            const longest =
              tally.longest && `${formatDuration(tally.longest.durationMs)} (${tally.longest.operation.action})`
            return [{ code: listing.projectId }, operations, tally.failed, tally.pending, longest]
          },
          { title: 'The projects' },
        )
  return table + idleLine(idle.map(({ listing }) => listing.projectId))
}

/** "No operations (3 projects): a, b, c.", with the ids in monospace. Empty when every project has some. */
function idleLine(projectIds: readonly string[]): string {
  if (projectIds.length === 0) return ''
  const named = projectIds.slice(0, MAX_IDLE_NAMED).flatMap((id, i): Part[] => [i > 0 ? ', ' : '', { code: id }])
  const more = projectIds.length > MAX_IDLE_NAMED ? `, and ${projectIds.length - MAX_IDLE_NAMED} more` : ''
  return paragraph(`No operations (${projects(projectIds.length)}): `, ...named, `${more}.`)
}

/**
 * Eight columns make a narrow table, so the operation's id is shortened, as commit hashes are. The outputs have it
 * whole. A row of operations alike counts them after the action, and gives the range of their durations and dates.
 */
function operationRow({ newest, oldest, count, shortestMs, longestMs }: AlikeRow): Cell[] {
  const o = newest.operation
  const status = consoleWord(o.status) ?? o.status
  const action =
    count > 1 ? `${typeof o.action === 'string' ? o.action : JSON.stringify(o.action)} ×${count}` : o.action
  const [shortest, longest] = [formatDuration(shortestMs), formatDuration(longestMs)]
  const durations = shortest === longest ? longest : `${shortest} to ${longest}`
  const duration = `${durations}${isTerminal(o.status) ? '' : ' so far'}`
  const date = count > 1 ? dateRange(oldest.operation.created_at, o.created_at) : formatDate(o.created_at)
  return [{ code: o.id.slice(0, SHORT_ID) }, action, o.branch_id, o.endpoint_id, status, duration, date]
}

/** The table shows the first group of an operation's UUID. */
const SHORT_ID = 8

/** "2026-11-20 06:23 to 2026-11-21 06:05 UTC". A date that is no time shows as it came. */
function dateRange(first: string, last: string): string {
  const [from, to] = [formatDate(first), formatDate(last)]
  return from === to ? to : `${from.endsWith(' UTC') && to.endsWith(' UTC') ? from.slice(0, -4) : from} to ${to}`
}

function projects(n: number): string {
  return n === 1 ? '1 project' : `${n} projects`
}
