// src/commands/list-projects.ts: the log lines, the outputs and the job summary, word for word; the organization it
// lists (src/api/organization.ts) for each kind of key, and the requests that costs.
// In process, against the platform emulator over HTTP, with one manual clock for both.
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import type { PlatformEmulator } from '../../emulator/platform.ts'
import type { CommandContext } from '../../src/runner/context.ts'
import { runListProjects, type ListProjectsSettings } from '../../src/commands/list-projects.ts'
import type { CapturedLog } from '../support/clock.ts'
import { inProcessPerTest, type InProcess } from '../support/in-process.ts'

let run: InProcess
let platform: PlatformEmulator
let log: CapturedLog
let ctx: CommandContext
let org: string

inProcessPerTest(
  (started) => {
    run = started
    ;({ platform, log, ctx } = started)
    org = platform.defaultOrgId
  },
  { random: () => 0 },
)

const row = (id: string, name: string) =>
  `<tr><td><code>${id}</code></td><td>${name}</td><td>aws-us-east-2</td><td>17</td><td>2026-11-21 10:00 UTC</td></tr>`
const HEADERS = '<tr><th>id</th><th>name</th><th>region</th><th>Postgres</th><th>created</th></tr>'

/** The requests made, as "METHOD /path?query". */
const requests = () =>
  platform.requests.map((r) => {
    const query = new URLSearchParams(r.query).toString()
    return `${r.method} ${r.path}${query ? `?${query}` : ''}`
  })

/** runListProjects with the step's key `apiKey`. */
async function listWith(apiKey: string, options: ListProjectsSettings = {}) {
  const client = run.clientWith({ apiKey })
  try {
    return await runListProjects({ ...ctx, client }, options)
  } finally {
    await client.close()
  }
}

/** The error `list` fails with. */
async function failure(list: Promise<unknown>): Promise<Error> {
  const error = await list.then(
    () => undefined,
    (thrown: unknown) => thrown,
  )
  if (!(error instanceof Error)) throw new Error('the listing did not fail')
  return error
}

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
    // With no org-id, one request more: the organization of the step's key.
    expect(requests()).toEqual(['GET /users/me/organizations', `GET /projects?org_id=${org}&limit=400`])
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
    expect(platform.requests.map((r) => r.query)).toEqual([{ org_id: org, search: 'project-002', limit: '400' }])
  })

  it('a search never passes a partial list off as complete', async () => {
    const api = platform.addProject({ name: 'billing-api' }).id
    const web = platform.addProject({ name: 'billing-web' }).id
    platform.addProject({ name: 'auth' })
    platform.setUnavailable([web])
    const result = await runListProjects(ctx, { orgId: org, search: 'billing' })
    expect(JSON.parse(result.outputs['project-ids']!)).toEqual([api])
    expect(log.warning).toEqual([
      expect.stringContaining(
        `The list is incomplete: the platform could not read 1 project(s) in time (unavailable_project_ids: ${web})`,
      ),
    ])
    expect(result.summary).toContain('The list is incomplete')
    expect(log.info).toContain('Found 1 project(s) matching "billing".')
  })

  it('values that are not text where text is expected are shown as their JSON, and the listing goes on', async () => {
    platform.addProjects(3)
    platform.inject({ path: '/projects', kind: 'rewrite', set: { region_id: {}, pg_version: { v: [17] } } })
    const result = await runListProjects(ctx, {})
    expect(result.summary).toContain('<td>{}</td>')
    expect(result.summary).toContain('<td>{&#34;v&#34;:[17]}</td>')
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

describe('the organization it lists', () => {
  it('a personal key in two organizations fails before listing, naming both, with text from the service made harmless', async () => {
    const other = platform.addOrganization({ name: '::warning::Beta\nInc' }).id
    const user = platform.addUser({ organizations: { [org]: 'member', [other]: 'admin' } })
    const personal = platform.addKey('two-orgs', { user })
    const error = await failure(listWith(personal.key))
    expect(error.message).toContain("The step's key is a personal key whose user belongs to 2 organizations:")
    expect(error.message).toContain(`"Emulator Org" (${org})`)
    expect(error.message).toContain(`(${other})`)
    expect(error.message).toContain('set `org-id` to the id of the one to use')
    expect(error.message).not.toContain('::warning::')
    expect(error.message).not.toMatch(/[\r\n]/)
    expect(requests()).toEqual(['GET /users/me/organizations'])

    // Naming one of them lists its projects with no extra request.
    platform.clearRequests()
    const chosen = await listWith(personal.key, { orgId: other })
    expect(chosen.outputs['org-id']).toBe(other)
    expect(requests()).toEqual([`GET /projects?org_id=${other}&limit=400`])
  })

  it('a personal key in many organizations names the first ten and counts the rest', async () => {
    const memberships: Record<string, 'member'> = {}
    for (let i = 0; i < 12; i++)
      memberships[platform.addOrganization({ id: `org-${i}`, name: `Org ${i}` }).id] = 'member'
    const key = platform.addKey('many', { user: platform.addUser({ organizations: memberships }) })
    const error = await failure(listWith(key.key))
    expect(error.message).toMatch(
      /^The step's key is a personal key whose user belongs to 12 organizations: "Org 0" \(org-0\), /,
    )
    expect(error.message).toContain('"Org 9" (org-9), and 2 more. ')
    expect(error.message).not.toContain('org-10')
  })

  it("an organization key lists its organization's projects", async () => {
    const other = platform.addOrganization().id
    const mine = platform.addProjects(2)
    platform.addProject({ org_id: other })
    const orgKey = platform.addOrgKey(org, 'inventory')
    const result = await listWith(orgKey.key)
    expect(JSON.parse(result.outputs['project-ids']!)).toEqual(mine)
    expect(result.outputs['org-id']).toBe(org)
  })

  it('a user in no organization lists without org_id', async () => {
    const loner = platform.addKey('loner', { user: platform.addUser() })
    const result = await listWith(loner.key)
    expect(result.outputs['project-ids']).toBe('[]')
    expect(result.outputs['org-id']).toBeUndefined()
    expect(requests()).toEqual(['GET /users/me/organizations', 'GET /projects?limit=400'])
  })

  it('a key outside the organization named is refused with what the key may reach', async () => {
    const other = platform.addOrganization().id
    const error = await failure(runListProjects(ctx, { orgId: other }))
    expect(error.message).toMatch(
      new RegExp(
        `^Could not list the projects of organization ${other}: the platform refused it \\(403 Forbidden\\): the step's key may not list the projects of organization ${other}: a personal key reaches only the organizations its user belongs to`,
      ),
    )
  })
})
