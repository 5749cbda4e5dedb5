// A local stand-in for the slice of GitHub's REST API that the action uses to
// store a rotated API key as a secret: repository, environment and organization
// Actions secrets and repository and organization Dependabot secrets, each store
// with its own key pair; secret metadata (`updated_at`, an organization secret's
// visibility and selected repositories); repositories by name (for their ids).
// Checked the way GitHub checks them (token, key_id, base64, a sealed box the
// store's private key opens, visibility on every organization write), plus
// failure injection, for every write or for one store (error answers, secondary
// rate limits, answers lost after the write, held requests) and a request log.
// Also the meta API (GET /meta), which lists GitHub-hosted runners' address ranges:
// fixed ones, or a test's; as GitHub Enterprise Server answers it (no runner ranges);
// or past the hourly limit of unauthenticated reads.
import { STATUS_CODES, createServer } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { randomBytes, randomInt, randomUUID } from 'node:crypto'
import sodium from 'libsodium-wrappers'
import type { components } from '@octokit/openapi-types'
import { RequestHold } from './faults.ts'
import { flattenHeaders, pathSegments, readBody, splitTarget } from './http.ts'
import { checkAnswer, checkRequest, githubContract, prepareChecks } from './contract.ts'

export interface GitHubEmulatorOptions {
  /** The token the API accepts; default a random installation-style token. */
  token?: string
  /** "owner/repo" names that exist; default every repository exists. */
  repositories?: string[]
  /** GitHub's clock, ms since the epoch: secrets' `updated_at` and the `Date` header. Default Date.now. */
  now?: () => number
  /**
   * Where the API lives below the host, as on GitHub Enterprise Server (`/api/v3`): `url` ends
   * with it and every other path is answered 404. Default none, as api.github.com.
   */
  pathPrefix?: string
}

export interface GitHubRequestLogEntry {
  method: string
  /** Path without the query, as sent. */
  path: string
  query: Record<string, string>
  /** Request headers, lower-case names. */
  headers: Record<string, string | undefined>
  /** The parsed JSON body of a write, or undefined. */
  body?: unknown
  /** Status sent; 0 while unanswered or when the client went away. */
  status: number
}

/** GET /meta's answer, as GitHub's OpenAPI description (`meta/get`) has it. */
type ApiOverview = components['schemas']['api-overview']

/** GitHub-hosted runners' ranges, as GET /meta lists them: one of GitHub's own, documentation ranges (RFC 5737, RFC 3849), a benchmarking one. */
export const GITHUB_RUNNER_RANGES = {
  actions: ['4.148.0.0/16', '198.51.100.0/24', '2001:db8:a11::/48'],
  actions_macos: ['198.18.7.0/24'],
} as const

/** The runners' ranges GET /meta lists: strings, as GitHub lists them, or any JSON a test puts there. */
export type RunnerRangeLists = { actions: unknown[]; actions_macos?: unknown[] }

/** How GET /meta answers: as api.github.com, as GitHub Enterprise Server (no runners' ranges), or past the unauthenticated limit. */
export type MetaAnswer = 'github' | 'ghes' | 'rate-limited'

/** GitHub's message for an unauthenticated read past its hourly limit (60 an address). */
const RATE_LIMIT_MESSAGE =
  "API rate limit exceeded for 127.0.0.1. (But here's the good news: Authenticated requests get a higher rate limit. Check out the documentation for more details.)"

/** GET .../secrets/public-key */
interface PublicKeyBody {
  key_id: string
  key: string
}

/** GET .../secrets/{name} */
export interface SecretMetadata {
  name: string
  created_at: string
  updated_at: string
}

/** Who may read an organization secret. */
export type Visibility = 'all' | 'private' | 'selected'
const VISIBILITIES: readonly Visibility[] = ['all', 'private', 'selected']

/** Where a secret lives: a repository (or one of its environments), or an organization; Actions or Dependabot. */
export type SecretPlace =
  { repository: string; environment?: string; dependabot?: boolean } | { organization: string; dependabot?: boolean }

/** A stored secret as a test sees it: the opened value, its dates, and for an organization secret who may read it. */
export interface StoredSecretView {
  value: string
  created_at: string
  updated_at: string
  visibility?: Visibility
  /** With visibility `selected`: the repositories' full names, in id order. */
  repositories?: string[]
}

interface SealingKey {
  id: string
  publicKey: Uint8Array
  privateKey: Uint8Array
}

interface StoredSecret {
  name: string
  value: string
  createdAt: string
  updatedAt: string
  visibility?: Visibility
  selected?: Set<number>
}

/** One secret store, with its own key pair. `organization`: the store belongs to that organization. */
interface SecretScope {
  key: SealingKey | undefined
  secrets: Map<string, StoredSecret>
  organization?: string
  dependabot: boolean
}

