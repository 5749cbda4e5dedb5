// wait-for-operations as a workflow runs it. The action's waits cost no real time (virtual time), and the emulator's
// clock moves one second with each read of operations, so an operation that finishes "after 3 s" finishes on the 4th
// poll, however fast or slow the machine is. Hostile fields of the operations are kept as data.
// End to end: each step is a child process, as a runner starts it (scripts/run-step.ts), on the committed
// bundle dist/index.js (E2E_ENTRY=source runs src/index.ts instead), against the platform emulator.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import type { PlatformEmulator, TimelineStep } from '../../emulator/platform.ts'
import { errorLines, runStep, type StepResult } from '../../scripts/run-step.ts'
import { polledPlatform } from '../support/polled-platform.ts'
import { expectOnlyOwnCommands, HOSTILE, INVISIBLE, MARKDOWN, runnerLines } from '../support/injection.ts'

let platform: PlatformEmulator
let url: string
let key: string
let project: string

beforeEach(async () => {
  platform = polledPlatform()
  url = await platform.start()
  key = platform.addKey('admin').key
  project = platform.addProject().id
  platform.addHistory(project, 200)
})

afterEach(async () => {
  await platform.stop()
})

function branchCreation(finishAfterMs: number) {
  const branch = 'br-feature-1'
  const create = platform.addOperation(project, {
    action: 'create_branch',
    branch_id: branch,
    timeline: [
      { afterMs: 0, status: 'running' },
      { afterMs: finishAfterMs, status: 'finished' },
    ],
  })
  const start = platform.addOperation(project, {
    action: 'start_compute',
    branch_id: branch,
    endpoint_id: 'ep-feature-1',
    timeline: [
      { afterMs: 0, status: 'scheduling' },
      { afterMs: finishAfterMs / 2, status: 'running' },
      { afterMs: finishAfterMs, status: 'finished' },
    ],
  })
  return [create, start]
}

const wait = (inputs: Record<string, string>) =>
  runStep({
    command: 'wait-for-operations',
    'api-key': key,
    'api-host': url,
    'project-id': project,
    'poll-interval': '1',
    ...inputs,
  })

describe('operation-ids forms', () => {
  it.each([
    ['commas', (ids: string[]) => ids.join(',')],
    ['spaces', (ids: string[]) => ids.join(' ')],
    ['new lines', (ids: string[]) => `${ids.join('\n')}\n`],
    ['a JSON array of ids', (ids: string[]) => JSON.stringify(ids)],
    [
      'the operations array of a mutating response',
      (ids: string[]) =>
        JSON.stringify(
          ids.map((id) => ({
            id,
            project_id: 'p',
            branch_id: 'b',
            action: 'create_branch',
            status: 'running',
            failures_count: 0,
          })),
        ),
    ],
  ])('waits on ids given as %s', async (_, format) => {
    const ids = branchCreation(3000)
    const step = await wait({ 'operation-ids': format(ids) })
    expect(errorLines(step.stdout)).toEqual([])
    expect(step.code).toBe(0)
    expect(step.outputs.status).toBe('finished')
    expect(JSON.parse(step.outputs.operations!).map((o: { id: string }) => o.id)).toEqual(ids)
    expect(step.outputs['failed-operation-ids']).toBe('[]')
  })
})

