// GitHub's answers, in words a user can act on.
import { messageOf } from '../base/errors.ts'
import { untrusted } from '../base/text.ts'
import { CHANGE_AND_RUN_AGAIN, describeRequestFailure, describeServiceWords, refusalOf } from '../http/answers.ts'
import type { RefusalStatus } from '../http/answers.ts'
import { RequestError } from '../http/errors.ts'
import type { SecretTarget } from './targets.ts'

/** Why a write is sent again, or would have been. */
export function describeRetry(error: unknown, target: SecretTarget): string {
  if (!(error instanceof RequestError)) return messageOf(error)
  if (error.rateLimited) return `GitHub's rate limit refused it (${error.status} ${describeServiceWords(error)})`
  return describeGitHubError(error, target).replace(/\.$/, '')
}

interface GitHubRefusals extends Record<RefusalStatus, { next: string }> {
  401: { describe: (error: RequestError) => string; next: string }
  403: { describe: (error: RequestError, target: SecretTarget | undefined) => string; next: string }
  404: { describe: (notFound: string) => string; next: string }
}

/** For a secret target, a 403 names the permission its token needs. `next` is what the job summary says to do. */
export const GITHUB_REFUSALS: Readonly<GitHubRefusals> = {
  401: {
    describe: (error) => {
      const words = describeServiceWords(error)
      return `GitHub refused the token (401 ${words}). Check the \`github-token\` input.`
    },
    next: CHANGE_AND_RUN_AGAIN,
  },
  403: {
    describe: (error, target) =>
      error.rateLimited
        ? `GitHub's secondary rate limit refused it (403 ${describeServiceWords(error)}). Run the rotation again later.`
        : `${describeRequestFailure(error)}. ${target ? describePermission(target) : 'The token may not read that.'}`,
    next: CHANGE_AND_RUN_AGAIN,
  },
  /** `notFound` as the sentence names it: "the repository", "it". */
  404: {
    describe: (notFound) => `GitHub answered 404: ${notFound} does not exist, or the token cannot see it.`,
    next: CHANGE_AND_RUN_AGAIN,
  },
}

export function describeGitHubError(error: RequestError, target?: SecretTarget): string {
  switch (refusalOf(error)) {
    case 401:
      return GITHUB_REFUSALS[401].describe(error)
    case 403:
      return GITHUB_REFUSALS[403].describe(error, target)
    case 404:
      return GITHUB_REFUSALS[404].describe(`the ${target ? NEEDS[target.kind][2] : 'resource'}`)
    default:
      return `${describeRequestFailure(error)}.`
  }
}

/** The permission a token needs to write the secrets, where it is, and what a 404 says is missing. */
type Need = [
  permission: 'Secrets' | 'Environments' | 'Dependabot secrets',
  on: 'repository' | 'organization',
  missing: 'repository' | 'repository or environment' | 'organization',
]
const NEEDS: Readonly<Record<SecretTarget['kind'], Need>> = {
  repository: ['Secrets', 'repository', 'repository'],
  environment: ['Environments', 'repository', 'repository or environment'],
  dependabot: ['Dependabot secrets', 'repository', 'repository'],
  organization: ['Secrets', 'organization', 'organization'],
  'dependabot-organization': ['Dependabot secrets', 'organization', 'organization'],
}

function describePermission(target: SecretTarget): string {
  const [permission, on] = NEEDS[target.kind]
  return (
    `The token needs the ${on} permission "${permission}: read and write" (a fine-grained token, or a GitHub App ` +
    `installed on the ${on}). The default GITHUB_TOKEN cannot write secrets.`
  )
}

/** For a table cell: capitalised, with a full stop. The clause is already safe text. */
export function describeAsSentence(clause: string): string {
  const text = /[.!?]$/.test(clause) ? clause : `${clause}.`
  return untrusted(`${text.charAt(0).toUpperCase()}${text.slice(1)}`, Number.POSITIVE_INFINITY)
}
