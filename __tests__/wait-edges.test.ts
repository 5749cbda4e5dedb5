import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { type PlatformEmulator, type OperationsPage, type RequestLogEntry, type TimelineStep } from '../emulator/platform.ts'
import type { PlatformClient } from '../src/api/client.js'
import type { CommandContext } from '../src/runner/context.js'
import { runWaitForOperations } from '../src/commands/wait-for-operations.ts'
import { waitForOperations, type WaitOptions } from '../src/operations/waiter.js'
import type { CapturedLog, ManualClock } from './support/clock.js'
import { inProcess, type InProcess } from './support/in-process.js'

/**
 * The edges of the waiter: its exact lines, outcomes and summaries, and the requests it sends,
 * against the emulator over HTTP with one manual clock shared by both.
 */
let platform: PlatformEmulator
let clock: ManualClock
let log: CapturedLog
let base: PlatformClient
let ctx: CommandContext
let project: string
let start: number

const POLL = 5000
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'

let run: InProcess

beforeEach(async () => {
  run = await inProcess({ random: () => 0 })
  ;({ platform, clock, log, client: base, ctx } = run)
  start = clock.now()
  project = platform.addProject().id
})

afterEach(() => run.stop())

/** The step's timeout: the client's deadline, `ms` from now. */
function timeout(ms: number): void {
  ctx = { ...ctx, client: base.withDeadline(clock.now() + ms) }
}

const steps = (...pairs: Array<[number, string, Partial<TimelineStep>?]>): TimelineStep[] =>
  pairs.map(([afterMs, status, extra]) => ({ afterMs, status, ...extra }))

function op(timeline: TimelineStep[], extra: Record<string, string> = {}): string {
  return platform.addOperation(project, { timeline, action: 'create_branch', branch_id: 'br-main-1', ...extra })
}

const options = (operations: string[] | 'pending', extra: Partial<WaitOptions> & { branchId?: string } = {}): WaitOptions => ({
  projectId: project,
  operations: operations === 'pending' ? { kind: 'pending', branchId: extra.branchId } : { kind: 'ids', ids: operations },
  pollIntervalMs: POLL,
  timeoutMs: 600_000,
  random: () => 0,
  ...extra,
})

/** Ids, or `pending` (of `branchId`). The jitter source is 0: no jitter. */
const wait = (operations: string[] | 'pending', extra: Partial<WaitOptions> & { branchId?: string } = {}) =>
  waitForOperations(ctx, options(operations, extra))

const listPath = () => `/projects/${project}/operations`
const operationRequests = () => platform.requests.filter((r) => r.path.startsWith(listPath()))
const listRequests = () => platform.requests.filter((r) => r.path === listPath())
const singleReads = () => operationRequests().filter((r) => r.path !== listPath())
/** Text as the summary's HTML shows it. */
const html = (text: string) => text.replaceAll("'", '&#39;')
const requestId = (entry: RequestLogEntry | undefined) => entry?.headers['x-request-id']

/** Answers the list requests that `which` picks as `change` rewrites them, as a proxy in between would. */
function rewriteListing(which: (entry: RequestLogEntry) => boolean, change: (page: OperationsPage) => OperationsPage): void {
  platform.onRequest((entry) => {
    if (entry.path === listPath() && which(entry)) {
      platform.inject({ path: entry.path, kind: 'transform', transform: (body) => change(body as OperationsPage) })
    }
  })
}

