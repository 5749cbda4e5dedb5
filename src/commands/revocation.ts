import { ApiError } from '../api/errors.ts'
import { RevocationUnconfirmed, revokeKeyIn, type KeyNamespace } from '../api/namespace.ts'
import { NOT_CANCELLABLE } from '../runner/cancellation.ts'
import type { CommandContext } from './context.ts'

/**
 * Revoking keys one by one: what revoke-key, prune-keys, rotate-key and the post step share.
 * The post step loads this module, not the commands': keep it small.
 */

/**
 * A 404 to revoking a key the step saw listed, or made: someone else (a person, a late post step,
 * another run) revoked it meanwhile, which is what was wanted. Only a `key-id` as given, which no
 * list showed, is not found because the id may be wrong.
 */
export function alreadyRevoked(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404
}

/** How revoking keys one by one ended. */
export interface RevocationRun {
  revoked: number[]
  /** Keys someone else had revoked before their turn (see alreadyRevoked). */
  alreadyRevoked: number[]
  /** The revocation that failed, and so ended the run. */
  failed?: {
    id: number
    error: unknown
    /** It may have taken effect all the same: its answer was lost, or did not confirm it. */
    uncertain: boolean
  }
  /** Keys whose revocation was never sent, after the failure. */
  notTried: number[]
}

export interface RevocationOptions {
  /** Says that a key was revoked; default "Revoked API key N." */
  revoked?: (id: number) => void
  /** Says that a key was gone before its turn; default "API key N was already revoked." */
  alreadyRevoked?: (id: number) => void
  /** Ids no list showed (a `key-id` as given): a 404 on one is a failure, since the id may be wrong. */
  unlisted?: readonly number[]
}

/**
 * Revokes keys one by one, until one fails. From the first one on, a signal of the runner lets
 * the revocation in flight finish (and says meanwhile that it may or may not take effect), and
 * no other starts: the result tells, key by key, what was done.
 */
export async function revokeInTurn(
  ctx: Pick<CommandContext, 'client' | 'log' | 'cancellation'>,
  ids: readonly number[],
  namespace: KeyNamespace,
  options: RevocationOptions = {},
): Promise<RevocationRun> {
  const cancellation = ctx.cancellation ?? NOT_CANCELLABLE
  if (ids.length > 0) cancellation.hold()
  const run: RevocationRun = { revoked: [], alreadyRevoked: [], notTried: [] }
  for (const [i, id] of ids.entries()) {
    let settled = (): void => undefined
    try {
      cancellation.checkpoint(`revoke API key ${id}`)
      settled = cancellation.inFlight(`the revocation of API key ${id}`)
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

/** Whether a failed revocation may have revoked the key all the same. */
function mayHaveTakenEffect(error: unknown): boolean {
  if (error instanceof RevocationUnconfirmed) return true
  return error instanceof ApiError && (error.mayHaveReachedServer || error.earlierAttemptUncertain)
}
