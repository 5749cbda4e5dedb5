import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type PlatformEmulator, type TimelineStep } from '../emulator/platform.ts'
import { PlatformClient, STEP_KEY_REFUSED } from '../src/api/client.js'
import type { CommandContext } from '../src/runner/context.js'
import { runWaitForOperations } from '../src/commands/wait-for-operations.ts'
import { waitForOperations, type WaitOptions } from '../src/operations/waiter.js'
import type { CapturedLog, ManualClock } from './support/clock.js'
import { inProcess, type InProcess } from './support/in-process.js'

/**
 * The waiter against the emulator over real HTTP, with one manual clock for both: the waiter's
 * sleeps move the operations' timelines, so minutes of waiting take milliseconds.
 */
let platform: PlatformEmulator
let clock: ManualClock
let log: CapturedLog
let client: PlatformClient
let ctx: CommandContext
let project: string

const POLL = 5000

let run: InProcess

beforeEach(async () => {
  run = await inProcess()
  ;({ platform, clock, log, client, ctx } = run)
  project = platform.addProject().id
})

afterEach(() => run.stop())

const steps = (...pairs: Array<[number, string, Partial<TimelineStep>?]>): TimelineStep[] =>
  pairs.map(([afterMs, status, extra]) => ({ afterMs, status, ...extra }))

function op(timeline: TimelineStep[], extra: Record<string, string> = {}): string {
  return platform.addOperation(project, { timeline, action: 'create_branch', branch_id: 'br-main-1', ...extra })
}

/** Ids, or `pending` (of `branchId`). The jitter source is 0: no jitter. */
const wait = (operations: string[] | 'pending', extra: Partial<WaitOptions> & { branchId?: string } = {}) =>
  waitForOperations(ctx, {
    projectId: project,
    operations: operations === 'pending' ? { kind: 'pending', branchId: extra.branchId } : { kind: 'ids', ids: operations },
    pollIntervalMs: POLL,
    timeoutMs: 600_000,
    random: () => 0,
    ...extra,
  })

const operationRequests = () => platform.requests.filter((r) => r.path.startsWith(`/projects/${project}/operations`))

describe('status groups', () => {
  it.each(['finished', 'skipped'])('%s is success', async (status) => {
    const id = op(steps([0, 'scheduling'], [7000, 'running'], [12_000, status]))
    const outcome = await wait([id])
    expect(outcome.status).toBe('finished')
    expect(outcome.operations[0]!.status).toBe(status)
    expect(outcome.failed).toEqual([])
  })

  it.each(['failed', 'error', 'cancelled'])('%s is failure, named with its details', async (status) => {
    const id = op(
      steps(
        [0, 'running'],
        [6000, 'running', { failures_count: 1 }],
        [11_000, status, { failures_count: 2, error: 'compute quota exceeded' }],
      ),
    )
    const outcome = await wait([id])
    expect(outcome.status).toBe('failed')
    expect(outcome.failed.map((o) => o.id)).toEqual([id])
    expect(outcome.failure).toBe(
      `1 of 1 operation(s) did not succeed: ${id} (create_branch, branch br-main-1): ${status}, failures_count 2, error "compute quota exceeded".`,
    )
  })

  it('scheduling, running and cancelling are pending', async () => {
    const id = op(steps([0, 'scheduling'], [5000, 'running'], [10_000, 'cancelling'], [15_000, 'cancelled']))
    const outcome = await wait([id])
    expect(outcome.status).toBe('failed')
    expect(outcome.rounds).toBe(4)
    expect(log.info.filter((l) => l.includes(id))).toEqual([
      `create_branch ${id} on branch br-main-1: scheduling`,
      `create_branch ${id} on branch br-main-1: scheduling → running`,
      `create_branch ${id} on branch br-main-1: running → cancelling`,
      `create_branch ${id} on branch br-main-1: cancelling → cancelled after 15 s`,
    ])
  })

  it('an unknown status is pending, with one warning', async () => {
    const id = op(steps([0, 'running']))
    platform.setOperation(id, { status: 'paused' })
    const pending = wait([id], {})
    // Let it poll a few rounds on the unknown status, then finish it.
    const finisher = (async () => {
      while (clock.sleeps.length < 3) await new Promise((r) => setImmediate(r))
      platform.setOperation(id, { status: 'finished' })
    })()
    const outcome = await pending
    await finisher
    expect(outcome.status).toBe('finished')
    expect(log.warning).toEqual([`Operation ${id} has status "paused", which the action does not know; it counts as pending.`])
  })
})