describe('the lines of a wait', () => {
  it('names each change of status with its failures, in the singular and the plural, and the time it took', async () => {
    const id = op(steps([0, 'scheduling'], [5000, 'running', { failures_count: 1 }], [10_000, 'finished', { failures_count: 2 }]))
    const outcome = await wait([id])
    expect(outcome.status).toBe('finished')
    expect(log.info).toEqual([
      `Waiting for 1 operation(s) in project ${project}, polling every 5 s.`,
      `create_branch ${id} on branch br-main-1: scheduling`,
      `create_branch ${id} on branch br-main-1: scheduling → running (1 failure)`,
      `create_branch ${id} on branch br-main-1: running → finished after 10 s (2 failures)`,
      'All 1 operation(s) succeeded after 10 s.',
    ])
    expect(log.warning).toEqual([])
  })

  it('warns once for an unknown status, however many operations show it', async () => {
    const a = op(steps([0, 'paused'], [9000, 'finished']))
    const b = op(steps([0, 'paused'], [9000, 'finished']))
    const outcome = await wait([a, b])
    expect(outcome.status).toBe('finished')
    expect(log.warning).toEqual([`Operation ${b} has status "paused", which the action does not know; it counts as pending.`])
    expect(log.info).toEqual([
      `Waiting for 2 operation(s) in project ${project}, polling every 5 s.`,
      `create_branch ${b} on branch br-main-1: paused`,
      `create_branch ${a} on branch br-main-1: paused`,
      `create_branch ${b} on branch br-main-1: paused → finished after 9 s`,
      `create_branch ${a} on branch br-main-1: paused → finished after 9 s`,
      'All 2 operation(s) succeeded after 10 s.',
    ])
  })

  it('the time an operation took is its own duration, to the tenth of a second', async () => {
    const id = op(steps([0, 'running'], [12_500, 'finished']))
    await wait([id])
    expect(log.info).toContain(`create_branch ${id} on branch br-main-1: running → finished after 12.5 s`)
  })

  it('without a duration in the record, the time it took is the span from creation to the last update', async () => {
    const id = op(steps([0, 'running'], [12_500, 'finished']))
    platform.onRequest(() =>
      platform.inject({
        path: `${listPath()}/${id}`,
        kind: 'transform',
        transform: (body) => {
          delete (body as { operation: { total_duration_ms?: number } }).operation.total_duration_ms
          return body
        },
      }),
    )
    const result = await runWaitForOperations(ctx, options([id]))
    expect(log.info).toContain(`create_branch ${id} on branch br-main-1: running → finished after 12 s`)
    expect(result.summary).toContain('<td>✅ finished</td><td>12 s</td>')
  })

  it('an error of the action itself, not of a request, is thrown as it is, not taken for a failed request', async () => {
    const id = op(steps([0, 'running']))
    ctx = {
      ...ctx,
      log: {
        ...log.logger,
        info: (message) => {
          if (message.startsWith('create_branch')) throw new RangeError('the log is closed')
          log.logger.info(message)
        },
      },
    }
    await expect(wait([id])).rejects.toThrow(new RangeError('the log is closed'))
    expect(operationRequests()).toHaveLength(1)
  })
})

describe('pacing and the deadline', () => {
  it('the first poll goes out at once even with little time left', async () => {
    const id = op(steps([0, 'finished']))
    timeout(4000)
    const outcome = await wait([id], { random: () => 0.5, timeoutMs: 4000 })
    expect(outcome.status).toBe('finished')
    expect(clock.sleeps).toEqual([])
    expect(operationRequests().map((r) => r.at - start)).toEqual([0])
  })

  it('never sleeps past the deadline: the last sleep is what is left of it', async () => {
    const slow = op(steps([0, 'running']))
    const queued = op(steps([0, 'scheduling']), { action: 'apply_config' })
    timeout(12_000)
    const result = await runWaitForOperations(ctx, options([slow, queued], { timeoutMs: 12_000 }))
    expect(clock.sleeps).toEqual([5000, 5000, 2000])
    expect(clock.now() - start).toBe(12_000)
    expect(result.outputs.status).toBe('timed-out')
    expect(JSON.parse(result.outputs['pending-operation-ids']!)).toEqual([slow, queued])
    expect(result.failure).toBe(
      "The step's `timeout` of 12 s ran out with 2 operation(s) not finished: " +
        `create_branch ${slow} on branch br-main-1 is running; apply_config ${queued} on branch br-main-1 is scheduling.`,
    )
    expect(result.failedRequest).toBeUndefined()
    expect(result.summary).toContain(
      html(
        "<p>Status timed-out: the step's timeout ran out first. The output pending-operation-ids lists the 2 operation(s) still pending, for a later step to wait on.</p>",
      ),
    )
  })

  it('a deadline reached during a poll ends the wait there, without one more poll', async () => {
    const id = op(steps([0, 'running']))
    timeout(60_000)
    platform.onRequest(() => clock.advance(start + 60_000 - clock.now()))
    const outcome = await wait([id], { timeoutMs: 60_000 })
    expect(outcome).toMatchObject({ status: 'timed-out', rounds: 1, pending: [id] })
    expect(outcome.failure).toBe(
      `The step's \`timeout\` of 1 min ran out with 1 operation(s) not finished: create_branch ${id} on branch br-main-1 is running.`,
    )
    expect(clock.sleeps).toEqual([])
    expect(operationRequests()).toHaveLength(1)
  })

  it('a deadline reached between two requests of a poll is timed-out, naming the request it stopped', async () => {
    const branch = platform.branches(project)[0]!.id
    timeout(60_000)
    platform.onRequest((entry) => {
      if (entry.path.includes('/branches/')) clock.advance(start + 60_000 - clock.now())
    })
    const outcome = await wait('pending', { branchId: branch, timeoutMs: 60_000 })
    expect(outcome).toMatchObject({ status: 'timed-out', rounds: 1, pending: [], operations: [] })
    expect(outcome.failedRequest).toBeUndefined()
    expect(outcome.failure).toMatch(
      new RegExp(
        `^The step's \`timeout\` of 1 min ran out with branch ${branch} of project ${project} not known to be idle\\. ` +
          `The step's timeout ran out before GET /projects/${project}/operations\\. ` +
          `Could not list the operations of project ${project}; raise the \`timeout\` input if the platform is slow\\. \\(request id ${UUID}\\)$`,
      ),
    )
    expect(platform.requests.map((r) => r.path)).toEqual([`/projects/${project}/branches/${branch}`])
  })
})

