// src/api/endpoints.ts: what each endpoint asks of the platform and what a 403 or 404 on it tells the user, what it makes
// of the answer, and the paging of the lists. Unit tests on a fake client that records each request and answers as
// told; the paging also through the real client against the platform emulator, in this process on a manual clock.
import { describe, expect, it } from '@jest/globals'
import { finalError, type PlatformClient, type RequestSpec } from '../../src/api/client.ts'
import {
  createApiKey,
  createOrgApiKey,
  getAuth,
  getBranch,
  getOperation,
  getProject,
  listAllProjects,
  listApiKeys,
  listMyOrganizations,
  listOperations,
  listOrgApiKeys,
  listOrganizationMembers,
  MAX_MEMBER_PAGES,
  MAX_PROJECT_PAGES,
  revokeApiKey,
  revokeOrgApiKey,
} from '../../src/api/endpoints.ts'
import { RequestError } from '../../src/http/errors.ts'
import { KEY_OWNER, type PlatformEmulator } from '../../emulator/platform.ts'
import { fakeClient } from '../support/fake-client.ts'
import type { ManualClock } from '../support/clock.ts'
import { inProcessPerTest, type InProcess } from '../support/in-process.ts'
import { stubServer } from '../support/stub-server.ts'

function refusal(spec: RequestSpec<unknown>, status: 403 | 404): string {
  const name = status === 403 ? 'Forbidden' : 'Not Found'
  const error = new RequestError(`the platform answered ${status} ${name}`, {
    kind: 'http',
    method: spec.method,
    path: spec.path,
    requestId: 'req-1',
    status,
  })
  return finalError(spec, error).message
}