interface RepositoryState {
  id: number
  fullName: string
  actions: SecretScope
  dependabot: SecretScope
  /** Keyed by lower-cased name: GitHub environment names are case-insensitive. */
  environments: Map<string, SecretScope>
}

interface OrganizationState {
  actions: SecretScope
  dependabot: SecretScope
}

interface Reply {
  status: number
  /** Undefined for an empty body (204). */
  body?: unknown
  headers?: Record<string, string>
  /** An answer a test asked for that GitHub's description does not allow, as a fault is: not checked against it. */
  offContract?: boolean
}

/** What happens to one request: refused with a status, done with its answer lost, or held. */
type Fault =
  | { kind: 'status'; status: number; message: string | undefined; retryAfter?: string }
  | { kind: 'lost-answer'; applied: boolean }
  | { kind: 'hold'; hold: RequestHold }

interface QueuedFault {
  fault: Fault
  remaining: number
  method: 'GET' | 'PUT'
  /** Only requests whose path starts with this (compared without case); undefined: any. */
  path?: string
}

/** The fault controls: for every secret write, or (`at()`) for the requests of one store. */
export interface GitHubFaults {
  /** The next `times` matching requests answer `status` with a GitHub-style error. */
  failNext(status: number, times?: number, message?: string): void
  /** The next `times` matching requests hit GitHub's secondary rate limit: 403, its message, and `retry-after` if given (seconds). */
  secondaryRateLimitNext(times?: number, retryAfterSeconds?: number): void
  /**
   * The next `times` matching requests lose their answer: the connection is cut as a proxy in
   * between would cut it. `applied` (default true): GitHub did the work before the answer was lost.
   */
  loseAnswerNext(times?: number, options?: { applied?: boolean }): void
  /** Holds the next matching request until the test calls `release()` on the answer; then it is handled as usual. */
  holdNext(): RequestHold
}

/** GitHub's message for a secondary rate limit, which it answers with 403 (or 429). */
const SECONDARY_RATE_LIMIT_MESSAGE =
  'You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID.'

const DOCS_URL = 'https://docs.github.com/rest'
// GitHub validates encrypted_value with exactly this pattern (standard alphabet, padded).
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})$/
const SECRET_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/
const SECRETS_SEGMENT = 'secrets'
const PUBLIC_KEY_SEGMENT = 'public-key'
const REPOSITORIES_SEGMENT = 'repositories'
/** The first repository id handed out; GitHub's are large integers. */
const FIRST_REPOSITORY_ID = 700_000_001
const DEFAULT_PER_PAGE = 30
const MAX_PER_PAGE = 100

const FAILURE_MESSAGES: Record<number, string> = {
  401: 'Bad credentials',
  403: 'Resource not accessible by personal access token',
  404: 'Not Found',
  422: 'Validation Failed',
  429: 'API rate limit exceeded',
  500: 'Server Error',
  502: 'Server Error',
  503: 'Service Unavailable',
}

export class GitHubEmulator implements GitHubFaults {
  readonly token: string
  private readonly allowedRepositories: Set<string> | undefined
  private readonly repositories = new Map<string, RepositoryState>()
  private readonly organizations = new Map<string, OrganizationState>()
  private nextRepositoryId = FIRST_REPOSITORY_ID
  private readonly faults: QueuedFault[] = []
  private readonly holds = new Set<RequestHold>()
  private readonly log: GitHubRequestLogEntry[] = []
  private readonly requestListeners = new Set<(entry: GitHubRequestLogEntry) => void>()
  private readonly clock: () => number
  private readonly pathPrefix: string
  private server: Server | undefined
  private baseUrl: string | undefined
  private requestId: string | undefined
  private metaAnswer: MetaAnswer = 'github'
  private runnerRanges: RunnerRangeLists = {
    actions: [...GITHUB_RUNNER_RANGES.actions],
    actions_macos: [...GITHUB_RUNNER_RANGES.actions_macos],
  }

  constructor(options: GitHubEmulatorOptions = {}) {
    this.token = options.token ?? `ghs_${randomBytes(18).toString('hex')}`
    this.allowedRepositories = options.repositories
      ? new Set(options.repositories.map((name) => name.toLowerCase()))
      : undefined
    this.clock = options.now ?? Date.now
    const prefix = options.pathPrefix ?? ''
    if (prefix !== '' && !/^(\/[A-Za-z0-9._~-]+)+$/.test(prefix))
      throw new Error('pathPrefix is a path such as /api/v3, without a trailing slash')
    this.pathPrefix = prefix
  }

  // ---- lifecycle ---------------------------------------------------------

