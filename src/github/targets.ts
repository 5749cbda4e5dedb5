/**
 * Where rotate-key stores the new key: one secret name, in one or more GitHub secret stores. This file holds only
 * types and names, because the inputs read them at every start. The code that writes secrets (secret-stores.ts)
 * loads only when a rotation stores one.
 */
import { quoted, untrusted } from '../base/text.ts'

/** One secret store. Each has its own public key. GitHub compares every part of its name without regard to case. */
export type SecretTarget =
  | { kind: 'repository'; owner: string; repo: string }
  | { kind: 'environment'; owner: string; repo: string; environment: string }
  | { kind: 'organization'; org: string }
  | { kind: 'dependabot'; owner: string; repo: string }
  | { kind: 'dependabot-organization'; org: string }

/** Who may read an organization secret. */
export type Visibility = 'all' | 'private' | 'selected'
export const VISIBILITIES: readonly Visibility[] = ['all', 'private', 'selected']

/** Who may read the organization secrets, as the inputs say. Without it, each secret keeps what it has. */
export type OrganizationAccess =
  { visibility: 'all' | 'private' } | { visibility: 'selected'; repositories: RepositoryName[] }

/** A repository given by name: `owner/repo`, or `repo` in the organization of the secret. */
export interface RepositoryName {
  owner?: string
  repo: string
}

/** The secret to write: its name in every target, the token that may write them all. */
export interface SecretStorage {
  name: string
  token: string
  targets: SecretTarget[]
  access?: OrganizationAccess
}

/**
 * A target as `secret-targets` spells it, and as outputs name it: `owner/repo`,
 * `owner/repo:environment`, `org:NAME`, `dependabot:owner/repo`, `dependabot:org:NAME`.
 */
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

/** "repository octo-org/api", "environment "production" of octo-org/api"…: for log lines. */
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

/** Organization secrets (Actions or Dependabot) say on every write who may read them. */
export function isOrganizationTarget(target: SecretTarget): target is Extract<SecretTarget, { org: string }> {
  return target.kind === 'organization' || target.kind === 'dependabot-organization'
}
