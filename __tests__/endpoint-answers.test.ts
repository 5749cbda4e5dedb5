// What each endpoint makes of the platform's answer: the fields it keeps, the defaults it
// fills in, and the exact place it names when a field it relies on is wrong.
import { describe, expect, it } from '@jest/globals'
import {
  createApiKey,
  getAuth,
  getBranch,
  getOperation,
  getProject,
  listAllProjects,
  listApiKeys,
  listMyOrganizations,
  listOperations,
  revokeApiKey,
} from '../src/api/endpoints.js'
import { fakeClient } from './support/fake-client.js'

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
    const empty = { ...OPERATION, failures_count: '2', endpoint_id: '', total_duration_ms: '5', error: '', retry_at: '' }
    const operation = await getOperation(answering({ operation: empty }), 'proj-1', 'op-1')
    expect(operation.failures_count).toBe(0)
    for (const field of ['endpoint_id', 'total_duration_ms', 'error', 'retry_at']) expect(field in operation).toBe(false)
  })

  it('names the field that is wrong, and where', async () => {
    await expect(getOperation(answering({ operation: { ...OPERATION, status: 5 } }), 'p', 'o')).rejects.toThrow(
      'response.operation.status is a number, not a string',
    )
    await expect(getOperation(answering({ operation: { ...OPERATION, created_at: undefined } }), 'p', 'o')).rejects.toThrow(
      'response.operation.created_at is missing, not a string',
    )
    await expect(getOperation(answering({}), 'p', 'o')).rejects.toThrow('response.operation is not an object')
    await expect(listOperations(answering({ operations: [OPERATION, { ...OPERATION, id: null }] }), 'p', { limit: 2 })).rejects.toThrow(
      'response.operations[1].id is null, not a string',
    )
    await expect(listOperations(answering({ operations: {} }), 'p', { limit: 2 })).rejects.toThrow('response.operations is not an array')
  })

  it('reads the page cursor when there is one', async () => {
    const page = await listOperations(answering({ operations: [OPERATION], pagination: { cursor: 'c2' } }), 'p', { limit: 1 })
    expect(page.cursor).toBe('c2')
    expect(page.operations).toHaveLength(1)
  })
})

describe('keys', () => {
  const KEY = { id: 7, name: 'ci', created_at: '2026-11-21T10:00:00Z' }

  it('a listed key: only the fields the action shows; the project only when it has one', async () => {
    const listed = await listApiKeys(
      answering([
        { ...KEY, last_used_at: '2026-11-21T11:00:00Z', last_used_from_addr: '10.0.0.1', project_id: 'proj-1', key: 'secret', extra: 1 },
        { ...KEY, id: 8, last_used_at: null, project_id: '' },
      ]),
    )
    expect(listed).toStrictEqual([
      { ...KEY, last_used_at: '2026-11-21T11:00:00Z', last_used_from_addr: '10.0.0.1', project_id: 'proj-1' },
      { ...KEY, id: 8, last_used_at: null, last_used_from_addr: null },
    ])
    await expect(listApiKeys(answering([KEY, { ...KEY, id: 1.5 }]))).rejects.toThrow('response[1].id is a number, not an integer')
    await expect(listApiKeys(answering([KEY, 'x']))).rejects.toThrow('response[1] is not an object')
  })

  it('a created key: its value, and its project only when the answer names one', async () => {
    const created = await createApiKey(answering({ id: 9, key: 'napi_new', name: 'ci', created_at: 'now', project_id: 'proj-1' }), 'ci')
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
    await expect(revokeApiKey(answering({ revoked: true }), 7)).rejects.toThrow('response.id is missing, not an integer')
  })
})

describe('the rest', () => {
  it('auth, organizations, a project and a branch', async () => {
    await expect(getAuth(answering({ account_id: 'u-1', auth_method: 'api_key_user' }))).resolves.toStrictEqual({
      accountId: 'u-1',
      authMethod: 'api_key_user',
    })
    await expect(getAuth(answering({ account_id: 'u-1' }))).rejects.toThrow('response.auth_method is missing, not a string')
    await expect(listMyOrganizations(answering({ organizations: [{ id: 'org-1', name: 'A' }, { id: 'org-2' }] }))).resolves.toStrictEqual([
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
    ['auth', (b) => getAuth(answering(b)), { auth_method: 'api_key_user' }, 'response.account_id is missing, not a string'],
    ['organizations', (b) => listMyOrganizations(answering(b)), [], 'response is not an object'],
    ['organizations', (b) => listMyOrganizations(answering(b)), { organizations: {} }, 'response.organizations is not an array'],
    ['organizations', (b) => listMyOrganizations(answering(b)), { organizations: ['org-1'] }, 'response.organizations[0] is not an object'],
    ['a project', (b) => getProject(answering(b), 'p'), null, 'response is not an object'],
    ['a project', (b) => getProject(answering(b), 'p'), {}, 'response.project is not an object'],
    ['projects', (b) => listAllProjects(answering(b)), 7, 'response is not an object'],
    ['projects', (b) => listAllProjects(answering(b)), { projects: null }, 'response.projects is not an array'],
    ['projects', (b) => listAllProjects(answering(b)), { projects: ['p'] }, 'response.projects[0] is not an object'],
    ['projects', (b) => listAllProjects(answering(b)), { projects: [{ name: 'a' }] }, 'response.projects[0].id is missing, not a string'],
    ['projects', (b) => listAllProjects(answering(b)), { projects: [{ id: 'p' }] }, 'response.projects[0].name is missing, not a string'],
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
