// What each endpoint asks of the platform (method, path, query, body, retry mode), and what a
// 403 or a 404 on it tells the user: the sentences the log shows when the service refuses.
import { describe, expect, it } from '@jest/globals'
import { finalError, type PlatformClient, type RequestSpec } from '../src/api/client.js'
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
  revokeApiKey,
  revokeOrgApiKey,
} from '../src/api/endpoints.js'
import { RequestError } from '../src/http/errors.ts'
import { createKeyIn, PERSONAL_KEYS } from '../src/api/namespace.js'
import { fakeClient } from './support/fake-client.js'

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

const ENDPOINTS: [string, (client: PlatformClient) => Promise<unknown>, Partial<RequestSpec<unknown>>, string, string][] = [
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
    { method: 'GET', path: '/api_keys', retry: 'safe' },
    "Could not list API keys: the platform refused it (403 Forbidden): personal keys are managed only with a personal key, and the step's key is an organization or project-scoped key. Set `org-id` to act on the keys of its organization. (request id req-1)",
    'Could not list API keys: the platform answered 404 Not Found. (request id req-1)',
  ],
  [
    'revokeApiKey(client, 42)',
    (client) => revokeApiKey(client, 42),
    { method: 'DELETE', path: '/api_keys/42', retry: 'safe' },
    "Could not revoke API key 42: the platform refused it (403 Forbidden): personal keys are managed only with a personal key, and the step's key is an organization or project-scoped key. Set `org-id` to act on the keys of its organization. (request id req-1)",
    "Could not revoke API key 42: API key 42 was not found (404); it is not a personal key of the step's user; an organization or project-scoped key is revoked through its organization: set `org-id`. (request id req-1)",
  ],
  [
    "createOrgApiKey(client, 'org-1', 'ci')",
    (client) => createOrgApiKey(client, 'org-1', 'ci'),
    { method: 'POST', path: '/organizations/org-1/api_keys', body: { key_name: 'ci' }, retry: 'once' },
    'Could not create an API key named "ci" in organization org-1: the platform refused it (403 Forbidden): only an admin of organization org-1 may create its keys, and only with a personal key: an organization key cannot create organization keys, and a project-scoped key cannot manage keys. Pass an admin\'s personal key in `api-key`. (request id req-1)',
    'Could not create an API key named "ci" in organization org-1: organization org-1 was not found (404). (request id req-1)',
  ],
  [
    "createOrgApiKey(client, 'org-1', 'ci', 'proj-1')",
    (client) => createOrgApiKey(client, 'org-1', 'ci', 'proj-1'),
    { method: 'POST', path: '/organizations/org-1/api_keys', body: { key_name: 'ci', project_id: 'proj-1' }, retry: 'once' },
    'Could not create an API key named "ci" scoped to project proj-1 of organization org-1: the platform refused it (403 Forbidden): only an admin of organization org-1 or a member of project proj-1 may create a key scoped to it, and only with a personal key: an organization key cannot create keys, and a project-scoped key cannot manage keys. (request id req-1)',
    'Could not create an API key named "ci" scoped to project proj-1 of organization org-1: organization org-1, or project proj-1 in it, was not found (404). (request id req-1)',
  ],
  [
    "listOrgApiKeys(client, 'org-1')",
    (client) => listOrgApiKeys(client, 'org-1'),
    { method: 'GET', path: '/organizations/org-1/api_keys', retry: 'safe' },
    "Could not list the API keys of organization org-1: the platform refused it (403 Forbidden): the step's key may not list the keys of organization org-1: a project-scoped key cannot manage keys, an organization key reaches only its own organization, and a personal key only the organizations its user belongs to. (request id req-1)",
    'Could not list the API keys of organization org-1: organization org-1 was not found (404). (request id req-1)',
  ],
  [
    "revokeOrgApiKey(client, 'org-1', 42)",
    (client) => revokeOrgApiKey(client, 'org-1', 42),
    { method: 'DELETE', path: '/organizations/org-1/api_keys/42', retry: 'safe' },
    "Could not revoke API key 42 of organization org-1: the platform refused it (403 Forbidden): the step's key may not revoke keys of organization org-1: a project-scoped key cannot manage keys, an organization key reaches only its own organization, a personal key only its user's organizations, and only an admin may revoke a key that is not project-scoped. (request id req-1)",
    "Could not revoke API key 42 of organization org-1: API key 42 was not found (404); it is not a key of organization org-1; a personal key is revoked with `org-id` left empty, and another organization's key with `org-id` set to that organization. (request id req-1)",
  ],
  [
    'getAuth(client)',
    (client) => getAuth(client),
    { method: 'GET', path: '/auth', retry: 'safe' },
    "Could not find out what kind of key the step's key is: the platform answered 403 Forbidden. (request id req-1)",
    "Could not find out what kind of key the step's key is: the platform answered 404 Not Found. (request id req-1)",
  ],
  [
    'listMyOrganizations(client)',
    (client) => listMyOrganizations(client),
    { method: 'GET', path: '/users/me/organizations', retry: 'safe' },
    "Could not list the organizations of the step's key: the platform answered 403 Forbidden. (request id req-1)",
    "Could not list the organizations of the step's key: the platform answered 404 Not Found. (request id req-1)",
  ],
  [
    "getProject(client, 'proj-1')",
    (client) => getProject(client, 'proj-1'),
    { method: 'GET', path: '/projects/proj-1', retry: 'safe' },
    "Could not read project proj-1: the platform refused it (403 Forbidden): the step's key may not reach project proj-1: a project-scoped key reaches only its own project, an organization key only its organization's projects, and a personal key only the projects of its user's organizations. (request id req-1)",
    'Could not read project proj-1: project proj-1 was not found (404). (request id req-1)',
  ],
  [
    "listAllProjects(client, { orgId: 'org-1' })",
    (client) => listAllProjects(client, { orgId: 'org-1' }),
    { method: 'GET', path: '/projects', query: { org_id: 'org-1', limit: 400 }, retry: 'safe' },
    "Could not list the projects of organization org-1: the platform refused it (403 Forbidden): the step's key may not list the projects of organization org-1: a personal key reaches only the organizations its user belongs to, and an organization key only its own. (request id req-1)",
    'Could not list the projects of organization org-1: organization org-1 was not found (404). (request id req-1)',
  ],
  [
    'listAllProjects(client, {})',
    (client) => listAllProjects(client, {}),
    { method: 'GET', path: '/projects', query: { limit: 400 }, retry: 'safe' },
    'Could not list projects: the platform answered 403 Forbidden. (request id req-1)',
    'Could not list projects: the platform answered 404 Not Found. (request id req-1)',
  ],
  [
    "listOperations(client, 'proj-1', { limit: 10 })",
    (client) => listOperations(client, 'proj-1', { limit: 10 }),
    { method: 'GET', path: '/projects/proj-1/operations', query: { limit: 10 }, retry: 'poll' },
    "Could not list the operations of project proj-1: the platform refused it (403 Forbidden): the step's key may not reach project proj-1: a project-scoped key reaches only its own project, an organization key only its organization's projects, and a personal key only the projects of its user's organizations. (request id req-1)",
    'Could not list the operations of project proj-1: project proj-1 was not found (404). (request id req-1)',
  ],
  [
    "getOperation(client, 'proj-1', 'op-1')",
    (client) => getOperation(client, 'proj-1', 'op-1'),
    { method: 'GET', path: '/projects/proj-1/operations/op-1', retry: 'poll' },
    "Could not read operation op-1: the platform refused it (403 Forbidden): the step's key may not reach project proj-1: a project-scoped key reaches only its own project, an organization key only its organization's projects, and a personal key only the projects of its user's organizations. (request id req-1)",
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
  it.each(ENDPOINTS)('%s: its request, and what a 403 and a 404 say', async (_label, call, request, forbidden, notFound) => {
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
  })
})

