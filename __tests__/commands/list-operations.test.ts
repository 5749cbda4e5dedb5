import { describe, expect, it } from '@jest/globals'
import { readFileSync, readdirSync } from 'node:fs'
import { takeViolations } from '../../emulator/contract.ts'
import { PlatformEmulator, type OperationRecord } from '../../emulator/platform.ts'
import { seedOrganizationHistory } from '../../emulator/seed.ts'
import { PlatformClient } from '../../src/api/client.ts'
import { InputError } from '../../src/base/errors.ts'
import { runListOperations } from '../../src/commands/list-operations.ts'
import type { ListOperationsSettings } from '../../src/operations/listing.ts'
import { isTerminal, statusGroup } from '../../src/operations/status.ts'
import { actionDocs, type CommandContext } from '../../src/runner/context.ts'
import { OUTPUT_LIMIT_BYTES, boundOutputs } from '../../src/runner/outputs.ts'
import { captureLog, manualClock, type CapturedLog, type ManualClock } from '../support/clock.ts'
import { inProcessPerTest } from '../support/in-process.ts'
import { tempDirPerTest } from '../support/temp-dir.ts'
import { HOSTILE } from '../support/injection.ts'
import { markdownOutsideHtml } from '../support/markdown.ts'
import { fixedTime } from '../../src/base/clock.ts'

/**
 * list-operations in this process, against the emulator over HTTP with one manual clock: the
 * outputs, the file of every record, the log and the job summary; many projects under the
 * service's rate limits.
 */
let platform: PlatformEmulator
let clock: ManualClock
let log: CapturedLog
let ctx: CommandContext
let dir: string

const HOUR = 3_600_000
const DAY = 24 * HOUR

inProcessPerTest((run) => ({ platform, clock, log, ctx } = run), { random: () => 0 })
tempDirPerTest('neon-list-operations-', (made) => (dir = made))

const list = (options: Partial<ListOperationsSettings> & Pick<ListOperationsSettings, 'projects'>) =>
  runListOperations(ctx, { maxOperations: 1000, ...options })
const since24h = { kind: 'ago' as const, ms: DAY, text: '24h' }
/** What the platform lists of a project now, created at or after `sinceMs`. */
const listed = (projectId: string, sinceMs = -Infinity) =>
  platform.operations(projectId).filter((o) => Date.parse(o.created_at) >= sinceMs)
const counts = (records: readonly OperationRecord[]) => {
  const all: Record<string, number> = {
    scheduling: 0,
    running: 0,
    cancelling: 0,
    finished: 0,
    skipped: 0,
    failed: 0,
    error: 0,
    cancelled: 0,
  }
  for (const r of records) all[r.status] = (all[r.status] ?? 0) + 1
  return all
}
const failedIds = (records: readonly OperationRecord[]) =>
  records.filter((r) => statusGroup(r.status) === 'failure').map((r) => r.id)
const fileOf = (outputs: Record<string, string>) => readFileSync(outputs['operations-file']!, 'utf8')

