import type { PlatformClient, RequestSpec } from './client.ts'
import { RequestError } from '../http/errors.ts'
import { ActionError } from '../base/errors.ts'
import { array, integer, object, optionalString, string, type Json } from './shape.ts'
import type {
  ApiKey,
  AuthDetails,
  Branch,
  CreatedApiKey,
  Operation,
  OperationsPage,
  Organization,
  OrganizationMember,
  Project,
  RevokedApiKey,
} from './types.ts'
import { quoted, untrusted } from '../base/text.ts'
import { PagingGuard } from './paging.ts'

/** The service's page size caps: projects 1–400 (default 10), operations 1–1000. */
const PROJECTS_PAGE_LIMIT = 400
export const OPERATIONS_PAGE_LIMIT = 1000
/** The most pages of projects one listing reads (400,000 projects): a list still going on is incomplete. */
export const MAX_PROJECT_PAGES = 1000
/** The service's page size cap for an organization's members: 1–500. */
const MEMBERS_PAGE_LIMIT = 500
/** The most pages of members one listing reads (50,000 members): a list still going on fails as incomplete. */
export const MAX_MEMBER_PAGES = 100

/** Personal keys are managed only with a personal key: what a 403 on /api_keys means. */
const PERSONAL_KEYS_FORBIDDEN =
  "personal keys are managed only with a personal key, and the step's key is an organization or project-scoped key. " +
  'Set `org-id` to act on the keys of its organization'

/** POST /api_keys: a personal key. Never retried blindly: see createKeyOnce in keys/creation.ts for reconciliation. */
export function createApiKey(client: PlatformClient, name: string): Promise<CreatedApiKey> {
  return client.send({
    method: 'POST',
    path: '/api_keys',
    body: { key_name: name },
    retry: 'once',
    purpose: `create an API key named ${quoted(name)}`,
    forbidden: PERSONAL_KEYS_FORBIDDEN,
    parse: toCreatedApiKey,
  })
}

/** GET /api_keys: the personal keys of the step's user, a bare array. Secret values are never part of it. */
export function listApiKeys(client: PlatformClient): Promise<ApiKey[]> {
  return client.send({
    method: 'GET',
    path: '/api_keys',
    retry: 'read',
    purpose: 'list API keys',
    forbidden: PERSONAL_KEYS_FORBIDDEN,
    parse: toApiKeys,
  })
}

/** DELETE /api_keys/{id}: a personal key. An organization key's id is unknown here (404). */
export function revokeApiKey(client: PlatformClient, id: number): Promise<RevokedApiKey> {
  return revokeKeyAt(client, id, {
    method: 'DELETE',
    path: `/api_keys/${id}`,
    retry: 'read',
    purpose: `revoke API key ${id}`,
    notFound: `API key ${id}`,
    notFoundHint: `it is not a personal key of the step's user; an organization or project-scoped key is revoked through its organization: set \`org-id\``,
    forbidden: PERSONAL_KEYS_FORBIDDEN,
    parse: toRevokedApiKey,
  })
}

/**
 * POST /organizations/{org_id}/api_keys: an organization key, or with `projectId` a key scoped to
 * that one project. Only a personal key may create one. Never retried blindly.
 */
export function createOrgApiKey(
  client: PlatformClient,
  orgId: string,
  name: string,
  projectId?: string,
): Promise<CreatedApiKey> {
  const org = encodeURIComponent(orgId)
  return client.send({
    method: 'POST',
    path: `/organizations/${org}/api_keys`,
    // Stryker disable next-line ConditionalExpression: equivalent; a project_id of undefined is left out of the JSON body
    body: projectId === undefined ? { key_name: name } : { key_name: name, project_id: projectId },
    retry: 'once',
    purpose:
      projectId === undefined
        ? `create an API key named ${quoted(name)} in organization ${untrusted(orgId)}`
        : `create an API key named ${quoted(name)} scoped to project ${untrusted(projectId)} of organization ${untrusted(orgId)}`,
    notFound:
      projectId === undefined
        ? `organization ${untrusted(orgId)}`
        : `organization ${untrusted(orgId)}, or project ${untrusted(projectId)} in it,`,
    forbidden:
      projectId === undefined
        ? `only an admin of organization ${untrusted(orgId)} may create its keys, with the admin's personal key. ` +
          'Other roles (editor, viewer, collaborator, member) may not, and neither may ' +
          "an organization or project-scoped key. Pass an admin's personal key in `api-key`"
        : `only an admin of organization ${untrusted(orgId)} may create a key scoped to ` +
          `project ${untrusted(projectId)}, with the admin's personal key. ` +
          'Other roles (editor, viewer, collaborator, member) may not, and neither may ' +
          "an organization or project-scoped key. Pass an admin's personal key in `api-key`",
    parse: toCreatedApiKey,
  })
}