const ENDPOINTS: [
  string,
  (client: PlatformClient) => Promise<unknown>,
  Partial<RequestSpec<unknown>>,
  string,
  string,
][] = [
  [
    "createApiKey(client, 'ci')",
    (client) => createApiKey(client, 'ci'),
    { method: 'POST', path: '/api_keys', body: { key_name: 'ci' }, retry: 'once' },
    'Could not create an API key named "ci": the platform refused it (403 Forbidden): personal keys are managed only with a personal key, and the step\'s key is an organization or project-scoped key. Set `org-id` to act on the keys of its organization. (request id req-1)',
    'Could not create an API key named "ci": the platform answered 404 Not Found. (request id req-1)',
  ],
  [
    'listApiKeys(client)',
    (client) => listApiKeys(client),
    { method: 'GET', path: '/api_keys', retry: 'read' },
    "Could not list API keys: the platform refused it (403 Forbidden): personal keys are managed only with a personal key, and the step's key is an organization or project-scoped key. Set `org-id` to act on the keys of its organization. (request id req-1)",
    'Could not list API keys: the platform answered 404 Not Found. (request id req-1)',
  ],
  [
    'revokeApiKey(client, 42)',
    (client) => revokeApiKey(client, 42),
    { method: 'DELETE', path: '/api_keys/42', retry: 'read' },
    "Could not revoke API key 42: the platform refused it (403 Forbidden): personal keys are managed only with a personal key, and the step's key is an organization or project-scoped key. Set `org-id` to act on the keys of its organization. (request id req-1)",
    "Could not revoke API key 42: API key 42 was not found (404). It is not a personal key of the step's user. To revoke an organization or project-scoped key, set `org-id` to its organization. (request id req-1)",
  ],
  [
    "createOrgApiKey(client, 'org-1', 'ci')",
    (client) => createOrgApiKey(client, 'org-1', 'ci'),
    { method: 'POST', path: '/organizations/org-1/api_keys', body: { key_name: 'ci' }, retry: 'once' },
    'Could not create an API key named "ci" in organization org-1: the platform refused it (403 Forbidden): only an admin of organization org-1 may create its keys, with the admin\'s personal key. Other roles (editor, viewer, collaborator, member) may not, and neither may an organization or project-scoped key. Pass an admin\'s personal key in `api-key`. (request id req-1)',
    'Could not create an API key named "ci" in organization org-1: organization org-1 was not found (404). (request id req-1)',
  ],
  [
    "createOrgApiKey(client, 'org-1', 'ci', 'proj-1')",
    (client) => createOrgApiKey(client, 'org-1', 'ci', 'proj-1'),
    {
      method: 'POST',
      path: '/organizations/org-1/api_keys',
      body: { key_name: 'ci', project_id: 'proj-1' },
      retry: 'once',
    },
    'Could not create an API key named "ci" scoped to project proj-1 of organization org-1: the platform refused it (403 Forbidden): only an admin of organization org-1 may create a key scoped to project proj-1, with the admin\'s personal key. Other roles (editor, viewer, collaborator, member) may not, and neither may an organization or project-scoped key. Pass an admin\'s personal key in `api-key`. (request id req-1)',
    'Could not create an API key named "ci" scoped to project proj-1 of organization org-1: organization org-1, or project proj-1 in it, was not found (404). (request id req-1)',
  ],
  [
    "listOrgApiKeys(client, 'org-1')",
    (client) => listOrgApiKeys(client, 'org-1'),
    { method: 'GET', path: '/organizations/org-1/api_keys', retry: 'read' },
    "Could not list the API keys of organization org-1: the platform refused it (403 Forbidden): the step's key may not list the keys of organization org-1. A project-scoped key cannot manage keys, and an organization key reaches only its own organization. A personal key lists them only if its user has a role there that may, as an admin does. Pass an admin's personal key, or an organization key of org-1, in `api-key`. (request id req-1)",
    'Could not list the API keys of organization org-1: organization org-1 was not found (404). (request id req-1)',
  ],
  [
    "revokeOrgApiKey(client, 'org-1', 42)",
    (client) => revokeOrgApiKey(client, 'org-1', 42),
    { method: 'DELETE', path: '/organizations/org-1/api_keys/42', retry: 'read' },
    "Could not revoke API key 42 of organization org-1: the platform refused it (403 Forbidden): the step's key may not revoke keys of organization org-1. Only an admin's personal key, or an organization key of org-1, may revoke them, project-scoped keys too. Other roles (editor, viewer, collaborator, member) may not, and a project-scoped key cannot manage keys. Pass an admin's personal key in `api-key`. (request id req-1)",
    "Could not revoke API key 42 of organization org-1: API key 42 was not found (404). It is not a key of organization org-1. To revoke a personal key, leave `org-id` empty. To revoke another organization's key, set `org-id` to that organization. (request id req-1)",
  ],
  [
    'getAuth(client)',
    (client) => getAuth(client),
    { method: 'GET', path: '/auth', retry: 'read' },
    "Could not find out what kind of key the step's key is: the platform answered 403 Forbidden. (request id req-1)",
    "Could not find out what kind of key the step's key is: the platform answered 404 Not Found. (request id req-1)",
  ],
  [
    'listMyOrganizations(client)',
    (client) => listMyOrganizations(client),
    { method: 'GET', path: '/users/me/organizations', retry: 'read' },
    "Could not list the organizations of the step's key: the platform answered 403 Forbidden. (request id req-1)",
    "Could not list the organizations of the step's key: the platform answered 404 Not Found. (request id req-1)",
  ],
  [
    "getProject(client, 'proj-1')",
    (client) => getProject(client, 'proj-1'),
    { method: 'GET', path: '/projects/proj-1', retry: 'read' },
    "Could not read project proj-1: the platform refused it (403 Forbidden): the step's key may not reach project proj-1: a project-scoped key reaches only its own project, an organization key only its organization's projects, and a personal key only the projects of its user's organizations. Pass a key that reaches it in `api-key`. (request id req-1)",
    'Could not read project proj-1: project proj-1 was not found (404). (request id req-1)',
  ],
  [
    "listAllProjects(client, { orgId: 'org-1' })",
    (client) => listAllProjects(client, { orgId: 'org-1' }),
    { method: 'GET', path: '/projects', query: { org_id: 'org-1', limit: 400 }, retry: 'read' },
    "Could not list the projects of organization org-1: the platform refused it (403 Forbidden): the step's key may not list the projects of organization org-1: a personal key reaches only the organizations its user belongs to, and an organization key only its own. Set `org-id` to an organization of the key, or pass a key of that organization in `api-key`. (request id req-1)",
    'Could not list the projects of organization org-1: organization org-1 was not found (404). (request id req-1)',
  ],
  [
    'listAllProjects(client, {})',
    (client) => listAllProjects(client, {}),
    { method: 'GET', path: '/projects', query: { limit: 400 }, retry: 'read' },
    'Could not list projects: the platform answered 403 Forbidden. (request id req-1)',
    'Could not list projects: the platform answered 404 Not Found. (request id req-1)',
  ],
  [
    "listOrganizationMembers(client, 'org-1')",
    (client) => listOrganizationMembers(client, 'org-1'),
    { method: 'GET', path: '/organizations/org-1/members', query: { sort_by: 'joined_at', limit: 500 }, retry: 'read' },
    "Could not list the members of organization org-1: the platform refused it (403 Forbidden): the step's key may not read the members of organization org-1. A project-scoped key cannot, and an organization key reaches only its own organization. An admin's personal key may; the platform does not document which other roles may. Pass an admin's personal key, or an organization key of org-1, in `api-key`. (request id req-1)",
    'Could not list the members of organization org-1: organization org-1 was not found (404). (request id req-1)',
  ],
  [
    "listOperations(client, 'proj-1', { limit: 10 })",
    (client) => listOperations(client, 'proj-1', { limit: 10 }),
    { method: 'GET', path: '/projects/proj-1/operations', query: { limit: 10 }, retry: 'poll' },
    "Could not list the operations of project proj-1: the platform refused it (403 Forbidden): the step's key may not reach project proj-1: a project-scoped key reaches only its own project, an organization key only its organization's projects, and a personal key only the projects of its user's organizations. Pass a key that reaches it in `api-key`. (request id req-1)",
    'Could not list the operations of project proj-1: project proj-1 was not found (404). (request id req-1)',
  ],
  [
    "getOperation(client, 'proj-1', 'op-1')",
    (client) => getOperation(client, 'proj-1', 'op-1'),
    { method: 'GET', path: '/projects/proj-1/operations/op-1', retry: 'poll' },
    "Could not read operation op-1: the platform refused it (403 Forbidden): the step's key may not reach project proj-1: a project-scoped key reaches only its own project, an organization key only its organization's projects, and a personal key only the projects of its user's organizations. Pass a key that reaches it in `api-key`. (request id req-1)",
    'Could not read operation op-1: operation op-1 in project proj-1 was not found (404). (request id req-1)',
  ],
  [
    "getBranch(client, 'proj-1', 'br-1')",
    (client) => getBranch(client, 'proj-1', 'br-1'),
    { method: 'GET', path: '/projects/proj-1/branches/br-1', retry: 'poll' },
    'Could not read branch br-1 of project proj-1: the platform answered 403 Forbidden. (request id req-1)',
    'Could not read branch br-1 of project proj-1: branch br-1 in project proj-1 was not found (404). (request id req-1)',
  ],
]

