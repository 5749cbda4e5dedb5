import type { PlatformClient } from '../api/client.ts'
import {
  PERSONAL_KEYS,
  alreadyRevoked,
  createKeyIn,
  organizationKeys,
  revokeKeyIn,
  type KeyNamespace,
} from '../api/namespace.ts'
import { keyNamespaceFor, type KeyScopeInputs } from '../api/organization.ts'
import type { ApiKey, CreatedApiKey } from '../api/types.ts'
import { formatDuration, type StepTime } from '../base/clock.ts'
import { ActionError, StepCancelled, messageOf } from '../base/errors.ts'
import type { Logger } from '../base/log.ts'
import { isPrintableToken, quoted, untrusted } from '../base/text.ts'
import { RequestError } from '../http/errors.ts'
import { RETRY_POLICIES } from '../http/retry.ts'
import type { CommandContext } from '../runner/context.ts'
import { MAX_KNOWN_KEYS, SAVED_LIFE, type SavedLife } from './ledger.ts'
import { lastUseOf, listKeysMerged } from './usage.ts'

/**
 * A key's life: every key the action makes walks these states in one KeyLife. create-key and rotate-key call its
 * methods in order; the post step finishes what it saved (`cleanUpAfterJob`). Each method saves the state before its
 * effect, so the post step finds a known state whatever stops the main step.
 *
 * | state       | method        | what is saved first                            | next                         |
 * | ----------- | ------------- | ---------------------------------------------- | ---------------------------- |
 * | planned     | `run`, open   | the ids of the name's keys: `known`            | requesting                   |
 * | requesting  | `create`      |                                                | arrived, answer-lost, failed |
 * | answer-lost | `create`      | `inFlight`, when a cancel cut the create off   | requesting once more, failed |
 * | arrived     | `create`      | its id: `pending`                              | job key, storing, handed out |
 * | job key     | `keepForJob`  | its id: `jobKey`                               | handed out                   |
 * | storing     | `storing`     | its id: `storing`                              | handed out, pending again    |
 * | handed out  | `handOut`     | its id: `known`                                | settled                      |
 * | revoked     | `revokeNew`   | its id leaves `pending`                        | settled                      |
 * | settled     | `run`, once   | cleared, `finished`, or left for the post step |                              |
 *
 * A lost create is never sent again blindly: `findLostKey` lists the keys, and one key of the name that no list or
 * answer told of, never used, is that create's (nobody else can hold its value), so it is revoked. More than one, or
 * one in use, may be another job's: none is revoked, and the error names them. The promises this keeps, and the
 * cases that once broke them: docs/what-happens-when.md and __tests__/e2e/key-invariants.e2e.test.ts.
 */

/**
 * How long, and how often, the post step looks for the key of a create that was in flight at the cancel.
 * The platform carries out a create within seconds, or not at all.
 */
const LATE_KEY_WATCH_MS = 30_000
const LATE_KEY_LOOK_EVERY_MS = 5_000

/** The platform's keys are far shorter. A longer value would make an output and a mask that no step can carry. */
const MAX_KEY_VALUE_LENGTH = 1024

/** Where a new key goes. `projectId` is set for a project-scoped key. */
export interface KeyTarget {
  namespace: KeyNamespace
  projectId?: string
}

export async function keyTargetFor(ctx: CommandContext, scope: KeyScopeInputs): Promise<KeyTarget> {
  const namespace = await keyNamespaceFor(ctx, scope)
  return scope.projectId === undefined ? { namespace } : { namespace, projectId: scope.projectId }
}

/** Where a create stands. */
type CreateState =
  | { at: 'requesting'; attempt: number }
  | { at: 'answer-lost'; attempt: number; error: RequestError }
  | { at: 'arrived'; created: CreatedApiKey }
  | { at: 'failed'; attempt: number; error: unknown }

/** What a look for a lost create's key found. */
type LostKey =
  | { found: 'none' }
  | { found: 'revoked'; id: number }
  | { found: 'ambiguous'; keys: ApiKey[] }
  | { found: 'list-failed'; error: unknown; known: number[] }
  | { found: 'revoke-failed'; id: number; error: unknown }