describe('one project', () => {
  it('lists the operations since 24 h back: every output, the whole file, two log lines', async () => {
    const project = platform.addProject({ id: 'busy-river-20000001' }).id
    platform.addOperationHistory(project, { count: 1500, days: 3, seed: 2 })
    const sinceMs = clock.now() - DAY
    const wanted = listed(project, sinceMs)
    const result = await list({ projects: { kind: 'one', projectId: project }, since: since24h })
    expect(result.failure).toBeUndefined()
    expect(result.outputs.operations).toBeUndefined()
    // Over the output limit: not held, only its size; the file has every record.
    expect(result.oversized).toEqual({ operations: Buffer.byteLength(fileOf(result.outputs)) })
    expect(JSON.parse(fileOf(result.outputs))).toEqual(wanted)
    expect(result.outputs).toMatchObject({
      'operation-count': String(wanted.length),
      'status-counts': JSON.stringify(counts(wanted)),
      'failed-operation-ids': JSON.stringify(failedIds(wanted)),
      'incomplete-project-ids': '[]',
    })
    expect(failedIds(wanted).length).toBeGreaterThan(0)
    const statuses = Object.entries(counts(wanted))
      .filter(([, n]) => n > 0)
      .map(([status, n]) => `${n} ${status}`)
      .join(', ')
    expect(log.info).toEqual([
      `Listing the operations of project ${project} since 2026-11-20T10:00:00Z, at most 1000, the newest.`,
      `Listed ${wanted.length} operation(s) of 1 project(s) in 1 request(s): ${statuses}.`,
    ])
    expect(log.warning).toEqual([])
  })

  it("a short list is the `operations` output too, the file's very text, project by project and newest first", async () => {
    const project = platform.addProject().id
    platform.addHistory(project, 5)
    const result = await list({ projects: { kind: 'one', projectId: project } })
    expect(result.outputs.operations).toBe(fileOf(result.outputs))
    expect(JSON.parse(result.outputs.operations!)).toEqual(listed(project))
    expect(result.oversized).toBeUndefined()
  })

  it('a summary in the console’s words: counts, a chart of when they ran, and the operations, failed first', async () => {
    const project = platform.addProject({ id: 'quiet-lake-20000002' }).id
    const at = (minutesAgo: number) => clock.now() - minutesAgo * 60_000
    const ok = platform.addOperation(project, {
      action: 'start_compute',
      endpoint_id: 'ep-a-1',
      createdAt: at(50),
      timeline: [
        { afterMs: 0, status: 'running' },
        { afterMs: 2500, status: 'finished' },
      ],
    })
    const failed = platform.addOperation(project, {
      action: 'apply_config',
      createdAt: at(40),
      timeline: [
        { afterMs: 0, status: 'running' },
        { afterMs: 70_000, status: 'failed', failures_count: 1 },
      ],
    })
    const running = platform.addOperation(project, {
      action: 'create_branch',
      branch_id: 'br-feature-1',
      createdAt: at(3),
      status: 'running',
    })
    const result = await list({ projects: { kind: 'one', projectId: project } })
    const { summary } = result
    expect(summary.split('\n').slice(0, 2)).toEqual([
      `<h3>Operations of project ${project} (3)</h3>`,
      '<p>3 operation(s): 1 In progress (running), 1 OK (finished), 1 Error (failed).</p>',
    ])
    // The chart stands outside any HTML block: the only thing Markdown renders.
    const outside = markdownOutsideHtml(summary)
    expect(outside).toHaveLength(1)
    expect(outside[0]).toMatch(/^code_block: gantt\n/)
    expect(summary).toContain('    Error apply_config 1 min 10 s :crit, 2026-11-21 09:20:00, 2026-11-21 09:21:10\n')
    expect(summary).toContain(
      '    In progress create_branch 3 min 00 s so far :active, 2026-11-21 09:57:00, 2026-11-21 10:00:00\n',
    )
    const table = summary.slice(summary.lastIndexOf('<table>'))
    expect(table.split('\n').slice(1, 5)).toEqual([
      '<tr><th>operation</th><th>action</th><th>branch</th><th>compute</th><th>status</th><th>duration</th><th>date</th></tr>',
      `<tr><td><code>${failed.slice(0, 8)}</code></td><td>apply_config</td><td>${platform.branches(project)[0]!.id}</td><td>—</td><td>Error</td><td>1 min 10 s</td><td>2026-11-21 09:20 UTC</td></tr>`,
      `<tr><td><code>${running.slice(0, 8)}</code></td><td>create_branch</td><td>br-feature-1</td><td>—</td><td>In progress</td><td>3 min so far</td><td>2026-11-21 09:57 UTC</td></tr>`,
      `<tr><td><code>${ok.slice(0, 8)}</code></td><td>start_compute</td><td>${platform.branches(project)[0]!.id}</td><td>ep-a-1</td><td>OK</td><td>2.5 s</td><td>2026-11-21 09:10 UTC</td></tr>`,
    ])
    // Nothing alike to group: no row stands for several.
    expect(summary).not.toContain('×')
  })

  it('operations alike share a row: 26 availability checks are one, with their count, durations and first and last dates', async () => {
    const project = platform.addProject({ id: 'quiet-lake-20000006' }).id
    const branch = platform.branches(project)[0]!.id
    const checks = Array.from({ length: 26 }, (_, i) =>
      platform.addOperation(project, {
        action: 'check_availability',
        createdAt: clock.now() - (i + 1) * 55 * 60_000,
        timeline: [
          { afterMs: 0, status: 'running' },
          { afterMs: 336 + i * 10, status: 'finished' },
        ],
      }),
    )
    const failedCheck = platform.addOperation(project, {
      action: 'check_availability',
      status: 'failed',
      createdAt: clock.now() - 30_000,
    })
    const start = platform.addOperation(project, {
      action: 'start_compute',
      endpoint_id: 'ep-a-1',
      createdAt: clock.now() - 90 * 60_000,
    })
    const { summary } = await list({ projects: { kind: 'one', projectId: project } })
    const table = summary.slice(summary.lastIndexOf('<table>'))
    expect(table.split('\n').slice(2, -2)).toEqual([
      `<tr><td><code>${failedCheck.slice(0, 8)}</code></td><td>check_availability</td><td>${branch}</td><td>—</td><td>Error</td><td>0 ms</td><td>2026-11-21 09:59 UTC</td></tr>`,
      `<tr><td><code>${checks[0]!.slice(0, 8)}</code></td><td>check_availability ×26</td><td>${branch}</td><td>—</td><td>OK</td><td>336 ms to 586 ms</td><td>2026-11-20 10:10 to 2026-11-21 09:05 UTC</td></tr>`,
      `<tr><td><code>${start.slice(0, 8)}</code></td><td>start_compute</td><td>${branch}</td><td>ep-a-1</td><td>OK</td><td>0 ms</td><td>2026-11-21 08:30 UTC</td></tr>`,
    ])
    expect(summary).toContain(
      '<p>A row marked ×N stands for N operations alike (the same project, action, status, branch and compute): the id of the newest, ' +
        'their shortest and longest durations, and the dates of the first and the last.</p>\n<table>',
    )
    expect(table).not.toContain('more (all of them')
  })

  it("each of the console's words once, with the statuses it stands for; a status it does not know by its name", async () => {
    const project = platform.addProject().id
    for (const status of ['failed', 'error', 'failed', 'finished', 'skipped', 'paused'])
      platform.addOperation(project, { status })
    const result = await list({ projects: { kind: 'list', projectIds: [project] } })
    expect(result.summary.split('\n').slice(0, 2)).toEqual([
      '<h3>Operations of 1 project (6)</h3>',
      '<p>6 operation(s): 1 OK (finished), 1 Skipped, 3 Error (2 failed, 1 error), 1 of a status the action does not know (paused).</p>',
    ])
    // The platform's own words are no key of `status-counts`, which later steps print: those it does not know are `other`.
    expect(result.outputs['status-counts']).toBe(
      '{"scheduling":0,"running":0,"cancelling":0,"finished":1,"skipped":1,"failed":2,"error":1,"cancelled":0,"other":1}',
    )
    expect(log.info.at(-1)).toBe(
      'Listed 6 operation(s) of 1 project(s) in 1 request(s): 1 finished, 1 skipped, 2 failed, 1 error, 1 other.',
    )
    // `paused` is in no list of the platform's description: the emulator sends it as the platform may, and its check sees it.
    expect(takeViolations()).toEqual([expect.stringContaining('/status must be equal to one of the allowed values')])
  })

  it('20,000 statuses it does not know: one short log line, and `status-counts` counts them as `other`', async () => {
    const project = platform.addProject().id
    platform.addHistory(project, 20_000)
    platform.inject({
      path: `/projects/${project}/operations`,
      kind: 'transform',
      transform: (page) => {
        const body = page as { operations: OperationRecord[] }
        return { ...body, operations: body.operations.map((o) => ({ ...o, status: `status-${o.id}` })) }
      },
      times: 99,
    })
    const result = await list({ projects: { kind: 'one', projectId: project }, maxOperations: 100_000 })
    expect(JSON.parse(result.outputs['status-counts']!)).toMatchObject({ finished: 0, other: 20_000 })
    expect(log.info.at(-1)).toBe('Listed 20000 operation(s) of 1 project(s) in 21 request(s): 20000 other.')
  })

  it('an ISO `since` in the heading; one in the future is an input error, before any request', async () => {
    const project = platform.addProject().id
    platform.addHistory(project, 3)
    const result = await list({
      projects: { kind: 'one', projectId: project },
      since: { kind: 'at', ms: Date.parse('2026-11-21T09:00:00Z'), text: 'x' },
    })
    expect(result.summary).toMatch(
      new RegExp(`^<h3>Operations of project ${project} since 2026-11-21 09:00 UTC \\(3\\)</h3>`),
    )
    platform.clearRequests()
    const future = list({
      projects: { kind: 'one', projectId: project },
      since: { kind: 'at', ms: clock.now() + 60_000, text: '2026-11-21T10:01:00Z' },
    })
    await expect(future).rejects.toThrow(InputError)
    await expect(future).rejects.toThrow(
      'Input `since` is "2026-11-21T10:01:00Z", which is in the future (the step started at 2026-11-21T10:00:00.000Z): no operation was created after it.',
    )
    expect(platform.requests).toEqual([])
  })

  it('branch-id: that branch and the whole project; a branch the project does not have fails before any list is read', async () => {
    const project = platform.addProject({ id: 'quiet-lake-20000003' }).id
    const history = platform.addOperationHistory(project, { count: 200, days: 1, seed: 4 })
    const branch = history.branchIds[1]!
    const result = await list({ projects: { kind: 'one', projectId: project, branchId: branch } })
    // An operation without a branch is of the whole project, so it concerns this branch too.
    const wanted = listed(project).filter((o) => o.branch_id === branch || o.branch_id === undefined)
    expect(wanted.filter((o) => o.branch_id === undefined).length).toBeGreaterThan(0)
    expect(JSON.parse(fileOf(result.outputs))).toEqual(wanted)
    expect(result.summary).toMatch(
      new RegExp(`^<h3>Operations of project ${project}, branch ${branch} \\(\\d+\\)</h3>`),
    )
    platform.clearRequests()
    const files = readdirSync(dir)
    await expect(list({ projects: { kind: 'one', projectId: project, branchId: 'br-typo-1' } })).rejects.toThrow(
      new RegExp(
        `^Could not read branch br-typo-1 of project ${project}: branch br-typo-1 in project ${project} was not found \\(404\\)`,
      ),
    )
    expect(platform.requests.map((r) => r.path)).toEqual([`/projects/${project}/branches/br-typo-1`])
    expect(readdirSync(dir)).toEqual(files)
  })
})

