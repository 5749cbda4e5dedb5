// Organizations, their members, and who an API key acts for, as the live service has them
// (docs/organizations.md): every project belongs to an organization; a personal key acts for
// its user, with the user's role in each organization the user belongs to; an organization key
// acts for its organization; a project-scoped key is an organization key that reaches one
// project. The permission matrix is here, as rules that answer "allowed" or the reason for a 403.
// The rules follow the vendor's pages of 2026: https://neon.com/docs/manage/api-keys and
// https://neon.com/docs/manage/user-permissions.
import { randomUUID } from 'node:crypto'
import * as names from './names.ts'
import { isoSeconds } from './time.ts'

/**
 * A user's role in an organization (`MemberRole`). Organizations on the 2026 roles have admin,
 * editor, viewer and collaborator; older ones have admin and member, and a member has what an
 * editor has (the vendor moves members to editors). The emulator lets any organization hold any.
 */
export type Role = 'admin' | 'member' | 'editor' | 'viewer' | 'collaborator'

/**
 * A permission on one project, granted to a user of its organization (`ProjectPermissionLevel`:
 * CAN_VIEW, CAN_EDIT, CAN_MANAGE). A grant only adds to what the user's role gives.
 */
export type ProjectPermission = 'viewer' | 'editor' | 'admin'

/** From lowest to highest. */
const LEVELS: readonly ProjectPermission[] = ['viewer', 'editor', 'admin']

/** What each role may do on every project of its organization: a collaborator nothing, until granted. */
const BASELINE: Record<Role, ProjectPermission | undefined> = {
  admin: 'admin',
  member: 'editor',
  editor: 'editor',
  viewer: 'viewer',
  collaborator: undefined,
}

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
export type KeyScope =
  { kind: 'personal'; userId: string } | { kind: 'organization'; orgId: string; createdBy: string; projectId?: string }

/** An element of GET /organizations/{org_id}/members: the membership, and the user's e-mail address and deactivation. */
export interface MemberRecord {
  member: { id: string; user_id: string; org_id: string; role: Role; joined_at: string }
  user: { email: string; has_mfa: boolean; deactivated_at?: string }
}

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
  /** Personal data: only the members' list shows it, never a key's `created_by`. */
  email: string
  /** When the account was deactivated; its memberships stay, marked so in the members' list. */
  deactivatedMs?: number
  roles: Map<string, Role>
  /** Organization id → the membership's own id and when the user joined, as the members' list writes it. */
  joined: Map<string, { id: string; at: string }>
  /** Organization id → project id → the permission granted on that project. */
  grants: Map<string, Map<string, ProjectPermission>>
}

export class OrganizationDirectory {
  private readonly orgs = new Map<string, OrganizationRecord>()
  private readonly users = new Map<string, UserState>()
  private readonly clock: () => number
  /**
   * The members of an organization sorted by a field, by `orgId sortBy`, until the next change to users, roles or
   * accounts. Sorting 50,000 members again for each of their 101 pages took minutes.
   */
  private readonly sorted = new Map<string, readonly MemberRecord[]>()

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

  /** A user; the e-mail address defaults to one made of the name, at example.com. */
  addUser(record: UserRecord, email = fakeEmail(record.name)): void {
    if (this.users.has(record.id)) throw new RangeError(`user ${record.id} already exists`)
    this.users.set(record.id, { record: { ...record }, email, roles: new Map(), joined: new Map(), grants: new Map() })
    this.sorted.clear()
  }

  /** The account is deactivated from now on: its personal keys stop working, its memberships stay, marked. */
  deactivate(userId: string): void {
    this.requireUser(userId).deactivatedMs = this.clock()
    this.sorted.clear()
  }

  isDeactivated(userId: string): boolean {
    return this.users.get(userId)?.deactivatedMs !== undefined
  }

  hasUser(id: string): boolean {
    return this.users.has(id)
  }

  user(id: string): UserRecord {
    return { ...this.requireUser(id).record }
  }

  /** Gives `userId` a role in `orgId`; `undefined` removes the membership and its grants. */
  setRole(userId: string, orgId: string, role: Role | undefined): void {
    const user = this.requireUser(userId)
    if (!this.orgs.has(orgId)) throw new RangeError(`organization ${orgId} not found`)
    this.sorted.clear()
    if (role !== undefined) {
      user.roles.set(orgId, role)
      if (!user.joined.has(orgId)) user.joined.set(orgId, { id: randomUUID(), at: isoSeconds(this.clock()) })
      return
    }
    user.roles.delete(orgId)
    user.joined.delete(orgId)
    user.grants.delete(orgId)
  }