export class KeyLife {
  readonly name: string
  readonly target: KeyTarget
  /** The keys of the namespace listed just before the create. */
  readonly listed: ApiKey[]
  private readonly ctx: CommandContext
  private readonly time: StepTime
  /** Keys the post step leaves alone: those of the name from before, and new keys handed out. */
  private readonly known: Set<number>
  /** Every key listed before the create, whatever its name: none of them can be this step's. */
  private readonly existing: ReadonlySet<number>
  private readonly pending = new Set<number>()
  private readonly storingIds = new Set<number>()
  private readonly revoked = new Set<number>()
  private jobKey: number | undefined
  /** A create lost its answer, and its key has not been found. */
  private lostKeyMissing = false
  /** The runner's cancel cut that create off while it was in flight. */
  private lostInFlight = false
  /** Keys of lost creates that were revoked, for the messages. */
  private readonly lostKeysRevoked: number[] = []
  /** What was saved last: a save that changes nothing is not written again. */
  private lastSaved: string | undefined

  private constructor(ctx: CommandContext, name: string, target: KeyTarget, listed: ApiKey[]) {
    this.ctx = ctx
    this.time = ctx.time
    this.name = name
    this.target = target
    this.listed = listed
    this.known = new Set(listed.filter((k) => this.sameKind(k)).map((k) => k.id))
    this.existing = new Set(listed.map((k) => k.id))
  }

  /**
   * Opens a key's life for `name`: lists the keys and saves them before any create, runs `body`, and settles once at
   * the end, however `body` ends. From the list on, the runner's signal no longer ends the step at once: the step
   * finishes or undoes its work.
   */
  static async run<T>(
    ctx: CommandContext,
    name: string,
    target: KeyTarget,
    body: (life: KeyLife) => Promise<T>,
  ): Promise<T> {
    ctx.time.hold()
    const life = new KeyLife(ctx, name, target, await listKeysMerged(ctx.client, target.namespace))
    if (life.known.size > MAX_KNOWN_KEYS) {
      throw new ActionError(
        `${life.known.size} keys are named ${quoted(name)} already, more than the ${MAX_KNOWN_KEYS} this step can keep track of ` +
          'to find a new key after a lost answer or a cancellation. Revoke the ones no longer used, or choose another `key-name`.',
      )
    }
    life.save()
    try {
      return await body(life)
    } finally {
      life.settle()
    }
  }

  /** A key of this life's name and project: a list holds one namespace. */
  sameKind(key: ApiKey): boolean {
    return key.name === this.name && (key.project_id ?? undefined) === this.target.projectId
  }

  /** Keys of the name that appeared during the run, that no list or answer told this step of: another job's, or lost. */
  strangers(keys: ApiKey[]): ApiKey[] {
    return keys.filter(
      (k) =>
        this.sameKind(k) &&
        !this.known.has(k.id) &&
        !this.pending.has(k.id) &&
        !this.storingIds.has(k.id) &&
        !this.revoked.has(k.id),
    )
  }

  /**
   * Creates the key, masks it at once, and saves it as pending. After a lost answer, it looks for that create's key
   * and creates once more (RETRY_POLICIES.recreate); it never sends a create again blindly.
   */
  async create(): Promise<CreatedApiKey> {
    let state: CreateState = { at: 'requesting', attempt: 1 }
    for (;;) {
      if (state.at === 'requesting') state = await this.request(state.attempt)
      else if (state.at === 'answer-lost') state = await this.afterLostAnswer(state)
      else if (state.at === 'arrived') return this.accept(state.created)
      else throw await this.failedToCreate(state)
    }
  }

  /** The key stays valid until the job ends: the post step revokes it. */
  keepForJob(id: number): void {
    this.jobKey = id
    this.save()
  }

