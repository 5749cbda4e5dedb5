import { ApiError, apiErrorIn } from '../api/errors.ts'
import { ActionError, messageOf } from '../errors.ts'
import { createApiKey, listApiKeys, revokeApiKey } from '../api/endpoints.ts'
import type { ApiKey, CreatedApiKey } from '../api/types.ts'
import { formatDate, heading, paragraph, table } from '../summary.ts'
import { JOB_KEY_ID } from '../state.ts'
import type { CommandContext, CommandResult } from './context.ts'

/**
 * `created_at` has second precision and comes from the service's clock: a key created "since
 * the attempt began" is looked for from this long before it.
 */
export const CREATE_CLOCK_SKEW_MS = 60_000
/** Clean-up after a lost create may run this long past the step's timeout: an orphan key is worse. */
export const CLEANUP_GRACE_MS = 30_000

/**
 * Creates a key and masks it at once. If the answer was lost after the request may have reached
 * the service, any key of that name created since the attempt began is revoked (its value can
 * never be read again), and the key is created once more. At most one new key stays valid.
 */
export async function createKeyOnce(ctx: CommandContext, name: string): Promise<CreatedApiKey> {
  for (let round = 1; ; round++) {
    const startedAt = ctx.clock.now()
    try {
      const created = await createApiKey(ctx.client, name)
      ctx.mask(created.key)
      return created
    } catch (error) {
      if (!(error instanceof ApiError) || !(error.mayHaveReachedServer || error.earlierAttemptUncertain)) throw error
      const orphans = await revokeOrphans(ctx, name, startedAt)
      const cleaned = orphans.length ? ` Revoked ${orphans.length} key(s) that attempt left behind: ${orphans.join(', ')}.` : ''
      if (round >= 2 || ctx.clock.now() >= ctx.client.deadline) {
        throw new ActionError(`${error.message}${cleaned} No new key is left valid.`, { cause: error })
      }
      ctx.log.warning(`The answer to creating key ${JSON.stringify(name)} was lost (${error.kind}).${cleaned} Creating it once more.`)
    }
  }
}

async function revokeOrphans(ctx: CommandContext, name: string, since: number): Promise<number[]> {
  const cleanup = ctx.client.withDeadline(ctx.client.deadline + CLEANUP_GRACE_MS)
  try {
    const keys = await listApiKeys(cleanup)
    // An orphan's value was never seen, so it was never used: keys in use are someone else's.
    const orphans = keys.filter(
      (k) => k.name === name && k.last_used_at === null && Date.parse(k.created_at) >= since - CREATE_CLOCK_SKEW_MS,
    )
    for (const orphan of orphans) await revokeApiKey(cleanup, orphan.id)
    return orphans.map((k) => k.id)
  } catch (error) {
    const reason = messageOf(error)
    throw new ActionError(
      `Creating key ${JSON.stringify(name)} may have succeeded without an answer, and checking for it failed: ${reason} ` +
        `Run list-keys and revoke any key named ${JSON.stringify(name)} you do not expect.`,
      { cause: error },
    )
  }
}

/** Revokes keys one by one; on a failure, reports what was revoked before it. */
export async function revokeKeyIds(
  ctx: CommandContext,
  ids: number[],
): Promise<{ revoked: number[]; failure?: string; failedRequest?: ApiError }> {
  const revoked: number[] = []
  for (const id of ids) {
    try {
      await revokeApiKey(ctx.client, id)
      revoked.push(id)
      ctx.log.info(`Revoked API key ${id}.`)
    } catch (error) {
      const done = revoked.length ? ` Already revoked: ${revoked.join(', ')}.` : ''
      return { revoked, failure: `${messageOf(error)}${done}`, failedRequest: apiErrorIn(error) }
    }
  }
  return { revoked }
}

export async function runCreateKey(ctx: CommandContext, name: string, revokeAfterJob: boolean): Promise<CommandResult> {
  const created = await createKeyOnce(ctx, name)
  if (revokeAfterJob) ctx.saveState(JOB_KEY_ID, String(created.id))
  ctx.log.info(`Created API key ${created.id} named ${JSON.stringify(name)}${revokeAfterJob ? '; it is revoked when the job ends' : ''}.`)
  return {
    outputs: { key: created.key, 'key-id': String(created.id) },
    summary:
      heading('API key created') +
      table(['id', 'name', 'lifetime'], [[{ code: String(created.id) }, name, revokeAfterJob ? 'this job' : 'until revoked']]) +
      paragraph('The key value is in the step output `key`, masked in logs. It is shown nowhere else.'),
  }
}

export async function runRevokeKey(ctx: CommandContext, target: { keyId?: number; keyName?: string }): Promise<CommandResult> {
  let ids: number[]
  if (target.keyId !== undefined) {
    ids = [target.keyId]
  } else {
    const name = target.keyName as string
    ids = orderForRevocation((await listApiKeys(ctx.client)).filter((k) => k.name === name))
    if (ids.length === 0) ctx.log.warning(`No API key is named ${JSON.stringify(name)}; nothing was revoked.`)
  }
  const { revoked, failure, failedRequest } = await revokeKeyIds(ctx, ids)
  return {
    outputs: { 'revoked-key-ids': JSON.stringify(revoked) },
    summary:
      heading('API keys revoked') +
      (revoked.length
        ? table(
            ['id'],
            revoked.map((id) => [{ code: String(id) }]),
          )
        : paragraph('No key was revoked.')),
    failure,
    failedRequest,
  }
}

/**
 * Least recently used first: the step's own key, just used to list them, goes last, so the
 * other revocations are not refused because it is gone already.
 */
export function orderForRevocation(keys: ApiKey[]): number[] {
  const lastUse = (k: ApiKey) => Date.parse(k.last_used_at ?? '') || 0
  return [...keys].sort((a, b) => lastUse(a) - lastUse(b)).map((k) => k.id)
}

export async function runListKeys(ctx: CommandContext): Promise<CommandResult> {
  const keys = await listApiKeys(ctx.client)
  ctx.log.info(`Found ${keys.length} API key(s).`)
  return {
    outputs: { keys: JSON.stringify(keys) },
    summary:
      heading(`API keys (${keys.length})`) +
      table(
        ['id', 'name', 'created', 'last used', 'from'],
        keys.map((k) => [{ code: String(k.id) }, k.name, formatDate(k.created_at), formatDate(k.last_used_at), k.last_used_from_addr]),
      ),
  }
}
