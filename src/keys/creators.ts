/**
 * Organization keys made by someone who left. A personal key loses its access when its maker leaves; an organization
 * or project-scoped key stays valid until someone revokes it (docs/offboarding.md).
 */
import { listOrganizationMembers } from '../api/endpoints.ts'
import type { ApiKey, OrganizationMember } from '../api/types.ts'
import { ActionError } from '../base/errors.ts'
import { quoted, untrusted } from '../base/text.ts'
import type { CommandContext } from '../runner/context.ts'
import { formatDate } from '../runner/summary.ts'

export const MEMBERS = 'members'

/** The members by user id in lower case, because UUIDs compare without case. */
export type Members = ReadonlyMap<string, OrganizationMember>

/** `unknown`: the key's record names no creator, or names one by something other than a user id. */
export type CreatorStatus = 'member' | 'left' | 'deactivated' | 'unknown'

/** A user id. Anything else names no creator the action can read, and is never taken for someone who left. */
const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** The nil and the max UUID stand for no user. */
const NO_USER = /^(?:[0-]{36}|[f-]{36})$/i

function isUserId(id: string): boolean {
  return USER_ID.test(id) && !NO_USER.test(id)
}

export function creatorStatus(key: ApiKey, members: Members): CreatorStatus {
  const id = key.created_by?.id
  if (id === undefined || !isUserId(id)) return 'unknown'
  const member = members.get(id.toLowerCase())
  if (!member) return 'left'
  return member.deactivated ? 'deactivated' : 'member'
}

export function madeBySomeoneWhoLeft(key: ApiKey, members: Members): boolean {
  const status = creatorStatus(key, members)
  return status === 'left' || status === 'deactivated'
}

/**
 * Reads every member before any key is judged. A page that cannot be read fails the step, before any key is
 * revoked. An empty list fails it too, because every organization has an admin.
 */
export async function openMembers(ctx: CommandContext, orgId: string): Promise<Members> {
  const members = await listOrganizationMembers(ctx.client, orgId)
  if (members.length === 0) {
    throw new ActionError(
      `The platform listed no member of organization ${untrusted(orgId)}, and an organization has at least one admin. ` +
        'The action does not take an empty list to mean that everyone left. ' +
        'It judges no key by it, and the step fails. ' +
        'Run it again. If the list is still empty, report it to the platform.',
    )
  }
  const deactivated = members.filter((member) => member.deactivated).length
  ctx.log.info(
    `Members of organization ${untrusted(orgId)}: ${members.length}, ${deactivated} of them with a deactivated account.`,
  )
  return membersById(members)
}

export function membersById(members: readonly OrganizationMember[]): Members {
  return new Map(members.map((member) => [member.user_id.toLowerCase(), member]))
}

export function creatorName(key: ApiKey): string {
  return key.created_by?.name || key.created_by?.id || 'unknown'
}

/** A clause such as: made by "Ann", who left the organization. */
export function describeDeparture(key: ApiKey, status: CreatorStatus): string {
  const who = quoted(creatorName(key), 80)
  return status === 'deactivated'
    ? `made by ${who}, whose account is deactivated`
    : `made by ${who}, who left the organization`
}

/** "API key 42 "ci-deploy", created 2026-01-05 10:00 UTC, made by "Ann", who left the organization". */
export function describeUnexpectedCreator(key: ApiKey, members: Members): string {
  const created = untrusted(formatDate(key.created_at), 40)
  return `API key ${key.id} ${quoted(key.name, 80)}, created ${created}, ${describeDeparture(key, creatorStatus(key, members))}`
}

/** A key whose creator cannot be read is never flagged by its creator, so a warning names it instead. */
export function warnUnknownCreators(ctx: CommandContext, keys: readonly ApiKey[], members: Members, max: number): void {
  const unknown = keys.filter((key) => creatorStatus(key, members) === 'unknown')
  for (const key of unknown.slice(0, max)) {
    const id = key.created_by?.id
    const read = id === undefined ? 'created_by' : `created_by: ${quoted(id, 80)}, not a user id`
    ctx.log.warning(
      `API key ${key.id} ${quoted(key.name, 80)}: ` +
        `the platform's record names no creator the action can read (${read}). ` +
        'So the action cannot tell whether its maker is still a member. ' +
        'It does not flag the key as made by someone who left.',
    )
  }
  if (unknown.length > max) ctx.log.warning(`…and ${unknown.length - max} more keys whose creator is not known.`)
}
