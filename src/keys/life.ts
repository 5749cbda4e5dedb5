import type { PlatformClient } from '../api/client.ts'
import { PERSONAL_KEYS, createKeyIn, organizationKeys, revokeKeyIn, type KeyNamespace } from '../api/namespace.ts'
import { keyNamespaceFor, type KeyScopeInputs } from '../api/organization.ts'
import type { ApiKey, CreatedApiKey } from '../api/types.ts'
import { ActionError, messageOf } from '../base/errors.ts'
import { isPrintableToken, quoted, untrusted } from '../base/text.ts'
import { RequestError } from '../http/errors.ts'
import { RETRY_POLICIES } from '../http/retry.ts'
import { formatDuration } from '../base/clock.ts'
import type { Logger } from '../base/log.ts'
import {
  ANSWER_GRACE_MS,
  LATE_KEY_LOOK_EVERY_MS,
  LATE_KEY_WATCH_MS,
  NOT_CANCELLABLE,
  StepCancelled,
} from '../runner/cancellation.ts'
import type { Cancellation } from '../runner/cancellation.ts'
import type { CommandContext } from '../runner/context.ts'
import { UNSETTLED_KEYS } from '../runner/state.ts'
import {
  KeyLedger,
  MAX_KNOWN_KEYS,
  describeIds,
  describeStrangers,
  lostKeyAmong,
  sameKind,
  type KeyTarget,
  type LedgerRecord,
} from './ledger.ts'
import { alreadyRevoked, revokeInTurn } from './revocation.ts'
import { listKeysMerged } from './usage.ts'

export type { KeyTarget } from './ledger.ts'

/**
 * A key's life: every key the action makes walks this one state machine, from the plan to a settled end. create-key
 * (commands/create-key.ts) and rotate-key (commands/rotate-key.ts) walk it in the main step; the post step (post.ts)
 * finishes what a cancelled, killed or unanswered main step left, with `finishLeftovers` below. The ledger
 * (keys/ledger.ts) is the state the post step gets: each transition saves it before its effect, so the post step
 * finds a known state whatever stops the main step.
 *
 * | state       | what the step knows                                   | saved before the effect      | next                         |
 * | ----------- | ----------------------------------------------------- | ---------------------------- | ---------------------------- |
 * | planned     | the keys of the name, listed (`openLedger`)           | the ids listed: `known`      | requesting                   |
 * | requesting  | a create is in flight                                 |                              | arrived, answer-lost, failed |
 * | answer-lost | the create may have made a key nobody can read        | the loss (`inFlight` if cut) | requesting once more, failed |
 * | failed      | no create made a key, or the error names those left   |                              | settled                      |
 * | arrived     | the key came back, masked at once                     | its id: `pending`            | handed out, storing, revoked |
 * | storing     | rotate-key: its secret writes are about to begin      | its id: `storing`            | handed out, pending again    |
 * | handed out  | stored everywhere, in an output, or named in an error | its id: `known`              | settled                      |
 * | settled     | nothing is left for the post step                     | the state cleared            |                              |
 *
 * The post step revokes what is `pending`, fails naming what is `storing` (a secret may hold it, so it is never
 * revoked blindly), and lists the keys to find the key of a lost answer: one key of that name that no list or answer
 * told of, and that was never used, is that key, since nobody else can hold its value (`lostKeyAmong`).
 *
 * The four promises, and where each is kept (`npm run faults` checks them under faults at every request and every
 * moment; __tests__/e2e/key-invariants.e2e.test.ts has the cases that once broke them):
 * 1. No key is left valid and unknown: after main and post, every key this run made is in its output, held by the
 *    secret it was written to, revoked, or named in an error that says it may still be valid. Kept by the ledger
 *    (saved before each create and each write), the clean-up after a lost answer here, and the post step.
 * 2. No lock-out: a secret rotate-key writes never holds a revoked key, and the newest `keep-previous` keys it
 *    replaced stay valid. Kept in commands/rotate-key.ts: the old keys go only once every target holds the new key,
 *    and a write counts as stored only when GitHub answers it with a success (github/secret-stores.ts); a key a
 *    target may hold is never revoked.
 * 3. Nothing is revoked that this run did not make or was not asked to revoke. Kept by comparing ids with the list
 *    taken before the create, never times: a clean-up revokes one key only (the lost attempt's), and none when
 *    another key of the name appeared (another job's). rotate-key revokes only keys of its first list and `key-id`.
 * 4. No key value in the log before its `::add-mask::`, nor ever in the summary, an output other than `key`, or the
 *    saved state. Kept by masking the key the moment it arrives (`accept`), by the ledger holding ids only, and by
 *    the outputs' redaction (runner/outputs.ts).
 *
 * A cancel (runner/cancellation.ts): from `openLedger` on, the runner's signal no longer ends the step at once. No
 * new work starts; a create in flight gets ANSWER_GRACE_MS for its answer, and a key not handed out is revoked or
 * left `pending` for the post step. A key whose value is not a printable token, or that is not scoped as asked, is
 * revoked at once.
 */