describe('status names', () => {
  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty'])('%s is not a known status: pending', async (status) => {
    const { isKnownStatus, statusGroup } = await import('../src/operations/status.js')
    expect([isKnownStatus(status), statusGroup(status)]).toEqual([false, 'pending'])
  })
})

describe('waiting', () => {
  it('returns within one poll interval of the last operation finishing', async () => {
    const started = clock.now()
    const id = op(steps([0, 'running'], [23_000, 'finished']))
    await wait([id])
    const returnedAfter = clock.now() - started
    expect(returnedAfter).toBeGreaterThanOrEqual(23_000)
    expect(returnedAfter).toBeLessThan(23_000 + POLL)
    expect(clock.sleeps.every((ms) => ms === POLL)).toBe(true)
  })

  it('a mix of success and failure fails, listing only the failures', async () => {
    const ok = op(steps([0, 'running'], [5000, 'finished']))
    const bad = op(steps([0, 'running'], [9000, 'error', { error: 'disk full', failures_count: 3 }]), { action: 'apply_config' })
    const outcome = await wait([ok, bad])
    expect(outcome.status).toBe('failed')
    expect(outcome.operations.map((o) => o.id)).toEqual([ok, bad])
    expect(outcome.failed.map((o) => o.id)).toEqual([bad])
    expect(outcome.failure).toContain(`${bad} (apply_config, branch br-main-1): error, failures_count 3, error "disk full"`)
    expect(outcome.failure).not.toContain(ok)
  })

  it('times out, listing what is still pending and in which status', async () => {
    const slow = op(steps([0, 'scheduling'], [10_000, 'running']))
    const done = op(steps([0, 'running'], [1000, 'finished']))
    client = client.withDeadline(clock.now() + 30_000)
    ctx = { ...ctx, client }
    const outcome = await wait([slow, done], { timeoutMs: 30_000 })
    expect(outcome.status).toBe('timed-out')
    expect(outcome.failure).toMatch(
      new RegExp(
        `^The step's \`timeout\` of 30 s ran out with 1 operation\\(s\\) not finished: create_branch ${slow} on branch br-main-1 is running\\.$`,
      ),
    )
    expect(outcome.operations.map((o) => o.status)).toEqual(['running', 'finished'])
  })

  it('a Retry-After longer than the time left is a timeout, not a failure', async () => {
    const id = op(steps([0, 'running']))
    platform.inject({ path: `/projects/${project}/operations/${id}`, kind: 'status', status: 503, retryAfter: '30' })
    client = client.withDeadline(clock.now() + 10_000)
    ctx = { ...ctx, client }
    const outcome = await wait([id], { timeoutMs: 10_000 })
    expect(outcome.status).toBe('timed-out')
    expect(outcome.failure).toBe(
      `The step's \`timeout\` of 10 s ran out with 1 operation(s) not finished: operation ${id} was not read yet. ` +
        `The platform's last answer was 503 and asked to wait 30 s (request id ${outcome.failedRequest!.requestId}).`,
    )
    expect(outcome.pending).toEqual([id])
    // One request: the 503 is congestion, not a failure to retry at once.
    expect(operationRequests()).toHaveLength(1)
  })

  it('an unknown operation id fails at once, naming it', async () => {
    const known = op(steps([0, 'running']))
    const unknown = '0f0f0f0f-0000-4000-8000-000000000000'
    const outcome = await wait([known, unknown])
    expect(outcome.status).toBe('error')
    expect(outcome.rounds).toBe(1)
    expect(outcome.failure).toContain(`operation ${unknown} in project ${project} was not found (404)`)
    expect(clock.sleeps).toEqual([])
  })

  it('an unknown project fails at once, naming it', async () => {
    const outcome = await waitForOperations(ctx, {
      projectId: 'no-such-project',
      operations: { kind: 'pending', branchId: undefined },
      pollIntervalMs: POLL,
      timeoutMs: 600_000,
    })
    expect(outcome.status).toBe('error')
    expect(outcome.failure).toContain('project no-such-project was not found (404)')
  })

  it('an explicit empty list has nothing to wait for and sends no request', async () => {
    const outcome = await wait([])
    expect(outcome.status).toBe('finished')
    expect(operationRequests()).toHaveLength(0)
  })

  it('logs one line per change of status, not one per poll', async () => {
    const id = op(steps([0, 'running'], [60_000, 'finished']))
    await wait([id])
    expect(clock.sleeps.length).toBeGreaterThanOrEqual(12)
    expect(log.info.filter((l) => l.includes(id))).toHaveLength(2)
  })
})

