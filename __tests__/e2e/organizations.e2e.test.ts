// Organizations and the three kinds of key (src/api/organization.ts, src/api/namespace.ts), tried as a new user would,
// against a platform whose projects belong to organizations.
// End to end: each step is a child process, as a runner starts it (scripts/run-step.ts), on the committed
// bundle dist/index.js (E2E_ENTRY=source runs src/index.ts instead), against the platform emulator.
import { describe, expect, it } from '@jest/globals'
import type { PlatformEmulator, Role } from '../../emulator/platform.ts'
import { errorLines, stripMasks } from '../../scripts/run-step.ts'
import { expectNoKeyLeak } from '../support/leaks.ts'
import { platformPerTest } from '../support/platform-per-test.ts'
import { savedLife } from '../support/saved-state.ts'

let platform: PlatformEmulator
let org: string
/** A personal key of an admin of `org`, the default organization. */
let admin: { id: number; key: string }

const { step } = platformPerTest((started) => {
  ;({ platform, admin } = started)
  org = platform.defaultOrgId
})

/** The requests the step made, as "METHOD /path?query"; pages after the first of a list left out. */
const requests = () =>
  platform.requests
    .filter((r) => r.query.cursor === undefined)
    .map((r) => {
      const query = new URLSearchParams(r.query).toString()
      return `${r.method} ${r.path}${query ? `?${query}` : ''}`
    })

const lines = (stdout: string, prefix: string) =>
  stripMasks(stdout)
    .split('\n')
    .filter((l) => l.startsWith(prefix))

describe('list-projects resolves the organization', () => {
  it('a personal key in one organization lists its projects with no org-id, in one extra request', async () => {
    const ids = platform.addProjects(3)
    const result = await step({ command: 'list-projects' })
    expect(errorLines(result.stdout)).toEqual([])
    expect(JSON.parse(result.outputs['project-ids']!)).toEqual(ids)
    expect(result.outputs['org-id']).toBe(org)
    expect(requests()).toEqual(['GET /users/me/organizations', `GET /projects?org_id=${org}&limit=400`])
    // Logged once (debug lines, hidden by default, name each request).
    expect(result.stdout.split('\n').filter((l) => l.includes(org) && !l.startsWith('::debug::'))).toHaveLength(1)
    expect(result.stdout).toContain(`Organization ${org}: the only organization of the step's key, "Emulator Org".`)
  })

  it('a personal key in two organizations fails before listing, naming both, with text from the service made harmless', async () => {
    const other = platform.addOrganization({ name: '::warning::Beta\nInc' }).id
    const user = platform.addUser({ organizations: { [org]: 'member', [other]: 'admin' } })
    const personal = platform.addKey('two-orgs', { user })
    const result = await step({ command: 'list-projects', 'api-key': personal.key })
    expect(result.code).toBe(1)
    const errors = errorLines(result.stdout)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toContain("The step's key is a personal key whose user belongs to 2 organizations:")
    expect(errors[0]).toContain(`"Emulator Org" (${org})`)
    expect(errors[0]).toContain(`(${other})`)
    expect(errors[0]).toContain('set `org-id` to the id of the one to use')
    expect(errors[0]).not.toContain('::warning::')
    expect(lines(result.stdout, '::warning::')).toEqual([])
    expect(requests()).toEqual(['GET /users/me/organizations'])
    expect(result.outputs['org-id']).toBeUndefined()

    // Naming one of them lists its projects with no extra request.
    platform.clearRequests()
    const chosen = await step({ command: 'list-projects', 'api-key': personal.key, 'org-id': other })
    expect(chosen.code).toBe(0)
    expect(chosen.outputs['org-id']).toBe(other)
    expect(requests()).toEqual([`GET /projects?org_id=${other}&limit=400`])
  })

  it("an organization key lists its organization's projects", async () => {
    const other = platform.addOrganization().id
    const mine = platform.addProjects(2)
    platform.addProject({ org_id: other })
    const orgKey = platform.addOrgKey(org, 'inventory')
    const result = await step({ command: 'list-projects', 'api-key': orgKey.key })
    expect(errorLines(result.stdout)).toEqual([])
    expect(JSON.parse(result.outputs['project-ids']!)).toEqual(mine)
    expect(result.outputs['org-id']).toBe(org)
  })

  it('a user in no organization lists without org_id', async () => {
    const loner = platform.addKey('loner', { user: platform.addUser() })
    const result = await step({ command: 'list-projects', 'api-key': loner.key })
    expect(result.code).toBe(0)
    expect(result.outputs['project-ids']).toBe('[]')
    expect(result.outputs['org-id']).toBeUndefined()
    expect(requests()).toEqual(['GET /users/me/organizations', 'GET /projects?limit=400'])
  })

  it('passes search, and never passes a partial list off as complete', async () => {
    const api = platform.addProject({ name: 'billing-api' }).id
    const web = platform.addProject({ name: 'billing-web' }).id
    platform.addProject({ name: 'auth' })
    platform.setUnavailable([web])
    const result = await step({ command: 'list-projects', 'org-id': org, search: 'billing' })
    expect(result.code).toBe(0)
    expect(platform.requests[0]!.query).toEqual({ org_id: org, search: 'billing', limit: '400' })
    expect(JSON.parse(result.outputs['project-ids']!)).toEqual([api])
    const warnings = lines(result.stdout, '::warning::')
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain(
      `The list is incomplete: the platform could not read 1 project(s) in time (unavailable_project_ids: ${web})`,
    )
    expect(result.summary).toContain('The list is incomplete')
    expect(result.stdout).toContain('Found 1 project(s) matching "billing".')
  })

  it('a key outside the organization named is refused with what the key may reach', async () => {
    const other = platform.addOrganization().id
    const result = await step({ command: 'list-projects', 'org-id': other })
    expect(errorLines(result.stdout)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^::error::Could not list the projects of organization ${other}: the platform refused it \\(403 Forbidden\\): the step's key may not list the projects of organization ${other}: a personal key reaches only the organizations its user belongs to`,
        ),
      ),
    ])
  })
})

