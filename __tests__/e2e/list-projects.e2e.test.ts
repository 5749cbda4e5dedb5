// list-projects as a workflow runs it: its outputs and summary, a list too large for the outputs left in `projects-file`
// with a warning where the listing stopped, and hostile fields kept as data. The paging, the organization it lists and
// the wording are tested in process (__tests__/commands/list-projects.test.ts, __tests__/api/endpoints.test.ts).
// End to end: each step is a child process, as a runner starts it (scripts/run-step.ts), on the committed
// bundle dist/index.js (E2E_ENTRY=source runs src/ instead), against the platform emulator.
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { type PlatformEmulator } from '../../emulator/platform.ts'
import { errorLines, runStep, type StepResult } from '../../scripts/run-step.ts'
import { expectOnlyOwnCommands, HOSTILE, MARKDOWN } from '../support/injection.ts'
import { platformPerTest } from '../support/platform-per-test.ts'
import { tempDirPerTest } from '../support/temp-dir.ts'

let platform: PlatformEmulator
let admin: { id: number; key: string }

const { step, base } = platformPerTest((started) => ({ platform, admin } = started))

const VALUES = [HOSTILE, MARKDOWN]

describe('list-projects', () => {
  it('57 projects: one request, and the outputs and summary hold them all', async () => {
    const ids = platform.addProjects(57)
    const step = await runStep({ ...base(), command: 'list-projects' })
    expect(step.code).toBe(0)
    expect(JSON.parse(step.outputs['project-ids']!)).toEqual(ids)
    const projects = JSON.parse(step.outputs.projects!) as Array<{ id: string; region_id: string }>
    expect(projects).toHaveLength(57)
    expect(projects[0]!.region_id).toBeTruthy()
    const pages = platform.requests.filter((r) => r.path === '/projects')
    expect(pages.map((r) => r.query)).toEqual([{ org_id: platform.defaultOrgId, limit: '400' }])
    expect(step.summary).toContain('Projects (57)')
  })
})

describe('a list too large for the outputs', () => {
  /** RUNNER_TEMP of the steps: kept until the test has read the files the action wrote there. */
  let runnerTemp: string
  tempDirPerTest('neon-action-runner-temp-', (dir) => (runnerTemp = dir))

  const listProjects = () => step({ command: 'list-projects' }, { env: { RUNNER_TEMP: runnerTemp } })

  const warnings = (result: StepResult) => result.stdout.split('\n').filter((l) => l.startsWith('::warning::'))

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
})
