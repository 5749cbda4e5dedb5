// src/commands/wait-for-operations.ts: the outputs and the job summary of a wait, word for word.
// In process, against the platform emulator over HTTP, with one manual clock for both.
import { describe, expect, it } from '@jest/globals'
import type { PlatformEmulator, RequestLogEntry } from '../../emulator/platform.ts'
import { PLATFORM_REFUSALS, type PlatformClient } from '../../src/api/client.ts'
import type { CommandContext } from '../../src/runner/context.ts'
import { runWaitForOperations } from '../../src/commands/wait-for-operations.ts'
import { commandSummary } from '../../src/step.ts'
import type { CapturedLog, ManualClock } from '../support/clock.ts'
import { POLL, waitsPerTest } from '../support/in-process.ts'

let platform: PlatformEmulator
let clock: ManualClock
let log: CapturedLog
let client: PlatformClient
/** The step's client as the run started it: `timeout()` gives the context one with a nearer deadline. */
let base: PlatformClient
let ctx: CommandContext
let project: string
let start: number

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

const requestId = (entry: RequestLogEntry | undefined) => entry?.headers['x-request-id']

describe('congestion (429, 503) never fails a poll round while the timeout allows', () => {
  it('congestion until the timeout is timed-out, with the ids still pending and the last answer', async () => {
    const id = op(steps([0, 'running']))
    platform.inject({
      path: `/projects/${project}/operations/${id}`,
      kind: 'status',
      status: 429,
      retryAfter: '3',
      times: 999,
    })
    client = client.withDeadline(clock.now() + 120_000)
    ctx = { ...ctx, client }
    const result = await runWaitForOperations(ctx, {
      projectId: project,
      operations: { kind: 'ids', ids: [id] },
      pollIntervalMs: POLL,
      onFailed: 'wait',
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
  it('a key revoked during the wait is error; the summary says the step could not look, with the last statuses read', async () => {
    const admin = platform.addKey('revoked-midway')
    client = client.withApiKey(admin.key, PLATFORM_REFUSALS[401].stepKey)
    ctx = { ...ctx, client }
    const id = op(steps([0, 'running'], [60_000, 'failed']))
    const revoker = (async () => {
      while (clock.sleeps.length < 2) await new Promise((r) => setImmediate(r))
      const other = platform.addKey('other').key
      await fetch(`${platform.url}/api_keys/${admin.id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${other}` },
      })
    })()
    const result = await runWaitForOperations(ctx, {
      projectId: project,
      operations: { kind: 'ids', ids: [id] },
      pollIntervalMs: POLL,
      onFailed: 'wait',
      timeoutMs: 600_000,
      random: () => 0,
    })
    await revoker
    expect(result.outputs.status).toBe('error')
    expect(result.failedRequest?.status).toBe(401)
    expect(result.outputs['failed-operation-ids']).toBe('[]')
    expect(JSON.parse(result.outputs['pending-operation-ids']!)).toEqual([id])
    const summary = commandSummary(result)
    expect(summary).toMatch(/^<h3>❌ Could not find out whether the operations finished: project /)
    expect(summary).toContain('<td>401</td>')
    expect(summary).toContain('⏳ running')
    expect(summary).not.toContain('Operations failed')
    // Never words that read as "nothing went wrong".
    expect(summary).not.toMatch(/[Nn]othing says/)
  })
})

describe('the lines of a wait', () => {
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
})

describe('pacing and the deadline', () => {
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
    // The failure and what to do say the rest, right below the heading.
    expect(result.summary).toContain('<p>Status timed-out.</p>\n')
  })
})

describe('congestion', () => {
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
      `<h3>Timed out waiting for operations: project ${project}</h3>\n<p>Status timed-out.</p>\n`,
    )
  })
})

