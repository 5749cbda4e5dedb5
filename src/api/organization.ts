import { getProject, listMyOrganizations } from './endpoints.ts'
import { PERSONAL_KEYS, organizationKeys, type KeyNamespace } from './namespace.ts'
import type { Organization } from './types.ts'
import type { PlatformClient } from './client.ts'
import type { Logger } from '../base/log.ts'
import { ActionError } from '../base/errors.ts'
import { PLATFORM_ID } from './ids.ts'
import { quoted, untrusted } from '../base/text.ts'

/*
 * Finds the organization a step acts in, with as few requests as possible:
 * - With `org-id`, the step uses that organization, with no request.
 * - To list projects, it asks GET /users/me/organizations. An organization or project-scoped key gets the one
 *   organization that owns it, and a personal key gets its user's. With one, the step uses it. With none, it lists
 *   the user's projects without `org_id`. With several, it fails and names up to ten.
 * - For a project-scoped key, GET /projects/{project_id} names the organization.
 * - Any other key command without `org-id` acts on the personal keys, with no request.
 * The organization is logged once here, and the command sets it as the `org-id` output.
 */

/**
 * Where a command's keys live. Without `orgId`, they are the personal keys of the step's user. With `orgId`, they are
 * that organization's keys. With `projectId` (create-key, rotate-key), the new key is scoped to that project.
 */
export interface KeyScopeInputs {
  orgId?: string
  projectId?: string
}

interface OrganizationContext {
  client: PlatformClient
  log: Logger
}

/** The most organizations an "ambiguous" error names. For a user in more, it says how many it left out. */
const MAX_NAMED = 10

/** For list-projects and list-operations: the organization whose projects to list. Undefined if the user has none. */
export async function organizationForProjects(
  ctx: OrganizationContext,
  given: string | undefined,
): Promise<string | undefined> {
  if (given !== undefined) return announce(ctx, given, 'from the `org-id` input')
  const organizations = await listMyOrganizations(ctx.client)
  if (organizations.length === 0) {
    ctx.log.info("The step's key belongs to no organization: listing its user's projects.")
    return undefined
  }
  if (organizations.length > 1) throw ambiguous(organizations)
  const only = organizations[0]!
  return announce(
    ctx,
    checkedId(only.id, 'GET /users/me/organizations'),
    `the only organization of the step's key, ${quoted(only.name)}`,
  )
}

/**
 * For create-key, rotate-key, revoke-key, list-keys and prune-keys: where their keys live. A project-scoped key
 * belongs to the organization that owns the project.
 */
export async function keyNamespaceFor(ctx: OrganizationContext, scope: KeyScopeInputs): Promise<KeyNamespace> {
  if (scope.orgId !== undefined) return organizationKeys(announce(ctx, scope.orgId, 'from the `org-id` input'))
  if (scope.projectId === undefined) return PERSONAL_KEYS
  const project = await getProject(ctx.client, scope.projectId)
  if (typeof project.org_id !== 'string') {
    throw new ActionError(
      `The platform's record of project ${untrusted(scope.projectId)} names no organization (org_id), ` +
        'but a project-scoped key belongs to one. Set `org-id` to the organization that owns the project.',
    )
  }
  const orgId = checkedId(project.org_id, `GET /projects/${untrusted(scope.projectId)}`)
  return organizationKeys(announce(ctx, orgId, `the owner of project ${untrusted(scope.projectId)}`))
}

/** The organization of a namespace, for the `org-id` output: empty for personal keys. */
export function organizationOutput(namespace: KeyNamespace): Record<string, string> {
  return namespace.kind === 'organization' ? { 'org-id': namespace.orgId } : {}
}

function announce(ctx: OrganizationContext, orgId: string, reason: string): string {
  ctx.log.info(`Organization ${untrusted(orgId)}: ${reason}.`)
  return orgId
}

/** An id from the service goes into paths, outputs and state, so it must look like an id. */
function checkedId(id: string, where: string): string {
  if (!PLATFORM_ID.test(id)) {
    throw new ActionError(
      `${where} answered ${quoted(id, 80)}, which is not an organization id: set \`org-id\` to the one to use.`,
    )
  }
  return id
}

function ambiguous(organizations: Organization[]): ActionError {
  const named = organizations
    .slice(0, MAX_NAMED)
    .map((o) => `${quoted(o.name, 80)} (${untrusted(o.id, 80)})`)
    .join(', ')
  const more = organizations.length > MAX_NAMED ? `, and ${organizations.length - MAX_NAMED} more` : ''
  return new ActionError(
    `The step's key is a personal key whose user belongs to ${organizations.length} organizations: ${named}${more}. ` +
      'The platform lists projects one organization at a time: set `org-id` to the id of the one to use.',
  )
}