describe('many projects', () => {
  it('a list: a table per project, failed first; failed ids project by project; operations of every project in the file', async () => {
    const [a, b, c] = ['calm-sea-20000011', 'calm-sea-20000012', 'calm-sea-20000013'].map(
      (id) => platform.addProject({ id }).id,
    ) as [string, string, string]
    platform.addOperation(a, { action: 'start_compute', status: 'finished', createdAt: clock.now() - 60_000 })
    const bad = platform.addOperation(b, { action: 'apply_config', status: 'error', createdAt: clock.now() - 30_000 })
    platform.addOperation(c, { action: 'suspend_compute', status: 'cancelling', createdAt: clock.now() - 10_000 })
    const result = await list({ projects: { kind: 'list', projectIds: [a, b, c] } })
    expect(JSON.parse(fileOf(result.outputs)).map((o: OperationRecord) => o.project_id)).toEqual([a, b, c])
    expect(result.outputs['failed-operation-ids']).toBe(JSON.stringify([bad]))
    expect(result.summary).toContain(
      '<tr><th>project</th><th>operations</th><th>failed</th><th>pending</th><th>longest</th></tr>\n' +
        `<tr><td><code>${b}</code></td><td>1</td><td>1</td><td>0</td><td>0 ms (apply_config)</td></tr>\n` +
        `<tr><td><code>${c}</code></td><td>1</td><td>0</td><td>1</td><td>10 s (suspend_compute)</td></tr>\n` +
        `<tr><td><code>${a}</code></td><td>1</td><td>0</td><td>0</td><td>0 ms (start_compute)</td></tr>\n</table>`,
    )
    expect(result.summary).toContain('<tr><th>project</th><th>operation</th><th>action</th>')
    expect(result.summary.split('\n')[0]).toBe('<h3>Operations of 3 projects (3)</h3>')
  })

  it('a column counts what the text counts in its words: failed is Error (failed, error), pending the three not done', async () => {
    const [a, b] = ['calm-sea-20000031', 'calm-sea-20000032'].map((id) => platform.addProject({ id }).id) as [
      string,
      string,
    ]
    for (const status of ['failed', 'error', 'cancelled', 'scheduling', 'running', 'cancelling', 'finished'] as const)
      platform.addOperation(a, { action: 'apply_config', status, createdAt: clock.now() - 60_000 })
    platform.addOperation(b, { action: 'apply_config', status: 'cancelled', createdAt: clock.now() - 60_000 })
    const result = await list({ projects: { kind: 'list', projectIds: [a, b] } })
    expect(result.summary).toContain(
      '<p>8 operation(s): 1 Scheduling, 1 In progress (running), 1 Cancelling, 1 OK (finished), 2 Error (1 failed, 1 error), 2 Cancelled.</p>',
    )
    expect(result.summary).toContain(`<tr><td><code>${a}</code></td><td>7</td><td>2</td><td>3</td>`)
    expect(result.summary).toContain(`<tr><td><code>${b}</code></td><td>1</td><td>0</td><td>0</td>`)
  })

  it('projects with no operation are one line after the table, not rows of it; past 50, the rest are counted', async () => {
    const ids = [
      'calm-sea-20000021',
      'calm-sea-20000022',
      'calm-sea-20000023',
      'calm-sea-20000024',
      'calm-sea-20000025',
    ]
    const [a, b, c, d, e] = ids.map((id) => platform.addProject({ id }).id) as [string, string, string, string, string]
    platform.addOperation(b, {
      action: 'start_compute',
      createdAt: clock.now() - 60_000,
      timeline: [{ afterMs: 0, status: 'finished' }],
    })
    platform.addOperation(d, { action: 'apply_config', status: 'failed', createdAt: clock.now() - 30_000 })
    const result = await list({ projects: { kind: 'list', projectIds: [a, b, c, d, e] } })
    expect(result.summary).toContain(
      '<tr><th>project</th><th>operations</th><th>failed</th><th>pending</th><th>longest</th></tr>\n' +
        `<tr><td><code>${d}</code></td><td>1</td><td>1</td><td>0</td><td>0 ms (apply_config)</td></tr>\n` +
        `<tr><td><code>${b}</code></td><td>1</td><td>0</td><td>0</td><td>0 ms (start_compute)</td></tr>\n</table>\n` +
        `<p>No operations (3 projects): <code>${a}</code>, <code>${c}</code>, <code>${e}</code>.</p>\n`,
    )

    const quiet = platform.addProjects(60)
    const idle = await list({ projects: { kind: 'list', projectIds: quiet } })
    expect(idle.summary).not.toContain('<th>longest</th>')
    const line = idle.summary.split('\n').find((l) => l.startsWith('<p>No operations'))!
    expect(line).toBe(
      `<p>No operations (60 projects): ${quiet
        .slice(0, 50)
        .map((id) => `<code>${id}</code>`)
        .join(', ')}, and 10 more.</p>`,
    )
  })

  it('all: every project of the organization, those the platform could not read in time included; the org-id output', async () => {
    const org = seedOrganizationHistory(platform, {
      orgId: platform.defaultOrgId,
      projects: 6,
      operations: 40,
      days: 1,
      seed: 5,
    })
    platform.setUnavailable([org.projectIds[2]!])
    const result = await list({ projects: { kind: 'all', orgId: org.orgId }, since: since24h })
    const records = JSON.parse(fileOf(result.outputs)) as OperationRecord[]
    expect([...new Set(records.map((o) => o.project_id))].sort()).toEqual([...org.projectIds].sort())
    expect(records).toHaveLength(org.projectIds.reduce((sum, id) => sum + listed(id, clock.now() - DAY).length, 0))
    expect(result.outputs['org-id']).toBe(org.orgId)
    expect(result.summary.split('\n')[0]).toBe(
      `<h3>Operations of the 6 projects of organization ${org.orgId} since 2026-11-20 10:00 UTC (${records.length})</h3>`,
    )
    expect(log.info[0]).toBe(`Organization ${org.orgId}: from the \`org-id\` input.`)
  })

  it('projects that cannot be read do not hide the others: the step fails after listing them; its error names the first, the summary each', async () => {
    const [a, b] = platform.addProjects(2) as [string, string]
    platform.addHistory(a, 2)
    platform.addHistory(b, 3)
    const elsewhere = platform.addProject({ org_id: platform.addOrganization({ name: 'Elsewhere' }).id }).id
    const result = await list({ projects: { kind: 'list', projectIds: [a, 'gone-project-1', b, elsewhere] } })
    expect(JSON.parse(fileOf(result.outputs)).map((o: OperationRecord) => o.project_id)).toEqual([a, a, b, b, b])
    expect(result.outputs['incomplete-project-ids']).toBe(JSON.stringify(['gone-project-1', elsewhere]))
    expect(result.failedRequest?.status).toBe(404)
    expect(result.failure).toMatch(
      new RegExp(
        '^2 of 4 project\\(s\\) could not be read, so none of their operations are listed\\. ' +
          'The operations of every other project are listed\\. ' +
          '`incomplete-project-ids` names all the unreadable ones\\. ' +
          'Could not list the operations of project gone-project-1: project gone-project-1 was not found \\(404\\)\\.[^;]* ' +
          'And 1 more, named in the summary\\.$',
      ),
    )
    // The error line names the first; the summary names each.
    expect(result.summary).toContain(`<tr><td><code>${elsewhere}</code></td><td>could not be read (403)</td>`)
    expect(result.next).toMatch(/^Check each project id that could not be read\. A 404 means that the platform/)
    expect(result.summary).toContain(
      `<tr><td><code>gone-project-1</code></td><td>could not be read (404)</td><td>0</td><td>0</td><td>—</td></tr>`,
    )
  })

  it('a project with more than max-operations: listed in part, named in a warning, the summary and incomplete-project-ids', async () => {
    const [a, b] = platform.addProjects(2) as [string, string]
    platform.addHistory(a, 8)
    platform.addHistory(b, 3)
    const result = await list({ projects: { kind: 'list', projectIds: [a, b] }, maxOperations: 5 })
    const warning =
      `1 project(s) have more operations than \`max-operations\` (5) lets the step list, so only their newest are listed: ${a}. ` +
      '`incomplete-project-ids` names them. To list all their operations, raise `max-operations` (up to 100000), ' +
      'or set a later `since`.'
    expect(log.warning).toEqual([warning])
    expect(result.outputs['incomplete-project-ids']).toBe(JSON.stringify([a]))
    expect(result.outputs['operation-count']).toBe('8')
    expect(result.failure).toBeUndefined()
    expect(result.summary).toContain(`<p>${warning.replace(/`([^`]+)`/g, '<code>$1</code>')}</p>`)
    expect(result.summary).toContain(`<td><code>${a}</code></td><td>5 (the newest; more not listed)</td>`)
    expect(result.summary.split('\n')[0]).toBe('<h3>Operations of 2 projects (8, incomplete)</h3>')
  })
})

describe('records as the platform may send them', () => {
  it('no value of any field costs the outputs: each record is listed as it came, and the step does not fail', async () => {
    const project = platform.addProject().id
    const times = [
      '',
      'yesterday',
      '+275760-09-13T00:00:00Z',
      '-271821-04-20T00:00:00Z',
      '9999-12-31T23:59:59Z',
      '0000-01-01T00:00:00Z',
    ]
    const values: Record<string, unknown[]> = {
      id: ['', '__proto__', 'constructor', 'x'.repeat(5000)],
      project_id: ['', '__proto__', HOSTILE],
      status: ['', '__proto__', 'constructor', 'toString', 'running', HOSTILE],
      action: ['', '__proto__', HOSTILE],
      created_at: times,
      updated_at: times,
      total_duration_ms: [-1, -1e300, 0, 1e16, 1e300, Number.MAX_VALUE, 0.5],
      failures_count: [-1, 1e300],
      error: [HOSTILE, 'x'.repeat(100_000)],
    }
    const changes = Object.entries(values).flatMap(([field, list]) => list.map((value) => ({ [field]: value })))
    for (const change of changes)
      platform.addOperation(project, { status: change.status === 'running' ? 'running' : 'failed' })
    platform.inject({
      path: `/projects/${project}/operations`,
      kind: 'transform',
      transform: (page) => {
        const body = page as { operations: OperationRecord[] }
        return { ...body, operations: body.operations.map((o, i) => ({ ...o, ...changes[i] })) }
      },
    })
    const result = await list({ projects: { kind: 'list', projectIds: [project] }, failOnStatus: ['failed'] })
    const sent = platform.operations(project).map((o, i) => ({ ...o, ...changes[i] }))
    expect(JSON.parse(fileOf(result.outputs))).toEqual(sent)
    expect(result.outputs['operation-count']).toBe(String(changes.length))
    expect(result.failure).toMatch(/^\d+ listed operation\(s\) have a status `fail-on-status` names \(failed\)/)
    expect(Buffer.byteLength(result.summary)).toBeLessThan(512 * 1024)
  })
})

describe('fail-on-status', () => {
  it('fails naming how many and the newest with project, branch, action, status and date; every output is set first', async () => {
    const project = platform.addProject({ id: 'quiet-lake-20000004' }).id
    const failing: string[] = []
    for (let i = 0; i < 8; i++) {
      failing.unshift(
        platform.addOperation(project, {
          action: 'start_compute',
          branch_id: 'br-main-1',
          status: i % 2 ? 'failed' : 'error',
          createdAt: clock.now() - (20 - i) * 60_000,
        }),
      )
    }
    platform.addOperation(project, { status: 'cancelled', createdAt: clock.now() - 1000 })
    const result = await list({ projects: { kind: 'one', projectId: project }, failOnStatus: ['failed', 'error'] })
    expect(result.failure).toBe(
      `8 listed operation(s) have a status \`fail-on-status\` names (failed, error), the newest: ${failing[0]} ` +
        `(project ${project}, branch br-main-1, start_compute, failed, 2026-11-21 09:47 UTC); ` +
        'the job summary and `operations-file` have the other 7.',
    )
    expect(result.next).toMatch(/^The table of operations below lists the failed ones first, /)
    expect(result.failedRequest).toBeUndefined()
    expect(JSON.parse(result.outputs['failed-operation-ids']!)).toHaveLength(9)
  })

  it('without it, listing never fails on what it finds; with it, only its statuses count', async () => {
    const project = platform.addProject().id
    platform.addOperation(project, { status: 'failed' })
    platform.addOperation(project, { status: 'cancelled' })
    expect((await list({ projects: { kind: 'one', projectId: project } })).failure).toBeUndefined()
    expect(
      (await list({ projects: { kind: 'one', projectId: project }, failOnStatus: ['error'] })).failure,
    ).toBeUndefined()
    expect(
      (await list({ projects: { kind: 'one', projectId: project }, failOnStatus: ['cancelled'] })).failure,
    ).toMatch(/^1 listed operation\(s\) have a status/)
  })
})