/** GET /organizations/{org_id}/api_keys: organization and project-scoped keys, never a value. */
export function listOrgApiKeys(client: PlatformClient, orgId: string): Promise<ApiKey[]> {
  return client.send({
    method: 'GET',
    path: `/organizations/${encodeURIComponent(orgId)}/api_keys`,
    retry: 'read',
    purpose: `list the API keys of organization ${untrusted(orgId)}`,
    notFound: `organization ${untrusted(orgId)}`,
    forbidden:
      `the step's key may not list the keys of organization ${untrusted(orgId)}. ` +
      'A project-scoped key cannot manage keys, and an organization key reaches only its own organization. ' +
      'A personal key lists them only if its user has a role there that may, as an admin does. ' +
      `Pass an admin's personal key, or an organization key of ${untrusted(orgId)}, in \`api-key\``,
    parse: toApiKeys,
  })
}

/** DELETE /organizations/{org_id}/api_keys/{id}. A personal key's id is unknown here (404). */
export function revokeOrgApiKey(client: PlatformClient, orgId: string, id: number): Promise<RevokedApiKey> {
  return revokeKeyAt(client, id, {
    method: 'DELETE',
    path: `/organizations/${encodeURIComponent(orgId)}/api_keys/${id}`,
    retry: 'read',
    purpose: `revoke API key ${id} of organization ${untrusted(orgId)}`,
    notFound: `API key ${id}`,
    notFoundHint: `it is not a key of organization ${untrusted(orgId)}; a personal key is revoked with \`org-id\` left empty, and another organization's key with \`org-id\` set to that organization`,
    forbidden:
      `the step's key may not revoke keys of organization ${untrusted(orgId)}. ` +
      `Only an admin's personal key, or an organization key of ${untrusted(orgId)}, may revoke them, ` +
      'project-scoped keys too. ' +
      'Other roles (editor, viewer, collaborator, member) may not, and a project-scoped key cannot manage keys. ' +
      "Pass an admin's personal key in `api-key`",
    parse: toRevokedApiKey,
  })
}

/**
 * Revocation is idempotent, so it is retried; a 404 after an attempt that may have gone
 * through means that attempt revoked the key.
 */
async function revokeKeyAt(
  client: PlatformClient,
  id: number,
  spec: RequestSpec<RevokedApiKey>,
): Promise<RevokedApiKey> {
  try {
    return await client.send(spec)
  } catch (error) {
    if (error instanceof RequestError && error.status === 404 && error.earlierAttemptUncertain) {
      return { id, revoked: true }
    }
    throw error
  }
}

/**
 * GET /auth: who the step's key acts for. `api_key_user` is a personal key (`account_id` its
 * user), `api_key_org` an organization or project-scoped key (`account_id` its organization).
 */
export function getAuth(client: PlatformClient): Promise<AuthDetails> {
  return client.send({
    method: 'GET',
    path: '/auth',
    retry: 'read',
    purpose: "find out what kind of key the step's key is",
    parse: (body) => {
      const record = object(body, 'response')
      return {
        accountId: string(record, 'account_id', 'response'),
        authMethod: string(record, 'auth_method', 'response'),
      }
    },
  })
}

/**
 * GET /users/me/organizations: the organizations of the step's key: its user's, or for an
 * organization or project-scoped key the one that owns it.
 */
export function listMyOrganizations(client: PlatformClient): Promise<Organization[]> {
  return client.send({
    method: 'GET',
    path: '/users/me/organizations',
    retry: 'read',
    purpose: "list the organizations of the step's key",
    parse: (body) =>
      array(object(body, 'response').organizations, 'response.organizations').map((item, i) => {
        const where = `response.organizations[${i}]`
        const record = object(item, where)
        return { id: string(record, 'id', where), name: optionalString(record, 'name') ?? '' }
      }),
  })
}

