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
import { PLATFORM_ID } from './ids.ts'

/** The largest pages the service serves. */
const PROJECTS_PAGE_LIMIT = 400
export const OPERATIONS_PAGE_LIMIT = 1000
/** A longer list fails as incomplete. */
export const MAX_PROJECT_PAGES = 1000
const MEMBERS_PAGE_LIMIT = 500
/** A longer list fails as incomplete. */
export const MAX_MEMBERS = 50_000
/** One page more than MAX_MEMBERS needs: the last page with members may still give a cursor to an empty one. */
export const MAX_MEMBER_PAGES = MAX_MEMBERS / MEMBERS_PAGE_LIMIT + 1

const PERSONAL_KEYS_FORBIDDEN =
  "personal keys are managed only with a personal key, and the step's key is an organization or project-scoped key. " +
  'Set `org-id` to act on the keys of its organization'

/** POST /api_keys. Never sent again blindly: a lost answer may have made a key. */
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

/** GET /api_keys: the user's personal keys, as a bare array, never a key's value. */
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

/** DELETE /api_keys/{id}. An organization key's id gives a 404 here. */
export function revokeApiKey(client: PlatformClient, id: number): Promise<RevokedApiKey> {
  return revokeKeyAt(client, id, {
    method: 'DELETE',
    path: `/api_keys/${id}`,
    retry: 'read',
    purpose: `revoke API key ${id}`,
    notFound: `API key ${id}`,
    notFoundHint:
      "It is not a personal key of the step's user. " +
      'To revoke an organization or project-scoped key, set `org-id` to its organization',
    forbidden: PERSONAL_KEYS_FORBIDDEN,
    parse: toRevokedApiKey,
  })
}

/** POST /organizations/{org_id}/api_keys, with `projectId` for a project-scoped key. Never sent again blindly. */
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
    // Stryker disable next-line ConditionalExpression: equivalent, JSON leaves out an undefined project_id
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

/** GET /organizations/{org_id}/api_keys: organization and project-scoped keys, never a key's value. */
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

/** DELETE /organizations/{org_id}/api_keys/{id}. A personal key's id gives a 404 here. */
export function revokeOrgApiKey(client: PlatformClient, orgId: string, id: number): Promise<RevokedApiKey> {
  return revokeKeyAt(client, id, {
    method: 'DELETE',
    path: `/organizations/${encodeURIComponent(orgId)}/api_keys/${id}`,
    retry: 'read',
    purpose: `revoke API key ${id} of organization ${untrusted(orgId)}`,
    notFound: `API key ${id}`,
    notFoundHint:
      `It is not a key of organization ${untrusted(orgId)}. To revoke a personal key, leave \`org-id\` empty. ` +
      "To revoke another organization's key, set `org-id` to that organization",
    forbidden:
      `the step's key may not revoke keys of organization ${untrusted(orgId)}. ` +
      `Only an admin's personal key, or an organization key of ${untrusted(orgId)}, may revoke them, ` +
      'project-scoped keys too. ' +
      'Other roles (editor, viewer, collaborator, member) may not, and a project-scoped key cannot manage keys. ' +
      "Pass an admin's personal key in `api-key`",
    parse: toRevokedApiKey,
  })
}

/** Safe to send again. A 404 after an attempt that may have gone through means that attempt revoked the key. */
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

/** GET /auth: who the step's key acts for. */
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

/** A personal key's user's organizations, or the one organization that owns any other key. */
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

function describeProjectForbidden(projectId: string): string {
  return (
    `the step's key may not reach project ${untrusted(projectId)}: a project-scoped key reaches only its own project, ` +
    "an organization key only its organization's projects, " +
    "and a personal key only the projects of its user's organizations. Pass a key that reaches it in `api-key`"
  )
}

export interface ProjectsQuery {
  /** A personal key needs it when its user is in an organization. */
  orgId?: string
  /** Only projects whose name or id holds this. */
  search?: string
}

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

export interface ProjectListing {
  projects: Project[]
  /** Projects the service listed by id only (`unavailable_project_ids`). */
  unavailableIds: string[]
  /** Why the listing stopped early, when the service's paging went wrong. */
  warning?: string
}

