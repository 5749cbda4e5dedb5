/**
 * Stores a value as a GitHub secret in every target: Actions secrets of repositories, environments and organizations,
 * and Dependabot secrets of repositories and organizations. Every target is prepared before anything is written.
 * Then the value is sealed and written to each in turn. This module loads with a dynamic import only when rotate-key
 * stores a secret, so no other command pays for it.
 */
import { formatDuration, type StepTime } from '../base/clock.ts'
import { ActionError, messageOf } from '../base/errors.ts'
import { untrusted } from '../base/text.ts'
import { RequestError, requestErrorIn } from '../http/errors.ts'
import { RETRY_POLICIES, retrying, type RetryOptions } from '../http/retry.ts'
import type { Connections } from '../http/transport.ts'
import { DEFAULT_GITHUB_API_URL, GitHubClient } from './client.ts'
import { describeAsSentence, describeGitHubError, describeRetry } from './messages.ts'
import { sealedBox } from './sealed-box.ts'
import { prepareStore, type PreparedStore } from './secret-reads.ts'
import { describeTarget, type SecretStorage, type SecretTarget } from './targets.ts'

export interface GitHubEnvironment {
  /** From GITHUB_API_URL; https://api.github.com when unset. */
  apiUrl: string | undefined
}

/**
 * What became of one target. `stored`: GitHub answered a write with a success. `failed`: it certainly does not hold
 * the value (every write was refused, or none was sent). `uncertain`: no write was answered with a success, and one
 * may have landed: GitHub may still carry it out. `skipped`: nothing was sent to it.
 */
type StoreStatus = 'stored' | 'failed' | 'uncertain' | 'skipped'

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

export class SecretStores {
  /** The targets ready to be written, in the order given. */
  readonly prepared: readonly PreparedStore[]
  /** What went wrong preparing the others: no value may be written until they are fixed. */
  readonly problems: readonly StoreOutcome[]
  private readonly client: GitHubClient
  private readonly storage: SecretStorage

  private constructor(
    client: GitHubClient,
    storage: SecretStorage,
    prepared: PreparedStore[],
    problems: StoreOutcome[],
  ) {
    this.client = client
    this.storage = storage
    this.prepared = prepared
    this.problems = problems
  }