/** GET /projects/{project_id}: one project, with the organization that owns it. */
export function getProject(client: PlatformClient, projectId: string): Promise<Project> {
  return client.send({
    method: 'GET',
    path: `/projects/${encodeURIComponent(projectId)}`,
    retry: 'read',
    purpose: `read project ${untrusted(projectId)}`,
    notFound: `project ${untrusted(projectId)}`,
    forbidden: describeProjectForbidden(projectId),
    parse: (body) => toProject(object(body, 'response').project, 'response.project'),
  })
}

/** What a 403 on a project means: which keys reach which projects. */
function describeProjectForbidden(projectId: string): string {
  return (
    `the step's key may not reach project ${untrusted(projectId)}: a project-scoped key reaches only its own project, ` +
    "an organization key only its organization's projects, " +
    "and a personal key only the projects of its user's organizations. Pass a key that reaches it in `api-key`"
  )
}

export interface ProjectsQuery {
  /** The organization whose projects to list (`org_id`); required with a personal key in an organization. */
  orgId?: string
  /** Only projects whose name or id holds this (`search`). */
  search?: string
}

/** What listing projects is for messages, and what its 404 and 403 mean. */
function projectListTexts(orgId: string | undefined): Pick<RequestSpec<unknown>, 'purpose' | 'notFound' | 'forbidden'> {
  if (orgId === undefined) return { purpose: 'list projects' }
  return {
    purpose: `list the projects of organization ${untrusted(orgId)}`,
    notFound: `organization ${untrusted(orgId)}`,
    forbidden:
      `the step's key may not list the projects of organization ${untrusted(orgId)}: ` +
      'a personal key reaches only the organizations its user belongs to, and an organization key only its own. ' +
      'Set `org-id` to an organization of the key, or pass a key of that organization in `api-key`',
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
export async function listAllProjects(client: PlatformClient, query: ProjectsQuery = {}): Promise<ProjectListing> {
  const projects: Project[] = []
  const unavailableIds: string[] = []
  const guard = new PagingGuard()
  let cursor: string | undefined
  for (let page = 1; page <= MAX_PROJECT_PAGES; page++) {
    const result = await client.send({
      method: 'GET',
      path: '/projects',
      query: { org_id: query.orgId, search: query.search, limit: PROJECTS_PAGE_LIMIT, cursor },
      retry: 'read',
      ...projectListTexts(query.orgId),
      parse: (body) => {
        const record = object(body, 'response')
        const items = array(record.projects, 'response.projects').map((item, i) => {
          const project = object(item, `response.projects[${i}]`)
          string(project, 'id', `response.projects[${i}]`)
          string(project, 'name', `response.projects[${i}]`)
          return project as Project
        })
        // Only counted: a field the action does not rely on never fails the listing.
        return { items, unavailable: stringsOf(record.unavailable_project_ids), next: cursorOf(record) }
      },
    })
    const known = guard.seen
    projects.push(...guard.unseen(result.items, (project) => project.id))
    unavailableIds.push(...guard.unseen(result.unavailable, (id) => id))
    // The service sends a cursor even on the last page: a short page is the end.
    if (result.items.length + result.unavailable.length < PROJECTS_PAGE_LIMIT || !result.next)
      return { projects, unavailableIds }
    const read = `${guard.seen} project(s) were read`
    if (guard.repeated(result.next)) {
      return {
        projects,
        unavailableIds,
        warning: `The platform handed out the project list's cursor ${quoted(result.next)} a second time (page ${page}); the listing stops there and may be incomplete: ${read}.`,
      }
    }
    if (guard.seen === known) {
      return {
        projects,
        unavailableIds,
        warning: `Page ${page} of the project list (cursor ${quoted(cursor ?? '')}) held only projects already read; the listing stops there and may be incomplete: ${read}.`,
      }
    }
    cursor = result.next
  }
  throw new ActionError(
    `The project list was still going on after ${MAX_PROJECT_PAGES} pages (${guard.seen} projects): the list is incomplete, ` +
      'so the step fails rather than pass part of it off as all. Check the `api-host` input, or report the endless list to the platform.',
  )
}

/**
 * GET /organizations/{org_id}/members, every page: who is a member now. Of each member only the
 * user id, the role and whether the account is deactivated are kept; the e-mail address in the
 * answer is personal data and is dropped here. A member missing from the list would read as
 * someone who left, so the list must be whole or the step fails: the listing follows
 * `pagination.next` until a page is empty or has none (the description's example hands one out
 * beside what may be the last members), and fails on a cursor handed out twice, a page of members
 * already read, or a list still going on after MAX_MEMBER_PAGES pages.
 */
export async function listOrganizationMembers(client: PlatformClient, orgId: string): Promise<OrganizationMember[]> {
  const members: OrganizationMember[] = []
  const guard = new PagingGuard()
  let cursor: string | undefined
  for (let page = 1; page <= MAX_MEMBER_PAGES; page++) {
    const result = await client.send({
      method: 'GET',
      path: `/organizations/${encodeURIComponent(orgId)}/members`,
      // Sorted by when each joined, never by e-mail: a cursor holds a place in the sort, and goes to the debug log.
      query: { sort_by: 'joined_at', limit: MEMBERS_PAGE_LIMIT, cursor },
      retry: 'read',
      purpose: `list the members of organization ${untrusted(orgId)}`,
      notFound: `organization ${untrusted(orgId)}`,
      forbidden:
        `the step's key may not read the members of organization ${untrusted(orgId)}. ` +
        'A project-scoped key cannot, and an organization key reaches only its own organization. ' +
        "An admin's personal key may; the platform does not document which other roles may. " +
        `Pass an admin's personal key, or an organization key of ${untrusted(orgId)}, in \`api-key\``,
      parse: toMembersPage,
    })
    const known = guard.seen
    members.push(...guard.unseen(result.members, (member) => member.user_id))
    if (result.members.length === 0 || result.next === undefined) return members
    if (guard.repeated(result.next) || guard.seen === known) {
      const what = guard.seen === known ? 'held only members already read' : 'handed out a cursor a second time'
      throw incompleteMembers(orgId, `page ${page} of the list ${what}`)
    }
    cursor = result.next
  }
  throw incompleteMembers(orgId, `the list was still going on after ${MAX_MEMBER_PAGES} pages (${guard.seen} members)`)
}

function incompleteMembers(orgId: string, reason: string): ActionError {
  return new ActionError(
    `The member list of organization ${untrusted(orgId)} may be incomplete: ${reason}. ` +
      'A member missing from it would read as someone who left, so the step judges no key by it and fails. ' +
      'Run it again; if it fails the same way, report the list to the platform.',
  )
}

/** A page of members: of each, never more than OrganizationMember holds. */
function toMembersPage(body: unknown): { members: OrganizationMember[]; next: string | undefined } {
  const record = object(body, 'response')
  const members = array(record.members, 'response.members').map((item, i): OrganizationMember => {
    const where = `response.members[${i}]`
    const entry = object(item, where)
    const member = object(entry.member, `${where}.member`)
    const user = entry.user
    const deactivatedAt = typeof user === 'object' && user !== null ? (user as Json).deactivated_at : undefined
    return {
      user_id: string(member, 'user_id', `${where}.member`),
      role: optionalString(member, 'role') ?? '',
      // Only a time written as text counts: a member the action cannot read as deactivated is present.
      deactivated: typeof deactivatedAt === 'string' && deactivatedAt !== '',
    }
  })
  const pagination = record.pagination
  const next =
    typeof pagination === 'object' && pagination !== null ? optionalString(pagination as Json, 'next') : undefined
  return { members, next: next || undefined }
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
    purpose: `list the operations of project ${untrusted(projectId)}`,
    notFound: `project ${untrusted(projectId)}`,
    forbidden: describeProjectForbidden(projectId),
    parse: (body) => {
      const record = object(body, 'response')
      const operations = array(record.operations, 'response.operations').map((item, i) =>
        toOperation(item, `response.operations[${i}]`),
      )
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
    purpose: `read operation ${untrusted(operationId)}`,
    notFound: `operation ${untrusted(operationId)} in project ${untrusted(projectId)}`,
    forbidden: describeProjectForbidden(projectId),
    parse: (body) => toOperation(object(body, 'response').operation, 'response.operation'),
  })
}

/** GET /projects/{id}/branches/{branch_id}: that the branch exists (a 404 names it). */
export function getBranch(client: PlatformClient, projectId: string, branchId: string): Promise<Branch> {
  return client.send({
    method: 'GET',
    path: `/projects/${encodeURIComponent(projectId)}/branches/${encodeURIComponent(branchId)}`,
    retry: 'poll',
    purpose: `read branch ${untrusted(branchId)} of project ${untrusted(projectId)}`,
    notFound: `branch ${untrusted(branchId)} in project ${untrusted(projectId)}`,
    parse: (body) => {
      const record = object(object(body, 'response').branch, 'response.branch')
      return { id: string(record, 'id', 'response.branch'), name: optionalString(record, 'name') }
    },
  })
}

/** `pagination.cursor`, when the page has one. */
function cursorOf(record: Json): string | undefined {
  const pagination = record.pagination
  return typeof pagination === 'object' && pagination !== null
    ? optionalString(pagination as Json, 'cursor')
    : undefined
}

/** `unavailable_project_ids`: the ids that are strings; absent is none. */
function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
}

