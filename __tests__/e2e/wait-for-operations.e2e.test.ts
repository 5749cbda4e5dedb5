// wait-for-operations as a workflow runs it. The action's waits cost no real time (virtual time), and the emulator's
// clock moves one second with each read of operations, so an operation that finishes "after 3 s" finishes on the 4th
// poll, however fast or slow the machine is. What only the runner shows: the outputs, exit code, log and summary of a
// run on one keep-alive connection, the `timeout` input, an input error before any request, the outputs of a failed
// request, and hostile fields of the operations kept as data. The logic of a wait is tested in
// __tests__/commands/wait-for-operations.test.ts.
// End to end: each step is a child process, as a runner starts it (scripts/run-step.ts), on the committed
// bundle dist/index.js (E2E_ENTRY=source runs src/ instead), against the platform emulator.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import type { PlatformEmulator } from '../../emulator/platform.ts'
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

describe('results', () => {
  it('waits on the operations array of a mutating response; sets the outputs, logs each change once, writes the table to the summary', async () => {
    const ids = branchCreation(4000)
    const response = ids.map((id) => ({
      id,
      project_id: 'p',
      branch_id: 'b',
      action: 'create_branch',
      status: 'running',
      failures_count: 0,
    }))
    const step = await wait({ 'operation-ids': JSON.stringify(response) })
    expect(errorLines(step.stdout)).toEqual([])
    expect(step.code).toBe(0)
    expect(step.outputs.status).toBe('finished')
    expect(JSON.parse(step.outputs.operations!).map((o: { id: string }) => o.id)).toEqual(ids)
    expect(step.outputs['failed-operation-ids']).toBe('[]')
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
})

describe('a gate that fails closed', () => {
  it('operation-ids missing is an input error, `status: error`, and no request is sent', async () => {
    platform.addOperation(project, { action: 'apply_config', timeline: [{ afterMs: 0, status: 'failed' }] })
    const step = await wait({})
    expect(step.code).toBe(1)
    expect(errorLines(step.stdout)).toEqual([
      expect.stringMatching(
        /^::error::Input `operation-ids` is empty\. Say what to wait for: the operation ids, .* or the word `pending`/,
      ),
    ])
    expect(platform.requests).toHaveLength(0)
    expect(step.outputs).toEqual({ status: 'error' })
  })
})

describe('the outputs that say why a request failed', () => {
  it('a refused key is status error, with http-status and request-id', async () => {
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