describe('project-scoped job keys', () => {
  it('create-key with project-id makes a key of that one project: it gates its deploy, is refused elsewhere, and the post step revokes it', async () => {
    const [target, other] = platform.addProjects(2) as [string, string]
    const op = platform.addOperation(target, { status: 'finished' })
    const otherOp = platform.addOperation(other, { status: 'finished' })
    const inputs = { command: 'create-key', 'key-name': 'job-1', 'project-id': target, 'revoke-after-job': 'true' }
    const created = await step(inputs)
    expect(errorLines(created.stdout)).toEqual([])
    const id = Number(created.outputs['key-id'])
    const key = created.outputs.key!
    expect(platform.keys().find((k) => k.id === id)).toMatchObject({
      kind: 'organization',
      org_id: org,
      project_id: target,
      revoked: false,
    })
    expect(created.outputs['org-id']).toBe(org)
    // The organization is looked up from the project; the body is what the API document says.
    // The snapshot of the organization's keys comes just before the create (the post step's ledger).
    expect(requests()).toEqual([
      `GET /projects/${target}`,
      `GET /organizations/${org}/api_keys`,
      `POST /organizations/${org}/api_keys`,
    ])
    expect(savedLife(created.state)).toMatchObject({ org, project: target, jobKey: id, finished: true })
    expect(created.summary).toContain(`project ${target}`)
    // A scoped key needs no advice; a personal one gets it (below).
    expect(lines(created.stdout, '::notice::')).toEqual([])

    const gate = await step({
      command: 'wait-for-operations',
      'api-key': key,
      'project-id': target,
      'operation-ids': op,
    })
    expect(errorLines(gate.stdout)).toEqual([])
    expect(gate.outputs.status).toBe('finished')

    const elsewhere = await step({
      command: 'wait-for-operations',
      'api-key': key,
      'project-id': other,
      'operation-ids': otherOp,
    })
    expect(elsewhere.code).toBe(1)
    expect(errorLines(elsewhere.stdout)[0]).toContain(
      `the platform refused it (403 Forbidden): the step's key may not reach project ${other}: a project-scoped key reaches only its own project`,
    )

    platform.clearRequests()
    const post = await step(inputs, { state: created.state })
    expect(errorLines(post.stdout)).toEqual([])
    expect(post.stdout).toContain(`Revoked the job-scoped API key ${id}.`)
    // The post step revokes the key by its saved id, in the organization it saved.
    expect(requests()).toEqual([`DELETE /organizations/${org}/api_keys/${id}`])
    expect(platform.isKeyValid(key)).toBe(false)
    expect(platform.isKeyValid(admin.id)).toBe(true)
    for (const result of [created, gate, elsewhere, post]) expectNoKeyLeak(result, [admin.key])
    expectNoKeyLeak(post, [key])
  })

  it('with org-id too, no lookup is needed', async () => {
    const target = platform.addProject().id
    const created = await step({ command: 'create-key', 'key-name': 'job-2', 'project-id': target, 'org-id': org })
    expect(created.code).toBe(0)
    expect(requests()).toEqual([`GET /organizations/${org}/api_keys`, `POST /organizations/${org}/api_keys`])
  })

  it('an answer not scoped to the project asked for is revoked at once, and the step fails saying so', async () => {
    const target = platform.addProject().id
    platform.dropKeyScope()
    const result = await step({
      command: 'create-key',
      'key-name': 'job-3',
      'project-id': target,
      'revoke-after-job': 'true',
    })
    expect(result.code).toBe(1)
    const made = platform.keys().find((k) => k.name.startsWith('job-3~exp-'))!
    expect(made.revoked).toBe(true)
    expect(errorLines(result.stdout)).toEqual([
      `::error::The platform was asked for a key scoped to project ${target} and answered key ${made.id} with no project, so it would reach every project of organization ${org}. That key was revoked at once, and no new key is left valid. Run the step again, or report it with the key id.`,
    ])
    expect(result.outputs.key).toBeUndefined()
    expect(result.state).toEqual({ 'unsettled-keys': '' })
    expect(requests().slice(-1)).toEqual([`DELETE /organizations/${org}/api_keys/${made.id}`])
  })

  it('an unscoped personal key comes with a notice of what it reaches and how to scope it', async () => {
    const result = await step({ command: 'create-key', 'key-name': 'wide' })
    expect(result.code).toBe(0)
    expect(lines(result.stdout, '::notice::')).toEqual([
      `::notice::API key ${result.outputs['key-id']} is a personal key: it reaches every project of every organization its user belongs to. A job that works on one project is safer with a project-scoped key, which an organization admin's personal key makes: set \`project-id\` (and \`org-id\` if you know it).`,
    ])
    expect(result.outputs['org-id']).toBeUndefined()
  })
})