/**
 * GET /projects, every page. A cursor handed out twice, or a full page without a new id, ends the listing with a
 * warning. A list longer than MAX_PROJECT_PAGES fails.
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
        // Nothing relies on `unavailable_project_ids`, so a bad value there never fails the listing.
        return { items, unavailable: stringsOf(record.unavailable_project_ids), next: cursorOf(record) }
      },
    })
    const known = guard.seen
    projects.push(...guard.unseen(result.items, (project) => project.id))
    unavailableIds.push(...guard.unseen(result.unavailable, (id) => id))
    // The service sends a cursor even on the last page, so a short page marks the end.
    if (result.items.length + result.unavailable.length < PROJECTS_PAGE_LIMIT || !result.next)
      return { projects, unavailableIds }
    const read = `${guard.seen} project(s) were read`
    if (guard.repeated(result.next)) {
      return {
        projects,
        unavailableIds,
        warning:
          `The platform handed out the project list's cursor ${quoted(result.next)} a second time (page ${page}). ` +
          `The listing stops there and may be incomplete: ${read}.`,
      }
    }
    if (guard.seen === known) {
      return {
        projects,
        unavailableIds,
        warning:
          `Page ${page} of the project list (cursor ${quoted(cursor ?? '')}) held only projects already read. ` +
          `The listing stops there and may be incomplete: ${read}.`,
      }
    }
    cursor = result.next
  }
  throw new ActionError(
    `The project list did not end after ${MAX_PROJECT_PAGES} pages (${guard.seen} projects). ` +
      'The step fails rather than pass off part of the list as the whole list. ' +
      'Check the `api-host` input, or report the endless list to the platform.',
  )
}

/**
 * Every member now, without e-mail addresses (personal data). A member missing from the list would look like someone
 * who left, so the list must be whole or the step fails (docs/offboarding.md).
 */
export async function listOrganizationMembers(client: PlatformClient, orgId: string): Promise<OrganizationMember[]> {
  const members = new Map<string, OrganizationMember>()
  const guard = new PagingGuard()
  let cursor: string | undefined
  for (let page = 1; page <= MAX_MEMBER_PAGES; page++) {
    const result = await client.send({
      method: 'GET',
      path: `/organizations/${encodeURIComponent(orgId)}/members`,
      // Never sort by e-mail: the cursor encodes a place in the sort, and the debug log shows it.
      query: { sort_by: 'joined_at', limit: MEMBERS_PAGE_LIMIT, cursor },
      retry: 'read',
      purpose: `list the members of organization ${untrusted(orgId)}`,
      notFound: `organization ${untrusted(orgId)}`,
      forbidden:
        `the step's key may not read the members of organization ${untrusted(orgId)}. ` +
        'A project-scoped key cannot, and an organization key reaches only its own organization. ' +
        "An admin's personal key may; the platform does not document which other roles may. " +
        `Pass an admin's personal key, or an organization key of ${untrusted(orgId)}, in \`api-key\``,
      parse: (body) => toMembersPage(body, orgId),
    })
    if (result.otherOrg !== undefined) {
      // Only an id is named: any other text there may be a member's personal data.
      const other = PLATFORM_ID.test(result.otherOrg)
        ? `organization ${untrusted(result.otherOrg)}`
        : 'another organization'
      throw new ActionError(
        `The platform answered the member list of organization ${untrusted(orgId)} with a member of ${other}. ` +
          "The step judges no key by another organization's members, and fails. " +
          'Check the `api-host` input, or report this to the platform.',
      )
    }
    const known = guard.seen
    for (const member of guard.unseen(result.members, (m) => m.user_id.toLowerCase())) {
      members.set(member.user_id.toLowerCase(), member)
    }
    // Deactivated only if every copy says so: a stale copy must not revoke keys.
    for (const member of result.members) members.get(member.user_id.toLowerCase())!.deactivated &&= member.deactivated
    if (guard.seen > MAX_MEMBERS) {
      throw incompleteMembers(
        orgId,
        `it holds more than ${MAX_MEMBERS.toLocaleString('en-US')} members, the most the action reads`,
      )
    }
    if (result.members.length === 0) return [...members.values()]
    if (result.next === undefined) {
      if (result.members.length < MEMBERS_PAGE_LIMIT) return [...members.values()]
      throw incompleteMembers(orgId, `page ${page} held as many members as asked for, but no cursor to the next page`)
    }
    if (guard.repeated(result.next) || guard.seen === known) {
      const what = guard.seen === known ? 'held only members already read' : 'handed out a cursor a second time'
      throw incompleteMembers(orgId, `page ${page} of the list ${what}`)
    }
    cursor = result.next
  }
  throw incompleteMembers(orgId, `the list did not end after ${MAX_MEMBER_PAGES} pages (${guard.seen} members)`)
}

function incompleteMembers(orgId: string, reason: string): ActionError {
  return new ActionError(
    `The member list of organization ${untrusted(orgId)} may be incomplete: ${reason}. ` +
      'A member missing from it would look like someone who left, so the step judges no key by this list and fails. ' +
      'Run the job again. If it fails the same way, report the list to the platform.',
  )
}

