import { getProject, listMyOrganizations } from './endpoints.ts'
import { PERSONAL_KEYS, organizationKeys, type KeyNamespace } from './namespace.ts'
import type { Organization } from './types.ts'
import type { PlatformClient } from './client.ts'
import type { Logger } from '../base/log.ts'
import { ActionError } from '../base/errors.ts'
import { PLATFORM_ID } from './ids.ts'
import { quoted, untrusted } from '../base/text.ts'

// Finds the organization a step acts in, with as few requests as possible (docs/organizations.md).

/** Without `orgId`, the user's personal keys. With `projectId`, the new key is scoped to that project. */
export interface KeyScopeInputs {
  orgId?: string
  projectId?: string
}

interface OrganizationContext {
  client: PlatformClient
  log: Logger
}

/** The most organizations an "ambiguous" error names. */
const MAX_NAMED = 10

/** The organization whose projects to list; undefined if the user has none. */
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

/** A project-scoped key belongs to the organization that owns the project. */
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

/** Empty for personal keys. */
export function organizationOutput(namespace: KeyNamespace): Record<string, string> {
  return namespace.kind === 'organization' ? { 'org-id': namespace.orgId } : {}
}

function announce(ctx: OrganizationContext, orgId: string, reason: string): string {
  ctx.log.info(`Organization ${untrusted(orgId)}: ${reason}.`)
  return orgId
}

/** An id from the service goes into paths, outputs and state: it must look like one. */
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
