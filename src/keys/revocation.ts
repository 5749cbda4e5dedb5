import { RequestError, requestErrorIn } from '../http/errors.ts'
import { RevocationUnconfirmed, alreadyRevoked, revokeKeyIn, type KeyNamespace } from '../api/namespace.ts'
import { messageOf } from '../base/errors.ts'
import type { Cell } from '../runner/summary.ts'
import type { CommandContext } from '../runner/context.ts'

/** Revoking keys one by one. revoke-key, prune-keys, rotate-key and the post step share this file. */

export interface RevocationRun {
  revoked: number[]
  /** Revoked by someone else before their turn. */
  alreadyRevoked: number[]
  /** The failure that ended the run. */
  failed?: {
    id: number
    error: unknown
    /** Its answer was lost, or did not confirm it, so the key may be revoked all the same. */
    uncertain: boolean
  }
  /** Keys whose revocation was never sent, after the failure. */
  notTried: number[]
}

export interface RevocationOptions {
  revoked?: (id: number) => void
  alreadyRevoked?: (id: number) => void
  /** Ids that no list showed (a `key-id` as given). A 404 on one is a failure, because the id may be wrong. */
  unlisted?: readonly number[]
}

/**
 * One by one, until one fails. From the first key on, a cancel lets the revocation in flight finish, and starts no
 * other.
 */
export async function revokeInTurn(
  ctx: Pick<CommandContext, 'client' | 'log' | 'time'>,
  ids: readonly number[],
  namespace: KeyNamespace,
  options: RevocationOptions = {},
): Promise<RevocationRun> {
  const { time } = ctx
  if (ids.length > 0) time.hold()
  const run: RevocationRun = { revoked: [], alreadyRevoked: [], notTried: [] }
  for (const [i, id] of ids.entries()) {
    let settled = (): void => undefined
    try {
      time.checkpoint(`revoke API key ${id}`)
      settled = time.inFlight(`the revocation of API key ${id}`)
      await revokeKeyIn(ctx.client, namespace, id)
      run.revoked.push(id)
      if (options.revoked) options.revoked(id)
      else ctx.log.info(`Revoked API key ${id}.`)
    } catch (error) {
      if (alreadyRevoked(error) && !options.unlisted?.includes(id)) {
        run.alreadyRevoked.push(id)
        if (options.alreadyRevoked) options.alreadyRevoked(id)
        else ctx.log.info(`API key ${id} was already revoked.`)
        continue
      }
      return { ...run, failed: { id, error, uncertain: mayHaveTakenEffect(error) }, notTried: ids.slice(i + 1) }
    } finally {
      settled()
    }
  }
  return run
}

function mayHaveTakenEffect(error: unknown): boolean {
  if (error instanceof RevocationUnconfirmed) return true
  return error instanceof RequestError && (error.mayHaveReachedServer || error.earlierAttemptUncertain)
}

/** On a failure, the message also names the keys revoked before it. */
export async function revokeKeyIds(
  ctx: CommandContext,
  ids: number[],
  namespace: KeyNamespace,
  unlisted: readonly number[],
): Promise<{ revoked: number[]; alreadyRevoked: number[]; failure?: string; failedRequest?: RequestError }> {
  const run = await revokeInTurn(ctx, ids, namespace, { unlisted })
  const done = { revoked: run.revoked, alreadyRevoked: run.alreadyRevoked }
  if (!run.failed) return done
  return { ...done, failure: describeRevocationFailure(run), failedRequest: requestErrorIn(run.failed.error) }
}

export function describeRevocationFailure(run: RevocationRun): string {
  const done = run.revoked.length ? ` Already revoked: ${run.revoked.join(', ')}.` : ''
  return `${messageOf(run.failed?.error)}${done}`
}

export function revocationRows(ids: readonly number[], run: RevocationRun): Cell[][] {
  return ids.map((id) => {
    let outcome = 'not revoked'
    if (run.revoked.includes(id)) outcome = 'revoked'
    else if (run.alreadyRevoked.includes(id)) outcome = 'revoked by someone else meanwhile'
    else if (run.failed?.id === id && run.failed.uncertain)
      outcome = 'may or may not be revoked: check it with list-keys'
    return [{ code: String(id) }, outcome]
  })
}