describe('request cost', () => {
  it('one operation costs one request a round', async () => {
    platform.addHistory(project, 500)
    const id = op(steps([0, 'running'], [20_000, 'finished']))
    const outcome = await wait([id])
    expect(operationRequests()).toHaveLength(outcome.rounds)
  })

  it('40 operations cost at most 4 requests a round (here: 1)', async () => {
    platform.addHistory(project, 3000)
    const ids = Array.from({ length: 40 }, (_, i) =>
      op(steps([0, 'scheduling'], [2000 + i * 500, 'running'], [20_000 + i * 300, 'finished'])),
    )
    const outcome = await wait(ids)
    expect(outcome.status).toBe('finished')
    const requests = operationRequests()
    expect(requests.length).toBeLessThanOrEqual(outcome.rounds * 4)
    expect(requests.length).toBe(outcome.rounds)
  })

  it('falls back to single reads for operations older than the pages it reads', async () => {
    const old = platform.addOperation(project, {
      createdAt: clock.now() - 3_600_000,
      timeline: steps([0, 'running'], [3_600_000 + 10_000, 'finished']),
    })
    platform.addOperation(project, { createdAt: clock.now() - 3_500_000 })
    for (let i = 0; i < 300; i++) platform.addOperation(project, { createdAt: clock.now() - 1_000_000 + i * 1000 })
    const fresh = op(steps([0, 'running'], [5000, 'finished']))
    const outcome = await wait([fresh, old])
    expect(outcome.status).toBe('finished')
    const single = operationRequests().filter((r) => r.path.endsWith(old))
    expect(single.length).toBeGreaterThanOrEqual(1)
    // Never more than the list pages of a round plus the old one.
    expect(operationRequests().length).toBeLessThanOrEqual(outcome.rounds * 3)
  })

  it('the first poll goes out at once, whatever the jitter source says', async () => {
    const start = clock.now()
    const id = op(steps([0, 'running'], [1000, 'finished']))
    await wait([id], { random: () => 0.5 })
    expect(operationRequests()[0]!.at - start).toBe(0)
  })

  it.each([
    ['one operation', 1],
    ['several operations', 3],
  ])('%s already done: one round at once, and no sleep at all', async (_, count) => {
    const start = clock.now()
    const ids = Array.from({ length: count }, () => op(steps([0, 'finished'])))
    const outcome = await wait(ids, { random: () => 0.99 })
    expect([outcome.status, outcome.rounds]).toEqual(['finished', 1])
    expect(clock.sleeps).toEqual([])
    expect(clock.now()).toBe(start)
    expect(operationRequests().map((r) => r.at - start)).toEqual([0])
  })

  it('a project with nothing pending is idle after one round at once', async () => {
    const start = clock.now()
    platform.addHistory(project, 300)
    const outcome = await wait('pending', { random: () => 0.99 })
    expect([outcome.status, outcome.rounds, clock.sleeps]).toEqual(['finished', 1, []])
    expect(operationRequests().map((r) => r.at - start)).toEqual([0])
  })

  it('never polls faster than poll-interval', async () => {
    const ids = [op(steps([0, 'running'], [30_000, 'finished'])), op(steps([0, 'running'], [31_000, 'finished']))]
    await wait(ids, { pollIntervalMs: 7000 })
    const times = operationRequests().map((r) => r.at)
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(7000)
  })
})