describe('each endpoint', () => {
  it.each(ENDPOINTS)(
    '%s: its request, and what a 403 and a 404 say',
    async (_label, call, request, forbidden, notFound) => {
      const { client, specs } = fakeClient()
      await expect(call(client)).rejects.toThrow('not sent')
      expect(specs).toHaveLength(1)
      const spec = specs[0]!
      expect({ method: spec.method, path: spec.path, query: spec.query, body: spec.body, retry: spec.retry }).toEqual({
        query: undefined,
        body: undefined,
        ...request,
      })
      expect(refusal(spec, 403)).toBe(forbidden)
      expect(refusal(spec, 404)).toBe(notFound)
    },
  )
})

const projects = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: `p-${from + i}`, name: `n${from + i}` }))

describe('listAllProjects(): paging', () => {
  it('ends with a warning at a full page that holds only projects already read', async () => {
    const page = projects(0, 400)
    const { client, specs } = fakeClient([
      { projects: page, pagination: { cursor: 'c1' } },
      { projects: page, pagination: { cursor: 'c2' } },
    ])
    const listing = await listAllProjects(client, { orgId: 'org-1' })
    expect(listing.projects).toHaveLength(400)
    expect(listing.warning).toBe(
      'Page 2 of the project list (cursor "c1") held only projects already read. The listing stops there and may be incomplete: 400 project(s) were read.',
    )
    expect(specs.map((s) => s.query?.cursor)).toEqual([undefined, 'c1'])
  })

  it('ends with a warning at a cursor handed out a second time', async () => {
    const { client } = fakeClient([
      { projects: projects(0, 400), pagination: { cursor: 'c1' } },
      { projects: projects(400, 400), pagination: { cursor: 'c1' } },
    ])
    const listing = await listAllProjects(client, {})
    expect(listing.projects).toHaveLength(800)
    expect(listing.warning).toBe(
      'The platform handed out the project list\'s cursor "c1" a second time (page 2). The listing stops there and may be incomplete: 800 project(s) were read.',
    )
  })

  it('counts unavailable ids once, keeps only strings, and counts them toward a full page', async () => {
    const { client, specs } = fakeClient([
      { projects: projects(0, 399), unavailable_project_ids: ['u-1'], pagination: { cursor: 'c1' } },
      { projects: [], unavailable_project_ids: ['u-1', 'u-2', 7, null], pagination: { cursor: 'c2' } },
    ])
    const listing = await listAllProjects(client, {})
    expect(specs).toHaveLength(2)
    expect(listing.unavailableIds).toEqual(['u-1', 'u-2'])
    expect(listing.projects).toHaveLength(399)
    expect(listing.warning).toBeUndefined()
  })

  it('takes a full page without a usable cursor for the last', async () => {
    for (const pagination of [undefined, null, 'c1', { cursor: 5 }]) {
      const { client, specs } = fakeClient([{ projects: projects(0, 400), pagination }])
      const listing = await listAllProjects(client, {})
      expect(listing.projects).toHaveLength(400)
      expect(specs).toHaveLength(1)
    }
  })

  it(`fails on a list still going on after ${MAX_PROJECT_PAGES} pages: never part of the list passed off as all`, async () => {
    // A new cursor and 400 new projects on every page.
    let sent = 0
    const client = {
      send: (spec: RequestSpec<unknown>) =>
        Promise.resolve().then(() =>
          spec.parse({ projects: projects(400 * sent, 400), pagination: { cursor: `c${++sent}` } }),
        ),
    } as unknown as PlatformClient
    await expect(listAllProjects(client, {})).rejects.toThrow(
      `The project list did not end after ${MAX_PROJECT_PAGES} pages (${MAX_PROJECT_PAGES * 400} projects). The step fails rather than pass off part of the list as the whole list. Check the \`api-host\` input, or report the endless list to the platform.`,
    )
    expect(sent).toBe(MAX_PROJECT_PAGES)
  })
})

/** Members as the platform lists them: each with an e-mail address, which the action must not keep. */
const members = (from: number, count: number, user: Record<string, unknown> = {}) =>
  Array.from({ length: count }, (_, i) => ({
    member: {
      id: `m-${from + i}`,
      user_id: `u-${from + i}`,
      org_id: 'org-1',
      role: 'editor',
      joined_at: '2026-01-01T00:00:00Z',
    },
    user: { email: `person${from + i}@example.com`, has_mfa: true, ...user },
  }))

