/**
 * Stores a value as a GitHub Actions secret: fetch the repository's (or environment's) public
 * key, seal the value with libsodium's sealed box, PUT it. Loaded with a dynamic import only
 * when rotate-key has a `secret-name`, so no other command pays for Octokit and libsodium.
 */
import { getOctokit } from '@actions/github'
import sodium from 'libsodium-wrappers'
import { ActionError } from './api/errors.js'
import type { SecretTarget } from './inputs.js'

export interface GitHubEnvironment {
  /** owner/repo, from GITHUB_REPOSITORY. */
  repository: string | undefined
  /** From GITHUB_API_URL; Octokit's default when unset. */
  apiUrl: string | undefined
}

export async function storeActionsSecret(target: SecretTarget, value: string, github: GitHubEnvironment): Promise<void> {
  const [owner, repo] = (github.repository ?? '').split('/')
  if (!owner || !repo) {
    throw new ActionError('GITHUB_REPOSITORY is not set, so the repository to store the secret in is unknown. Run rotate-key in a GitHub Actions job.')
  }
  const where = target.environment ? `environment ${target.environment} of ${owner}/${repo}` : `repository ${owner}/${repo}`
  const octokit = getOctokit(target.token, github.apiUrl ? { baseUrl: github.apiUrl } : {})
  try {
    const { data: publicKey } = target.environment
      ? await octokit.rest.actions.getEnvironmentPublicKey({ owner, repo, environment_name: target.environment })
      : await octokit.rest.actions.getRepoPublicKey({ owner, repo })
    await sodium.ready
    const sealed = sodium.crypto_box_seal(sodium.from_string(value), sodium.from_base64(publicKey.key, sodium.base64_variants.ORIGINAL))
    const encrypted = sodium.to_base64(sealed, sodium.base64_variants.ORIGINAL)
    const body = { owner, repo, secret_name: target.name, encrypted_value: encrypted, key_id: publicKey.key_id }
    if (target.environment) await octokit.rest.actions.createOrUpdateEnvironmentSecret({ ...body, environment_name: target.environment })
    else await octokit.rest.actions.createOrUpdateRepoSecret(body)
  } catch (error) {
    throw new ActionError(`Could not store secret ${target.name} in the ${where}: ${describeGitHubError(error)}`)
  }
}

/** Octokit's errors carry a status and GitHub's message; never the token or the value. */
function describeGitHubError(error: unknown): string {
  const status = typeof error === 'object' && error !== null && 'status' in error ? Number((error as { status: unknown }).status) : undefined
  const message = error instanceof Error ? error.message.split('\n')[0]!.slice(0, 200) : String(error)
  switch (status) {
    case 401:
      return `GitHub refused the token (401 ${message}). Check the \`github-token\` input.`
    case 403:
      return `GitHub answered 403 (${message}). The token needs permission to write Actions secrets: a fine-grained token with Secrets read and write, or a GitHub App token; the default GITHUB_TOKEN cannot.`
    case 404:
      return `GitHub answered 404: the repository or environment does not exist, or the token cannot see it.`
    default:
      return status ? `GitHub answered ${status} (${message}).` : message
  }
}