describe('outputs within their bounds', () => {
  it('3,000 operations: `operations` is not set and a line of the log points at operations-file, which has all 3,000', async () => {
    const project = platform.addProject({ id: 'busy-river-20000005' }).id
    platform.addOperationHistory(project, { count: 3000, days: 2, seed: 6 })
    const result = await list({ projects: { kind: 'one', projectId: project }, maxOperations: 5000 })
    const records = JSON.parse(fileOf(result.outputs)) as OperationRecord[]
    expect(records).toHaveLength(3000)
    expect(records).toEqual(listed(project))
    const { outputs, warnings, notes } = await boundOutputs(result.outputs, dir, result.oversized)
    expect(outputs.operations).toBeUndefined()
    expect(outputs['operation-count']).toBe('3000')
    expect(JSON.parse(outputs['failed-operation-ids']!)).toEqual(failedIds(records))
    expect(warnings).toEqual([])
    expect(notes).toEqual([
      `Not set: \`operations\` (${Buffer.byteLength(fileOf(result.outputs))} bytes), over the ${OUTPUT_LIMIT_BYTES} bytes an output may hold ` +
        `to be passed on through env: or with:. Every record is in the file named by the \`operations-file\` output: ${result.outputs['operations-file']}`,
    ])
    for (const value of Object.values(outputs)) expect(Buffer.byteLength(value)).toBeLessThanOrEqual(OUTPUT_LIMIT_BYTES)
    // The summary is bounded too: the newest 1,000 of 3,000, failed first, alike ones in one row, and where the rest are.
    expect(result.summary.match(/<tr><td><code>/g)!.length).toBeLessThanOrEqual(200)
    expect(result.summary).toContain(
      '<p>…and 2000 more (all of them are in the <code>operations-file</code> output).</p>',
    )
  })
})

