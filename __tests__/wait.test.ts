import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { PlatformEmulator, type TimelineStep } from '../emulator/platform.ts'
import { PlatformClient } from '../src/api/client.js'
import type { CommandContext } from '../src/commands/context.js'
import { runWaitForOperations, waitForOperations, type WaitOptions } from '../src/commands/operations.js'
import { captureLog, manualClock, type ManualClock } from './support/clock.js'

/**
 * The waiter against the emulator over real HTTP, with one manual clock for both: the waiter's
 * sleeps move the operations' timelines, so minutes of waiting take milliseconds.
 */
let platform: PlatformEmulator
let clock: ManualClock
let log: ReturnType<typeof captureLog>
let client: PlatformClient
let ctx: CommandContext
let project: string

const POLL = 5000

beforeEach(async () => {
  clock = manualClock()
  log = captureLog()
  platform = new PlatformEmulator({ now: clock.now })
  await platform.start()
  const admin = platform.addKey('admin')
  project = platform.addProject().id
  client = new PlatformClient({
    baseUrl: platform.url,
    apiKey: admin.key,
    userAgent: 'test',
    clock,
    logger: log.logger,
    deadline: clock.now() + 600_000,
  })
  ctx = { client, clock, log: log.logger, mask: () => {}, notice: () => {}, saveState: () => {} }
})

afterEach(async () => {
  await client.close()
  await platform.stop()
})

const steps = (...pairs: Array<[number, string, Partial<TimelineStep>?]>): TimelineStep[] =>
  pairs.map(([afterMs, status, extra]) => ({ afterMs, status, ...extra }))

function op(timeline: TimelineStep[], extra: Record<string, string> = {}): string {
  return platform.addOperation(project, { timeline, action: 'create_branch', branch_id: 'br-main-1', ...extra })
}

const wait = (operationIds: string[] | undefined, extra: Partial<WaitOptions> = {}) =>
  waitForOperations(ctx, { projectId: project, operationIds, pollIntervalMs: POLL, timeoutMs: 600_000, ...extra })

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
    const { isKnownStatus, statusGroup } = await import('../src/commands/status.js')
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
    expect(outcome.failure).toContain("The step's timeout leaves no time to wait 30 s and retry.")
    expect(outcome.failure).toContain(`operation ${id} was not read yet`)
  })

  it('an unknown operation id fails at once, naming it', async () => {
    const known = op(steps([0, 'running']))
    const unknown = '0f0f0f0f-0000-4000-8000-000000000000'
    const outcome = await wait([known, unknown])
    expect(outcome.status).toBe('failed')
    expect(outcome.rounds).toBe(1)
    expect(outcome.failure).toContain(`operation ${unknown} in project ${project} was not found (404)`)
    expect(clock.sleeps).toEqual([])
  })

  it('an unknown project fails at once, naming it', async () => {
    const outcome = await waitForOperations(ctx, {
      projectId: 'no-such-project',
      operationIds: undefined,
      pollIntervalMs: POLL,
      timeoutMs: 600_000,
    })
    expect(outcome.status).toBe('failed')
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
    const outcome = await wait(undefined)
    expect(outcome.status).toBe('finished')
    expect(outcome.operations.map((o) => o.id).sort()).toEqual([a, b].sort())
    const requests = operationRequests()
    expect(requests).toHaveLength(outcome.rounds)
    expect(requests.every((r) => r.query.limit === '100')).toBe(true)
  })

  it('returns at once for an idle project', async () => {
    platform.addHistory(project, 50)
    const outcome = await wait(undefined)
    expect(outcome).toMatchObject({ status: 'finished', operations: [], rounds: 1 })
  })

  it('keeps reading pages while they hold pending operations, up to 500 records', async () => {
    for (let i = 0; i < 150; i++) op(steps([0, 'running'], [10_000, 'finished']))
    const outcome = await wait(undefined)
    expect(outcome.operations).toHaveLength(150)
    const first = operationRequests().filter((r) => r.at === operationRequests()[0]!.at)
    expect(first).toHaveLength(2)
  })

  it('fails when an operation it waited for failed', async () => {
    const bad = op(steps([0, 'running'], [6000, 'failed', { failures_count: 1 }]))
    const outcome = await wait(undefined)
    expect(outcome.status).toBe('failed')
    expect(outcome.failed.map((o) => o.id)).toEqual([bad])
  })
})

describe('results', () => {
  it('sets every output and writes the console-style summary table, even on failure', async () => {
    const bad = op(steps([0, 'running'], [6000, 'failed', { failures_count: 1 }]), { endpoint_id: 'ep-cool-1' })
    const result = await runWaitForOperations(ctx, { projectId: project, operationIds: [bad], pollIntervalMs: POLL, timeoutMs: 600_000 })
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
