import type { PlatformClient } from './client.ts'
import { ApiError } from './errors.ts'
import { ActionError } from '../errors.ts'
import { array, integer, nullableString, object, optionalString, string, type Json } from './shape.ts'
import type { ApiKey, CreatedApiKey, Operation, OperationsPage, Project, RevokedApiKey } from './types.ts'
import { quoted, untrusted } from '../text.ts'

/** The service's page size caps: projects 1–400 (default 10), operations 1–1000. */
export const PROJECTS_PAGE_LIMIT = 400
export const OPERATIONS_PAGE_LIMIT = 1000
/** The most pages of projects one listing reads (400,000 projects): a list still going on is incomplete. */
export const MAX_PROJECT_PAGES = 1000

/** POST /api_keys. Never retried blindly: see createKey in commands/keys.ts for reconciliation. */
export function createApiKey(client: PlatformClient, name: string): Promise<CreatedApiKey> {
  return client.send({
    method: 'POST',
    path: '/api_keys',
    body: { key_name: name },
    retry: 'once',
    purpose: `create an API key named ${quoted(name)}`,
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

/** Every project the service listed, and why the listing ended early when it did. */
export interface ProjectListing {
  projects: Project[]
  /** Projects the service listed by id only (`unavailable_project_ids`). */
  unavailableIds: string[]
  /** Set when the service's paging went wrong and the listing stopped: one warning for the log. */
  warning?: string
}

/**
 * GET /projects, every page: the largest page, following the cursor. A page with fewer than
 * `limit` entries (projects and unavailable ids together) is the last, so a short list costs
 * one request. A cursor handed out twice, or a full page that adds no new id, ends the listing
 * with a warning; a list still going on after MAX_PROJECT_PAGES pages fails as incomplete.
 */
export async function listAllProjects(client: PlatformClient): Promise<ProjectListing> {
  const projects: Project[] = []
  const unavailableIds: string[] = []
  const seenIds = new Set<string>()
  const seenCursors = new Set<string>()
  let cursor: string | undefined
  for (let page = 1; page <= MAX_PROJECT_PAGES; page++) {
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
        // Only counted: a field the action does not rely on never fails the listing.
        const unavailable = Array.isArray(record.unavailable_project_ids)
          ? record.unavailable_project_ids.filter((id): id is string => typeof id === 'string')
          : []
        return { items, unavailable, next: cursorOf(record) }
      },
    })
    let added = 0
    for (const project of result.items) {
      if (seenIds.has(project.id)) continue
      seenIds.add(project.id)
      projects.push(project)
      added++
    }
    for (const id of result.unavailable) {
      if (seenIds.has(id)) continue
      seenIds.add(id)
      unavailableIds.push(id)
      added++
    }
    // The service sends a cursor even on the last page: a short page is the end.
    if (result.items.length + result.unavailable.length < PROJECTS_PAGE_LIMIT || !result.next) return { projects, unavailableIds }
    const read = `${seenIds.size} project(s) were read`
    if (result.next === cursor || seenCursors.has(result.next)) {
      return {
        projects,
        unavailableIds,
        warning: `The platform handed out the project list's cursor ${quoted(result.next)} a second time (page ${page}); the listing stops there and may be incomplete: ${read}.`,
      }
    }
    if (added === 0) {
      return {
        projects,
        unavailableIds,
        warning: `Page ${page} of the project list (cursor ${quoted(cursor ?? '')}) held only projects already read; the listing stops there and may be incomplete: ${read}.`,
      }
    }
    seenCursors.add(result.next)
    cursor = result.next
  }
  throw new ActionError(
    `The project list was still going on after ${MAX_PROJECT_PAGES} pages (${seenIds.size} projects): the list is incomplete, ` +
      'so the step fails rather than pass part of it off as all. Check the `api-host` input, or report the endless list to the platform.',
  )
}

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
    retry: 'safe',
    purpose: `list the operations of project ${untrusted(projectId)}`,
    notFound: `project ${untrusted(projectId)}`,
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
    retry: 'safe',
    purpose: `read operation ${untrusted(operationId)}`,
    notFound: `operation ${untrusted(operationId)} in project ${untrusted(projectId)}`,
    parse: (body) => toOperation(object(body, 'response').operation, 'response.operation'),
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
