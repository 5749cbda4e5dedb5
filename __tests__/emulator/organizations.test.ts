// emulator/organizations.ts: the emulator's organizations as the live service has them: users in one or more with a
// role each (the 2026 roles, and member), permissions on single projects, the three kinds of key and their permission
// matrix, a key id unknown outside its namespace, the members' list with members who leave and deactivated accounts.
// Over real HTTP, on a manual clock.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { KEY_OWNER, PlatformEmulator, type Role } from '../../emulator/platform.ts'
import { takeViolations } from '../../emulator/contract.ts'

const T0 = Date.parse('2026-11-21T10:00:00Z')

let platform: PlatformEmulator
let now: number
let admin: { id: number; key: string }
let org: string

beforeEach(async () => {
  now = T0
  platform = new PlatformEmulator({ now: () => now })
  await platform.start()
  admin = platform.addKey('admin')
  org = platform.defaultOrgId
})

afterEach(async () => {
  await platform.stop()
})

async function call(
  key: string,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<{ status: number; json: any }> {
  const headers: Record<string, string> = { authorization: `Bearer ${key}`, accept: 'application/json' }
  if (init.body !== undefined) headers['content-type'] = 'application/json'
  const res = await fetch(platform.url + path, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  return { status: res.status, json: await res.json() }
}

const createOrgKey = (key: string, orgId: string, body: Record<string, unknown>) =>
  call(key, `/organizations/${orgId}/api_keys`, { method: 'POST', body })

describe('who a key is', () => {
  it('GET /auth: api_key_user with the user id, api_key_org with the organization id for both organization kinds', async () => {
    const project = platform.addProject().id
    const orgKey = platform.addOrgKey(org, 'org')
    const scoped = platform.addOrgKey(org, 'scoped', { projectId: project })
    expect((await call(admin.key, '/auth')).json).toEqual({ account_id: KEY_OWNER.id, auth_method: 'api_key_user' })
    expect((await call(orgKey.key, '/auth')).json).toEqual({ account_id: org, auth_method: 'api_key_org' })
    expect((await call(scoped.key, '/auth')).json).toEqual({ account_id: org, auth_method: 'api_key_org' })
  })

  it("GET /users/me/organizations: the user's organizations, or the one that owns an organization key", async () => {
    const other = platform.addOrganization({ name: 'Beta' }).id
    const user = platform.addUser({ organizations: { [org]: 'member', [other]: 'admin' } })
    const personal = platform.addKey('two-orgs', { user })
    const mine = (await call(personal.key, '/users/me/organizations')).json.organizations
    expect(mine.map((o: { id: string }) => o.id).sort()).toEqual([org, other].sort())
    expect(mine.find((o: { id: string }) => o.id === other)).toEqual({
      id: other,
      name: 'Beta',
      handle: expect.any(String),
      plan: expect.any(String),
      created_at: '2026-11-21T10:00:00Z',
      updated_at: '2026-11-21T10:00:00Z',
      managed_by: 'console',
    })
    expect(other).toMatch(/^org-[a-z]+-[a-z]+-\d{8}$/)
    const orgKey = platform.addOrgKey(other, 'beta-key')
    expect(
      (await call(orgKey.key, '/users/me/organizations')).json.organizations.map((o: { id: string }) => o.id),
    ).toEqual([other])
    const loner = platform.addKey('loner', { user: platform.addUser() })
    expect((await call(loner.key, '/users/me/organizations')).json).toEqual({ organizations: [] })
  })
})

describe('projects by organization', () => {
  it('a personal key must name org_id, as the live service insists; a user in no organization need not', async () => {
    const ids = platform.addProjects(3)
    const refused = await call(admin.key, '/projects')
    expect(refused.status).toBe(400)
    expect(refused.json.message).toMatch(/org_id is required/)
    const listed = await call(admin.key, `/projects?org_id=${org}`)
    expect(listed.json.projects.map((p: { id: string; org_id: string }) => [p.id, p.org_id])).toEqual(
      ids.map((id) => [id, org]),
    )
    const loner = platform.addKey('loner', { user: platform.addUser() })
    expect((await call(loner.key, '/projects')).json.projects).toEqual([])
  })

  it("an organization key lists its organization's projects without org_id, and no other organization's", async () => {
    const other = platform.addOrganization().id
    const mine = platform.addProject().id
    platform.addProject({ org_id: other })
    const orgKey = platform.addOrgKey(org, 'org')
    expect((await call(orgKey.key, '/projects')).json.projects.map((p: { id: string }) => p.id)).toEqual([mine])
    expect((await call(orgKey.key, `/projects?org_id=${other}`)).status).toBe(403)
    expect((await call(admin.key, `/projects?org_id=${other}`)).status).toBe(403)
    expect((await call(admin.key, '/projects?org_id=org-nobody-00000000')).status).toBe(404)
    expect((await call(admin.key, '/projects?org_id=Not_An_Id')).status).toBe(400)
    expect(takeViolations()).toEqual([
      'GET /projects: the query parameter org_id=Not_An_Id must match pattern "^[a-z0-9-]{1,60}$"',
    ])
  })

  it('a project-scoped key sees its one project, and its operations, and is refused every other', async () => {
    const [mine, other] = platform.addProjects(2) as [string, string]
    const op = platform.addOperation(mine)
    const otherOp = platform.addOperation(other)
    const scoped = platform.addOrgKey(org, 'scoped', { projectId: mine })
    expect((await call(scoped.key, '/projects')).json.projects.map((p: { id: string }) => p.id)).toEqual([mine])
    expect((await call(scoped.key, `/projects/${mine}`)).json.project).toMatchObject({ id: mine, org_id: org })
    expect((await call(scoped.key, `/projects/${mine}/operations/${op}`)).status).toBe(200)
    const refused = await call(scoped.key, `/projects/${other}/operations/${otherOp}`)
    expect(refused.status).toBe(403)
    expect(refused.json.message).toMatch(/scoped to project/)
    expect((await call(scoped.key, `/projects/${other}`)).status).toBe(403)
    expect((await call(scoped.key, `/projects/${other}/operations`)).status).toBe(403)
  })

  it('GET /projects/{id} names the owning organization; a user outside it is refused, an unknown id is 404', async () => {
    const project = platform.addProject({ name: 'app' }).id
    expect((await call(admin.key, `/projects/${project}`)).json.project).toMatchObject({
      id: project,
      name: 'app',
      org_id: org,
    })
    const outsider = platform.addKey('outsider', {
      user: platform.addUser({ organizations: { [platform.addOrganization().id]: 'admin' } }),
    })
    expect((await call(outsider.key, `/projects/${project}`)).status).toBe(403)
    expect((await call(admin.key, '/projects/no-such-project')).status).toBe(404)
  })

  it('search keeps projects whose name or id holds it; unavailable projects are left out and named', async () => {
    const api = platform.addProject({ name: 'Billing-API' }).id
    const web = platform.addProject({ name: 'billing-web' }).id
    platform.addProject({ name: 'auth' })
    const found = await call(admin.key, `/projects?org_id=${org}&search=billing`)
    expect(found.json.projects.map((p: { id: string }) => p.id)).toEqual([api, web])
    expect((await call(admin.key, `/projects?org_id=${org}&search=${web.slice(0, 12)}`)).json.projects[0].id).toBe(web)
    platform.setUnavailable([web])
    const partial = await call(admin.key, `/projects?org_id=${org}&search=billing`)
    expect(partial.json.projects.map((p: { id: string }) => p.id)).toEqual([api])
    expect(partial.json.unavailable_project_ids).toEqual([web])
  })
})

describe('organization keys', () => {
  it('an admin creates organization and project-scoped keys with a personal key; the answers carry project_id when scoped', async () => {
    const project = platform.addProject().id
    const plain = await createOrgKey(admin.key, org, { key_name: 'org-wide' })
    expect(plain.status).toBe(200)
    expect(plain.json).toEqual({
      id: expect.any(Number),
      key: expect.stringMatching(/^napi_/),
      name: 'org-wide',
      created_at: '2026-11-21T10:00:00Z',
      created_by: KEY_OWNER.id,
    })
    const scoped = await createOrgKey(admin.key, org, { key_name: 'deploy', project_id: project })
    expect(scoped.json).toMatchObject({ name: 'deploy', project_id: project })
    const listed = (await call(admin.key, `/organizations/${org}/api_keys`)).json
    expect(listed.map((k: { id: number; project_id?: string }) => [k.id, k.project_id])).toEqual([
      [plain.json.id, undefined],
      [scoped.json.id, project],
    ])
    expect(JSON.stringify(listed)).not.toContain('napi_')
    expect(listed[0].created_by).toEqual(KEY_OWNER)
    // Organization keys are not personal keys.
    expect((await call(admin.key, '/api_keys')).json.map((k: { id: number }) => k.id)).toEqual([admin.id])
    expect(platform.keys().find((k) => k.id === scoped.json.id)).toMatchObject({
      kind: 'organization',
      org_id: org,
      project_id: project,
    })
  })

  it('the matrix: an organization key cannot create keys, a project-scoped key cannot manage any', async () => {
    const project = platform.addProject().id
    const orgKey = platform.addOrgKey(org, 'org')
    const scoped = platform.addOrgKey(org, 'scoped', { projectId: project })
    const outsider = platform.addKey('outsider', { user: platform.addUser() })

    const byOrgKey = await createOrgKey(orgKey.key, org, { key_name: 'x' })
    expect([byOrgKey.status, byOrgKey.json.message]).toEqual([403, 'organization API keys cannot create API keys'])
    expect((await createOrgKey(scoped.key, org, { key_name: 'x', project_id: project })).status).toBe(403)
    expect((await call(scoped.key, `/organizations/${org}/api_keys`)).status).toBe(403)
    expect((await call(scoped.key, `/organizations/${org}/api_keys/${orgKey.id}`, { method: 'DELETE' })).status).toBe(
      403,
    )
    expect((await call(orgKey.key, '/api_keys')).status).toBe(403)
    expect((await call(orgKey.key, '/api_keys', { method: 'POST', body: { key_name: 'x' } })).status).toBe(403)
    const byOutsider = await createOrgKey(outsider.key, org, { key_name: 'x', project_id: project })
    expect([byOutsider.status, byOutsider.json.message]).toEqual([403, `you are not a member of organization ${org}`])
    expect((await call(outsider.key, `/organizations/${org}/api_keys`)).status).toBe(403)

    // An organization key lists and revokes its organization's keys.
    expect((await call(orgKey.key, `/organizations/${org}/api_keys`)).status).toBe(200)
    expect(
      (await call(orgKey.key, `/organizations/${org}/api_keys/${scoped.id}`, { method: 'DELETE' })).json,
    ).toMatchObject({
      id: scoped.id,
      revoked: true,
      project_id: project,
    })
    expect(platform.isKeyValid(scoped.id)).toBe(false)
  })

  it('refuses a project of another organization, a bad project_id, a bad name and an unknown organization', async () => {
    const other = platform.addOrganization().id
    const foreign = platform.addProject({ org_id: other }).id
    expect((await createOrgKey(admin.key, org, { key_name: 'x', project_id: foreign })).status).toBe(404)
    expect((await createOrgKey(admin.key, org, { key_name: 'x', project_id: 'Bad_Id' })).status).toBe(400)
    expect((await createOrgKey(admin.key, org, { key_name: 'k'.repeat(65) })).status).toBe(400)
    expect((await createOrgKey(admin.key, 'org-nobody-00000000', { key_name: 'x' })).status).toBe(404)
    // The description refuses the bad project_id and the long name too.
    expect(takeViolations()).toEqual([
      `POST /organizations/${org}/api_keys: the body /project_id must match pattern "^[a-z0-9-]{1,60}$"`,
      `POST /organizations/${org}/api_keys: the body /key_name must NOT have more than 64 characters`,
    ])
  })

  it('a key id is unknown outside its namespace: 404 both ways, and across organizations', async () => {
    const other = platform.addOrganization().id
    platform.setMembership(KEY_OWNER.id, other, 'admin')
    const orgKey = platform.addOrgKey(org, 'org')
    const personal = platform.addKey('personal')
    expect((await call(admin.key, `/api_keys/${orgKey.id}`, { method: 'DELETE' })).status).toBe(404)
    expect((await call(admin.key, `/organizations/${org}/api_keys/${personal.id}`, { method: 'DELETE' })).status).toBe(
      404,
    )
    expect((await call(admin.key, `/organizations/${other}/api_keys/${orgKey.id}`, { method: 'DELETE' })).status).toBe(
      404,
    )
    expect(platform.isKeyValid(orgKey.id) && platform.isKeyValid(personal.id)).toBe(true)
  })

  it('creating organization keys is rate limited to 10 a second', async () => {
    for (let i = 0; i < 10; i++) expect((await createOrgKey(admin.key, org, { key_name: `k${i}` })).status).toBe(200)
    const res = await fetch(`${platform.url}/organizations/${org}/api_keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ key_name: 'k10' }),
    })
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toBe('1')
    now += 1000
    expect((await createOrgKey(admin.key, org, { key_name: 'k10' })).status).toBe(200)
  })

  it('dropKeyScope: the next project-scoped creation answers an unscoped key, as a scoping bug would', async () => {
    const project = platform.addProject().id
    platform.dropKeyScope()
    const wrong = await createOrgKey(admin.key, org, { key_name: 'deploy', project_id: project })
    expect(wrong.json.project_id).toBeUndefined()
    expect(platform.keys().find((k) => k.id === wrong.json.id)?.project_id).toBeUndefined()
    expect((await createOrgKey(admin.key, org, { key_name: 'deploy', project_id: project })).json.project_id).toBe(
      project,
    )
  })
})

describe('roles and project permissions (2026)', () => {
  /** A personal key of a new user with `role` in the default organization. */
  const keyOf = (role: Role) => {
    const user = platform.addUser({ organizations: { [org]: role } })
    return { user, ...platform.addKey(role, { user }) }
  }
  const ids = (items: { id: string | number }[]) => items.map((item) => item.id)
  const orgKeys = () => `/organizations/${org}/api_keys`
  const revoke = (key: string, id: number) => call(key, `${orgKeys()}/${id}`, { method: 'DELETE' })
  const newBranch = (key: string, project: string) =>
    call(key, `/projects/${project}/branches`, { method: 'POST', body: { endpoints: [{ type: 'read_write' }] } })
  const refusal = (res: { status: number; json: { message: string } }) => [res.status, res.json.message]

  it('only an admin creates organization and project-scoped keys; any other role is refused, named', async () => {
    const project = platform.addProject().id
    for (const role of ['member', 'editor', 'viewer', 'collaborator'] as const) {
      const { key } = keyOf(role)
      const because = `; your role in organization ${org} is ${role}`
      expect(refusal(await createOrgKey(key, org, { key_name: 'x' }))).toEqual([
        403,
        `only organization admins can create organization API keys${because}`,
      ])
      expect(refusal(await createOrgKey(key, org, { key_name: 'job', project_id: project }))).toEqual([
        403,
        `only organization admins can create project-scoped API keys${because}`,
      ])
    }
    // A permission on the project does not make its holder an admin of the organization.
    const { user, key } = keyOf('editor')
    platform.setProjectPermission(user, project, 'admin')
    expect((await createOrgKey(key, org, { key_name: 'job', project_id: project })).status).toBe(403)
    expect(platform.keys().filter((k) => k.kind === 'organization')).toEqual([])
  })

  it('only an admin revokes organization keys, scoped or not; other roles list them, but a collaborator', async () => {
    const project = platform.addProject().id
    const wide = platform.addOrgKey(org, 'wide')
    const scoped = platform.addOrgKey(org, 'scoped', { projectId: project })
    for (const role of ['member', 'editor', 'viewer'] as const) {
      const { key } = keyOf(role)
      expect(ids((await call(key, orgKeys())).json)).toEqual([wide.id, scoped.id])
      const because = `your role in organization ${org} is ${role}`
      for (const target of [wide, scoped]) {
        expect(refusal(await revoke(key, target.id))).toEqual([
          403,
          `only organization admins can revoke organization and project-scoped API keys; ${because}`,
        ])
      }
    }
    const collaborator = keyOf('collaborator').key
    const hidden = `collaborators cannot see the API keys of organization ${org}`
    expect(refusal(await call(collaborator, orgKeys()))).toEqual([403, hidden])
    expect((await revoke(collaborator, scoped.id)).status).toBe(403)
    expect(platform.isKeyValid(wide.id) && platform.isKeyValid(scoped.id)).toBe(true)
    expect((await revoke(admin.key, scoped.id)).status).toBe(200)
    expect((await revoke(admin.key, wide.id)).status).toBe(200)
  })

  it('editors, viewers and members read every project and its operations; a viewer edits only if granted', async () => {
    const [project, other] = platform.addProjects(2) as [string, string]
    const op = platform.addOperation(project)
    for (const role of ['member', 'editor', 'viewer'] as const) {
      const { key } = keyOf(role)
      expect(ids((await call(key, `/projects?org_id=${org}`)).json.projects)).toEqual([project, other])
      expect((await call(key, `/projects/${project}`)).json.project.id).toBe(project)
      expect(ids((await call(key, `/projects/${project}/operations`)).json.operations)).toEqual([op])
      expect((await call(key, `/projects/${project}/operations/${op}`)).status).toBe(200)
    }
    expect((await newBranch(keyOf('editor').key, project)).status).toBe(201)
    const viewer = keyOf('viewer')
    expect(refusal(await newBranch(viewer.key, project))).toEqual([
      403,
      `you have view permission on project ${project}; changing it needs edit permission`,
    ])
    platform.setProjectPermission(viewer.user, project, 'editor')
    expect((await newBranch(viewer.key, project)).status).toBe(201)
    expect((await newBranch(viewer.key, other)).status).toBe(403)
    // A grant lowers nothing: an editor granted view keeps edit.
    const editor = keyOf('editor')
    platform.setProjectPermission(editor.user, project, 'viewer')
    expect((await newBranch(editor.key, project)).status).toBe(201)
  })

  it("a collaborator's key sees only the projects granted to its user: others are not found, nor listed", async () => {
    const [granted, hidden] = platform.addProjects(2) as [string, string]
    const op = platform.addOperation(hidden)
    const { user, key } = keyOf('collaborator')
    expect(ids((await call(key, '/users/me/organizations')).json.organizations)).toEqual([org])
    expect((await call(key, `/projects?org_id=${org}`)).json.projects).toEqual([])
    platform.setProjectPermission(user, granted, 'viewer')
    expect(ids((await call(key, `/projects?org_id=${org}`)).json.projects)).toEqual([granted])
    expect((await call(key, `/projects/${granted}`)).status).toBe(200)
    const hiddenPaths = [hidden, `${hidden}/operations`, `${hidden}/operations/${op}`].map((p) => `/projects/${p}`)
    for (const path of hiddenPaths) expect(refusal(await call(key, path))).toEqual([404, `project ${hidden} not found`])
    expect((await newBranch(key, granted)).status).toBe(403)
    platform.setProjectPermission(user, granted, 'editor')
    expect((await newBranch(key, granted)).status).toBe(201)
    platform.setProjectPermission(user, granted, undefined)
    expect((await call(key, `/projects/${granted}`)).status).toBe(404)
  })

  it("grants go to users with a role in the project's organization, and go when the membership does", async () => {
    const project = platform.addProject().id
    const loner = platform.addUser()
    expect(() => platform.setProjectPermission(loner, project, 'editor')).toThrow(
      `user ${loner} has no role in organization ${org}, which owns project ${project}`,
    )
    const unknown = () => platform.setProjectPermission(loner, 'no-such-project', 'editor')
    expect(unknown).toThrow('project no-such-project not found')
    const { user, key } = keyOf('collaborator')
    platform.setProjectPermission(user, project, 'editor')
    platform.setMembership(user, org, undefined)
    expect((await call(key, `/projects/${project}`)).status).toBe(403)
    platform.setMembership(user, org, 'collaborator')
    expect((await call(key, `/projects/${project}`)).status).toBe(404)
  })
})

describe('members, members who leave, and deactivated accounts', () => {
  const members = (key: string, query = '') => call(key, `/organizations/${org}/members${query}`)
  type Page = {
    members: Array<{ member: { user_id: string; role: Role }; user: { email: string; deactivated_at?: string } }>
  }
  const userIds = (page: Page) => page.members.map((m) => m.member.user_id)

  it('lists each member with a role and an e-mail address; one who leaves is gone, a deactivated account is marked', async () => {
    const ann = platform.addUser({ name: 'Ann Here', organizations: { [org]: 'editor' } })
    const bob = platform.addUser({ name: 'Bob Gone', email: 'bob@corp.example', organizations: { [org]: 'viewer' } })
    const carol = platform.addUser({ name: 'Carol Off', organizations: { [org]: 'admin' } })
    const made = platform.addOrgKey(org, 'made-by-bob', { createdBy: bob })
    platform.setMembership(bob, org, undefined)
    now += 60_000
    platform.deactivateUser(carol)
    const page = (await members(admin.key)).json as Page & {
      pagination: { next: string; sort_by: string; sort_order: string }
    }
    expect(new Set(userIds(page))).toEqual(new Set([KEY_OWNER.id, ann, carol]))
    const byUser = Object.fromEntries(page.members.map((m) => [m.member.user_id, m]))
    expect(byUser[ann]).toMatchObject({
      member: { role: 'editor', org_id: org },
      user: { email: 'ann.here@example.com' },
    })
    expect(byUser[ann]!.user).not.toHaveProperty('deactivated_at')
    expect(byUser[carol]!.user.deactivated_at).toBe('2026-11-21T10:01:00Z')
    expect(page.pagination).toMatchObject({ sort_by: 'joined_at', sort_order: 'desc', next: expect.any(String) })
    // The key Bob made stays valid, and still names him; a key's creator never shows an e-mail address.
    const keys = (await call(admin.key, `/organizations/${org}/api_keys`)).json as Array<{
      id: number
      created_by: unknown
    }>
    expect(keys.find((k) => k.id === made.id)?.created_by).toEqual({ id: bob, name: 'Bob Gone', image: '' })
    expect(JSON.stringify(keys)).not.toContain('@')
  })

  it('pages by cursor as the description says: every page with members hands out next, the page after the last is empty', async () => {
    const users = Array.from({ length: 4 }, () => platform.addUser({ organizations: { [org]: 'viewer' } }))
    const first = (await members(admin.key, '?limit=2&sort_by=joined_at&sort_order=asc')).json
    const second = (
      await members(
        admin.key,
        `?limit=2&sort_by=joined_at&sort_order=asc&cursor=${encodeURIComponent(first.pagination.next)}`,
      )
    ).json
    const third = (
      await members(
        admin.key,
        `?limit=2&sort_by=joined_at&sort_order=asc&cursor=${encodeURIComponent(second.pagination.next)}`,
      )
    ).json
    expect(new Set([...userIds(first), ...userIds(second), ...userIds(third)])).toEqual(
      new Set([KEY_OWNER.id, ...users]),
    )
    expect([first, second, third].map((p: Page) => p.members.length)).toEqual([2, 2, 1])
    expect(third.pagination.next).toEqual(expect.any(String))
    const past = (
      await members(admin.key, `?limit=2&sort_order=asc&cursor=${encodeURIComponent(third.pagination.next)}`)
    ).json
    expect(past).toEqual({ members: [], pagination: { sort_by: 'joined_at', sort_order: 'asc' } })
    expect((await members(admin.key, '?cursor=not-a-cursor')).status).toBe(400)
    expect((await members(admin.key, '?limit=501')).status).toBe(400)
    expect(takeViolations()).toEqual([
      `GET /organizations/${org}/members: the query parameter limit=501 must be <= 500`,
    ])
  })

  it('who may read them: an admin and the other roles but a collaborator, an organization key of its own organization; never a project-scoped key', async () => {
    const project = platform.addProject().id
    for (const role of ['member', 'editor', 'viewer'] as const) {
      const user = platform.addUser({ organizations: { [org]: role } })
      expect((await members(platform.addKey(role, { user }).key)).status).toBe(200)
    }
    const collaborator = platform.addKey('c', { user: platform.addUser({ organizations: { [org]: 'collaborator' } }) })
    expect([(await members(collaborator.key)).status, (await members(collaborator.key)).json.message]).toEqual([
      403,
      `collaborators cannot see the members of organization ${org}`,
    ])
    expect((await members(platform.addOrgKey(org, 'org').key)).status).toBe(200)
    const scoped = platform.addOrgKey(org, 'scoped', { projectId: project })
    expect((await members(scoped.key)).json.message).toBe(
      'project-scoped API keys cannot read the members of an organization',
    )
    const other = platform.addOrganization().id
    expect((await call(admin.key, `/organizations/${other}/members`)).status).toBe(403)
    expect((await call(platform.addOrgKey(other, 'theirs').key, `/organizations/${org}/members`)).status).toBe(403)
  })

  it("a deactivated account's personal key is refused (401); the organization keys it made stay valid", async () => {
    const dora = platform.addUser({ organizations: { [org]: 'admin' } })
    const own = platform.addKey('dora', { user: dora })
    const made = platform.addOrgKey(org, 'made-by-dora', { createdBy: dora })
    platform.deactivateUser(dora)
    expect((await call(own.key, '/auth')).status).toBe(401)
    expect((await call(made.key, '/auth')).status).toBe(200)
  })
})

describe('keys with a past', () => {
  const DAY = 86_400_000

  it('seeds keys made and last used long ago, and lists them so', async () => {
    const project = platform.addProject().id
    const laptop = platform.addKey('old-laptop', {
      createdAt: T0 - 300 * DAY,
      lastUsedAt: T0 - 120 * DAY,
      lastUsedFrom: '192.0.2.7',
    })
    const byHand = platform.addKey('by-hand', { createdAt: T0 - 90 * DAY })
    const scoped = platform.addOrgKey(org, 'deploy', {
      projectId: project,
      createdAt: T0 - 3 * DAY,
      lastUsedAt: T0 - 2 * DAY,
    })
    const personal = (await call(admin.key, '/api_keys')).json
    expect(personal.find((k: { id: number }) => k.id === laptop.id)).toMatchObject({
      created_at: '2026-01-25T10:00:00Z',
      last_used_at: '2026-07-24T10:00:00Z',
      last_used_from_addr: '192.0.2.7',
    })
    expect(personal.find((k: { id: number }) => k.id === byHand.id)).toMatchObject({
      created_at: '2026-08-23T10:00:00Z',
      last_used_at: null,
      last_used_from_addr: '',
    })
    // A seeded use without an address comes from a documentation address.
    expect(
      (await call(admin.key, `/organizations/${org}/api_keys`)).json.find((k: { id: number }) => k.id === scoped.id),
    ).toMatchObject({
      created_at: '2026-11-18T10:00:00Z',
      last_used_at: '2026-11-19T10:00:00Z',
      last_used_from_addr: '198.51.100.23',
      project_id: project,
    })
  })

  it('useKey records a use now, as a job holding the key would make', () => {
    const job = platform.addKey('job', { createdAt: T0 - DAY })
    now = T0 + 60_000
    platform.useKey(job.id, { from: '203.0.113.9' })
    expect(platform.keys().find((k) => k.id === job.id)).toMatchObject({
      last_used_at: '2026-11-21T10:01:00Z',
      last_used_from_addr: '203.0.113.9',
    })
  })

  it('refuses a use before the key was made, and makes no key then', () => {
    const before = platform.keys().length
    expect(() => platform.addKey('x', { createdAt: T0, lastUsedAt: T0 - 1 })).toThrow(
      'a key cannot be used before it is made',
    )
    expect(() => platform.addOrgKey(org, 'x', { createdAt: Number.NaN })).toThrow('createdAt must be a time')
    expect(platform.keys()).toHaveLength(before)
    const key = platform.addKey('y', { createdAt: T0 })
    expect(() => platform.useKey(key.id, { at: T0 - 1 })).toThrow('a key cannot be used before it is made')
    expect(() => platform.useKey(999, {})).toThrow('key 999 not found')
  })

  it('recordKeyUse(false): requests stop setting their key’s last use, as a service that records it late', async () => {
    const key = platform.addKey('quiet', { createdAt: T0 - DAY, lastUsedAt: T0 - DAY })
    platform.recordKeyUse(false)
    now = T0 + 60_000
    expect((await call(key.key, '/api_keys')).status).toBe(200)
    expect(platform.keys().find((k) => k.id === key.id)?.last_used_at).toBe('2026-11-20T10:00:00Z')
    platform.recordKeyUse(true)
    await call(key.key, '/api_keys')
    expect(platform.keys().find((k) => k.id === key.id)?.last_used_at).toBe('2026-11-21T10:01:00Z')
  })
})
