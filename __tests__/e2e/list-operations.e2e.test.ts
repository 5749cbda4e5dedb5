import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { PlatformEmulator, type OperationRecord } from '../../emulator/platform.ts'
import { seedOrganizationHistory } from '../../emulator/seed.ts'
import { errorLines, stripMasks } from '../../scripts/run-step.ts'
import { OUTPUT_LIMIT_BYTES } from '../../src/runner/outputs.ts'
import { HOSTILE, MARKDOWN, forgedCommands } from '../support/injection.ts'
import { markdownOutsideHtml } from '../support/markdown.ts'
import { platformPerTest } from '../support/platform-per-test.ts'
import { tempDirPerTest } from '../support/temp-dir.ts'

/**
 * list-operations run as a runner runs it (a child process, INPUT_* with action.yml's defaults,
 * GITHUB_OUTPUT and the summary file), against the emulator: one project, a list and `all`;
 * paging that stops at `since`; filters; cut lists; projects that cannot be read; fail-on-status;
 * outputs within their bounds with 3,000 operations; inputs refused before any request.
 */
const T = Date.parse('2026-11-21T10:00:00Z')
const DAY = 86_400_000

let platform: PlatformEmulator
let admin: { id: number; key: string }
/** RUNNER_TEMP of the steps: kept until the test has read the files the action wrote there. */
let runnerTemp: string

// The platform's clock stands still at T; the action's starts there too (virtual time).
const onPlatform = platformPerTest((started) => ({ platform, admin } = started), {
  platform: () => new PlatformEmulator({ now: () => T }),
})
tempDirPerTest('neon-list-operations-e2e-', (dir) => (runnerTemp = dir))

const step = (inputs: Record<string, string>) =>
  onPlatform.step(
    { command: 'list-operations', ...inputs },
    { env: { RUNNER_TEMP: runnerTemp }, time: { mode: 'jump', start: T } },
  )
const fileRecords = (outputs: Record<string, string>) =>
  JSON.parse(readFileSync(outputs['operations-file']!, 'utf8')) as OperationRecord[]
const logLines = (stdout: string) =>
  stripMasks(stdout)
    .split('\n')
    .filter((l) => l && !l.startsWith('::debug::'))
const opsRequests = () => platform.requests.filter((r) => /\/operations$/.test(r.path))