describe('congestion', () => {
  it('a 503 without Retry-After: one warning, then quieter lines, and one line once the pace is back', async () => {
    const id = op(steps([0, 'running'], [120_000, 'finished']))
    platform.inject({ path: `${listPath()}/${id}`, kind: 'status', status: 503, times: 2 })
    const back: number[] = []
    ctx = {
      ...ctx,
      log: {
        ...log.logger,
        info: (message) => {
          if (message.startsWith('The platform answers again')) back.push(clock.sleeps.length)
          log.logger.info(message)
        },
      },
    }
    const outcome = await wait([id])
    expect(outcome.status).toBe('finished')
    const [first, second] = operationRequests()
    expect(log.warning).toEqual([
      `The platform answered 503 (unavailable; request id ${requestId(first)}): polling every 10 s for now, the next poll in 10 s.`,
    ])
    expect(log.debug).toContain(
      `The platform answered 503 (unavailable; request id ${requestId(second)}): polling every 20 s for now, the next poll in 20 s.`,
    )
    expect(log.info.filter((l) => l.startsWith('The platform answers'))).toEqual(['The platform answers again: polling every 5 s again.'])
    expect(clock.sleeps.slice(0, 3)).toEqual([10_000, 20_000, 12_000])
    // The line comes once the pace is back: every sleep from then on is poll-interval.
    expect(back).toHaveLength(1)
    const after = clock.sleeps.slice(back[0])
    expect(after.length).toBeGreaterThan(0)
    expect(after.every((ms) => ms === POLL)).toBe(true)
    expect(outcome.failedRequest).toBeUndefined()
  })

  it('a 429 with Retry-After names it', async () => {
    const id = op(steps([0, 'running'], [30_000, 'finished']))
    platform.inject({ path: `${listPath()}/${id}`, kind: 'status', status: 429, retryAfter: '20' })
    const outcome = await wait([id])
    expect(outcome.status).toBe('finished')
    expect(log.warning).toEqual([
      `The platform answered 429 (too many requests, Retry-After 20 s; request id ${requestId(operationRequests()[0])}): ` +
        'polling every 10 s for now, the next poll in 20 s.',
    ])
  })

  it('congestion until the timeout: timed-out, naming the last answer, and the summary says so', async () => {
    const id = op(steps([0, 'running']))
    platform.inject({ path: `${listPath()}/${id}`, kind: 'status', status: 503, times: 99 })
    timeout(30_000)
    const result = await runWaitForOperations(ctx, options([id], { timeoutMs: 30_000 }))
    const last = requestId(operationRequests().at(-1))
    expect(operationRequests()).toHaveLength(2)
    expect(result.outputs.status).toBe('timed-out')
    expect(result.failure).toBe(
      `The step's \`timeout\` of 30 s ran out with 1 operation(s) not finished: operation ${id} was not read yet. ` +
        `The platform's last answer was 503 (request id ${last}).`,
    )
    expect(result.failedRequest?.status).toBe(503)
    expect(result.summary).toBe(
      html(
        `<h3>Timed out waiting for operations: project ${project}</h3>\n` +
          `<p>Status timed-out: the step's timeout ran out first (HTTP 503, request id ${last}). ` +
          'The output pending-operation-ids lists the 1 operation(s) still pending, for a later step to wait on.</p>\n',
      ),
    )
  })

  it('congestion on an idle gate until the timeout: the project is not known to be idle', async () => {
    platform.inject({ path: listPath(), kind: 'status', status: 429, times: 99 })
    timeout(30_000)
    const outcome = await wait('pending', { timeoutMs: 30_000 })
    expect(outcome.status).toBe('timed-out')
    expect(outcome.failure).toBe(
      `The step's \`timeout\` of 30 s ran out with project ${project} not known to be idle. ` +
        `The platform's last answer was 429 (request id ${requestId(listRequests().at(-1))}).`,
    )
  })
})

