import { ActionError } from '../base/errors.ts'
import { RequestError } from '../http/errors.ts'
import type { PlatformClient } from './client.ts'
import {
  createApiKey,
  createOrgApiKey,
  listApiKeys,
  listOrgApiKeys,
  revokeApiKey,
  revokeOrgApiKey,
} from './endpoints.ts'
import type { ApiKey, CreatedApiKey, RevokedApiKey } from './types.ts'

/**
 * Where keys live: the user's personal keys, or one organization's (project-scoped keys included). One namespace does
 * not know the other's key ids, so every key request goes to the step's namespace.
 */
export type KeyNamespace = { kind: 'personal' } | { kind: 'organization'; orgId: string }

export const PERSONAL_KEYS: KeyNamespace = { kind: 'personal' }

export function organizationKeys(orgId: string): KeyNamespace {
  return { kind: 'organization', orgId }
}

/** With `projectId`, a project-scoped key, which only an organization can hold. */
export function createKeyIn(
  client: PlatformClient,
  namespace: KeyNamespace,
  name: string,
  projectId?: string,
): Promise<CreatedApiKey> {
  if (namespace.kind === 'organization') return createOrgApiKey(client, namespace.orgId, name, projectId)
  if (projectId !== undefined) throw new Error('a project-scoped key belongs to an organization')
  return createApiKey(client, name)
}

export function listKeysIn(client: PlatformClient, namespace: KeyNamespace): Promise<ApiKey[]> {
  return namespace.kind === 'organization' ? listOrgApiKeys(client, namespace.orgId) : listApiKeys(client)
}

/** The answer did not confirm the revocation: the key may still be valid. */
export class RevocationUnconfirmed extends ActionError {
  constructor(message: string) {
    super(message)
    this.name = 'RevocationUnconfirmed'
  }
}

/**
 * A 404 to revoking a key the step saw listed, or made: someone revoked it meanwhile (a person, a late post step,
 * another run), which is what was wanted. Only a `key-id` no list showed may be missing because the id is wrong.
 */
export function alreadyRevoked(error: unknown): boolean {
  return error instanceof RequestError && error.status === 404
}

/** Fails unless the answer says `revoked: true` for this key: no key is reported revoked without proof. */
export async function revokeKeyIn(client: PlatformClient, namespace: KeyNamespace, id: number): Promise<RevokedApiKey> {
  const answer = await (namespace.kind === 'organization'
    ? revokeOrgApiKey(client, namespace.orgId, id)
    : revokeApiKey(client, id))
  if (answer.id !== id) {
    throw new RevocationUnconfirmed(
      `The platform answered the revocation of API key ${id} with a record of API key ${answer.id}. ` +
        `It is not known whether key ${id} was revoked, and key ${answer.id} may have been revoked instead. ` +
        'Check both with list-keys.',
    )
  }
  if (!answer.revoked) {
    throw new RevocationUnconfirmed(
      `The platform answered the revocation of API key ${id} without confirming it (no \`revoked: true\`): the key may still be valid. Check it with list-keys, and revoke it again.`,
    )
  }
  return answer
}

/** What a key reaches: its user's projects, its organization's, or one project. */
export type KeyScope = 'personal' | 'organization' | 'project'

export function scopeOf(namespace: KeyNamespace, key: { project_id?: string }): KeyScope {
  if (namespace.kind === 'personal') return 'personal'
  return key.project_id ? 'project' : 'organization'
}
