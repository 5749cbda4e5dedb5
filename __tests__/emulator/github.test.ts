// emulator/github.ts: the GitHub emulator's secrets API, read and written with Octokit and sealed with libsodium, as GitHub
// answers them: stores, faults, clocks, and a path prefix as GitHub Enterprise Server has; and its meta API (GET /meta) with
// the runners' ranges, as GitHub Enterprise Server answers it, and past the unauthenticated hourly limit.
import { getOctokit } from '@actions/github'
import sodium from 'libsodium-wrappers'
import { GITHUB_RUNNER_RANGES, GitHubEmulator } from '../../emulator/github.ts'
import { takeViolations } from '../../emulator/contract.ts'

type Octokit = ReturnType<typeof getOctokit>

const OWNER = 'neon-user'
const REPO = 'app'
const SECRET = 'NEON_API_KEY'

interface Target {
  owner: string
  repo: string
  environment?: string
}

const REPO_TARGET: Target = { owner: OWNER, repo: REPO }

async function fetchKey(octokit: Octokit, target: Target): Promise<{ key_id: string; key: string }> {
  const { owner, repo, environment } = target
  const { data } = environment
    ? await octokit.rest.actions.getEnvironmentPublicKey({ owner, repo, environment_name: environment })
    : await octokit.rest.actions.getRepoPublicKey({ owner, repo })
  return { key_id: data.key_id, key: data.key }
}

function seal(value: string, base64Key: string): string {
  const sealed = sodium.crypto_box_seal(
    sodium.from_string(value),
    sodium.from_base64(base64Key, sodium.base64_variants.ORIGINAL),
  )
  return sodium.to_base64(sealed, sodium.base64_variants.ORIGINAL)
}

async function put(
  octokit: Octokit,
  target: Target,
  name: string,
  encrypted_value: string,
  key_id: string,
): Promise<number> {
  const { owner, repo, environment } = target
  const response = environment
    ? await octokit.rest.actions.createOrUpdateEnvironmentSecret({
        owner,
        repo,
        environment_name: environment,
        secret_name: name,
        encrypted_value,
        key_id,
      })
    : await octokit.rest.actions.createOrUpdateRepoSecret({ owner, repo, secret_name: name, encrypted_value, key_id })
  return response.status
}

/** What the action does: fetch the target's public key, seal the value, store it. */
async function storeSecret(octokit: Octokit, target: Target, name: string, value: string): Promise<number> {
  const key = await fetchKey(octokit, target)
  return put(octokit, target, name, seal(value, key.key), key.key_id)
}

let github: GitHubEmulator
let octokit: Octokit

beforeAll(async () => {
  await sodium.ready
})

beforeEach(async () => {
  github = new GitHubEmulator()
  await github.start()
  octokit = getOctokit(github.token, { baseUrl: github.url })
})

afterEach(async () => {
  await github.stop()
})

