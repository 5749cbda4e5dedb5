import type { PlatformClient } from '../api/client.ts'
import { createKeyIn, revokeKeyIn } from '../api/namespace.ts'
import { keyNamespaceFor, type KeyScopeInputs } from '../api/organization.ts'
import type { ApiKey, CreatedApiKey } from '../api/types.ts'
import { ActionError, messageOf } from '../base/errors.ts'
import { isPrintableToken, quoted, untrusted } from '../base/text.ts'
import { RequestError } from '../http/errors.ts'
import { RETRY_POLICIES, retrying } from '../http/retry.ts'
import { formatDuration } from '../base/clock.ts'
import { ANSWER_GRACE_MS, LATE_KEY_WATCH_MS, NOT_CANCELLABLE, StepCancelled } from '../runner/cancellation.ts'
import type { Cancellation } from '../runner/cancellation.ts'
import type { CommandContext } from '../runner/context.ts'
import { UNSETTLED_KEYS } from '../runner/state.ts'
import { KeyLedger, MAX_KNOWN_KEYS, describeIds, describeStrangers, lostKeyAmong, type KeyTarget } from './ledger.ts'
import { alreadyRevoked } from './revocation.ts'
import { listKeysMerged } from './usage.ts'

export type { KeyTarget } from './ledger.ts'

/**
 * Creating a key, and cleaning up when a create goes wrong. create-key and rotate-key share this file.
 * It keeps these promises, together with commands/rotate-key.ts and github/secret-stores.ts.
 * __tests__/e2e/key-invariants.e2e.test.ts tests them (the sixth: __tests__/e2e/cancellation.e2e.test.ts).
 *
 * 1. A clean-up never revokes a key that existed before the step began, or a key that another job may hold.
 *    It compares key ids with a list taken just before the create (the ledger). It never compares times.
 *    If more than one new key is left, or the one left is in use, it revokes nothing and names the ids.
 *    (This step never saw the value of a key in use, so someone else holds it.)
 *    After a lost answer the step then fails and says what to do. After a create that succeeded, it warns.
 * 2. The step claims a success only after it checked it. It says "no new key is left valid" only when a list
 *    taken after the clean-up shows it, or when it revoked its one key and no attempt lost its answer.
 *    Otherwise it says that it could not confirm, and names the ids.
 * 3. No secret target (repository, environment, organization or Dependabot secret) ever holds a revoked key.
 *    The replaced keys are revoked only once every target holds the new key.
 *    GitHub may carry out a write after its connection is gone, so nothing proves that a write did not land.
 *    So once a write to a target may have landed, that target stays uncertain until an attempt succeeds,
 *    or until its `updated_at` (read before and after) shows that the write landed.
 *    The step never revokes a new key that an uncertain target may hold.
 * 4. rotate-key revokes only the keys it replaced: the keys of that name and scope that existed before it
 *    created its own, and the `key-id` it is given. A new key of that name that appears during the run
 *    means that another rotation is running. This run then revokes no old key, and says so.
 * 5. `keep-previous`: the newest replaced keys stay valid until the next rotation, so the jobs that use them
 *    can finish. With 0, they are all revoked at once.
 * 6. Cancellation: the ledger is saved as state for the post step before a create is sent. After the runner's
 *    signal the step starts no new work. A new key not handed out yet (stored, or in an output) is revoked,
 *    or left to the post step, which revokes it.
 * 7. A new key is revoked at once when its value is not a printable token, or when it is not scoped as asked.
 *    The messages say which key failed: the step's key or the new one.
 */

/** The platform's keys are far shorter. A longer value would make an output and a mask that no step can carry. */
const MAX_KEY_VALUE_LENGTH = 1024

/** The clean-up after a lost create may run this long past the step's timeout. A key left behind is worse. */
export const CLEANUP_GRACE_MS = 30_000

export async function keyTargetFor(ctx: CommandContext, scope: KeyScopeInputs): Promise<KeyTarget> {
  const namespace = await keyNamespaceFor(ctx, scope)
  return scope.projectId === undefined ? { namespace } : { namespace, projectId: scope.projectId }
}

export function cancellationOf(ctx: CommandContext): Cancellation {
  return ctx.cancellation ?? NOT_CANCELLABLE
}

/**
 * Undo work may run CLEANUP_GRACE_MS past the step's timeout. The deadline is read again at each wait,
 * so a cancel during the clean-up cuts it down to the runner's grace.
 */
function cleanupClient(ctx: CommandContext): PlatformClient {
  const usual = ctx.client.deadline + CLEANUP_GRACE_MS
  const cancellation = cancellationOf(ctx)
  return ctx.client.withDeadline(() => cancellation.undoDeadline(usual))
}

