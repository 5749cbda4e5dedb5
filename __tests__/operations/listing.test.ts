import { describe, expect, it } from '@jest/globals'
import type { OperationRecord, OperationsPage, PlatformEmulator, RequestLogEntry } from '../../emulator/platform.ts'
import type { RequestPacing } from '../../src/api/client.ts'
import type { Operation } from '../../src/api/types.ts'
import { RequestError } from '../../src/http/errors.ts'
import {
  OperationsReader,
  PROJECTS_AT_ONCE,
  type ListingFilter,
  type ProjectListing,
} from '../../src/operations/listing.ts'
import { RETRY_POLICIES } from '../../src/http/retry.ts'
import { RequestPacer } from '../../src/operations/pacing.ts'
import type { CapturedLog, ManualClock } from '../support/clock.ts'
import { inProcessPerTest, type InProcess } from '../support/in-process.ts'

/**
 * list-operations' reading, in this process against the emulator over HTTP, one manual clock for
 * both: pages from the head of each list down to `since`, at most `max-operations` after the
 * filters, paging that goes wrong, projects that cannot be read, congestion.
 */
let run: InProcess
let platform: PlatformEmulator
let clock: ManualClock
let log: CapturedLog
let pacer: RequestPacer
let reader: OperationsReader

const HOUR = 3_600_000
const DAY = 24 * HOUR

inProcessPerTest(
  (started) => {
    run = started
    ;({ platform, clock, log } = run)
    pacer = new RequestPacer(clock)
    reader = new OperationsReader({ client: run.client.withPacing(pacer), pacer, log: log.logger, random: () => 0 })
  },
  { random: () => 0 },
)

/** Every listing of `projectIds`, and what each handed on, in order. */
async function read(projectIds: string[], filter: Partial<ListingFilter> = {}) {
  const pages: Operation[][][] = projectIds.map(() => [])
  const listings = await reader.listProjects(projectIds, { maxOperations: 100_000, ...filter }, (index, operations) => {
    pages[index]!.push(operations)
    return Promise.resolve()
  })
  return { listings, pages, records: pages.map((p) => p.flat()) }
}

const listRequests = (projectId?: string): RequestLogEntry[] =>
  platform.requests.filter(
    (r) => /\/operations$/.test(r.path) && (projectId === undefined || r.path.includes(`/${projectId}/`)),
  )
const ids = (records: readonly { id: string }[]) => records.map((r) => r.id)
/** The whole second a time is in: the records' precision. */
const second = (ms: number) => Math.floor(ms / 1000) * 1000
const createdMs = (o: OperationRecord) => Date.parse(o.created_at)

/** Rewrites the answer of every operations page the `which` request asks for. */
function rewritePages(
  which: (entry: RequestLogEntry) => boolean,
  change: (page: OperationsPage) => OperationsPage,
): void {
  platform.onRequest((entry) => {
    if (/\/operations$/.test(entry.path) && which(entry)) {
      platform.inject({ path: entry.path, kind: 'transform', transform: (body) => change(body as OperationsPage) })
    }
  })
}

