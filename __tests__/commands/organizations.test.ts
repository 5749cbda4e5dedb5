// Organizations and the three kinds of key (src/api/organization.ts, src/api/namespace.ts) in every command that takes
// them, read as a step reads them (src/settings.ts): what each command asks the platform, what it makes, refuses and
// says. The table of requests per command and key kind is docs/organizations.md's ("Requests per command and key kind").
// In process, against the platform emulator over HTTP, with one manual clock for both.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { PlatformEmulator, Role } from '../../emulator/platform.ts'
import { fixedTime } from '../../src/base/clock.ts'
import { COMMANDS, type CommandDefinition } from '../../src/commands/registry.ts'
import { requestErrorIn } from '../../src/http/errors.ts'
import { SAVED_LIFE, readSavedLife } from '../../src/keys/ledger.ts'
import type { CommandResult } from '../../src/runner/context.ts'
import { readSettings, type Settings } from '../../src/settings.ts'
import type { CapturedLog } from '../support/clock.ts'
import { inProcess, inProcessPerTest, type InProcess } from '../support/in-process.ts'
import { reader } from '../support/settings.ts'

/** A command run as a step runs it: its result, or the error it failed with, and what the step's error line says. */
interface Ran {
  result?: CommandResult
  error?: unknown
  /** The step's failure: the error's message, or the failure the command reported. */
  failure?: string
  outputs: Record<string, string>
}

/** Runs the command of `inputs` (with `api-key`, default the run's key, and `api-host`) on `run`'s platform and clock. */
async function stepOn(run: InProcess, inputs: Record<string, string>): Promise<Ran> {
  const settings = readSettings(
    reader({ 'api-key': run.key.key, 'api-host': run.platform.url, ...inputs }),
    () => undefined,
  )
  const client = run.clientWith({ apiKey: settings.apiKey })
  const definition = COMMANDS[settings.command] as unknown as CommandDefinition<Settings>
  try {
    const result = await definition.run({ ...run.ctx, client, time: fixedTime(run.clock, client.deadline) }, settings)
    return { result, outputs: result.outputs, ...(result.failure === undefined ? {} : { failure: result.failure }) }
  } catch (error) {
    return { error, failure: error instanceof Error ? error.message : String(error), outputs: {} }
  } finally {
    await client.close()
  }
}

/** The requests made since the last clear, as "METHOD /path?query"; pages after the first of a list left out. */
const requestsOf = (platform: PlatformEmulator) =>
  platform.requests
    .filter((r) => r.query.cursor === undefined)
    .map((r) => {
      const query = new URLSearchParams(r.query).toString()
      return `${r.method} ${r.path}${query ? `?${query}` : ''}`
    })