  /** Secret writes of the key are about to leave: from now on a target may hold it, so it is never revoked blindly. */
  storing(id: number): void {
    this.pending.delete(id)
    this.storingIds.add(id)
    this.save()
  }

  /** No secret target took the key: until it is revoked, the post step would revoke it. */
  notStored(id: number): void {
    this.storingIds.delete(id)
    this.pending.add(id)
    this.save()
  }

  /** The key is stored, in an output, or named in the step's error: the post step leaves it alone. */
  handOut(id: number): void {
    this.pending.delete(id)
    this.storingIds.delete(id)
    this.known.add(id)
    this.save()
  }

  /** Revokes a new key not handed out. It counts as revoked only when an answer shows it; a 404 means it is gone. */
  async revokeNew(id: number): Promise<{ revoked: boolean; message: string }> {
    try {
      await revokeKeyIn(this.cleanupClient(), this.target.namespace, id)
    } catch (error) {
      if (!alreadyRevoked(error)) {
        return {
          revoked: false,
          message: `Revoking the new key ${id} failed too (${messageOf(error)}): the post step tries again, or revoke it by hand.`,
        }
      }
    }
    this.gone(id)
    return { revoked: true, message: `The new key ${id} was revoked.` }
  }

  /** Before `work` starts: once the runner cancelled the step, the new key is revoked and the step stops. */
  async stopIfCancelled(id: number, work: string): Promise<void> {
    try {
      this.time.checkpoint(work)
    } catch (error) {
      const undo = await this.revokeNew(id)
      throw new StepCancelled(`${messageOf(error)} ${undo.message}`)
    }
  }

  /** requesting → arrived, answer-lost (the create may have made a key) or failed (it certainly made none). */
  private async request(attempt: number): Promise<CreateState> {
    try {
      this.time.checkpoint(`create key ${quoted(this.name)}`)
    } catch (error) {
      return { at: 'failed', attempt, error }
    }
    const { namespace, projectId } = this.target
    try {
      return { at: 'arrived', created: await createKeyIn(this.ctx.client, namespace, this.name, projectId) }
    } catch (error) {
      if (error instanceof RequestError && error.mayHaveTakenEffect) return { at: 'answer-lost', attempt, error }
      return { at: 'failed', attempt, error }
    }
  }

  /** answer-lost → requesting once more, or failed. A look that cannot tell which key is the step's ends the step. */
  private async afterLostAnswer({ attempt, error }: Extract<CreateState, { at: 'answer-lost' }>): Promise<CreateState> {
    this.lostKeyMissing = true
    this.lostInFlight = error.kind === 'cancelled'
    if (this.lostInFlight) this.save()
    const lost = await this.findLostKey()
    if (lost.found !== 'none' && lost.found !== 'revoked')
      throw new ActionError(
        `${error.message} Creating key ${quoted(this.name)} may have succeeded without an answer. ${describeLostKey(lost, this.name)}${LOOKS_AGAIN}`,
      )
    const policy = RETRY_POLICIES.recreate
    const again = attempt < policy.attempts && policy.delay(error, attempt, Math.random) !== undefined
    // After the runner's signal or the step's timeout, do not create again: the look was the last work.
    const stopped = this.time.signal !== undefined || this.ctx.clock.now() >= this.ctx.client.deadline
    if (!again || stopped) return { at: 'failed', attempt, error }
    const look = lost.found === 'none' ? 'No key of that attempt is there yet.' : describeLostKey(lost, this.name)
    this.ctx.log.warning(
      `The answer to creating key ${quoted(this.name)} was lost (${error.kind}). ${look} Creating it once more.`,
    )
    return { at: 'requesting', attempt: attempt + 1 }
  }

