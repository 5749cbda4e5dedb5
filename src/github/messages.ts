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
      return `GitHub answered 404: the ${target ? describeWhat(target) : 'resource'} does not exist, or the token cannot see it.`
    default:
      return `${said}.`
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
export function describeAsSentence(clause: string): string {
  const text = /[.!?]$/.test(clause) ? clause : `${clause}.`
  return untrusted(`${text.charAt(0).toUpperCase()}${text.slice(1)}`, Number.POSITIVE_INFINITY)
}