describe('the idle-project gate (no operation-ids)', () => {
  it('waits until no operation is pending, scanning only the head of a long history', async () => {
    platform.addHistory(project, 5000)
    const a = op(steps([0, 'running'], [12_000, 'finished']))
    const b = op(steps([0, 'scheduling'], [4000, 'running'], [18_000, 'finished']))
    const outcome = await wait('pending')
    expect(outcome.status).toBe('finished')
    expect(outcome.operations.map((o) => o.id).sort()).toEqual([a, b].sort())
    const requests = operationRequests()
    expect(requests).toHaveLength(outcome.rounds)
    expect(requests.every((r) => r.query.limit === '100')).toBe(true)
  })

  it('returns at once for an idle project', async () => {
    platform.addHistory(project, 50)
    const outcome = await wait('pending')
    expect(outcome).toMatchObject({ status: 'finished', operations: [], rounds: 1 })
  })

  it('keeps reading pages while they hold pending operations, up to 500 records', async () => {
    for (let i = 0; i < 150; i++) op(steps([0, 'running'], [10_000, 'finished']))
    const outcome = await wait('pending')
    expect(outcome.operations).toHaveLength(150)
    const first = operationRequests().filter((r) => r.at === operationRequests()[0]!.at)
    expect(first).toHaveLength(2)
  })

  it('fails when an operation it waited for failed', async () => {
    const bad = op(steps([0, 'running'], [6000, 'failed', { failures_count: 1 }]))
    const outcome = await wait('pending')
    expect(outcome.status).toBe('failed')
    expect(outcome.failed.map((o) => o.id)).toEqual([bad])
  })
})

describe('results', () => {
  it('sets every output and writes the console-style summary table, even on failure', async () => {
    const bad = op(steps([0, 'running'], [6000, 'failed', { failures_count: 1 }]), { endpoint_id: 'ep-cool-1' })
    const result = await runWaitForOperations(ctx, {
      projectId: project,
      operations: { kind: 'ids', ids: [bad] },
      pollIntervalMs: POLL,
      timeoutMs: 600_000,
    })
    expect(result.outputs.status).toBe('failed')
    expect(JSON.parse(result.outputs['failed-operation-ids']!)).toEqual([bad])
    expect(JSON.parse(result.outputs.operations!)[0]).toMatchObject({ id: bad, status: 'failed', endpoint_id: 'ep-cool-1' })
    expect(result.summary).toContain(
      '<tr><th>operation</th><th>action</th><th>branch</th><th>compute</th><th>status</th><th>duration</th><th>date</th></tr>',
    )
    expect(result.summary).toContain('<td>ep-cool-1</td>')
    expect(result.summary).toContain('❌ failed')
    expect(result.failure).toContain(bad)
  })
})

