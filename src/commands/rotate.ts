import { type PlatformClient } from '../api/client.ts'
import { ApiError } from '../api/errors.ts'
import { ActionError, messageOf } from '../errors.ts'
import { listApiKeys, revokeApiKey } from '../api/endpoints.ts'
import { retrying } from '../api/retry.ts'
import type { ApiKey, CreatedApiKey } from '../api/types.ts'
import type { SecretTarget } from '../inputs.ts'
import type { GitHubEnvironment } from '../secrets.ts'
import { heading, paragraph, table } from '../summary.ts'
import type { CommandContext, CommandResult } from './context.ts'
import { CLEANUP_GRACE_MS, createKeyOnce, revokeKeyIds } from './keys.ts'

export interface RotateOptions {
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
 * every old key stays valid.
 */
export async function runRotateKey(ctx: CommandContext, options: RotateOptions): Promise<CommandResult> {
  const created = await createKeyOnce(ctx, options.keyName)
  ctx.log.info(`Created API key ${created.id} named ${JSON.stringify(options.keyName)}.`)
  // The new key does the rest: it is proven, and it stays valid if the step's own key is revoked.
  const newClient = ctx.client.withApiKey(created.key)

  let keys: ApiKey[]
  try {
    keys = await proveKey(ctx, newClient)
    ctx.log.info(`The new key works: it listed ${keys.length} key(s).`)
    if (options.secret) {
      const { storeActionsSecret } = await import('../secrets.ts')
      await storeActionsSecret(options.secret, created.key, options.github, { clock: ctx.clock, deadline: ctx.client.deadline })
      ctx.log.info(
        `Stored the new key in secret ${options.secret.name}${options.secret.environment ? ` of environment ${options.secret.environment}` : ''}.`,
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
    throw await undoRotation(ctx, created, error)
  }

  const old = keys.filter((k) => k.name === options.keyName && k.id !== created.id).map((k) => k.id)
  if (options.keyId !== undefined && options.keyId !== created.id && !old.includes(options.keyId)) old.push(options.keyId)
  const { revoked, failure, failedRequest } = await revokeKeyIds({ ...ctx, client: newClient }, old)
  if (old.length === 0) ctx.log.info('No old key to revoke.')
  return {
    outputs: { key: created.key, 'key-id': String(created.id), 'revoked-key-ids': JSON.stringify(revoked) },
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

function proveKey(ctx: CommandContext, client: PlatformClient): Promise<ApiKey[]> {
  return retrying(() => listApiKeys(client), {
    clock: ctx.clock,
    deadline: client.deadline,
    maxAttempts: PROOF_ATTEMPTS,
    delayAfter: (error, attempt) => (error instanceof ApiError && error.status === 401 ? PROOF_BACKOFF_MS * attempt : undefined),
  })
}

/** Revokes the new key with the step's own key; the old keys were not touched. */
async function undoRotation(ctx: CommandContext, created: CreatedApiKey, cause: unknown): Promise<ActionError> {
  const reason = messageOf(cause)
  try {
    await revokeApiKey(ctx.client.withDeadline(ctx.client.deadline + CLEANUP_GRACE_MS), created.id)
    return new ActionError(`Rotation stopped: ${reason} The new key ${created.id} was revoked; every old key is still valid.`, { cause })
  } catch (error) {
    const undo = messageOf(error)
    return new ActionError(
      `Rotation stopped: ${reason} Revoking the new key ${created.id} failed too (${undo}): revoke it by hand. Every old key is still valid.`,
      { cause },
    )
  }
}