describe('one platform per test', () => {
  let run: InProcess
  let platform: PlatformEmulator
  let log: CapturedLog
  let org: string
  /** A personal key of an admin of `org`, the default organization. */
  let admin: { id: number; key: string }

  inProcessPerTest((started) => {
    run = started
    ;({ platform, log } = started)
    admin = started.key
    org = platform.defaultOrgId
  })

  const step = (inputs: Record<string, string>) => stepOn(run, inputs)
  const requests = () => requestsOf(platform)
  /** The state the command saved for its post step, by name; the last value of each. */
  const state = () => Object.fromEntries(run.saved)

  describe('project-scoped job keys', () => {
    it('a key scoped to one project gates its deploy and is refused on another project', async () => {
      const [target, other] = platform.addProjects(2) as [string, string]
      const op = platform.addOperation(target, { status: 'finished' })
      const otherOp = platform.addOperation(other, { status: 'finished' })
      const key = platform.addOrgKey(org, 'job-1', { projectId: target }).key

      const gate = await step({
        command: 'wait-for-operations',
        'api-key': key,
        'project-id': target,
        'operation-ids': op,
      })
      expect(gate.failure).toBeUndefined()
      expect(gate.outputs.status).toBe('finished')

      const elsewhere = await step({
        command: 'wait-for-operations',
        'api-key': key,
        'project-id': other,
        'operation-ids': otherOp,
      })
      expect(elsewhere.failure).toContain(
        `the platform refused it (403 Forbidden): the step's key may not reach project ${other}: a project-scoped key reaches only its own project`,
      )
    })

    it('with org-id too, no lookup is needed', async () => {
      const target = platform.addProject().id
      const created = await step({ command: 'create-key', 'key-name': 'job-2', 'project-id': target, 'org-id': org })
      expect(created.failure).toBeUndefined()
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
      const made = platform.keys().find((k) => k.name.startsWith('job-3~exp-'))!
      expect(made.revoked).toBe(true)
      expect(result.failure).toBe(
        `The platform was asked for a key scoped to project ${target} and answered key ${made.id} with no project, so it would reach every project of organization ${org}. That key was revoked at once, and no new key is left valid. Run the step again, or report it with the key id.`,
      )
      expect(result.outputs.key).toBeUndefined()
      expect(state()).toEqual({ [SAVED_LIFE]: '' })
      expect(requests().slice(-1)).toEqual([`DELETE /organizations/${org}/api_keys/${made.id}`])
    })

    it('an unscoped personal key comes with a notice of what it reaches and how to scope it', async () => {
      const result = await step({ command: 'create-key', 'key-name': 'wide' })
      expect(result.failure).toBeUndefined()
      expect(run.notices).toEqual([
        `API key ${result.outputs['key-id']} is a personal key: it reaches every project of every organization its user belongs to. A job that works on one project is safer with a project-scoped key, which an organization admin's personal key makes: set \`project-id\` (and \`org-id\` if you know it).`,
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
      expect(created.failure).toMatch(
        new RegExp(
          `^Could not create an API key named "job-1~exp-\\d{8}T\\d{4}Z" scoped to project ${project} ` +
            `of organization ${org}: the platform refused it \\(403 Forbidden\\): only an admin of organization ${org} ` +
            `may create a key scoped to project ${project}, with the admin's personal key\\. ` +
            'Other roles \\(editor, viewer, collaborator, member\\) may not',
        ),
      )
      expect(created.failure).toContain("Pass an admin's personal key in `api-key`.")
      const said = 'only organization admins can create project-scoped API keys'
      expect(created.failure).toContain(`The platform said: "${said}; your role in organization ${org} is viewer".`)
      expect(requestErrorIn(created.error)?.status).toBe(403)
      expect(created.outputs.key).toBeUndefined()
      // The viewer reads the project and the organization's keys; only the create is refused.
      const keys = `/organizations/${org}/api_keys`
      expect(requests()).toEqual([`GET /projects/${project}`, `GET ${keys}`, `POST ${keys}`])
      expect(JSON.stringify(run.saved)).not.toContain(viewer.key)
      expect(log.info.concat(log.warning, log.debug).join('\n')).not.toContain(viewer.key)

      // A refused create made no key: the step saves nothing for its post step to look for, and no key is left.
      expect(state()).toEqual({ [SAVED_LIFE]: '' })
      expect(readSavedLife(state()[SAVED_LIFE]!)).toBeUndefined()
      expect(platform.keys().filter((k) => k.kind === 'organization')).toEqual([])

      // An admin's personal key makes it.
      const byAdmin = await step({ ...inputs, 'api-key': admin.key })
      expect(byAdmin.failure).toBeUndefined()
      const made = platform.keys().find((k) => k.id === Number(byAdmin.outputs['key-id']))
      expect(made).toMatchObject({ project_id: project })
    })

    it("an editor lists the organization's keys but may not revoke one; a collaborator sees its projects", async () => {
      const [granted, hidden] = platform.addProjects(2) as [string, string]
      const job = platform.addOrgKey(org, 'job-2', { projectId: granted })
      const editor = keyOf('editor')
      const listed = await step({ command: 'list-keys', 'api-key': editor.key, 'org-id': org })
      expect(listed.failure).toBeUndefined()
      expect(JSON.parse(listed.outputs.keys!).map((k: { id: number }) => k.id)).toEqual([job.id])

      const refused = await step({ command: 'revoke-key', 'api-key': editor.key, 'org-id': org, 'key-id': `${job.id}` })
      expect(refused.failure).toContain(
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
      expect(gate.outputs.status).toBe('error')
      expect(gate.failure).toContain(`operation ${op} in project ${hidden} was not found (404)`)
    })
  })

  describe('organization keys', () => {
    it("an admin's personal key creates an organization key; an organization key may not, and is told why", async () => {
      const created = await step({ command: 'create-key', 'key-name': 'pipeline', 'org-id': org })
      expect(created.failure).toBeUndefined()
      expect(platform.keys().find((k) => k.id === Number(created.outputs['key-id']))).toMatchObject({
        kind: 'organization',
        org_id: org,
      })
      expect(log.info).toContain(`Organization ${org}: from the \`org-id\` input.`)

      const refused = await step({
        command: 'create-key',
        'key-name': 'again',
        'org-id': org,
        'api-key': created.outputs.key!,
      })
      expect(refused.failure).toMatch(
        new RegExp(
          `^Could not create an API key named "again" in organization ${org}: the platform refused it \\(403 Forbidden\\): only an admin of organization ${org} may create its keys, with the admin's personal key\\. Other roles \\(editor, viewer, collaborator, member\\) may not, and neither may an organization or project-scoped key\\. Pass an admin's personal key in \`api-key\`\\. The platform said: "organization API keys cannot create API keys"\\. \\(request id [0-9a-f-]{36}\\)$`,
        ),
      )
    })

    it('an organization key on personal-key commands is told to set org-id', async () => {
      const orgKey = platform.addOrgKey(org, 'pipeline')
      const result = await step({ command: 'list-keys', 'api-key': orgKey.key })
      expect(result.failure).toMatch(
        /^Could not list API keys: the platform refused it \(403 Forbidden\): personal keys are managed only with a personal key, and the step's key is an organization or project-scoped key\. Set `org-id` to act on the keys of its organization\./,
      )
      const listed = await step({ command: 'list-keys', 'api-key': orgKey.key, 'org-id': org })
      expect(listed.failure).toBeUndefined()
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
      const summary = result.result!.summary
      expect(summary).toContain(`API keys of organization ${org} (2)`)
      expect(summary).toContain('<th>scope</th>')
      expect(summary).toContain(`<td>project ${project}</td>`)
      expect(summary).toContain('<td>organization</td>')
      const readable = [JSON.stringify(result.outputs), summary, ...log.info, ...log.warning, ...log.debug].join('\n')
      for (const value of [wide.key, scoped.key, admin.key]) expect(readable).not.toContain(value)
    })

    it('revoke-key: an id in the other namespace is a 404 that says where it may be', async () => {
      const orgKey = platform.addOrgKey(org, 'pipeline')
      const personal = platform.addKey('mine')
      const asPersonal = await step({ command: 'revoke-key', 'key-id': String(orgKey.id) })
      expect(asPersonal.failure).toContain(
        `API key ${orgKey.id} was not found (404). It is not a personal key of the step's user. To revoke an organization or project-scoped key, set \`org-id\` to its organization`,
      )
      const asOrg = await step({ command: 'revoke-key', 'key-id': String(personal.id), 'org-id': org })
      expect(asOrg.failure).toContain(
        `Could not revoke API key ${personal.id} of organization ${org}: API key ${personal.id} was not found (404). It is not a key of organization ${org}. To revoke a personal key, leave \`org-id\` empty.`,
      )
      const right = await step({ command: 'revoke-key', 'key-id': String(orgKey.id), 'org-id': org })
      expect(right.failure).toBeUndefined()
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
      expect(result.failure).toBeUndefined()
      const id = Number(result.outputs['key-id'])
      expect(JSON.parse(result.outputs['revoked-key-ids']!)).toEqual([old.id])
      expect(platform.isKeyValid(scopedSameName.id) && platform.isKeyValid(personalSameName.id)).toBe(true)
      expect(platform.keys().find((k) => k.id === id)).toMatchObject({ kind: 'organization', org_id: org })
      const byNewKey = platform.requests.filter((r) => r.keyId === id).map((r) => `${r.method} ${r.path}`)
      expect(byNewKey).toEqual([
        `GET /organizations/${org}/api_keys`,
        `DELETE /organizations/${org}/api_keys/${old.id}`,
      ])
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
      expect(result.failure).toBeUndefined()
      const id = Number(result.outputs['key-id'])
      expect(JSON.parse(result.outputs['revoked-key-ids']!)).toEqual([old.id])
      expect(platform.isKeyValid(elsewhere.id)).toBe(true)
      expect(platform.keys().find((k) => k.id === id)).toMatchObject({ project_id: project })
      expect(log.info).toContain(`The new key works: it read project ${project}.`)
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
      expect(result.failure).toMatch(
        /^Rotation stopped: Could not read project .* The new key \d+ was revoked\. No old key was revoked\.$/,
      )
      expect(
        platform
          .keys()
          .filter((k) => k.name === 'deploy' && !k.revoked)
          .map((k) => k.id),
      ).toEqual([old.id])
    })
  })
})

describe('requests per command and key kind', () => {
  // Organization resolution costs at most one request, and none where the service needs no organization.
  let run: InProcess
  let platform: PlatformEmulator
  let org: string
  let project: string
  let operation: string
  /** Keys of each kind: an admin's personal key, an organization key, a key scoped to `project`. */
  let personal: string
  let orgKey: string
  let scoped: string
  /** A personal key whose user belongs to two organizations. */
  let twoOrgs: string

  beforeAll(async () => {
    run = await inProcess()
    platform = run.platform
    org = platform.defaultOrgId
    project = platform.addProject({ id: 'deploy-target-1' }).id
    platform.addProjects(2)
    operation = platform.addOperation(project, { status: 'finished' })
    personal = run.key.key
    orgKey = platform.addOrgKey(org, 'inventory').key
    scoped = platform.addOrgKey(org, 'gate', { projectId: project }).key
    const other = platform.addOrganization().id
    twoOrgs = platform.addKey('two', {
      user: platform.addUser({ organizations: { [org]: 'member', [other]: 'member' } }),
    }).key
    // One old key for each rotation to replace.
    platform.addKey('rotated')
    platform.addOrgKey(org, 'rotated')
    platform.addOrgKey(org, 'rotated-deploy', { projectId: project })
    // One expired key for prune-keys to revoke.
    platform.addKey('stale~exp-20200101T0000Z', { createdAt: Date.parse('2019-12-01T00:00:00Z') })
  })

  afterAll(async () => {
    await run.stop()
  })

  type Row = [
    label: string,
    key: () => string,
    inputs: () => Record<string, string>,
    expected: () => string[],
    fails?: boolean,
  ]

  const KEY_ID = '\\d+'

  // In order: the revocations and rotations find the keys the rows before them made.
  const rows: Row[] = [
    [
      'list-projects, personal key, one organization',
      () => personal,
      () => ({ command: 'list-projects' }),
      () => ['GET /users/me/organizations', `GET /projects?org_id=${org}&limit=400`],
    ],
    [
      'list-projects, personal key, org-id',
      () => personal,
      () => ({ command: 'list-projects', 'org-id': org }),
      () => [`GET /projects?org_id=${org}&limit=400`],
    ],
    [
      'list-projects, personal key, two organizations (fails)',
      () => twoOrgs,
      () => ({ command: 'list-projects' }),
      () => ['GET /users/me/organizations'],
      true,
    ],
    [
      'list-projects, organization key',
      () => orgKey,
      () => ({ command: 'list-projects' }),
      () => ['GET /users/me/organizations', `GET /projects?org_id=${org}&limit=400`],
    ],
    [
      'list-projects, project-scoped key',
      () => scoped,
      () => ({ command: 'list-projects' }),
      () => ['GET /users/me/organizations', `GET /projects?org_id=${org}&limit=400`],
    ],
    ['list-keys, personal key', () => personal, () => ({ command: 'list-keys' }), () => ['GET /api_keys']],
    [
      'list-keys, org-id',
      () => orgKey,
      () => ({ command: 'list-keys', 'org-id': org }),
      () => [`GET /organizations/${org}/api_keys`],
    ],
    [
      'list-keys, org-id, expected-creators',
      () => orgKey,
      () => ({ command: 'list-keys', 'org-id': org, 'expected-creators': 'members' }),
      () => [`GET /organizations/${org}/members?sort_by=joined_at&limit=500`, `GET /organizations/${org}/api_keys`],
    ],
    [
      'create-key, personal',
      () => personal,
      () => ({ command: 'create-key', 'key-name': 'n1' }),
      () => ['GET /api_keys', 'POST /api_keys'],
    ],
    [
      'create-key, org-id',
      () => personal,
      () => ({ command: 'create-key', 'key-name': 'n2', 'org-id': org }),
      () => [`GET /organizations/${org}/api_keys`, `POST /organizations/${org}/api_keys`],
    ],
    [
      'create-key, project-id',
      () => personal,
      () => ({ command: 'create-key', 'key-name': 'n3', 'project-id': project }),
      () => [`GET /projects/${project}`, `GET /organizations/${org}/api_keys`, `POST /organizations/${org}/api_keys`],
    ],
    [
      'create-key, project-id and org-id',
      () => personal,
      () => ({ command: 'create-key', 'key-name': 'n4', 'project-id': project, 'org-id': org }),
      () => [`GET /organizations/${org}/api_keys`, `POST /organizations/${org}/api_keys`],
    ],
    [
      'revoke-key by name, personal',
      () => personal,
      () => ({ command: 'revoke-key', 'key-name': 'n1' }),
      () => ['GET /auth', 'GET /api_keys', `DELETE /api_keys/${KEY_ID}`],
    ],
    [
      'revoke-key by name, org-id',
      () => personal,
      () => ({ command: 'revoke-key', 'key-name': 'n2', 'org-id': org }),
      () => ['GET /auth', `GET /organizations/${org}/api_keys`, `DELETE /organizations/${org}/api_keys/${KEY_ID}`],
    ],
    [
      'rotate-key, personal (one old key)',
      () => personal,
      () => ({ command: 'rotate-key', 'key-name': 'rotated', 'keep-previous': '0' }),
      () => ['GET /api_keys', 'POST /api_keys', 'GET /api_keys', `DELETE /api_keys/${KEY_ID}`],
    ],
    [
      'rotate-key, org-id (one old key)',
      () => personal,
      () => ({ command: 'rotate-key', 'key-name': 'rotated', 'org-id': org, 'keep-previous': '0' }),
      () => [
        `GET /organizations/${org}/api_keys`,
        `POST /organizations/${org}/api_keys`,
        `GET /organizations/${org}/api_keys`,
        `DELETE /organizations/${org}/api_keys/${KEY_ID}`,
      ],
    ],
    [
      'rotate-key, project-id (one old key)',
      () => personal,
      () => ({ command: 'rotate-key', 'key-name': 'rotated-deploy', 'project-id': project, 'keep-previous': '0' }),
      () => [
        `GET /projects/${project}`,
        `GET /organizations/${org}/api_keys`,
        `POST /organizations/${org}/api_keys`,
        `GET /projects/${project}`,
        `GET /organizations/${org}/api_keys`,
        `DELETE /organizations/${org}/api_keys/${KEY_ID}`,
      ],
    ],
    [
      'prune-keys, personal key, dry run',
      () => personal,
      () => ({ command: 'prune-keys' }),
      () => ['GET /auth', 'GET /api_keys'],
    ],
    [
      'prune-keys, org-id, dry run',
      () => orgKey,
      () => ({ command: 'prune-keys', 'org-id': org }),
      () => ['GET /auth', `GET /organizations/${org}/api_keys`],
    ],
    [
      'prune-keys, org-id, expected-creators, dry run',
      () => personal,
      () => ({ command: 'prune-keys', 'org-id': org, 'expected-creators': 'members' }),
      () => [
        `GET /organizations/${org}/members?sort_by=joined_at&limit=500`,
        'GET /auth',
        `GET /organizations/${org}/api_keys`,
      ],
    ],
    [
      'prune-keys, personal key (one expired key)',
      () => personal,
      () => ({ command: 'prune-keys', 'dry-run': 'false' }),
      () => ['GET /auth', 'GET /api_keys', `DELETE /api_keys/${KEY_ID}`],
    ],
    [
      'wait-for-operations, project-scoped key',
      () => scoped,
      () => ({ command: 'wait-for-operations', 'project-id': project, 'operation-ids': operation }),
      () => [`GET /projects/${project}/operations/${operation}`],
    ],
  ]

  const like = (lines: string[]) =>
    lines.map((line) => expect.stringMatching(new RegExp(`^${line.replace(/[?]/g, '\\?')}$`)))

  it.each(rows)('%s', async (_label, key, inputs, expected, fails = false) => {
    platform.clearRequests()
    const result = await stepOn(run, { 'api-key': key(), ...inputs() })
    expect(result.failure !== undefined).toBe(fails)
    expect(requestsOf(platform)).toEqual(like(expected()))
  })
})
