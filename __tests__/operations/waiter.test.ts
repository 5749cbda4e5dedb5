// src/operations/waiter.ts (and status.ts): waiting for operations. The waiter's sleeps move the operations' timelines, so
// minutes of waiting take milliseconds: its outcomes, the lines it logs, its pace, the requests each round costs, and the idle gate.
// In process, against the platform emulator over HTTP, with one manual clock for both.
import { describe, expect, it } from '@jest/globals'
import type {
  OperationSeed,
  OperationsPage,
  PlatformEmulator,
  RequestLogEntry,
  TimelineStep,
} from '../../emulator/platform.ts'
import { PlatformClient } from '../../src/api/client.ts'
import type { CommandContext } from '../../src/runner/context.ts'
import { waitForOperations, type WaitOptions } from '../../src/operations/waiter.ts'
import type { CapturedLog, ManualClock } from '../support/clock.ts'
import { POLL, waitsPerTest } from '../support/in-process.ts'
import { stubServer } from '../support/stub-server.ts'
import { takeViolations } from '../../emulator/contract.ts'
import { isoSeconds } from '../../emulator/time.ts'

let platform: PlatformEmulator
let clock: ManualClock
let log: CapturedLog
let client: PlatformClient
/** The step's client as the run started it: `timeout()` gives the context one with a nearer deadline. */
let base: PlatformClient
let ctx: CommandContext
let project: string
let start: number

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'

const { steps, op, options, listPath, operationRequests, listRequests } = waitsPerTest((run, made) => {
  ;({ platform, clock, log, client, ctx } = run)
  base = client
  start = clock.now()
  project = made
})

/** The step's timeout: the client's deadline, `ms` from now. */
function timeout(ms: number): void {
  ctx = { ...ctx, client: base.withDeadline(clock.now() + ms) }
}

/** Ids, or `pending` (of `branchId`). The jitter source is 0: no jitter. */
const wait = (operations: string[] | 'pending', extra: Partial<WaitOptions> & { branchId?: string } = {}) =>
  waitForOperations(ctx, options(operations, extra))

const singleReads = () => operationRequests().filter((r) => r.path !== listPath())

const requestId = (entry: RequestLogEntry | undefined) => entry?.headers['x-request-id']

/** Answers the list requests that `which` picks as `change` rewrites them, as a proxy in between would. */
function rewriteListing(
  which: (entry: RequestLogEntry) => boolean,
  change: (page: OperationsPage) => OperationsPage,
): void {
  platform.onRequest((entry) => {
    if (entry.path === listPath() && which(entry)) {
      platform.inject({ path: entry.path, kind: 'transform', transform: (body) => change(body as OperationsPage) })
    }
  })
}

describe('status groups', () => {
  it.each(['finished', 'skipped'])('%s is success', async (status) => {
    const id = op(steps([0, 'scheduling'], [7000, 'running'], [12_000, status]))
    const outcome = await wait([id])
    expect(outcome.status).toBe('finished')
    expect(outcome.operations[0]!.status).toBe(status)
    expect(outcome.failed).toEqual([])
  })

  it.each([
    ['failed', 'fail'],
    ['error', 'wait'],
    ['error', 'fail'],
    ['cancelled', 'wait'],
    ['cancelled', 'fail'],
  ] as Array<[string, 'wait' | 'fail']>)(
    '%s is failure with on-failed: %s, named with its details',
    async (status, onFailed) => {
      const id = op(
        steps(
          [0, 'running'],
          [6000, 'running', { failures_count: 1 }],
          [11_000, status, { failures_count: 2, error: 'compute quota exceeded' }],
        ),
      )
      const outcome = await wait([id], { onFailed })
      expect(outcome.status).toBe('failed')
      expect(outcome.failed.map((o) => o.id)).toEqual([id])
      expect(outcome.failure).toBe(
        `1 of 1 operation(s) did not succeed: ${id} (create_branch, branch br-main-1): ${status}, failures_count 2, error "compute quota exceeded".`,
      )
    },
  )

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
    expect(log.warning).toEqual([
      `Operation ${id} has status "paused", which the action does not know. It counts as pending.`,
    ])
    // The platform's description lists no such status; the platform may still send one, so the emulator does.
    expect(
      takeViolations().every((problem) =>
        problem.endsWith('/operation/status must be equal to one of the allowed values'),
      ),
    ).toBe(true)
  })
})