  /**
   * arrived → pending, or revoked at once: a key must come back new, scoped as asked, with a printable token as its
   * value. After an earlier lost answer, it looks once more for that create's key.
   */
  private async accept(created: CreatedApiKey): Promise<CreatedApiKey> {
    if (created.key) this.ctx.mask(created.key)
    if (this.existing.has(created.id)) {
      // Do not revoke by that id. If the platform made a key, the look finds it by its name.
      this.lostKeyMissing = true
      const untrue = new ActionError(
        `The platform answered the create with key ${created.id}, which was there before this step: not this step's key.`,
      )
      throw await this.failedToCreate({ at: 'failed', attempt: 2, error: untrue })
    }
    this.pending.add(created.id)
    this.save()
    if (!isPrintableToken(created.key, MAX_KEY_VALUE_LENGTH)) {
      throw await this.revokeAtOnce(
        created.id,
        `The platform answered key ${created.id} with a value that is not a printable token.`,
      )
    }
    const { namespace, projectId } = this.target
    if (projectId !== undefined && created.project_id !== projectId) {
      // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent, as every project key is an org key
      const orgId = namespace.kind === 'organization' ? namespace.orgId : ''
      const answered =
        created.project_id === undefined
          ? `with no project, so it would reach every project of organization ${untrusted(orgId)}`
          : `scoped to project ${quoted(created.project_id, 80)}`
      throw await this.revokeAtOnce(
        created.id,
        `The platform was asked for a key scoped to project ${untrusted(projectId)} and answered key ${created.id} ${answered}.`,
      )
    }
    if (this.lostKeyMissing) await this.lookForLateKey(created.id)
    return created
  }

  /** A key arrived after an earlier lost answer, whose key was not found: the platform may make that key late. */
  private async lookForLateKey(createdId: number): Promise<void> {
    const lost = await this.findLostKey()
    if (lost.found === 'none') {
      this.ctx.log.info(
        `No other new key named ${quoted(this.name)} is there; the post step looks once more when the job ends.`,
      )
    } else if (lost.found === 'revoked') {
      this.ctx.log.info(`Key ${createdId} was created. ${describeLostKey(lost, this.name)}`)
    } else {
      this.ctx.log.warning(`Key ${createdId} was created. ${describeLostKey(lost, this.name)}${LOOKS_AGAIN}`)
    }
  }

  /**
   * failed: the step's error. A first create that certainly made no key needs no look. After a lost answer, a new
   * list shows whether a key of this step is left, and the error says so.
   */
  private async failedToCreate({ attempt, error }: Extract<CreateState, { at: 'failed' }>): Promise<unknown> {
    const lost = error instanceof RequestError && error.mayHaveTakenEffect
    if (attempt === 1 && !lost) return error
    const revoked = this.lostKeysRevoked.length
      ? ` Revoked ${describeIds(this.lostKeysRevoked)}, made by the attempts whose answers were lost.`
      : ''
    const found = await this.findLostKey()
    const late = !this.lostKeyMissing
      ? ''
      : this.lostInFlight
        ? ' (the platform may still carry out the create that the cancel cut off, so the post step looks for its key for ' +
          `${formatDuration(LATE_KEY_WATCH_MS)} and revokes it)`
        : ' (if the platform carries out a lost attempt late, the post step revokes its key)'
    const left =
      found.found === 'none'
        ? `No new key named ${quoted(this.name)} is left valid: a list taken after the clean-up shows none${late}.`
        : `${describeLostKey(found, this.name)}${this.lostKeyMissing ? LOOKS_AGAIN : ''}`
    const message = `${messageOf(error)}${revoked} ${left}`
    const cancelled = error instanceof StepCancelled || (error instanceof RequestError && error.kind === 'cancelled')
    return cancelled ? new StepCancelled(message) : new ActionError(message)
  }

  /** Revokes a new key that must not stay valid a moment longer, and returns the step's error. */
  private async revokeAtOnce(id: number, reason: string): Promise<ActionError> {
    const undo = await this.revokeNew(id)
    if (!undo.revoked) return new ActionError(`${reason} ${undo.message}`)
    const left = this.lostKeyMissing
      ? 'an earlier attempt lost its answer, and the post step looks for the key it may have made'
      : 'no new key is left valid'
    return new ActionError(
      `${reason} That key was revoked at once, and ${left}. Run the step again, or report it with the key id.`,
    )
  }

