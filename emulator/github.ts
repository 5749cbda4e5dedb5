// A local stand-in for the slice of GitHub's REST API that the action uses to
// store a rotated API key as an Actions secret: repository and environment
// public keys, secret metadata (`updated_at`) and secret writes, checked the way
// GitHub checks them (token, key_id, base64, sealed box), plus failure injection
// (error answers, secondary rate limits, answers lost after the write, held
// writes) and a request log.
import { STATUS_CODES, createServer } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { randomBytes, randomInt, randomUUID } from 'node:crypto'
import sodium from 'libsodium-wrappers'
import { RequestHold } from './faults.ts'
import { flattenHeaders, pathSegments, readBody, splitTarget } from './http.ts'

export interface GitHubEmulatorOptions {
  /** The token the API accepts; default a random installation-style token. */
  token?: string
  /** "owner/repo" names that exist; default every repository exists. */
  repositories?: string[]
  /** GitHub's clock, ms since the epoch: secrets' `updated_at` and the `Date` header. Default Date.now. */
  now?: () => number
}

export interface GitHubRequestLogEntry {
  method: string
  /** Path without the query, as sent. */
  path: string
  /** Request headers, lower-case names. */
  headers: Record<string, string | undefined>
  /** Status sent; 0 while unanswered or when the client went away. */
  status: number
}

/** GET .../secrets/public-key */
export interface PublicKeyBody {
  key_id: string
  key: string
}

/** GET .../secrets/{name} */
export interface SecretMetadata {
  name: string
  created_at: string
  updated_at: string
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
}

/** Where secrets live: a repository or one of its environments, each with its own key pair. */
interface SecretScope {
  key: SealingKey | undefined
  secrets: Map<string, StoredSecret>
}

interface RepositoryState {
  scope: SecretScope
  /** Keyed by lower-cased name: GitHub environment names are case-insensitive. */
  environments: Map<string, SecretScope>
}

interface Reply {
  status: number
  /** Undefined for an empty body (204). */
  body?: unknown
  headers?: Record<string, string>
}

/** What happens to one secret write: refused with a status, written with its answer lost, or held. */
type WriteFault =
  | { kind: 'status'; status: number; message: string | undefined; retryAfter?: string }
  | { kind: 'lost-answer'; applied: boolean }
  | { kind: 'hold'; hold: RequestHold }

interface QueuedFault {
  fault: WriteFault
  remaining: number
}

/** GitHub's message for a secondary rate limit, which it answers with 403 (or 429). */
export const SECONDARY_RATE_LIMIT_MESSAGE =
  'You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID.'

const DOCS_URL = 'https://docs.github.com/rest'
// GitHub validates encrypted_value with exactly this pattern (standard alphabet, padded).
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})$/
const SECRET_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/
const SECRETS_SEGMENT = 'secrets'
const PUBLIC_KEY_SEGMENT = 'public-key'

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

export class GitHubEmulator {
  readonly token: string
  private readonly allowedRepositories: Set<string> | undefined
  private readonly repositories = new Map<string, RepositoryState>()
  private readonly faults: QueuedFault[] = []
  private readonly holds = new Set<RequestHold>()
  private readonly log: GitHubRequestLogEntry[] = []
  private readonly clock: () => number
  private server: Server | undefined
  private baseUrl: string | undefined

  constructor(options: GitHubEmulatorOptions = {}) {
    this.token = options.token ?? `ghs_${randomBytes(18).toString('hex')}`
    this.allowedRepositories = options.repositories ? new Set(options.repositories.map((name) => name.toLowerCase())) : undefined
    this.clock = options.now ?? Date.now
  }

  // ---- lifecycle ---------------------------------------------------------

