/**
 * The step's one HTTP transport, for the platform and GitHub alike, on undici's public API. It keeps one keep-alive
 * pool per origin, direct or through the proxy the environment names (http/proxy.ts). It never sends a credential in
 * clear through a proxy. Each attempt stays within its own time limit and the step's deadline, however far its
 * connection got. Bodies are read within bounds. For a failed request, it tells whether the request could have left.
 * http/answers.ts reads what an answer means.
 */
import { setFlagsFromString } from 'node:v8'
import { Agent, type Dispatcher } from 'undici'
import type { Clock } from '../base/clock.ts'
import { redactSecrets, untrusted } from '../base/text.ts'
import { proxyFor, refuseInClear, tunnelAgent, type Environment, type ProxyRoute } from './proxy.ts'

// A deliberate departure, measured and tested (docs/audit.md, "Deliberate departures"). undici parses answers with
// llhttp in WebAssembly. With V8's default budget, the third answer makes V8 optimize that parser on another thread,
// and the step must wait for that before it can exit. This budget keeps V8's first code for a few hundred answers.
export const WASM_TIERING_FLAG = '--wasm-tiering-budget=2000000000'
setFlagsFromString(WASM_TIERING_FLAG)

/** Every pool of the step stays alive, so that a waiter's polls reuse the connection. A few connections per origin. */
const POOL_OPTIONS = { keepAliveTimeout: 30_000, connections: 4 }
/** How long one attempt may wait for an answer (and a proxy for a tunnel), when the step's timeout leaves that much. */
export const REQUEST_TIMEOUT_MS = 30_000
/** The action reads an error body only this far: enough for any JSON error, and bounded for a hostile server. */
export const ERROR_BODY_LIMIT = 64 * 1024
/** A larger successful body is refused and not retried: no answer of the API is that big. A request may set less. */
export const SUCCESS_BODY_LIMIT = 64 * 1024 * 1024

/** How requests to one origin go: the pool they are sent on, and the proxy, if any. */
interface Line {
  dispatcher: Dispatcher
  route?: ProxyRoute
  /** An http request through a proxy goes as an absolute URI, not through a tunnel, and never with a credential. */
  forward: boolean
}

/**
 * Every connection of the step, to the platform and to GitHub: one pool per origin, direct or through its proxy. It
 * records the connects that failed, because a request that never connected never left. `close()` ends all
 * connections at once, even a connect still hanging. undici's pools end a connect only when it fails, so every
 * socket gets a signal that `close()` aborts.
 */
export class Connections {
  private readonly env: Environment
  private readonly closing = new AbortController()
  private readonly options: Agent.Options = { ...POOL_OPTIONS, connect: { signal: this.closing.signal } }
  private readonly direct: Dispatcher
  private readonly lines = new Map<string, Line>()
  private readonly tunnels = new Map<string, Dispatcher>()
  private readonly failedConnects = new WeakSet<object>()

  /** `direct` is the pool for direct connections. By default, the class makes its own. */
  constructor(env: Environment = {}, direct?: Dispatcher) {
    this.env = env
    this.direct = this.watched(direct ?? new Agent(this.options))
  }

  /** How requests to `origin` go. Throws ProxySettingError for a proxy variable the action cannot use. */
  lineTo(origin: string): Line {
    let line = this.lines.get(origin)
    if (line === undefined) {
      const route = proxyFor(origin, this.env)
      const forward = route !== undefined && new URL(origin).protocol === 'http:'
      line = { dispatcher: route === undefined || forward ? this.direct : this.tunnelThrough(route), route, forward }
      this.lines.set(origin, line)
    }
    return line
  }

  /** Refuses a credential on its way to `origin` in clear (plain http) through a proxy. Otherwise undefined. */
  inClear(origin: string): Error | undefined {
    if (!this.lineTo(origin).forward) return undefined
    return refuseInClear(origin, this.env, `A request to ${untrusted(origin)}`, 'its credential')
  }

  /** Whether `error` is a failed connect, which means the request never left. */
  neverConnected(error: unknown): boolean {
    return typeof error === 'object' && error !== null && this.failedConnects.has(error)
  }

  async close(): Promise<void> {
    this.closing.abort()
    await Promise.all([this.direct, ...this.tunnels.values()].map((dispatcher) => dispatcher.destroy()))
  }