describe('congestion (429, 503) never fails a poll round while the timeout allows', () => {
  it('a 429 slows the waiter down, Retry-After is honoured, and it speeds up again', async () => {
    const id = op(steps([0, 'running'], [200_000, 'finished']))
    platform.inject({ path: `/projects/${project}/operations/${id}`, kind: 'status', status: 429, retryAfter: '20', times: 3 })
    const outcome = await wait([id])
    expect(outcome.status).toBe('finished')
    expect(log.warning).toEqual([
      expect.stringMatching(
        /^The platform answered 429 \(too many requests, Retry-After 20 s; request id .+\): polling every 10 s for now/,
      ),
    ])
    expect(log.info).toContain('The platform answers again: polling every 5 s again.')
    const requests = operationRequests()
    expect(requests.slice(0, 3).map((r) => r.status)).toEqual([429, 429, 429])
    // Never sooner than Retry-After after a 429.
    for (let i = 1; i <= 3; i++) expect(requests[i]!.at - requests[i - 1]!.at).toBeGreaterThanOrEqual(20_000)
    expect(outcome.failedRequest).toBeUndefined()
  })

  it('503 without Retry-After doubles the interval each time, then narrows it back to poll-interval', async () => {
    const id = op(steps([0, 'running'], [200_000, 'finished']))
    platform.inject({ path: `/projects/${project}/operations/${id}`, kind: 'status', status: 503, times: 3 })
    const outcome = await wait([id])
    expect(outcome.status).toBe('finished')
    expect(clock.sleeps.slice(0, 3)).toEqual([10_000, 20_000, 40_000])
    const after = clock.sleeps.slice(3)
    expect(after.every((ms, i) => ms >= 5000 && (i === 0 || ms <= after[i - 1]!))).toBe(true)
    expect(after.at(-1)).toBe(POLL)
    expect(log.debug.filter((l) => l.startsWith('The platform answered 503'))).toHaveLength(2)
  })

  it('a 429 on a list page ends that round, not the wait', async () => {
    const ids = [op(steps([0, 'running'], [20_000, 'finished'])), op(steps([0, 'running'], [25_000, 'finished']))]
    platform.inject({ path: `/projects/${project}/operations`, kind: 'status', status: 429, retryAfter: '7', times: 2 })
    const outcome = await wait(ids)
    expect(outcome.status).toBe('finished')
    expect(operationRequests().filter((r) => r.status === 429)).toHaveLength(2)
  })

  it('congestion until the timeout is timed-out, with the ids still pending and the last answer', async () => {
    const id = op(steps([0, 'running']))
    platform.inject({ path: `/projects/${project}/operations/${id}`, kind: 'status', status: 429, retryAfter: '3', times: 999 })
    client = client.withDeadline(clock.now() + 120_000)
    ctx = { ...ctx, client }
    const result = await runWaitForOperations(ctx, {
      projectId: project,
      operations: { kind: 'ids', ids: [id] },
      pollIntervalMs: POLL,
      timeoutMs: 120_000,
      random: () => 0,
    })
    expect(result.outputs.status).toBe('timed-out')
    expect(JSON.parse(result.outputs['pending-operation-ids']!)).toEqual([id])
    expect(result.failedRequest?.status).toBe(429)
    expect(result.failure).toContain("The platform's last answer was 429 and asked to wait 3 s")
    expect(result.summary).toContain('Timed out waiting for operations')
    // 10, 20, 40, 60, 60 s… : a handful of requests in two minutes, not one every 5 s.
    expect(operationRequests().length).toBeLessThanOrEqual(6)
  })
})

describe('status error: the step could not find out', () => {
  it('a server that keeps failing is error, not failed, after bounded retries', async () => {
    const id = op(steps([0, 'running']))
    platform.inject({ path: `/projects/${project}/operations/${id}`, kind: 'html', status: 502, times: 99 })
    const outcome = await wait([id])
    expect(outcome.status).toBe('error')
    expect(outcome.failed).toEqual([])
    expect(outcome.pending).toEqual([id])
    expect(outcome.failedRequest?.status).toBe(502)
    expect(operationRequests()).toHaveLength(5)
  })

  it('a key revoked during the wait is error; the summary says the step could not look, with the last statuses read', async () => {
    const admin = platform.addKey('revoked-midway')
    client = client.withApiKey(admin.key, STEP_KEY_REFUSED)
    ctx = { ...ctx, client }
    const id = op(steps([0, 'running'], [60_000, 'failed']))
    const revoker = (async () => {
      while (clock.sleeps.length < 2) await new Promise((r) => setImmediate(r))
      const other = platform.addKey('other').key
      await fetch(`${platform.url}/api_keys/${admin.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${other}` } })
    })()
    const result = await runWaitForOperations(ctx, {
      projectId: project,
      operations: { kind: 'ids', ids: [id] },
      pollIntervalMs: POLL,
      timeoutMs: 600_000,
      random: () => 0,
    })
    await revoker
    expect(result.outputs.status).toBe('error')
    expect(result.failedRequest?.status).toBe(401)
    expect(result.outputs['failed-operation-ids']).toBe('[]')
    expect(JSON.parse(result.outputs['pending-operation-ids']!)).toEqual([id])
    expect(result.summary).toContain('Could not find out whether the operations finished')
    expect(result.summary).toContain('HTTP 401')
    expect(result.summary).toContain('⏳ running')
    expect(result.summary).not.toContain('Operations failed')
  })
})

