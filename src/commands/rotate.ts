import { type PlatformClient } from '../api/client.ts'
import { ApiError } from '../api/errors.ts'
import { ActionError, messageOf } from '../errors.ts'
import { getProject } from '../api/endpoints.ts'
import { listKeysIn, revokeKeyIn } from '../api/namespace.ts'
import { retrying } from '../api/retry.ts'
import type { ApiKey, CreatedApiKey } from '../api/types.ts'
import type { KeyScopeInputs, SecretTarget } from '../inputs.ts'
import { organizationOutput } from '../organization.ts'
import type { GitHubEnvironment } from '../secrets.ts'
import { heading, paragraph, table } from '../summary.ts'
import { quoted, untrusted } from '../text.ts'
import type { CommandContext, CommandResult } from './context.ts'
import { CLEANUP_GRACE_MS, adviseScope, createKeyOnce, describeScope, keyTargetFor, revokeKeyIds, type KeyTarget } from './keys.ts'

export interface RotateOptions extends KeyScopeInputs {
  keyName: string
  keyId?: number
  secret?: SecretTarget
  github: GitHubEnvironment
}

/** A new key may take a moment to be honoured everywhere: the proof tries this often on 401. */
const PROOF_ATTEMPTS = 3
const PROOF_BACKOFF_MS = 1000

/**
 * Rotation never locks the user out: create and mask a new key, prove it works, store it, and
 * only then revoke the old ones. If the proof or the storing fails, the new key is revoked and
 * every old key stays valid. The old keys are those of the same name and the same scope, in the
 * namespace the new key was made in (personal, or the organization's).
 */
export async function runRotateKey(ctx: CommandContext, options: RotateOptions): Promise<CommandResult> {
  const target = await keyTargetFor(ctx, options)
  const created = await createKeyOnce(ctx, options.keyName, target)
  ctx.log.info(`Created API key ${created.id} named ${quoted(options.keyName)} (${describeScope(target)}).`)
  adviseScope(ctx, target, created.id)
  // The new key proves itself; unless it is project-scoped (it may not manage keys), it also
  // revokes the old ones, so they go even if the step's own key is one of them.
  const newClient = ctx.client.withApiKey(created.key)
  const revoker = target.projectId === undefined ? newClient : ctx.client

  let keys: ApiKey[]
  try {
    const proof = await proveKey(ctx, newClient, target)
    keys = proof.keys
    ctx.log.info(`The new key works: ${proof.message}.`)
    if (options.secret) {
      const { storeActionsSecret } = await import('../secrets.ts')
      await storeActionsSecret(options.secret, created.key, options.github, { clock: ctx.clock, deadline: ctx.client.deadline })
      ctx.log.info(
        `Stored the new key in secret ${untrusted(options.secret.name)}${options.secret.environment ? ` of environment ${quoted(options.secret.environment)}` : ''}.`,
      )
    }
  } catch (error) {
    if (error instanceof ActionError && error.name === 'SecretStoreUncertain') {
      // The secret may hold the new key now: revoking it could lock the next run out.
      throw new ActionError(
        `Rotation stopped: ${error.message} Nothing was revoked: the new key ${created.id} and every old key are valid. ` +
          `Check the secret's update time, then run rotate-key again or revoke key ${created.id}.`,
      )
    }
    throw await undoRotation(ctx, created, target, error)
  }

  // Same name and same scope: a key of that name scoped elsewhere is not one this rotation replaced.
  const old = keys.filter((k) => k.name === options.keyName && k.id !== created.id && k.project_id === target.projectId).map((k) => k.id)
  if (options.keyId !== undefined && options.keyId !== created.id && !old.includes(options.keyId)) old.push(options.keyId)
  const { revoked, failure, failedRequest } = await revokeKeyIds({ ...ctx, client: revoker }, old, target.namespace)
  if (old.length === 0) ctx.log.info('No old key to revoke.')
  return {
    outputs: {
      key: created.key,
      'key-id': String(created.id),
      'revoked-key-ids': JSON.stringify(revoked),
      ...organizationOutput(target.namespace),
    },
    summary:
      heading('API key rotated') +
      table(
        ['', 'id', 'name'],
        [['new', { code: String(created.id) }, options.keyName], ...revoked.map((id) => ['revoked', { code: String(id) }, ''])],
      ) +
      paragraph(
        options.secret
          ? `The new key is stored in secret ${options.secret.name}${options.secret.environment ? ` (environment ${options.secret.environment})` : ''}.`
          : 'The new key is in the step output `key`, masked in logs; no secret was written.',
      ),
    failure:
      failure && `The new key ${created.id} is valid${options.secret ? ' and stored' : ''}, but revoking the old keys failed: ${failure}`,
    failedRequest,
  }
}

/**
 * A read made with the new key, and the keys of its namespace. A personal or organization key
 * lists them itself; a project-scoped key may not, so it reads its project, and the step's key
 * lists them.
 */
async function proveKey(ctx: CommandContext, newClient: PlatformClient, target: KeyTarget): Promise<{ keys: ApiKey[]; message: string }> {
  const proof = <T>(read: () => Promise<T>): Promise<T> =>
    retrying(read, {
      clock: ctx.clock,
      deadline: newClient.deadline,
      maxAttempts: PROOF_ATTEMPTS,
      delayAfter: (error, attempt) => (error instanceof ApiError && error.status === 401 ? PROOF_BACKOFF_MS * attempt : undefined),
    })
  const { projectId } = target
  if (projectId === undefined) {
    const keys = await proof(() => listKeysIn(newClient, target.namespace))
    return { keys, message: `it listed ${keys.length} key(s)` }
  }
  await proof(() => getProject(newClient, projectId))
  return { keys: await listKeysIn(ctx.client, target.namespace), message: `it read project ${untrusted(projectId)}` }
}

/** Revokes the new key with the step's own key; the old keys were not touched. */
async function undoRotation(ctx: CommandContext, created: CreatedApiKey, target: KeyTarget, cause: unknown): Promise<ActionError> {
  const reason = messageOf(cause)
  try {
    await revokeKeyIn(ctx.client.withDeadline(ctx.client.deadline + CLEANUP_GRACE_MS), target.namespace, created.id)
    return new ActionError(`Rotation stopped: ${reason} The new key ${created.id} was revoked; every old key is still valid.`, { cause })
  } catch (error) {
    const undo = messageOf(error)
    return new ActionError(
      `Rotation stopped: ${reason} Revoking the new key ${created.id} failed too (${undo}): revoke it by hand. Every old key is still valid.`,
      { cause },
    )
  }
}