describe('one project', () => {
  it('reads pages of 1,000 from the head, and stops at the first page that reaches past `since`', async () => {
    // A fixed id: the history is made from the seed and the project id.
    const project = platform.addProject({ id: 'busy-river-10000001' }).id
    platform.addOperationHistory(project, { count: 4500, days: 2, seed: 3 })
    const sinceMs = second(clock.now() - DAY)
    const all = platform.operations(project)
    const wanted = all.filter((o) => createdMs(o) >= sinceMs)
    expect(wanted.length).toBeGreaterThan(2000)
    const { listings, pages, records } = await read([project], { sinceMs })
    expect(ids(records[0]!)).toEqual(ids(wanted))
    expect(listings).toEqual([{ projectId: project, listed: wanted.length, end: { kind: 'complete' } }])
    // The pages it needs to reach an operation older than `since`, and no more.
    const needed = Math.floor(wanted.length / 1000) + 1
    expect(listRequests().map((r) => r.query.limit)).toEqual(new Array(needed).fill('1000'))
    expect(pages[0]!.map((p) => p.length)).toEqual([...new Array(needed - 1).fill(1000), wanted.length % 1000])
    // Each page from the cursor of the one before: the last one's reaches back to the second of the 1000th record before it.
    expect(listRequests().at(-1)!.query.cursor!.slice(0, 19)).toBe(
      all[(needed - 1) * 1000 - 1]!.created_at.slice(0, 19),
    )
  })

  it('takes an operation created in the very second of `since`, and none before it', async () => {
    const project = platform.addProject().id
    const sinceMs = second(clock.now() - HOUR)
    const at = (ms: number) => platform.addOperation(project, { createdAt: ms, status: 'finished' })
    const [inside, sameSecond] = [at(sinceMs + 5000), at(sinceMs + 999)]
    at(sinceMs - 1)
    at(sinceMs - 60_000)
    const { records, listings } = await read([project], { sinceMs })
    expect(ids(records[0]!)).toEqual([inside, sameSecond])
    expect(listings[0]!.end).toEqual({ kind: 'complete' })
  })

  it('without filters, asks for the operations still wanted and one more: more than max-operations is a cut list', async () => {
    const project = platform.addProject().id
    platform.addHistory(project, 30)
    const { records, listings } = await read([project], { maxOperations: 10 })
    expect(ids(records[0]!)).toEqual(ids(platform.operations(project).slice(0, 10)))
    expect(listings[0]).toEqual({ projectId: project, listed: 10, end: { kind: 'cut' } })
    expect(listRequests().map((r) => r.query.limit)).toEqual(['11'])
  })

  it('exactly max-operations is complete; a full page at max-operations costs one more request of one', async () => {
    const [ten, thousand, more] = platform.addProjects(3) as [string, string, string]
    platform.addHistory(ten, 10)
    platform.addHistory(thousand, 1000)
    platform.addHistory(more, 1001)
    const small = await read([ten], { maxOperations: 10 })
    expect(small.listings[0]!.end).toEqual({ kind: 'complete' })
    const { listings } = await read([thousand, more], { maxOperations: 1000 })
    expect(listings.map((l) => [l.listed, l.end.kind])).toEqual([
      [1000, 'complete'],
      [1000, 'cut'],
    ])
    expect(listRequests(thousand).map((r) => r.query.limit)).toEqual(['1000', '1'])
    expect(listRequests(more).map((r) => r.query.limit)).toEqual(['1000', '1'])
  })

  it('keeps only the statuses, actions and branch asked for, reading pages of 1,000, and cuts after max-operations of them', async () => {
    const project = platform.addProject({ id: 'busy-river-10000002' }).id
    const history = platform.addOperationHistory(project, { count: 5000, days: 7, seed: 5 })
    const branch = history.branchIds[1]!
    const sinceMs = second(clock.now() - 3 * DAY)
    const filter = {
      statuses: new Set(['failed', 'error']),
      actions: new Set(['start_compute', 'check_availability']),
      branchId: branch,
    }
    const wanted = platform
      .operations(project)
      .filter(
        (o) =>
          createdMs(o) >= sinceMs &&
          filter.statuses.has(o.status) &&
          filter.actions.has(o.action) &&
          o.branch_id === branch,
      )
    expect(wanted.length).toBeGreaterThan(3)
    const { records, listings } = await read([project], { sinceMs, ...filter })
    expect(ids(records[0]!)).toEqual(ids(wanted))
    expect(listings[0]!.end).toEqual({ kind: 'complete' })
    expect(new Set(listRequests().map((r) => r.query.limit))).toEqual(new Set(['1000']))

    platform.clearRequests()
    const cut = await read([project], { sinceMs, ...filter, maxOperations: 2 })
    expect(ids(cut.records[0]!)).toEqual(ids(wanted.slice(0, 2)))
    expect(cut.listings[0]!.end).toEqual({ kind: 'cut' })
  })

  it('a cursor handed out twice ends the listing with a warning naming it, as maybe incomplete', async () => {
    const project = platform.addProject().id
    platform.addHistory(project, 2500)
    // The third page is handed the cursor of the first.
    rewritePages(
      (entry) => listRequests().length === 2 && entry.query.cursor !== undefined,
      (page) => ({ ...page, pagination: { cursor: listRequests()[1]!.query.cursor! } }),
    )
    const { listings } = await read([project])
    const cursor = listRequests()[1]!.query.cursor
    expect(listings[0]).toEqual({
      projectId: project,
      listed: 2000,
      end: {
        kind: 'broken',
        warning:
          `The platform handed out cursor "${cursor}" twice while listing the operations of project ${project}. ` +
          "The project's listing stops there and may be incomplete (2000 listed).",
      },
    })
  })

  it('a page of operations already read ends the listing with a warning naming its cursor', async () => {
    const project = platform.addProject().id
    platform.addHistory(project, 2500)
    let head: OperationsPage | undefined
    rewritePages(
      () => true,
      (page) => {
        head ??= page
        return listRequests().length === 2 ? head : page
      },
    )
    const { listings } = await read([project])
    expect(listings[0]!.end).toEqual({
      kind: 'broken',
      warning:
        `The page of project ${project}'s operations after cursor "${listRequests()[1]!.query.cursor}" holds only operations already read. ` +
        "The project's listing stops there and may be incomplete (1000 listed).",
    })
  })

  it('pages that cycle through the same three sets of operations under fresh cursors: the first one back ends the listing', async () => {
    const project = platform.addProject().id
    platform.addHistory(project, 3000)
    // The first three pages as the platform has them; then each of them again, in turn, each time under a cursor never seen.
    const heads: OperationsPage[] = []
    rewritePages(
      () => true,
      (page) => {
        const n = listRequests().length
        if (n <= 3) return (heads[n - 1] = page)
        return { ...heads[(n - 1) % 3]!, pagination: { cursor: `2020-01-0${n}T00:00:00.000000Z` } }
      },
    )
    const { listings, records } = await read([project], { maxOperations: 6000 })
    expect(new Set(ids(records[0]!)).size).toBe(3000)
    expect(records[0]).toHaveLength(3000)
    expect(listings[0]!.end).toEqual({
      kind: 'broken',
      warning:
        `The page of project ${project}'s operations after cursor "${listRequests()[3]!.query.cursor}" holds only operations already read. ` +
        "The project's listing stops there and may be incomplete (3000 listed).",
    })
    expect(listRequests()).toHaveLength(4)
  })
})

