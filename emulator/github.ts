// A local stand-in for the slice of GitHub's REST API that the action uses to
// store a rotated API key as an Actions secret: repository and environment
// public keys and secret writes, checked the way GitHub checks them (token,
// key_id, base64, sealed box), plus failure injection and a request log.
import { STATUS_CODES, createServer } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { randomBytes, randomInt, randomUUID } from 'node:crypto'
import sodium from 'libsodium-wrappers'
import { flattenHeaders, pathSegments, readBody, splitTarget } from './http.ts'

export interface GitHubEmulatorOptions {
  /** The token the API accepts; default a random installation-style token. */
  token?: string
  /** "owner/repo" names that exist; default every repository exists. */
  repositories?: string[]
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
}

interface QueuedFailure {
  status: number
  remaining: number
  message: string | undefined
}

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
  private readonly failures: QueuedFailure[] = []
  private readonly log: GitHubRequestLogEntry[] = []
  private server: Server | undefined
  private baseUrl: string | undefined

  constructor(options: GitHubEmulatorOptions = {}) {
    this.token = options.token ?? `ghs_${randomBytes(18).toString('hex')}`
    this.allowedRepositories = options.repositories ? new Set(options.repositories.map((name) => name.toLowerCase())) : undefined
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

  /** The next `times` authenticated secret writes to a known target answer `status` with a GitHub-style error. */
  failNext(status: number, times = 1, message?: string): void {
    if (!Number.isInteger(status) || status < 400 || status > 599) {
      throw new Error(`failNext needs an error status, got ${status}`)
    }
    if (!(times === Infinity || (Number.isInteger(times) && times >= 1))) {
      throw new Error(`failNext needs a positive number of times, got ${times}`)
    }
    this.failures.push({ status, remaining: times, message })
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

  private takeFailure(): QueuedFailure | undefined {
    const failure = this.failures[0]
    if (!failure) return undefined
    failure.remaining -= 1
    if (failure.remaining <= 0) this.failures.shift()
    return failure
  }

  // ---- HTTP ----------------------------------------------------------------

  private onRequest(req: IncomingMessage, res: ServerResponse): void {
    this.handle(req, res).catch(() => {
      // Last resort: the emulator must never take the test process down.
      if (res.headersSent || res.destroyed) {
        res.destroy()
        return
      }
      send(res, { status: 500, body: githubError(500, 'Server Error') })
    })
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase()
    const { pathname } = splitTarget(req.url ?? '/')
    const entry: GitHubRequestLogEntry = { method, path: pathname, headers: flattenHeaders(req.headers), status: 0 }
    this.log.push(entry)

    const body = await readBody(req)
    if (!body.complete) return
    const reply = body.tooLarge
      ? { status: 413, body: githubError(413, 'Payload too big') }
      : this.route(method, pathname, entry.headers.authorization, body.bytes)
    if (res.destroyed) return
    entry.status = reply.status
    send(res, reply)
  }

  private route(method: string, pathname: string, authorization: string | undefined, body: Buffer): Reply {
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

    const failure = this.takeFailure()
    if (failure) {
      const message = failure.message ?? FAILURE_MESSAGES[failure.status] ?? STATUS_CODES[failure.status] ?? 'Error'
      return { status: failure.status, body: githubError(failure.status, message) }
    }
    return this.writeSecret(scope, name, body)
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
    const now = isoSeconds(Date.now())
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

function send(res: ServerResponse, reply: Reply): void {
  if (res.destroyed || res.headersSent) return
  const headers: Record<string, string> = { 'x-github-request-id': randomUUID().toUpperCase() }
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
