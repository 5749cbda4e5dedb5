import { PLATFORM_REFUSALS, type PlatformClient } from '../api/client.ts'
import type { RequestError } from '../http/errors.ts'
import { getProject } from '../api/endpoints.ts'
import { RETRY_POLICIES, retrying } from '../http/retry.ts'
import type { ApiKey, CreatedApiKey } from '../api/types.ts'
import { ActionError, StepCancelled, messageOf } from '../base/errors.ts'
import { expiresAtOutput, expiryOf } from '../keys/expiry.ts'
import { organizationOutput, type KeyScopeInputs } from '../api/organization.ts'
import type { GitHubEnvironment, SecretStores, StoreOutcome } from '../github/secret-stores.ts'
import { targetText, type SecretStorage } from '../github/targets.ts'
import { lastTouched, listKeysMerged, readTime } from '../keys/usage.ts'
import { heading, paragraph, table, type Cell } from '../runner/summary.ts'
import { quoted, untrusted } from '../base/text.ts'
import { formatDuration, type StepTime } from '../base/clock.ts'
import type { CommandContext, CommandResult } from '../runner/context.ts'
import { KeyLife, adviseScope, describeIds, describeScope, keyTargetFor, type KeyTarget } from '../keys/life.ts'
import { revokeKeyIds } from '../keys/revocation.ts'

export interface RotateKeySettings extends KeyScopeInputs {
  /** Given, or the default unique to the set of targets and the secret (keys/rotation-name.ts). */
  keyName: string
  keyId?: number
  /** Where to store the new key before any old key is revoked: one name, one or more targets. */
  secrets?: SecretStorage
  /** GITHUB_API_URL, checked, when `secrets` is set. Undefined means GitHub's own. */
  githubApiUrl?: string
  /** How many of the replaced keys stay valid, newest first. */
  keepPrevious: number
}

/**
 * Rotation never locks the user out: every target is prepared before a key is made, and the keys it replaced (of
 * the first list, and `key-id`) are revoked only once every target holds the new key. A new key of that name that
 * appears meanwhile is another rotation's: then no old key is revoked. docs/rotation.md has every case.
 */
export async function runRotateKey(ctx: CommandContext, options: RotateKeySettings): Promise<CommandResult> {
  const target = await keyTargetFor(ctx, options)
  const stores = options.secrets && (await prepareStores(ctx, options.secrets, { apiUrl: options.githubApiUrl }))
  if (stores && stores.problems.length > 0) return notPrepared(options, stores, target)
  return KeyLife.run(ctx, options.keyName, target, (life) => new Rotation(ctx, options, life, stores).run())
}

/**
 * Reads what each target needs before anything is written. The secret stores and the sealed box are a chunk of the
 * bundle of their own, loaded only here.
 */
async function prepareStores(
  ctx: CommandContext,
  secrets: SecretStorage,
  github: GitHubEnvironment,
): Promise<SecretStores> {
  const { SecretStores } = await import('../github/secret-stores.ts')
  const stores = await SecretStores.prepare(secrets, github, ctx.time, ctx.client.connections)
  for (const note of stores.accessNotes()) ctx.log.info(note.message)
  return stores
}

/** One rotation: created, proven, stored, then the replaced keys revoked. A failure before the store revokes the new key.
 */
class Rotation {
  private readonly ctx: CommandContext
  private readonly options: RotateKeySettings
  private readonly life: KeyLife
  private readonly stores: SecretStores | undefined
  private readonly time: StepTime

  constructor(ctx: CommandContext, options: RotateKeySettings, life: KeyLife, stores: SecretStores | undefined) {
    this.ctx = ctx
    this.options = options
    this.life = life
    this.stores = stores
    this.time = ctx.time
  }