describe('many projects', () => {
  it(`reads ${PROJECTS_AT_ONCE} at a time, and hands on each project's records in its own order`, async () => {
    const projects = platform.addProjects(20)
    projects.forEach((id, i) => platform.addHistory(id, 5 + i))
    // Requests in flight, as the client's pacing sees them.
    let inFlight = 0
    let most = 0
    const counting: RequestPacing = {
      turn: async (request, deadline) => {
        const end = await pacer.turn(request, deadline)
        most = Math.max(most, ++inFlight)
        return (answer) => {
          inFlight--
          end(answer)
        }
      },
    }
    reader = new OperationsReader({ client: run.client.withPacing(counting), pacer, log: log.logger })
    const { records, listings } = await read(projects)
    expect(records.map((r) => ids(r))).toEqual(projects.map((id) => ids(platform.operations(id))))
    expect(records.map((r) => r.length)).toEqual(projects.map((_, i) => 5 + i))
    expect(listings.every((l) => l.end.kind === 'complete')).toBe(true)
    expect(most).toBe(PROJECTS_AT_ONCE)
  })

  it('a project that cannot be read (404, 403) does not hide the others', async () => {
    const [a, b] = platform.addProjects(2) as [string, string]
    platform.addHistory(a, 3)
    platform.addHistory(b, 4)
    const elsewhere = platform.addProject({ org_id: platform.addOrganization({ name: 'Elsewhere' }).id }).id
    const { listings, records } = await read([a, 'no-such-project', b, elsewhere])
    expect(
      listings.map((l) => [l.projectId, l.end.kind, l.end.kind === 'unreadable' ? l.end.error.status : l.listed]),
    ).toEqual([
      [a, 'complete', 3],
      ['no-such-project', 'unreadable', 404],
      [b, 'complete', 4],
      [elsewhere, 'unreadable', 403],
    ])
    expect(records.map((r) => r.length)).toEqual([3, 0, 4, 0])
    const unreadable = listings[1]!.end as Extract<ProjectListing['end'], { kind: 'unreadable' }>
    expect(unreadable.error.message).toMatch(
      /^Could not list the operations of project no-such-project: project no-such-project was not found \(404\)/,
    )
  })

  it('any other failure ends the listing, after the requests in flight, and is thrown', async () => {
    const projects = platform.addProjects(12)
    for (const id of projects) platform.addHistory(id, 2)
    platform.inject({ path: `/projects/${projects[3]}/operations`, kind: 'status', status: 500, times: 99 })
    const error = await read(projects).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RequestError)
    expect((error as RequestError).message).toMatch(
      new RegExp(
        `^Could not list the operations of project ${projects[3]}: the platform answered 500 Internal Server Error.* after 5 attempts`,
      ),
    )
    // The workers start no project after the failure.
    expect(new Set(listRequests().map((r) => r.path.split('/')[4])).size).toBeLessThan(projects.length)
  })

  it('a 401 ends the listing at once', async () => {
    const projects = platform.addProjects(3)
    platform.inject({ path: /\/operations$/, kind: 'status', status: 401, times: 99 })
    await expect(read(projects)).rejects.toThrow(/^The platform refused the API key \(401 Unauthorized\)/)
  })
})

