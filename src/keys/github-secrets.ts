/**
 * Stores a value as a GitHub secret in every target: repository, environment and organization
 * Actions secrets, repository and organization Dependabot secrets. Each store is prepared
 * before anything is written (its public key, the secret's `updated_at`, and for an
 * organization secret who may read it), then sealed and written in turn. Loaded with a dynamic
 * import only when rotate-key stores a secret, so no other command pays for it.
 */
import type { Dispatcher } from 'undici'
import { isRecord } from '../api/client.ts'
import { retrying } from '../api/retry.ts'
import { formatDuration, type Clock, type Deadline } from '../base/clock.ts'
import { ActionError, messageOf } from '../base/errors.ts'
import { untrusted } from '../base/text.ts'
import { DEFAULT_GITHUB_API_URL, GitHubClient, GitHubRequestError, type GitHubAnswer } from './github-client.ts'
import { sealedBox } from './sealed-box.ts'
import {
  VISIBILITIES,
  describeTarget,
  isOrganizationTarget,
  type RepositoryName,
  type SecretStorage,
  type SecretTarget,
  type Visibility,
} from './secret-targets.ts'

export interface GitHubEnvironment {
  /** From GITHUB_API_URL; https://api.github.com when unset. */
  apiUrl: string | undefined
}

export interface StoreTime {
  clock: Clock
  deadline: number
  /** Until when reading the secret's `updated_at` to settle an unanswered write may run: sooner once the runner cancelled. */
  settleDeadline: () => number
  /** True once the runner cancelled the step: no further attempt is started. */
  cancelled: () => boolean
  /** Aborts at the runner's cancel: a wait to write again ends at it, and the write is not sent again. */
  stopped?: AbortSignal
  /** Hears of each wait before a write is sent again (a line for the log). */
  onWait?: (message: string) => void
  /**
   * Hears whether some target may hold the value: true just before a write leaves, false again
   * when GitHub refused it and no other target may hold it. A key counts as handed out only while
   * this is true.
   */
  onHolding?: (holding: boolean) => void
  /** Ends a write in flight within the runner's grace once it cancels, so its outcome is still told. */
  cutOnCancel?: () => Deadline
}

/**
 * What became of one target. `stored`: it holds the value. `failed`: it certainly does not
 * (every write was refused, or none was sent). `uncertain`: a write went without an answer and
 * its `updated_at` has not shown it landing; GitHub may still carry it out, so the target may
 * hold the value. `skipped`: nothing was sent to it.
 */
export type StoreStatus = 'stored' | 'failed' | 'uncertain' | 'skipped'

export interface StoreOutcome {
  target: SecretTarget
  status: StoreStatus
  /** A sentence for the log: what was done, or why not. */
  message: string
  /** Why it did not take the value, for a table: the message without the target it names. */
  reason?: string
  /** GitHub's answer to the request that failed, if it answered. */
  httpStatus?: number
  requestId?: string
}

/** Sending the same sealed value again is harmless, so a request without an answer is repeated. */
const ATTEMPTS = 3
const BACKOFF_MS = 1000
/** GitHub asks for at least a minute after a secondary rate limit that names no Retry-After. */
const SECONDARY_RATE_LIMIT_WAIT_MS = 60_000
/** The selected repositories are read 100 a page, at most this many pages. */
const REPOSITORIES_PER_PAGE = 100
const MAX_REPOSITORY_PAGES = 100

/** When the secret was last written (GitHub's clock). */
interface SecretStamp {
  exists: boolean
  updatedAt?: string
  /** An organization secret's visibility. */
  visibility?: Visibility
}

/** A target ready to be written: its key, the secret as it was, and who may read it. */
interface PreparedStore {
  target: SecretTarget
  /** …/secrets/{name} */
  path: string
  keyId: string
  publicKey: Uint8Array
  /** Undefined: it could not be read (an unanswered write then cannot be settled). */
  before: SecretStamp | undefined
  /** Organization secrets: sent with every write. */
  access?: { visibility: Visibility; selected_repository_ids?: number[] }
}