describe('the request budget of a round', () => {
  it('lists pages of four times the awaited count', async () => {
    const ids = Array.from({ length: 30 }, () => op(steps([0, 'finished'])))
    const outcome = await wait(ids)
    expect(outcome.status).toBe('finished')
    expect(operationRequests().map((r) => r.query)).toEqual([{ limit: '120' }])
  })

  /** `count` operations pending until 12 s, older than 300 finished ones: 3 list pages, then single reads. */
  function oldPending(count: number): string[] {
    const ids = Array.from({ length: count }, (_, i) =>
      platform.addOperation(project, {
        createdAt: start - 3_600_000 + i * 1000,
        timeline: steps([0, 'running'], [3_600_000 - i * 1000 + 12_000, 'finished']),
      }),
    )
    for (let i = 0; i < 300; i++) platform.addOperation(project, { createdAt: start - 1_000_000 + i * 1000 })
    return ids
  }

  it('operations beyond the pages are read on their own, the longest unread first', async () => {
    const a = oldPending(10)
    const outcome = await wait(a)
    expect(outcome.status).toBe('finished')
    const pick = (...n: number[]) => n.map((i) => a[i - 1])
    expect(singleReads().map((r) => r.path.split('/').at(-1))).toEqual([
      ...pick(1, 2, 3, 4, 5, 6, 7),
      ...pick(8, 9, 10, 1, 2, 3, 4),
      ...pick(5, 6, 7, 1, 2, 3, 4),
      ...pick(8, 9, 10, 1, 2, 3, 4),
      ...pick(5, 6, 7),
    ])
    const note =
      '10 operation(s) are not among the newest ones a poll lists: each poll reads up to 7 of them on their own, the longest unread first.'
    expect(log.info.filter((l) => l.includes('not among the newest'))).toEqual([note])
    expect(log.debug.filter((l) => l.includes('not among the newest'))).toEqual([note, note, note])
  })

  it('as many operations beyond the pages as the budget has left are read without a note', async () => {
    const a = oldPending(7)
    const outcome = await wait(a)
    expect(outcome.status).toBe('finished')
    expect(singleReads()).toHaveLength(7 * 4)
    expect([...log.info, ...log.debug].filter((l) => l.includes('not among the newest'))).toEqual([])
  })

  it('a full page without a cursor is the end of the list', async () => {
    const ids = [op(steps([0, 'finished'])), op(steps([0, 'finished']))]
    for (let i = 0; i < 100; i++) op(steps([0, 'finished']))
    rewriteListing(
      () => true,
      (page) => ({ ...page, pagination: {} }),
    )
    const outcome = await wait(ids)
    expect(outcome.status).toBe('finished')
    expect(log.warning).toEqual([])
    expect(operationRequests().map((r) => r.path.split('/').at(-1))).toEqual(['operations', ...ids])
  })

  it('a full page with an empty cursor is the end of the list', async () => {
    const ids = [op(steps([0, 'finished'])), op(steps([0, 'finished']))]
    for (let i = 0; i < 100; i++) op(steps([0, 'finished']))
    rewriteListing(
      () => true,
      (page) => ({ ...page, pagination: { cursor: '' } }),
    )
    const outcome = await wait(ids)
    expect(outcome.status).toBe('finished')
    expect(log.warning).toEqual([])
    expect(operationRequests().map((r) => r.path.split('/').at(-1))).toEqual(['operations', ...ids])
  })
})