  private tunnelThrough(route: ProxyRoute): Dispatcher {
    const key = `${route.origin} ${route.authorization ?? ''}`
    let agent = this.tunnels.get(key)
    if (agent === undefined) {
      agent = tunnelAgent(route, this.options, REQUEST_TIMEOUT_MS, (pool) => this.watched(pool))
      this.tunnels.set(key, agent)
    }
    return agent
  }

  private watched(dispatcher: Dispatcher): Dispatcher {
    dispatcher.on('connectionError', (_origin, _targets, error) => this.failedConnects.add(error))
    return dispatcher
  }
}

/**
 * A request id that a server may answer with (the platform, GitHub): a short token without `::`, because a later step
 * that echoes an output must not print a runner command. Anything else is left out, never cut.
 */
const REQUEST_ID = /^(?!.*::)[A-Za-z0-9_.:-]{1,128}$/

/** Whether a server's request id may be quoted and set as an output: a short token with no piece of a secret. */
export function isRequestId(value: unknown): value is string {
  return typeof value === 'string' && REQUEST_ID.test(value) && redactSecrets(value, { pieces: true }) === value
}

export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** Path and query below the origin. */
  path: string
  headers: Record<string, string>
  body?: string
  /** A limit below SUCCESS_BODY_LIMIT, for an answer of known small size (GitHub's meta API). */
  bodyLimit?: number
}

/** What came back over the wire, before it is read. */
export type Received =
  | {
      ok: true
      status: number
      headers: Dispatcher.ResponseData['headers']
      /** The body. For an error status, only its first ERROR_BODY_LIMIT bytes. */
      text: string
      /** Bytes read (a prefix for an error status). */
      bytes: number
      /** A successful body over `limit`, which was not read. */
      tooLarge: boolean
      /** The most a successful body could hold: the request's `bodyLimit`, or SUCCESS_BODY_LIMIT. */
      limit: number
    }
  | {
      ok: false
      cause: unknown
      /** The answer's status, when its body was cut off. */
      status?: number
      /** The connection was never made, so the request never left. */
      neverConnected: boolean
    }

/**
 * Sends one request and reads its body within the limits. It throws only before anything is sent: for a proxy
 * variable the action cannot use (ProxySettingError), or a credential a proxy would read in clear (ProxyInClearError).
 */
export async function sendRequest(
  connections: Connections,
  origin: string,
  request: HttpRequest,
  signal: AbortSignal,
): Promise<Received> {
  const line = connections.lineTo(origin)
  refuseCredentialInClear(connections, origin, request)
  let status: number | undefined
  try {
    const { route } = line
    const sent =
      line.forward && route
        ? {
            origin: route.origin,
            path: origin + request.path,
            headers: {
              ...request.headers,
              host: new URL(origin).host,
              ...(route.authorization ? { 'proxy-authorization': route.authorization } : {}),
            },
          }
        : { origin, path: request.path, headers: request.headers }
    const response = await untilAborted(
      line.dispatcher.request({ ...sent, method: request.method, body: request.body, signal }),
      signal,
    )
    status = response.statusCode
    const success = status >= 200 && status < 300
    const limit = Math.min(request.bodyLimit ?? SUCCESS_BODY_LIMIT, SUCCESS_BODY_LIMIT)
    const declared = Number(headerValue(response.headers['content-length']))
    if (success && declared > limit) {
      // Destroying the unread body emits an abort error. Nothing else listens once the body has arrived whole.
      response.body.on('error', () => {}).destroy()
      return { ok: true, status, headers: response.headers, text: '', bytes: declared, tooLarge: true, limit }
    }
    const { text, bytes, tooLarge } = await readBody(response.body as AsyncIterable<Buffer>, success, limit)
    return { ok: true, status, headers: response.headers, text, bytes, tooLarge, limit }
  } catch (cause) {
    return { ok: false, cause, status, neverConnected: connections.neverConnected(cause) }
  }
}

/**
 * Throws ProxyInClearError when `request` carries a credential (Authorization) that a proxy would read in clear. The
 * settings refuse such a URL before the first request (inputs/urls.ts). This check covers every request, whatever
 * sends it.
 */
