/** What a rotation reads from GitHub before its writes: each target's public key, and who may read an organization secret. */
import { ActionError } from '../base/errors.ts'
import { untrusted } from '../base/text.ts'
import { RequestError } from '../http/errors.ts'
import { isRecord } from '../http/transport.ts'
import type { GitHubAnswer, GitHubClient } from './client.ts'
import { GITHUB_REFUSALS, describeGitHubError } from './messages.ts'
import { sealedBox } from './sealed-box.ts'
import {
  VISIBILITIES,
  isOrganizationTarget,
  type RepositoryName,
  type SecretStorage,
  type SecretTarget,
  type Visibility,
} from './targets.ts'

const REPOSITORIES_PER_PAGE = 100
const MAX_REPOSITORY_PAGES = 100

export interface PreparedStore {
  target: SecretTarget
  /** …/secrets/{name} */
  path: string
  keyId: string
  publicKey: Uint8Array
  /** Sent with every write of an organization secret. */
  access?: { visibility: Visibility; selected_repository_ids?: number[] }
}

export async function prepareStore(
  client: GitHubClient,
  storage: SecretStorage,
  target: SecretTarget,
  repositoryIds: Map<string, number>,
  deadline: number,
): Promise<PreparedStore> {
  const base = secretsPath(target)
  const path = `${base}/${encodeURIComponent(storage.name)}`
  const publicKey = readPublicKey((await client.get(`${base}/public-key`, deadline)).body)
  const store: PreparedStore = { target, path, keyId: publicKey.keyId, publicKey: publicKey.key }
  if (!isOrganizationTarget(target)) return store

  // Who may read it: as the inputs say, or as it is now.
  const given = storage.access
  const visibility = given?.visibility ?? (await visibilityNow(client, path, deadline))
  if (visibility !== 'selected') return { ...store, access: { visibility } }
  const ids =
    given?.visibility === 'selected'
      ? await repositoryIdsOf(client, target.org, given.repositories, repositoryIds, deadline)
      : await selectedRepositoryIds(client, path, deadline)
  return { ...store, access: { visibility, selected_repository_ids: ids } }
}

/** `public-key` and each secret are below it. */
function secretsPath(target: SecretTarget): string {
  const repository = (t: { owner: string; repo: string }) =>
    `/repos/${encodeURIComponent(t.owner)}/${encodeURIComponent(t.repo)}`
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

function readPublicKey(body: unknown): { keyId: string; key: Uint8Array } {
  const keyId = isRecord(body) ? body.key_id : undefined
  const key = isRecord(body) ? body.key : undefined
  if (typeof keyId !== 'string' || keyId === '' || typeof key !== 'string') {
    throw new ActionError('GitHub answered the public key without `key_id` and `key`.')
  }
  const bytes = Buffer.from(key, 'base64')
  if (bytes.length !== 32)
    throw new ActionError(`GitHub's public key is ${bytes.length} bytes long, not the 32 of an X25519 key.`)
  // A low-order point makes no shared secret: find out now, before a key is made.
  try {
    sealedBox(new Uint8Array(0), bytes)
  } catch {
    throw new ActionError("GitHub's public key cannot seal a value (it is not a usable X25519 key).")
  }
  return { keyId, key: new Uint8Array(bytes) }
}

/** The visibility of the organization secret as it is now. */
async function visibilityNow(client: GitHubClient, path: string, deadline: number): Promise<Visibility> {
  let answer: GitHubAnswer
  try {
    answer = await client.get(path, deadline)
  } catch (error) {
    if (error instanceof RequestError && error.status === 404) {
      throw new ActionError(
        'the organization has no such secret yet. Set `secret-visibility` (all, private, or selected with `secret-repositories`) to say which repositories may read it.',
      )
    }
    throw new ActionError(
      'reading the secret to keep its visibility failed, so the visibility to send is unknown. Run the rotation again.',
      { cause: error },
    )
  }
  const visibility = isRecord(answer.body) ? answer.body.visibility : undefined
  if (!VISIBILITIES.includes(visibility as Visibility))
    throw new ActionError('GitHub did not say who may read it (no visibility). Set `secret-visibility`.')
  return visibility as Visibility
}

async function selectedRepositoryIds(client: GitHubClient, path: string, deadline: number): Promise<number[]> {
  const ids: number[] = []
  for (let page = 1; page <= MAX_REPOSITORY_PAGES; page++) {
    const { body } = await client.get(`${path}/repositories?per_page=${REPOSITORIES_PER_PAGE}&page=${page}`, deadline)
    const total = isRecord(body) ? body.total_count : undefined
    const repositories = isRecord(body) ? body.repositories : undefined
    if (typeof total !== 'number' || !Array.isArray(repositories)) {
      throw new ActionError('GitHub answered the selected repositories without `total_count` and `repositories`.')
    }
    for (const repository of repositories) {
      const id = isRecord(repository) ? repository.id : undefined
      if (typeof id !== 'number' || !Number.isSafeInteger(id))
        throw new ActionError('GitHub answered a selected repository without an id.')
      ids.push(id)
    }
    if (repositories.length === 0 || ids.length >= total) return ids
  }
  throw new ActionError(
    `more than ${REPOSITORIES_PER_PAGE * MAX_REPOSITORY_PAGES} repositories are selected; set \`secret-repositories\`.`,
  )
}

/** A repository without an owner is the organization's. */
async function repositoryIdsOf(
  client: GitHubClient,
  org: string,
  names: RepositoryName[],
  known: Map<string, number>,
  deadline: number,
): Promise<number[]> {
  const ids: number[] = []
  for (const name of names) {
    const owner = name.owner ?? org
    const full = `${owner}/${name.repo}`.toLowerCase()
    let id = known.get(full)
    if (id === undefined) {
      let answer: GitHubAnswer
      try {
        answer = await client.get(`/repos/${encodeURIComponent(owner)}/${encodeURIComponent(name.repo)}`, deadline)
      } catch (error) {
        if (!(error instanceof RequestError)) throw error
        const why = error.status === 404 ? GITHUB_REFUSALS[404].describe('it') : describeGitHubError(error)
        throw new ActionError(`repository ${untrusted(`${owner}/${name.repo}`)} of \`secret-repositories\`: ${why}`, {
          cause: error,
        })
      }
      const found = isRecord(answer.body) ? answer.body.id : undefined
      if (typeof found !== 'number' || !Number.isSafeInteger(found)) {
        throw new ActionError(`GitHub answered repository ${untrusted(`${owner}/${name.repo}`)} without an id.`)
      }
      id = found
      known.set(full, id)
    }
    if (!ids.includes(id)) ids.push(id)
  }
  return ids
}