describe('listOrganizationMembers(): the members, whole or not at all', () => {
  it('keeps of each member the user id, the role and whether the account is deactivated: never the e-mail address', async () => {
    const { client } = fakeClient([
      {
        members: [
          ...members(0, 1),
          ...members(1, 1, { deactivated_at: '2026-10-01T00:00:00Z' }),
          ...members(2, 1, { deactivated_at: null }),
          { member: { user_id: 'u-3' } },
        ],
      },
    ])
    const listed = await listOrganizationMembers(client, 'org-1')
    expect(listed).toStrictEqual([
      { user_id: 'u-0', role: 'editor', deactivated: false },
      { user_id: 'u-1', role: 'editor', deactivated: true },
      { user_id: 'u-2', role: 'editor', deactivated: false },
      { user_id: 'u-3', role: '', deactivated: false },
    ])
    expect(JSON.stringify(listed)).not.toContain('@')
  })

  it('follows pagination.next until a page has no member, or no next', async () => {
    const { client, specs } = fakeClient([
      { members: members(0, 500), pagination: { next: 'c1' } },
      { members: members(500, 2), pagination: { next: 'c2' } },
      { members: [], pagination: {} },
    ])
    expect(await listOrganizationMembers(client, 'org-1')).toHaveLength(502)
    expect(specs.map((s) => s.query?.cursor)).toEqual([undefined, 'c1', 'c2'])
    const last = fakeClient([{ members: members(0, 3), pagination: { sort_by: 'joined_at' } }])
    expect(await listOrganizationMembers(last.client, 'org-1')).toHaveLength(3)
    expect(last.specs).toHaveLength(1)
  })

  it('fails, never passing part of the list off as all: a cursor handed out twice, a page of members already read', async () => {
    const incomplete = (why: string) =>
      `The member list of organization org-1 may be incomplete: ${why}. A member missing from it would look like someone who left, ` +
      'so the step judges no key by this list and fails. Run the job again. If it fails the same way, report the list to the platform.'
    const cycle = fakeClient([
      { members: members(0, 2), pagination: { next: 'c1' } },
      { members: members(2, 2), pagination: { next: 'c1' } },
    ])
    await expect(listOrganizationMembers(cycle.client, 'org-1')).rejects.toThrow(
      incomplete('page 2 of the list handed out a cursor a second time'),
    )
    const repeat = fakeClient([
      { members: members(0, 2), pagination: { next: 'c1' } },
      { members: members(0, 2), pagination: { next: 'c2' } },
    ])
    await expect(listOrganizationMembers(repeat.client, 'org-1')).rejects.toThrow(
      incomplete('page 2 of the list held only members already read'),
    )
  })

  it('fails on a full page with no cursor to the next, and on a member of another organization', async () => {
    for (const pagination of [undefined, {}, { next: '' }, { next: 5 }]) {
      const full = fakeClient([{ members: members(0, 500), pagination }])
      await expect(listOrganizationMembers(full.client, 'org-1')).rejects.toThrow(
        'may be incomplete: page 1 held as many members as asked for, but no cursor to the next page.',
      )
    }
    const other = members(2, 1).map((entry) => ({ ...entry, member: { ...entry.member, org_id: 'org-2' } }))
    await expect(
      listOrganizationMembers(answering({ members: [...members(0, 2), ...other] }), 'org-1'),
    ).rejects.toThrow(
      'The platform answered the member list of organization org-1 with a member of organization org-2.',
    )
    // An org_id that is no id is not named: it may be personal data.
    const address = members(2, 1).map((entry) => ({ ...entry, member: { ...entry.member, org_id: 'ann@example.com' } }))
    await expect(listOrganizationMembers(answering({ members: address }), 'org-1')).rejects.toThrow(
      /^The platform answered the member list of organization org-1 with a member of another organization\. [^@]*$/,
    )
  })

  it('reads as deactivated only a deactivated_at that is a time, and a member listed twice only if every copy is', async () => {
    const { client } = fakeClient([
      {
        members: [
          ...['', 'null', '1', 'yes'].flatMap((deactivated_at, i) => members(i, 1, { deactivated_at })),
          ...members(4, 1, { deactivated_at: '2026-10-01T00:00:00.123+02:00' }),
          ...members(5, 1, { deactivated_at: '2026-10-01T00:00:00Z' }),
          ...members(5, 1),
          ...members(6, 1, { deactivated_at: '2026-10-01T00:00:00Z' }),
          ...members(6, 1, { deactivated_at: '2026-10-02T00:00:00Z' }),
        ],
      },
    ])
    const listed = await listOrganizationMembers(client, 'org-1')
    expect(listed.map((m) => [m.user_id, m.deactivated])).toEqual([
      ['u-0', false],
      ['u-1', false],
      ['u-2', false],
      ['u-3', false],
      ['u-4', true],
      ['u-5', false],
      ['u-6', true],
    ])
  })

  /** `count` members in full pages, each with a cursor, the last one too, and the empty page after them. */
  const pagesOf = (count: number) => [
    ...Array.from({ length: Math.ceil(count / 500) }, (_, i) => ({
      members: members(i * 500, Math.min(500, count - i * 500)),
      pagination: { next: `c${i}` },
    })),
    { members: [], pagination: {} },
  ]

  it.each([49_501, 50_000])('reads %d members, the last page with a cursor as the description shows', async (count) => {
    const { client, specs } = fakeClient(pagesOf(count))
    expect(await listOrganizationMembers(client, 'org-1')).toHaveLength(count)
    expect(specs).toHaveLength(MAX_MEMBER_PAGES)
  })

  it('fails on more than 50,000 members, the most it reads', async () => {
    const { client, specs } = fakeClient(pagesOf(50_001))
    await expect(listOrganizationMembers(client, 'org-1')).rejects.toThrow(
      'may be incomplete: it holds more than 50,000 members, the most the action reads.',
    )
    expect(specs).toHaveLength(MAX_MEMBER_PAGES)
  })

  it(`fails on a list still going on after ${MAX_MEMBER_PAGES} pages`, async () => {
    const pages = Array.from({ length: MAX_MEMBER_PAGES }, (_, i) => ({
      members: members(i * 5, 5),
      pagination: { next: `c${i}` },
    }))
    const { client, specs } = fakeClient(pages)
    await expect(listOrganizationMembers(client, 'org-1')).rejects.toThrow(
      `may be incomplete: the list did not end after ${MAX_MEMBER_PAGES} pages (${MAX_MEMBER_PAGES * 5} members).`,
    )
    expect(specs).toHaveLength(MAX_MEMBER_PAGES)
  })

  it('fails naming a field it relies on', async () => {
    await expect(listOrganizationMembers(answering({ members: [{ user: {} }] }), 'org-1')).rejects.toThrow(
      'response.members[0].member is not an object',
    )
    await expect(
      listOrganizationMembers(answering({ members: [{ member: { role: 'admin' } }] }), 'org-1'),
    ).rejects.toThrow('response.members[0].member.user_id is missing, not a string')
  })
})