describe('the idle gate', () => {
  it('an empty project is idle at once, and the summary says there was nothing pending', async () => {
    const result = await runWaitForOperations(ctx, options('pending'))
    expect(log.info).toEqual([
      `Waiting until project ${project} has no pending operation, polling every 5 s.`,
      `Read 0 operation(s) of project ${project}: the whole list.`,
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
    expect(result.summary).toBe(
      `<h3>Operations finished: project ${project}</h3>\n<p>Status finished: no pending operation.</p>\n` +
        `<p>Read 0 operation(s) of project ${project}: the whole list.</p>\n`,
    )
  })

  it("another branch's operation pending at the end of the list does not hold up a branch", async () => {
    const branch = platform.branches(project)[0]!.id
    op(steps([0, 'running'], [60_000, 'finished']), { branch_id: 'br-other-00000000' })
    const result = await runWaitForOperations(ctx, options('pending', { branchId: branch }))
    expect(log.info).toEqual([
      `Waiting until branch ${branch} of project ${project} has no pending operation, polling every 5 s.`,
      expect.stringMatching(
        new RegExp(`^Read 1 operation\\(s\\) of project ${project}, back to .* UTC: the whole list\\.$`),
      ),
      `Branch ${branch} of project ${project} has no pending operation.`,
    ])
    expect(platform.requests.map((r) => r.path)).toEqual([
      `/projects/${project}/branches/${branch}`,
      listPath(),
      listPath(),
    ])
    expect(result.summary).toMatch(
      new RegExp(
        `^<h3>Operations finished: branch ${branch} of project ${project}</h3>\n<p>Status finished: no pending operation.</p>\n` +
          `<p>Read 1 operation\\(s\\) of project ${project}, back to .* UTC: the whole list\\.</p>\n$`,
      ),
    )
  })
})

describe('results', () => {
  it('sets every output and writes the console-style summary table, even on failure', async () => {
    const bad = op(steps([0, 'running'], [6000, 'failed', { failures_count: 1 }]), { endpoint_id: 'ep-cool-1' })
    const result = await runWaitForOperations(ctx, {
      projectId: project,
      operations: { kind: 'ids', ids: [bad] },
      pollIntervalMs: POLL,
      onFailed: 'fail',
      timeoutMs: 600_000,
    })
    expect(result.outputs.status).toBe('failed')
    expect(JSON.parse(result.outputs['failed-operation-ids']!)).toEqual([bad])
    expect(JSON.parse(result.outputs.operations!)[0]).toMatchObject({
      id: bad,
      status: 'failed',
      endpoint_id: 'ep-cool-1',
    })
    expect(result.summary).toContain(
      '<tr><th>operation</th><th>action</th><th>branch</th><th>compute</th><th>status</th><th>duration</th><th>date</th></tr>',
    )
    expect(result.summary).toContain('<td>ep-cool-1</td>')
    expect(result.summary).toContain('❌ failed')
    expect(result.failure).toContain(bad)
    // A failed operation is no failed request: no http-status.
    expect(result.failedRequest).toBeUndefined()
    expect(commandSummary(result)).toContain('Operations failed')
  })
})

describe('outcomes and summaries', () => {
  it('several failures are named one after the other', async () => {
    const ok = op(steps([0, 'finished']))
    const a = op(steps([0, 'failed', { failures_count: 1 }]))
    const b = op(steps([0, 'error', { failures_count: 2, error: 'disk full' }]), { action: 'apply_config' })
    const result = await runWaitForOperations(ctx, options([ok, a, b], { onFailed: 'fail' }))
    expect(result.outputs.status).toBe('failed')
    expect(result.outputs['pending-operation-ids']).toBe('[]')
    expect(result.failure).toBe(
      `2 of 3 operation(s) did not succeed: ${a} (create_branch, branch br-main-1): failed, failures_count 1; ` +
        `${b} (apply_config, branch br-main-1): error, failures_count 2, error "disk full".`,
    )
    expect(result.summary).toContain('<p>Status failed.</p>\n')
  })

  it('on-failed: wait, the summary says which operations failed, how many times, and where they ended', async () => {
    const retried = op(steps([0, 'running'], [3000, 'failed'], [8000, 'running'], [14_000, 'finished']))
    const stuck = op(steps([0, 'failed', { failures_count: 2, retry_at: '2026-11-21T10:09:00Z' }]), {
      action: 'apply_config',
    })
    timeout(60_000)
    const result = await runWaitForOperations(ctx, options([retried, stuck], { timeoutMs: 60_000 }))
    expect(result.outputs.status).toBe('timed-out')
    expect(JSON.parse(result.outputs['pending-operation-ids']!)).toEqual([stuck])
    expect(result.outputs['failed-operation-ids']).toBe('[]')
    expect(result.summary).toContain(
      `<p>Operation <code>${retried}</code> (create_branch, branch br-main-1) failed 1 time, was retried by the ` +
        'platform, and ended finished.</p>\n' +
        `<p>Operation <code>${stuck}</code> (apply_config, branch br-main-1) failed 2 times, and the platform may ` +
        'retry it (retry_at 2026-11-21T10:09:00Z). It was still failed when the step ended.</p>\n',
    )
    expect(result.summary).toContain('⏳ failed')
  })

  it('every operation succeeded', async () => {
    const id = op(steps([0, 'finished']))
    const result = await runWaitForOperations(ctx, options([id]))
    expect(result.summary).toMatch(
      new RegExp(
        `^<h3>Operations finished: project ${project}</h3>\n<p>Status finished: every operation succeeded\\.</p>\n<table>`,
      ),
    )
  })

  it('an empty list of ids: nothing to wait for', async () => {
    const result = await runWaitForOperations(ctx, options([]))
    expect(log.info).toEqual(['Nothing to wait for: `operation-ids` is an empty list.'])
    expect(result.summary).toBe(
      `<h3>Operations finished: project ${project}</h3>\n<p>Status finished: no operation to wait for.</p>\n`,
    )
    expect(result.outputs).toMatchObject({ status: 'finished', operations: '[]', 'pending-operation-ids': '[]' })
    expect(platform.requests).toHaveLength(0)
  })

  it('no answer at all is error, naming the kind of failure, with nothing read', async () => {
    const id = op(steps([0, 'running']))
    platform.inject({ path: `${listPath()}/${id}`, kind: 'drop', when: 'before', times: 99 })
    const result = await runWaitForOperations(ctx, options([id]))
    expect(result.outputs.status).toBe('error')
    const failed = result.failedRequest!
    expect(failed.kind).toBe('network')
    expect(result.summary).toBe(
      `<h3>Could not find out whether the operations finished: project ${project}</h3>\n<p>Status error.</p>\n`,
    )
  })

  it('an error after a status was read shows that last status', async () => {
    const id = op(steps([0, 'running']))
    platform.onRequest(() => {
      if (operationRequests().length === 2)
        platform.inject({ path: `${listPath()}/${id}`, kind: 'status', status: 404 })
    })
    const result = await runWaitForOperations(ctx, options([id]))
    expect(result.outputs.status).toBe('error')
    expect(result.summary).toContain('<p>Status error. The statuses below are the last ones read.</p>\n<table>')
  })
})

describe('ids and what the platform answers for them', () => {
  it('an unknown operation id fails at once, naming it: status error, with the failed request', async () => {
    const missing = '4d3c2b1a-0000-4000-8000-00000000abcd'
    const result = await runWaitForOperations(ctx, options([missing]))
    expect(result.failure).toContain(`operation ${missing} in project ${project} was not found (404)`)
    expect(platform.requests.filter((r) => r.path.endsWith(missing))).toHaveLength(1)
    expect(result.failedRequest?.status).toBe(404)
    expect(result.outputs).toMatchObject({ status: 'error', 'pending-operation-ids': JSON.stringify([missing]) })
  })
})

describe('an operation of the whole project has no branch_id, as the platform description allows', () => {
  it('a gate on a branch waits for it too, and fails closed when it fails', async () => {
    const branch = platform.branches(project)[0]!.id
    const storage = platform.addOperation(project, {
      action: 'apply_storage_config',
      branch_id: null,
      timeline: [
        { afterMs: 0, status: 'running' },
        { afterMs: 60_000, status: 'error', failures_count: 1, error: 'storage controller unavailable' },
      ],
    })
    expect(platform.operation(storage)).not.toHaveProperty('branch_id')

    const gate = await runWaitForOperations(ctx, options('pending', { branchId: branch }))
    expect(gate.outputs.status).toBe('failed')
    expect(JSON.parse(gate.outputs['failed-operation-ids']!)).toEqual([storage])
    expect(gate.failure).toContain(`${storage} (apply_storage_config, the whole project): error`)
    expect(log.info).toContain(`apply_storage_config ${storage} on the whole project: running`)
    // The summary's branch cell says there is none.
    expect(gate.summary).toContain(`<td><code>${storage}</code></td><td>apply_storage_config</td><td>—</td><td>—</td>`)
  })

  it('a gate on a branch that waits for one, then reads its later copies with another branch, sees it end', async () => {
    const branch = platform.branches(project)[0]!.id
    const config = op(steps([0, 'running'], [15_000, 'finished']), {
      action: 'apply_config',
      branch_id: 'br-other-00000000',
    })
    // The first list leaves out the operation's branch_id: it is of the whole project, and the gate waits for it.
    platform.inject({
      method: 'GET',
      path: listPath(),
      kind: 'transform',
      transform: (body) => {
        const page = body as { operations: Array<{ id: string }> }
        return { ...page, operations: page.operations.map((o) => (o.id === config ? { ...o, branch_id: '' } : o)) }
      },
    })
    const gate = await runWaitForOperations(ctx, options('pending', { branchId: branch }))
    expect(gate.failure).toBeUndefined()
    expect(gate.outputs.status).toBe('finished')
    expect(log.info).toContain(`apply_config ${config} on the whole project: running`)
    expect(log.info).toContain(`apply_config ${config} on branch br-other-00000000: running → finished after 15 s`)
  })

  it('waited for by id, it is read like any other', async () => {
    const storage = platform.addOperation(project, {
      action: 'apply_storage_config',
      branch_id: null,
      status: 'finished',
    })
    const result = await runWaitForOperations(ctx, options([storage]))
    expect(result.failure).toBeUndefined()
    expect(result.outputs.status).toBe('finished')
    expect(JSON.parse(result.outputs.operations!)).toEqual([
      expect.not.objectContaining({ branch_id: expect.anything() }),
    ])
  })
})

describe('a listing that shows one operation twice, settled differently, counts its least settled copy', () => {
  /** Every page of the project's operations shows `id` as finished, then again as `status`. */
  function twice(id: string, status: string) {
    platform.inject({
      method: 'GET',
      path: listPath(),
      kind: 'transform',
      times: 1000,
      transform: (body) => {
        const { operations } = body as { operations: Array<{ id: string }> }
        const shown = operations.flatMap((o) =>
          o.id === id
            ? [
                { ...o, status: 'finished' },
                { ...o, status },
              ]
            : [o],
        )
        return { ...(body as object), operations: shown }
      },
    })
  }

  it('awaited by id, finished and error: the gate fails', async () => {
    const done = op(steps([0, 'finished']))
    const doubtful = op(steps([0, 'finished']))
    twice(doubtful, 'error')
    timeout(30_000)
    const result = await runWaitForOperations(ctx, options([done, doubtful], { timeoutMs: 30_000 }))
    expect(result.outputs.status).toBe('failed')
    expect(JSON.parse(result.outputs['failed-operation-ids']!)).toEqual([doubtful])
  })

  it('pending, finished and running: the gate does not pass', async () => {
    const doubtful = op(steps([0, 'running']))
    twice(doubtful, 'running')
    timeout(30_000)
    const result = await runWaitForOperations(ctx, options('pending', { timeoutMs: 30_000 }))
    expect(result.outputs.status).toBe('timed-out')
    expect(JSON.parse(result.outputs['pending-operation-ids']!)).toEqual([doubtful])
  })
})

describe('text from the platform is bounded', () => {
  it('50 failed operations, each with 100 KB values: the error names the first 5 and counts the others; every line bounded', async () => {
    const ops = Array.from({ length: 50 }, () => op(steps([0, 'error'])))
    const huge = 'J'.repeat(100_000)
    platform.inject({
      path: listPath(),
      kind: 'rewrite',
      set: { action: huge, branch_id: huge, error: huge },
      times: 99,
    })
    const result = await runWaitForOperations(ctx, options(ops))
    expect(result.outputs.status).toBe('failed')
    expect(JSON.parse(result.outputs['failed-operation-ids']!)).toHaveLength(50)
    expect(result.failure).toMatch(
      /^50 of 50 operation\(s\) did not succeed: .*; and 45 more \(`failed-operation-ids` has them all\)\.$/,
    )
    expect(ops.filter((id) => result.failure!.includes(id))).toHaveLength(5)
    expect(
      Math.max(result.failure!.length, ...log.info.map((l) => l.length), ...log.warning.map((l) => l.length)),
    ).toBeLessThan(2500)
  })
})