describe('congestion', () => {
  it('a 429 holds every request back as long as Retry-After says, and the page is read again: one warning', async () => {
    const projects = platform.addProjects(3)
    for (const id of projects) platform.addHistory(id, 2)
    platform.inject({
      path: `/projects/${projects[1]}/operations`,
      kind: 'status',
      status: 429,
      retryAfter: '3',
      times: 2,
    })
    const started = clock.now()
    const { records } = await read(projects)
    expect(records.map((r) => r.length)).toEqual([2, 2, 2])
    expect(pacer.congested).toBe(2)
    expect(clock.now() - started).toBeGreaterThanOrEqual(6000)
    const said = expect.stringMatching(
      new RegExp(
        `^The platform answered 429 \\(too many requests, Retry-After 3 s; request id [0-9a-f-]{36}\\) to the read of a page of project ${projects[1]}'s operations\\. Every request waits as asked, then the read is sent again\\.$`,
      ),
    )
    expect(log.warning).toEqual([said])
    expect(log.debug.filter((l) => l.startsWith('The platform answered 429'))).toHaveLength(1)
  })

  it('a 503 that does not say how long waits a back-off; one that keeps coming fails the listing', async () => {
    const [a, b] = platform.addProjects(2) as [string, string]
    platform.addHistory(a, 1)
    platform.addHistory(b, 1)
    platform.inject({ path: `/projects/${a}/operations`, kind: 'status', status: 503, times: 1 })
    const started = clock.now()
    expect((await read([a])).records[0]).toHaveLength(1)
    // The client's back-off for 503 (poll mode hands it back), with jitter 0: half of a second.
    expect(clock.now() - started).toBeGreaterThanOrEqual(500)
    platform.inject({
      path: `/projects/${b}/operations`,
      kind: 'status',
      status: 429,
      retryAfter: '1',
      times: RETRY_POLICIES.congested.attempts,
    })
    await expect(read([b])).rejects.toThrow(/answered 429 Too Many Requests/)
  })

  it("a Retry-After past the step's timeout: the read waits until then, and fails on the timeout", async () => {
    const [a] = platform.addProjects(1) as [string]
    const started = clock.now()
    const client = run.client.withDeadline(started + 20_000).withPacing(pacer)
    reader = new OperationsReader({ client, pacer, log: log.logger, random: () => 0 })
    platform.inject({ path: `/projects/${a}/operations`, kind: 'status', status: 429, retryAfter: '60' })
    const error = await read([a]).catch((e: unknown) => e)
    const { kind, message } = error as RequestError
    expect([kind, message]).toEqual([
      'deadline',
      expect.stringMatching(/^The step's timeout ran out before GET \/projects\/[^/]+\/operations\. /),
    ])
    expect(clock.now() - started).toBe(20_000)
    expect(listRequests()).toHaveLength(1)
  })
})