describe('one project', () => {
  it('lists the operations since a time, paging only until a page reaches past it', async () => {
    const project = platform.addProject({ id: 'busy-river-30000001' }).id
    platform.addOperationHistory(project, { count: 6000, days: 3, seed: 11 })
    const since = '2026-11-20T10:00:00Z'
    const wanted = platform.operations(project).filter((o) => Date.parse(o.created_at) >= Date.parse(since))
    const result = await step({ 'project-id': project, since, 'max-operations': '100000' })
    expect(errorLines(result.stdout)).toEqual([])
    expect(result.code).toBe(0)
    expect(fileRecords(result.outputs)).toEqual(wanted)
    expect(result.outputs['operation-count']).toBe(String(wanted.length))
    expect(opsRequests()).toHaveLength(Math.floor(wanted.length / 1000) + 1)
    expect(logLines(result.stdout).slice(1)).toEqual([
      `Listing the operations of project ${project} since 2026-11-20T10:00:00Z, at most 100000, the newest.`,
      expect.stringMatching(
        new RegExp(
          `^Listed ${wanted.length} operation\\(s\\) of 1 project\\(s\\) in ${opsRequests().length} request\\(s\\): `,
        ),
      ),
      expect.stringMatching(
        /^Not set: `operations` \(\d+ bytes\), .* Every record is in the file named by the `operations-file` output: /,
      ),
    ])
    expect(result.summary).toMatch(
      new RegExp(`^<h3>Operations of project ${project} since 2026-11-20 10:00 UTC \\(${wanted.length}\\)</h3>\n`),
    )
    expect(markdownOutsideHtml(result.summary)).toEqual([expect.stringMatching(/^code_block: gantt\n/)])
  })

  it('`since: 24h` reaches back a day from the step’s start; the filters keep only what they name', async () => {
    const project = platform.addProject().id
    const at = (ms: number, fields: { action: string; status: string }) =>
      platform.addOperation(project, { createdAt: ms, ...fields })
    const keep = at(T - 3_600_000, { action: 'start_compute', status: 'failed' })
    at(T - 7_200_000, { action: 'start_compute', status: 'finished' })
    at(T - 7_300_000, { action: 'apply_config', status: 'failed' })
    at(T - DAY - 60_000, { action: 'start_compute', status: 'failed' })
    const result = await step({
      'project-id': project,
      since: '24h',
      'operation-statuses': 'failed, error',
      'operation-actions': 'start_compute',
    })
    expect(result.code).toBe(0)
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
    const result = await step({ 'project-id': project, since: '0000-02-29' })
    expect(errorLines(result.stdout)).toEqual([])
    expect(result.code).toBe(0)
    expect(result.outputs['operation-count']).toBe('4')
    expect(result.stdout).toContain(
      `Listing the operations of project ${project} since 0000-02-29T00:00:00Z, at most 1000, the newest.`,
    )
  })

  it('pages that cycle through the same three sets of operations under fresh cursors: each listed once, then a warning', async () => {
    const project = platform.addProject().id
    platform.addHistory(project, 3000)
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
    const result = await step({ 'project-id': project, 'max-operations': '6000' })
    expect(result.code).toBe(0)
    expect(result.outputs['operation-count']).toBe('3000')
    const records = fileRecords(result.outputs)
    expect(new Set(records.map((o) => o.id)).size).toBe(3000)
    expect(records.map((o) => o.id)).toEqual(platform.operations(project).map((o) => o.id))
    expect(JSON.parse(result.outputs['status-counts']!).finished).toBe(3000)
    expect(result.outputs['incomplete-project-ids']).toBe(JSON.stringify([project]))
    expect(result.stdout).toContain(
      `::warning::The page of project ${project}'s operations after cursor "${opsRequests()[3]!.query.cursor}" holds only operations already read. ` +
        "The project's listing stops there and may be incomplete (3000 listed).",
    )
  })
})