async function listStrangers(ctx: CommandContext, ledger: KeyLedger): Promise<ApiKey[]> {
  return (await listKeysMerged(cleanupClient(ctx), ledger.target.namespace)).filter((k) => ledger.isStranger(k))
}

/**
 * Lists the keys just before a create, and saves the ledger as state. Then the post step can find a new key of
 * this name, whatever happens next. From here on a signal no longer ends the step at once: the step finishes or
 * undoes its work (runner/cancellation.ts). rotate-key replaces the keys of that name in the returned list.
 */
export async function openLedger(
  ctx: CommandContext,
  name: string,
  target: KeyTarget,
): Promise<{ ledger: KeyLedger; keys: ApiKey[] }> {
  cancellationOf(ctx).hold()
  const keys = await listKeysMerged(ctx.client, target.namespace)
  const ledger = new KeyLedger((value) => ctx.saveState(UNSETTLED_KEYS, value), name, target, keys)
  if (ledger.before.length > MAX_KNOWN_KEYS) {
    throw new ActionError(
      `${ledger.before.length} keys are named ${quoted(name)} already, more than the ${MAX_KNOWN_KEYS} this step can keep track of ` +
        'to find a new key after a lost answer or a cancellation. Revoke the ones no longer used, or choose another `key-name`.',
    )
  }
  ledger.write()
  return { ledger, keys }
}

/**
 * Creates a key once, and masks it at once. After a lost answer the create is never sent again blindly.
 * The clean-up lists the keys and compares their ids with the ledger. One new key of that name that was never
 * used is the lost attempt's key, and nobody can read its value again. The clean-up revokes it, and the step
 * creates the key once more. With more than one new key, or one in use, nothing is revoked and the step fails.
 * A key must come back scoped as asked, with a printable token as its value. Any other key is revoked at once.
 */
export async function createKeyOnce(ctx: CommandContext, ledger: KeyLedger): Promise<CreatedApiKey> {
  const { name, target } = ledger
  const cancellation = cancellationOf(ctx)
  const revoked: number[] = []
  let round = 0
  let found: number | undefined
  let cleanUpFailed = false
  const attempt = async (n: number): Promise<CreatedApiKey> => {
    round = n
    cancellation.checkpoint(`create key ${quoted(name)}`)
    // After the runner's signal, a create in flight has a few seconds to get its answer. The clean-up gets the rest.
    const cut = cancellation.afterSignal(ANSWER_GRACE_MS)
    try {
      return await createKeyIn(ctx.client.withCut(cut.signal), target.namespace, name, target.projectId)
    } catch (error) {
      if (!(error instanceof RequestError) || !error.mayHaveTakenEffect) throw error
      ledger.unresolved = true
      ledger.cutInFlight = error.kind === 'cancelled'
      // Saved before the clean-up: if it fails, or the runner kills the step during it, the post step still looks.
      if (ledger.cutInFlight) ledger.write()
      try {
        found = await cleanUpLostCreate(ctx, ledger, error.message)
      } catch (failure) {
        cleanUpFailed = true
        throw failure
      }
      if (found !== undefined) revoked.push(found)
      throw error
    } finally {
      cut.clear()
    }
  }
  let created: CreatedApiKey
  try {
    created = await retrying(attempt, RETRY_POLICIES.recreate, {
      clock: ctx.clock,
      deadline: () => ctx.client.deadline,
      // After the runner's signal or the step's timeout, do not create again. The clean-up was the last work.
      cancelled: () => cancellation.signal !== undefined || ctx.clock.now() >= ctx.client.deadline,
      onRetry: (error) => {
        const lost = `The answer to creating key ${quoted(name)} was lost (${error.kind}).`
        const revokedIt = `Revoked key ${found}, which that attempt made.`
        const cleaned = found === undefined ? 'No key of that attempt is there yet.' : revokedIt
        ctx.log.warning(`${lost} ${cleaned} Creating it once more.`)
      },
    })
  } catch (error) {
    if (cleanUpFailed) throw error
    const lost = error instanceof RequestError && error.mayHaveTakenEffect
    if (round === 1 && !lost) ledger.settle()
    throw round === 1 && !lost ? error : await giveUpCreating(ctx, ledger, revoked, error)
  }
  if (created.key) ctx.mask(created.key)
  if (ledger.existing.has(created.id)) {
    // Do not revoke by that id. If the platform made a key, the clean-up finds it by its name.
    const untrue = new ActionError(
      `The platform answered the create with key ${created.id}, which was there before this step: not this step's key.`,
    )
    ledger.unresolved = true
    const late = await cleanUpLostCreate(ctx, ledger, untrue.message)
    throw await giveUpCreating(ctx, ledger, late === undefined ? revoked : [...revoked, late], untrue)
  }
  ledger.created(created.id)
  const notToken = `The platform answered key ${created.id} with a value that is not a printable token.`
  if (!isPrintableToken(created.key, MAX_KEY_VALUE_LENGTH)) throw await revokeAtOnce(ctx, ledger, created.id, notToken)
  const misScoped = target.projectId !== undefined && created.project_id !== target.projectId
  if (misScoped) throw await revokeMisScoped(ctx, ledger, created)
  if (ledger.unresolved) await lookForLateKey(ctx, ledger, created.id)
  return created
}