describe('revoking', () => {
  function failingClient(error: Error): PlatformClient {
    return { send: () => Promise.reject(error) } as unknown as PlatformClient
  }
  const notFound = (earlierAttemptUncertain: boolean, status = 404) =>
    new RequestError('gone', {
      kind: 'http',
      method: 'DELETE',
      path: '/api_keys/42',
      requestId: 'r',
      status,
      earlierAttemptUncertain,
    })

  it('takes a 404 after an attempt that may have gone through for the key revoked by that attempt', async () => {
    await expect(revokeApiKey(failingClient(notFound(true)), 42)).resolves.toEqual({ id: 42, revoked: true })
    await expect(revokeOrgApiKey(failingClient(notFound(true)), 'org-1', 42)).resolves.toEqual({
      id: 42,
      revoked: true,
    })
  })

  it('passes on a 404 at the first attempt, another status, or another error', async () => {
    await expect(revokeApiKey(failingClient(notFound(false)), 42)).rejects.toThrow('gone')
    await expect(revokeApiKey(failingClient(notFound(true, 500)), 42)).rejects.toThrow('gone')
    await expect(revokeApiKey(failingClient(new Error('other')), 42)).rejects.toThrow('other')
  })
})

/** A client whose one answer is `body`. */
const answering = (body: unknown) => fakeClient([body]).client

const OPERATION = {
  id: 'op-1',
  project_id: 'proj-1',
  branch_id: 'br-1',
  action: 'start_compute',
  status: 'finished',
  created_at: '2026-11-21T10:00:00Z',
}

describe('operations', () => {
  it('keeps the fields the waiter shows, with defaults for what is missing', async () => {
    await expect(getOperation(answering({ operation: OPERATION }), 'proj-1', 'op-1')).resolves.toStrictEqual({
      ...OPERATION,
      failures_count: 0,
      updated_at: '2026-11-21T10:00:00Z',
    })
  })

  it('keeps the optional fields when they are there, and only then', async () => {
    const full = {
      ...OPERATION,
      failures_count: 2,
      updated_at: '2026-11-21T10:01:00Z',
      endpoint_id: 'ep-1',
      total_duration_ms: 1500,
      error: 'boom',
      retry_at: '2026-11-21T10:02:00Z',
    }
    await expect(getOperation(answering({ operation: full }), 'proj-1', 'op-1')).resolves.toStrictEqual(full)
    const empty = {
      ...OPERATION,
      failures_count: '2',
      endpoint_id: '',
      total_duration_ms: '5',
      error: '',
      retry_at: '',
    }
    const operation = await getOperation(answering({ operation: empty }), 'proj-1', 'op-1')
    expect(operation.failures_count).toBe(0)
    for (const field of ['endpoint_id', 'total_duration_ms', 'error', 'retry_at'])
      expect(field in operation).toBe(false)
  })

  it('names the field that is wrong, and where', async () => {
    await expect(getOperation(answering({ operation: { ...OPERATION, status: 5 } }), 'p', 'o')).rejects.toThrow(
      'response.operation.status is a number, not a string',
    )
    await expect(
      getOperation(answering({ operation: { ...OPERATION, created_at: undefined } }), 'p', 'o'),
    ).rejects.toThrow('response.operation.created_at is missing, not a string')
    await expect(getOperation(answering({}), 'p', 'o')).rejects.toThrow('response.operation is not an object')
    await expect(
      listOperations(answering({ operations: [OPERATION, { ...OPERATION, id: null }] }), 'p', { limit: 2 }),
    ).rejects.toThrow('response.operations[1].id is null, not a string')
    await expect(listOperations(answering({ operations: {} }), 'p', { limit: 2 })).rejects.toThrow(
      'response.operations is not an array',
    )
  })

  it('reads the page cursor when there is one', async () => {
    const page = await listOperations(answering({ operations: [OPERATION], pagination: { cursor: 'c2' } }), 'p', {
      limit: 1,
    })
    expect(page.cursor).toBe('c2')
    expect(page.operations).toHaveLength(1)
  })
})