/** A failure that ends one target's preparation or write. */
class TargetFailure extends ActionError {
  readonly request?: GitHubRequestError
  constructor(message: string, request?: GitHubRequestError) {
    super(message)
    this.request = request
  }
}

export class SecretStores {
  /** The targets ready to be written, in the order given. */
  readonly prepared: readonly PreparedStore[]
  /** What went wrong preparing the others: no value may be written until they are fixed. */
  readonly problems: readonly StoreOutcome[]
  private readonly client: GitHubClient
  private readonly storage: SecretStorage
  /** Whether a target written so far may hold the value. */
  private holding = false

  private constructor(client: GitHubClient, storage: SecretStorage, prepared: PreparedStore[], problems: StoreOutcome[]) {
    this.client = client
    this.storage = storage
    this.prepared = prepared
    this.problems = problems
  }

  /**
   * Prepares every target, one after the other (GitHub asks for one request at a time): its
   * public key, the secret's `updated_at` (read before any write, or a lost answer could not be
   * settled), and for an organization secret the visibility and repositories to send. Never
   * throws for a target: what failed is in `problems`. `connections`: the step's pool (the
   * platform client's), which GitHub's requests share.
   */
  static async prepare(
    storage: SecretStorage,
    github: GitHubEnvironment,
    time: Pick<StoreTime, 'clock' | 'deadline'>,
    connections: Dispatcher,
  ): Promise<SecretStores> {
    const client = new GitHubClient({
      apiUrl: github.apiUrl || DEFAULT_GITHUB_API_URL,
      token: storage.token,
      clock: time.clock,
      connections,
    })
    const prepared: PreparedStore[] = []
    const problems: StoreOutcome[] = []
    const repositoryIds = new Map<string, number>()
    for (const target of storage.targets) {
      try {
        prepared.push(await prepareStore(client, storage, target, repositoryIds, time))
      } catch (error) {
        problems.push(failed(target, storage.name, error))
      }
    }
    return new SecretStores(client, storage, prepared, problems)
  }

  /**
   * Writes the value to every prepared target in turn, and says what became of each. After a
   * target fails the others are still written, so one run names every target that needs
   * fixing; but after a rate limit, a cancel or the step's timeout, the rest are skipped.
   */
  async storeEverywhere(
    value: string,
    time: StoreTime,
    onOutcome: (outcome: StoreOutcome) => void = () => undefined,
  ): Promise<StoreOutcome[]> {
    const outcomes: StoreOutcome[] = []
    let reason: string | undefined
    this.holding = false
    for (const store of this.prepared) {
      if (reason === undefined && time.cancelled()) reason = 'the runner cancelled the step'
      if (reason === undefined && time.clock.now() >= time.deadline) reason = "the step's timeout ran out"
      let outcome: StoreOutcome
      if (reason !== undefined) {
        outcome = {
          target: store.target,
          status: 'skipped',
          message: `Skipped secret ${untrusted(this.storage.name)} in the ${describeTarget(store.target)}: ${reason}.`,
          reason: describeAsSentence(reason),
        }
      } else {
        const written = await this.write(store, value, time)
        outcome = written.outcome
        if (written.rateLimited) reason = "GitHub's rate limit refused an earlier write"
      }
      outcomes.push(outcome)
      if (outcome.status === 'stored' || outcome.status === 'uncertain') this.holding = true
      onOutcome(outcome)
    }
    return outcomes
  }

  /** A note for each organization target: who may read the secret once it is written, and why. */
  accessNotes(): { message: string }[] {
    return this.prepared.flatMap(({ target, access }) => {
      if (!access) return []
      const who =
        access.visibility === 'selected' ? `selected, ${access.selected_repository_ids?.length ?? 0} repositories` : access.visibility
      const why = this.storage.access ? 'as `secret-visibility` says' : 'as it is now'
      return [{ message: `Secret ${untrusted(this.storage.name)} of the ${describeTarget(target)}: visibility ${who} (${why}).` }]
    })
  }