  /**
   * Prepares every target, one after the other, since GitHub asks for one request at a time. It reads the public key
   * and, for an organization secret, the visibility and repositories to send. A target that fails goes to `problems`,
   * and nothing is thrown. `connections`: the step's pool (the platform client's), which GitHub's requests share.
   */
  static async prepare(
    storage: SecretStorage,
    github: GitHubEnvironment,
    time: Pick<StepTime, 'clock' | 'deadline'>,
    connections: Connections,
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
        prepared.push(await prepareStore(client, storage, target, repositoryIds, time.deadline))
      } catch (error) {
        problems.push(failed(target, storage.name, error))
      }
    }
    return new SecretStores(client, storage, prepared, problems)
  }

  /**
   * Writes the value to every prepared target in turn, and says what became of each. After a target fails, the
   * others are still written, so one run names every target that needs fixing. After a rate limit, a cancel or the
   * step's timeout, the rest are skipped.
   */
  async storeEverywhere(
    value: string,
    time: StepTime,
    onWait: (message: string) => void,
    onOutcome: (outcome: StoreOutcome) => void,
  ): Promise<StoreOutcome[]> {
    const outcomes: StoreOutcome[] = []
    let reason: string | undefined
    for (const store of this.prepared) {
      if (reason === undefined && time.signal !== undefined) reason = 'the runner cancelled the step'
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
        const written = await this.write(store, value, time, onWait)
        outcome = written.outcome
        if (written.rateLimited) reason = "GitHub's rate limit refused an earlier write"
      }
      outcomes.push(outcome)
      onOutcome(outcome)
    }
    return outcomes
  }

  /** A note for each organization target: who may read the secret once it is written, and why. */
  accessNotes(): { message: string }[] {
    return this.prepared.flatMap(({ target, access }) => {
      if (!access) return []
      const who =
        access.visibility === 'selected'
          ? `selected, ${access.selected_repository_ids?.length ?? 0} repositories`
          : access.visibility
      const why = this.storage.access ? 'as `secret-visibility` says' : 'as it is now'
      return [
        {
          message: `Secret ${untrusted(this.storage.name)} of the ${describeTarget(target)}: visibility ${who} (${why}).`,
        },
      ]
    })
  }

  /**
   * Seals the value for the target's key and writes it. Only a success answer makes the target `stored`: another
   * writer may change the secret at any time, so nothing read from it can show that this write landed.
   */
  private async write(
    store: PreparedStore,
    value: string,
    time: StepTime,
    onWait: (message: string) => void,
  ): Promise<{ outcome: StoreOutcome; rateLimited: boolean }> {
    const { target } = store
    const name = this.storage.name
    const sent = await this.send(store, value, time, onWait)
    if (sent.landed) {
      const message = `Stored the new key in secret ${untrusted(name)} of the ${describeTarget(target)}.`
      return { outcome: { target, status: 'stored', message }, rateLimited: false }
    }
    const rateLimited = sent.error instanceof RequestError && sent.error.rateLimited
    if (!sent.mayHaveLanded) return { outcome: failed(target, name, sent.error), rateLimited }
    const hint = ' The write may still have gone through: GitHub never confirmed it, and may still carry it out.'
    return { outcome: { ...failed(target, name, sent.error, hint), status: 'uncertain' }, rateLimited }
  }

  /** Sends the write, and again after no answer or a 5xx: the same sealed value is harmless to write twice. */
  private async send(
    store: PreparedStore,
    value: string,
    time: StepTime,
    onWait: (message: string) => void,
  ): Promise<{ landed: true } | { landed: false; error: unknown; mayHaveLanded: boolean }> {
    const body: Record<string, unknown> = {
      encrypted_value: Buffer.from(sealedBox(Buffer.from(value, 'utf8'), store.publicKey)).toString('base64'),
      key_id: store.keyId,
      ...store.access,
    }
    // Every failed attempt, in order: whether any may have landed decides what the write's failure means.
    const failures: unknown[] = []
    const cut = time.attemptCut()
    const attempt = async () => {
      try {
        await this.client.put(store.path, body, time.deadline, cut.signal)
      } catch (error) {
        failures.push(error)
        throw error
      }
    }
    try {
      await retrying(attempt, RETRY_POLICIES.github, this.retryOptions(store.target, time, onWait))
      return { landed: true }
    } catch (error) {
      const told = cut.signal.aborted
        ? new ActionError(
            "the runner cancelled the step, and GitHub did not answer the write within the runner's grace.",
          )
        : error
      return { landed: false, error: told, mayHaveLanded: failures.some(mayHaveLanded) }
    } finally {
      cut.clear()
    }
  }

  /** How a write is sent again: after GitHub's rules, never once the runner cancelled, each wait told to the log. */
  private retryOptions(target: SecretTarget, time: StepTime, onWait: (message: string) => void): RetryOptions {
    const name = this.storage.name
    const interrupt = {
      signal: time.stopped,
      stop: (error: RequestError, _n: number, delay: number) =>
        new ActionError(
          `${describeRetry(error, target)}, and the runner cancelled the step while the write waited ${formatDuration(delay)} to be sent again.`,
          { cause: error },
        ),
    }
    return {
      clock: time.clock,
      deadline: time.deadline,
      cancelled: () => time.signal !== undefined,
      onRetry: (error, _n, delay) =>
        onWait(
          `Writing secret ${untrusted(name)} to the ${describeTarget(target)}: ${describeRetry(error, target)}; trying again in ${formatDuration(delay)}.`,
        ),
      interrupt,
    }
  }
}

/**
 * Whether a failed attempt may have landed. A 4xx means GitHub refused it. An attempt that never left (refused at
 * connect, not built, no time left) cannot have landed either. Anything else leaves it open: a 5xx, no answer, a 2xx
 * whose body cannot be read.
 */
function mayHaveLanded(error: unknown): boolean {
  return !(error instanceof RequestError) || error.mayHaveReachedServer
}

/** A target that certainly does not hold the value, and why. */
function failed(target: SecretTarget, name: string, error: unknown, hint = ''): StoreOutcome {
  const request = requestErrorIn(error)
  const why = error instanceof RequestError ? describeGitHubError(error, target) : messageOf(error)
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