/** The platform's keys are far shorter. A longer value would make an output and a mask that no step can carry. */
const MAX_KEY_VALUE_LENGTH = 1024

/** The clean-up after a lost create may run this long past the step's timeout. A key left behind is worse. */
const CLEANUP_GRACE_MS = 30_000

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
 * Where a create stands, from `requesting` to a key that `arrived` or a create that `failed`. `revoked`: the keys of
 * lost attempts that the clean-up revoked, for the messages.
 */
type CreateState =
  | { at: 'requesting'; attempt: number; revoked: number[] }
  | { at: 'answer-lost'; attempt: number; revoked: number[]; error: RequestError }
  | { at: 'arrived'; created: CreatedApiKey; revoked: number[] }
  | { at: 'failed'; attempt: number; revoked: number[]; error: unknown }

/**
 * Creates a key once, and masks it at once. After a lost answer the create is never sent again blindly: the clean-up
 * lists the keys and compares their ids with the ledger. One new key of that name that was never used is the lost
 * attempt's key, and nobody can read its value again. The clean-up revokes it, and the step creates the key once more
 * (RETRY_POLICIES.recreate). With more than one new key, or one in use, nothing is revoked and the step fails.
 */
export async function createKeyOnce(ctx: CommandContext, ledger: KeyLedger): Promise<CreatedApiKey> {
  let state: CreateState = { at: 'requesting', attempt: 1, revoked: [] }
  for (;;) {
    if (state.at === 'requesting') state = await request(ctx, ledger, state)
    else if (state.at === 'answer-lost') state = await cleanUpAfterLoss(ctx, ledger, state)
    else if (state.at === 'arrived') return accept(ctx, ledger, state.created, state.revoked)
    else throw await failedToCreate(ctx, ledger, state)
  }
}

/** requesting → arrived, answer-lost (the create may have made a key) or failed (it certainly made none). */
async function request(
  ctx: CommandContext,
  ledger: KeyLedger,
  { attempt, revoked }: Extract<CreateState, { at: 'requesting' }>,
): Promise<CreateState> {
  const cancellation = cancellationOf(ctx)
  try {
    cancellation.checkpoint(`create key ${quoted(ledger.name)}`)
  } catch (error) {
    return { at: 'failed', attempt, revoked, error }
  }
  // After the runner's signal, a create in flight has a few seconds to get its answer. The clean-up gets the rest.
  const cut = cancellation.afterSignal(ANSWER_GRACE_MS)
  const { namespace, projectId } = ledger.target
  try {
    const created = await createKeyIn(ctx.client.withCut(cut.signal), namespace, ledger.name, projectId)
    return { at: 'arrived', created, revoked }
  } catch (error) {
    if (error instanceof RequestError && error.mayHaveTakenEffect) return { at: 'answer-lost', attempt, revoked, error }
    return { at: 'failed', attempt, revoked, error }
  } finally {
    cut.clear()
  }
}

/**
 * answer-lost → requesting once more, or failed. The loss is saved first: if the clean-up fails, or the runner kills
 * the step during it, the post step still looks. A clean-up that cannot tell which key is the step's ends the step.
 */
async function cleanUpAfterLoss(
  ctx: CommandContext,
  ledger: KeyLedger,
  { attempt, revoked, error }: Extract<CreateState, { at: 'answer-lost' }>,
): Promise<CreateState> {
  ledger.answerLost(error.kind === 'cancelled')
  const found = await cleanUpLostCreate(ctx, ledger, error.message)
  const now = found === undefined ? revoked : [...revoked, found]
  const policy = RETRY_POLICIES.recreate
  const again = attempt < policy.attempts && policy.delay(error, attempt, Math.random) !== undefined
  // After the runner's signal or the step's timeout, do not create again. The clean-up was the last work.
  const stopped = cancellationOf(ctx).signal !== undefined || ctx.clock.now() >= ctx.client.deadline
  if (!again || stopped) return { at: 'failed', attempt, revoked: now, error }
  const cleaned =
    found === undefined ? 'No key of that attempt is there yet.' : `Revoked key ${found}, which that attempt made.`
  ctx.log.warning(
    `The answer to creating key ${quoted(ledger.name)} was lost (${error.kind}). ${cleaned} Creating it once more.`,
  )
  return { at: 'requesting', attempt: attempt + 1, revoked: now }
}

