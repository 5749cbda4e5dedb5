// list-projects as a workflow runs it: the pages it follows and where it stops, the organization it lists, and hostile
// fields kept as data.
// End to end: each step is a child process, as a runner starts it (scripts/run-step.ts), on the committed
// bundle dist/index.js (E2E_ENTRY=source runs src/index.ts instead), against the platform emulator.
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { type PlatformEmulator } from '../../emulator/platform.ts'
import { errorLines, runStep, type StepResult } from '../../scripts/run-step.ts'
import { MAX_PROJECT_PAGES } from '../../src/api/endpoints.ts'
import { expectOnlyOwnCommands, HOSTILE, MARKDOWN } from '../support/injection.ts'
import { platformPerTest } from '../support/platform-per-test.ts'
import { tempDirPerTest } from '../support/temp-dir.ts'

let platform: PlatformEmulator
let url: string
let admin: { id: number; key: string }

const { step, base } = platformPerTest((started) => ({ platform, url, admin } = started))

const VALUES = [HOSTILE, MARKDOWN]

describe('list-projects', () => {
  it('follows the cursor through every page', async () => {
    const ids = platform.addProjects(57)
    const step = await runStep({ ...base(), command: 'list-projects' })
    expect(step.code).toBe(0)
    expect(JSON.parse(step.outputs['project-ids']!)).toEqual(ids)
    const projects = JSON.parse(step.outputs.projects!) as Array<{ id: string; region_id: string }>
    expect(projects).toHaveLength(57)
    expect(projects[0]!.region_id).toBeTruthy()
    const pages = platform.requests.filter((r) => r.path === '/projects')
    expect(pages[0]!.query.limit).toBe('400')
    expect(step.summary).toContain('Projects (57)')
  })

  it('reads 450 projects in two pages: the second, short, is the last', async () => {
    platform.addProjects(450)
    const step = await runStep({ ...base(), command: 'list-projects' })
    expect(JSON.parse(step.outputs['project-ids']!)).toHaveLength(450)
    expect(platform.requests.filter((r) => r.path === '/projects')).toHaveLength(2)
  })
})

describe('paging', () => {
  /** RUNNER_TEMP of the steps: kept until the test has read the files the action wrote there. */
  let runnerTemp: string
  tempDirPerTest('neon-action-runner-temp-', (dir) => (runnerTemp = dir))

  const listProjects = () => step({ command: 'list-projects' }, { env: { RUNNER_TEMP: runnerTemp } })

  const warnings = (result: StepResult) => result.stdout.split('\n').filter((l) => l.startsWith('::warning::'))
  it('57 projects cost one request', async () => {
    platform.addProjects(57)
    const result = await listProjects()
    expect(result.code).toBe(0)
    const pages = platform.requests.filter((r) => r.path === '/projects')
    expect(pages.map((r) => r.query)).toEqual([{ org_id: platform.defaultOrgId, limit: '400' }])
  })

  it('a cursor that cycles A → B → A ends the listing with one warning naming it', async () => {
    platform.inject({ path: '/projects', kind: 'cursor', mode: 'cycle', times: 99 })
    const result = await listProjects()
    expect(result.code).toBe(0)
    expect(platform.requests.filter((r) => r.path === '/projects')).toHaveLength(3)
    // One warning for the cursor; the outputs that do not fit (800 records) are in projects-file, as a line of the log says.
    expect(warnings(result)).toEqual([
      '::warning::The platform handed out the project list\'s cursor "cursor-a" a second time (page 3). The listing stops there and may be incomplete: 800 project(s) were read.',
    ])
    expect(result.stdout).toMatch(/^Not set: `projects`/m)
    expect(JSON.parse(readFileSync(result.outputs['projects-file']!, 'utf8'))).toHaveLength(800)
  })

  it('new cursors over the same projects end the listing with one warning', async () => {
    platform.inject({ path: '/projects', kind: 'cursor', mode: 'repeat', times: 99 })
    const result = await listProjects()
    expect(result.code).toBe(0)
    expect(platform.requests.filter((r) => r.path === '/projects')).toHaveLength(2)
    expect(warnings(result)).toEqual([
      expect.stringMatching(
        /^::warning::Page 2 of the project list \(cursor "repeat-1"\) held only projects already read/,
      ),
    ])
  })

  it('a cursor that never ends fails: the list is incomplete', async () => {
    platform.inject({ path: '/projects', kind: 'cursor', mode: 'endless', times: MAX_PROJECT_PAGES + 10 })
    const result = await listProjects()
    expect(result.code).toBe(1)
    expect(errorLines(result.stdout)).toEqual([
      `::error::The project list did not end after ${MAX_PROJECT_PAGES} pages (${MAX_PROJECT_PAGES * 400} projects). The step fails rather than pass off part of the list as the whole list. Check the \`api-host\` input, or report the endless list to the platform.`,
    ])
    expect(platform.requests.filter((r) => r.path === '/projects')).toHaveLength(MAX_PROJECT_PAGES)
    expect(result.outputs).toEqual({})
  }, 60_000)
})

it('a personal key in many organizations names the first ten and counts the rest', async () => {
  const memberships: Record<string, 'member'> = {}
  for (let i = 0; i < 12; i++) memberships[platform.addOrganization({ id: `org-${i}`, name: `Org ${i}` }).id] = 'member'
  const user = platform.addUser({ organizations: memberships })
  const key = platform.addKey('many', { user })
  const result = await runStep({ 'api-key': key.key, 'api-host': url, command: 'list-projects' })
  const [error] = errorLines(result.stdout)
  expect(error).toMatch(
    /^::error::The step's key is a personal key whose user belongs to 12 organizations: "Org 0" \(org-0\), /,
  )
  expect(error).toContain('"Org 9" (org-9), and 2 more. ')
  expect(error).not.toContain('org-10')
})

describe('hostile values in the records the platform sends', () => {
  it.each(VALUES.map((v) => [v]))('every field of every project: %j', async (value) => {
    platform.addProjects(3)
    platform.inject({
      path: '/projects',
      kind: 'rewrite',
      set: { id: value, name: value, region_id: value, created_at: value, pg_version: value },
    })
    const result = await step({ command: 'list-projects' })
    expect(errorLines(result.stdout)).toEqual([])
    expect(JSON.parse(result.outputs.projects!)[0]).toMatchObject({ id: value, name: value })
    expectOnlyOwnCommands(result, admin.key)
  })

  it('values that are not text where text is expected are shown as their JSON, and the step goes on', async () => {
    platform.addProjects(3)
    platform.inject({ path: '/projects', kind: 'rewrite', set: { region_id: {}, pg_version: { v: [17] } } })
    const result = await step({ command: 'list-projects' })
    expect(errorLines(result.stdout)).toEqual([])
    expect(result.code).toBe(0)
    expect(result.summary).toContain('<td>{}</td>')
    expect(result.summary).toContain('<td>{&#34;v&#34;:[17]}</td>')
  })
})