describe('roles (the 2026 roles of the vendor)', () => {
  /** A personal key of a new user with `role` in the default organization. */
  const keyOf = (role: Role) => platform.addKey(role, { user: platform.addUser({ organizations: { [org]: role } }) })

  it("a viewer's personal key cannot make a job key: the step says only an admin's may; no key is left", async () => {
    const project = platform.addProject().id
    const viewer = keyOf('viewer')
    const inputs = {
      command: 'create-key',
      'api-key': viewer.key,
      'key-name': 'job-1',
      'project-id': project,
      'revoke-after-job': 'true',
    }
    const created = await step(inputs)
    expect(created.code).toBe(1)
    const errors = errorLines(created.stdout)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(
      new RegExp(
        `^::error::Could not create an API key named "job-1~exp-\\d{8}T\\d{4}Z" scoped to project ${project} ` +
          `of organization ${org}: the platform refused it \\(403 Forbidden\\): only an admin of organization ${org} ` +
          `may create a key scoped to project ${project}, with the admin's personal key\\. ` +
          'Other roles \\(editor, viewer, collaborator, member\\) may not',
      ),
    )
    expect(errors[0]).toContain("Pass an admin's personal key in `api-key`.")
    const said = 'only organization admins can create project-scoped API keys'
    expect(errors[0]).toContain(`The platform said: "${said}; your role in organization ${org} is viewer".`)
    expect(created.outputs['http-status']).toBe('403')
    expect(created.outputs.key).toBeUndefined()
    // The viewer reads the project and the organization's keys; only the create is refused.
    const keys = `/organizations/${org}/api_keys`
    expect(requests()).toEqual([`GET /projects/${project}`, `GET ${keys}`, `POST ${keys}`])

    const post = await step(inputs, { state: created.state })
    expect(post.code).toBe(0)
    expect(errorLines(post.stdout)).toEqual([])
    expect(platform.keys().filter((k) => k.kind === 'organization')).toEqual([])
    expectNoKeyLeak(created, [viewer.key])

    // An admin's personal key makes it.
    const byAdmin = await step({ ...inputs, 'api-key': admin.key })
    expect(byAdmin.code).toBe(0)
    const made = platform.keys().find((k) => k.id === Number(byAdmin.outputs['key-id']))
    expect(made).toMatchObject({ project_id: project })
  })

  it("an editor lists the organization's keys but may not revoke one; a collaborator sees its projects", async () => {
    const [granted, hidden] = platform.addProjects(2) as [string, string]
    const job = platform.addOrgKey(org, 'job-2', { projectId: granted })
    const editor = keyOf('editor')
    const listed = await step({ command: 'list-keys', 'api-key': editor.key, 'org-id': org })
    expect(listed.code).toBe(0)
    expect(JSON.parse(listed.outputs.keys!).map((k: { id: number }) => k.id)).toEqual([job.id])

    const refused = await step({ command: 'revoke-key', 'api-key': editor.key, 'org-id': org, 'key-id': `${job.id}` })
    expect(refused.code).toBe(1)
    expect(errorLines(refused.stdout)[0]).toContain(
      `Could not revoke API key ${job.id} of organization ${org}: the platform refused it (403 Forbidden): ` +
        `the step's key may not revoke keys of organization ${org}. ` +
        `Only an admin's personal key, or an organization key of ${org}, may revoke them, project-scoped keys too.`,
    )
    expect(platform.isKeyValid(job.id)).toBe(true)

    const collaborator = platform.addUser({ organizations: { [org]: 'collaborator' } })
    platform.setProjectPermission(collaborator, granted, 'viewer')
    const collaboratorKey = platform.addKey('contractor', { user: collaborator }).key
    const projects = await step({ command: 'list-projects', 'api-key': collaboratorKey })
    expect(JSON.parse(projects.outputs['project-ids']!)).toEqual([granted])
    const op = platform.addOperation(hidden, { status: 'finished' })
    const gate = await step({
      command: 'wait-for-operations',
      'api-key': collaboratorKey,
      'project-id': hidden,
      'operation-ids': op,
    })
    expect(gate.code).toBe(1)
    expect(gate.outputs.status).toBe('error')
    expect(errorLines(gate.stdout)[0]).toContain(`operation ${op} in project ${hidden} was not found (404)`)
  })
})