/**
 * failed: the step's error. A first attempt that certainly made no key needs no clean-up. After a lost answer, a new
 * list shows whether a key of this step is left (giveUpCreating).
 */
function failedToCreate(
  ctx: CommandContext,
  ledger: KeyLedger,
  { attempt, revoked, error }: Extract<CreateState, { at: 'failed' }>,
): Promise<unknown> {
  const lost = error instanceof RequestError && error.mayHaveTakenEffect
  if (attempt === 1 && !lost) {
    ledger.settle()
    return Promise.resolve(error)
  }
  return giveUpCreating(ctx, ledger, revoked, error)
}

/**
 * arrived → pending (the key masked, its id saved for the post step), or revoked at once: a key must come back new,
 * scoped as asked, with a printable token as its value. After an earlier lost answer, it looks once more for the key
 * of that attempt.
 */
async function accept(
  ctx: CommandContext,
  ledger: KeyLedger,
  created: CreatedApiKey,
  revoked: number[],
): Promise<CreatedApiKey> {
  if (created.key) ctx.mask(created.key)
  if (ledger.existing.has(created.id)) {
    // Do not revoke by that id. If the platform made a key, the clean-up finds it by its name.
    const untrue = new ActionError(
      `The platform answered the create with key ${created.id}, which was there before this step: not this step's key.`,
    )
    ledger.answerLost(false)
    const late = await cleanUpLostCreate(ctx, ledger, untrue.message)
    throw await giveUpCreating(ctx, ledger, late === undefined ? revoked : [...revoked, late], untrue)
  }
  ledger.created(created.id)
  const notToken = `The platform answered key ${created.id} with a value that is not a printable token.`
  if (!isPrintableToken(created.key, MAX_KEY_VALUE_LENGTH)) throw await revokeAtOnce(ctx, ledger, created.id, notToken)
  const misScoped = ledger.target.projectId !== undefined && created.project_id !== ledger.target.projectId
  if (misScoped) throw await revokeMisScoped(ctx, ledger, created)
  if (ledger.awaitingLostKey) await lookForLateKey(ctx, ledger, created.id)
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
  ledger.lostKeyRevoked(orphan)
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
  const late = !ledger.awaitingLostKey
    ? ''
    : ledger.lostKeyCutByCancel
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
    ledger.lostKeyRevoked(late)
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
  const unresolved = ledger.awaitingLostKey
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

/**
 * The post step's part of a key's life: it finishes what the main step left in the ledger. It revokes the `pending`
 * keys, names the `storing` ones still valid (a secret may hold them, so they stay), and lists the keys to find a key
 * that a create made when its answer never reached the step: one such key, never used, is that key, and nobody holds
 * its value, so it is revoked. With more such keys, or one in use, it revokes none. Every problem goes into one error,
 * thrown at the end, so each key is still tried.
 */
export async function finishLeftovers(
  client: PlatformClient,
  log: Logger,
  ledger: LedgerRecord,
  jobKeyId: number | undefined,
): Promise<void> {
  const leftovers = new Leftovers(log, ledger)
  for (const id of ledger.pending) {
    if (id !== jobKeyId) await leftovers.revoke(id, 'the main step made it and never handed it out', client)
  }
  const accounted = new Set([...ledger.known, ...ledger.pending, ...(jobKeyId === undefined ? [] : [jobKeyId])])
  const storing = new Set(ledger.storing)
  const unaccounted = (key: ApiKey) =>
    sameKind(key, ledger.name, ledger.project) && !accounted.has(key.id) && !storing.has(key.id)
  // After a create the cancel cut off, the look for its key and the key's revocation may run LATE_KEY_WATCH_MS past the
  // step's timeout, as the main step's clean-up may: a key left valid is worse than a late step.
  const lister = ledger.inFlight ? client.withDeadline(client.deadline + LATE_KEY_WATCH_MS) : client
  const look = () => listKeysMerged(lister, leftovers.namespace)
  let listed: ApiKey[]
  try {
    listed = ledger.inFlight
      ? await watchForLateKey(lister, log, ledger.name, look, (keys) => keys.some(unaccounted))
      : await look()
  } catch (error) {
    leftovers.nameStoring([...storing])
    leftovers.problem(
      `The post step could not look for a key named ${quoted(ledger.name)} that the main step may have left valid: ${messageOf(error)} ` +
        'Run list-keys and revoke a key of that name you do not expect.',
    )
    leftovers.end()
    return
  }
  leftovers.nameStoring(listed.filter((k) => storing.has(k.id)).map((k) => k.id))
  await leftovers.revokeLostKey(listed.filter(unaccounted), lister)
  leftovers.end()
}

/** What the post step did with the main step's leftovers, and the problems it found on the way. */
class Leftovers {
  readonly namespace: KeyNamespace
  private readonly problems: string[] = []
  private readonly log: Logger
  private readonly ledger: LedgerRecord

  constructor(log: Logger, ledger: LedgerRecord) {
    this.log = log
    this.ledger = ledger
    this.namespace = ledger.org ? organizationKeys(ledger.org) : PERSONAL_KEYS
  }

  problem(text: string): void {
    this.problems.push(text)
  }

  /** Revokes one key, so that a failure is named and the next key is still tried. */
  async revoke(id: number, reason: string, by: PlatformClient): Promise<void> {
    const name = quoted(this.ledger.name)
    const run = await revokeInTurn({ client: by, log: this.log }, [id], this.namespace, {
      revoked: () => this.log.info(`Revoked API key ${id} named ${name}: ${reason}.`),
      alreadyRevoked: () => this.log.info(`API key ${id} named ${name} was already revoked.`),
    })
    if (run.failed) {
      this.problem(
        `Revoking API key ${id} named ${name} failed: ${messageOf(run.failed.error)} Revoke it by hand (revoke-key with \`key-id\`).`,
      )
    }
  }

  /** The keys a secret write may hold: they stay valid, and the error names them. */
  nameStoring(valid: number[]): void {
    if (valid.length === 0) return
    this.problem(
      `The main step stopped while it wrote ${describeIds(valid)} named ${quoted(this.ledger.name)} to a secret, ` +
        'before it knew whether the write landed, so that key may still be valid, and a secret may hold it. ' +
        'The post step left it valid, so that no secret holds a revoked key. Run rotate-key again: it stores a newer key ' +
        'and revokes this one. Or revoke it by hand (revoke-key with `key-id`) once no secret holds it.',
    )
  }

  /** One key of that name that no answer told of, never used, is a lost create's: it is revoked. More are named. */
  async revokeLostKey(strangers: ApiKey[], lister: PlatformClient): Promise<void> {
    const name = quoted(this.ledger.name)
    const lost = lostKeyAmong(strangers)
    if (lost) {
      const why = "the main step's create made it, but the answer never reached the step, so nobody holds its value"
      await this.revoke(lost.id, why, lister)
    } else if (strangers.length > 0) {
      this.problem(
        `Keys named ${name} appeared during the job that the main step cannot account for: ${describeStrangers(strangers)}. None was ` +
          "revoked, since the post step cannot tell them from another job's. Revoke the ones you do not expect (revoke-key with `key-id`).",
      )
    } else if (this.problems.length === 0 && this.ledger.inFlight) {
      const watched = formatDuration(LATE_KEY_WATCH_MS)
      this.log.info(`No key named ${name} appeared in ${watched}, so the create that the cancel cut off made no key.`)
    } else if (this.problems.length === 0) {
      this.log.info(`No other key named ${name} from the main step is valid: the list taken now shows none.`)
    }
  }

  /** Throws every problem as one error, if there was any. */
  end(): void {
    if (this.problems.length > 0) throw new ActionError(untrusted(this.problems.join(' '), Number.POSITIVE_INFINITY))
  }
}

/**
 * The runner cancelled the main step while a create was in flight, and the platform may still carry it out. Lists
 * the keys every LATE_KEY_LOOK_EVERY_MS until a key of that name appears that the main step cannot account for, or
 * until LATE_KEY_WATCH_MS (and the client's deadline) runs out. Returns the last list.
 */
async function watchForLateKey(
  client: PlatformClient,
  log: Logger,
  keyName: string,
  look: () => Promise<ApiKey[]>,
  appeared: (keys: ApiKey[]) => boolean,
): Promise<ApiKey[]> {
  const { clock } = client
  const until = Math.min(clock.now() + LATE_KEY_WATCH_MS, client.deadline)
  log.info(
    `A create of key ${quoted(keyName)} was in flight when the runner cancelled the main step: ` +
      `looking for that key for up to ${formatDuration(LATE_KEY_WATCH_MS)}.`,
  )
  for (;;) {
    const listed = await look()
    if (appeared(listed) || clock.now() + LATE_KEY_LOOK_EVERY_MS > until) return listed
    await clock.sleep(LATE_KEY_LOOK_EVERY_MS)
  }
}