describe('many projects', () => {
  it('`all`: every project of the organization, with its id as an output', async () => {
    const org = seedOrganizationHistory(platform, {
      orgId: platform.defaultOrgId,
      projects: 12,
      operations: 30,
      days: 1,
      seed: 12,
    })
    const result = await step({ 'project-ids': 'all' })
    expect(result.code).toBe(0)
    expect(result.outputs['org-id']).toBe(org.orgId)
    const records = fileRecords(result.outputs)
    expect([...new Set(records.map((o) => o.project_id))]).toEqual(org.projectIds)
    expect(records).toHaveLength(12 * 30)
    expect(result.outputs['incomplete-project-ids']).toBe('[]')
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
    const result = await step({ 'project-ids': 'all' })
    expect(errorLines(result.stdout)).toEqual([])
    expect(result.code).toBe(0)
    expect(forgedCommands(result.stdout, (value) => value === admin.key)).toEqual([])
    expect(result.stdout).toMatch(
      /^::warning::The platform listed 1 project id\(s\) that are not project ids \(1 to 60 lower-case letters, digits or hyphens\), so their operations are not read: h\\n::/m,
    )
    expect(result.outputs['operation-count']).toBe('5')
    expect(result.outputs['incomplete-project-ids']).toBe('[]')
    expect(result.summary).toMatch(/^<h3>Operations of the 2 projects of organization [^<]+ \(5, incomplete\)<\/h3>/)
    // Every request on a path the action made of ids it checked.
    expect(platform.requests.map((r) => r.path).sort()).toEqual(
      ['/users/me/organizations', '/projects', ...[a, b].map((id) => `/projects/${id}/operations`)].sort(),
    )
  })

  it('a list as list-projects gives it: one that cannot be read fails the step after the others are listed, naming it', async () => {
    const [a, b] = platform.addProjects(2) as [string, string]
    platform.addHistory(a, 2)
    platform.addHistory(b, 3)
    const result = await step({ 'project-ids': JSON.stringify([a, 'gone-project-1', b]) })
    expect(result.code).toBe(1)
    expect(errorLines(result.stdout)).toEqual([
      expect.stringMatching(
        new RegExp(
          '^::error::1 of 3 project\\(s\\) could not be read, so none of their operations are listed\\. ' +
            'The operations of every other project are listed\\. ' +
            '`incomplete-project-ids` names all the unreadable ones\\. ' +
            'Could not list the operations of project gone-project-1: ' +
            'project gone-project-1 was not found \\(404\\)\\.',
        ),
      ),
    ])
    expect(result.outputs).toMatchObject({
      'operation-count': '5',
      'incomplete-project-ids': '["gone-project-1"]',
      'http-status': '404',
    })
    expect(fileRecords(result.outputs).map((o) => o.project_id)).toEqual([a, a, b, b, b])
  })

  it('a project with more than max-operations is named in a warning and in incomplete-project-ids', async () => {
    const [a, b] = platform.addProjects(2) as [string, string]
    platform.addHistory(a, 9)
    platform.addHistory(b, 2)
    const result = await step({ 'project-ids': `${a}\n${b}`, 'max-operations': '4' })
    expect(result.code).toBe(0)
    expect(result.stdout).toContain(
      `::warning::1 project(s) have more operations than \`max-operations\` (4) lets the step list, so only their newest are listed: ${a}.`,
    )
    expect(result.outputs['incomplete-project-ids']).toBe(JSON.stringify([a]))
    expect(result.outputs['operation-count']).toBe('6')
  })
})

describe('fail-on-status', () => {
  it('fails the step naming how many and the newest; without it the same listing passes', async () => {
    const project = platform.addProject().id
    platform.addHistory(project, 3)
    const failed = platform.addOperation(project, {
      action: 'apply_config',
      branch_id: 'br-main-1',
      status: 'failed',
      createdAt: T - 60_000,
    })
    const passes = await step({ 'project-id': project })
    expect(passes.code).toBe(0)
    const fails = await step({ 'project-id': project, 'fail-on-status': 'failed,error' })
    expect(fails.code).toBe(1)
    expect(errorLines(fails.stdout)).toEqual([
      `::error::1 listed operation(s) have a status \`fail-on-status\` names (failed, error), the newest: ${failed} (project ${project}, branch br-main-1, apply_config, failed, 2026-11-21 09:59 UTC).`,
    ])
    expect(fails.outputs['failed-operation-ids']).toBe(JSON.stringify([failed]))
    expect(fails.summary).toContain('<p>The table of operations below lists the failed ones first, ')
  })
})

