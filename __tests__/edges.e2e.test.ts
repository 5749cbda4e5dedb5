import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PlatformEmulator } from '../emulator/platform.ts'
import { errorLines, runStep } from '../scripts/run-step.ts'

/**
 * Edges of the step that only a whole run reaches: odd answers about organizations, and a runner
 * whose files cannot be written.
 */
let platform: PlatformEmulator
let url: string
let admin: { id: number; key: string }

beforeEach(async () => {
  platform = new PlatformEmulator()
  url = await platform.start()
  admin = platform.addKey('admin')
})

afterEach(async () => {
  await platform.stop()
})

const step = (inputs: Record<string, string>, env?: Record<string, string>) =>
  runStep({ 'api-key': admin.key, 'api-host': url, ...inputs }, { env })

describe("the organization of a project-scoped key comes from the project's record", () => {
  it('fails, creating nothing, when the record names no organization', async () => {
    const project = platform.addProject()
    platform.inject({ path: `/projects/${project.id}`, kind: 'rewrite', set: { org_id: null } })
    const result = await step({ command: 'create-key', 'key-name': 'scoped', 'project-id': project.id })
    expect(result.code).toBe(1)
    expect(errorLines(result.stdout)).toEqual([
      `::error::The platform's record of project ${project.id} names no organization (org_id), and a project-scoped key belongs to one: set \`org-id\` to the organization that owns the project.`,
    ])
    expect(platform.requests.filter((r) => r.method === 'POST')).toEqual([])
  })

  it('fails when the record names something that is not an organization id', async () => {
    const project = platform.addProject()
    platform.inject({ path: `/projects/${project.id}`, kind: 'rewrite', set: { org_id: 'Org/../x' } })
    const result = await step({ command: 'create-key', 'key-name': 'scoped', 'project-id': project.id })
    expect(errorLines(result.stdout)).toEqual([
      `::error::GET /projects/${project.id} answered "Org/../x", which is not an organization id: set \`org-id\` to the one to use.`,
    ])
    expect(platform.requests.filter((r) => r.method === 'POST')).toEqual([])
  })
})

it('a personal key in many organizations names the first ten and counts the rest', async () => {
  const memberships: Record<string, 'member'> = {}
  for (let i = 0; i < 12; i++) memberships[platform.addOrganization({ id: `org-${i}`, name: `Org ${i}` }).id] = 'member'
  const user = platform.addUser({ organizations: memberships })
  const key = platform.addKey('many', { user })
  const result = await runStep({ 'api-key': key.key, 'api-host': url, command: 'list-projects' })
  const [error] = errorLines(result.stdout)
  expect(error).toMatch(/^::error::The step's key is a personal key whose user belongs to 12 organizations: "Org 0" \(org-0\), /)
  expect(error).toContain('"Org 9" (org-9), and 2 more. ')
  expect(error).not.toContain('org-10')
})

describe('a runner whose files cannot be written', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'neon-action-edges-'))
  })
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true })
  })

  it('fails list-projects, naming RUNNER_TEMP, when the projects file cannot be written', async () => {
    platform.addProjects(2)
    const missing = join(dir, 'no-such-dir')
    const result = await step({ command: 'list-projects', 'org-id': platform.defaultOrgId }, { RUNNER_TEMP: missing })
    expect(result.code).toBe(1)
    const [error] = errorLines(result.stdout)
    expect(error).toMatch(new RegExp(`^::error::Could not write the projects file in ${missing} \\(RUNNER_TEMP\\): ENOENT`))
  })

  it('warns, and still succeeds, when the job summary cannot be written', async () => {
    platform.addProjects(2)
    const result = await step({ command: 'list-projects', 'org-id': platform.defaultOrgId }, { GITHUB_STEP_SUMMARY: dir })
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/^::warning::Could not write the job summary: EISDIR/m)
    expect(result.outputs['project-ids']).toBeDefined()
  })
})