describe('results', () => {
  it('a finished wait writes the console-style table to the job summary', async () => {
    const ids = branchCreation(4000)
    const step = await wait({ 'operation-ids': ids.join(',') })
    expect(step.summary).toContain('Operations finished')
    expect(step.summary).toContain(
      '<th>operation</th><th>action</th><th>branch</th><th>compute</th><th>status</th><th>duration</th><th>date</th>',
    )
    expect(step.summary).toContain('<td>ep-feature-1</td>')
    // Every poll of the step reuses one keep-alive connection.
    expect(platform.requests.length).toBeGreaterThan(2)
    expect(platform.connections).toBe(1)
    // One log line per change of status.
    expect(step.stdout.match(new RegExp(`${ids[0]} on branch br-feature-1: running → finished`, 'g'))).toHaveLength(1)
  })

  it('with on-failed: fail, a failed operation fails the step, names it, and still sets every output', async () => {
    const ok = platform.addOperation(project, { action: 'create_branch', branch_id: 'br-x', status: 'finished' })
    const bad = platform.addOperation(project, {
      action: 'apply_config',
      branch_id: 'br-x',
      timeline: [
        { afterMs: 0, status: 'running' },
        { afterMs: 2000, status: 'failed', failures_count: 2, error: 'database "app" already exists' },
      ],
    })
    const step = await wait({ 'operation-ids': `${ok},${bad}`, 'on-failed': 'fail' })
    expect(step.code).toBe(1)
    const errors = errorLines(step.stdout)
    expect(errors).toEqual([
      `::error::1 of 2 operation(s) did not succeed: ${bad} (apply_config, branch br-x): failed, failures_count 2, error "database \\"app\\" already exists".`,
    ])
    expect(step.outputs.status).toBe('failed')
    expect(JSON.parse(step.outputs['failed-operation-ids']!)).toEqual([bad])
    expect(JSON.parse(step.outputs.operations!)).toHaveLength(2)
    // What to do about operations that failed, pointing at the table that follows.
    const next =
      '<p>The table below gives each operation&#39;s last status, and the console gives its error. ' +
      'Fix the cause and run the job again. A later step can read <code>failed-operation-ids</code>.</p>'
    expect(step.summary).toContain(next)
    expect(step.summary.indexOf('<table>')).toBeGreaterThan(step.summary.indexOf(next))
    expect(step.summary).not.toContain('above')
  })

  it('times out within `timeout`, naming what is pending, with status timed-out', async () => {
    const stuck = platform.addOperation(project, { action: 'start_compute', branch_id: 'br-y', status: 'scheduling' })
    const step = await wait({ 'operation-ids': stuck, timeout: '5' })
    expect(step.code).toBe(1)
    // A request in flight when time runs out adds a clause: the message is not anchored at its end.
    expect(errorLines(step.stdout)[0]).toMatch(
      new RegExp(
        `^::error::The step's \`timeout\` of 5 s ran out with 1 operation\\(s\\) not finished: start_compute ${stuck} on branch br-y is scheduling\\.`,
      ),
    )
    expect(step.outputs.status).toBe('timed-out')
  })

  it('an unknown operation id fails at once, naming it: status error, with the failed request', async () => {
    const missing = '4d3c2b1a-0000-4000-8000-00000000abcd'
    const step = await wait({ 'operation-ids': missing })
    expect(errorLines(step.stdout)).toEqual([
      expect.stringContaining(`operation ${missing} in project ${project} was not found (404)`),
    ])
    expect(platform.requests.filter((r) => r.path.endsWith(missing))).toHaveLength(1)
    expect(step.outputs).toMatchObject({
      status: 'error',
      'http-status': '404',
      'pending-operation-ids': JSON.stringify([missing]),
    })
  })

  it('a bad operation id is refused before any request', async () => {
    const step = await wait({ 'operation-ids': 'not-a-uuid' })
    expect(errorLines(step.stdout)).toEqual([
      '::error::Input `operation-ids` holds "not-a-uuid", which is not an operation id (a UUID).',
    ])
    expect(platform.requests).toHaveLength(0)
  })

  it('the idle gate waits for a retried failed operation behind 300 newer records, and says how far back it read', async () => {
    const now = platform.now()
    const retried = platform.addOperation(project, {
      action: 'apply_config',
      createdAt: now - 301_000,
      timeline: [
        { afterMs: 0, status: 'running' },
        { afterMs: 300_000, status: 'failed' },
        { afterMs: 304_000, status: 'running' },
        { afterMs: 306_000, status: 'finished' },
      ],
    })
    for (let i = 300; i >= 1; i--) platform.addOperation(project, { createdAt: now - i * 1000 })
    const step = await wait({ 'operation-ids': 'pending' })
    expect([step.code, step.outputs.status, errorLines(step.stdout)]).toEqual([0, 'finished', []])
    expect(JSON.parse(step.outputs.operations!).map((o: { id: string }) => o.id)).toEqual([retried])
    const read = new RegExp(
      `Read 501 operation\\(s\\) of project ${project}, back to \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC: the whole list\\.`,
    )
    expect(step.stdout).toMatch(read)
    expect(step.summary).toMatch(read)
    expect(platform.operation(retried)!.status).toBe('finished')
  })

  it('the idle gate waits for the pending operations of the project', async () => {
    const ids = branchCreation(4000)
    const step = await wait({ 'operation-ids': 'pending' })
    expect(step.code).toBe(0)
    expect(
      JSON.parse(step.outputs.operations!)
        .map((o: { id: string }) => o.id)
        .sort(),
    ).toEqual([...ids].sort())
  })
})

