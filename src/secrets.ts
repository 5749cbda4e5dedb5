/**
 * Stores a value as a GitHub Actions secret: fetch the repository's (or environment's) public
 * key, seal the value with libsodium's sealed box, PUT it. Loaded with a dynamic import only
 * when rotate-key has a `secret-name`, so no other command pays for Octokit and libsodium.
 */
import { getOctokit } from '@actions/github'
import sodium from 'libsodium-wrappers'
import { ActionError } from './errors.ts'
import { retrying } from './api/retry.ts'
import type { Clock } from './clock.ts'
import type { SecretTarget } from './inputs.ts'
import { quoted, untrusted } from './text.ts'

export interface GitHubEnvironment {
  /** owner/repo, from GITHUB_REPOSITORY. */
  repository: string | undefined
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

interface GitHubError {
  status?: number
  message: string
}

export async function storeActionsSecret(
  target: SecretTarget,
  value: string,
  github: GitHubEnvironment,
  time: { clock: Clock; deadline: number },
): Promise<void> {
  const [owner, repo] = (github.repository ?? '').split('/')
  if (!owner || !repo) {
    throw new ActionError(
      'GITHUB_REPOSITORY is not set, so the repository to store the secret in is unknown. Run rotate-key in a GitHub Actions job.',
    )
  }
  const repository = untrusted(`${owner}/${repo}`)
  const where = target.environment ? `environment ${quoted(target.environment)} of ${repository}` : `repository ${repository}`
  const describeStoreFailure = (error: unknown) =>
    `Could not store secret ${untrusted(target.name)} in the ${where}: ${describeGitHubError(asGitHubError(error))}`
  const octokit = getOctokit(target.token, github.apiUrl ? { baseUrl: github.apiUrl } : {})
  // Every GitHub call ends with the step's timeout.
  const call = async <T>(send: (signal: AbortSignal) => Promise<T>): Promise<T> => {
    const deadline = time.clock.deadline(Math.max(1, time.deadline - time.clock.now()))
    try {
      return await send(deadline.signal)
    } finally {
      deadline.clear()
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

  // Once an attempt may have been applied, the outcome stays open whatever later attempts answer.
  let mayHaveApplied = false
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
        const { status } = asGitHubError(error)
        // A 4xx answer means GitHub refused it; anything else leaves the outcome open.
        if (status === undefined || status >= 500) mayHaveApplied = true
        throw error
      }
    },
    {
      clock: time.clock,
      deadline: time.deadline,
      maxAttempts: PUT_ATTEMPTS,
      // Sending the same sealed value again is harmless; a refusal (4xx) is final.
      delayAfter: (error, attempt) => {
        const { status } = asGitHubError(error)
        return status === undefined || status >= 500 ? PUT_BACKOFF_MS * attempt : undefined
      },
      giveUp: (error) =>
        mayHaveApplied ? new SecretStoreUncertain(describeStoreFailure(error)) : new ActionError(describeStoreFailure(error)),
    },
  )
}

function asGitHubError(error: unknown): GitHubError {
  const status = typeof error === 'object' && error !== null && 'status' in error ? Number(error.status) : undefined
  // GitHub's message (or a network library's) is outside text: its first line, bounded.
  const message = untrusted(error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error))
  return { status: Number.isFinite(status) ? status : undefined, message }
}

/** Octokit's errors carry a status and GitHub's message; never the token or the value. */
function describeGitHubError({ status, message }: GitHubError): string {
  switch (status) {
    case 401:
      return `GitHub refused the token (401 ${message}). Check the \`github-token\` input.`
    case 403:
      return `GitHub answered 403 (${message}). The token needs permission to write Actions secrets: a fine-grained token with Secrets read and write, or a GitHub App token; the default GITHUB_TOKEN cannot.`
    case 404:
      return 'GitHub answered 404: the repository or environment does not exist, or the token cannot see it.'
    case undefined:
      return `no answer from GitHub (${message}).`
    default:
      return `GitHub answered ${status} (${message}).`
  }
}