  async start(port = 0, host = '127.0.0.1'): Promise<string> {
    if (this.server) throw new Error('the GitHub emulator is already started')
    prepareChecks(githubContract)
    // Key pairs are made on demand while answering, which needs the library loaded.
    await sodium.ready
    const server = createServer((req, res) => this.serve(req, res))
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, host, () => {
        server.off('error', reject)
        resolve()
      })
    })
    const address = server.address() as AddressInfo
    const hostInUrl = host.includes(':') ? `[${host}]` : host
    this.server = server
    this.baseUrl = `http://${hostInUrl}:${address.port}${this.pathPrefix}`
    return this.baseUrl
  }

  async stop(): Promise<void> {
    const server = this.server
    if (!server) return
    this.server = undefined
    this.baseUrl = undefined
    for (const hold of this.holds) hold.abort()
    this.holds.clear()
    await new Promise<void>((resolve) => {
      server.close(() => resolve())
      // Keep-alive connections from the client would otherwise hold close() open.
      server.closeAllConnections()
    })
  }

  /** What GITHUB_API_URL is set to: no trailing slash; the path prefix, if any. */
  get url(): string {
    if (this.baseUrl === undefined) throw new Error('the GitHub emulator is not started')
    return this.baseUrl
  }

  // ---- test controls -------------------------------------------------------

  addEnvironment(owner: string, repo: string, name: string): void {
    const repository = this.repository(owner, repo)
    if (!repository) throw new Error(`repository ${owner}/${repo} is not configured`)
    const id = name.toLowerCase()
    if (!repository.environments.has(id)) repository.environments.set(id, newScope(false))
  }

  /** The repository's id, as GET /repos/{owner}/{repo} answers it. */
  repositoryId(fullName: string): number {
    const [owner = '', repo = ''] = fullName.split('/')
    const repository = this.repository(owner, repo)
    if (!repository) throw new Error(`repository ${fullName} is not configured`)
    return repository.id
  }

  /** The decrypted value stored under the secret name, or undefined. */
  secret(owner: string, repo: string, name: string, environment?: string): string | undefined {
    return this.stored({ repository: `${owner}/${repo}`, environment }, name)?.value
  }

  /** A secret of any store as a test sees it, or undefined. */
  stored(place: SecretPlace, name: string): StoredSecretView | undefined {
    const secret = this.scopeOf(place)?.secrets.get(name.toUpperCase())
    if (!secret) return undefined
    const view: StoredSecretView = { value: secret.value, created_at: secret.createdAt, updated_at: secret.updatedAt }
    if (secret.visibility !== undefined) view.visibility = secret.visibility
    if (secret.selected !== undefined) view.repositories = this.fullNames(secret.selected)
    return view
  }

  /** Replaces the key pair: a later write with the old key_id is refused, as after GitHub rotates a key. */
  rotateKey(owner: string, repo: string, environment?: string): void {
    const scope = this.scopeOf({ repository: `${owner}/${repo}`, environment })
    if (!scope) throw new Error('no such repository or environment')
    // The new pair is made on the next request, so this also works before start().
    scope.key = undefined
  }

  /**
   * Stores a secret as if an earlier workflow had written it, at GitHub's current time. The
   * value is kept as given: tests read it back with `secret()`.
   */
  setSecret(owner: string, repo: string, name: string, value: string, environment?: string): void {
    this.store({ repository: `${owner}/${repo}`, environment }, name, value)
  }

  /**
   * Stores a secret in any store as if an earlier workflow had written it, at GitHub's current
   * time. An organization secret needs `visibility`, and with `selected` its `repositories`
   * (full names, of that organization).
   */
  store(
    place: SecretPlace,
    name: string,
    value: string,
    access: { visibility?: Visibility; repositories?: string[] } = {},
  ): void {
    const scope = this.scopeOf(place)
    if (!scope) throw new Error('no such repository or environment')
    const id = name.toUpperCase()
    const now = isoSeconds(this.clock())
    const existing = scope.secrets.get(id)
    const secret: StoredSecret = { name: id, value, createdAt: existing?.createdAt ?? now, updatedAt: now }
    if (scope.organization !== undefined) {
      if (access.visibility === undefined) throw new Error('an organization secret needs a visibility')
      secret.visibility = access.visibility
      if (access.visibility === 'selected')
        secret.selected = new Set((access.repositories ?? []).map((r) => this.repositoryId(r)))
    }
    scope.secrets.set(id, secret)
  }

  /** The secret's metadata (`updated_at`…), as GET .../secrets/{name} answers it, or undefined. */
  secretMetadata(owner: string, repo: string, name: string, environment?: string): SecretMetadata | undefined {
    const stored = this.stored({ repository: `${owner}/${repo}`, environment }, name)
    return stored && { name: name.toUpperCase(), created_at: stored.created_at, updated_at: stored.updated_at }
  }

  /** The `x-github-request-id` of every answer from now on (a hostile one, say); undefined: a fresh one each, as GitHub's. */
  answerWithRequestId(id: string | undefined): void {
    this.requestId = id
  }

  /**
   * How GET /meta answers from now on, and (as api.github.com) which runners' ranges it lists: any JSON, for an
   * answer GitHub's description does not allow (`actions: [7, {}]`, a list of a million ranges).
   */
  answerMeta(as: MetaAnswer, ranges?: RunnerRangeLists): void {
    this.metaAnswer = as
    if (ranges) this.runnerRanges = ranges
  }

  failNext(status: number, times = 1, message?: string): void {
    this.faultsFor('PUT', undefined).failNext(status, times, message)
  }

  secondaryRateLimitNext(times = 1, retryAfterSeconds?: number): void {
    this.faultsFor('PUT', undefined).secondaryRateLimitNext(times, retryAfterSeconds)
  }

  loseAnswerNext(times = 1, options: { applied?: boolean } = {}): void {
    this.faultsFor('PUT', undefined).loseAnswerNext(times, options)
  }

  holdNext(): RequestHold {
    return this.faultsFor('PUT', undefined).holdNext()
  }

  /**
   * Faults for the requests whose path starts with `path` only (one store: `/repos/octo-org/web/`,
   * `/orgs/octo-org/actions/`), the secret writes (PUT) or the reads (GET). Faults are taken in
   * the order they were queued, the first that matches a request.
   */
  at(path: string, method: 'GET' | 'PUT' = 'PUT'): GitHubFaults {
    return this.faultsFor(method, path)
  }

  get requests(): readonly GitHubRequestLogEntry[] {
    return this.log
  }

  clearRequests(): void {
    this.log.length = 0
  }

  /** Calls `listener` as each request arrives, before it is handled, as the platform emulator's onRequest. */
  onRequest(listener: (entry: GitHubRequestLogEntry) => void): () => void {
    this.requestListeners.add(listener)
    return () => this.requestListeners.delete(listener)
  }

  // ---- state ---------------------------------------------------------------

  private faultsFor(method: 'GET' | 'PUT', path: string | undefined): GitHubFaults {
    const queue = (fault: Fault, times: number, what: string) => {
      if (!(times === Infinity || (Number.isInteger(times) && times >= 1))) {
        throw new Error(`${what} needs a positive number of times, got ${times}`)
      }
      this.faults.push({ fault, remaining: times, method, path: path?.toLowerCase() })
    }
    return {
      failNext: (status, times = 1, message) => {
        if (!Number.isInteger(status) || status < 400 || status > 599)
          throw new Error(`failNext needs an error status, got ${status}`)
        queue({ kind: 'status', status, message }, times, 'failNext')
      },
      secondaryRateLimitNext: (times = 1, retryAfterSeconds) => {
        const fault: Fault = { kind: 'status', status: 403, message: SECONDARY_RATE_LIMIT_MESSAGE }
        if (retryAfterSeconds !== undefined) fault.retryAfter = String(retryAfterSeconds)
        queue(fault, times, 'secondaryRateLimitNext')
      },
      loseAnswerNext: (times = 1, options = {}) =>
        queue({ kind: 'lost-answer', applied: options.applied ?? true }, times, 'loseAnswerNext'),
      holdNext: () => {
        const hold = new RequestHold()
        queue({ kind: 'hold', hold }, 1, 'holdNext')
        return hold
      },
    }
  }

  /** The fault for this request: the first queued one that matches it. */
  private takeFault(method: string, path: string): Fault | undefined {
    const lower = path.toLowerCase()
    const at = this.faults.findIndex((f) => f.method === method && (f.path === undefined || lower.startsWith(f.path)))
    const queued = this.faults[at]
    if (!queued) return undefined
    queued.remaining -= 1
    if (queued.remaining <= 0) this.faults.splice(at, 1)
    return queued.fault
  }

  /** The repository's state, created on first use; undefined when it is not configured. */
  private repository(owner: string, repo: string): RepositoryState | undefined {
    const id = `${owner}/${repo}`.toLowerCase()
    if (!owner || !repo || (this.allowedRepositories && !this.allowedRepositories.has(id))) return undefined
    let state = this.repositories.get(id)
    if (!state) {
      state = {
        id: this.nextRepositoryId++,
        fullName: `${owner}/${repo}`,
        actions: newScope(false),
        dependabot: newScope(true),
        environments: new Map(),
      }
      this.repositories.set(id, state)
    }
    return state
  }

  private organization(org: string): OrganizationState {
    const id = org.toLowerCase()
    let state = this.organizations.get(id)
    if (!state) {
      state = { actions: newScope(false, id), dependabot: newScope(true, id) }
      this.organizations.set(id, state)
    }
    return state
  }

  private scopeOf(place: SecretPlace): SecretScope | undefined {
    if ('organization' in place) {
      const org = this.organization(place.organization)
      return place.dependabot ? org.dependabot : org.actions
    }
    const [owner = '', repo = '', ...rest] = place.repository.split('/')
    const repository = rest.length === 0 ? this.repository(owner, repo) : undefined
    if (!repository) return undefined
    if (place.environment !== undefined)
      return place.dependabot ? undefined : repository.environments.get(place.environment.toLowerCase())
    return place.dependabot ? repository.dependabot : repository.actions
  }

  private repositoryById(id: number): RepositoryState | undefined {
    for (const repository of this.repositories.values()) if (repository.id === id) return repository
    return undefined
  }

  private fullNames(ids: Set<number>): string[] {
    return [...ids].sort((a, b) => a - b).map((id) => this.repositoryById(id)?.fullName ?? String(id))
  }

  // ---- HTTP ----------------------------------------------------------------

  private serve(req: IncomingMessage, res: ServerResponse): void {
    this.handle(req, res).catch(() => {
      // Last resort: the emulator must never take the test process down.
      if (res.headersSent || res.destroyed) {
        res.destroy()
        return
      }
      send(res, { status: 500, body: githubError(500, 'Server Error') }, this.clock(), this.requestId)
    })
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase()
    const { pathname: sent, query } = splitTarget(req.url ?? '/')
    const entry: GitHubRequestLogEntry = { method, path: sent, query, headers: flattenHeaders(req.headers), status: 0 }
    // Routes and faults see the path below the prefix; a path outside it is no API path at all.
    const inside = this.pathPrefix === '' || sent === this.pathPrefix || sent.startsWith(`${this.pathPrefix}/`)
    const pathname = inside ? sent.slice(this.pathPrefix.length) || '/' : undefined
    this.log.push(entry)
    for (const listener of this.requestListeners) listener(entry)

    const body = await readBody(req)
    if (!body.complete) return
    if (method === 'PUT') {
      try {
        entry.body = JSON.parse(body.bytes.toString('utf8'))
      } catch {
        // Logged as absent; the route refuses it.
      }
    }
    const routed =
      pathname === undefined
        ? notFound()
        : body.tooLarge
          ? { status: 413, body: githubError(413, 'Payload too big') }
          : this.route(method, pathname, query, entry.headers.authorization, body.bytes)
    let reply: Reply
    if (typeof routed === 'function') {
      // An authenticated request to a known store: where a queued fault has its say.
      const fault =
        pathname !== undefined && (method === 'GET' || method === 'PUT') ? this.takeFault(method, pathname) : undefined
      if (fault?.kind === 'hold') {
        this.holds.add(fault.hold)
        const released = await fault.hold.wait()
        this.holds.delete(fault.hold)
        if (!released) return
      }
      if (fault?.kind === 'lost-answer') {
        if (fault.applied) routed()
        req.socket.destroy()
        return
      }
      reply = fault?.kind === 'status' ? faultReply(fault) : routed()
    } else reply = routed
    if (res.destroyed) return
    entry.status = reply.status
    if (pathname !== undefined && !body.tooLarge) {
      checkRequest(githubContract, { method, path: pathname, query, body: body.bytes })
      if (!reply.offContract) checkAnswer(githubContract, method, pathname, reply.status, reply.body)
    }
    send(res, reply, this.clock(), this.requestId)
  }

  /** The answer, or for an authenticated request to a known store the work itself, done once faults had their say. */
  private route(
    method: string,
    pathname: string,
    query: Record<string, string>,
    authorization: string | undefined,
    body: Buffer,
  ): Reply | (() => Reply) {
    const segments = pathSegments(pathname)
    if (!segments || segments.some((s) => s === '')) return notFound()
    let place: SecretPlace
    let rest: string[]
    const [root, first = '', second = '', third, ...more] = segments
    if (root === 'meta' && segments.length === 1) return method === 'GET' ? this.meta(authorization) : notFound()
    if (root === 'repos' && segments.length === 3) {
      if (method !== 'GET') return notFound()
      const denied = this.authenticate(authorization)
      if (denied) return denied
      const repository = this.repository(first, second)
      return repository ? () => ({ status: 200, body: repositoryRecord(repository, 'full') }) : notFound()
    }
    if (root === 'repos' && (third === 'actions' || third === 'dependabot') && more[0] === SECRETS_SEGMENT) {
      place = { repository: `${first}/${second}`, dependabot: third === 'dependabot' }
      rest = more.slice(1)
    } else if (root === 'repos' && third === 'environments' && more[1] === SECRETS_SEGMENT && more[0] !== undefined) {
      place = { repository: `${first}/${second}`, environment: more[0] }
      rest = more.slice(2)
    } else if (
      root === 'orgs' &&
      (second === 'actions' || second === 'dependabot') &&
      third === SECRETS_SEGMENT &&
      segments.length >= 5
    ) {
      place = { organization: first, dependabot: second === 'dependabot' }
      rest = more
    } else {
      return notFound()
    }
    const [name = '', sub, ...beyond] = rest
    if (beyond.length > 0 || name === '') return notFound()
    const isPublicKey = name === PUBLIC_KEY_SEGMENT && sub === undefined
    const isRepositories = sub === REPOSITORIES_SEGMENT && 'organization' in place
    if (sub !== undefined && !isRepositories) return notFound()
    if (!(method === 'GET' || (method === 'PUT' && !isPublicKey))) return notFound()

    const denied = this.authenticate(authorization)
    if (denied) return denied
    const scope = this.scopeOf(place)
    if (!scope) return notFound()

    if (isPublicKey) return () => ({ status: 200, body: publicKeyOf(scope) })
    if (isRepositories) {
      return method === 'GET' ? () => this.listSelected(scope, name, query) : () => this.setSelected(scope, name, body)
    }
    if (method === 'GET') return () => this.readSecret(scope, name)
    return () => this.writeSecret(scope, name, body)
  }

  private authenticate(authorization: string | undefined): Reply | undefined {
    const token = presentedToken(authorization)
    if (token === undefined) return { status: 401, body: githubError(401, 'Requires authentication') }
    if (token !== this.token) return { status: 401, body: githubError(401, 'Bad credentials') }
    return undefined
  }

  /** GET /meta needs no token, but refuses a wrong one; without one, the hourly limit may be spent. */
  private meta(authorization: string | undefined): Reply | (() => Reply) {
    if (authorization !== undefined) {
      const denied = this.authenticate(authorization)
      if (denied) return denied
    } else if (this.metaAnswer === 'rate-limited') {
      const reset = String(Math.ceil(this.clock() / 1000) + 3600)
      const headers = { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset }
      return { status: 403, body: githubError(403, RATE_LIMIT_MESSAGE), headers }
    }
    const base: ApiOverview = {
      verifiable_password_authentication: false,
      hooks: ['192.30.252.0/22'],
      api: ['192.30.252.0/22'],
    }
    if (this.metaAnswer === 'ghes') return () => ({ status: 200, body: base })
    // A test's ranges may be no strings: the answer is then no ApiOverview, as a broken or hostile server's is not.
    const { actions, actions_macos = [] } = this.runnerRanges
    const offContract = [...actions, ...actions_macos].some((range) => typeof range !== 'string')
    return () => ({ status: 200, body: { ...base, ...this.runnerRanges }, offContract })
  }

  private readSecret(scope: SecretScope, name: string): Reply {
    const stored = scope.secrets.get(name.toUpperCase())
    if (!stored) return notFound()
    const metadata: Record<string, unknown> = {
      name: stored.name,
      created_at: stored.createdAt,
      updated_at: stored.updatedAt,
    }
    if (stored.visibility !== undefined) {
      metadata.visibility = stored.visibility
      if (stored.visibility === 'selected') {
        const area = scope.dependabot ? 'dependabot' : 'actions'
        metadata.selected_repositories_url = `${this.baseUrl ?? ''}/orgs/${scope.organization ?? ''}/${area}/secrets/${stored.name}/repositories`
      }
    }
    return { status: 200, body: metadata }
  }

  /** GET …/secrets/{name}/repositories: the selected repositories, paged by `per_page` and `page`. */
  private listSelected(scope: SecretScope, name: string, query: Record<string, string>): Reply {
    const stored = scope.secrets.get(name.toUpperCase())
    if (!stored) return notFound()
    if (stored.visibility !== 'selected')
      return { status: 409, body: githubError(409, "The secret's visibility is not 'selected'") }
    const perPage = pageParameter(query.per_page, DEFAULT_PER_PAGE)
    const page = pageParameter(query.page, 1)
    if (perPage === undefined || page === undefined) return unprocessable('Invalid page or per_page')
    const ids = [...(stored.selected ?? [])].sort((a, b) => a - b)
    const shown = ids.slice((page - 1) * Math.min(perPage, MAX_PER_PAGE), page * Math.min(perPage, MAX_PER_PAGE))
    return {
      status: 200,
      body: {
        total_count: ids.length,
        repositories: shown
          .map((id) => this.repositoryById(id))
          .flatMap((r) => (r ? [repositoryRecord(r, 'minimal')] : [])),
      },
    }
  }

  /** PUT …/secrets/{name}/repositories: replaces the selected repositories. */
  private setSelected(scope: SecretScope, name: string, raw: Buffer): Reply {
    const stored = scope.secrets.get(name.toUpperCase())
    if (!stored) return notFound()
    const body = jsonObject(raw)
    if ('refused' in body) return body.refused
    const { fields } = body
    if (stored.visibility !== 'selected')
      return { status: 409, body: githubError(409, "The secret's visibility is not 'selected'") }
    const ids = this.selectedIds(scope, fields.selected_repository_ids)
    if (!(ids instanceof Set)) return ids
    stored.selected = ids
    return { status: 204 }
  }

  private writeSecret(scope: SecretScope, name: string, raw: Buffer): Reply {
    const body = jsonObject(raw)
    if ('refused' in body) return body.refused
    const { fields } = body
    if (!SECRET_NAME.test(name) || /^GITHUB_/i.test(name)) {
      return invalid(
        'Secret names can only contain alphanumeric characters or underscores, must not start with a number and must not start with GITHUB_.',
      )
    }
    for (const field of ['encrypted_value', 'key_id']) {
      if (fields[field] === undefined) return invalid(`"${field}" wasn't supplied.`)
      if (typeof fields[field] !== 'string') {
        return invalid(`For 'properties/${field}', ${JSON.stringify(fields[field])} is not a string.`)
      }
    }
    const encrypted = fields.encrypted_value as string
    const keyId = fields.key_id as string
    if (!BASE64.test(encrypted)) return invalid(`${encrypted} does not match ${BASE64}.`)

    // An organization secret says on every write who may read it.
    let visibility: Visibility | undefined
    let selected: Set<number> | undefined
    if (scope.organization !== undefined) {
      if (fields.visibility === undefined) return invalid(`"visibility" wasn't supplied.`)
      if (!VISIBILITIES.includes(fields.visibility as Visibility)) {
        return invalid(
          `For 'properties/visibility', ${JSON.stringify(fields.visibility)} is not one of all, private or selected.`,
        )
      }
      visibility = fields.visibility as Visibility
      if (fields.selected_repository_ids !== undefined) {
        if (visibility !== 'selected')
          return unprocessable('selected_repository_ids can only be set when visibility is selected')
        const ids = this.selectedIds(scope, fields.selected_repository_ids)
        if (!(ids instanceof Set)) return ids
        selected = ids
      } else if (visibility === 'selected') {
        // GitHub does not document what `selected` without a list does to the current one: here
        // it empties it, so a client that leaves the list out is caught.
        selected = new Set()
      }
    }

    const key = (scope.key ??= newKey())
    if (keyId !== key.id) return unprocessable('Bad request - key_id does not match the current public key')
    let value: string
    try {
      const opened = sodium.crypto_box_seal_open(Buffer.from(encrypted, 'base64'), key.publicKey, key.privateKey)
      value = Buffer.from(opened).toString('utf8')
    } catch {
      return unprocessable('Bad request - validation failed due to an improperly encrypted secret')
    }

    const id = name.toUpperCase()
    const now = isoSeconds(this.clock())
    const existing = scope.secrets.get(id)
    const secret: StoredSecret = existing ?? { name: id, value, createdAt: now, updatedAt: now }
    secret.value = value
    secret.updatedAt = now
    if (visibility !== undefined) secret.visibility = visibility
    if (visibility !== undefined) {
      if (selected) secret.selected = selected
      else delete secret.selected
    }
    scope.secrets.set(id, secret)
    return existing ? { status: 204 } : { status: 201, body: {} }
  }

  /** `selected_repository_ids`: ids of repositories of the store's organization (Dependabot takes digit strings too). */
  private selectedIds(scope: SecretScope, raw: unknown): Set<number> | Reply {
    if (!Array.isArray(raw))
      return invalid(`For 'properties/selected_repository_ids', ${JSON.stringify(raw)} is not an array.`)
    const ids = new Set<number>()
    for (const item of raw) {
      const id =
        typeof item === 'number'
          ? item
          : scope.dependabot && typeof item === 'string' && /^\d+$/.test(item)
            ? Number(item)
            : NaN
      if (!Number.isSafeInteger(id)) {
        return invalid(
          `For 'items', ${JSON.stringify(item)} is not ${scope.dependabot ? 'an integer or a string of digits' : 'an integer'}.`,
        )
      }
      const repository = this.repositoryById(id)
      if (!repository || repository.fullName.split('/')[0]?.toLowerCase() !== scope.organization) {
        return unprocessable(`Repository ${id} is not a repository of the organization`)
      }
      ids.add(id)
    }
    return ids
  }
}