describe('the request budget of a round', () => {
  it('many old operations: list pages, then single reads, never more than 10 requests a round', async () => {
    const start = clock.now()
    const old = Array.from({ length: 200 }, (_, i) =>
      platform.addOperation(project, { createdAt: start - 36_000_000 + i, status: 'finished' }),
    )
    for (let i = 0; i < 2500; i++) platform.addOperation(project, { createdAt: start - 1_000_000 + i * 100, status: 'finished' })
    const outcome = await wait(old)
    expect(outcome.status).toBe('finished')
    expect(outcome.operations).toHaveLength(200)
    const perRound = new Map<number, number>()
    for (const r of operationRequests()) perRound.set(r.at, (perRound.get(r.at) ?? 0) + 1)
    expect(Math.max(...perRound.values())).toBe(10)
    // 3 pages of 800 records, then 7 single reads a round: 200 operations in ⌈200 / 7⌉ rounds.
    expect(outcome.rounds).toBe(Math.ceil(200 / 7))
    expect(log.info.filter((l) => l.includes('are not among the newest ones a poll lists'))).toHaveLength(1)
  })
})

describe('the idle gate (operation-ids: pending)', () => {
  it('reaching the page limit is never a silent success: it reads on, and waits for pending operations further back', async () => {
    const start = clock.now()
    platform.addHistory(project, 50)
    for (let i = 0; i < 100; i++) {
      const createdAt = start - 600_000 + i
      platform.addOperation(project, { createdAt, timeline: steps([0, 'running'], [start + 60_000 - createdAt, 'finished']) })
    }
    for (let i = 0; i < 500; i++) op(steps([0, 'running'], [10_000, 'finished']))
    const outcome = await wait('pending')
    expect(outcome.status).toBe('finished')
    expect(clock.now() - start).toBeGreaterThanOrEqual(60_000)
    expect(outcome.operations).toHaveLength(600)
    expect(log.warning).toEqual([
      expect.stringContaining(`The operations of project ${project} still end on a pending one after the pages a poll reads (5 of 100)`),
    ])
    const perRound = new Map<number, number>()
    for (const r of operationRequests()) perRound.set(r.at, (perRound.get(r.at) ?? 0) + 1)
    expect(Math.max(...perRound.values())).toBeLessThanOrEqual(10)
  })

  it('idle only on a poll that read from the head of the list: an operation started meanwhile is waited for', async () => {
    const start = clock.now()
    // Every 100th of the 500 newest operations is pending until 4 s: each page ends on a pending one.
    for (let i = 1; i <= 600; i++) {
      const createdAt = start - i * 1000
      const pending = i % 100 === 0 && i <= 500
      platform.addOperation(project, {
        createdAt,
        timeline: pending ? steps([0, 'running'], [start + 4000 - createdAt, 'finished']) : steps([0, 'finished']),
      })
    }
    let started: string | undefined
    platform.onRequest(() => {
      // While the second poll reads on past the page limit, a new operation starts at the head.
      if (operationRequests().length === 6) started = op(steps([0, 'running'], [60_000, 'finished']))
    })
    const outcome = await wait('pending')
    expect(outcome.status).toBe('finished')
    expect(outcome.operations.map((o) => o.id)).toContain(started)
    expect(clock.now() - start).toBeGreaterThanOrEqual(65_000)
  })

  it('with a branch, only that branch counts', async () => {
    const created = platform.createBranch(project, { endpoints: ['read_write'] })
    const elsewhere = op(steps([0, 'running'], [120_000, 'finished']), { branch_id: 'br-other-00000000' })
    const outcome = await wait('pending', { branchId: created.branch.id })
    expect(outcome.status).toBe('finished')
    expect(outcome.operations.map((o) => o.id).sort()).toEqual(created.operations.map((o) => o.id).sort())
    expect(outcome.operations.map((o) => o.id)).not.toContain(elsewhere)
    expect(clock.now() - Date.parse(created.branch.created_at)).toBeLessThan(4000 + POLL)
  })

  it('without a branch, every pending operation of the project counts', async () => {
    platform.createBranch(project, { endpoints: ['read_write'] })
    const elsewhere = op(steps([0, 'running'], [120_000, 'finished']), { branch_id: 'br-other-00000000' })
    const started = clock.now()
    const outcome = await wait('pending')
    expect(outcome.operations.map((o) => o.id)).toContain(elsewhere)
    expect(clock.now() - started).toBeGreaterThanOrEqual(120_000)
  })

  it('a branch id that names no branch is an error, not an idle branch', async () => {
    const outcome = await wait('pending', { branchId: 'br-typo-00000000' })
    expect(outcome.status).toBe('error')
    expect(outcome.failure).toContain(`branch br-typo-00000000 in project ${project} was not found (404)`)
  })
})