  /**
   * Lists the keys. While a lost create's key is missing, one stranger never used is that key, and is revoked. Once it
   * was found, every stranger is another job's.
   */
  private async findLostKey(): Promise<LostKey> {
    const client = this.cleanupClient()
    let keys: ApiKey[]
    try {
      keys = await listKeysMerged(client, this.target.namespace)
    } catch (error) {
      return { found: 'list-failed', error, known: [...this.known] }
    }
    const strangers = this.strangers(keys)
    if (!this.lostKeyMissing) return strangers.length > 0 ? { found: 'ambiguous', keys: strangers } : { found: 'none' }
    const lost = await revokeLostKey(strangers, (id) => revokeKeyIn(client, this.target.namespace, id))
    if (lost.found === 'revoked') {
      this.lostKeyMissing = false
      this.lostKeysRevoked.push(lost.id)
      this.gone(lost.id)
    }
    return lost
  }

  /** A clean-up may run past the step's timeout; a cancel cuts it down to the runner's grace. */
  private cleanupClient(): PlatformClient {
    return this.ctx.client.withDeadline(() => this.time.cleanupDeadline())
  }

  private gone(id: number): void {
    this.pending.delete(id)
    this.storingIds.delete(id)
    this.revoked.add(id)
    if (this.jobKey === id) this.jobKey = undefined
    this.save()
  }

  /** Settles once: with nothing missing, pending or storing, only the job key (if any) is left for the post step. */
  private settle(): void {
    const open = this.lostKeyMissing || this.pending.size > 0 || this.storingIds.size > 0
    if (!open && this.jobKey === undefined) this.write('')
    else this.save(!open)
  }

  private save(finished = false): void {
    const saved: SavedLife = { name: this.name, known: [...this.known], pending: [...this.pending] }
    if (this.target.namespace.kind === 'organization') saved.org = this.target.namespace.orgId
    // Stryker disable next-line ConditionalExpression: equivalent: JSON.stringify leaves out a field set to undefined
    if (this.target.projectId !== undefined) saved.project = this.target.projectId
    if (this.storingIds.size > 0) saved.storing = [...this.storingIds]
    if (this.jobKey !== undefined) saved.jobKey = this.jobKey
    if (finished) saved.finished = true
    if (this.lostKeyMissing && this.lostInFlight) saved.inFlight = true
    this.write(JSON.stringify(saved))
  }

  private write(value: string): void {
    if (value === this.lastSaved) return
    this.lastSaved = value
    this.ctx.saveState(SAVED_LIFE, value)
  }
}

const LOOKS_AGAIN = ' The post step looks again when the job ends.'

/** The rule every look follows: one stranger, never used, is the lost create's key, since nobody else has its value. */
async function revokeLostKey(strangers: ApiKey[], revoke: (id: number) => Promise<unknown>): Promise<LostKey> {
  if (strangers.length === 0) return { found: 'none' }
  const [only] = strangers
  if (strangers.length > 1 || lastUseOf(only!) !== null) return { found: 'ambiguous', keys: strangers }
  try {
    await revoke(only!.id)
  } catch (error) {
    if (!alreadyRevoked(error)) return { found: 'revoke-failed', id: only!.id, error }
  }
  return { found: 'revoked', id: only!.id }
}

/** What a look for a lost create's key found, for the log. */
function describeLostKey(lost: LostKey, keyName: string): string {
  const name = quoted(keyName)
  switch (lost.found) {
    case 'none':
      return `No key named ${name} that this run cannot account for is valid.`
    case 'revoked':
      return `Revoked key ${lost.id} named ${name}: a create whose answer was lost made it, and nobody can read its value.`
    case 'ambiguous':
      return (
        `Keys named ${name} that this run cannot account for are valid: ${describeKeys(lost.keys)}. None was revoked: ` +
        "this step cannot tell them from another job's. Revoke the ones you do not expect (revoke-key with `key-id`), " +
        'and give each job its own `key-name`.'
      )
    case 'list-failed': {
      const others = lost.known.length > 0 ? ` other than ${describeIds(lost.known)}` : ''
      return (
        `Listing the keys to look for a key named ${name} that a lost create may have made failed: ${messageOf(lost.error)} ` +
        `Run list-keys, and revoke a key named ${name}${others} that you do not expect.`
      )
    }
    case 'revoke-failed':
      return (
        `A lost create made key ${lost.id} named ${name}, which is valid, and nobody can read its value. ` +
        `Revoking it failed: ${messageOf(lost.error)}`
      )
  }
}