  /**
   * Seals the value for the target's key and writes it. A write without an answer is sent
   * again (the same sealed value: harmless), but not one GitHub held past its own time limit:
   * GitHub may still be carrying that one out, and another would likely hang as long. Once one
   * may have landed, the outcome stays open whatever later attempts answer, unless the secret's
   * `updated_at`, read before and after, shows it landed.
   */
  private async write(store: PreparedStore, value: string, time: StoreTime): Promise<{ outcome: StoreOutcome; rateLimited: boolean }> {
    const { target } = store
    const name = this.storage.name
    const body: Record<string, unknown> = {
      encrypted_value: Buffer.from(sealedBox(Buffer.from(value, 'utf8'), store.publicKey)).toString('base64'),
      key_id: store.keyId,
      ...store.access,
    }
    let mayHaveApplied = false
    let lastError: unknown
    const cut = time.cutOnCancel?.()
    try {
      await retrying(
        async () => {
          try {
            await this.client.put(store.path, body, time.deadline, cut?.signal, () => time.onHolding?.(true))
          } catch (error) {
            // A 4xx answer means GitHub refused that attempt, and one that never left (refused at
            // connect, not built, no time left) cannot have landed; anything else leaves its
            // outcome open (a 2xx whose body cannot be read was carried out).
            const request = error instanceof GitHubRequestError ? error : undefined
            const status = request?.status
            if ((request?.mayHaveReachedGitHub ?? true) && (status === undefined || status >= 500 || status < 300)) mayHaveApplied = true
            if (!mayHaveApplied && !this.holding) time.onHolding?.(false)
            throw error
          }
        },
        {
          clock: time.clock,
          deadline: time.deadline,
          maxAttempts: ATTEMPTS,
          delayAfter: (error, attempt) =>
            time.cancelled() || (error instanceof GitHubRequestError && error.timedOut) ? undefined : retryDelay(error, attempt),
          onRetry: (error, _n, delay) =>
            time.onWait?.(
              `Writing secret ${untrusted(name)} to the ${describeTarget(target)}: ${describeRetry(error, target)}; trying again in ${formatDuration(delay)}.`,
            ),
          ...(time.stopped
            ? {
                interrupt: {
                  signal: time.stopped,
                  stop: (error: unknown, _n: number, delay: number) =>
                    new TargetFailure(
                      `${describeRetry(error, target)}, and the runner cancelled the step while the write waited ${formatDuration(delay)} to be sent again.`,
                      error instanceof GitHubRequestError ? error : undefined,
                    ),
                },
              }
            : {}),
        },
      )
      return {
        outcome: { target, status: 'stored', message: `Stored the new key in secret ${untrusted(name)} of the ${describeTarget(target)}.` },
        rateLimited: false,
      }
    } catch (error) {
      lastError = cut?.signal.aborted
        ? new TargetFailure("the runner cancelled the step, and GitHub did not answer the write within the runner's grace.")
        : error
    } finally {
      cut?.clear()
    }
    const request = lastError instanceof GitHubRequestError ? lastError : undefined
    const rateLimited = request?.rateLimited ?? false
    if (!mayHaveApplied) return { outcome: failed(target, name, lastError), rateLimited }
    const after = store.before && (await readStamp(this.client, store.path, time.clock, time.settleDeadline, time.stopped))
    const before = store.before
    if (settle(before, after) === 'applied') {
      return {
        outcome: {
          target,
          status: 'stored',
          message:
            `Stored the new key in secret ${untrusted(name)} of the ${describeTarget(target)} (GitHub did not confirm the write, ` +
            `but the secret's updated_at moved from ${before?.exists ? untrusted(before.updatedAt ?? '') : 'nothing (new secret)'} to ${untrusted(after?.updatedAt ?? '')}).`,
        },
        rateLimited: false,
      }
    }
    return {
      outcome: {
        ...failed(
          target,
          name,
          lastError,
          ` The write may have gone through all the same: the secret's updated_at does not show it (${describeStamps(before, after)}), ` +
            'but GitHub may still carry it out.',
        ),
        status: 'uncertain',
      },
      rateLimited,
    }
  }
}