  async run(): Promise<CommandResult> {
    const { ctx, life } = this
    const created = await life.create()
    ctx.log.info(`Created API key ${created.id} named ${quoted(life.name)} (${describeScope(life.target)}).`)
    adviseScope(ctx, life.target, created.id)
    // The new key proves that it works. It also lists and revokes the old keys, so they go even if the step's own
    // key is one of them. A project-scoped key may not manage keys, so then the step's key does that.
    const newClient = ctx.client.withApiKey(created.key, PLATFORM_REFUSALS[401].newKey(created.id))
    const lister = life.target.projectId === undefined ? newClient : ctx.client
    let latest = await this.prove(created, newClient, lister)
    let outcomes: StoreOutcome[] = []
    let stored = ''
    if (this.stores && this.options.secrets) {
      outcomes = await this.store(created, this.stores)
      if (outcomes.some((o) => o.status !== 'stored')) return this.notStoredEverywhere(created, outcomes)
      life.handOut(created.id)
      const many = outcomes.length > 1 ? ` in all ${outcomes.length} targets` : ''
      stored = `Stored the new key in secret ${untrusted(this.options.secrets.name)}${many}`
      try {
        // Storing took a while, and another rotation may have begun: list again.
        latest = await listKeysMerged(lister, life.target.namespace)
      } catch (error) {
        const reason = `${untrusted(stored, 400)}, but listing the keys again failed, so no old key was revoked: ${messageOf(error)}`
        return this.rotated(created, NOTHING_REVOKED, outcomes, reason)
      }
    }
    return this.revokeReplaced(created, latest, lister, outcomes, stored)
  }

  /**
   * created → proven: the new key reads with itself, and no other new key of that name appeared. Any failure, or a
   * cancel, revokes the new key. Returns the keys the proof listed.
   */
  private async prove(created: CreatedApiKey, newClient: PlatformClient, lister: PlatformClient): Promise<ApiKey[]> {
    try {
      this.time.checkpoint('prove the new key')
      const proof = await proveKey(this.ctx, newClient, lister, this.life.target)
      this.ctx.log.info(`The new key works: ${proof.message}.`)
      const appeared = this.life.strangers(proof.keys)
      if (appeared.length > 0)
        throw new ActionError(describeConcurrentRun(this.life.name, appeared, 'when the new key proved itself'))
      this.time.checkpoint(this.stores ? 'store the new key' : 'revoke the old keys')
      return proof.keys
    } catch (error) {
      const undo = await this.life.revokeNew(created.id)
      const message = `Rotation stopped: ${messageOf(error)} ${undo.message} No old key was revoked.`
      throw error instanceof StepCancelled ? new StepCancelled(message) : new ActionError(message, { cause: error })
    }
  }

  /** proven → storing: from the first write on, a target may hold the key, so the post step never revokes it. */
  private store(created: CreatedApiKey, stores: SecretStores): Promise<StoreOutcome[]> {
    const { ctx, time } = this
    this.life.storing(created.id)
    return stores.storeEverywhere(
      created.key,
      time,
      (message) => ctx.log.warning(message),
      (outcome) => ctx.log.info(outcome.message),
    )
  }

  /**
   * Some targets did not take the new key. If none may hold it, it is revoked. If some may, it stays valid, and so do
   * the old keys the other targets hold. No old key is revoked; a second run converges.
   */
  private async notStoredEverywhere(created: CreatedApiKey, outcomes: StoreOutcome[]): Promise<CommandResult> {
    const { life, options } = this
    const outputs = {
      'revoked-key-ids': '[]',
      'secret-results': secretResults(outcomes),
      ...organizationOutput(life.target.namespace),
    }
    const tables =
      table(['', 'id', 'name'], [['new', { code: String(created.id) }, options.keyName]]) + targetsTable(outcomes)
    if (outcomes.some((o) => o.status === 'stored' || o.status === 'uncertain')) {
      // Some targets may hold it, and the step's error names it: it is handed out.
      life.handOut(created.id)
      return storedInSome(created.id, outcomes, outputs, tables)
    }
    life.notStored(created.id)
    const undo = await life.revokeNew(created.id)
    return {
      outputs,
      summary:
        heading('API key not rotated') +
        tables +
        paragraph(
          `No target took the new key, so it ${undo.revoked ? 'was revoked' : 'could not be revoked'}; no old key was revoked.`,
        ),
      failure: `Rotation stopped: ${describeTargetProblems(outcomes)} ${undo.message} No old key was revoked.`,
      next: NEXT_AFTER_TARGETS,
    }
  }