describe('keys', () => {
  const KEY = { id: 7, name: 'ci', created_at: '2026-11-21T10:00:00Z' }

  it('a listed key: only the fields the action shows; the project only when it has one', async () => {
    const listed = await listApiKeys(
      answering([
        {
          ...KEY,
          last_used_at: '2026-11-21T11:00:00Z',
          last_used_from_addr: '10.0.0.1',
          project_id: 'proj-1',
          key: 'secret',
          extra: 1,
        },
        { ...KEY, id: 8, last_used_at: null, project_id: '' },
      ]),
    )
    expect(listed).toStrictEqual([
      { ...KEY, last_used_at: '2026-11-21T11:00:00Z', last_used_from_addr: '10.0.0.1', project_id: 'proj-1' },
      { ...KEY, id: 8, last_used_at: null, last_used_from_addr: '' },
    ])
    await expect(listApiKeys(answering([KEY, { ...KEY, id: 1.5 }]))).rejects.toThrow(
      'response[1].id is a number, not an integer',
    )
  })

  it('a listed key never used may leave out its last use; an address that is not text is kept as its JSON, which is no address', async () => {
    const used = { ...KEY, last_used_at: '2026-11-21T11:00:00Z' }
    const listed = await listApiKeys(
      answering([
        KEY,
        { ...used, id: 2, last_used_from_addr: ['10.0.0.1'] },
        { ...used, id: 3, last_used_from_addr: { ip: '10.0.0.1' } },
        { ...used, id: 4, last_used_from_addr: 7 },
        { ...used, id: 5, last_used_from_addr: true },
        { ...used, id: 6, last_used_from_addr: null },
      ]),
    )
    expect(listed.map((k) => [k.id, k.last_used_at, k.last_used_from_addr])).toEqual([
      [KEY.id, null, ''],
      [2, '2026-11-21T11:00:00Z', '["10.0.0.1"]'],
      [3, '2026-11-21T11:00:00Z', '{"ip":"10.0.0.1"}'],
      [4, '2026-11-21T11:00:00Z', '7'],
      [5, '2026-11-21T11:00:00Z', 'true'],
      [6, '2026-11-21T11:00:00Z', ''],
    ])
    await expect(listApiKeys(answering([KEY, 'x']))).rejects.toThrow('response[1] is not an object')
  })

  it("a listed key's creator: its id and name, never its image; a bare id; nothing when it cannot be read", async () => {
    const listed = await listOrgApiKeys(
      answering([
        { ...KEY, created_by: { id: 'u-1', name: 'Ann', image: 'https://example.com/ann.png' } },
        { ...KEY, id: 2, created_by: 'u-2' },
        { ...KEY, id: 3, created_by: { id: 'u-3' } },
        { ...KEY, id: 4, created_by: { id: 'u-4', name: '' } },
        ...[null, '', 7, [], { name: 'Bob' }, { id: 5 }, { id: '' }].map((created_by, i) => ({
          ...KEY,
          id: 10 + i,
          created_by,
        })),
        { ...KEY, id: 20 },
      ]),
      'org-1',
    )
    expect(listed.map((k) => [k.id, k.created_by])).toStrictEqual([
      [7, { id: 'u-1', name: 'Ann' }],
      [2, { id: 'u-2' }],
      [3, { id: 'u-3' }],
      [4, { id: 'u-4' }],
      ...[10, 11, 12, 13, 14, 15, 16].map((id) => [id, undefined]),
      [20, undefined],
    ])
    expect(listed.filter((k) => 'created_by' in k).map((k) => k.id)).toEqual([7, 2, 3, 4])
  })

  it("a listed key's creator: an id or a name that holds an @ is kept as a placeholder, never as written", async () => {
    const hidden = '(not shown: it may hold an e-mail address)'
    const listed = await listOrgApiKeys(
      answering([
        { ...KEY, id: 1, created_by: { id: 'u-1', name: 'ann@corp.example' } },
        { ...KEY, id: 2, created_by: { id: 'u-2', name: 'Ann Here <ann@corp.example>' } },
        { ...KEY, id: 3, created_by: { id: 'ann@corp.example', name: 'Ann' } },
        { ...KEY, id: 4, created_by: 'ann@corp.example' },
        { ...KEY, id: 5, created_by: { id: 'u-5', name: 'ann＠corp.example' } },
        { ...KEY, id: 6, created_by: { id: 'u-6', name: 'Ann ﹫ corp' } },
      ]),
      'org-1',
    )
    expect(listed.map((k) => k.created_by)).toStrictEqual([
      { id: 'u-1', name: hidden },
      { id: 'u-2', name: hidden },
      { id: hidden, name: 'Ann' },
      { id: hidden },
      { id: 'u-5', name: hidden },
      { id: 'u-6', name: hidden },
    ])
  })

  it('a created key: its value, and its project only when the answer names one', async () => {
    const created = await createApiKey(
      answering({ id: 9, key: 'napi_new', name: 'ci', created_at: 'now', project_id: 'proj-1' }),
      'ci',
    )
    expect(created).toStrictEqual({ id: 9, key: 'napi_new', name: 'ci', created_at: 'now', project_id: 'proj-1' })
    const personal = await createApiKey(answering({ id: 9, key: 'napi_new' }), 'ci')
    expect('project_id' in personal).toBe(false)
    await expect(createApiKey(answering({ id: 9 }), 'ci')).rejects.toThrow('response.key is missing, not a string')
  })

  it('a revoked key is revoked only when the answer says true', async () => {
    await expect(revokeApiKey(answering({ id: 7, name: 'ci', revoked: true }), 7)).resolves.toStrictEqual({
      id: 7,
      name: 'ci',
      revoked: true,
    })
    await expect(revokeApiKey(answering({ id: 7, revoked: 'true' }), 7)).resolves.toMatchObject({ revoked: false })
    await expect(revokeApiKey(answering({ revoked: true }), 7)).rejects.toThrow(
      'response.id is missing, not an integer',
    )
  })
})

