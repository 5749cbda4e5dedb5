// src/commands/list-projects.ts: the log lines, the outputs and the job summary, word for word.
// In process, against the platform emulator over HTTP, with one manual clock for both.
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import type { PlatformEmulator } from '../../emulator/platform.ts'
import type { CommandContext } from '../../src/runner/context.ts'
import { runListProjects } from '../../src/commands/list-projects.ts'
import type { CapturedLog } from '../support/clock.ts'
import { inProcessPerTest } from '../support/in-process.ts'

let platform: PlatformEmulator
let log: CapturedLog
let ctx: CommandContext
let org: string

inProcessPerTest(
  (run) => {
    ;({ platform, log, ctx } = run)
    org = platform.defaultOrgId
  },
  { random: () => 0 },
)

const row = (id: string, name: string) =>
  `<tr><td><code>${id}</code></td><td>${name}</td><td>aws-us-east-2</td><td>17</td><td>2026-11-21 10:00 UTC</td></tr>`
const HEADERS = '<tr><th>id</th><th>name</th><th>region</th><th>Postgres</th><th>created</th></tr>'

describe('list-projects', () => {
  it('logs how many it found, and sums them up in a table', async () => {
    const [a, b] = platform.addProjects(2)
    const result = await runListProjects(ctx, {})
    expect(log.info).toEqual([
      `Organization ${org}: the only organization of the step's key, "Emulator Org".`,
      'Found 2 project(s).',
    ])
    expect(log.warning).toEqual([])
    expect(result.summary).toBe(
      '<h3>Projects (2)</h3>\n' +
        `<table>\n${HEADERS}\n${row(a!, 'project-001')}\n${row(b!, 'project-002')}\n</table>\n`,
    )
    expect(result.outputs['project-ids']).toBe(JSON.stringify([a, b]))
    expect(result.outputs['org-id']).toBe(org)
    expect(JSON.parse(readFileSync(result.outputs['projects-file']!, 'utf8'))).toEqual(
      JSON.parse(result.outputs.projects!),
    )
  })

  it('a list whose cursor repeats may be incomplete: the summary says so, not only the log', async () => {
    platform.addProjects(1000)
    platform.inject({ path: '/projects', kind: 'cursor', mode: 'cycle', times: 99 })
    const result = await runListProjects(ctx, {})
    expect(log.warning).toEqual([expect.stringContaining('The listing stops there and may be incomplete')])
    expect(result.summary).toMatch(
      /^<h3>Projects \(\d+, may be incomplete\)<\/h3>\n<p>The platform handed out the project list&#39;s cursor .* may be incomplete: \d+ project\(s\) were read\.<\/p>\n<details><summary>The projects: 200 rows<\/summary>\n\n<table>/,
    )
  })

  it('names the search it matched', async () => {
    platform.addProjects(3)
    const result = await runListProjects(ctx, { search: 'project-002', orgId: org })
    expect(log.info).toEqual([
      `Organization ${org}: from the \`org-id\` input.`,
      'Found 1 project(s) matching "project-002".',
    ])
    expect(JSON.parse(result.outputs.projects!).map((p: { name: string }) => p.name)).toEqual(['project-002'])
  })

  it('a partial list names the projects the platform could not read, in the log and the summary', async () => {
    const [a, b, c] = platform.addProjects(3)
    platform.setUnavailable([b!, c!])
    const result = await runListProjects(ctx, {})
    const partial =
      `The list is incomplete: the platform could not read 2 project(s) in time (unavailable_project_ids: ${b}, ${c}). ` +
      'They are not in the outputs. Run the step again for a complete list.'
    expect(log.info.at(-1)).toBe('Found 1 project(s).')
    expect(log.warning).toEqual([partial])
    expect(result.summary).toBe(
      `<h3>Projects (1, incomplete)</h3>\n<table>\n${HEADERS}\n${row(a!, 'project-001')}\n</table>\n<p>${partial}</p>\n`,
    )
    expect(result.outputs['project-ids']).toBe(JSON.stringify([a]))
  })

  it('names at most 20 unreadable projects, and counts the rest', async () => {
    const ids = platform.addProjects(23)
    platform.setUnavailable(ids)
    const result = await runListProjects(ctx, {})
    const expected =
      `The list is incomplete: the platform could not read 23 project(s) in time (unavailable_project_ids: ${ids.slice(0, 20).join(', ')}, and 3 more). ` +
      'They are not in the outputs. Run the step again for a complete list.'
    expect(log.warning).toEqual([expected])
    expect(result.outputs['project-ids']).toBe('[]')
  })

  it('names all 20 when exactly 20 are unreadable', async () => {
    const ids = platform.addProjects(20)
    platform.setUnavailable(ids)
    await runListProjects(ctx, {})
    expect(log.warning).toEqual([
      `The list is incomplete: the platform could not read 20 project(s) in time (unavailable_project_ids: ${ids.join(', ')}). ` +
        'They are not in the outputs. Run the step again for a complete list.',
    ])
  })
})