// ---- helpers ---------------------------------------------------------------

function newScope(dependabot: boolean, organization?: string): SecretScope {
  const scope: SecretScope = { key: undefined, secrets: new Map(), dependabot }
  if (organization !== undefined) scope.organization = organization
  return scope
}

function newKey(): SealingKey {
  const pair = sodium.crypto_box_keypair()
  // GitHub key ids are long decimal strings.
  const id = String(randomInt(1, 2 ** 47)) + String(randomInt(0, 100_000)).padStart(5, '0')
  return { id, publicKey: pair.publicKey, privateKey: pair.privateKey }
}

function publicKeyOf(scope: SecretScope): PublicKeyBody {
  scope.key ??= newKey()
  return { key_id: scope.key.id, key: sodium.to_base64(scope.key.publicKey, sodium.base64_variants.ORIGINAL) }
}

/** GET /repos/{owner}/{repo}, the fields the action reads and a few more. */
/**
 * A repository as GitHub's description shows one: its own example (a full record for GET /repos/{owner}/{repo}, a
 * minimal one in lists), with this repository's id, owner and name.
 */
function repositoryRecord(repository: RepositoryState, form: 'full' | 'minimal'): Record<string, unknown> {
  const examples = githubContract().description.components as { examples: Record<string, { value: unknown }> }
  const example =
    form === 'full'
      ? examples.examples['full-repository-default-response']!.value
      : (examples.examples['public-repository-paginated']!.value as { repositories: unknown[] }).repositories[0]
  const [owner = '', name = ''] = repository.fullName.split('/')
  const text = JSON.stringify(example).replaceAll('octocat/Hello-World', repository.fullName)
  const record = JSON.parse(text.replaceAll('"Hello-World"', JSON.stringify(name))) as Record<string, unknown>
  // The example is of a fork; this one is no fork. It also leaves out `language`, which a full record requires.
  delete record.parent
  delete record.source
  if (form === 'full') record.language = null
  return {
    ...record,
    id: repository.id,
    private: true,
    fork: false,
    owner: { ...(record.owner as object), login: owner },
  }
}