/** `otherOrg`: the first organization other than `orgId` that a member's `org_id` names. */
function toMembersPage(
  body: unknown,
  orgId: string,
): { members: OrganizationMember[]; next: string | undefined; otherOrg: string | undefined } {
  const record = object(body, 'response')
  let otherOrg: string | undefined
  const members = array(record.members, 'response.members').map((item, i): OrganizationMember => {
    const where = `response.members[${i}]`
    const entry = object(item, where)
    const member = object(entry.member, `${where}.member`)
    const memberOrg = optionalString(member, 'org_id')
    if (memberOrg !== undefined && memberOrg !== orgId) otherOrg ??= memberOrg
    const user = entry.user
    const deactivatedAt = typeof user === 'object' && user !== null ? (user as Json).deactivated_at : undefined
    return {
      user_id: string(member, 'user_id', `${where}.member`),
      role: optionalString(member, 'role') ?? '',
      // Only a time counts: "null" or "" reads as present.
      deactivated: typeof deactivatedAt === 'string' && isTime(deactivatedAt),
    }
  })
  const pagination = record.pagination
  const next =
    typeof pagination === 'object' && pagination !== null ? optionalString(pagination as Json, 'next') : undefined
  return { members, next: next || undefined, otherOrg }
}

/** Date.parse alone would read "1" as 2001. */
function isTime(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text) && !Number.isNaN(Date.parse(text))
}

/**
 * list-operations reads with `poll`: a 429 or 503 comes back at once, and the listing waits as the platform asks.
 * The waiter reads with `wait`: a 423 comes back too, and it waits that out within the step's timeout.
 */
type PollMode = 'poll' | 'wait'

/** One page, newest first. */
export function listOperations(
  client: PlatformClient,
  projectId: string,
  page: { limit: number; cursor?: string },
  retry: PollMode = 'poll',
): Promise<OperationsPage> {
  return client.send({
    method: 'GET',
    path: `/projects/${encodeURIComponent(projectId)}/operations`,
    query: { limit: page.limit, cursor: page.cursor },
    retry,
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

export function getOperation(
  client: PlatformClient,
  projectId: string,
  operationId: string,
  retry: PollMode = 'poll',
): Promise<Operation> {
  return client.send({
    method: 'GET',
    path: `/projects/${encodeURIComponent(projectId)}/operations/${encodeURIComponent(operationId)}`,
    retry,
    purpose: `read operation ${untrusted(operationId)}`,
    notFound: `operation ${untrusted(operationId)} in project ${untrusted(projectId)}`,
    forbidden: describeProjectForbidden(projectId),
    parse: (body) => toOperation(object(body, 'response').operation, 'response.operation'),
  })
}

/** Checks that the branch exists. A 404 names it. */
export function getBranch(
  client: PlatformClient,
  projectId: string,
  branchId: string,
  retry: PollMode = 'poll',
): Promise<Branch> {
  return client.send({
    method: 'GET',
    path: `/projects/${encodeURIComponent(projectId)}/branches/${encodeURIComponent(branchId)}`,
    retry,
    purpose: `read branch ${untrusted(branchId)} of project ${untrusted(projectId)}`,
    notFound: `branch ${untrusted(branchId)} in project ${untrusted(projectId)}`,
    parse: (body) => {
      const record = object(object(body, 'response').branch, 'response.branch')
      return { id: string(record, 'id', 'response.branch'), name: optionalString(record, 'name') }
    },
  })
}

function cursorOf(record: Json): string | undefined {
  const pagination = record.pagination
  return typeof pagination === 'object' && pagination !== null
    ? optionalString(pagination as Json, 'cursor')
    : undefined
}

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

/** Keeps only the fields the action shows, so nothing secret gets through. */
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

/** A record in the description, but the answers to create and revoke give a bare id. */
function creatorField(value: unknown): ApiKey['created_by'] {
  if (typeof value === 'string') return value === '' ? undefined : { id: withoutEmailAddress(value) }
  if (typeof value !== 'object' || value === null) return undefined
  const id = optionalString(value as Json, 'id')
  if (!id) return undefined
  const name = optionalString(value as Json, 'name')
  return name ? { id: withoutEmailAddress(id), name: withoutEmailAddress(name) } : { id: withoutEmailAddress(id) }
}

const EMAIL_HIDDEN = '(not shown: it may hold an e-mail address)'
/** `@`, and its full-width and small forms. */
const AT_SIGN = /[@\uff20\ufe6b]/

/**
 * An e-mail address is personal data, never written. Text with an `@` may hold one, so all of it is replaced: cutting
 * out only the address would miss one written with spaces or other tricks.
 */
function withoutEmailAddress(text: string): string {
  return AT_SIGN.test(text) ? EMAIL_HIDDEN : text
}

/** A value that is not a string is kept as JSON text: not a time, so it reads as a use now, never as "never used". */
function lastUseField(value: unknown): string | null {
  if (value === null || value === undefined) return null
  return typeof value === 'string' ? value : JSON.stringify(value).slice(0, 64)
}

/** A value that is not a string is kept as JSON text: not an address, so the tripwire flags it. */
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