function toProject(value: unknown, where: string): Project {
  const project = object(value, where)
  string(project, 'id', where)
  string(project, 'name', where)
  return project as Project
}

function toCreatedApiKey(body: unknown): CreatedApiKey {
  const record = object(body, 'response')
  const created: CreatedApiKey = {
    id: integer(record, 'id', 'response'),
    key: string(record, 'key', 'response'),
    name: optionalString(record, 'name'),
    created_at: optionalString(record, 'created_at'),
  }
  const projectId = optionalString(record, 'project_id')
  if (projectId !== undefined) created.project_id = projectId
  return created
}

function toRevokedApiKey(body: unknown): RevokedApiKey {
  const record = object(body, 'response')
  return {
    id: integer(record, 'id', 'response'),
    name: optionalString(record, 'name'),
    revoked: record.revoked === true,
  }
}

function toApiKeys(body: unknown): ApiKey[] {
  return array(body, 'response').map((item, i) => toApiKey(object(item, `response[${i}]`), `response[${i}]`))
}

/** Only the fields the action shows: never anything secret, whatever the service adds. */
function toApiKey(record: Json, where: string): ApiKey {
  const key: ApiKey = {
    id: integer(record, 'id', where),
    name: string(record, 'name', where),
    created_at: string(record, 'created_at', where),
    last_used_at: lastUseField(record.last_used_at),
    last_used_from_addr: addressField(record.last_used_from_addr),
  }
  const creator = creatorField(record.created_by)
  if (creator) key.created_by = creator
  const projectId = optionalString(record, 'project_id')
  if (projectId) key.project_id = projectId
  return key
}