function pageParameter(raw: string | undefined, fallback: number): number | undefined {
  if (raw === undefined) return fallback
  const value = /^\d{1,6}$/.test(raw) ? Number(raw) : 0
  return value >= 1 ? value : undefined
}

function jsonObject(raw: Buffer): { fields: Record<string, unknown> } | { refused: Reply } {
  let parsed: unknown
  try {
    parsed = JSON.parse(raw.toString('utf8'))
  } catch {
    return { refused: { status: 400, body: githubError(400, 'Problems parsing JSON') } }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return { refused: invalid('Body should be a JSON object') }
  return { fields: parsed as Record<string, unknown> }
}

/** GitHub accepts both schemes for personal access and installation tokens. */
function presentedToken(header: string | undefined): string | undefined {
  if (header === undefined) return undefined
  const match = /^\s*(?:bearer|token)\s+(\S+)\s*$/i.exec(header)
  return match ? match[1] : undefined
}

function faultReply(fault: Extract<Fault, { kind: 'status' }>): Reply {
  const message = fault.message ?? FAILURE_MESSAGES[fault.status] ?? STATUS_CODES[fault.status] ?? 'Error'
  const reply: Reply = { status: fault.status, body: githubError(fault.status, message) }
  if (fault.retryAfter !== undefined) reply.headers = { 'retry-after': fault.retryAfter }
  return reply
}

function githubError(status: number, message: string): Record<string, string> {
  return { message, documentation_url: DOCS_URL, status: String(status) }
}

function notFound(): Reply {
  return { status: 404, body: githubError(404, 'Not Found') }
}

function unprocessable(message: string): Reply {
  return { status: 422, body: githubError(422, message) }
}

function invalid(detail: string): Reply {
  return unprocessable(`Invalid request.\n\n${detail}`)
}

function isoSeconds(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z')
}

/** Sends the reply, dated by GitHub's clock (`now`), as GitHub dates every answer. */
function send(res: ServerResponse, reply: Reply, now: number, requestId = randomUUID().toUpperCase()): void {
  if (res.destroyed || res.headersSent) return
  const headers: Record<string, string> = {
    ...reply.headers,
    date: new Date(now).toUTCString(),
    'x-github-request-id': requestId,
  }
  if (reply.body === undefined) {
    res.writeHead(reply.status, headers)
    res.end()
    return
  }
  const text = JSON.stringify(reply.body)
  res.writeHead(reply.status, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
  })
  res.end(text)
}
