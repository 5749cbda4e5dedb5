/**
 * Stores a value as a GitHub Actions secret: fetch the repository's (or environment's) public
 * key, seal the value with libsodium's sealed box, PUT it. Loaded with a dynamic import only
 * when rotate-key has a `secret-name`, so no other command pays for Octokit and libsodium.
 */
import { getOctokit } from '@actions/github'
import sodium from 'libsodium-wrappers'
import { ActionError } from '../base/errors.ts'
import { parseRetryAfter, retrying } from '../api/retry.ts'
import type { Clock } from '../base/clock.ts'
import { quoted, untrusted } from '../base/text.ts'

/** Where rotate-key stores the new key: a repository or environment Actions secret. */
export interface SecretTarget {
  /** The repository, from GITHUB_REPOSITORY. */
  owner: string
  repo: string
  name: string
  environment?: string
  token: string
}

export interface GitHubEnvironment {
  /** From GITHUB_API_URL; Octokit's default when unset. */
  apiUrl: string | undefined
}

/** The PUT may have stored the value although no answer said so. Told apart by name: rotate.ts loads this module lazily. */
export class SecretStoreUncertain extends ActionError {
  constructor(message: string) {
    super(message)
    this.name = 'SecretStoreUncertain'
  }
}

/** Sending the same sealed value again is harmless, so a PUT without an answer is repeated. */
const PUT_ATTEMPTS = 3
const PUT_BACKOFF_MS = 1000
/** GitHub asks for at least a minute after a secondary rate limit that names no Retry-After. */
const SECONDARY_RATE_LIMIT_WAIT_MS = 60_000

interface GitHubError {
  status?: number
  message: string
  /** Retry-After, when GitHub sent one. */
  retryAfterMs?: number
}

/** When the secret was last written, and when GitHub said so (its `Date` header): both GitHub's clock. */
interface SecretStamp {
  exists: boolean
  updatedAt?: string
  answeredAt?: string
}

export interface StoreTime {
  clock: Clock
  deadline: number
  /** Reading the secret's `updated_at` to settle an unanswered write may run until then. */
  settleDeadline: number
  /** True once the runner cancelled the step: no further attempt is started. */
  cancelled: () => boolean
}

/**
 * Resolves once the secret holds the value: GitHub answered the write (undefined), or every
 * answer was lost or refused after a write that may have gone through and the secret's
 * `updated_at` shows it landed (a note saying so). Throws ActionError when the secret was
 * certainly not written, and SecretStoreUncertain when it may or may not hold the value.
 */
export async function storeActionsSecret(
  target: SecretTarget,
  value: string,
  github: GitHubEnvironment,
  time: StoreTime,
): Promise<string | undefined> {
  const { owner, repo } = target
  const repository = untrusted(`${owner}/${repo}`)
  const where = target.environment ? `environment ${quoted(target.environment, 80)} of ${repository}` : `repository ${repository}`
  const describeStoreFailure = (error: unknown) =>
    `Could not store secret ${untrusted(target.name)} in the ${where}: ${describeGitHubError(asGitHubError(error, 0))}`
  const octokit = getOctokit(target.token, github.apiUrl ? { baseUrl: github.apiUrl } : {})
  // Every GitHub call ends with the step's timeout (settling reads: with their own deadline).
  const call = async <T>(send: (signal: AbortSignal) => Promise<T>, deadline = time.deadline): Promise<T> => {
    const timer = time.clock.deadline(Math.max(1, deadline - time.clock.now()))
    try {
      return await send(timer.signal)
    } finally {
      timer.clear()
    }
  }
  const readStamp = async (deadline?: number): Promise<SecretStamp | undefined> => {
    try {
      const { data, headers } = await call(
        (signal) =>
          target.environment
            ? octokit.rest.actions.getEnvironmentSecret({
                owner,
                repo,
                environment_name: target.environment,
                secret_name: target.name,
                request: { signal },
              })
            : octokit.rest.actions.getRepoSecret({ owner, repo, secret_name: target.name, request: { signal } }),
        deadline,
      )
      return { exists: true, updatedAt: data.updated_at, answeredAt: headers.date }
    } catch (error) {
      return asGitHubError(error, 0).status === 404 ? { exists: false } : undefined
    }
  }

  let body: { encrypted_value: string; key_id: string }
  try {
    const { data: publicKey } = await call((signal) =>
      target.environment
        ? octokit.rest.actions.getEnvironmentPublicKey({ owner, repo, environment_name: target.environment, request: { signal } })
        : octokit.rest.actions.getRepoPublicKey({ owner, repo, request: { signal } }),
    )
    await sodium.ready
    const sealed = sodium.crypto_box_seal(sodium.from_string(value), sodium.from_base64(publicKey.key, sodium.base64_variants.ORIGINAL))
    body = { encrypted_value: sodium.to_base64(sealed, sodium.base64_variants.ORIGINAL), key_id: publicKey.key_id }
  } catch (error) {
    throw new ActionError(describeStoreFailure(error))
  }
  // Read before any write: only then can an unanswered write be settled afterwards.
  const before = await readStamp()

  // Once an attempt may have been applied, the outcome stays open whatever later attempts answer.
  let mayHaveApplied = false
  let lastError: unknown
  try {
    await retrying(
      async () => {
        try {
          await call((signal) =>
            target.environment
              ? octokit.rest.actions.createOrUpdateEnvironmentSecret({
                  owner,
                  repo,
                  environment_name: target.environment,
                  secret_name: target.name,
                  ...body,
                  request: { signal },
                })
              : octokit.rest.actions.createOrUpdateRepoSecret({ owner, repo, secret_name: target.name, ...body, request: { signal } }),
          )
        } catch (error) {
          // A 4xx answer means GitHub refused that attempt; anything else leaves its outcome open.
          const { status } = asGitHubError(error, 0)
          if (status === undefined || status >= 500) mayHaveApplied = true
          throw error
        }
      },
      {
        clock: time.clock,
        deadline: time.deadline,
        maxAttempts: PUT_ATTEMPTS,
        // Sending the same sealed value again is harmless; a refusal is final, but for a rate limit.
        delayAfter: (error, attempt) => (time.cancelled() ? undefined : retryDelay(asGitHubError(error, time.clock.now()), attempt)),
      },
    )
    return undefined
  } catch (error) {
    lastError = error
  }
  if (!mayHaveApplied) throw new ActionError(describeStoreFailure(lastError))
  const after = before && (await readStamp(time.settleDeadline))
  switch (settle(before, after)) {
    case 'applied':
      return `GitHub did not confirm the write, but the secret's updated_at moved from ${before?.exists ? untrusted(before.updatedAt ?? '') : 'nothing (new secret)'} to ${untrusted(after?.updatedAt ?? '')}`
    case 'not-applied':
      throw new ActionError(
        `${describeStoreFailure(lastError)} GitHub's record of the secret shows it was not written (its updated_at did not move).`,
      )
    case 'unknown':
      throw new SecretStoreUncertain(
        `${describeStoreFailure(lastError)} A write may have gone through without an answer, and the secret's updated_at cannot tell ` +
          `(${describeStamps(before, after)}).`,
      )
  }
}