describe('the rest', () => {
  it('auth, organizations, a project and a branch', async () => {
    await expect(getAuth(answering({ account_id: 'u-1', auth_method: 'api_key_user' }))).resolves.toStrictEqual({
      accountId: 'u-1',
      authMethod: 'api_key_user',
    })
    await expect(getAuth(answering({ account_id: 'u-1' }))).rejects.toThrow(
      'response.auth_method is missing, not a string',
    )
    await expect(
      listMyOrganizations(answering({ organizations: [{ id: 'org-1', name: 'A' }, { id: 'org-2' }] })),
    ).resolves.toStrictEqual([
      { id: 'org-1', name: 'A' },
      { id: 'org-2', name: '' },
    ])
    await expect(listMyOrganizations(answering({ organizations: [{ name: 'A' }] }))).rejects.toThrow(
      'response.organizations[0].id is missing, not a string',
    )
    await expect(getProject(answering({ project: { id: 'p', name: 3 } }), 'p')).rejects.toThrow(
      'response.project.name is a number, not a string',
    )
    await expect(getBranch(answering({ branch: { id: 'br-1', name: 'main' } }), 'p', 'br-1')).resolves.toStrictEqual({
      id: 'br-1',
      name: 'main',
    })
    await expect(getBranch(answering({ branch: { name: 'main' } }), 'p', 'br-1')).rejects.toThrow(
      'response.branch.id is missing, not a string',
    )
    await expect(getBranch(answering({ branch: [] }), 'p', 'br-1')).rejects.toThrow('response.branch is not an object')
  })
})

describe('an answer of the wrong kind names the place that is wrong', () => {
  it.each<[string, (body: unknown) => Promise<unknown>, unknown, string]>([
    ['auth', (b) => getAuth(answering(b)), 'text', 'response is not an object'],
    [
      'auth',
      (b) => getAuth(answering(b)),
      { auth_method: 'api_key_user' },
      'response.account_id is missing, not a string',
    ],
    ['organizations', (b) => listMyOrganizations(answering(b)), [], 'response is not an object'],
    [
      'organizations',
      (b) => listMyOrganizations(answering(b)),
      { organizations: {} },
      'response.organizations is not an array',
    ],
    [
      'organizations',
      (b) => listMyOrganizations(answering(b)),
      { organizations: ['org-1'] },
      'response.organizations[0] is not an object',
    ],
    ['a project', (b) => getProject(answering(b), 'p'), null, 'response is not an object'],
    ['a project', (b) => getProject(answering(b), 'p'), {}, 'response.project is not an object'],
    ['projects', (b) => listAllProjects(answering(b)), 7, 'response is not an object'],
    ['projects', (b) => listAllProjects(answering(b)), { projects: null }, 'response.projects is not an array'],
    ['projects', (b) => listAllProjects(answering(b)), { projects: ['p'] }, 'response.projects[0] is not an object'],
    [
      'projects',
      (b) => listAllProjects(answering(b)),
      { projects: [{ name: 'a' }] },
      'response.projects[0].id is missing, not a string',
    ],
    [
      'projects',
      (b) => listAllProjects(answering(b)),
      { projects: [{ id: 'p' }] },
      'response.projects[0].name is missing, not a string',
    ],
    ['operations', (b) => listOperations(answering(b), 'p', { limit: 2 }), [], 'response is not an object'],
    ['an operation', (b) => getOperation(answering(b), 'p', 'o'), 'x', 'response is not an object'],
    ['a branch', (b) => getBranch(answering(b), 'p', 'br-1'), true, 'response is not an object'],
    ['a new key', (b) => createApiKey(answering(b), 'ci'), [], 'response is not an object'],
    ['a new key', (b) => createApiKey(answering(b), 'ci'), { key: 'napi_x' }, 'response.id is missing, not an integer'],
  ])('%s: %j', async (_, call, body, message) => {
    await expect(call(body)).rejects.toThrow(message)
    // The whole message: not a longer path that merely ends in it.
    await expect(call(body)).rejects.toThrow(new RegExp(`^${message.replace(/[.[\]]/g, '\\$&')}$`))
  })
})

let platform: PlatformEmulator
let clock: ManualClock
let client: PlatformClient
/** A client as `client` is, but for the options given. */
let makeClient: InProcess['clientWith']