describe('GitHub emulator', () => {
  test('serves a base URL without a trailing slash and a random token by default', () => {
    expect(github.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(github.token).toMatch(/^ghs_[0-9a-f]{36}$/)
    expect(new GitHubEmulator().token).not.toBe(github.token)
    expect(new GitHubEmulator({ token: 'ghp_fixed' }).token).toBe('ghp_fixed')
  })

  test('answers with a fresh request id each time, or the one a test sets', async () => {
    const requestId = async () =>
      (await octokit.rest.actions.getRepoPublicKey({ owner: OWNER, repo: REPO })).headers['x-github-request-id']
    const first = await requestId()
    expect(first).toMatch(/^[0-9A-F-]{36}$/)
    expect(await requestId()).not.toBe(first)
    github.answerWithRequestId('C0A8:3F0E:1A2B3C:1D2E3F:65A1B2C3')
    expect(await requestId()).toBe('C0A8:3F0E:1A2B3C:1D2E3F:65A1B2C3')
    github.answerWithRequestId(undefined)
    expect(await requestId()).toMatch(/^[0-9A-F-]{36}$/)
  })

  test('a repository secret round-trips: the stored value is what was sealed', async () => {
    const value = 'napi_' + 'x'.repeat(60)
    const key = await fetchKey(octokit, REPO_TARGET)
    expect(key.key_id).toMatch(/^\d+$/)
    expect(sodium.from_base64(key.key, sodium.base64_variants.ORIGINAL)).toHaveLength(sodium.crypto_box_PUBLICKEYBYTES)

    expect(await put(octokit, REPO_TARGET, SECRET, seal(value, key.key), key.key_id)).toBe(201)
    expect(github.secret(OWNER, REPO, SECRET)).toBe(value)
    // Secret names are case-insensitive.
    expect(github.secret(OWNER, REPO, SECRET.toLowerCase())).toBe(value)
    expect(github.secret(OWNER, 'other', SECRET)).toBeUndefined()
    expect(github.secret(OWNER, REPO, SECRET, 'production')).toBeUndefined()

    const { data } = await octokit.rest.actions.getRepoSecret({ owner: OWNER, repo: REPO, secret_name: SECRET })
    expect(data).toEqual({ name: SECRET, created_at: expect.any(String), updated_at: expect.any(String) })

    const put_ = github.requests.find((entry) => entry.method === 'PUT')
    expect(put_).toMatchObject({ path: `/repos/${OWNER}/${REPO}/actions/secrets/${SECRET}`, status: 201 })
    expect(put_?.headers.authorization).toBe(`token ${github.token}`)
    expect(github.requests.map((entry) => `${entry.method} ${entry.status}`)).toEqual(['GET 200', 'PUT 201', 'GET 200'])
  })

  test('answers 201 when a secret is created and 204 when it is updated', async () => {
    expect(await storeSecret(octokit, REPO_TARGET, SECRET, 'first')).toBe(201)
    expect(await storeSecret(octokit, REPO_TARGET, SECRET, 'second')).toBe(204)
    expect(github.secret(OWNER, REPO, SECRET)).toBe('second')
    expect(await storeSecret(octokit, REPO_TARGET, SECRET.toLowerCase(), 'third')).toBe(204)
    expect(github.secret(OWNER, REPO, SECRET)).toBe('third')
    expect(await storeSecret(octokit, REPO_TARGET, 'OTHER_SECRET', 'other')).toBe(201)
  })

  test('an environment secret round-trips under its own key pair', async () => {
    github.addEnvironment(OWNER, REPO, 'production')
    const target: Target = { ...REPO_TARGET, environment: 'production' }
    const repoKey = await fetchKey(octokit, REPO_TARGET)
    const environmentKey = await fetchKey(octokit, target)
    expect(environmentKey.key).not.toBe(repoKey.key)
    expect(environmentKey.key_id).not.toBe(repoKey.key_id)

    expect(await put(octokit, target, SECRET, seal('env-value', environmentKey.key), environmentKey.key_id)).toBe(201)
    expect(github.secret(OWNER, REPO, SECRET, 'production')).toBe('env-value')
    expect(github.secret(OWNER, REPO, SECRET, 'Production')).toBe('env-value')
    expect(github.secret(OWNER, REPO, SECRET)).toBeUndefined()
    expect(github.requests.at(-1)?.path).toBe(`/repos/${OWNER}/${REPO}/environments/production/secrets/${SECRET}`)

    // Sealed for the repository key: the environment cannot open it.
    await expect(
      put(octokit, target, SECRET, seal('wrong-key', repoKey.key), environmentKey.key_id),
    ).rejects.toMatchObject({
      status: 422,
    })
    expect(await storeSecret(octokit, target, SECRET, 'env-value-2')).toBe(204)
    expect(github.secret(OWNER, REPO, SECRET, 'production')).toBe('env-value-2')
  })

  test('an unknown environment is 404 Not Found', async () => {
    github.addEnvironment(OWNER, REPO, 'production')
    const target: Target = { ...REPO_TARGET, environment: 'staging' }
    await expect(fetchKey(octokit, target)).rejects.toMatchObject({
      status: 404,
      response: { data: { message: 'Not Found' } },
    })
    const repoKey = await fetchKey(octokit, REPO_TARGET)
    await expect(put(octokit, target, SECRET, seal('v', repoKey.key), repoKey.key_id)).rejects.toMatchObject({
      status: 404,
    })
    expect(github.secret(OWNER, REPO, SECRET, 'staging')).toBeUndefined()
  })

  test('a wrong token is 401 Bad credentials and stores nothing', async () => {
    const key = await fetchKey(octokit, REPO_TARGET)
    const intruder = getOctokit('ghp_wrong', { baseUrl: github.url })
    await expect(fetchKey(intruder, REPO_TARGET)).rejects.toMatchObject({
      status: 401,
      response: { data: { message: 'Bad credentials' } },
    })
    await expect(put(intruder, REPO_TARGET, SECRET, seal('v', key.key), key.key_id)).rejects.toMatchObject({
      status: 401,
    })
    expect(github.secret(OWNER, REPO, SECRET)).toBeUndefined()

    // The Bearer scheme is accepted too; no header at all is refused.
    const bearer = await fetch(`${github.url}/repos/${OWNER}/${REPO}/actions/secrets/public-key`, {
      headers: { authorization: `Bearer ${github.token}` },
    })
    expect(bearer.status).toBe(200)
    const anonymous = await fetch(`${github.url}/repos/${OWNER}/${REPO}/actions/secrets/public-key`)
    expect(anonymous.status).toBe(401)
    await anonymous.text()
  })

  test('a key_id that is not the current one is 422', async () => {
    const key = await fetchKey(octokit, REPO_TARGET)
    // Sealed for the right key, so only the key_id check can refuse it.
    await expect(put(octokit, REPO_TARGET, SECRET, seal('v', key.key), `${key.key_id}1`)).rejects.toMatchObject({
      status: 422,
    })
    expect(github.secret(OWNER, REPO, SECRET)).toBeUndefined()

    github.rotateKey(OWNER, REPO)
    await expect(put(octokit, REPO_TARGET, SECRET, seal('v', key.key), key.key_id)).rejects.toMatchObject({
      status: 422,
    })
    const fresh = await fetchKey(octokit, REPO_TARGET)
    expect(fresh.key_id).not.toBe(key.key_id)
    expect(await put(octokit, REPO_TARGET, SECRET, seal('v', fresh.key), fresh.key_id)).toBe(201)
    expect(github.secret(OWNER, REPO, SECRET)).toBe('v')
  })

  test('a body that is not standard base64 or not sealed for the key is 422', async () => {
    const key = await fetchKey(octokit, REPO_TARGET)
    // libsodium's default variant is URL-safe without padding, which GitHub refuses;
    // 5 bytes of value give a 53-byte box, so padding would be needed.
    const urlSafe = sodium.to_base64(
      sodium.crypto_box_seal('12345', sodium.from_base64(key.key, sodium.base64_variants.ORIGINAL)),
    )
    expect(urlSafe).not.toMatch(/=$/)
    await expect(put(octokit, REPO_TARGET, SECRET, urlSafe, key.key_id)).rejects.toMatchObject({ status: 422 })

    const stranger = sodium.crypto_box_keypair()
    const foreign = sodium.to_base64(sodium.crypto_box_seal('v', stranger.publicKey), sodium.base64_variants.ORIGINAL)
    await expect(put(octokit, REPO_TARGET, SECRET, foreign, key.key_id)).rejects.toMatchObject({
      status: 422,
      response: { data: { message: 'Bad request - validation failed due to an improperly encrypted secret' } },
    })
    await expect(
      put(octokit, REPO_TARGET, SECRET, Buffer.from('plain text').toString('base64'), key.key_id),
    ).rejects.toMatchObject({
      status: 422,
    })
    expect(github.secret(OWNER, REPO, SECRET)).toBeUndefined()
    // GitHub's description allows only standard base64: its check sees the URL-safe form.
    expect(takeViolations()).toEqual([expect.stringContaining('the body /encrypted_value must match pattern')])
    expect(await put(octokit, REPO_TARGET, SECRET, seal('12345', key.key), key.key_id)).toBe(201)
  })

  test('failNext(403) refuses the next write with a GitHub error, then writes succeed again', async () => {
    github.failNext(403)
    await expect(storeSecret(octokit, REPO_TARGET, SECRET, 'v1')).rejects.toMatchObject({
      status: 403,
      response: { data: { message: 'Resource not accessible by personal access token' } },
    })
    expect(github.secret(OWNER, REPO, SECRET)).toBeUndefined()
    // Key fetches are not affected.
    expect(github.requests.map((entry) => `${entry.method} ${entry.status}`)).toEqual(['GET 200', 'PUT 403'])

    expect(await storeSecret(octokit, REPO_TARGET, SECRET, 'v2')).toBe(201)
    expect(github.secret(OWNER, REPO, SECRET)).toBe('v2')
  })

  test('failNext(500, 2) fails two writes', async () => {
    github.failNext(500, 2)
    await expect(storeSecret(octokit, REPO_TARGET, SECRET, 'a')).rejects.toMatchObject({ status: 500 })
    await expect(storeSecret(octokit, REPO_TARGET, SECRET, 'b')).rejects.toMatchObject({ status: 500 })
    expect(github.secret(OWNER, REPO, SECRET)).toBeUndefined()
    expect(await storeSecret(octokit, REPO_TARGET, SECRET, 'c')).toBe(201)
    expect(() => github.failNext(200)).toThrow()
  })

  test('dates every answer and every write by its clock: updated_at moves only when a write lands', async () => {
    await github.stop()
    let now = Date.parse('2026-11-21T10:00:00Z')
    github = new GitHubEmulator({ now: () => now })
    await github.start()
    octokit = getOctokit(github.token, { baseUrl: github.url })
    github.setSecret(OWNER, REPO, SECRET, 'old')
    now += 90_000
    const read = await octokit.rest.actions.getRepoSecret({ owner: OWNER, repo: REPO, secret_name: SECRET })
    expect(read.data).toMatchObject({
      name: SECRET,
      created_at: '2026-11-21T10:00:00Z',
      updated_at: '2026-11-21T10:00:00Z',
    })
    expect(read.headers.date).toBe('Sat, 21 Nov 2026 10:01:30 GMT')
    expect(await storeSecret(octokit, REPO_TARGET, SECRET, 'new')).toBe(204)
    expect(github.secretMetadata(OWNER, REPO, SECRET)).toEqual({
      name: SECRET,
      created_at: '2026-11-21T10:00:00Z',
      updated_at: '2026-11-21T10:01:30Z',
    })
    expect(github.secret(OWNER, REPO, SECRET)).toBe('new')
  })

  test('loseAnswerNext cuts the connection after the write, or (applied: false) instead of it', async () => {
    github.loseAnswerNext()
    await expect(storeSecret(octokit, REPO_TARGET, SECRET, 'landed')).rejects.toMatchObject({ status: 500 })
    expect(github.secret(OWNER, REPO, SECRET)).toBe('landed')
    github.loseAnswerNext(1, { applied: false })
    await expect(storeSecret(octokit, REPO_TARGET, SECRET, 'lost')).rejects.toMatchObject({ status: 500 })
    expect(github.secret(OWNER, REPO, SECRET)).toBe('landed')
    expect(github.requests.filter((r) => r.method === 'PUT').map((r) => r.status)).toEqual([0, 0])
  })

  test('secondaryRateLimitNext refuses writes with 403, the secondary rate limit message and Retry-After', async () => {
    github.secondaryRateLimitNext(1, 7)
    await expect(storeSecret(octokit, REPO_TARGET, SECRET, 'v')).rejects.toMatchObject({
      status: 403,
      response: {
        headers: { 'retry-after': '7' },
        data: { message: expect.stringMatching(/^You have exceeded a secondary rate limit/) },
      },
    })
    expect(github.secret(OWNER, REPO, SECRET)).toBeUndefined()
  })

  test('holdNext pauses the next write until released', async () => {
    const hold = github.holdNext()
    const pending = storeSecret(octokit, REPO_TARGET, SECRET, 'held')
    await hold.reached
    expect(github.secret(OWNER, REPO, SECRET)).toBeUndefined()
    hold.release()
    expect(await pending).toBe(201)
    expect(github.secret(OWNER, REPO, SECRET)).toBe('held')
  })

  test('only configured repositories exist when a list is given', async () => {
    await github.stop()
    github = new GitHubEmulator({ token: 'ghp_configured', repositories: [`${OWNER}/${REPO}`] })
    await github.start()
    octokit = getOctokit(github.token, { baseUrl: github.url })
    await expect(fetchKey(octokit, { owner: OWNER, repo: 'elsewhere' })).rejects.toMatchObject({ status: 404 })
    expect(() => github.addEnvironment(OWNER, 'elsewhere', 'production')).toThrow()
    expect(await storeSecret(octokit, { owner: OWNER.toUpperCase(), repo: REPO }, SECRET, 'v')).toBe(201)
    expect(github.secret(OWNER, REPO, SECRET)).toBe('v')
  })
})

describe('GitHub emulator: organization and Dependabot secrets, repositories by name, faults per store', () => {
  const ORG = 'octo-org'

  const orgKey = async (dependabot = false) =>
    (dependabot
      ? await octokit.rest.dependabot.getOrgPublicKey({ org: ORG })
      : await octokit.rest.actions.getOrgPublicKey({ org: ORG })
    ).data

  test('a repository by name has a stable id, as GET /repos/{owner}/{repo} answers it', async () => {
    const { data } = await octokit.rest.repos.get({ owner: ORG, repo: 'api' })
    expect(data).toMatchObject({
      id: github.repositoryId(`${ORG}/api`),
      name: 'api',
      full_name: `${ORG}/api`,
      owner: { login: ORG },
    })
    expect((await octokit.rest.repos.get({ owner: ORG, repo: 'web' })).data.id).not.toBe(data.id)
    expect((await octokit.rest.repos.get({ owner: ORG.toUpperCase(), repo: 'API' })).data.id).toBe(data.id)
  })

  test('an organization secret with selected repositories: the list is stored, read back and paged', async () => {
    const ids = ['api', 'web', 'worker'].map((repo) => github.repositoryId(`${ORG}/${repo}`))
    const key = await orgKey()
    const written = await octokit.rest.actions.createOrUpdateOrgSecret({
      org: ORG,
      secret_name: SECRET,
      encrypted_value: seal('org-value', key.key),
      key_id: key.key_id,
      visibility: 'selected',
      selected_repository_ids: ids,
    })
    expect(written.status).toBe(201)
    expect(github.stored({ organization: ORG }, SECRET)).toMatchObject({
      value: 'org-value',
      visibility: 'selected',
      repositories: [`${ORG}/api`, `${ORG}/web`, `${ORG}/worker`],
    })
    const { data } = await octokit.rest.actions.getOrgSecret({ org: ORG, secret_name: SECRET })
    expect(data).toEqual({
      name: SECRET,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      visibility: 'selected',
      selected_repositories_url: `${github.url}/orgs/${ORG}/actions/secrets/${SECRET}/repositories`,
    })
    const first = await octokit.rest.actions.listSelectedReposForOrgSecret({
      org: ORG,
      secret_name: SECRET,
      per_page: 2,
      page: 1,
    })
    const second = await octokit.rest.actions.listSelectedReposForOrgSecret({
      org: ORG,
      secret_name: SECRET,
      per_page: 2,
      page: 2,
    })
    expect(first.data.total_count).toBe(3)
    expect([...first.data.repositories, ...second.data.repositories].map((r) => r.id)).toEqual(ids)
    // The repository's own secrets are another store.
    expect(github.secret(ORG, 'api', SECRET)).toBeUndefined()
  })

  test('an organization write must say who may read the secret', async () => {
    github.store({ organization: ORG }, SECRET, 'old', { visibility: 'selected', repositories: [`${ORG}/api`] })
    const key = await orgKey()
    const base = { org: ORG, secret_name: SECRET, encrypted_value: seal('new', key.key), key_id: key.key_id }
    // Octokit's types know visibility is required; the request is sent without it anyway.
    const withoutVisibility = base as typeof base & { visibility: 'all' }
    await expect(octokit.rest.actions.createOrUpdateOrgSecret(withoutVisibility)).rejects.toMatchObject({ status: 422 })
    expect(github.requests.at(-1)?.body).toEqual({ encrypted_value: base.encrypted_value, key_id: base.key_id })
    await expect(
      octokit.rest.actions.createOrUpdateOrgSecret({
        ...base,
        visibility: 'private',
        selected_repository_ids: [github.repositoryId(`${ORG}/api`)],
      }),
    ).rejects.toMatchObject({ status: 422 })
    await expect(
      octokit.rest.actions.createOrUpdateOrgSecret({
        ...base,
        visibility: 'selected',
        selected_repository_ids: [github.repositoryId('elsewhere/api')],
      }),
    ).rejects.toMatchObject({ status: 422 })
    expect(github.stored({ organization: ORG }, SECRET)).toMatchObject({ value: 'old', repositories: [`${ORG}/api`] })
    // `selected` without a list is not documented: here it empties the list.
    expect((await octokit.rest.actions.createOrUpdateOrgSecret({ ...base, visibility: 'selected' })).status).toBe(204)
    expect(github.stored({ organization: ORG }, SECRET)).toMatchObject({
      value: 'new',
      visibility: 'selected',
      repositories: [],
    })
    expect((await octokit.rest.actions.createOrUpdateOrgSecret({ ...base, visibility: 'all' })).status).toBe(204)
    expect(github.stored({ organization: ORG }, SECRET)).toEqual({
      value: 'new',
      created_at: expect.any(String),
      updated_at: expect.any(String),
      visibility: 'all',
    })
    // GitHub's description requires the visibility too: its check sees the write without it.
    expect(takeViolations()).toEqual([
      `PUT /orgs/${ORG}/actions/secrets/${SECRET}: the body must have required property 'visibility'`,
    ])
  })

  test('the selected repositories are set on their own, only while the visibility is selected', async () => {
    github.store({ organization: ORG }, SECRET, 'v', { visibility: 'selected', repositories: [`${ORG}/api`] })
    const web = github.repositoryId(`${ORG}/web`)
    expect(
      (
        await octokit.rest.actions.setSelectedReposForOrgSecret({
          org: ORG,
          secret_name: SECRET,
          selected_repository_ids: [web],
        })
      ).status,
    ).toBe(204)
    expect(github.stored({ organization: ORG }, SECRET)?.repositories).toEqual([`${ORG}/web`])
    github.store({ organization: ORG }, SECRET, 'v', { visibility: 'private' })
    await expect(
      octokit.rest.actions.listSelectedReposForOrgSecret({ org: ORG, secret_name: SECRET }),
    ).rejects.toMatchObject({
      status: 409,
    })
  })

  test('Dependabot secrets are stores of their own, with their own keys; Dependabot takes ids as strings', async () => {
    const actionsKey = await fetchKey(octokit, REPO_TARGET)
    const { data: dependabotKey } = await octokit.rest.dependabot.getRepoPublicKey({ owner: OWNER, repo: REPO })
    const organizationKey = await orgKey(true)
    expect(new Set([actionsKey.key, dependabotKey.key, organizationKey.key, (await orgKey()).key]).size).toBe(4)

    await octokit.rest.dependabot.createOrUpdateRepoSecret({
      owner: OWNER,
      repo: REPO,
      secret_name: SECRET,
      encrypted_value: seal('for-dependabot', dependabotKey.key),
      key_id: dependabotKey.key_id,
    })
    expect(github.stored({ repository: `${OWNER}/${REPO}`, dependabot: true }, SECRET)?.value).toBe('for-dependabot')
    expect(github.secret(OWNER, REPO, SECRET)).toBeUndefined()

    const api = github.repositoryId(`${ORG}/api`)
    await octokit.rest.dependabot.createOrUpdateOrgSecret({
      org: ORG,
      secret_name: SECRET,
      encrypted_value: seal('org-dependabot', organizationKey.key),
      key_id: organizationKey.key_id,
      visibility: 'selected',
      selected_repository_ids: [String(api)],
    })
    expect(github.stored({ organization: ORG, dependabot: true }, SECRET)).toMatchObject({
      value: 'org-dependabot',
      repositories: [`${ORG}/api`],
    })
    expect(github.stored({ organization: ORG }, SECRET)).toBeUndefined()
    // Sealed for the Actions key, the Dependabot store cannot open it.
    await expect(
      octokit.rest.dependabot.createOrUpdateRepoSecret({
        owner: OWNER,
        repo: REPO,
        secret_name: SECRET,
        encrypted_value: seal('wrong', actionsKey.key),
        key_id: dependabotKey.key_id,
      }),
    ).rejects.toMatchObject({ status: 422 })
  })

  test('faults at one store leave the others alone, for writes or for reads', async () => {
    github.at(`/repos/${OWNER}/web/`).failNext(403)
    github.at(`/orgs/${ORG}/actions/`, 'GET').failNext(502)
    github.at(`/repos/${OWNER}/api/`).loseAnswerNext()
    expect(await storeSecret(octokit, REPO_TARGET, SECRET, 'fine')).toBe(201)
    await expect(storeSecret(octokit, { owner: OWNER, repo: 'web' }, SECRET, 'refused')).rejects.toMatchObject({
      status: 403,
    })
    expect(await storeSecret(octokit, { owner: OWNER, repo: 'web' }, SECRET, 'later')).toBe(201)
    await expect(orgKey()).rejects.toMatchObject({ status: 502 })
    expect((await orgKey()).key_id).toMatch(/^\d+$/)
    await expect(storeSecret(octokit, { owner: OWNER, repo: 'api' }, SECRET, 'landed')).rejects.toMatchObject({
      status: 500,
    })
    expect(github.secret(OWNER, 'api', SECRET)).toBe('landed')
    expect(github.secret(OWNER, 'web', SECRET)).toBe('later')
    expect(github.secret(OWNER, REPO, SECRET)).toBe('fine')
  })

  test('every write is logged with its body, so a test can see what was sent', async () => {
    const key = await orgKey()
    await octokit.rest.actions.createOrUpdateOrgSecret({
      org: ORG,
      secret_name: SECRET,
      encrypted_value: seal('v', key.key),
      key_id: key.key_id,
      visibility: 'private',
    })
    expect(github.requests.at(-1)?.body).toEqual({
      encrypted_value: expect.any(String),
      key_id: key.key_id,
      visibility: 'private',
    })
  })
})

describe('GitHub emulator under a path prefix (GitHub Enterprise Server)', () => {
  let ghes: GitHubEmulator
  let client: Octokit

  beforeEach(async () => {
    ghes = new GitHubEmulator({ pathPrefix: '/api/v3' })
    await ghes.start()
    client = getOctokit(ghes.token, { baseUrl: ghes.url })
  })

  afterEach(async () => {
    await ghes.stop()
  })

  test('serves below the prefix, logs each path as sent, and answers 404 outside it', async () => {
    expect(ghes.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v3$/)
    const value = 'napi_' + 'y'.repeat(60)
    expect(await storeSecret(client, REPO_TARGET, SECRET, value)).toBe(201)
    expect(ghes.secret(OWNER, REPO, SECRET)).toBe(value)
    expect(ghes.requests.map((entry) => `${entry.method} ${entry.path}`)).toEqual([
      `GET /api/v3/repos/${OWNER}/${REPO}/actions/secrets/public-key`,
      `PUT /api/v3/repos/${OWNER}/${REPO}/actions/secrets/${SECRET}`,
    ])

    const outside = getOctokit(ghes.token, { baseUrl: new URL(ghes.url).origin })
    await expect(outside.rest.actions.getRepoPublicKey({ owner: OWNER, repo: REPO })).rejects.toMatchObject({
      status: 404,
    })
    const lookalike = getOctokit(ghes.token, { baseUrl: `${ghes.url}x` })
    await expect(lookalike.rest.actions.getRepoPublicKey({ owner: OWNER, repo: REPO })).rejects.toMatchObject({
      status: 404,
    })
  })

  test('faults are set by the path below the prefix', async () => {
    ghes.at(`/repos/${OWNER}/${REPO}/`).failNext(502)
    await expect(storeSecret(client, REPO_TARGET, SECRET, 'v')).rejects.toMatchObject({ status: 502 })
    expect(await storeSecret(client, REPO_TARGET, SECRET, 'v')).toBe(201)
  })

  test('refuses a prefix that is not a plain path', () => {
    expect(() => new GitHubEmulator({ pathPrefix: 'api/v3' })).toThrow(/pathPrefix/)
    expect(() => new GitHubEmulator({ pathPrefix: '/api/v3/' })).toThrow(/pathPrefix/)
  })
})

describe("GitHub emulator: the meta API (GitHub's address ranges)", () => {
  let meta: GitHubEmulator

  beforeEach(async () => {
    meta = new GitHubEmulator()
    await meta.start()
  })

  afterEach(async () => {
    await meta.stop()
  })

  const read = (headers: Record<string, string> = {}) => fetch(`${meta.url}/meta`, { headers })

  test("answers GET /meta as Octokit's meta.get reads it, with the runners' fixed ranges, token or none", async () => {
    const { status, data } = await getOctokit(meta.token, { baseUrl: meta.url }).rest.meta.get()
    expect(status).toBe(200)
    expect(data.actions).toEqual(GITHUB_RUNNER_RANGES.actions)
    expect(data.actions_macos).toEqual(GITHUB_RUNNER_RANGES.actions_macos)
    expect(data.verifiable_password_authentication).toBe(false)
    const anonymous = await read()
    expect(anonymous.status).toBe(200)
    expect(await anonymous.json()).toEqual(data)
    expect(
      meta.requests.map((r) => `${r.method} ${r.path} ${r.status} ${r.headers.authorization ?? 'no token'}`),
    ).toEqual([`GET /meta 200 token ${meta.token}`, 'GET /meta 200 no token'])
  })

  test('serves the ranges a test sets, thousands of them', async () => {
    const many = Array.from({ length: 5000 }, (_, i) => `10.${i >> 8}.${i & 255}.0/24`)
    meta.answerMeta('github', { actions: many, actions_macos: [] })
    expect(((await (await read()).json()) as { actions: string[] }).actions).toEqual(many)
  })

  test('as GitHub Enterprise Server, lists no runner ranges', async () => {
    meta.answerMeta('ghes')
    const body = (await (await read()).json()) as Record<string, unknown>
    expect(body).not.toHaveProperty('actions')
    expect(body).not.toHaveProperty('actions_macos')
    expect(body.verifiable_password_authentication).toBe(false)
  })

  test('rate-limited: an unauthenticated read is refused for the hourly limit, one with the token is answered', async () => {
    const now = Date.now()
    meta.answerMeta('rate-limited')
    const refused = await read()
    expect(refused.status).toBe(403)
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0')
    const reset = Number(refused.headers.get('x-ratelimit-reset')) * 1000
    expect(reset).toBeGreaterThan(now + 59 * 60_000)
    expect(reset).toBeLessThan(now + 61 * 60_000)
    expect(((await refused.json()) as { message: string }).message).toMatch(/^API rate limit exceeded for /)
    expect((await read({ authorization: `Bearer ${meta.token}` })).status).toBe(200)
  })

  test('a wrong token is 401, and faults set at /meta answer it', async () => {
    expect((await read({ authorization: 'Bearer ghs_wrong' })).status).toBe(401)
    meta.at('/meta', 'GET').failNext(503)
    expect((await read()).status).toBe(503)
    expect((await read()).status).toBe(200)
  })
})
