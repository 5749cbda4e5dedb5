import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { PlatformEmulator } from '../emulator/platform.ts'
import { errorLines, runStep } from '../scripts/run-step.ts'

/**
 * wait-for-operations as a workflow runs it, in a child process. The action's waits cost no
 * real time (the virtual-time preload), and the emulator's clock moves one second with each
 * read of operations, so an operation that finishes "after 3 s" finishes on the 4th poll,
 * however fast or slow the machine is.
 */
let platform: PlatformEmulator
let url: string
let key: string
let project: string
let now: number

beforeEach(async () => {
  now = Date.parse('2026-11-21T10:00:00Z')
  platform = new PlatformEmulator({ now: () => now })
  platform.onRequest((request) => {
    if (/^\/projects\/[^/]+\/operations/.test(request.path)) now += 1000
  })
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
  runStep({ command: 'wait-for-operations', 'api-key': key, 'api-host': url, 'project-id': project, 'poll-interval': '1', ...inputs })

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
          ids.map((id) => ({ id, project_id: 'p', branch_id: 'b', action: 'create_branch', status: 'running', failures_count: 0 })),
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

  it('a failed operation fails the step, names it, and still sets every output', async () => {
    const ok = platform.addOperation(project, { action: 'create_branch', branch_id: 'br-x', status: 'finished' })
    const bad = platform.addOperation(project, {
      action: 'apply_config',
      branch_id: 'br-x',
      timeline: [
        { afterMs: 0, status: 'running' },
        { afterMs: 2000, status: 'failed', failures_count: 2, error: 'database "app" already exists' },
      ],
    })
    const step = await wait({ 'operation-ids': `${ok},${bad}` })
    expect(step.code).toBe(1)
    const errors = errorLines(step.stdout)
    expect(errors).toEqual([
      `::error::1 of 2 operation(s) did not succeed: ${bad} (apply_config, branch br-x): failed, failures_count 2, error "database \\"app\\" already exists".`,
    ])
    expect(step.outputs.status).toBe('failed')
    expect(JSON.parse(step.outputs['failed-operation-ids']!)).toEqual([bad])
    expect(JSON.parse(step.outputs.operations!)).toHaveLength(2)
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

  it('an unknown operation id fails at once, naming it', async () => {
    const missing = '4d3c2b1a-0000-4000-8000-00000000abcd'
    const step = await wait({ 'operation-ids': missing })
    expect(errorLines(step.stdout)).toEqual([expect.stringContaining(`operation ${missing} in project ${project} was not found (404)`)])
    expect(platform.requests.filter((r) => r.path.endsWith(missing))).toHaveLength(1)
  })

  it('a bad operation id is refused before any request', async () => {
    const step = await wait({ 'operation-ids': 'not-a-uuid' })
    expect(errorLines(step.stdout)).toEqual(['::error::Input `operation-ids` holds "not-a-uuid", which is not an operation id (a UUID).'])
    expect(platform.requests).toHaveLength(0)
  })

  it('the idle gate waits for the pending operations of the project', async () => {
    const ids = branchCreation(4000)
    const step = await wait({})
    expect(step.code).toBe(0)
    expect(
      JSON.parse(step.outputs.operations!)
        .map((o: { id: string }) => o.id)
        .sort(),
    ).toEqual([...ids].sort())
  })
})
