/**
 * Keys that outlive the people who made them. When a person leaves an organization, the platform
 * ends their personal key's access to it, but an organization or project-scoped key they created
 * stays valid until someone revokes it. With `expected-creators: members`, a key of the
 * organization is expected to be made by a present member: one whose creator (`created_by`) is no
 * member, or whose account is deactivated, was made by someone who left. Only an organization's
 * keys are judged: the members are that organization's (GET /organizations/{org_id}/members).
 */
import { listOrganizationMembers } from '../api/endpoints.ts'
import type { ApiKey, OrganizationMember } from '../api/types.ts'
import { ActionError } from '../base/errors.ts'
import { quoted, untrusted } from '../base/text.ts'
import type { CommandContext } from '../runner/context.ts'
import { formatDate } from '../runner/summary.ts'

/** The one value of `expected-creators`: the keys are expected to be made by present members. */
export const MEMBERS = 'members'

/** The organization's members by user id, in lower case: ids are compared without case, as UUIDs are. */
export type Members = ReadonlyMap<string, OrganizationMember>

/** Who made a key, as the members' list tells: a present member, someone who left, a deactivated account, or not known. */
export type CreatorStatus = 'member' | 'left' | 'deactivated' | 'unknown'

export function creatorStatus(key: ApiKey, members: Members): CreatorStatus {
  const id = key.created_by?.id
  if (id === undefined) return 'unknown'
  const member = members.get(id.toLowerCase())
  if (!member) return 'left'
  return member.deactivated ? 'deactivated' : 'member'
}

/** Made by someone who is no member of the organization now, or whose account is deactivated. Never a key whose creator is unknown. */
export function madeBySomeoneWhoLeft(key: ApiKey, members: Members): boolean {
  const status = creatorStatus(key, members)
  return status === 'left' || status === 'deactivated'
}

/**
 * The organization's members, read whole: a page that cannot be read fails the step (before any
 * key is revoked), and so does an empty list, which is no organization's (each has an admin).
 */
export async function openMembers(ctx: CommandContext, orgId: string): Promise<Members> {
  const members = await listOrganizationMembers(ctx.client, orgId)
  if (members.length === 0) {
    throw new ActionError(
      `The platform listed no member of organization ${untrusted(orgId)}, and an organization has at least one admin. ` +
        'The action does not take an empty list to mean that everyone left: it judges no key by it, and the step fails. ' +
        'Run it again; if the list is still empty, report it to the platform.',
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

/** The creator's name as the platform gives it; its id when it gave only that; `unknown` without either. */
export function creatorName(key: ApiKey): string {
  return key.created_by?.name || key.created_by?.id || 'unknown'
}

/** Why a key made by someone who left is flagged, as a clause: "made by "Ann", who left the organization". */
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

/** Keys whose creator cannot be read are never selected by their creator: each is named, up to `max`. */
export function warnUnknownCreators(ctx: CommandContext, keys: readonly ApiKey[], members: Members, max: number): void {
  const unknown = keys.filter((key) => creatorStatus(key, members) === 'unknown')
  for (const key of unknown.slice(0, max)) {
    ctx.log.warning(
      `API key ${key.id} ${quoted(key.name, 80)}: the platform's record names no creator the action can read (created_by), ` +
        'so whether its maker is still a member is not known; it is not flagged as made by someone who left.',
    )
  }
  if (unknown.length > max) ctx.log.warning(`…and ${unknown.length - max} more keys whose creator is not known.`)
}
