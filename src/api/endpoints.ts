import type { PlatformClient } from './client.ts'
import { ApiError } from './errors.ts'
import { array, integer, nullableString, object, optionalString, string, type Json } from './shape.ts'
import type { ApiKey, Branch, CreatedApiKey, Operation, OperationsPage, Project, RevokedApiKey } from './types.ts'

/** The service's page size caps: projects 1–400 (default 10), operations 1–1000. */
export const PROJECTS_PAGE_LIMIT = 400
export const OPERATIONS_PAGE_LIMIT = 1000
/** A guard against a service that keeps handing out new cursors forever. */
const MAX_PAGES = 10_000

/** POST /api_keys. Never retried blindly: see createKey in commands/keys.ts for reconciliation. */
export function createApiKey(client: PlatformClient, name: string): Promise<CreatedApiKey> {
  return client.send({
    method: 'POST',
    path: '/api_keys',
    body: { key_name: name },
    retry: 'once',
    purpose: `create an API key named ${JSON.stringify(name)}`,
    parse: (body) => {
      const record = object(body, 'response')
      return {
        id: integer(record, 'id', 'response'),
        key: string(record, 'key', 'response'),
        name: optionalString(record, 'name'),
        created_at: optionalString(record, 'created_at'),
      }
    },
  })
}

/** GET /api_keys: a bare array. Secret values are never part of it. */
export function listApiKeys(client: PlatformClient): Promise<ApiKey[]> {
  return client.send({
    method: 'GET',
    path: '/api_keys',
    retry: 'safe',
    purpose: 'list API keys',
    parse: (body) => array(body, 'response').map((item, i) => toApiKey(object(item, `response[${i}]`), `response[${i}]`)),
  })
}

/**
 * DELETE /api_keys/{id}. Revocation is idempotent, so it is retried; a 404 after an attempt
 * that may have gone through means that attempt revoked the key.
 */
export async function revokeApiKey(client: PlatformClient, id: number): Promise<RevokedApiKey> {
  try {
    return await client.send({
      method: 'DELETE',
      path: `/api_keys/${id}`,
      retry: 'safe',
      purpose: `revoke API key ${id}`,
      notFound: `API key ${id}`,
      parse: (body) => {
        const record = object(body, 'response')
        return { id: integer(record, 'id', 'response'), name: optionalString(record, 'name'), revoked: record.revoked !== false }
      },
    })
  } catch (error) {
    if (error instanceof ApiError && error.status === 404 && error.earlierAttemptUncertain) {
      return { id, revoked: true }
    }
    throw error
  }
}

/** GET /projects, every page: ask for the largest page, follow the cursor until the list ends. */
export async function listAllProjects(client: PlatformClient): Promise<Project[]> {
  const projects: Project[] = []
  const seen = new Set<string>()
  let cursor: string | undefined
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await client.send({
      method: 'GET',
      path: '/projects',
      query: { limit: PROJECTS_PAGE_LIMIT, cursor },
      retry: 'safe',
      purpose: 'list projects',
      parse: (body) => {
        const record = object(body, 'response')
        const items = array(record.projects, 'response.projects').map((item, i) => {
          const project = object(item, `response.projects[${i}]`)
          string(project, 'id', `response.projects[${i}]`)
          string(project, 'name', `response.projects[${i}]`)
          return project as Project
        })
        return { items, next: cursorOf(record) }
      },
    })
    for (const project of result.items) {
      if (!seen.has(project.id)) {
        seen.add(project.id)
        projects.push(project)
      }
    }
    // The service sends a cursor even on the last page: an empty page or a cursor that does not
    // move on is the end.
    if (result.items.length === 0 || !result.next || result.next === cursor) break
    cursor = result.next
  }
  return projects
}

/*
 * The waiter's reads (operations, and the branch it waits on) use retry mode `poll`: a 429 or
 * 503 comes back to the waiter at once, which paces its next poll rather than retrying here.
 */

/** GET /projects/{id}/operations: one page, newest first. */
export function listOperations(
  client: PlatformClient,
  projectId: string,
  page: { limit: number; cursor?: string },
): Promise<OperationsPage> {
  return client.send({
    method: 'GET',
    path: `/projects/${encodeURIComponent(projectId)}/operations`,
    query: { limit: page.limit, cursor: page.cursor },
    retry: 'poll',
    purpose: `list the operations of project ${projectId}`,
    notFound: `project ${projectId}`,
    parse: (body) => {
      const record = object(body, 'response')
      const operations = array(record.operations, 'response.operations').map((item, i) => toOperation(item, `response.operations[${i}]`))
      return { operations, cursor: cursorOf(record) }
    },
  })
}

/** GET /projects/{id}/operations/{operation_id}. */
export function getOperation(client: PlatformClient, projectId: string, operationId: string): Promise<Operation> {
  return client.send({
    method: 'GET',
    path: `/projects/${encodeURIComponent(projectId)}/operations/${encodeURIComponent(operationId)}`,
    retry: 'poll',
    purpose: `read operation ${operationId}`,
    notFound: `operation ${operationId} in project ${projectId}`,
    parse: (body) => toOperation(object(body, 'response').operation, 'response.operation'),
  })
}

/** GET /projects/{id}/branches/{branch_id}: that the branch exists (a 404 names it). */
export function getBranch(client: PlatformClient, projectId: string, branchId: string): Promise<Branch> {
  return client.send({
    method: 'GET',
    path: `/projects/${encodeURIComponent(projectId)}/branches/${encodeURIComponent(branchId)}`,
    retry: 'poll',
    purpose: `read branch ${branchId} of project ${projectId}`,
    notFound: `branch ${branchId} in project ${projectId}`,
    parse: (body) => {
      const record = object(object(body, 'response').branch, 'response.branch')
      return { id: string(record, 'id', 'response.branch'), name: optionalString(record, 'name') }
    },
  })
}

/** `pagination.cursor`, when the page has one. */
function cursorOf(record: Json): string | undefined {
  const pagination = record.pagination
  return typeof pagination === 'object' && pagination !== null ? optionalString(pagination as Json, 'cursor') : undefined
}

/** Only the fields the action shows: never anything secret, whatever the service adds. */
function toApiKey(record: Json, where: string): ApiKey {
  return {
    id: integer(record, 'id', where),
    name: string(record, 'name', where),
    created_at: string(record, 'created_at', where),
    last_used_at: nullableString(record, 'last_used_at'),
    last_used_from_addr: nullableString(record, 'last_used_from_addr'),
  }
}

function toOperation(value: unknown, where: string): Operation {
  const record = object(value, where)
  const operation: Operation = {
    id: string(record, 'id', where),
    project_id: string(record, 'project_id', where),
    branch_id: string(record, 'branch_id', where),
    action: string(record, 'action', where),
    status: string(record, 'status', where),
    failures_count: typeof record.failures_count === 'number' ? record.failures_count : 0,
    created_at: string(record, 'created_at', where),
    updated_at: optionalString(record, 'updated_at') ?? string(record, 'created_at', where),
  }
  const endpoint = optionalString(record, 'endpoint_id')
  if (endpoint) operation.endpoint_id = endpoint
  if (typeof record.total_duration_ms === 'number') operation.total_duration_ms = record.total_duration_ms
  const error = optionalString(record, 'error')
  if (error) operation.error = error
  const retryAt = optionalString(record, 'retry_at')
  if (retryAt) operation.retry_at = retryAt
  return operation
}