  /**
   * handed out → replaced keys revoked. Revokes what `chooseReplaced` picks, unless a new key of that name appeared
   * meanwhile (another rotation is running: then none).
   */
  private async revokeReplaced(
    created: CreatedApiKey,
    latest: ApiKey[],
    lister: PlatformClient,
    outcomes: StoreOutcome[],
    stored: string,
  ): Promise<CommandResult> {
    const { ctx, life, options } = this
    const appeared = life.strangers(latest)
    if (appeared.length > 0) {
      const reason = describeConcurrentRun(options.keyName, appeared, 'after storing the new key')
      return this.rotated(created, NOTHING_REVOKED, outcomes, reason)
    }
    const { doomed, kept, names } = chooseReplaced(
      options,
      created.id,
      life.listed,
      latest.filter((k) => life.sameKind(k)),
    )
    const unlisted = doomed.filter((id) => !names.has(id))
    const { revoked, alreadyRevoked, failure, failedRequest } = await revokeKeyIds(
      { ...ctx, client: lister },
      doomed,
      life.target.namespace,
      unlisted,
    )
    for (const id of kept)
      ctx.log.info(`Kept API key ${id} valid until the next rotation (keep-previous: ${options.keepPrevious}).`)
    if (doomed.length === 0 && kept.length === 0) ctx.log.info('No old key to revoke.')
    const named = (ids: number[]) => ids.map((id) => ({ id, name: names.get(id) ?? '' }))
    const replacedKeys = { revoked: named(revoked), kept: named(kept), alreadyRevoked: named(alreadyRevoked) }
    const reason =
      failure &&
      `The new key ${created.id} is valid${stored ? ' and stored' : ''}, but revoking the old keys failed: ${failure}`
    return this.rotated(created, replacedKeys, outcomes, reason, failedRequest)
  }

  /** The result hands the new key out: main.ts writes the `key` output next. */
  private rotated(
    created: CreatedApiKey,
    { revoked, kept, alreadyRevoked }: ReplacedKeys,
    outcomes: readonly StoreOutcome[],
    failure: string | undefined,
    failedRequest?: RequestError,
  ): CommandResult {
    const { life, options } = this
    life.handOut(created.id)
    const secrets = options.secrets
    const only = secrets?.targets.length === 1 ? secrets.targets[0] : undefined
    const place = only ? ` of ${targetText(only)}` : ` in all ${outcomes.length} targets`
    return {
      outputs: {
        key: created.key,
        'key-id': String(created.id),
        ...expiresAtOutput(expiryOf(options.keyName)),
        'revoked-key-ids': JSON.stringify(revoked.map((k) => k.id)),
        ...(secrets ? { 'secret-results': secretResults(outcomes) } : {}),
        ...organizationOutput(life.target.namespace),
      },
      summary:
        // A new key stored while old keys stay valid is no success: the heading says what is left.
        heading(failure ? 'Old API keys not revoked' : 'API key rotated') +
        table(
          ['', 'id', 'name'],
          [
            ['new', { code: String(created.id) }, options.keyName],
            ...kept.map((k) => [`kept (keep-previous: ${options.keepPrevious})`, { code: String(k.id) }, k.name]),
            ...revoked.map((k) => ['revoked', { code: String(k.id) }, k.name]),
            ...alreadyRevoked.map((k) => ['revoked by someone else meanwhile', { code: String(k.id) }, k.name]),
          ],
        ) +
        (secrets
          ? (only ? '' : targetsTable(outcomes)) + paragraph(`The new key is stored in secret ${secrets.name}${place}.`)
          : paragraph(
              'The new key is in the step output ',
              { code: 'key' },
              ', masked in logs; no secret was written.',
            )),
      failure,
      failedRequest,
    }
  }
}

/**
 * Which keys the rotation revokes (`doomed`, in the order to revoke them) and keeps: the keys of the first list that
 * the latest list still shows, less the newest `keepPrevious`, and the `key-id` it was given. `names`: each key's
 * name as the platform listed it.
 */