describe('the idle gate', () => {
  it('an empty project is idle at once, and the summary says there was nothing pending', async () => {
    const result = await runWaitForOperations(ctx, options('pending'))
    expect(log.info).toEqual([
      `Waiting until project ${project} has no pending operation, polling every 5 s.`,
      `Project ${project} has no pending operation.`,
    ])
    expect(log.warning).toEqual([])
    expect(listRequests()).toHaveLength(1)
    expect(result.outputs).toEqual({
      operations: '[]',
      status: 'finished',
      'failed-operation-ids': '[]',
      'pending-operation-ids': '[]',
    })
    expect(result.summary).toBe(`<h3>Operations finished: project ${project}</h3>\n<p>Status finished: no pending operation.</p>\n`)
  })

  it('reads only the first page when it ends on an operation that is done', async () => {
    platform.addHistory(project, 250)
    const id = op(steps([0, 'running'], [6000, 'finished']))
    const outcome = await wait('pending')
    expect(outcome).toMatchObject({ status: 'finished', rounds: 3 })
    expect(outcome.operations.map((o) => o.id)).toEqual([id])
    expect(listRequests().map((r) => r.query)).toEqual([{ limit: '100' }, { limit: '100' }, { limit: '100' }])
  })

  it("another branch's operation pending at the end of the list does not hold up a branch", async () => {
    const branch = platform.branches(project)[0]!.id
    op(steps([0, 'running'], [60_000, 'finished']), { branch_id: 'br-other-00000000' })
    const result = await runWaitForOperations(ctx, options('pending', { branchId: branch }))
    expect(log.info).toEqual([
      `Waiting until branch ${branch} of project ${project} has no pending operation, polling every 5 s.`,
      `Branch ${branch} of project ${project} has no pending operation.`,
    ])
    expect(platform.requests.map((r) => r.path)).toEqual([`/projects/${project}/branches/${branch}`, listPath()])
    expect(result.summary).toBe(
      `<h3>Operations finished: branch ${branch} of project ${project}</h3>\n<p>Status finished: no pending operation.</p>\n`,
    )
  })

  it('checks the branch once, however many polls it takes', async () => {
    const branch = platform.branches(project)[0]!.id
    const id = op(steps([0, 'running'], [12_000, 'finished']), { branch_id: branch })
    const outcome = await wait('pending', { branchId: branch })
    expect(outcome).toMatchObject({ status: 'finished', rounds: 4 })
    expect(outcome.operations.map((o) => o.id)).toEqual([id])
    expect(platform.requests.map((r) => r.path)).toEqual([
      `/projects/${project}/branches/${branch}`,
      listPath(),
      listPath(),
      listPath(),
      listPath(),
    ])
  })

  it('a listing that repeats itself is never taken for an idle branch', async () => {
    const branch = platform.branches(project)[0]!.id
    // The oldest operation, of another branch, pending for 20 s: the first page ends on it.
    op(steps([0, 'running'], [20_000, 'finished']), { branch_id: 'br-other-00000000' })
    for (let i = 0; i < 99; i++) op(steps([0, 'finished']), { branch_id: branch })
    let head: OperationsPage | undefined
    rewriteListing(
      () => true,
      (page) => {
        if (head === undefined) head = page
        return page.operations.length === 0 ? head : page
      },
    )
    const outcome = await wait('pending', { branchId: branch })
    expect(outcome).toMatchObject({ status: 'finished', operations: [], rounds: 5 })
    const cursor = listRequests()[1]!.query.cursor
    const warning = `The page of project ${project}'s operations after cursor "${cursor}" holds only operations already read: the listing of this poll ends there.`
    expect(log.warning).toEqual([warning])
    expect(log.debug.filter((l) => l === warning)).toHaveLength(3)
  })

  it('a resumed listing handed back the cursor it started from stops with a warning naming it', async () => {
    // Of 600 operations, every 100th is pending for 10 s: each page ends on a pending one.
    for (let i = 1; i <= 600; i++) {
      const createdAt = start - i * 1000
      platform.addOperation(project, {
        createdAt,
        timeline: i % 100 === 0 ? steps([0, 'running'], [start + 10_000 - createdAt, 'finished']) : steps([0, 'finished']),
      })
    }
    // The second poll reads on from where the first stopped, and is handed back the cursor it sent.
    rewriteListing(
      (entry) => listRequests().length === 6 && entry.query.cursor !== undefined,
      (page) => ({ ...page, pagination: { cursor: listRequests()[5]!.query.cursor } }),
    )
    const outcome = await wait('pending')
    expect(outcome.status).toBe('finished')
    const cursor = listRequests()[5]!.query.cursor
    expect(log.warning).toEqual([
      `The operations of project ${project} still end on a pending one after the pages a poll reads (5 of 100): ` +
        `the next poll reads on from cursor "${cursor}", and the project does not count as idle until a poll reads to an operation that is done.`,
      `The platform handed out cursor "${cursor}" twice while listing the operations of project ${project}: the listing of this poll ends there.`,
    ])
  })
})