const projects = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ id: `p-${from + i}`, name: `n${from + i}` }))

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
      'Page 2 of the project list (cursor "c1") held only projects already read; the listing stops there and may be incomplete: 400 project(s) were read.',
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
      'The platform handed out the project list\'s cursor "c1" a second time (page 2); the listing stops there and may be incomplete: 800 project(s) were read.',
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
})

describe('revoking', () => {
  function failingClient(error: Error): PlatformClient {
    return { send: () => Promise.reject(error) } as unknown as PlatformClient
  }
  const notFound = (earlierAttemptUncertain: boolean, status = 404) =>
    new RequestError('gone', { kind: 'http', method: 'DELETE', path: '/api_keys/42', requestId: 'r', status, earlierAttemptUncertain })

  it('takes a 404 after an attempt that may have gone through for the key revoked by that attempt', async () => {
    await expect(revokeApiKey(failingClient(notFound(true)), 42)).resolves.toEqual({ id: 42, revoked: true })
    await expect(revokeOrgApiKey(failingClient(notFound(true)), 'org-1', 42)).resolves.toEqual({ id: 42, revoked: true })
  })

  it('passes on a 404 at the first attempt, another status, or another error', async () => {
    await expect(revokeApiKey(failingClient(notFound(false)), 42)).rejects.toThrow('gone')
    await expect(revokeApiKey(failingClient(notFound(true, 500)), 42)).rejects.toThrow('gone')
    await expect(revokeApiKey(failingClient(new Error('other')), 42)).rejects.toThrow('other')
  })
})

describe('createKeyIn()', () => {
  it('refuses a project-scoped personal key before sending anything: only an organization holds one', () => {
    const { client, specs } = fakeClient()
    expect(() => createKeyIn(client, PERSONAL_KEYS, 'ci', 'proj-1')).toThrow('a project-scoped key belongs to an organization')
    expect(specs).toEqual([])
  })
})