describe('paging', () => {
  inProcessPerTest((run) => ({ platform, clock, client, clientWith: makeClient } = run), { random: () => 0.5 })

  it('asks for 400 projects a page: a list shorter than that costs one request', async () => {
    const ids = platform.addProjects(57)
    const { projects, warning } = await listAllProjects(client, { orgId: platform.defaultOrgId })
    expect(projects.map((p) => p.id)).toEqual(ids)
    expect(warning).toBeUndefined()
    const pages = platform.requests.filter((r) => r.path === '/projects')
    expect(pages.map((r) => r.query)).toEqual([{ org_id: platform.defaultOrgId, limit: '400' }])
  })

  it('reads on after a full page, and stops at the empty page past the end', async () => {
    const ids = platform.addProjects(800)
    const { projects } = await listAllProjects(client, { orgId: platform.defaultOrgId })
    expect(projects.map((p) => p.id)).toEqual(ids)
    const pages = platform.requests.filter((r) => r.path === '/projects')
    expect(pages.map((r) => r.query.cursor)).toEqual([undefined, ids[399], ids[799]])
  })

  it('counts unavailable projects in the page: a page of 390 projects and 10 ids is full', async () => {
    const ids = platform.addProjects(410)
    for (const id of ids.slice(0, 10)) platform.markUnavailable(id)
    const { projects, unavailableIds } = await listAllProjects(client, { orgId: platform.defaultOrgId })
    expect(projects.map((p) => p.id)).toEqual(ids.slice(10))
    expect(unavailableIds).toEqual(ids.slice(0, 10))
    expect(platform.requests.filter((r) => r.path === '/projects')).toHaveLength(2)
  })

  it('reads 10,000 projects in 26 requests', async () => {
    platform.addProjects(10_000)
    const { projects } = await listAllProjects(client, { orgId: platform.defaultOrgId })
    expect(new Set(projects.map((p) => p.id)).size).toBe(10_000)
    expect(platform.requests.filter((r) => r.path === '/projects')).toHaveLength(26)
  })

  it('a cursor handed out a second time ends the listing with a warning naming it', async () => {
    platform.inject({ path: '/projects', kind: 'cursor', mode: 'cycle', times: 99 })
    const { projects, warning } = await listAllProjects(client)
    expect(projects).toHaveLength(800)
    expect(platform.requests.map((r) => r.query.cursor)).toEqual([undefined, 'cursor-a', 'cursor-b'])
    expect(warning).toBe(
      'The platform handed out the project list\'s cursor "cursor-a" a second time (page 3). The listing stops there and may be incomplete: 800 project(s) were read.',
    )
  })

  it('a full page of projects already read ends the listing with a warning naming its cursor', async () => {
    platform.inject({ path: '/projects', kind: 'cursor', mode: 'repeat', times: 99 })
    const { projects, warning } = await listAllProjects(client)
    expect(projects).toHaveLength(400)
    expect(platform.requests).toHaveLength(2)
    expect(warning).toMatch(
      /^Page 2 of the project list \(cursor "repeat-1"\) held only projects already read\. The listing stops there/,
    )
  })

  it('a cursor that does not move on after a full page is a repeat too', async () => {
    const server = await stubServer((_, res) => {
      res.setHeader('content-type', 'application/json')
      const projects = Array.from({ length: 400 }, (__, i) => ({ id: `p-${i}`, name: 'n' }))
      res.end(JSON.stringify({ projects, pagination: { cursor: 'same' } }))
    })
    const stub = makeClient({ baseUrl: server.url })
    const { projects, warning } = await listAllProjects(stub)
    expect(projects).toHaveLength(400)
    expect(server.hits).toBe(2)
    expect(warning).toContain('cursor "same" a second time (page 2)')
    await stub.close()
    await server.close()
  })

  it('a short page ends the listing whatever its cursor says', async () => {
    const server = await stubServer((_, res) => {
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ projects: [{ id: 'p-1', name: 'one' }], pagination: { cursor: 'next' } }))
    })
    const stub = makeClient({ baseUrl: server.url })
    const { projects, warning } = await listAllProjects(stub)
    expect(projects.map((p) => p.id)).toEqual(['p-1'])
    expect([server.hits, warning]).toEqual([1, undefined])
    await stub.close()
    await server.close()
  })

  it("reads an organization's 1,101 members 500 a page, sorted by when they joined, and the empty page past the end", async () => {
    const org = platform.defaultOrgId
    const users = Array.from({ length: 1100 }, () => platform.addUser({ organizations: { [org]: 'viewer' } }))
    const listed = await listOrganizationMembers(client, org)
    expect(new Set(listed.map((m) => m.user_id))).toEqual(new Set([...users, KEY_OWNER.id]))
    const pages = platform.requests.filter((r) => r.path === `/organizations/${org}/members`)
    expect(pages.map((r) => [r.query.limit, r.query.sort_by, r.query.cursor === undefined])).toEqual([
      ['500', 'joined_at', true],
      ['500', 'joined_at', false],
      ['500', 'joined_at', false],
      ['500', 'joined_at', false],
    ])
  })

  it('pages operations newest first with the timestamp cursor', async () => {
    const project = platform.addProject().id
    const ids = Array.from({ length: 5 }, (_, i) =>
      platform.addOperation(project, { createdAt: clock.now() + i * 1000 }),
    )
    const first = await listOperations(client, project, { limit: 3 })
    expect(first.operations.map((o) => o.id)).toEqual([ids[4], ids[3], ids[2]])
    expect(first.cursor).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+Z$/)
    const second = await listOperations(client, project, { limit: 3, cursor: first.cursor })
    expect(second.operations.map((o) => o.id)).toEqual([ids[1], ids[0]])
  })
})