/** A target that certainly does not hold the value, and why. */
function failed(target: SecretTarget, name: string, error: unknown, hint = ''): StoreOutcome {
  const request = error instanceof TargetFailure ? error.request : error instanceof GitHubRequestError ? error : undefined
  const why = error instanceof TargetFailure ? error.message : request ? describeGitHubError(request, target) : messageOf(error)
  const reference = request?.requestId ? ` (GitHub request id ${untrusted(request.requestId)})` : ''
  const outcome: StoreOutcome = {
    target,
    status: 'failed',
    message: `Could not store secret ${untrusted(name)} in the ${describeTarget(target)}${reference}: ${why}${hint}`,
    reason: describeAsSentence(`${why}${hint}`),
  }
  if (request?.status !== undefined) outcome.httpStatus = request.status
  if (request?.requestId !== undefined) outcome.requestId = request.requestId
  return outcome
}

async function prepareStore(
  client: GitHubClient,
  storage: SecretStorage,
  target: SecretTarget,
  repositoryIds: Map<string, number>,
  time: Pick<StoreTime, 'clock' | 'deadline'>,
): Promise<PreparedStore> {
  const base = secretsPath(target)
  const path = `${base}/${encodeURIComponent(storage.name)}`
  const publicKey = readPublicKey((await reading(client, `${base}/public-key`, time.clock, time.deadline)).body)
  const before = await readStamp(client, path, time.clock, time.deadline)
  const store: PreparedStore = { target, path, keyId: publicKey.keyId, publicKey: publicKey.key, before }
  if (!isOrganizationTarget(target)) return store

  // Who may read it: as the inputs say, or as it is now.
  const given = storage.access
  if (given === undefined && before === undefined) {
    throw new TargetFailure(
      'reading the secret to keep its visibility failed, so the visibility to send is unknown. Run the rotation again.',
    )
  }
  const visibility = given?.visibility ?? before?.visibility
  if (visibility === undefined) {
    throw new TargetFailure(
      before?.exists
        ? 'GitHub did not say who may read it (no visibility). Set `secret-visibility`.'
        : 'the organization has no such secret yet. Set `secret-visibility` (all, private, or selected with `secret-repositories`) to say which repositories may read it.',
    )
  }
  if (visibility !== 'selected') return { ...store, access: { visibility } }
  const ids =
    given?.visibility === 'selected'
      ? await repositoryIdsOf(client, target.org, given.repositories, repositoryIds, time)
      : await selectedRepositoryIds(client, path, time)
  return { ...store, access: { visibility, selected_repository_ids: ids } }
}

/** Where a target's secrets are: …/secrets, below which are `public-key` and each secret. */
function secretsPath(target: SecretTarget): string {
  const repository = (t: { owner: string; repo: string }) => `/repos/${encodeURIComponent(t.owner)}/${encodeURIComponent(t.repo)}`
  switch (target.kind) {
    case 'repository':
      return `${repository(target)}/actions/secrets`
    case 'environment':
      return `${repository(target)}/environments/${encodeURIComponent(target.environment)}/secrets`
    case 'dependabot':
      return `${repository(target)}/dependabot/secrets`
    case 'organization':
      return `/orgs/${encodeURIComponent(target.org)}/actions/secrets`
    case 'dependabot-organization':
      return `/orgs/${encodeURIComponent(target.org)}/dependabot/secrets`
  }
}

/**
 * A GET, sent again after no answer, a 5xx or a rate limit, as a write would be. `deadline` a
 * function: it may come sooner (the runner's grace after a cancel, which ends a wait to read it again).
 */
function reading(
  client: GitHubClient,
  path: string,
  clock: Clock,
  deadline: number | (() => number),
  stopped?: AbortSignal,
): Promise<GitHubAnswer> {
  const by = typeof deadline === 'function' ? deadline : () => deadline
  return retrying(() => client.get(path, by()), {
    clock,
    deadline: by,
    maxAttempts: ATTEMPTS,
    delayAfter: retryDelay,
    ...(stopped ? { interrupt: { signal: stopped } } : {}),
  })
}

