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
 * Creating a new key, and cleaning up after it: what create-key and rotate-key share. The promises
 * this module (with commands/rotate-key.ts and github/secret-stores.ts) keeps, tested in
 * __tests__/e2e/key-invariants.e2e.test.ts (6 in __tests__/e2e/cancellation.e2e.test.ts):
 *
 * 1. A clean-up never revokes a key that existed before the step began, or that another job may
 *    hold. It decides by key id against a snapshot taken just before the create (the ledger),
 *    never by clock arithmetic. When more than one candidate is left, or one is in use (its value
 *    was never seen here, so someone else holds it), it revokes nothing and names the ids: after
 *    a lost answer the step fails and says what to do; after a create that succeeded, it warns.
 * 2. A success is claimed only after it was checked. "No new key is left valid" is said only after
 *    a list taken after the clean-up shows it, or the one key made was revoked and no attempt lost
 *    its answer; otherwise the step says it could not confirm, with the ids.
 * 3. No secret target (repository, environment, organization or Dependabot secret) ever holds a
 *    revoked key. The replaced keys go only once every target holds the new key. Once any write
 *    to a target may have been applied, its outcome stays uncertain whatever later attempts
 *    answer short of a success, unless that target's `updated_at` (read before and after) shows
 *    it landed: GitHub may carry out a write after its connection is gone, so nothing shows it
 *    did not. Uncertain means the new key is never revoked.
 * 4. rotate-key revokes only keys it replaced: those of that name and scope that existed before
 *    it created its own, and the `key-id` it is given. A key of that name that appeared during
 *    the run means another rotation is running: this one revokes no old key, and says so.
 * 5. `keep-previous`: the newest replaced keys stay valid until the next rotation, so jobs that
 *    run with them finish; 0 revokes every one at once.
 * 6. Cancellation: before a create is sent, the ledger is saved as state for the post step. After
 *    the runner's signal the step starts no new work; a new key not yet handed out (stored or in
 *    an output) is revoked, or left to the post step, which revokes it.
 * 7. A new key whose value is not a printable token, or that is not scoped as asked, is revoked
 *    at once. Messages say which key failed (the step's or the new one).
 */

/**
 * The longest key value the action hands out (a printable token). The platform's keys are far
 * shorter; a longer value would be an output (and a mask) no later step can carry.
 */
const MAX_KEY_VALUE_LENGTH = 1024

/** Clean-up after a lost create may run this long past the step's timeout: an orphan key is worse. */
export const CLEANUP_GRACE_MS = 30_000

/** The namespace of the scope inputs (resolved: see api/organization.ts) and the project, if any. */
export async function keyTargetFor(ctx: CommandContext, scope: KeyScopeInputs): Promise<KeyTarget> {
  const namespace = await keyNamespaceFor(ctx, scope)
  return scope.projectId === undefined ? { namespace } : { namespace, projectId: scope.projectId }
}

export function cancellationOf(ctx: CommandContext): Cancellation {
  return ctx.cancellation ?? NOT_CANCELLABLE
}

/** The client for undo work: past the step's timeout by CLEANUP_GRACE_MS, but within the runner's grace once cancelled. */
function cleanupClient(ctx: CommandContext): PlatformClient {
  // Read at each wait: a cancel that comes during the clean-up shortens it to the runner's grace.
  const usual = ctx.client.deadline + CLEANUP_GRACE_MS
  const cancellation = cancellationOf(ctx)
  return ctx.client.withDeadline(() => cancellation.undoDeadline(usual))
}

/** The keys of the ledger's name that the step neither found before its create nor made: listed with the clean-up client. */
async function listStrangers(ctx: CommandContext, ledger: KeyLedger): Promise<ApiKey[]> {
  return (await listKeysMerged(cleanupClient(ctx), ledger.target.namespace)).filter((k) => ledger.isStranger(k))
}

/**
 * The snapshot just before a create: lists the namespace's keys and saves the ledger as state, so
 * the post step can find a new key of this name whatever happens next. From here on a signal no
 * longer ends the step at once: it finishes or undoes its work (runner/cancellation.ts). Returns the
 * list too: rotate-key replaces the keys of that name in it.
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
 * Creates a key once, and masks it at once. A lost answer is never blindly resent: the clean-up
 * lists the keys and compares ids with the ledger's snapshot. One key of that name that was not
 * there before and was never used is the lost attempt's (its value can never be read again): it
 * is revoked and the key created once more. More than one, or one in use, and nothing is revoked:
 * the step fails naming them. A key asked to be scoped to a project must come back scoped to it,
 * and its value must be a printable token: any other is revoked at once, and the step fails.
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
    // At the runner's signal a create in flight gets a few seconds for its answer, the clean-up the rest of the grace.
    const cut = cancellation.afterSignal(ANSWER_GRACE_MS)
    try {
      return await createKeyIn(ctx.client.withCut(cut.signal), target.namespace, name, target.projectId)
    } catch (error) {
      if (!(error instanceof RequestError) || !error.mayHaveTakenEffect) throw error
      ledger.unresolved = true
      ledger.cutInFlight = error.kind === 'cancelled'
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
      // After the runner's signal, or once the step's timeout ran out, the clean-up was the last of it.
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
    // Never revoked by that id; the key the platform made, if it did, is a stranger the clean-up finds.
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
 * After a lost create answer: the key of that name that was not in the snapshot, if exactly one
 * and never used, is that attempt's, and is revoked (its id returned). None: the attempt made
 * none yet. Otherwise nothing is revoked, and the step fails naming the keys.
 */
async function cleanUpLostCreate(ctx: CommandContext, ledger: KeyLedger, reason: string): Promise<number | undefined> {
  const what = `${reason} Creating key ${quoted(ledger.name)} may have succeeded without an answer`
  let strangers: ApiKey[]
  try {
    strangers = await listStrangers(ctx, ledger)
  } catch (error) {
    const others = ledger.before.length ? ` other than ${describeIds(ledger.before)}` : ''
    throw new ActionError(
      `${what}, and listing the keys to find it failed: ${messageOf(error)} The post step looks for it again when the job ends; ` +
        `or run list-keys and revoke a key named ${quoted(ledger.name)}${others} that you do not expect.`,
    )
  }
  if (strangers.length === 0) return undefined
  const lost = lostKeyAmong(strangers)
  if (!lost) {
    throw new ActionError(
      `${what}, and keys of that name that were not there before are valid: ${describeStrangers(strangers)}. This step cannot ` +
        'tell which one (if any) it made, or whether another job holds one, so it revoked none. Revoke the ones you do not expect ' +
        '(revoke-key with `key-id`), and give each job its own `key-name`.',
    )
  }
  const orphan = lost.id
  try {
    await revokeKeyIn(cleanupClient(ctx), ledger.target.namespace, orphan)
  } catch (error) {
    throw new ActionError(
      `${what}: key ${orphan}, which that attempt made and whose value can never be read, is valid, and revoking it failed: ${messageOf(error)} ` +
        'The post step tries again when the job ends; or revoke it by hand (revoke-key with `key-id`).',
    )
  }
  ledger.gone(orphan)
  ledger.unresolved = false
  return orphan
}

/**
 * Creating failed for good after a lost answer. A list taken now shows whether any key of this
 * step is left valid: the error says so only once it was seen, and otherwise names what is left.
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
      `${reason} Keys of that name that were not there before the create are valid: ${describeStrangers(left)}. None was revoked: ` +
        "this step cannot tell them from another job's. Revoke the ones you do not expect (revoke-key with `key-id`).",
    )
  }
  const late = !ledger.unresolved
    ? ''
    : ledger.cutInFlight
      ? ' (the create cut off by the cancel may still be carried out: the post step looks for its key for ' +
        `${formatDuration(LATE_KEY_WATCH_MS)}, and revokes it)`
      : ' (if the platform carries out a lost attempt late, the post step revokes its key)'
  ledger.settle()
  return failed(
    `${reason} No new key named ${quoted(ledger.name)} is left valid: a list taken after the clean-up shows none${late}.`,
  )
}

/**
 * A key was made after an earlier attempt's answer was lost and its key was not found: the
 * platform may have made that one late. Look once more; one unknown, unused key is that one.
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
      `Key ${late}, which the lost attempt made late, is valid; revoking it failed: ${messageOf(error)} The post step tries again.`,
    )
  }
}

/**
 * Revokes a new key of this step that was not handed out. Returns what to say about it: that it
 * was revoked (seen in the answer), or why it could not be.
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
 * A new key that must not stay valid for a moment longer: revoked with the step's key, and the
 * step fails saying so. "No new key is left valid" only when this was the step's one key.
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

/** A key that reaches more (or other) than the project asked for. */
function revokeMisScoped(ctx: CommandContext, ledger: KeyLedger, created: CreatedApiKey): Promise<ActionError> {
  const { namespace, projectId } = ledger.target
  // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent; a target with a project is always in an organization (keyNamespaceFor)
  const orgId = namespace.kind === 'organization' ? namespace.orgId : ''
  const answered =
    created.project_id === undefined
      ? `with no project, so it would reach every project of organization ${untrusted(orgId)}`
      : `scoped to project ${quoted(created.project_id, 80)}`
  return revokeAtOnce(
    ctx,
    ledger,
    created.id,
    // Stryker disable next-line StringLiteral: equivalent; this runs only for a target with a project
    `The platform was asked for a key scoped to project ${untrusted(projectId ?? '')} and answered key ${created.id} ${answered}.`,
  )
}

/**
 * The step was cancelled after a new key arrived and before it was handed out: the key is
 * revoked (or left to the post step), and the step stops saying which.
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

/** A personal key reaches every project of every organization of its user: say so, and how to scope it. */
export function adviseScope(ctx: CommandContext, target: KeyTarget, id: number): void {
  if (target.namespace.kind !== 'personal') return
  ctx.notice(
    `API key ${id} is a personal key: it reaches every project of every organization its user belongs to. ` +
      'A job that works on one project is safer with a project-scoped key, ' +
      "which an organization admin's personal key makes: set `project-id` (and `org-id` if you know it).",
  )
}

/** "personal", "organization org-x", "project p-1": for logs and summaries. */
export function describeScope(target: KeyTarget): string {
  if (target.projectId !== undefined) return `project ${untrusted(target.projectId)}`
  return target.namespace.kind === 'organization' ? `organization ${untrusted(target.namespace.orgId)}` : 'personal'
}