/** "personal", "organization org-x" or "project p-1", for logs and summaries. */
export function describeScope(target: KeyTarget): string {
  if (target.projectId !== undefined) return `project ${untrusted(target.projectId)}`
  return target.namespace.kind === 'organization' ? `organization ${untrusted(target.namespace.orgId)}` : 'personal'
}

export function adviseScope(ctx: CommandContext, target: KeyTarget, id: number): void {
  if (target.namespace.kind !== 'personal') return
  ctx.notice(
    `API key ${id} is a personal key: it reaches every project of every organization its user belongs to. ` +
      'A job that works on one project is safer with a project-scoped key, ' +
      "which an organization admin's personal key makes: set `project-id` (and `org-id` if you know it).",
  )
}

/**
 * The post step's part of a key's life: it finishes what the main step saved. It revokes the pending keys and the
 * job key, names the keys a secret may hold, and, unless the main step finished, looks for the key of a lost create
 * by the same rule as the main step. Every problem goes into one error at the end, so each key is still tried.
 */
export async function cleanUpAfterJob(client: PlatformClient, log: Logger, saved: SavedLife): Promise<void> {
  const namespace = saved.org ? organizationKeys(saved.org) : PERSONAL_KEYS
  const name = quoted(saved.name)
  const problems: string[] = []
  const revoke = async (id: number, jobKey: boolean) => {
    const key = jobKey ? `the job-scoped API key ${id}` : `API key ${id} named ${name}`
    try {
      await revokeKeyIn(client, namespace, id)
      log.info(jobKey ? `Revoked ${key}.` : `Revoked ${key}: the main step made it and never handed it out.`)
    } catch (error) {
      if (alreadyRevoked(error))
        log.info(
          jobKey
            ? `The job-scoped API key ${id} was already revoked.`
            : `API key ${id} named ${name} was already revoked.`,
        )
      else problems.push(`Revoking ${key} failed: ${messageOf(error)} Revoke it by hand (revoke-key with \`key-id\`).`)
    }
  }
  for (const id of saved.pending) if (id !== saved.jobKey) await revoke(id, false)
  if (saved.jobKey !== undefined) await revoke(saved.jobKey, true)
  if (!saved.finished) await lookForLeftKeys(client, log, saved, namespace, problems)
  if (problems.length > 0) throw new ActionError(untrusted(problems.join(' '), Number.POSITIVE_INFINITY))
}