function readPublicKey(body: unknown): { keyId: string; key: Uint8Array } {
  const keyId = isRecord(body) ? body.key_id : undefined
  const key = isRecord(body) ? body.key : undefined
  if (typeof keyId !== 'string' || keyId === '' || typeof key !== 'string') {
    throw new TargetFailure('GitHub answered the public key without `key_id` and `key`.')
  }
  const bytes = Buffer.from(key, 'base64')
  if (bytes.length !== 32) throw new TargetFailure(`GitHub's public key is ${bytes.length} bytes long, not the 32 of an X25519 key.`)
  // A point of low order makes no shared secret: found now, before a key is made, not when the new key is sealed.
  try {
    sealedBox(new Uint8Array(0), bytes)
  } catch {
    throw new TargetFailure("GitHub's public key cannot seal a value (it is not a usable X25519 key).")
  }
  return { keyId, key: new Uint8Array(bytes) }
}

/** The secret's `updated_at` (and visibility), as GitHub answers; absent on 404; undefined when it cannot be read. */
async function readStamp(
  client: GitHubClient,
  path: string,
  clock: Clock,
  deadline: number | (() => number),
  stopped?: AbortSignal,
): Promise<SecretStamp | undefined> {
  let answer: GitHubAnswer
  try {
    answer = await reading(client, path, clock, deadline, stopped)
  } catch (error) {
    return error instanceof GitHubRequestError && error.status === 404 ? { exists: false } : undefined
  }
  const record = isRecord(answer.body) ? answer.body : {}
  const stamp: SecretStamp = { exists: true }
  if (typeof record.updated_at === 'string') stamp.updatedAt = record.updated_at
  if (VISIBILITIES.includes(record.visibility as Visibility)) stamp.visibility = record.visibility as Visibility
  return stamp
}

/** The ids of the repositories now selected for an organization secret, every page. */
async function selectedRepositoryIds(client: GitHubClient, path: string, time: Pick<StoreTime, 'clock' | 'deadline'>): Promise<number[]> {
  const ids: number[] = []
  for (let page = 1; page <= MAX_REPOSITORY_PAGES; page++) {
    const { body } = await reading(client, `${path}/repositories?per_page=${REPOSITORIES_PER_PAGE}&page=${page}`, time.clock, time.deadline)
    const total = isRecord(body) ? body.total_count : undefined
    const repositories = isRecord(body) ? body.repositories : undefined
    if (typeof total !== 'number' || !Array.isArray(repositories)) {
      throw new TargetFailure('GitHub answered the selected repositories without `total_count` and `repositories`.')
    }
    for (const repository of repositories) {
      const id = isRecord(repository) ? repository.id : undefined
      if (typeof id !== 'number' || !Number.isSafeInteger(id))
        throw new TargetFailure('GitHub answered a selected repository without an id.')
      ids.push(id)
    }
    if (repositories.length === 0 || ids.length >= total) return ids
  }
  throw new TargetFailure(
    `more than ${REPOSITORIES_PER_PAGE * MAX_REPOSITORY_PAGES} repositories are selected; set \`secret-repositories\`.`,
  )
}

/** `secret-repositories` as ids: GET /repos/{owner}/{repo} for each (a repository without owner is the organization's). */
async function repositoryIdsOf(
  client: GitHubClient,
  org: string,
  names: RepositoryName[],
  known: Map<string, number>,
  time: Pick<StoreTime, 'clock' | 'deadline'>,
): Promise<number[]> {
  const ids: number[] = []
  for (const name of names) {
    const owner = name.owner ?? org
    const full = `${owner}/${name.repo}`.toLowerCase()
    let id = known.get(full)
    if (id === undefined) {
      let answer: GitHubAnswer
      try {
        answer = await reading(client, `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(name.repo)}`, time.clock, time.deadline)
      } catch (error) {
        if (!(error instanceof GitHubRequestError)) throw error
        const why =
          error.status === 404 ? 'GitHub answered 404: it does not exist, or the token cannot see it.' : describeGitHubError(error)
        throw new TargetFailure(`repository ${untrusted(`${owner}/${name.repo}`)} of \`secret-repositories\`: ${why}`, error)
      }
      const found = isRecord(answer.body) ? answer.body.id : undefined
      if (typeof found !== 'number' || !Number.isSafeInteger(found)) {
        throw new TargetFailure(`GitHub answered repository ${untrusted(`${owner}/${name.repo}`)} without an id.`)
      }
      id = found
      known.set(full, id)
    }
    if (!ids.includes(id)) ids.push(id)
  }
  return ids
}

