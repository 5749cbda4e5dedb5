/**
 * Where rotate-key stores the new key. Only types and names: the inputs read them at every start, and the code that
 * writes secrets loads only when a rotation stores one.
 */
import { quoted, untrusted } from '../base/text.ts'

/** Each has its own public key. GitHub compares every part of its name without regard to case. */
export type SecretTarget =
  | { kind: 'repository'; owner: string; repo: string }
  | { kind: 'environment'; owner: string; repo: string; environment: string }
  | { kind: 'organization'; org: string }
  | { kind: 'dependabot'; owner: string; repo: string }
  | { kind: 'dependabot-organization'; org: string }

export type Visibility = 'all' | 'private' | 'selected'
export const VISIBILITIES: readonly Visibility[] = ['all', 'private', 'selected']

/** Without it, each secret keeps what it has. */
export type OrganizationAccess =
  { visibility: 'all' | 'private' } | { visibility: 'selected'; repositories: RepositoryName[] }

/** `owner/repo`, or `repo` in the secret's organization. */
export interface RepositoryName {
  owner?: string
  repo: string
}

/** One name in every target, and the token that may write them all. */
export interface SecretStorage {
  name: string
  token: string
  targets: SecretTarget[]
  access?: OrganizationAccess
}

/** As `secret-targets` spells it and outputs name it. */
export function targetText(target: SecretTarget): string {
  switch (target.kind) {
    case 'repository':
      return `${target.owner}/${target.repo}`
    case 'environment':
      return `${target.owner}/${target.repo}:${target.environment}`
    case 'organization':
      return `org:${target.org}`
    case 'dependabot':
      return `dependabot:${target.owner}/${target.repo}`
    case 'dependabot-organization':
      return `dependabot:org:${target.org}`
  }
}

/** For log lines: "repository octo-org/api". */
export function describeTarget(target: SecretTarget): string {
  switch (target.kind) {
    case 'repository':
      return `repository ${untrusted(`${target.owner}/${target.repo}`)}`
    case 'environment':
      return `environment ${quoted(target.environment, 80)} of ${untrusted(`${target.owner}/${target.repo}`)}`
    case 'organization':
      return `organization ${untrusted(target.org)}`
    case 'dependabot':
      return `Dependabot secrets of ${untrusted(`${target.owner}/${target.repo}`)}`
    case 'dependabot-organization':
      return `Dependabot secrets of organization ${untrusted(target.org)}`
  }
}

/** These say on every write who may read them. */
export function isOrganizationTarget(target: SecretTarget): target is Extract<SecretTarget, { org: string }> {
  return target.kind === 'organization' || target.kind === 'dependabot-organization'
}