function chooseReplaced(
  options: Pick<RotateKeySettings, 'keyId' | 'keepPrevious'>,
  createdId: number,
  snapshot: ApiKey[],
  latest: ApiKey[],
): { doomed: number[]; kept: number[]; names: Map<number, string> } {
  const inSnapshot = new Set(snapshot.map((k) => k.id))
  const replaced = latest.filter((k) => inSnapshot.has(k.id))
  // `key-id` is revoked as asked, whatever keep-previous keeps.
  const kept = newestKeys(replaced, options.keepPrevious).filter((id) => id !== options.keyId)
  const doomed = replaced.filter((k) => !kept.includes(k.id)).map((k) => k.id)
  if (options.keyId !== undefined && options.keyId !== createdId && !doomed.includes(options.keyId))
    doomed.push(options.keyId)
  // Least recently used first, and ids that no list showed before all. The step's own key is in use now, so it
  // goes last: a step cancelled part way then leaves the post step its key.
  const touched = new Map(latest.map((k) => [k.id, lastTouched(k)]))
  doomed.sort((a, b) => (touched.get(a) ?? -Infinity) - (touched.get(b) ?? -Infinity) || a - b)
  // Names as the platform listed them: `key-id` may name a key of another name, or one no list showed.
  const names = new Map([...snapshot, ...latest].map((k) => [k.id, k.name]))
  return { doomed, kept, names }
}

/** A failure names at most this many targets. The summary and `secret-results` have them all. */
const MAX_TARGETS_NAMED = 5

function describeTargetProblems(outcomes: readonly StoreOutcome[]): string {
  const problems = outcomes.filter((o) => o.status !== 'stored')
  const more = problems.length - MAX_TARGETS_NAMED
  const rest = more > 0 ? ` And ${more} more target(s): see the job summary and the \`secret-results\` output.` : ''
  return `${problems
    .slice(0, MAX_TARGETS_NAMED)
    .map((o) => o.message)
    .join(' ')}${rest}`
}

/** A target could not be prepared: no key was made, nothing was written. */
function notPrepared(options: RotateKeySettings, stores: SecretStores, target: KeyTarget): CommandResult {
  const failed = new Set(stores.problems.map((o) => o.target))
  const outcomes: StoreOutcome[] = (options.secrets?.targets ?? []).map(
    (t) =>
      stores.problems.find((o) => o.target === t) ?? {
        target: t,
        status: 'skipped',
        message: `Skipped ${untrusted(targetText(t))}: another target could not be prepared.`,
      },
  )
  const count = failed.size
  return {
    outputs: {
      'revoked-key-ids': '[]',
      'secret-results': secretResults(outcomes),
      ...organizationOutput(target.namespace),
    },
    summary:
      heading('API key not rotated') +
      targetsTable(outcomes) +
      paragraph(
        `${count} of ${outcomes.length} secret target(s) could not be prepared, so no key was created and none was revoked.`,
      ),
    failure:
      `Rotation stopped before creating a key: ${describeTargetProblems(stores.problems)} ` +
      'No key was created and none was revoked; fix what failed and run rotate-key again.',
    next: NEXT_AFTER_TARGETS,
  }
}

/** The result when some targets hold the new key (or may) and others do not: nothing is revoked. */
function storedInSome(
  id: number,
  outcomes: StoreOutcome[],
  outputs: Record<string, string>,
  tables: string,
): CommandResult {
  const stored = outcomes.filter((o) => o.status === 'stored').length
  const uncertain = outcomes.filter((o) => o.status === 'uncertain').length
  const problems = describeTargetProblems(outcomes)
  const failure =
    outcomes.length === 1
      ? `Rotation stopped: ${problems} Nothing was revoked: the new key ${id} stays valid, as do the old keys. ` +
        `Run rotate-key again once GitHub answers (it replaces both), or revoke key ${id} once you know the secret does not hold it.`
      : `Rotation stopped: the new key ${id} is stored in ${stored} of ${outcomes.length} targets` +
        `${uncertain ? ` and may be in ${uncertain} more (GitHub did not answer)` : ''}. ${problems} ` +
        `Nothing was revoked: the new key ${id} stays valid, as do the old keys, so every target still holds a valid key. ` +
        'Fix what failed and run rotate-key again: it stores a newer key in every target, then revokes the keys it replaced.'
  return {
    outputs: { 'key-id': String(id), ...outputs },
    summary:
      heading('API key not rotated everywhere') +
      tables +
      paragraph(
        `The new key is in ${stored} of ${outcomes.length} target(s)${uncertain ? ` and may be in ${uncertain} more` : ''}: ` +
          'it stays valid, and so do the keys it was to replace. Run rotate-key again once the failures are fixed.',
      ),
    failure,
    next: NEXT_AFTER_TARGETS,
  }
}