/**
 * Whether an unanswered write was applied, from the secret's `updated_at` before and after (GitHub's
 * clock). Moved, or a secret that now exists: applied. Anything else never proves the opposite: a
 * write whose connection is gone may still be carried out after the read, and a key revoked for
 * want of it would then be what the secret holds.
 */
export function settle(before: SecretStamp | undefined, after: SecretStamp | undefined): 'applied' | 'unknown' {
  if (!before || !after || !after.exists) return 'unknown'
  return !before.exists || after.updatedAt !== before.updatedAt ? 'applied' : 'unknown'
}

function describeStamps(before: SecretStamp | undefined, after: SecretStamp | undefined): string {
  const describe = (stamp: SecretStamp | undefined) =>
    !stamp ? 'unreadable' : stamp.exists ? `updated_at ${untrusted(stamp.updatedAt ?? '')}` : 'absent'
  return `before: ${describe(before)}; after: ${describe(after)}`
}

/** How long to wait before sending a request again: after no answer or a 5xx, and after a rate limit; never after a refusal. */
function retryDelay(error: unknown, attempt: number): number | undefined {
  if (!(error instanceof GitHubRequestError) || error.final) return undefined
  if (error.status === undefined || error.status >= 500) return BACKOFF_MS * attempt
  if (error.rateLimited) return error.retryAfterMs ?? SECONDARY_RATE_LIMIT_WAIT_MS
  return undefined
}

/** Why a write is sent again, or would have been: GitHub's rate limit, its answer, or none. */
function describeRetry(error: unknown, target: SecretTarget): string {
  if (!(error instanceof GitHubRequestError)) return messageOf(error)
  if (error.rateLimited) return `GitHub's rate limit refused it (${error.status} ${error.excerpt})`
  return describeGitHubError(error, target).replace(/\.$/, '')
}

/** What GitHub's refusal means for this target, and what to do. */
function describeGitHubError(error: GitHubRequestError, target?: SecretTarget): string {
  switch (error.status) {
    case 401:
      return `GitHub refused the token (401 ${error.excerpt}). Check the \`github-token\` input.`
    case 403:
      return error.rateLimited
        ? `GitHub's secondary rate limit refused it (403 ${error.excerpt}). Run the rotation again later.`
        : `${error.message} ${target ? describePermission(target) : 'The token may not read that.'}`
    case 404:
      return `GitHub answered 404: the ${target ? describeWhat(target) : 'resource'} does not exist, or the token cannot see it.`
    default:
      return error.message
  }
}

/** The permission a token needs to write this target's secrets. */
function describePermission(target: SecretTarget): string {
  const describeNeed = (permission: 'Secrets' | 'Environments' | 'Dependabot secrets', on: 'repository' | 'organization') =>
    `The token needs the ${on} permission "${permission}: read and write" (a fine-grained token, or a GitHub App installed on the ${on}); the default GITHUB_TOKEN cannot write secrets.`
  switch (target.kind) {
    case 'repository':
      return describeNeed('Secrets', 'repository')
    case 'environment':
      return describeNeed('Environments', 'repository')
    case 'dependabot':
      return describeNeed('Dependabot secrets', 'repository')
    case 'organization':
      return describeNeed('Secrets', 'organization')
    case 'dependabot-organization':
      return describeNeed('Dependabot secrets', 'organization')
  }
}

function describeWhat(target: SecretTarget): string {
  switch (target.kind) {
    case 'environment':
      return 'repository or environment'
    case 'organization':
    case 'dependabot-organization':
      return 'organization'
    default:
      return 'repository'
  }
}

/** A clause as a sentence of its own, for a table cell: capitalised, ending with a full stop. The clause is already safe text. */
function describeAsSentence(clause: string): string {
  const text = /[.!?]$/.test(clause) ? clause : `${clause}.`
  return untrusted(`${text.charAt(0).toUpperCase()}${text.slice(1)}`, Number.POSITIVE_INFINITY)
}