/**
 * Runs after a create lost its answer. When exactly one key of that name is new and was never used, the lost
 * attempt made it. That key is revoked, and its id returned. No new key means that the attempt made none yet.
 * In any other case nothing is revoked, and the step fails naming the keys.
 */
async function cleanUpLostCreate(ctx: CommandContext, ledger: KeyLedger, reason: string): Promise<number | undefined> {
  const what = `${reason} Creating key ${quoted(ledger.name)} may have succeeded without an answer`
  let strangers: ApiKey[]
  try {
    strangers = await listStrangers(ctx, ledger)
  } catch (error) {
    const others = ledger.before.length ? ` other than ${describeIds(ledger.before)}` : ''
    throw new ActionError(
      `${what}. Listing the keys to find it failed: ${messageOf(error)} The post step looks for it again when the job ends. ` +
        `You can also run list-keys, and revoke a key named ${quoted(ledger.name)}${others} that you do not expect.`,
    )
  }
  if (strangers.length === 0) return undefined
  const lost = lostKeyAmong(strangers)
  if (!lost) {
    throw new ActionError(
      `${what}. Keys of that name that were not there before are valid: ${describeStrangers(strangers)}. ` +
        'This step cannot tell which one it made, if any, or whether another job holds one. So it revoked none. ' +
        'Revoke the ones you do not expect (revoke-key with `key-id`), and give each job its own `key-name`.',
    )
  }
  const orphan = lost.id
  try {
    await revokeKeyIn(cleanupClient(ctx), ledger.target.namespace, orphan)
  } catch (error) {
    throw new ActionError(
      `${what}. That attempt made key ${orphan}, which is valid, and nobody can read its value again. ` +
        `Revoking it failed: ${messageOf(error)} The post step tries again when the job ends. ` +
        'You can also revoke it by hand (revoke-key with `key-id`).',
    )
  }
  ledger.gone(orphan)
  ledger.unresolved = false
  return orphan
}

/**
 * Creating failed for good after a lost answer. A new list shows whether a key of this step is still valid.
 * The error says that none is left only when the list shows it. Otherwise the error names the keys left.
 */
async function giveUpCreating(
  ctx: CommandContext,
  ledger: KeyLedger,
  revoked: number[],
  cause: unknown,
): Promise<ActionError> {
  const done = revoked.length ? ` Revoked ${describeIds(revoked)}, made by the attempts whose answers were lost.` : ''
  const reason = `${messageOf(cause)}${done}`
  const cancelled = cause instanceof StepCancelled || (cause instanceof RequestError && cause.kind === 'cancelled')
  const failed = (message: string) => (cancelled ? new StepCancelled(message) : new ActionError(message))
  let left: ApiKey[]
  try {
    left = await listStrangers(ctx, ledger)
  } catch (error) {
    ledger.settle()
    return failed(
      `${reason} Could not confirm that no new key named ${quoted(ledger.name)} is left valid: listing the keys failed (${messageOf(error)}). ` +
        'The post step looks again when the job ends.',
    )
  }
  if (left.length > 0) {
    ledger.settle()
    return failed(
      `${reason} Keys of that name that were not there before the create are valid: ${describeStrangers(left)}. ` +
        "None was revoked, because this step cannot tell them from another job's keys. " +
        'Revoke the ones you do not expect (revoke-key with `key-id`).',
    )
  }
  const late = !ledger.unresolved
    ? ''
    : ledger.cutInFlight
      ? ' (the platform may still carry out the create that the cancel cut off, so the post step looks for its key for ' +
        `${formatDuration(LATE_KEY_WATCH_MS)} and revokes it)`
      : ' (if the platform carries out a lost attempt late, the post step revokes its key)'
  ledger.settle()
  return failed(
    `${reason} No new key named ${quoted(ledger.name)} is left valid: a list taken after the clean-up shows none${late}.`,
  )
}

/**
 * A key was made, but an earlier attempt lost its answer, and its key was not found. The platform may make
 * that key late. Look once more: one new key that was never used is that one.
 */