describe('organization keys', () => {
  it("an admin's personal key creates an organization key; an organization key may not, and is told why", async () => {
    const created = await step({ command: 'create-key', 'key-name': 'pipeline', 'org-id': org })
    expect(errorLines(created.stdout)).toEqual([])
    expect(platform.keys().find((k) => k.id === Number(created.outputs['key-id']))).toMatchObject({
      kind: 'organization',
      org_id: org,
    })
    expect(created.stdout).toContain(`Organization ${org}: from the \`org-id\` input.`)

    const refused = await step({
      command: 'create-key',
      'key-name': 'again',
      'org-id': org,
      'api-key': created.outputs.key!,
    })
    expect(errorLines(refused.stdout)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^::error::Could not create an API key named "again" in organization ${org}: the platform refused it \\(403 Forbidden\\): only an admin of organization ${org} may create its keys, with the admin's personal key\\. Other roles \\(editor, viewer, collaborator, member\\) may not, and neither may an organization or project-scoped key\\. Pass an admin's personal key in \`api-key\`\\. The platform said: "organization API keys cannot create API keys"\\. \\(request id [0-9a-f-]{36}\\)$`,
        ),
      ),
    ])
  })

  it('an organization key on personal-key commands is told to set org-id', async () => {
    const orgKey = platform.addOrgKey(org, 'pipeline')
    const result = await step({ command: 'list-keys', 'api-key': orgKey.key })
    expect(errorLines(result.stdout)[0]).toMatch(
      /^::error::Could not list API keys: the platform refused it \(403 Forbidden\): personal keys are managed only with a personal key, and the step's key is an organization or project-scoped key\. Set `org-id` to act on the keys of its organization\./,
    )
    const listed = await step({ command: 'list-keys', 'api-key': orgKey.key, 'org-id': org })
    expect(listed.code).toBe(0)
  })

  it("list-keys with org-id shows each key's scope in the output and the summary", async () => {
    const project = platform.addProject().id
    const wide = platform.addOrgKey(org, 'pipeline')
    const scoped = platform.addOrgKey(org, 'deploy', { projectId: project })
    const result = await step({ command: 'list-keys', 'org-id': org })
    const keys = JSON.parse(result.outputs.keys!) as Array<Record<string, unknown>>
    expect(keys.map((k) => [k.id, k.scope, k.project_id])).toEqual([
      [wide.id, 'organization', undefined],
      [scoped.id, 'project', project],
    ])
    expect(result.outputs['org-id']).toBe(org)
    expect(result.summary).toContain(`API keys of organization ${org} (2)`)
    expect(result.summary).toContain('<th>scope</th>')
    expect(result.summary).toContain(`<td>project ${project}</td>`)
    expect(result.summary).toContain('<td>organization</td>')
    expectNoKeyLeak(result, [wide.key, scoped.key, admin.key])
  })

  it('revoke-key: an id in the other namespace is a 404 that says where it may be', async () => {
    const orgKey = platform.addOrgKey(org, 'pipeline')
    const personal = platform.addKey('mine')
    const asPersonal = await step({ command: 'revoke-key', 'key-id': String(orgKey.id) })
    expect(errorLines(asPersonal.stdout)[0]).toContain(
      `API key ${orgKey.id} was not found (404). It is not a personal key of the step's user. To revoke an organization or project-scoped key, set \`org-id\` to its organization`,
    )
    const asOrg = await step({ command: 'revoke-key', 'key-id': String(personal.id), 'org-id': org })
    expect(errorLines(asOrg.stdout)[0]).toContain(
      `Could not revoke API key ${personal.id} of organization ${org}: API key ${personal.id} was not found (404). It is not a key of organization ${org}. To revoke a personal key, leave \`org-id\` empty.`,
    )
    const right = await step({ command: 'revoke-key', 'key-id': String(orgKey.id), 'org-id': org })
    expect(right.code).toBe(0)
    expect(platform.isKeyValid(orgKey.id)).toBe(false)
    expect(platform.isKeyValid(personal.id)).toBe(true)
  })

  it("revoke-key by name in an organization revokes that organization's keys of that name, and no personal key", async () => {
    const a = platform.addOrgKey(org, 'ci')
    const b = platform.addOrgKey(org, 'ci', { projectId: platform.addProject().id })
    const personal = platform.addKey('ci')
    const result = await step({ command: 'revoke-key', 'key-name': 'ci', 'org-id': org })
    expect(JSON.parse(result.outputs['revoked-key-ids']!).sort()).toEqual([a.id, b.id].sort())
    expect(platform.isKeyValid(personal.id)).toBe(true)
  })
})