describe('bounds and hostile text', () => {
  it('3,000 operations: every output within 64 KiB, `operations` only in operations-file, which has all 3,000', async () => {
    const project = platform.addProject({ id: 'busy-river-30000002' }).id
    platform.addOperationHistory(project, { count: 3000, days: 2, seed: 13 })
    const result = await step({ 'project-id': project, 'max-operations': '3000' })
    expect(result.code).toBe(0)
    expect(result.outputs.operations).toBeUndefined()
    expect(fileRecords(result.outputs)).toEqual(platform.operations(project))
    expect(result.outputs['operation-count']).toBe('3000')
    for (const [name, value] of Object.entries(result.outputs))
      expect([name, Buffer.byteLength(value) <= OUTPUT_LIMIT_BYTES]).toEqual([name, true])
    expect(result.stdout).toMatch(
      new RegExp(
        `^Not set: \`operations\` \\(\\d+ bytes\\), over the ${OUTPUT_LIMIT_BYTES} bytes .* \`operations-file\` output: ${runnerTemp}/neon-operations-[0-9a-f-]+\\.json$`,
        'm',
      ),
    )
    expect(Buffer.byteLength(result.summary)).toBeLessThan(256 * 1024)
  })

  it('hostile text in the records forges no command and no Markdown; the outputs stay JSON', async () => {
    const project = platform.addProject().id
    platform.addHistory(project, 3)
    platform.inject({
      path: /^\/projects\/[^/]+\/operations$/,
      kind: 'rewrite',
      set: {
        action: HOSTILE,
        branch_id: MARKDOWN,
        endpoint_id: HOSTILE,
        error: `${HOSTILE} Bearer abc`,
        status: MARKDOWN,
      },
      times: 9,
    })
    const result = await step({ 'project-id': project, 'fail-on-status': 'failed' })
    expect(forgedCommands(result.stdout, (value) => value === admin.key)).toEqual([])
    expect(markdownOutsideHtml(result.summary)).toEqual([expect.stringMatching(/^code_block: gantt\n/)])
    expect(JSON.parse(result.outputs.operations!).map((o: OperationRecord) => o.error)).toEqual(
      new Array(3).fill(`${HOSTILE} Bearer ***`),
    )
    // A status the platform invents is counted, never a key a later step would print.
    expect(JSON.parse(result.outputs['status-counts']!)).toMatchObject({ finished: 0, other: 3 })
    expect(result.outputs['status-counts']).not.toContain('Production')
  })
})

/** The longest run of `letter` in `text`: how much of a value made of that letter got through. */
const longestRun = (text: string, letter: string) =>
  Math.max(0, ...(text.match(new RegExp(`${letter}+`, 'g')) ?? []).map((r) => r.length))