describe('a gate that fails closed', () => {
  it.each([
    ['missing', {}],
    ['empty, as a mistyped expression gives it', { 'operation-ids': '' }],
    ['blank', { 'operation-ids': ' \n ' }],
  ])('operation-ids %s is an input error, `status: error`, and no request is sent', async (_, inputs) => {
    platform.addOperation(project, { action: 'apply_config', timeline: [{ afterMs: 0, status: 'failed' }] })
    const step = await wait(inputs)
    expect(step.code).toBe(1)
    expect(errorLines(step.stdout)).toEqual([
      expect.stringMatching(
        /^::error::Input `operation-ids` is empty\. Say what to wait for: the operation ids, .* or the word `pending`/,
      ),
    ])
    expect(platform.requests).toHaveLength(0)
    expect(step.outputs).toEqual({ status: 'error' })
  })

  it.each([[','], [' , \n , ']])(
    'operation-ids of separators only (%j), as two mistyped expressions give it, is an input error',
    async (raw) => {
      platform.addOperation(project, { action: 'apply_config', timeline: [{ afterMs: 0, status: 'failed' }] })
      const step = await wait({ 'operation-ids': raw })
      expect(step.code).toBe(1)
      expect(errorLines(step.stdout)).toEqual([
        '::error::Input `operation-ids` holds separators but no id. Write `[]` when there is nothing to wait for; ' +
          'a mistyped expression gives an empty piece, so the step does not guess.',
      ])
      expect(platform.requests).toHaveLength(0)
    },
  )

  it('[] has nothing to wait for: it succeeds at once, with no request', async () => {
    const step = await wait({ 'operation-ids': '[]' })
    expect(errorLines(step.stdout)).toEqual([])
    expect(step.code).toBe(0)
    expect(step.outputs).toMatchObject({ status: 'finished', operations: '[]', 'pending-operation-ids': '[]' })
    expect(step.stdout).toContain('Nothing to wait for: `operation-ids` is an empty list.')
    expect(platform.requests).toHaveLength(0)
  })

  it('pending with branch-id waits for that branch, not another; without it, for the whole project', async () => {
    const created = platform.createBranch(project, { endpoints: ['read_write'] })
    const stuck = platform.addOperation(project, {
      action: 'apply_config',
      branch_id: 'br-other-00000000',
      status: 'running',
    })

    const branch = await wait({ 'operation-ids': 'pending', 'branch-id': created.branch.id })
    expect(errorLines(branch.stdout)).toEqual([])
    expect(branch.outputs.status).toBe('finished')
    expect(
      JSON.parse(branch.outputs.operations!)
        .map((o: { id: string }) => o.id)
        .sort(),
    ).toEqual(created.operations.map((o) => o.id).sort())
    expect(branch.stdout).toContain(
      `Waiting until branch ${created.branch.id} of project ${project} has no pending operation`,
    )
    expect(branch.summary).toContain(`Operations finished: branch ${created.branch.id} of project ${project}`)

    const whole = await wait({ 'operation-ids': 'pending', timeout: '30' })
    expect(whole.code).toBe(1)
    expect(whole.outputs.status).toBe('timed-out')
    expect(JSON.parse(whole.outputs['pending-operation-ids']!)).toEqual([stuck])
  })

  describe('an operation of the whole project has no branch_id, as the platform description allows', () => {
    it('a gate on a branch waits for it too, and fails closed when it fails', async () => {
      const created = platform.createBranch(project, { endpoints: ['read_write'] })
      const storage = platform.addOperation(project, {
        action: 'apply_storage_config',
        branch_id: null,
        timeline: [
          { afterMs: 0, status: 'running' },
          { afterMs: 60_000, status: 'error', failures_count: 1, error: 'storage controller unavailable' },
        ],
      })
      expect(platform.operation(storage)).not.toHaveProperty('branch_id')

      const gate = await wait({ 'operation-ids': 'pending', 'branch-id': created.branch.id })
      expect(gate.code).toBe(1)
      expect(gate.outputs.status).toBe('failed')
      expect(JSON.parse(gate.outputs['failed-operation-ids']!)).toEqual([storage])
      expect(errorLines(gate.stdout).join('\n')).toContain(
        `${storage} (apply_storage_config, the whole project): error`,
      )
      expect(gate.stdout).toContain(`apply_storage_config ${storage} on the whole project: running`)
      // The summary's branch cell says there is none.
      expect(gate.summary).toMatch(
        new RegExp(`<td><code>${storage}</code></td><td>apply_storage_config</td><td>—</td><td>—</td>`),
      )
    })

    it('a gate on a branch that waits for one, then reads its later copies with another branch, sees it end', async () => {
      const branch = platform.branches(project)[0]!.id
      const config = platform.addOperation(project, {
        action: 'apply_config',
        branch_id: 'br-other-00000000',
        timeline: [
          { afterMs: 0, status: 'running' },
          { afterMs: 3000, status: 'finished' },
        ],
      })
      // The first list leaves out the operation's branch_id: it is of the whole project, and the gate waits for it.
      platform.inject({
        method: 'GET',
        path: new RegExp(`^/projects/${project}/operations$`),
        kind: 'transform',
        transform: (body) => {
          const page = body as { operations: Array<{ id: string }> }
          return { ...page, operations: page.operations.map((o) => (o.id === config ? { ...o, branch_id: '' } : o)) }
        },
      })
      const gate = await wait({ 'operation-ids': 'pending', 'branch-id': branch, timeout: '60' })
      expect(errorLines(gate.stdout)).toEqual([])
      expect(gate.outputs.status).toBe('finished')
      expect(gate.stdout).toContain(`apply_config ${config} on the whole project: running`)
      expect(gate.stdout).toContain(`apply_config ${config} on branch br-other-00000000: running → finished after 3 s`)
    })

    it('waited for by id, it is read like any other', async () => {
      const storage = platform.addOperation(project, {
        action: 'apply_storage_config',
        branch_id: null,
        status: 'finished',
      })
      const result = await wait({ 'operation-ids': storage })
      expect(errorLines(result.stdout)).toEqual([])
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
        path: new RegExp(`^/projects/${project}/operations$`),
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
      const done = platform.addOperation(project, { status: 'finished' })
      const doubtful = platform.addOperation(project, { status: 'finished' })
      twice(doubtful, 'error')
      const step = await wait({ 'operation-ids': JSON.stringify([done, doubtful]), timeout: '30' })
      expect(step.code).toBe(1)
      expect(step.outputs.status).toBe('failed')
      expect(JSON.parse(step.outputs['failed-operation-ids']!)).toEqual([doubtful])
    })

    it('pending, finished and running: the gate does not pass', async () => {
      const doubtful = platform.addOperation(project, { status: 'running' })
      twice(doubtful, 'running')
      const step = await wait({ 'operation-ids': 'pending', timeout: '30' })
      expect(step.code).toBe(1)
      expect(step.outputs.status).toBe('timed-out')
      expect(JSON.parse(step.outputs['pending-operation-ids']!)).toEqual([doubtful])
    })
  })

  it('pending with a branch-id that names no branch fails: status error, 404', async () => {
    const step = await wait({ 'operation-ids': 'pending', 'branch-id': 'br-typo-00000000' })
    expect(step.code).toBe(1)
    expect(errorLines(step.stdout)).toEqual([
      expect.stringContaining(`branch br-typo-00000000 in project ${project} was not found (404)`),
    ])
    expect(step.outputs).toMatchObject({ status: 'error', 'http-status': '404' })
  })
})