  /** GET /organizations/{org_id}/members: every member, in no order. */
  membersOf(orgId: string): MemberRecord[] {
    return [...this.users.values()].flatMap((user) => {
      const role = user.roles.get(orgId)
      const joined = user.joined.get(orgId)
      if (role === undefined || joined === undefined) return []
      const member = { id: joined.id, user_id: user.record.id, org_id: orgId, role, joined_at: joined.at }
      const deactivated = user.deactivatedMs === undefined ? {} : { deactivated_at: isoSeconds(user.deactivatedMs) }
      return [{ member, user: { email: user.email, has_mfa: false, ...deactivated } }]
    })
  }

  /** The members by `sortBy`, ties by the membership's id, in code-point order. Copy a record before changing it. */
  membersSortedBy(orgId: string, sortBy: 'joined_at' | 'email' | 'role'): readonly MemberRecord[] {
    const cacheKey = `${orgId} ${sortBy}`
    let list = this.sorted.get(cacheKey)
    if (list === undefined) {
      const field = (m: MemberRecord) => (sortBy === 'email' ? m.user.email : m.member[sortBy])
      list = this.membersOf(orgId)
        .map((m) => ({ m, key: `${field(m)}\u0000${m.member.id}` }))
        .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
        .map(({ m }) => m)
      this.sorted.set(cacheKey, list)
    }
    return list
  }

  roleOf(userId: string, orgId: string): Role | undefined {
    return this.users.get(userId)?.roles.get(orgId)
  }