/**
 * Whether an unanswered write was applied, from the secret's `updated_at` before and after (second
 * precision, GitHub's clock). Moved, or a secret that now exists: applied. Unchanged: not applied,
 * but only when `updated_at` was older than the second GitHub answered the first read in; a write
 * within that same second would not have moved it.
 */
export function settle(before: SecretStamp | undefined, after: SecretStamp | undefined): 'applied' | 'not-applied' | 'unknown' {
  if (!before || !after) return 'unknown'
  if (!before.exists) return after.exists ? 'applied' : 'not-applied'
  if (!after.exists) return 'unknown'
  if (after.updatedAt !== before.updatedAt) return 'applied'
  const updated = Date.parse(before.updatedAt ?? '')
  const answered = Date.parse(before.answeredAt ?? '')
  return Math.floor(updated / 1000) < Math.floor(answered / 1000) ? 'not-applied' : 'unknown'
}

function describeStamps(before: SecretStamp | undefined, after: SecretStamp | undefined): string {
  const describe = (stamp: SecretStamp | undefined) =>
    !stamp ? 'unreadable' : stamp.exists ? `updated_at ${untrusted(stamp.updatedAt ?? '')}` : 'absent'
  return `before: ${describe(before)}; after: ${describe(after)}`
}

/** How long to wait before another PUT: after no answer or a 5xx, and after a rate limit; never after a refusal. */
function retryDelay(error: GitHubError, attempt: number): number | undefined {
  const { status } = error
  if (status === undefined || status >= 500) return PUT_BACKOFF_MS * attempt
  if (isRateLimit(error)) return error.retryAfterMs ?? SECONDARY_RATE_LIMIT_WAIT_MS
  return undefined
}

function isRateLimit({ status, message }: GitHubError): boolean {
  return status === 429 || (status === 403 && /rate limit/i.test(message))
}

function asGitHubError(error: unknown, now: number): GitHubError {
  const record = typeof error === 'object' && error !== null ? (error as { status?: unknown; response?: { headers?: unknown } }) : {}
  // Octokit gives a request that got no answer (refused, cut off, aborted) status 500 and no response.
  const status = 'status' in record && record.response !== undefined ? Number(record.status) : undefined
  // GitHub's message (or a network library's) is outside text: its first line, bounded.
  const message = untrusted(error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error))
  const headers = typeof record.response?.headers === 'object' && record.response.headers !== null ? record.response.headers : {}
  const retryAfter = (headers as Record<string, unknown>)['retry-after']
  const parsed: GitHubError = { status: Number.isFinite(status) ? status : undefined, message }
  const retryAfterMs = parseRetryAfter(typeof retryAfter === 'string' ? retryAfter : undefined, now)
  if (retryAfterMs !== undefined) parsed.retryAfterMs = retryAfterMs
  return parsed
}

/** Octokit's errors carry a status and GitHub's message (quoted as data); never the token or the value. */
function describeGitHubError(error: GitHubError): string {
  const said = quoted(error.message, 200)
  switch (error.status) {
    case 401:
      return `GitHub refused the token (401 ${said}). Check the \`github-token\` input.`
    case 403:
      return isRateLimit(error)
        ? `GitHub's secondary rate limit refused the write (403 ${said}). Run the rotation again later.`
        : `GitHub answered 403 (${said}). The token needs permission to write Actions secrets: a fine-grained token with Secrets read and write, or a GitHub App token; the default GITHUB_TOKEN cannot.`
    case 404:
      return 'GitHub answered 404: the repository or environment does not exist, or the token cannot see it.'
    case undefined:
      return `no answer from GitHub (${said}).`
    default:
      return `GitHub answered ${error.status} (${said}).`
  }
}