/** Names the keys a secret write may hold, and revokes the key of a lost create as the main step would. */
async function lookForLeftKeys(
  client: PlatformClient,
  log: Logger,
  saved: SavedLife,
  namespace: KeyNamespace,
  problems: string[],
): Promise<void> {
  const name = quoted(saved.name)
  const accounted = new Set([...saved.known, ...saved.pending, ...(saved.storing ?? [])])
  if (saved.jobKey !== undefined) accounted.add(saved.jobKey)
  const unaccounted = (key: ApiKey) =>
    key.name === saved.name && (key.project_id ?? undefined) === saved.project && !accounted.has(key.id)
  // After a create the cancel cut off, the look may run LATE_KEY_WATCH_MS past the step's timeout.
  const lister = saved.inFlight ? client.withDeadline(client.deadline + LATE_KEY_WATCH_MS) : client
  const nameStoring = (ids: number[]) => {
    if (ids.length === 0) return
    problems.push(
      `The main step stopped while it wrote ${describeIds(ids)} named ${name} to a secret, ` +
        'before it knew whether the write landed, so that key may still be valid, and a secret may hold it. ' +
        'The post step left it valid, so that no secret holds a revoked key. Run rotate-key again: it stores a newer key ' +
        'and revokes this one. Or revoke it by hand (revoke-key with `key-id`) once no secret holds it.',
    )
  }
  let listed: ApiKey[]
  try {
    listed = saved.inFlight
      ? await watchForLateKey(lister, log, saved.name, namespace, (keys) => keys.some(unaccounted))
      : await listKeysMerged(lister, namespace)
  } catch (error) {
    // Without a list, name every key a secret may hold: a vague "revoke what you do not expect" could take it.
    nameStoring(saved.storing ?? [])
    problems.push(
      `The post step could not look for a key named ${name} that the main step may have left valid: ${messageOf(error)} ` +
        'Run list-keys and revoke a key of that name you do not expect.',
    )
    return
  }
  nameStoring(listed.filter((k) => saved.storing?.includes(k.id)).map((k) => k.id))
  const lost = await revokeLostKey(listed.filter(unaccounted), (id) => revokeKeyIn(lister, namespace, id))
  if (lost.found === 'revoked') log.info(describeLostKey(lost, saved.name))
  else if (lost.found !== 'none') problems.push(describeLostKey(lost, saved.name))
  else if (problems.length === 0 && saved.inFlight) {
    const watched = formatDuration(LATE_KEY_WATCH_MS)
    log.info(`No key named ${name} appeared in ${watched}, so the create that the cancel cut off made no key.`)
  } else if (problems.length === 0) {
    log.info(`No other key named ${name} from the main step is valid: the list taken now shows none.`)
  }
}

/**
 * The runner cancelled the main step while a create was in flight, and the platform may still carry it out. Lists
 * the keys every LATE_KEY_LOOK_EVERY_MS until a key appears that the main step cannot account for, or until
 * LATE_KEY_WATCH_MS (and the client's deadline) runs out. Returns the last list.
 */
async function watchForLateKey(
  client: PlatformClient,
  log: Logger,
  keyName: string,
  namespace: KeyNamespace,
  appeared: (keys: ApiKey[]) => boolean,
): Promise<ApiKey[]> {
  const { clock } = client
  const until = Math.min(clock.now() + LATE_KEY_WATCH_MS, client.deadline)
  log.info(
    `A create of key ${quoted(keyName)} was in flight when the runner cancelled the main step: ` +
      `looking for that key for up to ${formatDuration(LATE_KEY_WATCH_MS)}.`,
  )
  for (;;) {
    const listed = await listKeysMerged(client, namespace)
    if (appeared(listed) || clock.now() + LATE_KEY_LOOK_EVERY_MS > until) return listed
    await clock.sleep(LATE_KEY_LOOK_EVERY_MS)
  }
}

/** Ids named in one message; the rest are counted. */
const MAX_NAMED_IDS = 10

/** "keys 1, 2 and 3 more": ids for a message. */
export function describeIds(ids: number[]): string {
  if (ids.length === 0) return 'none'
  const shown = ids.slice(0, MAX_NAMED_IDS)
  const more = ids.length > MAX_NAMED_IDS ? ` and ${ids.length - MAX_NAMED_IDS} more` : ''
  return `${shown.length === 1 ? 'key' : 'keys'} ${untrusted(shown.join(', '), Number.POSITIVE_INFINITY)}${more}`
}

/** "100, 101 (in use)": keys for a message, those in use marked. */
export function describeKeys(keys: ApiKey[]): string {
  const shown = keys.slice(0, MAX_NAMED_IDS).map((k) => `${k.id}${lastUseOf(k) !== null ? ' (in use)' : ''}`)
  const more = keys.length > MAX_NAMED_IDS ? ` and ${keys.length - MAX_NAMED_IDS} more` : ''
  return `${untrusted(shown.join(', '), Number.POSITIVE_INFINITY)}${more}`
}