async function lookForLateKey(ctx: CommandContext, ledger: KeyLedger, createdId: number): Promise<void> {
  let strangers: ApiKey[]
  try {
    strangers = await listStrangers(ctx, ledger)
  } catch (error) {
    ctx.log.warning(
      `Could not look for a key that the lost attempt may have made late: ${messageOf(error)} The post step looks again when the job ends.`,
    )
    return
  }
  if (strangers.length === 0) {
    ctx.log.info(
      `No other new key named ${quoted(ledger.name)} is there; the post step looks once more when the job ends.`,
    )
    return
  }
  const lost = lostKeyAmong(strangers)
  if (!lost) {
    ctx.log.warning(
      `Key ${createdId} was created, but other keys of that name that were not there before are valid: ${describeStrangers(strangers)}. ` +
        "None was revoked, since this step cannot tell them from another job's. Revoke the ones you do not expect (revoke-key with `key-id`).",
    )
    return
  }
  const late = lost.id
  try {
    await revokeKeyIn(cleanupClient(ctx), ledger.target.namespace, late)
    ledger.gone(late)
    ledger.unresolved = false
    ctx.log.info(`Revoked key ${late}, which the lost attempt made late.`)
  } catch (error) {
    ctx.log.warning(
      `The lost attempt made key ${late} late, and it is valid. Revoking it failed: ${messageOf(error)} The post step tries again.`,
    )
  }
}

/**
 * Revokes a new key that the step has not handed out. It counts as revoked only when an answer shows it.
 * The message says that it was revoked, or why it could not be.
 */
export async function revokeNewKey(
  ctx: CommandContext,
  ledger: KeyLedger,
  id: number,
): Promise<{ revoked: boolean; message: string }> {
  try {
    await revokeKeyIn(cleanupClient(ctx), ledger.target.namespace, id)
  } catch (error) {
    if (!alreadyRevoked(error)) {
      return {
        revoked: false,
        message: `Revoking the new key ${id} failed too (${messageOf(error)}): the post step tries again, or revoke it by hand.`,
      }
    }
  }
  ledger.gone(id)
  return { revoked: true, message: `The new key ${id} was revoked.` }
}

/**
 * Revokes a new key that must not stay valid a moment longer, and returns the step's error.
 * The error says "no new key is left valid" only when this was the step's one key.
 */
async function revokeAtOnce(ctx: CommandContext, ledger: KeyLedger, id: number, reason: string): Promise<ActionError> {
  const undo = await revokeNewKey(ctx, ledger, id)
  const unresolved = ledger.unresolved
  ledger.settle()
  if (!undo.revoked) return new ActionError(`${reason} ${undo.message}`)
  const left = unresolved
    ? 'an earlier attempt lost its answer, and the post step looks for the key it may have made'
    : 'no new key is left valid'
  return new ActionError(
    `${reason} That key was revoked at once, and ${left}. Run the step again, or report it with the key id.`,
  )
}

/** The new key reaches more than the project it was asked for, or another project. */
function revokeMisScoped(ctx: CommandContext, ledger: KeyLedger, created: CreatedApiKey): Promise<ActionError> {
  const { namespace, projectId } = ledger.target
  // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent, as every project key is an org key
  const orgId = namespace.kind === 'organization' ? namespace.orgId : ''
  const answered =
    created.project_id === undefined
      ? `with no project, so it would reach every project of organization ${untrusted(orgId)}`
      : `scoped to project ${quoted(created.project_id, 80)}`
  return revokeAtOnce(
    ctx,
    ledger,
    created.id,
    // Stryker disable next-line StringLiteral: equivalent, as this runs only for a target with a project
    `The platform was asked for a key scoped to project ${untrusted(projectId ?? '')} and answered key ${created.id} ${answered}.`,
  )
}

/**
 * A cancel after a new key arrived, and before it was handed out, revokes the key or leaves it to the post step.
 * The step then stops, and says which.
 */
export async function stopIfCancelled(ctx: CommandContext, ledger: KeyLedger, id: number, work: string): Promise<void> {
  try {
    cancellationOf(ctx).checkpoint(work)
  } catch (error) {
    const undo = await revokeNewKey(ctx, ledger, id)
    ledger.settle()
    throw new StepCancelled(`${messageOf(error)} ${undo.message}`)
  }
}

export function adviseScope(ctx: CommandContext, target: KeyTarget, id: number): void {
  if (target.namespace.kind !== 'personal') return
  ctx.notice(
    `API key ${id} is a personal key: it reaches every project of every organization its user belongs to. ` +
      'A job that works on one project is safer with a project-scoped key, ' +
      "which an organization admin's personal key makes: set `project-id` (and `org-id` if you know it).",
  )
}

/** "personal", "organization org-x" or "project p-1", for logs and summaries. */
export function describeScope(target: KeyTarget): string {
  if (target.projectId !== undefined) return `project ${untrusted(target.projectId)}`
  return target.namespace.kind === 'organization' ? `organization ${untrusted(target.namespace.orgId)}` : 'personal'
}