  /** Grants `userId`, who has a role in the project's organization, a permission on it; `undefined` takes it back. */
  setProjectPermission(userId: string, project: ProjectPlace, level: ProjectPermission | undefined): void {
    const user = this.requireUser(userId)
    if (!user.roles.has(project.org_id)) {
      const owner = `organization ${project.org_id}, which owns project ${project.id}`
      throw new RangeError(`user ${userId} has no role in ${owner}`)
    }
    const grants = user.grants.get(project.org_id) ?? new Map<string, ProjectPermission>()
    if (level === undefined) grants.delete(project.id)
    else grants.set(project.id, level)
    user.grants.set(project.org_id, grants)
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

  /**
   * What a user's key may do on a project: the higher of the baseline its role gives and a
   * permission granted on that project; none outside the project's organization.
   */
  projectLevelOf(userId: string, project: ProjectPlace): ProjectPermission | undefined {
    const user = this.users.get(userId)
    const role = user?.roles.get(project.org_id)
    if (!user || !role) return undefined
    const baseline = BASELINE[role]
    const granted = user.grants.get(project.org_id)?.get(project.id)
    if (baseline === undefined || granted === undefined) return baseline ?? granted
    return LEVELS.indexOf(granted) > LEVELS.indexOf(baseline) ? granted : baseline
  }

  /**
   * A collaborator's key sees only the projects granted to its user: the others are answered as
   * though they did not exist (404), and are left out of project lists.
   */
  hidesProject(scope: KeyScope, project: ProjectPlace): boolean {
    if (scope.kind !== 'personal' || this.roleOf(scope.userId, project.org_id) === undefined) return false
    return this.projectLevelOf(scope.userId, project) === undefined
  }

  /** Project reads and its operations: any permission on the project will do. */
  mayReachProject(scope: KeyScope, project: ProjectPlace): Refusal {
    if (scope.kind === 'personal') {
      return this.roleOf(scope.userId, project.org_id)
        ? undefined
        : `you are not a member of the organization that owns project ${project.id}`
    }
    if (scope.orgId !== project.org_id)
      return `this organization API key cannot access project ${project.id} of another organization`
    if (scope.projectId !== undefined && scope.projectId !== project.id) {
      return `this API key is scoped to project ${scope.projectId} and cannot access project ${project.id}`
    }
    return undefined
  }

  /**
   * Changes in a project (a new branch): editor or admin permission on it. An organization key
   * has an admin's access; a project-scoped key an editor's on its own project.
   */
  mayChangeProject(scope: KeyScope, project: ProjectPlace): Refusal {
    const reach = this.mayReachProject(scope, project)
    if (reach || scope.kind !== 'personal') return reach
    const level = this.projectLevelOf(scope.userId, project)
    if (level === 'editor' || level === 'admin') return undefined
    return `you have view permission on project ${project.id}; changing it needs edit permission`
  }

  /** GET /projects with `org_id` (or, for an organization key, without). */
  mayListProjects(scope: KeyScope, orgId: string): Refusal {
    if (scope.kind === 'personal')
      return this.roleOf(scope.userId, orgId) ? undefined : `you are not a member of organization ${orgId}`
    return scope.orgId === orgId
      ? undefined
      : `this API key belongs to another organization and cannot list the projects of ${orgId}`
  }

  /** POST, GET and DELETE /api_keys: a user's own personal keys. */
  mayManagePersonalKeys(scope: KeyScope): Refusal {
    return scope.kind === 'personal' ? undefined : 'personal API keys can be managed only with a personal API key'
  }

  /**
   * GET /organizations/{org_id}/api_keys: the organization's own keys, and a personal key of a
   * role that sees the organization. The vendor's pages do not say which roles may list; the
   * emulator reads a collaborator's "no default access to org settings" as no.
   */
  mayListOrganizationKeys(scope: KeyScope, orgId: string): Refusal {
    if (scope.kind === 'organization') {
      if (scope.projectId !== undefined) return 'project-scoped API keys cannot manage API keys'
      return scope.orgId === orgId ? undefined : `this API key belongs to another organization than ${orgId}`
    }
    const role = this.roleOf(scope.userId, orgId)
    if (!role) return `you are not a member of organization ${orgId}`
    if (role === 'collaborator') return `collaborators cannot see the API keys of organization ${orgId}`
    return undefined
  }

  /**
   * GET /organizations/{org_id}/members. The vendor's pages say an organization key has an admin's
   * access to the organization, members included, and that an admin manages members; they do not
   * say which other roles may read the list. The emulator lets every role that may list the
   * organization's keys read it (not a collaborator, who has no access to the organization's
   * settings), and never a project-scoped key.
   */
  mayListMembers(scope: KeyScope, orgId: string): Refusal {
    if (scope.kind === 'organization' && scope.projectId !== undefined) {
      return 'project-scoped API keys cannot read the members of an organization'
    }
    if (scope.kind === 'personal' && this.roleOf(scope.userId, orgId) === 'collaborator') {
      return `collaborators cannot see the members of organization ${orgId}`
    }
    return this.mayListOrganizationKeys(scope, orgId)
  }

  /**
   * POST /organizations/{org_id}/api_keys: only an admin's personal key, for organization and
   * project-scoped keys alike (https://neon.com/docs/manage/api-keys). The refusal names the
   * role: the vendor's CLI page says its permissions error does.
   */
  mayCreateOrganizationKey(scope: KeyScope, orgId: string, projectId: string | undefined): Refusal {
    if (scope.kind === 'organization') {
      return scope.projectId !== undefined
        ? 'project-scoped API keys cannot manage API keys'
        : 'organization API keys cannot create API keys'
    }
    const role = this.roleOf(scope.userId, orgId)
    if (!role) return `you are not a member of organization ${orgId}`
    if (role === 'admin') return undefined
    const kind = projectId === undefined ? 'organization' : 'project-scoped'
    return `only organization admins can create ${kind} API keys; your role in organization ${orgId} is ${role}`
  }

  /**
   * DELETE /organizations/{org_id}/api_keys/{key_id}: the organization's own key, or an admin's
   * personal key, for project-scoped keys too (https://neon.com/docs/manage/api-keys).
   */
  mayRevokeOrganizationKey(scope: KeyScope, orgId: string): Refusal {
    const listing = this.mayListOrganizationKeys(scope, orgId)
    if (listing || scope.kind !== 'personal') return listing
    const role = this.roleOf(scope.userId, orgId)
    if (role === 'admin') return undefined
    const because = `your role in organization ${orgId} is ${role}`
    return `only organization admins can revoke organization and project-scoped API keys; ${because}`
  }

  private requireUser(id: string): UserState {
    const user = this.users.get(id)
    if (!user) throw new RangeError(`user ${id} not found`)
    return user
  }
}

/** "Ann Smith" → ann.smith@example.com: a fake address (RFC 2606's domain) for a user of the emulator. */
function fakeEmail(name: string): string {
  const local = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.|\.$/g, '')
  return `${local || 'user'}@example.com`
}