describe('a listing that does not move on', () => {
  /** A stand-in for the service whose operations list misbehaves as `page` says. */
  async function misbehaving(page: (cursor: string | null) => { ids: string[]; cursor: string }, awaited: string[]) {
    const record = (id: string, status = 'finished') => ({
      id,
      project_id: 'p-1',
      branch_id: 'br-1',
      action: 'apply_config',
      status,
      failures_count: 0,
      created_at: '2026-11-21T10:00:00Z',
    })
    const server = createServer((req, res) => {
      const url = new URL(req.url!, 'http://stub')
      const single = /\/operations\/(.+)$/.exec(url.pathname)
      const body = single
        ? { operation: record(single[1]!) }
        : (() => {
            const { ids, cursor } = page(url.searchParams.get('cursor'))
            return { operations: ids.map((id) => record(id)), pagination: { cursor } }
          })()
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const stub = new PlatformClient({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2`,
      apiKey: 'k',
      userAgent: 'test',
      clock,
      logger: log.logger,
      deadline: clock.now() + 600_000,
    })
    try {
      return await waitForOperations(
        { ...ctx, client: stub },
        { projectId: 'p-1', operations: { kind: 'ids', ids: awaited }, pollIntervalMs: POLL, timeoutMs: 600_000, random: () => 0 },
      )
    } finally {
      await stub.close()
      server.closeAllConnections()
      await new Promise((r) => server.close(r))
    }
  }
  const others = (from: number) => Array.from({ length: 100 }, (_, i) => `00000000-0000-4000-8000-${String(from + i).padStart(12, '0')}`)
  const awaited = ['aaaaaaaa-0000-4000-8000-000000000001', 'aaaaaaaa-0000-4000-8000-000000000002']

  it('a repeated cursor ends the listing with a warning naming it; the operations are then read one by one', async () => {
    const outcome = await misbehaving((cursor) => ({ ids: others(cursor ? 100 : 0), cursor: 'c-1' }), awaited)
    expect(outcome.status).toBe('finished')
    expect(log.warning).toEqual([
      'The platform handed out cursor "c-1" twice while listing the operations of project p-1: the listing of this poll ends there.',
    ])
  })

  it('a page that adds no new operation ends the listing with a warning naming its cursor', async () => {
    let n = 0
    const outcome = await misbehaving(() => ({ ids: others(0), cursor: `c-${++n}` }), awaited)
    expect(outcome.status).toBe('finished')
    expect(log.warning).toEqual([
      'The page of project p-1\'s operations after cursor "c-1" holds only operations already read: the listing of this poll ends there.',
    ])
  })
})