describe('text from the platform is bounded in every log line, error and summary', () => {
  it('fail-on-status names an operation whose created_at, error and action are 100 kB each: each value at most 200 characters', async () => {
    const project = platform.addProject().id
    platform.addHistory(project, 3)
    const failed = platform.addOperation(project, {
      action: 'apply_config',
      branch_id: 'br-main-1',
      status: 'failed',
      createdAt: T - 60_000,
    })
    const huge = { created_at: 'Q'.repeat(100_000), error: 'Z'.repeat(100_000), action: 'J'.repeat(100_000) }
    platform.inject({ path: `/projects/${project}/operations`, kind: 'rewrite', set: huge, ids: [failed], times: 9 })
    const result = await step({ 'project-id': project, 'fail-on-status': 'failed' })

    expect(result.code).toBe(1)
    const [error] = errorLines(result.stdout)
    expect(errorLines(result.stdout)).toHaveLength(1)
    expect(error).toMatch(
      new RegExp(
        `^::error::1 listed operation\\(s\\) have a status .*: ${failed} \\(project ${project}, branch br-main-1, J+…, failed, Q+…\\)\\.$`,
      ),
    )
    for (const letter of ['Q', 'Z', 'J']) {
      expect([letter, longestRun(result.stdout, letter) <= 200, longestRun(result.summary, letter) <= 200]).toEqual([
        letter,
        true,
        true,
      ])
    }
    for (const line of result.stdout.split('\n')) expect(line.length).toBeLessThan(2000)
    expect(result.summary.length).toBeLessThan(50_000)
    // The record itself is whole in the file: only what is shown is cut.
    expect(fileRecords(result.outputs).find((o) => o.id === failed)).toMatchObject(huge)
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
      const result = await step({ 'project-ids': 'all' })
      expect(errorLines(result.stdout)).toEqual([])
      expect(result.code).toBe(0)
      expect(result.outputs).toMatchObject({
        'operation-count': '15',
        'incomplete-project-ids': '[]',
        'org-id': org.orgId,
      })
      expect(fileRecords(result.outputs).find((o) => o.id === odd)).toMatchObject(set)
      expect(JSON.parse(result.outputs.operations!)).toEqual(fileRecords(result.outputs))
      expect(result.stdout).toMatch(
        new RegExp(
          '^::warning::1 listed operation\\(s\\) have a creation time the chart cannot read, ' +
            'or a time outside the years 0100 to 9999\\. ',
          'm',
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
    const result = await step({ 'project-id': project })
    expect(errorLines(result.stdout)).toEqual([])
    expect(result.code).toBe(0)
    expect(result.outputs['operation-count']).toBe('5')
    const times = chartTimes(result.summary)
    expect(times).toContain('9999-12-31 00:00')
    for (const time of times) expect(time).toMatch(/^\d{4}-/)
    expect(result.stdout).toMatch(/^::warning::2 listed operation\(s\) have a creation time the chart cannot read/m)
  })
})

describe('congestion', () => {
  it('a 429 with Retry-After is absorbed: the step waits as asked and lists every project', async () => {
    const projects = platform.addProjects(3)
    for (const id of projects) platform.addHistory(id, 2)
    platform.inject({
      path: `/projects/${projects[1]}/operations`,
      kind: 'status',
      status: 429,
      retryAfter: '7',
      times: 2,
    })
    const result = await step({ 'project-ids': projects.join('\n') })
    expect(result.code).toBe(0)
    expect(result.outputs['operation-count']).toBe('6')
    expect(
      result.stdout.match(/^::warning::The platform answered 429 \(too many requests, Retry-After 7 s; /gm),
    ).toHaveLength(1)
    expect(result.stdout).toMatch(
      /^Listed 6 operation\(s\) of 3 project\(s\) in 5 request\(s\); 2 answered 429 and were sent again after the wait asked for: 6 finished\.$/m,
    )
  })
})

describe('inputs refused before any request, each naming the input', () => {
  it.each<[string, Record<string, string>, RegExp]>([
    ['neither project input', {}, /^::error::list-operations needs `project-id` \(one project\) or `project-ids`/],
    [
      'both project inputs',
      { 'project-id': 'p-1', 'project-ids': 'all' },
      /^::error::Inputs `project-id` and `project-ids` were both given/,
    ],
    [
      'a `since` it cannot read',
      { 'project-id': 'p-1', since: 'last week' },
      /^::error::Input `since` is "last week": it must be a span back from now/,
    ],
    [
      'a `since` in the future',
      { 'project-id': 'p-1', since: '2026-11-22' },
      /^::error::Input `since` is "2026-11-22", which is in the future/,
    ],
    [
      'a status it does not know',
      { 'project-id': 'p-1', 'fail-on-status': 'failed,broken' },
      /^::error::Input `fail-on-status` holds "broken", which is not an operation status/,
    ],
    [
      'a status filter it does not know',
      { 'project-id': 'p-1', 'operation-statuses': 'done' },
      /^::error::Input `operation-statuses` holds "done"/,
    ],
    [
      'a health check that can never fail',
      { 'project-id': 'p-1', 'operation-statuses': 'finished', 'fail-on-status': 'failed' },
      /^::error::Inputs `operation-statuses` \(finished\) and `fail-on-status` \(failed\) share no status\. /,
    ],
    [
      'branch-id with a list',
      { 'project-ids': 'p-1\np-2', 'branch-id': 'br-1' },
      /^::error::Input `branch-id` applies to one project/,
    ],
    [
      'max-operations past its bound',
      { 'project-id': 'p-1', 'max-operations': '100001' },
      /^::error::Input `max-operations` is "100001"/,
    ],
    [
      'operation-ids, as for a gate',
      { 'project-id': 'p-1', 'operation-ids': 'pending' },
      /^::error::Input `operation-ids` was given to list-operations, which does not take it/,
    ],
  ])('%s', async (_, inputs, error) => {
    const result = await step(inputs)
    expect(result.code).toBe(1)
    expect(errorLines(result.stdout)).toEqual([expect.stringMatching(error)])
    expect(platform.requests).toEqual([])
    expect(result.outputs).toEqual({})
  })
})