describe('on-failed: a failed operation, which the platform may retry', () => {
  /** An apply_config on br-x: `failed` after 2 s, then as `then` says. */
  const failing = (...then: TimelineStep[]) =>
    platform.addOperation(project, {
      action: 'apply_config',
      branch_id: 'br-x',
      timeline: [
        { afterMs: 0, status: 'running' },
        { afterMs: 2000, status: 'failed', error: 'compute endpoint is not reachable' },
        ...then,
      ],
    })

  it('wait (the default): running → failed → running → finished passes, and the log and summary say it failed once', async () => {
    const id = failing({ afterMs: 4000, status: 'running' }, { afterMs: 6000, status: 'finished' })
    const step = await wait({ 'operation-ids': id })
    expect(errorLines(step.stdout)).toEqual([])
    expect(step.code).toBe(0)
    expect(step.outputs).toMatchObject({ status: 'finished', 'failed-operation-ids': '[]' })
    expect(step.stdout).toContain(
      `apply_config ${id} on branch br-x: running → failed. It failed 1 time, and the platform may retry it ` +
        '(retry_at 2026-11-21T10:00:04Z): the gate waits until it ends.\n',
    )
    expect(step.stdout).toContain(`apply_config ${id} on branch br-x: failed → running (1 failure)\n`)
    expect(step.summary).toContain(
      `<p>Operation <code>${id}</code> (apply_config, branch br-x) failed 1 time, was retried by the platform, and ended finished.</p>`,
    )
  })

  it('wait: failed → error fails when it ends, naming the operation', async () => {
    const id = failing({ afterMs: 5000, status: 'error', error: 'no capacity in region' })
    const step = await wait({ 'operation-ids': id })
    expect(step.code).toBe(1)
    expect(errorLines(step.stdout)).toEqual([
      `::error::1 of 1 operation(s) did not succeed: ${id} (apply_config, branch br-x): error, failures_count 1, error "no capacity in region".`,
    ])
    expect(step.stdout).toContain(`apply_config ${id} on branch br-x: failed → error after 5 s (1 failure)`)
    expect(step.outputs).toMatchObject({ status: 'failed', 'failed-operation-ids': JSON.stringify([id]) })
  })

  it("fail: fails at the first failed, as the vendor's SDK does", async () => {
    const id = failing({ afterMs: 4000, status: 'running' }, { afterMs: 6000, status: 'finished' })
    const step = await wait({ 'operation-ids': id, 'on-failed': 'fail' })
    expect(step.code).toBe(1)
    expect(errorLines(step.stdout)).toEqual([
      `::error::1 of 1 operation(s) did not succeed: ${id} (apply_config, branch br-x): failed, failures_count 1, error "compute endpoint is not reachable".`,
    ])
    expect(step.stdout).not.toContain('failed → running')
    expect(step.outputs.status).toBe('failed')
  })

  it('wait: still failed when `timeout` runs out, the error says how many times it failed', async () => {
    const id = failing()
    const step = await wait({ 'operation-ids': id, timeout: '10' })
    expect(step.code).toBe(1)
    expect(errorLines(step.stdout)[0]).toMatch(
      new RegExp(
        `^::error::The step's \`timeout\` of 10 s ran out with 1 operation\\(s\\) not finished: apply_config ${id} on ` +
          'branch br-x is failed: it failed 1 time and was not finished within `timeout`, and the platform may retry it\\.',
      ),
    )
    expect(step.outputs).toMatchObject({
      status: 'timed-out',
      'failed-operation-ids': '[]',
      'pending-operation-ids': JSON.stringify([id]),
    })
  })

  it('anything but wait or fail is an input error naming the input, and no request is sent', async () => {
    const step = await wait({ 'operation-ids': failing(), 'on-failed': 'retry' })
    expect(step.code).toBe(1)
    expect(errorLines(step.stdout)).toEqual([
      expect.stringMatching(/^::error::Input `on-failed` is "retry": it must be `wait`/),
    ])
    expect(platform.requests).toHaveLength(0)
  })
})

