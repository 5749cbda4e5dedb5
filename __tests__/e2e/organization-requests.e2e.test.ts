// The requests each command makes with each kind of key, read from the emulator's request log: the table in
// docs/organizations.md ("Requests per command and key kind"). Organization resolution (src/api/organization.ts) costs at
// most one request, and none where the service needs no organization. Pages of a list after the first are left out.
// End to end: each step is a child process, as a runner starts it (scripts/run-step.ts), on the committed
// bundle dist/index.js (E2E_ENTRY=source runs src/index.ts instead), against the platform emulator.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { PlatformEmulator } from '../../emulator/platform.ts'
import { errorLines, runStep } from '../../scripts/run-step.ts'

let platform: PlatformEmulator
let url: string
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
  platform = new PlatformEmulator()
  url = await platform.start()
  org = platform.defaultOrgId
  project = platform.addProject({ id: 'deploy-target-1' }).id
  platform.addProjects(2)
  operation = platform.addOperation(project, { status: 'finished' })
  personal = platform.addKey('admin').key
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
  await platform.stop()
})

type Row = [
  label: string,
  key: () => string,
  inputs: () => Record<string, string>,
  expected: () => string[],
  fails?: boolean,
]

const KEY_ID = '\\d+'

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

/** The requests since the last clear, as "METHOD /path?query", without the pages after the first. */
function made(): string[] {
  return platform.requests
    .filter((r) => r.query.cursor === undefined)
    .map((r) => {
      const query = new URLSearchParams(r.query).toString()
      return `${r.method} ${r.path}${query ? `?${query}` : ''}`
    })
}

const like = (lines: string[]) =>
  lines.map((line) => expect.stringMatching(new RegExp(`^${line.replace(/[?]/g, '\\?')}$`)))

describe('requests per command and key kind', () => {
  it.each(rows)('%s', async (_label, key, inputs, expected, fails = false) => {
    platform.clearRequests()
    const result = await runStep({ 'api-key': key(), 'api-host': url, ...inputs() })
    expect(errorLines(result.stdout).length > 0).toBe(fails)
    expect(made()).toEqual(like(expected()))
  })

  it.each([
    // The post step revokes the key by its saved id, in the namespace the main step saved.
    ['personal', {}, ['DELETE /api_keys/\\d+']],
    [
      'organization or project-scoped',
      { 'project-id': 'deploy-target-1' },
      ['DELETE /organizations/[a-z0-9-]+/api_keys/\\d+'],
    ],
  ])('the post step of revoke-after-job, %s key', async (_kind, scope, expected) => {
    const inputs = {
      'api-key': personal,
      'api-host': url,
      command: 'create-key',
      'key-name': 'job',
      'revoke-after-job': 'true',
      ...scope,
    }
    const main = await runStep(inputs)
    platform.clearRequests()
    const post = await runStep(inputs, { state: main.state })
    expect(errorLines(post.stdout)).toEqual([])
    expect(made()).toEqual(like(expected))
  })
})