describe('on-failed: a `failed` operation the platform may retry', () => {
  const line = (id: string, text: string) => `create_branch ${id} on branch br-main-1: ${text}`

  it('wait (the default): running → failed → running → finished passes, and the log says it failed and may be retried', async () => {
    const id = op(
      steps(
        [0, 'running'],
        [3000, 'failed', { error: 'compute start timed out' }],
        [8000, 'running'],
        [14_000, 'finished'],
      ),
    )
    const outcome = await wait([id])
    expect([outcome.status, outcome.failed, outcome.pending]).toEqual(['finished', [], []])
    expect(outcome.retried.map((o) => [o.id, o.status, o.failures_count])).toEqual([[id, 'finished', 1]])
    expect(log.info).toEqual([
      `Waiting for 1 operation(s) in project ${project}, polling every 5 s.`,
      line(id, 'running'),
      line(
        id,
        `running → failed. It failed 1 time, and the platform may retry it (retry_at ${isoSeconds(start + 8000)}): ` +
          'the gate waits until it ends.',
      ),
      line(id, 'failed → running (1 failure)'),
      line(id, 'running → finished after 14 s (1 failure)'),
      'All 1 operation(s) succeeded after 15 s.',
    ])
    expect(takeViolations()).toEqual([])
  })

  it('wait: failed → error fails when it ends, naming the operation', async () => {
    const id = op(steps([0, 'running'], [3000, 'failed'], [12_000, 'error', { error: 'no capacity in region' }]))
    const outcome = await wait([id])
    expect(outcome.status).toBe('failed')
    expect(clock.now() - start).toBe(15_000)
    expect(outcome.failed.map((o) => o.id)).toEqual([id])
    expect(outcome.failure).toBe(
      `1 of 1 operation(s) did not succeed: ${id} (create_branch, branch br-main-1): error, failures_count 1, error "no capacity in region".`,
    )
    // No retry follows that failure, so the platform's record has no retry_at.
    expect(log.info).toContain(
      line(id, 'running → failed. It failed 1 time, and the platform may retry it: the gate waits until it ends.'),
    )
    expect(log.info).toContain(line(id, 'failed → error after 12 s (1 failure)'))
  })

  it("fail: fails at the first failed, as the vendor's SDK does", async () => {
    const id = op(steps([0, 'running'], [3000, 'failed'], [8000, 'running'], [14_000, 'finished']))
    const outcome = await wait([id], { onFailed: 'fail' })
    expect(outcome.status).toBe('failed')
    expect([clock.now() - start, outcome.rounds]).toEqual([5000, 2])
    expect(outcome.failed.map((o) => o.id)).toEqual([id])
    expect(outcome.retried).toEqual([])
    expect(outcome.failure).toContain(`${id} (create_branch, branch br-main-1): failed, failures_count 1`)
    expect(log.info).toContain(line(id, 'running → failed after 3 s (1 failure)'))
  })

  it('wait: one line each time it fails again, not one a poll', async () => {
    const id = op(
      steps(
        [0, 'running'],
        [3000, 'failed', { retry_at: '2026-11-21T10:00:09Z' }],
        [9000, 'failed', { failures_count: 2, retry_at: '2026-11-21T10:00:20Z' }],
        [30_000, 'finished'],
      ),
    )
    const outcome = await wait([id])
    expect(outcome.status).toBe('finished')
    expect(log.info.filter((l) => l.includes(id))).toEqual([
      line(id, 'running'),
      line(
        id,
        'running → failed. It failed 1 time, and the platform may retry it (retry_at 2026-11-21T10:00:09Z): the gate waits until it ends.',
      ),
      line(
        id,
        'failed again. It failed 2 times, and the platform may retry it (retry_at 2026-11-21T10:00:20Z): the gate waits until it ends.',
      ),
      line(id, 'failed → finished after 30 s (2 failures)'),
    ])
  })

  it('wait: timed out while still failed, the error says it failed N times and was not finished within `timeout`', async () => {
    const stuck = op(steps([0, 'running'], [2000, 'failed', { failures_count: 3, retry_at: '2026-11-21T10:05:00Z' }]))
    timeout(30_000)
    const outcome = await wait([stuck], { timeoutMs: 30_000 })
    expect(outcome.status).toBe('timed-out')
    expect(outcome.failure).toBe(
      `The step's \`timeout\` of 30 s ran out with 1 operation(s) not finished: create_branch ${stuck} on branch br-main-1 ` +
        'is failed: it failed 3 times and was not finished within `timeout`, and the platform may retry it (retry_at ' +
        '2026-11-21T10:05:00Z).',
    )
    // Not ended: a later step can wait on it.
    expect([outcome.pending, outcome.failed]).toEqual([[stuck], []])
  })

  it('wait: the idle gate waits for a failed operation too, until it ends', async () => {
    platform.addHistory(project, 50)
    const id = op(steps([0, 'failed'], [20_000, 'running'], [26_000, 'finished']))
    const outcome = await wait('pending')
    expect(outcome.status).toBe('finished')
    expect(clock.now() - start).toBe(30_000)
    expect(outcome.operations.map((o) => [o.id, o.status])).toEqual([[id, 'finished']])
  })

  it('fail: the idle gate does not wait for an operation that had failed before it looked', async () => {
    op(steps([0, 'failed'], [20_000, 'running'], [26_000, 'finished']))
    const outcome = await wait('pending', { onFailed: 'fail' })
    expect(outcome).toMatchObject({ status: 'finished', operations: [], rounds: 1 })
  })
})