function refuseCredentialInClear(connections: Connections, origin: string, request: HttpRequest): void {
  const credential = Object.keys(request.headers).some((name) => name.toLowerCase() === 'authorization')
  const refusal = credential ? connections.inClear(origin) : undefined
  if (refusal) throw refusal
}

/**
 * `work`, or the abort of `signal` if that comes first. undici ends a request aborted during its connect only once
 * the connect is over, and a silent proxy or server can hold that for minutes. The request itself gets the same
 * signal, and ends with it when it can.
 */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason as Error)
    if (signal.aborted) abort()
    signal.addEventListener('abort', abort, { once: true })
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort))
  })
}

/**
 * Reads a body within its limit. It reads an error body only to its first ERROR_BODY_LIMIT bytes. It reads a
 * successful body whole, or not at all once a byte past `successLimit` arrives. A body of exactly the limit is whole,
 * wherever its chunks end. Leaving the loop destroys the body, so the rest is never downloaded.
 */
export async function readBody(
  body: AsyncIterable<Buffer>,
  success: boolean,
  successLimit = SUCCESS_BODY_LIMIT,
): Promise<{ text: string; bytes: number; tooLarge: boolean }> {
  const limit = success ? successLimit : ERROR_BODY_LIMIT
  const chunks: Buffer[] = []
  let bytes = 0
  for await (const chunk of body) {
    chunks.push(chunk)
    bytes += chunk.length
    if (success && bytes > limit) return { text: '', bytes, tooLarge: true }
    if (!success && bytes >= limit) break
  }
  return { text: Buffer.concat(chunks).subarray(0, limit).toString('utf8'), bytes, tooLarge: false }
}

/** How one attempt is timed: the step's deadline, the attempt's own limit, and what may cut it sooner. */
export interface AttemptTime {
  clock: Clock
  /** When the step must be done. No attempt starts at or after it. */
  deadline: number
  /** How long one attempt may wait for an answer when the step leaves that much. */
  requestTimeoutMs: number
  /** Ends the attempt early, when the runner's grace period after a cancel ends. */
  cut?: AbortSignal
}

/**
 * One attempt on the wire. It is not sent once the step's deadline has passed. Otherwise it holds what came back.
 * Without an answer, `ended` says what ended the wait: the attempt's own limit (`timeout`), the step's deadline
 * (`deadline`), the caller (`cut`), or the connection itself (undefined).
 */
export type Attempt =
  | { sent: false }
  | {
      sent: true
      origin: string
      received: Received
      route?: ProxyRoute
      /** Sent to the proxy as an absolute URI, not through a tunnel. A 407 answer then comes from the proxy. */
      forwarded?: boolean
      ended: 'timeout' | 'deadline' | 'cut' | undefined
      budgetMs: number
    }

/**
 * Sends one request within its own limit and the step's deadline. As sendRequest does, it throws only before
 * anything is sent.
 */
export async function sendAttempt(
  connections: Connections,
  origin: string,
  request: HttpRequest,
  time: AttemptTime,
  /** Called just before the request and its connect go out (for a debug line). Not called after the deadline. */
  onSend?: () => void,
): Promise<Attempt> {
  const { route, forward } = connections.lineTo(origin)
  refuseCredentialInClear(connections, origin, request)
  const remaining = time.deadline - time.clock.now()
  if (remaining <= 0) return { sent: false }
  onSend?.()
  const budgetMs = Math.min(time.requestTimeoutMs, remaining)
  const timer = time.clock.deadline(budgetMs)
  let received: Received
  try {
    received = await sendRequest(
      connections,
      origin,
      request,
      time.cut ? AbortSignal.any([timer.signal, time.cut]) : timer.signal,
    )
  } finally {
    timer.clear()
  }
  let ended: 'timeout' | 'deadline' | 'cut' | undefined
  if (!received.ok && timer.signal.aborted) ended = remaining < time.requestTimeoutMs ? 'deadline' : 'timeout'
  else if (!received.ok && time.cut?.aborted) ended = 'cut'
  return { sent: true, origin, received, route, forwarded: forward, ended, budgetMs }
}

/** A header's value. The first one, when the header came more than once. */
export function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A query string for `query`, its undefined values left out: `?limit=400&cursor=…`, or ''. */
export function queryString(query: Record<string, string | number | undefined> | undefined): string {
  if (!query) return ''
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value))
  const text = params.toString()
  return text ? `?${text}` : ''
}