describe('outcomes and summaries', () => {
  it('several failures are named one after the other', async () => {
    const ok = op(steps([0, 'finished']))
    const a = op(steps([0, 'failed', { failures_count: 1 }]))
    const b = op(steps([0, 'error', { failures_count: 2, error: 'disk full' }]), { action: 'apply_config' })
    const result = await runWaitForOperations(ctx, options([ok, a, b]))
    expect(result.outputs.status).toBe('failed')
    expect(result.outputs['pending-operation-ids']).toBe('[]')
    expect(result.failure).toBe(
      `2 of 3 operation(s) did not succeed: ${a} (create_branch, branch br-main-1): failed, failures_count 1; ` +
        `${b} (apply_config, branch br-main-1): error, failures_count 2, error "disk full".`,
    )
    expect(result.summary).toContain('<p>Status failed: the platform reports that 2 operation(s) did not succeed.</p>\n')
  })

  it('every operation succeeded', async () => {
    const id = op(steps([0, 'finished']))
    const result = await runWaitForOperations(ctx, options([id]))
    expect(result.summary).toMatch(
      new RegExp(`^<h3>Operations finished: project ${project}</h3>\n<p>Status finished: every operation succeeded\\.</p>\n<table>`),
    )
  })

  it('an empty list of ids: nothing to wait for', async () => {
    const result = await runWaitForOperations(ctx, options([]))
    expect(log.info).toEqual(['Nothing to wait for: `operation-ids` is an empty list.'])
    expect(result.summary).toBe(`<h3>Operations finished: project ${project}</h3>\n<p>Status finished: no operation to wait for.</p>\n`)
  })

  it('no answer at all is error, naming the kind of failure, with nothing read', async () => {
    const id = op(steps([0, 'running']))
    platform.inject({ path: `${listPath()}/${id}`, kind: 'drop', when: 'before', times: 99 })
    const result = await runWaitForOperations(ctx, options([id]))
    expect(result.outputs.status).toBe('error')
    const failed = result.failedRequest!
    expect(failed.kind).toBe('network')
    expect(result.summary).toBe(
      `<h3>Could not find out whether the operations finished: project ${project}</h3>\n` +
        `<p>Status error: the step could not read the operations (network, request id ${failed.requestId}). Nothing says that an operation failed.</p>\n`,
    )
  })

  it('an error after a status was read shows that last status', async () => {
    const id = op(steps([0, 'running']))
    platform.onRequest(() => {
      if (operationRequests().length === 2) platform.inject({ path: `${listPath()}/${id}`, kind: 'status', status: 404 })
    })
    const result = await runWaitForOperations(ctx, options([id]))
    expect(result.outputs.status).toBe('error')
    expect(result.summary).toContain(
      `<p>Status error: the step could not read the operations (HTTP 404, request id ${result.failedRequest!.requestId}). ` +
        'Nothing says that an operation failed; the statuses below are the last ones read.</p>\n<table>',
    )
  })
})