describe('under the service’s rate limits', () => {
  /** The emulator enforcing 700 requests a minute and 40 a second per route, on the step's manual clock. */
  async function limited(): Promise<{
    platform: PlatformEmulator
    clock: ManualClock
    log: CapturedLog
    ctx: CommandContext
    key: string
    stop: () => Promise<void>
  }> {
    const clock = manualClock()
    const log = captureLog()
    const platform = new PlatformEmulator({ now: clock.now, rateLimits: {} })
    await platform.start()
    const key = platform.addKey('admin').key
    const client = new PlatformClient({
      baseUrl: platform.url,
      apiKey: key,
      userAgent: 'test',
      clock,
      logger: log.logger,
      deadline: clock.now() + 600_000,
      random: () => 0,
    })
    const ctx: CommandContext = {
      client,
      clock,
      time: fixedTime(clock, client.deadline),
      log: log.logger,
      mask: () => undefined,
      notice: () => undefined,
      saveState: () => undefined,
      fileDir: dir,
      docs: actionDocs({}),
    }
    return { platform, clock, log, ctx, key, stop: async () => (await client.close(), await platform.stop()) }
  }

  it('750 projects of an organization: no 429, in the time the limits allow (700 in the first minute, the rest in the next)', async () => {
    const setup = await limited()
    try {
      const org = seedOrganizationHistory(setup.platform, {
        orgId: setup.platform.defaultOrgId,
        projects: 750,
        operations: 3,
        days: 1,
        seed: 8,
      })
      const started = setup.clock.now()
      const result = await runListOperations(setup.ctx, {
        projects: { kind: 'all', orgId: org.orgId },
        maxOperations: 1000,
      })
      const elapsed = setup.clock.now() - started
      expect(result.outputs['operation-count']).toBe(String(750 * 3))
      expect(setup.platform.requests.filter((r) => r.status === 429)).toEqual([])
      // 752 requests (2 pages of projects, 750 of operations): 700 within a minute, and the 52 others in the next 2 s.
      expect(setup.platform.requests).toHaveLength(752)
      expect(elapsed).toBeGreaterThanOrEqual(60_000)
      expect(elapsed).toBeLessThanOrEqual(62_000)
      expect(setup.log.info.at(-1)).toMatch(/^Listed 2250 operation\(s\) of 750 project\(s\) in 752 request\(s\): /)
    } finally {
      await setup.stop()
    }
  })

  it("429s when another job spent the account's minute are absorbed: every project is listed, with one warning", async () => {
    const setup = await limited()
    try {
      const projects = setup.platform.addProjects(30)
      for (const id of projects) setup.platform.addHistory(id, 2)
      // Another job of the account: 690 requests in the last 18 s.
      for (let i = 0; i < 690; i++) {
        if (i % 40 === 0 && i > 0) setup.clock.advance(1000)
        const answer = await fetch(`${setup.platform.url}/auth`, { headers: { authorization: `Bearer ${setup.key}` } })
        expect(answer.status).toBe(200)
      }
      setup.clock.advance(1000)
      setup.platform.clearRequests()
      const result = await runListOperations(setup.ctx, {
        projects: { kind: 'list', projectIds: projects },
        maxOperations: 1000,
      })
      expect(result.failure).toBeUndefined()
      expect(result.outputs['operation-count']).toBe('60')
      const refused = setup.platform.requests.filter((r) => r.status === 429)
      expect(refused.length).toBeGreaterThan(0)
      expect(setup.log.warning).toEqual([
        expect.stringMatching(/^The platform answered 429 \(too many requests, Retry-After \d+ s; request id /),
      ])
      expect(setup.log.info.at(-1)).toMatch(
        new RegExp(
          `^Listed 60 operation\\(s\\) of 30 project\\(s\\) in ${30 + refused.length} request\\(s\\); ${refused.length} answered 429 and were sent again after the wait asked for: `,
        ),
      )
    } finally {
      await setup.stop()
    }
  })
})

it('an in-progress operation is never passed off as done: statuses are as the platform answered them', async () => {
  const project = platform.addProject().id
  const id = platform.addOperation(project, { status: 'scheduling' })
  const result = await list({ projects: { kind: 'one', projectId: project } })
  const [record] = JSON.parse(result.outputs.operations!) as OperationRecord[]
  expect([record!.id, record!.status, isTerminal(record!.status)]).toEqual([id, 'scheduling', false])
})

describe('since, filters and paging', () => {
  it('`since: 24h` reaches back a day from the step’s start; the filters keep only what they name', async () => {
    const project = platform.addProject().id
    const T = clock.now()
    const at = (ms: number, fields: { action: string; status: string }) =>
      platform.addOperation(project, { createdAt: ms, ...fields })
    const keep = at(T - HOUR, { action: 'start_compute', status: 'failed' })
    at(T - 2 * HOUR, { action: 'start_compute', status: 'finished' })
    at(T - 7_300_000, { action: 'apply_config', status: 'failed' })
    at(T - DAY - 60_000, { action: 'start_compute', status: 'failed' })
    const result = await list({
      projects: { kind: 'one', projectId: project },
      since: since24h,
      statuses: ['failed', 'error'],
      actions: ['start_compute'],
    })
    expect(result.failure).toBeUndefined()
    expect(JSON.parse(result.outputs.operations!).map((o: OperationRecord) => o.id)).toEqual([keep])
    expect(result.outputs).toMatchObject({
      'operation-count': '1',
      'status-counts':
        '{"scheduling":0,"running":0,"cancelling":0,"finished":0,"skipped":0,"failed":1,"error":0,"cancelled":0}',
      'failed-operation-ids': JSON.stringify([keep]),
      'incomplete-project-ids': '[]',
    })
  })

  it('`since: 0000-02-29`, a day of a leap year (year 0 is one), lists every operation since then', async () => {
    const project = platform.addProject().id
    platform.addHistory(project, 4)
    const result = await list({
      projects: { kind: 'one', projectId: project },
      since: { kind: 'at', ms: Date.parse('0000-02-29T00:00:00Z'), text: '0000-02-29' },
    })
    expect(result.failure).toBeUndefined()
    expect(result.outputs['operation-count']).toBe('4')
    expect(log.info).toContain(
      `Listing the operations of project ${project} since 0000-02-29T00:00:00Z, at most 1000, the newest.`,
    )
  })

  it('pages that cycle through the same three sets of operations under fresh cursors: each listed once, then a warning', async () => {
    const project = platform.addProject().id
    platform.addHistory(project, 3000)
    const opsRequests = () => platform.requests.filter((r) => r.path.endsWith('/operations'))
    const heads: unknown[] = []
    platform.onRequest((entry) => {
      if (!entry.path.endsWith('/operations')) return
      const n = opsRequests().length
      platform.inject({
        path: entry.path,
        kind: 'transform',
        transform: (page) =>
          n <= 3
            ? (heads[n - 1] = page)
            : { ...(heads[(n - 1) % 3] as object), pagination: { cursor: `2020-01-0${n}T00:00:00.000000Z` } },
      })
    })
    const result = await list({ projects: { kind: 'one', projectId: project }, maxOperations: 6000 })
    expect(result.failure).toBeUndefined()
    expect(result.outputs['operation-count']).toBe('3000')
    const records = JSON.parse(fileOf(result.outputs)) as OperationRecord[]
    expect(records.map((o) => o.id)).toEqual(platform.operations(project).map((o) => o.id))
    expect(JSON.parse(result.outputs['status-counts']!).finished).toBe(3000)
    expect(result.outputs['incomplete-project-ids']).toBe(JSON.stringify([project]))
    expect(log.warning).toContain(
      `The page of project ${project}'s operations after cursor "${opsRequests()[3]!.query.cursor}" holds only operations already read. ` +
        "The project's listing stops there and may be incomplete (3000 listed).",
    )
  })

  it('`all`: a project id the platform lists that is no project id is not read, but named in a warning; the others are listed', async () => {
    const [a, b] = platform.addProjects(2) as [string, string]
    platform.addHistory(a, 2)
    platform.addHistory(b, 3)
    platform.setUnavailable([b])
    const odd = `${HOSTILE}/../../api_keys`
    platform.inject({
      path: '/projects',
      kind: 'transform',
      transform: (body) => ({ ...(body as object), unavailable_project_ids: [b, odd] }),
    })
    const result = await list({ projects: { kind: 'all' } })
    expect(result.failure).toBeUndefined()
    expect(log.warning).toEqual([
      expect.stringMatching(
        /^The platform listed 1 project id\(s\) that are not project ids \(1 to 60 lower-case letters, digits or hyphens\), so their operations are not read: h\\n::/,
      ),
    ])
    expect(result.outputs['operation-count']).toBe('5')
    expect(result.outputs['incomplete-project-ids']).toBe('[]')
    expect(result.summary).toMatch(/^<h3>Operations of the 2 projects of organization [^<]+ \(5, incomplete\)<\/h3>/)
    // Every request on a path the action made of ids it checked.
    expect(platform.requests.map((r) => r.path).sort()).toEqual(
      ['/users/me/organizations', '/projects', ...[a, b].map((id) => `/projects/${id}/operations`)].sort(),
    )
  })
})

/** Every time the summary's chart writes: each must be one its dateFormat (YYYY-MM-DD HH:mm:ss) reads. */
const chartTimes = (summary: string) =>
  (/```mermaid\n[\s\S]*?```/.exec(summary)?.[0] ?? '').match(/[+-]?\d+-\d\d-\d\d \d\d:\d\d/g) ?? []

describe('records with times out of range', () => {
  it.each<[string, Record<string, unknown>]>([
    ['total_duration_ms 2^53 - 1', { total_duration_ms: Number.MAX_SAFE_INTEGER }],
    ['total_duration_ms 1e16', { total_duration_ms: 1e16 }],
    ['total_duration_ms 1e300', { total_duration_ms: 1e300 }],
    ['created_at +275760-09-13', { created_at: '+275760-09-13T00:00:00Z' }],
  ])(
    'one operation with %s in a project of `all`: every output set, the record as it came, left out of the chart with a warning',
    async (_, set) => {
      const org = seedOrganizationHistory(platform, {
        orgId: platform.defaultOrgId,
        projects: 3,
        operations: 5,
        days: 1,
        seed: 14,
      })
      const project = org.projectIds[1]!
      const odd = platform.operations(project)[2]!.id
      platform.inject({ path: `/projects/${project}/operations`, kind: 'rewrite', set, ids: [odd], times: 9 })
      const result = await list({ projects: { kind: 'all' } })
      expect(result.failure).toBeUndefined()
      expect(result.outputs).toMatchObject({
        'operation-count': '15',
        'incomplete-project-ids': '[]',
        'org-id': org.orgId,
      })
      const records = JSON.parse(fileOf(result.outputs)) as OperationRecord[]
      expect(records.find((o) => o.id === odd)).toMatchObject(set)
      expect(JSON.parse(result.outputs.operations!)).toEqual(records)
      expect(log.warning).toContainEqual(
        expect.stringMatching(
          '^1 listed operation\\(s\\) have a creation time the chart cannot read, ' +
            'or a time outside the years 0100 to 9999\\. ',
        ),
      )
      expect(chartTimes(result.summary).length).toBeGreaterThan(0)
      for (const time of chartTimes(result.summary)) expect(time).toMatch(/^\d{4}-/)
      expect(result.summary).toContain('1 could not be drawn')
      // The table's date is the record's own text when its year is not of four digits.
      if (typeof set.created_at === 'string') expect(result.summary).toContain(`<td>${set.created_at}</td>`)
    },
  )

  it('years past 9999 or before 0100 never reach the chart: 9999-12-31 beside 2026, updated_at +275760, a running one of -271821', async () => {
    const project = platform.addProject().id
    platform.addHistory(project, 5)
    const [far, untilTheEnd, early] = platform.operations(project).map((o) => o.id)
    const change: Record<string, Record<string, unknown>> = {
      [far!]: { created_at: '9999-12-31T00:00:00Z', updated_at: '9999-12-31T00:00:01Z', total_duration_ms: 1000 },
      [untilTheEnd!]: { updated_at: '+275760-09-13T00:00:00Z', total_duration_ms: null },
      [early!]: { created_at: '-271821-04-20T00:00:00Z', status: 'running' },
    }
    platform.inject({
      path: `/projects/${project}/operations`,
      kind: 'transform',
      transform: (body) => {
        const page = body as { operations: Array<{ id: string }> }
        return { ...page, operations: page.operations.map((o) => ({ ...o, ...change[o.id] })) }
      },
    })
    const result = await list({ projects: { kind: 'one', projectId: project } })
    expect(result.failure).toBeUndefined()
    expect(result.outputs['operation-count']).toBe('5')
    const times = chartTimes(result.summary)
    expect(times).toContain('9999-12-31 00:00')
    for (const time of times) expect(time).toMatch(/^\d{4}-/)
    expect(log.warning).toContainEqual(
      expect.stringMatching(/^2 listed operation\(s\) have a creation time the chart cannot read/),
    )
  })
})