  async start(port = 0, host = '127.0.0.1'): Promise<string> {
    if (this.server) throw new Error('the GitHub emulator is already started')
    // Key pairs are made on demand while answering, which needs the library loaded.
    await sodium.ready
    const server = createServer((req, res) => this.onRequest(req, res))
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
    this.baseUrl = `http://${hostInUrl}:${address.port}`
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

  /** What GITHUB_API_URL is set to: no trailing slash, no path. */
  get url(): string {
    if (this.baseUrl === undefined) throw new Error('the GitHub emulator is not started')
    return this.baseUrl
  }

  // ---- test controls -------------------------------------------------------

  addEnvironment(owner: string, repo: string, name: string): void {
    const repository = this.repository(owner, repo)
    if (!repository) throw new Error(`repository ${owner}/${repo} is not configured`)
    const id = name.toLowerCase()
    if (!repository.environments.has(id)) repository.environments.set(id, newScope())
  }

  /** The decrypted value stored under the secret name, or undefined. */
  secret(owner: string, repo: string, name: string, environment?: string): string | undefined {
    const scope = this.existingScope(owner, repo, environment)
    return scope?.secrets.get(name.toUpperCase())?.value
  }

  /** Replaces the key pair: a later write with the old key_id is refused, as after GitHub rotates a key. */
  rotateKey(owner: string, repo: string, environment?: string): void {
    const scope = this.existingScope(owner, repo, environment)
    if (!scope) throw new Error('no such repository or environment')
    // The new pair is made on the next request, so this also works before start().
    scope.key = undefined
  }

  /**
   * Stores a secret as if an earlier workflow had written it, at GitHub's current time. The
   * value is kept as given: tests read it back with `secret()`.
   */
  setSecret(owner: string, repo: string, name: string, value: string, environment?: string): void {
    const scope = this.existingScope(owner, repo, environment)
    if (!scope) throw new Error('no such repository or environment')
    const id = name.toUpperCase()
    const now = isoSeconds(this.clock())
    const existing = scope.secrets.get(id)
    scope.secrets.set(id, { name: id, value, createdAt: existing?.createdAt ?? now, updatedAt: now })
  }

  /** The secret's metadata (`updated_at`…), as GET .../secrets/{name} answers it, or undefined. */
  secretMetadata(owner: string, repo: string, name: string, environment?: string): SecretMetadata | undefined {
    const stored = this.existingScope(owner, repo, environment)?.secrets.get(name.toUpperCase())
    return stored && { name: stored.name, created_at: stored.createdAt, updated_at: stored.updatedAt }
  }

  /** The next `times` authenticated secret writes to a known target answer `status` with a GitHub-style error. */
  failNext(status: number, times = 1, message?: string): void {
    if (!Number.isInteger(status) || status < 400 || status > 599) {
      throw new Error(`failNext needs an error status, got ${status}`)
    }
    this.queue({ kind: 'status', status, message }, times, 'failNext')
  }

  /** The next `times` secret writes hit GitHub's secondary rate limit: 403, its message, and `retry-after` if given (seconds). */
  secondaryRateLimitNext(times = 1, retryAfterSeconds?: number): void {
    const fault: WriteFault = { kind: 'status', status: 403, message: SECONDARY_RATE_LIMIT_MESSAGE }
    if (retryAfterSeconds !== undefined) fault.retryAfter = String(retryAfterSeconds)
    this.queue(fault, times, 'secondaryRateLimitNext')
  }

  /**
   * The next `times` secret writes lose their answer: the connection is cut as a proxy in between
   * would cut it. `applied` (default true): GitHub wrote the secret before the answer was lost.
   */
  loseAnswerNext(times = 1, options: { applied?: boolean } = {}): void {
    this.queue({ kind: 'lost-answer', applied: options.applied ?? true }, times, 'loseAnswerNext')
  }

  /** Holds the next secret write until the test calls `release()` on the answer; then it is handled as usual. */
  holdNext(): RequestHold {
    const hold = new RequestHold()
    this.queue({ kind: 'hold', hold }, 1, 'holdNext')
    return hold
  }

  get requests(): readonly GitHubRequestLogEntry[] {
    return this.log
  }

  clearRequests(): void {
    this.log.length = 0
  }

  // ---- state ---------------------------------------------------------------

  /** The repository's state, created on first use; undefined when it is not configured. */
  private repository(owner: string, repo: string): RepositoryState | undefined {
    const id = `${owner}/${repo}`.toLowerCase()
    if (this.allowedRepositories && !this.allowedRepositories.has(id)) return undefined
    let state = this.repositories.get(id)
    if (!state) {
      state = { scope: newScope(), environments: new Map() }
      this.repositories.set(id, state)
    }
    return state
  }

  private existingScope(owner: string, repo: string, environment: string | undefined): SecretScope | undefined {
    const repository = this.repository(owner, repo)
    if (!repository) return undefined
    return environment === undefined ? repository.scope : repository.environments.get(environment.toLowerCase())
  }

  private queue(fault: WriteFault, times: number, what: string): void {
    if (!(times === Infinity || (Number.isInteger(times) && times >= 1))) {
      throw new Error(`${what} needs a positive number of times, got ${times}`)
    }
    this.faults.push({ fault, remaining: times })
  }

  /** The fault for the next secret write, in the order they were queued. */
  private takeFault(): WriteFault | undefined {
    const queued = this.faults[0]
    if (!queued) return undefined
    queued.remaining -= 1
    if (queued.remaining <= 0) this.faults.shift()
    return queued.fault
  }

  // ---- HTTP ----------------------------------------------------------------

  private onRequest(req: IncomingMessage, res: ServerResponse): void {
    this.handle(req, res).catch(() => {
      // Last resort: the emulator must never take the test process down.
      if (res.headersSent || res.destroyed) {
        res.destroy()
        return
      }
      send(res, { status: 500, body: githubError(500, 'Server Error') }, this.clock())
    })
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase()
    const { pathname } = splitTarget(req.url ?? '/')
    const entry: GitHubRequestLogEntry = { method, path: pathname, headers: flattenHeaders(req.headers), status: 0 }
    this.log.push(entry)

    const body = await readBody(req)
    if (!body.complete) return
    const routed = body.tooLarge
      ? { status: 413, body: githubError(413, 'Payload too big') }
      : this.route(method, pathname, entry.headers.authorization, body.bytes)
    let reply: Reply
    if (typeof routed === 'function') {
      // An authenticated write to a known target: where a queued fault has its say.
      const fault = this.takeFault()
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
    send(res, reply, this.clock())
  }

  /** The answer, or for an authenticated write to a known target the write itself, to be done once faults had their say. */
  private route(method: string, pathname: string, authorization: string | undefined, body: Buffer): Reply | (() => Reply) {
    const segments = pathSegments(pathname)
    if (segments?.[0] !== 'repos' || segments.length < 5) return notFound()
    const [, owner, repo, area, ...rest] = segments as [string, string, string, string, ...string[]]
    let environment: string | undefined
    let name: string
    if (area === 'actions' && rest.length === 2 && rest[0] === SECRETS_SEGMENT) {
      name = rest[1] as string
    } else if (area === 'environments' && rest.length === 3 && rest[1] === SECRETS_SEGMENT) {
      environment = rest[0]
      name = rest[2] as string
    } else {
      return notFound()
    }
    if (!owner || !repo || !name || environment === '') return notFound()
    const isPublicKey = name === PUBLIC_KEY_SEGMENT
    if (!(method === 'GET' || (method === 'PUT' && !isPublicKey))) return notFound()

    const token = presentedToken(authorization)
    if (token === undefined) return { status: 401, body: githubError(401, 'Requires authentication') }
    if (token !== this.token) return { status: 401, body: githubError(401, 'Bad credentials') }

    const scope = this.existingScope(owner, repo, environment)
    if (!scope) return notFound()

    if (isPublicKey) return { status: 200, body: this.publicKey(scope) }
    if (method === 'GET') return this.readSecret(scope, name)
    return () => this.writeSecret(scope, name, body)
  }

  private publicKey(scope: SecretScope): PublicKeyBody {
    scope.key ??= newKey()
    return { key_id: scope.key.id, key: sodium.to_base64(scope.key.publicKey, sodium.base64_variants.ORIGINAL) }
  }

  private readSecret(scope: SecretScope, name: string): Reply {
    const stored = scope.secrets.get(name.toUpperCase())
    if (!stored) return notFound()
    const metadata: SecretMetadata = { name: stored.name, created_at: stored.createdAt, updated_at: stored.updatedAt }
    return { status: 200, body: metadata }
  }

  private writeSecret(scope: SecretScope, name: string, raw: Buffer): Reply {
    let parsed: unknown
    try {
      parsed = JSON.parse(raw.toString('utf8'))
    } catch {
      return { status: 400, body: githubError(400, 'Problems parsing JSON') }
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      return invalid('Body should be a JSON object')
    }
    const fields = parsed as Record<string, unknown>
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
    if (existing) {
      existing.value = value
      existing.updatedAt = now
      return { status: 204 }
    }
    scope.secrets.set(id, { name: id, value, createdAt: now, updatedAt: now })
    return { status: 201, body: {} }
  }
}

// ---- helpers ---------------------------------------------------------------

function newScope(): SecretScope {
  return { key: undefined, secrets: new Map() }
}

function newKey(): SealingKey {
  const pair = sodium.crypto_box_keypair()
  // GitHub key ids are long decimal strings.
  const id = String(randomInt(1, 2 ** 47)) + String(randomInt(0, 100_000)).padStart(5, '0')
  return { id, publicKey: pair.publicKey, privateKey: pair.privateKey }
}

/** GitHub accepts both schemes for personal access and installation tokens. */
function presentedToken(header: string | undefined): string | undefined {
  if (header === undefined) return undefined
  const match = /^\s*(?:bearer|token)\s+(\S+)\s*$/i.exec(header)
  return match ? match[1] : undefined
}

function faultReply(fault: Extract<WriteFault, { kind: 'status' }>): Reply {
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
function send(res: ServerResponse, reply: Reply, now: number): void {
  if (res.destroyed || res.headersSent) return
  const headers: Record<string, string> = {
    ...reply.headers,
    date: new Date(now).toUTCString(),
    'x-github-request-id': randomUUID().toUpperCase(),
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