/** `secret-results`: each target, what became of it, and GitHub's status and request id when a request failed. */
function secretResults(outcomes: readonly StoreOutcome[]): string {
  return JSON.stringify(
    outcomes.map((o) => ({
      target: targetText(o.target),
      status: o.status,
      ...(o.httpStatus === undefined ? {} : { 'http-status': o.httpStatus }),
      ...(o.requestId === undefined ? {} : { 'request-id': o.requestId }),
    })),
  )
}

function targetsTable(outcomes: readonly StoreOutcome[]): string {
  return table(
    ['secret target', 'result', 'why', 'HTTP status', 'request id'],
    outcomes.map((o): Cell[] => [
      { code: targetText(o.target) },
      o.status === 'uncertain' ? 'may hold it (no answer)' : o.status,
      o.reason,
      o.httpStatus,
      o.requestId === undefined ? undefined : { code: o.requestId },
    ]),
  )
}

const NEXT_AFTER_TARGETS =
  'Fix what failed for each target in the table below (the token, its permissions, the name of the target), then run rotate-key again: ' +
  'it stores a newer key in every target before it revokes the keys it replaced.'

interface NamedKey {
  id: number
  name: string
}

/** What became of the replaced keys: revoked, kept by keep-previous, or revoked by someone else before their turn. */
interface ReplacedKeys {
  revoked: NamedKey[]
  kept: NamedKey[]
  alreadyRevoked: NamedKey[]
}

const NOTHING_REVOKED: ReplacedKeys = { revoked: [], kept: [], alreadyRevoked: [] }

function describeConcurrentRun(name: string, appeared: ApiKey[], where: string): string {
  return (
    `${describeIds(appeared.map((k) => k.id))} named ${quoted(name)} appeared during this run, ` +
    `after its list from before the create (seen ${where}). ` +
    'So another rotation of the same keys is running at the same time, and this run revoked no old key. ' +
    'Give the workflow a `concurrency:` group (with cancel-in-progress: false), so rotations never overlap. ' +
    'The next rotation revokes what is left.'
  )
}

/**
 * The ids of the `count` newest keys by `created_at`. When in doubt, a key stays valid: a key whose date cannot be
 * read counts as newest, and keys tied with the last one kept are kept too.
 */
export function newestKeys(keys: ApiKey[], count: number): number[] {
  if (count <= 0) return []
  const time = (k: ApiKey) => {
    const parsed = readTime(k.created_at)
    return Number.isNaN(parsed) ? Number.POSITIVE_INFINITY : parsed
  }
  const ordered = [...keys].sort((a, b) => time(b) - time(a))
  // Stryker disable next-line EqualityOperator: a fast path, as the filter below gives the same ids in the same order
  if (ordered.length <= count) return ordered.map((k) => k.id)
  const boundary = time(ordered[count - 1]!)
  return ordered.filter((k, i) => i < count || time(k) === boundary).map((k) => k.id)
}

/**
 * Proves the new key with a read, and lists the keys with `lister`. A personal or organization key lists the keys
 * itself. A project-scoped key may not, so it reads its project, and the step's key lists the keys.
 */
async function proveKey(
  ctx: CommandContext,
  newClient: PlatformClient,
  lister: PlatformClient,
  target: KeyTarget,
): Promise<{ keys: ApiKey[]; message: string }> {
  const proof = <T>(read: () => Promise<T>): Promise<T> =>
    retrying(read, RETRY_POLICIES.keyProof, {
      clock: ctx.clock,
      deadline: newClient.deadline,
      interrupt: {
        signal: ctx.time.stopped,
        stop: (error, _n, delay) =>
          new StepCancelled(
            `The runner cancelled the step while the new key waited ${formatDuration(delay)} to prove itself again: ${messageOf(error)}`,
          ),
      },
    })
  const { projectId } = target
  if (projectId === undefined) {
    const keys = await proof(() => listKeysMerged(newClient, target.namespace))
    return { keys, message: `it listed ${keys.length} key(s)` }
  }
  await proof(() => getProject(newClient, projectId))
  return { keys: await listKeysMerged(lister, target.namespace), message: `it read project ${untrusted(projectId)}` }
}
