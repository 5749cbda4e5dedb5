// Organizations, their members, and who an API key acts for, as the live service has them
// (docs/organizations.md): every project belongs to an organization; a personal key acts for
// its user in every organization the user belongs to; an organization key acts for its
// organization; a project-scoped key is an organization key that reaches one project. The
// permission matrix is here, as rules that answer "allowed" or the reason for a 403.
import * as names from './names.ts'
import { isoSeconds } from './time.ts'

export type Role = 'admin' | 'member'

/** An element of GET /users/me/organizations. */
export interface OrganizationRecord {
  id: string
  name: string
  handle: string
  plan: string
  created_at: string
  updated_at: string
  managed_by: string
}

/** `created_by` of a key list item. */
export interface UserRecord {
  id: string
  name: string
  image: string
}

/** Who a key acts for. A project-scoped key is an organization key with `projectId`. */
export type KeyScope = { kind: 'personal'; userId: string } | { kind: 'organization'; orgId: string; createdBy: string; projectId?: string }

/** What a rule needs to know of a project. */
export interface ProjectPlace {
  id: string
  org_id: string
}

/** A refusal: the 403 message, or undefined when the key may go on. */
export type Refusal = string | undefined

export const ORG_ID = /^[a-z0-9-]{1,60}$/

interface UserState {
  record: UserRecord
  roles: Map<string, Role>
}

export class OrganizationDirectory {
  private readonly orgs = new Map<string, OrganizationRecord>()
  private readonly users = new Map<string, UserState>()
  private readonly clock: () => number

  constructor(clock: () => number) {
    this.clock = clock
  }

  addOrganization(partial: { id?: string; name?: string; plan?: string } = {}): OrganizationRecord {
    let id = partial.id ?? names.organizationId()
    while (partial.id === undefined && this.orgs.has(id)) id = names.organizationId()
    if (!ORG_ID.test(id)) throw new RangeError(`organization id must match ${ORG_ID}: ${id}`)
    if (this.orgs.has(id)) throw new RangeError(`organization ${id} already exists`)
    const at = isoSeconds(this.clock())
    const name = partial.name ?? id.replace(/^org-/, '').replace(/-\d+$/, '').replace(/-/g, ' ')
    const record: OrganizationRecord = {
      id,
      name,
      handle: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${id.slice(-8)}`,
      plan: partial.plan ?? 'scale',
      created_at: at,
      updated_at: at,
      managed_by: 'console',
    }
    this.orgs.set(id, record)
    return { ...record }
  }

  organization(id: string): OrganizationRecord | undefined {
    const record = this.orgs.get(id)
    return record ? { ...record } : undefined
  }

  addUser(record: UserRecord): void {
    if (this.users.has(record.id)) throw new RangeError(`user ${record.id} already exists`)
    this.users.set(record.id, { record: { ...record }, roles: new Map() })
  }

  hasUser(id: string): boolean {
    return this.users.has(id)
  }

  user(id: string): UserRecord {
    return { ...this.requireUser(id).record }
  }

  /** Makes `userId` an admin or member of `orgId`; `undefined` removes the membership. */
  setRole(userId: string, orgId: string, role: Role | undefined): void {
    const user = this.requireUser(userId)
    if (!this.orgs.has(orgId)) throw new RangeError(`organization ${orgId} not found`)
    if (role === undefined) user.roles.delete(orgId)
    else user.roles.set(orgId, role)
  }

  roleOf(userId: string, orgId: string): Role | undefined {
    return this.users.get(userId)?.roles.get(orgId)
  }

  /** GET /users/me/organizations: a user's organizations, or the one that owns an organization key. */
  organizationsOf(scope: KeyScope): OrganizationRecord[] {
    const ids = scope.kind === 'personal' ? [...(this.users.get(scope.userId)?.roles.keys() ?? [])] : [scope.orgId]
    return ids.flatMap((id) => this.organization(id) ?? [])
  }

  /** GET /auth. */
  authOf(scope: KeyScope): { account_id: string; auth_method: 'api_key_user' | 'api_key_org' } {
    return scope.kind === 'personal'
      ? { account_id: scope.userId, auth_method: 'api_key_user' }
      : { account_id: scope.orgId, auth_method: 'api_key_org' }
  }

  // ---- the permission matrix ------------------------------------------------

  /** Project reads and its operations. */
  mayReachProject(scope: KeyScope, project: ProjectPlace): Refusal {
    if (scope.kind === 'personal') {
      return this.roleOf(scope.userId, project.org_id)
        ? undefined
        : `you are not a member of the organization that owns project ${project.id}`
    }
    if (scope.orgId !== project.org_id) return `this organization API key cannot access project ${project.id} of another organization`
    if (scope.projectId !== undefined && scope.projectId !== project.id) {
      return `this API key is scoped to project ${scope.projectId} and cannot access project ${project.id}`
    }
    return undefined
  }

  /** GET /projects with `org_id` (or, for an organization key, without). */
  mayListProjects(scope: KeyScope, orgId: string): Refusal {
    if (scope.kind === 'personal') return this.roleOf(scope.userId, orgId) ? undefined : `you are not a member of organization ${orgId}`
    return scope.orgId === orgId ? undefined : `this API key belongs to another organization and cannot list the projects of ${orgId}`
  }

  /** POST, GET and DELETE /api_keys: a user's own personal keys. */
  mayManagePersonalKeys(scope: KeyScope): Refusal {
    return scope.kind === 'personal' ? undefined : 'personal API keys can be managed only with a personal API key'
  }

  /** GET /organizations/{org_id}/api_keys: admins and members with a personal key, and the organization's own keys. */
  mayListOrganizationKeys(scope: KeyScope, orgId: string): Refusal {
    if (scope.kind === 'organization') {
      if (scope.projectId !== undefined) return 'project-scoped API keys cannot manage API keys'
      return scope.orgId === orgId ? undefined : `this API key belongs to another organization than ${orgId}`
    }
    return this.roleOf(scope.userId, orgId) ? undefined : `you are not a member of organization ${orgId}`
  }

  /**
   * POST /organizations/{org_id}/api_keys: only with a personal key; an organization key is an
   * admin's, a project-scoped one an admin's or a project member's (an organization's members
   * reach all of its projects).
   */
  mayCreateOrganizationKey(scope: KeyScope, orgId: string, projectId: string | undefined): Refusal {
    if (scope.kind === 'organization') {
      return scope.projectId !== undefined
        ? 'project-scoped API keys cannot manage API keys'
        : 'organization API keys cannot create API keys'
    }
    const role = this.roleOf(scope.userId, orgId)
    if (!role) return `you are not a member of organization ${orgId}`
    if (projectId === undefined && role !== 'admin') return 'only organization admins can create organization API keys'
    return undefined
  }

  /** DELETE /organizations/{org_id}/api_keys/{key_id}: a member may revoke only project-scoped keys. */
  mayRevokeOrganizationKey(scope: KeyScope, orgId: string, target: { projectId?: string }): Refusal {
    const listing = this.mayListOrganizationKeys(scope, orgId)
    if (listing) return listing
    if (scope.kind === 'personal' && this.roleOf(scope.userId, orgId) !== 'admin' && target.projectId === undefined) {
      return 'only organization admins can revoke organization API keys'
    }
    return undefined
  }

  private requireUser(id: string): UserState {
    const user = this.users.get(id)
    if (!user) throw new RangeError(`user ${id} not found`)
    return user
  }
}