describe('rotate-key in an organization', () => {
  it("rotates an organization key with an admin's personal key: proven and revoked through the organization by the new key", async () => {
    const old = platform.addOrgKey(org, 'pipeline')
    const scopedSameName = platform.addOrgKey(org, 'pipeline', { projectId: platform.addProject().id })
    const personalSameName = platform.addKey('pipeline')
    const result = await step({ command: 'rotate-key', 'key-name': 'pipeline', 'org-id': org, 'keep-previous': '0' })
    expect(errorLines(result.stdout)).toEqual([])
    const id = Number(result.outputs['key-id'])
    expect(JSON.parse(result.outputs['revoked-key-ids']!)).toEqual([old.id])
    expect(platform.isKeyValid(scopedSameName.id) && platform.isKeyValid(personalSameName.id)).toBe(true)
    expect(platform.keys().find((k) => k.id === id)).toMatchObject({ kind: 'organization', org_id: org })
    const byNewKey = platform.requests.filter((r) => r.keyId === id).map((r) => `${r.method} ${r.path}`)
    expect(byNewKey).toEqual([`GET /organizations/${org}/api_keys`, `DELETE /organizations/${org}/api_keys/${old.id}`])
    expect(result.outputs['org-id']).toBe(org)
  })

  it('rotates a project-scoped key: the new key proves itself on its project, the step key lists and revokes the old one', async () => {
    const [project, other] = platform.addProjects(2) as [string, string]
    const old = platform.addOrgKey(org, 'deploy', { projectId: project })
    const elsewhere = platform.addOrgKey(org, 'deploy', { projectId: other })
    platform.clearRequests()
    const result = await step({
      command: 'rotate-key',
      'key-name': 'deploy',
      'project-id': project,
      'keep-previous': '0',
    })
    expect(errorLines(result.stdout)).toEqual([])
    const id = Number(result.outputs['key-id'])
    expect(JSON.parse(result.outputs['revoked-key-ids']!)).toEqual([old.id])
    expect(platform.isKeyValid(elsewhere.id)).toBe(true)
    expect(platform.keys().find((k) => k.id === id)).toMatchObject({ project_id: project })
    expect(result.stdout).toContain(`The new key works: it read project ${project}.`)
    expect(
      platform.requests.map(
        (r) => `${r.keyId === id ? 'new' : r.keyId === admin.id ? 'step' : '?'} ${r.method} ${r.path}`,
      ),
    ).toEqual([
      `step GET /projects/${project}`,
      `step GET /organizations/${org}/api_keys`,
      `step POST /organizations/${org}/api_keys`,
      `new GET /projects/${project}`,
      `step GET /organizations/${org}/api_keys`,
      `step DELETE /organizations/${org}/api_keys/${old.id}`,
    ])
  })

  it('a project-scoped key that fails its proof is revoked in its organization, and the old one stays valid', async () => {
    const project = platform.addProject().id
    const old = platform.addOrgKey(org, 'deploy', { projectId: project })
    platform.inject({ method: 'GET', path: `/projects/${project}`, kind: 'status', status: 500, times: 99 })
    const result = await step({ command: 'rotate-key', 'key-name': 'deploy', 'project-id': project, 'org-id': org })
    expect(result.code).toBe(1)
    expect(errorLines(result.stdout)[0]).toMatch(
      /^::error::Rotation stopped: Could not read project .* The new key \d+ was revoked\. No old key was revoked\.$/,
    )
    expect(
      platform
        .keys()
        .filter((k) => k.name === 'deploy' && !k.revoked)
        .map((k) => k.id),
    ).toEqual([old.id])
  })
})