describe('423 Locked: the project is held by another operation', () => {
  it('polls answered 423 are waited through within `timeout`, as 429 and 503 are', async () => {
    const id = op(steps([0, 'running'], [150_000, 'finished']))
    platform.inject({ path: `${listPath()}/${id}`, kind: 'status', status: 423, times: 8 })
    const outcome = await wait([id])
    expect(outcome.status).toBe('finished')
    expect(operationRequests().filter((r) => r.status === 423)).toHaveLength(8)
    expect(log.warning).toEqual([
      expect.stringMatching(
        /^The platform answered 423 \(locked: another operation holds the project; request id .+\)\. The waiter now polls every 10 s,/,
      ),
    ])
    expect(outcome.failedRequest).toBeUndefined()
  })

  it('423 until the timeout is timed-out, naming the last answer, not error', async () => {
    const id = op(steps([0, 'running']))
    platform.inject({ path: `${listPath()}/${id}`, kind: 'status', status: 423, times: 999 })
    timeout(120_000)
    const outcome = await wait([id], { timeoutMs: 120_000 })
    expect(outcome.status).toBe('timed-out')
    expect(outcome.failure).toContain("The platform's last answer was 423")
    expect(outcome.pending).toEqual([id])
  })
})

describe('status names', () => {
  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty'])(
    '%s is not a known status: pending',
    async (status) => {
      const { isKnownStatus, statusGroup } = await import('../../src/operations/status.ts')
      expect([isKnownStatus(status), statusGroup(status)]).toEqual([false, 'pending'])
    },
  )
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
    const bad = op(steps([0, 'running'], [9000, 'error', { error: 'disk full', failures_count: 3 }]), {
      action: 'apply_config',
    })
    const outcome = await wait([ok, bad])
    expect(outcome.status).toBe('failed')
    expect(outcome.operations.map((o) => o.id)).toEqual([ok, bad])
    expect(outcome.failed.map((o) => o.id)).toEqual([bad])
    expect(outcome.failure).toContain(
      `${bad} (apply_config, branch br-main-1): error, failures_count 3, error "disk full"`,
    )
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

  it('times out naming the first 5 still pending and counting the others, which pending-operation-ids has', async () => {
    const slow = Array.from({ length: 12 }, () => op(steps([0, 'scheduling'], [10_000, 'running'])))
    client = client.withDeadline(clock.now() + 30_000)
    ctx = { ...ctx, client }
    const outcome = await wait(slow, { timeoutMs: 30_000 })
    expect(outcome.status).toBe('timed-out')
    expect(outcome.pending).toHaveLength(12)
    expect(outcome.failure).toMatch(
      /ran out with 12 operation\(s\) not finished: .*; and 7 more \(`pending-operation-ids` has them all\)\.$/,
    )
    expect(slow.filter((id) => outcome.failure!.includes(id))).toHaveLength(5)
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

  it('congestion whose wait would pass the timeout: said, waited to the timeout, and timed out there', async () => {
    const id = op(steps([0, 'running']))
    platform.inject({ path: `/projects/${project}/operations/${id}`, kind: 'status', status: 429, retryAfter: '30' })
    timeout(10_000)
    const outcome = await wait([id], { timeoutMs: 10_000 })
    expect([outcome.status, outcome.rounds, clock.now() - start]).toEqual(['timed-out', 1, 10_000])
    const said = /^The platform answered 429 \(too many requests, Retry-After 30 s; .*the next poll is in 30 s\.$/
    expect(log.warning).toEqual([expect.stringMatching(said)])
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

  it('a read answered with the record of another operation fails at once, naming both: it says nothing of the one asked for', async () => {
    const asked = op(steps([0, 'running']))
    const other = op(steps([0, 'finished']))
    // Not in the list: the waiter reads it alone, and the answer is the other's record.
    rewriteListing(
      () => true,
      (page) => ({ ...page, operations: page.operations.filter((o) => o.id !== asked) }),
    )
    platform.inject({
      path: `${listPath()}/${asked}`,
      kind: 'transform',
      transform: () => ({ operation: platform.operation(other) }),
      times: 9,
    })
    const outcome = await wait([asked])
    expect(outcome.status).toBe('error')
    expect(outcome.rounds).toBe(1)
    expect(outcome.failure).toBe(
      `The platform answered the read of operation ${asked} with a record of operation ${other}. The status of operation ` +
        `${asked} is not known, so the gate does not pass. Check the \`operation-ids\` input, or report this to the platform.`,
    )
    expect(clock.sleeps).toEqual([])
  })

  it('an unknown project fails at once, naming it', async () => {
    const outcome = await waitForOperations(ctx, {
      projectId: 'no-such-project',
      operations: { kind: 'pending', branchId: undefined },
      pollIntervalMs: POLL,
      onFailed: 'wait',
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

describe('the lines of a wait', () => {
  it('names each change of status with its failures, in the singular and the plural, and the time it took', async () => {
    const id = op(
      steps([0, 'scheduling'], [5000, 'running', { failures_count: 1 }], [10_000, 'finished', { failures_count: 2 }]),
    )
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
    expect(log.warning).toEqual([
      `Operation ${b} has status "paused", which the action does not know. It counts as pending.`,
    ])
    expect(log.info).toEqual([
      `Waiting for 2 operation(s) in project ${project}, polling every 5 s.`,
      `create_branch ${b} on branch br-main-1: paused`,
      `create_branch ${a} on branch br-main-1: paused`,
      `create_branch ${b} on branch br-main-1: paused → finished after 9 s`,
      `create_branch ${a} on branch br-main-1: paused → finished after 9 s`,
      'All 2 operation(s) succeeded after 10 s.',
    ])
    // A status the description does not list: the emulator's check sees it.
    expect(
      takeViolations().some((problem) => problem.includes('status must be equal to one of the allowed values')),
    ).toBe(true)
  })

  it('the time an operation took is its own duration, to the tenth of a second', async () => {
    const id = op(steps([0, 'running'], [12_500, 'finished']))
    await wait([id])
    expect(log.info).toContain(`create_branch ${id} on branch br-main-1: running → finished after 12.5 s`)
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

  it('never polls faster than poll-interval', async () => {
    const ids = [op(steps([0, 'running'], [30_000, 'finished'])), op(steps([0, 'running'], [31_000, 'finished']))]
    await wait(ids, { pollIntervalMs: 7000 })
    const times = operationRequests().map((r) => r.at)
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(7000)
  })
})

describe('the request budget of a round', () => {
  it('many old operations: list pages, then single reads, never more than 10 requests a round', async () => {
    const start = clock.now()
    const old = Array.from({ length: 50 }, (_, i) =>
      platform.addOperation(project, { createdAt: start - 36_000_000 + i, status: 'finished' }),
    )
    for (let i = 0; i < 700; i++)
      platform.addOperation(project, { createdAt: start - 1_000_000 + i * 100, status: 'finished' })
    const outcome = await wait(old)
    expect(outcome.status).toBe('finished')
    expect(outcome.operations).toHaveLength(50)
    const perRound = new Map<number, number>()
    for (const r of operationRequests()) perRound.set(r.at, (perRound.get(r.at) ?? 0) + 1)
    expect(Math.max(...perRound.values())).toBe(10)
    // 3 pages of 200 records, then 7 single reads a round: 50 operations in ⌈50 / 7⌉ rounds.
    expect(outcome.rounds).toBe(Math.ceil(50 / 7))
    expect(log.info.filter((l) => l.includes('are not among the newest ones a poll lists'))).toHaveLength(1)
  })
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
      '10 operation(s) are not among the newest ones a poll lists. Each poll reads up to 7 of them one by one, the longest unread first.'
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
      (page) => ({ operations: page.operations }),
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

describe('pacing and the deadline', () => {
  it('the first poll goes out at once even with little time left', async () => {
    const id = op(steps([0, 'finished']))
    timeout(4000)
    const outcome = await wait([id], { random: () => 0.5, timeoutMs: 4000 })
    expect(outcome.status).toBe('finished')
    expect(clock.sleeps).toEqual([])
    expect(operationRequests().map((r) => r.at - start)).toEqual([0])
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
        `^The step's \`timeout\` of 1 min ran out with branch ${branch} of project ${project} not known to be idle: ` +
          `it read 0 operation\\(s\\), not to the end of the window\\. ` +
          `The step's timeout ran out before GET /projects/${project}/operations\\. ` +
          `Could not list the operations of project ${project}; raise the \`timeout\` input if the platform is slow\\. \\(request id ${UUID}\\)$`,
      ),
    )
    expect(platform.requests.map((r) => r.path)).toEqual([`/projects/${project}/branches/${branch}`])
  })
})

describe('congestion (429, 503) never fails a poll round while the timeout allows', () => {
  it('a 429 slows the waiter down, Retry-After is honoured, and it speeds up again', async () => {
    const id = op(steps([0, 'running'], [200_000, 'finished']))
    platform.inject({
      path: `/projects/${project}/operations/${id}`,
      kind: 'status',
      status: 429,
      retryAfter: '20',
      times: 3,
    })
    const outcome = await wait([id])
    expect(outcome.status).toBe('finished')
    expect(log.warning).toEqual([
      expect.stringMatching(
        /^The platform answered 429 \(too many requests, Retry-After 20 s; request id .+\)\. The waiter now polls every 10 s,/,
      ),
    ])
    expect(log.info).toContain('The platform answers again, so the waiter polls every 5 s again.')
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
      `The platform answered 503 (unavailable; request id ${requestId(first)}). The waiter now polls every 10 s, and the next poll is in 10 s.`,
    ])
    expect(log.debug).toContain(
      `The platform answered 503 (unavailable; request id ${requestId(second)}). The waiter now polls every 20 s, and the next poll is in 20 s.`,
    )
    expect(log.info.filter((l) => l.startsWith('The platform answers'))).toEqual([
      'The platform answers again, so the waiter polls every 5 s again.',
    ])
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
      `The platform answered 429 (too many requests, Retry-After 20 s; request id ${requestId(operationRequests()[0])}). ` +
        'The waiter now polls every 10 s, and the next poll is in 20 s.',
    ])
  })

  it('congestion on an idle gate until the timeout: the project is not known to be idle', async () => {
    platform.inject({ path: listPath(), kind: 'status', status: 429, times: 99 })
    timeout(30_000)
    const outcome = await wait('pending', { timeoutMs: 30_000 })
    expect(outcome.status).toBe('timed-out')
    expect(outcome.failure).toBe(
      `The step's \`timeout\` of 30 s ran out with project ${project} not known to be idle: ` +
        'it read 0 operation(s), not to the end of the window. ' +
        `The platform's last answer was 429 (request id ${requestId(listRequests().at(-1))}).`,
    )
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
})

describe('the idle gate (operation-ids: pending)', () => {
  type Step = [at: number, status: string, extra?: Partial<TimelineStep>]
  /**
   * One operation of `action`, with `newer` finished ones created after it: in front of it in the list, newest first.
   * Its timeline's times are ms from now; its first step holds from its creation.
   */
  function behind(newer: number, timeline: Step[], seed: Partial<OperationSeed> = {}): string {
    const createdAt = start - (newer + 1) * 1000
    const id = platform.addOperation(project, {
      createdAt,
      action: 'apply_config',
      timeline: timeline.map(([at, status, extra], i) => ({
        afterMs: i === 0 ? 0 : start - createdAt + at,
        status,
        ...extra,
      })),
      ...seed,
    })
    for (let i = newer; i >= 1; i--) platform.addOperation(project, { createdAt: start - i * 1000 })
    return id
  }
  const awaitingRetry: Step[] = [
    [0, 'running'],
    [-500, 'failed', { failures_count: 1 }],
    [4000, 'running'],
    [9000, 'finished'],
  ]

  it('a project with nothing pending is idle after one round, and says how far back it read', async () => {
    platform.addHistory(project, 300)
    const outcome = await wait('pending', { random: () => 0.99 })
    expect([outcome.status, outcome.rounds, clock.sleeps]).toEqual(['finished', 1, []])
    // A page shorter than asked is not the end: a service may cap pages. The empty page after it is.
    expect(listRequests().map((r) => r.query)).toEqual([{ limit: '1000' }, expect.objectContaining({ limit: '1000' })])
    expect(outcome.window).toMatchObject({ records: 300, done: true, end: 'list' })
    expect(log.info).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^Read 300 operation\\(s\\) of project ${project}, back to \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC: the whole list\\.$`,
        ),
      ),
    )
  })

  it('a project of 2,000 finished records with nothing pending passes in four requests: the window, then the head once more', async () => {
    platform.addHistory(project, 2000, 'check_availability', 10_000)
    const outcome = await wait('pending')
    expect([outcome.status, outcome.rounds, listRequests().length]).toEqual(['finished', 1, 4])
  })

  it.each([
    ['a retried failed operation behind 300 newer records', 300, awaitingRetry],
    ['a retried failed operation behind 1,001', 1001, awaitingRetry],
    [
      'a running operation behind 250',
      250,
      [
        [0, 'running'],
        [8000, 'finished'],
      ] as Step[],
    ],
    [
      'a running operation behind 450',
      450,
      [
        [0, 'running'],
        [8000, 'finished'],
      ] as Step[],
    ],
    [
      'a scheduling operation behind 150',
      150,
      [
        [0, 'scheduling'],
        [8000, 'finished'],
      ] as Step[],
    ],
  ])('%s keeps the gate waiting until it finishes', async (_, newer, timeline) => {
    const id = behind(newer, timeline)
    const outcome = await wait('pending')
    expect(outcome.status).toBe('finished')
    expect(outcome.operations.map((o) => o.id)).toEqual([id])
    expect(clock.now() - start).toBeGreaterThanOrEqual(9000 - POLL)
  })

  it('a page cap of 50 changes nothing: a short page is not the end', async () => {
    platform.capOperationsPages(50)
    const id = behind(300, awaitingRetry)
    const outcome = await wait('pending')
    expect(outcome.status).toBe('finished')
    expect(outcome.operations.map((o) => o.id)).toEqual([id])
    expect(clock.now() - start).toBeGreaterThanOrEqual(9000 - POLL)
    expect(listRequests()[0]!.query.limit).toBe('1000')
  })

  it('a page that ends on a finished operation, with a failed one opening the next, keeps it waiting', async () => {
    const id = behind(1000, awaitingRetry)
    const outcome = await wait('pending')
    expect(outcome.operations.map((o) => o.id)).toEqual([id])
    expect(clock.now() - start).toBeGreaterThanOrEqual(9000 - POLL)
  })

  it('a running operation listed at position 120 that is the newest by created_at keeps it waiting', async () => {
    const id = behind(
      119,
      [
        [0, 'running'],
        [8000, 'finished'],
      ],
      { shownCreatedAt: start },
    )
    const outcome = await wait('pending')
    expect(outcome.operations.map((o) => o.id)).toEqual([id])
    expect(clock.now() - start).toBeGreaterThanOrEqual(8000 - POLL)
  })

  it('one stuck in failed behind 450 records ends timed-out, and is in pending-operation-ids', async () => {
    const id = behind(450, [
      [0, 'running'],
      [-500, 'failed', { failures_count: 1 }],
    ])
    timeout(6000)
    const outcome = await wait('pending', { timeoutMs: 6000 })
    expect(outcome.status).toBe('timed-out')
    expect(outcome.pending).toEqual([id])
    expect(outcome.failure).toContain(`apply_config ${id} on branch`)
  })

  it('after the window, a poll reads the head down to a known record and the pending ones by id', async () => {
    platform.addHistory(project, 3000, 'check_availability', 10_000)
    const deep = behind(2500, [
      [0, 'running'],
      [20_000, 'finished'],
    ])
    let fresh: string | undefined
    platform.onRequest(() => {
      if (listRequests().length === 5 && fresh === undefined) fresh = op(steps([0, 'running'], [30_000, 'finished']))
    })
    const outcome = await wait('pending')
    expect(outcome.status).toBe('finished')
    expect(outcome.operations.map((o) => o.id).sort()).toEqual([deep, fresh].sort())
    expect(clock.now() - start).toBeGreaterThanOrEqual(30_000)
    const window = operationRequests().filter((r) => r.query.limit === '1000')
    expect(window.every((r) => r.at === start)).toBe(true)
    const later = operationRequests().filter((r) => r.at > start)
    const perRound = new Map<number, number>()
    for (const r of later) perRound.set(r.at, (perRound.get(r.at) ?? 0) + 1)
    expect([...perRound.values()].every((n) => n <= 10)).toBe(true)
    expect(later.filter((r) => r.path === listPath()).every((r) => r.query.limit === '100' && !r.query.cursor)).toBe(
      true,
    )
    expect(later.filter((r) => r.path.endsWith(deep)).length).toBeGreaterThan(0)
  })

  it('reads the last 7 days: a pending operation behind a whole page of older records is left out', async () => {
    const day = 86_400_000
    const old = platform.addOperation(project, { createdAt: start - 9 * day, status: 'running' })
    for (let i = 0; i < 1500; i++) platform.addOperation(project, { createdAt: start - 7 * day - 1000 - i * 1000 })
    for (let i = 0; i < 500; i++) platform.addOperation(project, { createdAt: start - 1000 - i * 1000 })
    const outcome = await wait('pending')
    expect(outcome).toMatchObject({ status: 'finished', operations: [], window: { records: 2000, end: 'days' } })
    // The window's two pages, then the head once more.
    expect(listRequests()).toHaveLength(3)
    expect(log.info).toContainEqual(expect.stringContaining(": the window's 7 days."))
    expect(platform.operation(old)!.status).toBe('running')
  })

  it('stops at the window of 25,000 records', async () => {
    platform.addHistory(project, 26_000, 'check_availability', 5000)
    const outcome = await wait('pending')
    expect(outcome).toMatchObject({ status: 'finished', window: { records: 25_000, end: 'records' } })
    expect(listRequests().filter((r) => r.query.limit === '1000')).toHaveLength(25)
  })

  it('a window cut short by congestion goes on from where it stopped', async () => {
    const id = behind(2500, [
      [0, 'running'],
      [30_000, 'finished'],
    ])
    platform.onRequest(() => {
      if (listRequests().length === 2) platform.inject({ path: listPath(), kind: 'status', status: 503, times: 1 })
    })
    const outcome = await wait('pending')
    expect(outcome.operations.map((o) => o.id)).toEqual([id])
    const window = listRequests().filter((r) => r.query.limit === '1000')
    expect(window.map((r) => r.status)).toEqual([200, 503, 200, 200, 200])
    expect(window[2]!.query.cursor).toBe(window[1]!.query.cursor)
  })

  it('a window that repeats a page is an error, never idle', async () => {
    behind(1500, [
      [0, 'running'],
      [8000, 'finished'],
    ])
    let head: OperationsPage | undefined
    rewriteListing(
      () => true,
      (page) => (head ??= page),
    )
    const outcome = await wait('pending')
    expect(outcome.status).toBe('error')
    expect(outcome.failure).toMatch(
      new RegExp(`holds only operations already read\\. The gate cannot tell whether project ${project} is idle`),
    )
  })

  it('an operation that starts at the head while a window of several pages is read keeps the gate waiting', async () => {
    platform.addHistory(project, 2500, 'check_availability', 10_000)
    let fresh: string | undefined
    platform.onRequest(() => {
      if (listRequests().length === 2 && fresh === undefined) fresh = op(steps([0, 'running'], [60_000, 'finished']))
    })
    const outcome = await wait('pending')
    expect(outcome.status).toBe('finished')
    expect(outcome.operations.map((o) => o.id)).toContain(fresh)
    expect(clock.now() - start).toBeGreaterThanOrEqual(60_000)
  })

  /** A running operation behind `newer` finished ones, a second apart; it runs a minute past now. */
  function runningBehind(newer: number): string {
    const start = clock.now()
    const pending = platform.addOperation(project, {
      createdAt: start - (newer + 1) * 1000,
      action: 'apply_config',
      timeline: [
        { afterMs: 0, status: 'running' },
        { afterMs: (newer + 1) * 1000 + 60_000, status: 'finished' },
      ],
    })
    for (let i = newer; i >= 1; i--) platform.addOperation(project, { createdAt: start - i * 1000 })
    return pending
  }

  it('one record dated 30 days ahead does not shrink the window: a pending operation at position 2,500 is counted', async () => {
    const day = 86_400_000
    const start = clock.now()
    const pending = runningBehind(2500)
    // One record whose created_at is off (the platform's clock, or a record of another source).
    platform.addOperation(project, { createdAt: start - 500, shownCreatedAt: start + 30 * day })
    const outcome = await wait('pending')
    expect(outcome.operations.map((o) => o.id)).toContain(pending)
  })

  it('copies of records read before do not count toward the window: pages that repeat them do not end it early', async () => {
    const pending = runningBehind(3000)
    platform.capOperationsPages(100)
    // A service (or a proxy) that repeats the page before with each page: every page has 100 new records.
    let previous: unknown[] = []
    platform.onRequest((entry) => {
      if (entry.path === `/projects/${project}/operations`)
        platform.inject({
          path: entry.path,
          kind: 'transform',
          transform: (body) => {
            const page = body as { operations: unknown[]; pagination?: unknown }
            const copies = Array.from({ length: 12 }, () => previous).flat()
            previous = page.operations
            return { ...page, operations: [...page.operations, ...copies] }
          },
        })
    })
    const outcome = await wait('pending')
    expect(outcome.operations.map((o) => o.id)).toContain(pending)
  })

  it('1,500 records arriving between two polls, more than a poll reads: the gate never passes over them', async () => {
    const start = clock.now()
    platform.addHistory(project, 500, 'check_availability', 10_000)
    // Pending in the window, so that the gate polls again.
    platform.addOperation(project, {
      createdAt: start - 9000,
      action: 'apply_config',
      timeline: [
        { afterMs: 0, status: 'running' },
        { afterMs: 16_000, status: 'finished' },
      ],
    })
    let running: string | undefined
    platform.onRequest((entry) => {
      // Before the first poll after the window: 1,500 new records arrived, one of them running.
      if (running === undefined && entry.path === `/projects/${project}/operations` && entry.query.limit === '100') {
        for (let i = 0; i < 1500; i++) {
          const createdAt = start - 8000 + i * 5 + 0
          if (i === 300)
            running = platform.addOperation(project, {
              createdAt,
              action: 'apply_config',
              timeline: [
                { afterMs: 0, status: 'running' },
                { afterMs: 600_000, status: 'finished' },
              ],
            })
          else platform.addOperation(project, { createdAt })
        }
      }
    })
    timeout(60_000)
    const outcome = await wait('pending', { timeoutMs: 60_000 })
    // Records it could not read down to known ground are never counted as idle.
    expect(outcome.status).toBe('timed-out')
    expect(running).toBeDefined()
  })

  it('with a branch, only that branch counts, and the branch is read once', async () => {
    const created = platform.createBranch(project, { endpoints: ['read_write'] })
    const elsewhere = op(steps([0, 'running'], [120_000, 'finished']), { branch_id: 'br-other-00000000' })
    const outcome = await wait('pending', { branchId: created.branch.id })
    expect(outcome.status).toBe('finished')
    expect(outcome.operations.map((o) => o.id).sort()).toEqual(created.operations.map((o) => o.id).sort())
    expect(outcome.operations.map((o) => o.id)).not.toContain(elsewhere)
    expect(platform.requests.filter((r) => r.path.includes('/branches/'))).toHaveLength(1)
  })

  it('without a branch, every pending operation of the project counts', async () => {
    platform.createBranch(project, { endpoints: ['read_write'] })
    const elsewhere = op(steps([0, 'running'], [120_000, 'finished']), { branch_id: 'br-other-00000000' })
    const outcome = await wait('pending')
    expect(outcome.operations.map((o) => o.id)).toContain(elsewhere)
    expect(clock.now() - start).toBeGreaterThanOrEqual(120_000)
  })

  it('a branch id that names no branch is an error, not an idle branch', async () => {
    const outcome = await wait('pending', { branchId: 'br-typo-00000000' })
    expect(outcome.status).toBe('error')
    expect(outcome.failure).toContain(`branch br-typo-00000000 in project ${project} was not found (404)`)
  })

  it('fails when an operation it waited for failed, with on-failed: fail', async () => {
    const bad = op(steps([0, 'running'], [6000, 'failed', { failures_count: 1 }]))
    const outcome = await wait('pending', { onFailed: 'fail' })
    expect(outcome.status).toBe('failed')
    expect(outcome.failed.map((o) => o.id)).toEqual([bad])
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
    const server = await stubServer((req, res) => {
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
    const stub = new PlatformClient({
      baseUrl: `${server.url}/api/v2`,
      apiKey: 'k',
      userAgent: 'test',
      clock,
      logger: log.logger,
      deadline: clock.now() + 600_000,
    })
    try {
      return await waitForOperations(
        { ...ctx, client: stub },
        {
          projectId: 'p-1',
          operations: { kind: 'ids', ids: awaited },
          pollIntervalMs: POLL,
          onFailed: 'wait',
          timeoutMs: 600_000,
          random: () => 0,
        },
      )
    } finally {
      await stub.close()
      await server.close()
    }
  }
  const others = (from: number) =>
    Array.from({ length: 100 }, (_, i) => `00000000-0000-4000-8000-${String(from + i).padStart(12, '0')}`)
  const awaited = ['aaaaaaaa-0000-4000-8000-000000000001', 'aaaaaaaa-0000-4000-8000-000000000002']

  it('a repeated cursor ends the listing with a warning naming it; the operations are then read one by one', async () => {
    const outcome = await misbehaving((cursor) => ({ ids: others(cursor ? 100 : 0), cursor: 'c-1' }), awaited)
    expect(outcome.status).toBe('finished')
    expect(log.warning).toEqual([
      'The platform handed out cursor "c-1" twice while listing the operations of project p-1. This poll stops listing there.',
    ])
  })

  it('a page that adds no new operation ends the listing with a warning naming its cursor', async () => {
    let n = 0
    const outcome = await misbehaving(() => ({ ids: others(0), cursor: `c-${++n}` }), awaited)
    expect(outcome.status).toBe('finished')
    expect(log.warning).toEqual([
      'The page of project p-1\'s operations after cursor "c-1" holds only operations already read. This poll stops listing there.',
    ])
  })
})