/**
 * `created_by`: the description's record, of which `id` and `name` are kept (never `image`), or
 * a bare id, as the answers to creating and revoking a key give it. Anything else, or an empty
 * id, is no creator the action can read: undefined.
 */
function creatorField(value: unknown): ApiKey['created_by'] {
  if (typeof value === 'string') return value === '' ? undefined : { id: value }
  if (typeof value !== 'object' || value === null) return undefined
  const id = optionalString(value as Json, 'id')
  if (!id) return undefined
  const name = optionalString(value as Json, 'name')
  return name ? { id, name } : { id }
}

/**
 * `last_used_at`: null (or absent) when the key was never used. Any other value that is not a
 * string is kept as its JSON text, which is no time: it reads as a use now, never as "never used".
 */
function lastUseField(value: unknown): string | null {
  if (value === null || value === undefined) return null
  return typeof value === 'string' ? value : JSON.stringify(value).slice(0, 64)
}

/**
 * `last_used_from_addr`: '' when absent or null. Any other value that is not a string is kept as
 * its JSON text, which is no address: the tripwire flags it, never reads it as "never used".
 */
function addressField(value: unknown): string {
  if (value === null || value === undefined) return ''
  return typeof value === 'string' ? value : JSON.stringify(value).slice(0, 64)
}

function toOperation(value: unknown, where: string): Operation {
  const record = object(value, where)
  const operation: Operation = {
    id: string(record, 'id', where),
    project_id: string(record, 'project_id', where),
    action: string(record, 'action', where),
    status: string(record, 'status', where),
    failures_count: typeof record.failures_count === 'number' ? record.failures_count : 0,
    created_at: string(record, 'created_at', where),
    updated_at: optionalString(record, 'updated_at') ?? string(record, 'created_at', where),
  }
  // An operation of the whole project has no branch; one that concerns no compute has no endpoint.
  const branch = optionalString(record, 'branch_id')
  if (branch) operation.branch_id = branch
  const endpoint = optionalString(record, 'endpoint_id')
  if (endpoint) operation.endpoint_id = endpoint
  if (typeof record.total_duration_ms === 'number') operation.total_duration_ms = record.total_duration_ms
  const error = optionalString(record, 'error')
  if (error) operation.error = error
  const retryAt = optionalString(record, 'retry_at')
  if (retryAt) operation.retry_at = retryAt
  return operation
}