describe('congestion and the outputs that say why', () => {
  it('429s never fail a poll round while the timeout allows', async () => {
    const ids = branchCreation(3000)
    platform.inject({
      path: /^\/projects\/[^/]+\/operations$/,
      kind: 'status',
      status: 429,
      retryAfter: '11',
      times: 6,
    })
    const step = await wait({ 'operation-ids': ids.join(','), timeout: '600' })
    expect(errorLines(step.stdout)).toEqual([])
    expect(step.code).toBe(0)
    expect(step.outputs.status).toBe('finished')
    expect(step.outputs['http-status']).toBeUndefined()
    expect(step.stdout.split('\n').filter((l) => l.startsWith('::warning::'))).toEqual([
      expect.stringMatching(
        /^::warning::The platform answered 429 \(too many requests, Retry-After 11 s; request id [0-9a-f-]{36}\)/,
      ),
    ])
    expect(platform.requests.filter((r) => r.status === 429)).toHaveLength(6)
  })

  it('423 Locked (another operation holds the project) never fails a poll round while the timeout allows', async () => {
    const ids = branchCreation(3000)
    platform.inject({ path: /^\/projects\/[^/]+\/operations$/, kind: 'status', status: 423, times: 8 })
    const step = await wait({ 'operation-ids': ids.join(','), timeout: '600' })
    expect(errorLines(step.stdout)).toEqual([])
    expect(step.code).toBe(0)
    expect(step.outputs.status).toBe('finished')
    expect(step.stdout.split('\n').filter((l) => l.startsWith('::warning::'))).toEqual([
      expect.stringMatching(
        /^::warning::The platform answered 423 \(locked: another operation holds the project; request id /,
      ),
    ])
    expect(platform.requests.filter((r) => r.status === 423)).toHaveLength(8)
  })

  it('a refused key is status error, with http-status and request-id; a failed operation is status failed, without them', async () => {
    const ids = branchCreation(2000)
    const refused = await wait({ 'operation-ids': ids.join(','), 'api-key': 'napi_not_a_key' })
    expect(refused.code).toBe(1)
    expect(refused.outputs).toMatchObject({ status: 'error', 'http-status': '401', 'failed-operation-ids': '[]' })
    expect(refused.outputs['request-id']).toMatch(/^[0-9a-f-]{36}$/)
    expect(refused.summary).toContain('Could not find out whether the operations finished')
    expect(refused.summary).not.toContain('Operations failed')
    // The verdict, then the failure said once, then the request it failed on, its id once.
    expect(refused.summary).toMatch(/^<h3>❌ Could not find out whether the operations finished: project /)
    expect(refused.summary.split('The platform refused the API key (401 Unauthorized)')).toHaveLength(2)
    expect(refused.summary.split(refused.outputs['request-id']!)).toHaveLength(2)
    expect(refused.summary).not.toContain('Nothing says')
    expect(refused.summary).toContain(
      `<tr><td>401</td><td>—</td><td><code>${refused.outputs['request-id']}</code></td></tr>`,
    )

    const bad = platform.addOperation(project, { action: 'apply_config', timeline: [{ afterMs: 0, status: 'error' }] })
    const failed = await wait({ 'operation-ids': bad })
    expect(failed.outputs).toMatchObject({ status: 'failed', 'failed-operation-ids': JSON.stringify([bad]) })
    expect(failed.outputs['http-status']).toBeUndefined()
    expect(failed.summary).toContain('Operations failed')
  })

  it('every command sets http-status, error-code and request-id when a request fails', async () => {
    const keys = await runStep({ command: 'list-keys', 'api-key': 'napi_not_a_key', 'api-host': url })
    expect(keys.code).toBe(1)
    expect(keys.outputs['http-status']).toBe('401')
    expect(keys.outputs['request-id']).toMatch(/^[0-9a-f-]{36}$/)

    platform.inject({
      path: '/api_keys/123456',
      kind: 'status',
      status: 404,
      body: JSON.stringify({ code: 'API_KEY_NOT_FOUND', message: 'no such key', request_id: 'req-from-the-service' }),
      contentType: 'application/json',
    })
    const revoke = await runStep({ command: 'revoke-key', 'key-id': '123456', 'api-key': key, 'api-host': url })
    expect(revoke.code).toBe(1)
    expect(revoke.outputs).toMatchObject({
      'http-status': '404',
      'error-code': 'API_KEY_NOT_FOUND',
      'request-id': 'req-from-the-service',
    })
  })
})

describe('hostile values in the records the platform sends', () => {
  /** The step's key: a personal key of its own. */
  let admin: { id: number; key: string }
  beforeEach(() => {
    admin = platform.addKey('admin')
  })

  const step = (inputs: Record<string, string>, env?: Record<string, string>) =>
    runStep({ 'api-key': admin.key, 'api-host': url, ...inputs }, env ? { env } : {})

  /** Each piece of outside text is cut to a bound, so no log line grows with what the server sends. */
  function expectBoundedLines(result: StepResult, max = 2500): void {
    expect(Math.max(...runnerLines(result.stdout).map((l) => l.length))).toBeLessThan(max)
  }

  const VALUES = [HOSTILE, MARKDOWN]

  it.each(VALUES.map((v) => [v]))('every text field of a failed operation: %j', async (value) => {
    const project = platform.addProject().id
    // Failed (its retry_at in the log), then in error.
    const op = platform.addOperation(project, {
      endpoint_id: 'ep-1',
      timeline: [
        { afterMs: 0, status: 'failed' },
        { afterMs: 3000, status: 'error' },
      ],
    })
    platform.inject({
      path: /^\/projects\/[^/]+\/operations/,
      kind: 'rewrite',
      set: {
        action: value,
        branch_id: value,
        endpoint_id: value,
        error: value,
        project_id: value,
        created_at: value,
        updated_at: value,
        retry_at: value,
      },
      times: 99,
    })
    const result = await step({ command: 'wait-for-operations', 'project-id': project, 'operation-ids': op })
    expect(result.outputs.status).toBe('failed')
    expect(errorLines(result.stdout)).toHaveLength(1)
    expect(errorLines(result.stdout)[0]).toContain(`${op} (`)
    expectOnlyOwnCommands(result, admin.key)
  })

  it('an action and a branch holding a bidi override and other invisible characters are shown escaped, in the log and the summary', async () => {
    const project = platform.addProject().id
    const op = platform.addOperation(project, {
      timeline: [
        { afterMs: 0, status: 'running' },
        { afterMs: 2000, status: 'finished' },
      ],
    })
    // U+202E shows "apply\u202egifnoc" as "applyconfig".
    const value = `apply\u202egifnoc${INVISIBLE.join('')}`
    platform.inject({
      path: /^\/projects\/[^/]+\/operations/,
      kind: 'rewrite',
      set: { action: value, branch_id: value },
      times: 99,
    })
    const result = await step({ command: 'wait-for-operations', 'project-id': project, 'operation-ids': op })
    expect(result.outputs.status).toBe('finished')
    expect(result.stdout).toContain('apply\\u202egifnoc\\u202a\\u202b')
    expect(result.summary).toContain('<td>apply\\u202egifnoc\\u202a\\u202b')
    expect(INVISIBLE.filter((c) => result.stdout.includes(c) || result.summary.includes(c))).toEqual([])
    expectOnlyOwnCommands(result, admin.key)
  })

  it.each(VALUES.map((v) => [v]))(
    'an operation whose id and status are hostile: a record of another, which fails the gate: %j',
    async (value) => {
      const project = platform.addProject().id
      const op = platform.addOperation(project, { status: 'running' })
      platform.inject({
        path: /^\/projects\/[^/]+\/operations/,
        kind: 'rewrite',
        set: { id: value, status: value },
        times: 999,
      })
      const result = await step({
        command: 'wait-for-operations',
        'project-id': project,
        'operation-ids': op,
        timeout: '30',
      })
      // The read of the operation answers a record of another id: the gate fails at once, and says so in one error.
      expect(result.outputs.status).toBe('error')
      expect(errorLines(result.stdout)).toHaveLength(1)
      expect(errorLines(result.stdout)[0]).toContain(
        `The platform answered the read of operation ${op} with a record of operation `,
      )
      expectOnlyOwnCommands(result, admin.key)
    },
  )

  it('50 failed operations, each with 100 KB values: the error names the first 5 and counts the others; every line bounded', async () => {
    const project = platform.addProject().id
    const ops = Array.from({ length: 50 }, () => platform.addOperation(project, { status: 'error' }))
    const huge = 'J'.repeat(100_000)
    platform.inject({
      path: /^\/projects\/[^/]+\/operations/,
      kind: 'rewrite',
      set: { action: huge, branch_id: huge, error: huge },
      times: 99,
    })
    const result = await step({ command: 'wait-for-operations', 'project-id': project, 'operation-ids': ops.join(',') })
    expect(result.outputs.status).toBe('failed')
    expect(JSON.parse(result.outputs['failed-operation-ids']!)).toHaveLength(50)
    const [error] = errorLines(result.stdout)
    expect(error).toMatch(
      /^::error::50 of 50 operation\(s\) did not succeed: .*; and 45 more \(`failed-operation-ids` has them all\)\.$/,
    )
    expect(ops.filter((id) => error!.includes(id))).toHaveLength(5)
    expectBoundedLines(result)
  })

  it('a 100 KB value in every field leaves every log line bounded', async () => {
    const project = platform.addProject().id
    const op = platform.addOperation(project, { status: 'error' })
    const huge = `${HOSTILE}${'<\n'.repeat(50_000)}`
    platform.inject({
      path: /^\/projects\/[^/]+\/operations/,
      kind: 'rewrite',
      set: { action: huge, branch_id: huge, error: huge },
      times: 99,
    })
    const result = await step({ command: 'wait-for-operations', 'project-id': project, 'operation-ids': op })
    expect(result.outputs.status).toBe('failed')
    expectBoundedLines(result)
    expectOnlyOwnCommands(result, admin.key)
    expect(result.summary.length).toBeLessThan(50_000)
  })
})
