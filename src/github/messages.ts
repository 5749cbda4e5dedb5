/** What GitHub's answers mean for a secret target, in words a user can act on. */
import { messageOf } from '../base/errors.ts'
import { untrusted } from '../base/text.ts'
import { describeRequestFailure, describeServiceWords } from '../http/answers.ts'
import { RequestError } from '../http/errors.ts'
import type { SecretTarget } from './targets.ts'

/** Why a write is sent again, or would have been: GitHub's rate limit, its answer, or none. */
export function describeRetry(error: unknown, target: SecretTarget): string {
  if (!(error instanceof RequestError)) return messageOf(error)
  if (error.rateLimited) return `GitHub's rate limit refused it (${error.status} ${describeServiceWords(error)})`
  return describeGitHubError(error, target).replace(/\.$/, '')
}

/** What GitHub's refusal means for this target, and what to do. */
export function describeGitHubError(error: RequestError, target?: SecretTarget): string {
  const said = describeRequestFailure(error)
  switch (error.kind === 'http' ? error.status : undefined) {
    case 401:
      return `GitHub refused the token (401 ${describeServiceWords(error)}). Check the \`github-token\` input.`
    case 403:
      return error.rateLimited
        ? `GitHub's secondary rate limit refused it (403 ${describeServiceWords(error)}). Run the rotation again later.`
        : `${said}. ${target ? describePermission(target) : 'The token may not read that.'}`
    case 404:
      return `GitHub answered 404: the ${target ? NEEDS[target.kind][2] : 'resource'} does not exist, or the token cannot see it.`
    default:
      return `${said}.`
  }
}

/** For each kind of target: the permission a token needs to write its secrets, where that permission is, and what a 404 says is missing. */
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
  return `The token needs the ${on} permission "${permission}: read and write" (a fine-grained token, or a GitHub App installed on the ${on}); the default GITHUB_TOKEN cannot write secrets.`
}

/** A clause as a sentence of its own, for a table cell: capitalised, ending with a full stop. The clause is already safe text. */
export function describeAsSentence(clause: string): string {
  const text = /[.!?]$/.test(clause) ? clause : `${clause}.`
  return untrusted(`${text.charAt(0).toUpperCase()}${text.slice(1)}`, Number.POSITIVE_INFINITY)
}
