/**
 * The step's one HTTP transport, on undici's public API. It never sends a credential in clear through a proxy. Each
 * attempt stays within its own time limit and the step's deadline, and bodies are read within bounds.
 */
import { setFlagsFromString } from 'node:v8'
import { Agent, type Dispatcher } from 'undici'
import type { Clock } from '../base/clock.ts'
import { redactSecrets, untrusted } from '../base/text.ts'
import { proxyFor, refuseInClear, tunnelAgent, type Environment, type ProxyRoute } from './proxy.ts'

// A deliberate departure (docs/audit.md). Without it, V8 optimizes undici's WebAssembly parser on another thread,
// and the step waits for that at exit.
export const WASM_TIERING_FLAG = '--wasm-tiering-budget=2000000000'
setFlagsFromString(WASM_TIERING_FLAG)

/** Pools stay alive, so a waiter's polls reuse the connection. */
const POOL_OPTIONS = { keepAliveTimeout: 30_000, connections: 4 }
/** One attempt's wait for an answer, or a proxy's for a tunnel. */
export const REQUEST_TIMEOUT_MS = 30_000
/** Enough for any JSON error, and bounded for a hostile server. */
export const ERROR_BODY_LIMIT = 64 * 1024
/** A larger successful body is refused, not retried: no answer of the API is that big. */
export const SUCCESS_BODY_LIMIT = 64 * 1024 * 1024

/** How requests to one origin go: the pool, and the proxy, if any. */
interface Line {
  dispatcher: Dispatcher
  route?: ProxyRoute
  /** Plain http through a proxy goes as an absolute URI, not a tunnel, and never with a credential. */
  forward: boolean
}

/**
 * One pool per origin, direct or through its proxy. A request that never connected never left. undici ends a connect
 * only when it fails, so every socket gets a signal that `close()` aborts.
 */
export class Connections {
  private readonly env: Environment
  private readonly closing = new AbortController()
  private readonly options: Agent.Options = { ...POOL_OPTIONS, connect: { signal: this.closing.signal } }
  private readonly direct: Dispatcher
  private readonly lines = new Map<string, Line>()
  private readonly tunnels = new Map<string, Dispatcher>()
  private readonly failedConnects = new WeakSet<object>()

  constructor(env: Environment = {}, direct?: Dispatcher) {
    this.env = env
    this.direct = this.watched(direct ?? new Agent(this.options))
  }

  /** Throws ProxySettingError for a proxy variable the action cannot use. */
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

  /** Refuses a credential on its way to `origin` in clear (plain http) through a proxy. */
  inClear(origin: string): Error | undefined {
    if (!this.lineTo(origin).forward) return undefined
    return refuseInClear(origin, this.env, `A request to ${untrusted(origin)}`, 'its credential')
  }

  /** A failed connect: the request never left. */
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
 * A short token without `::`, so a later step that echoes the output prints no runner command. Anything else is left
 * out, never cut.
 */
const REQUEST_ID = /^(?!.*::)[A-Za-z0-9_.:-]{1,128}$/

/** Safe to quote and set as an output: a short token with no piece of a secret. */
export function isRequestId(value: unknown): value is string {
  return typeof value === 'string' && REQUEST_ID.test(value) && redactSecrets(value, { pieces: true }) === value
}

export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** Path and query below the origin. */
  path: string
  headers: Record<string, string>
  body?: string
  /** Less than SUCCESS_BODY_LIMIT, for an answer of known small size. */
  bodyLimit?: number
}

export type Received =
  | {
      ok: true
      status: number
      headers: Dispatcher.ResponseData['headers']
      /** For an error status, only its first ERROR_BODY_LIMIT bytes. */
      text: string
      bytes: number
      /** A successful body over `limit`, not read. */
      tooLarge: boolean
      limit: number
    }
  | {
      ok: false
      cause: unknown
      /** When its body was cut off. */
      status?: number
      neverConnected: boolean
    }

/**
 * Throws only before anything is sent: for a proxy variable the action cannot use, or a credential a proxy would read
 * in clear.
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
      // Destroying the unread body emits an abort error; nothing else listens for it.
      response.body.on('error', () => {}).destroy()
      return { ok: true, status, headers: response.headers, text: '', bytes: declared, tooLarge: true, limit }
    }
    const { text, bytes, tooLarge } = await readBody(response.body as AsyncIterable<Buffer>, success, limit)
    return { ok: true, status, headers: response.headers, text, bytes, tooLarge, limit }
  } catch (cause) {
    return { ok: false, cause, status, neverConnected: connections.neverConnected(cause) }
  }
}

/** The settings refuse such a URL before the first request; this covers every request, whatever sends it. */
function refuseCredentialInClear(connections: Connections, origin: string, request: HttpRequest): void {
  const credential = Object.keys(request.headers).some((name) => name.toLowerCase() === 'authorization')
  const refusal = credential ? connections.inClear(origin) : undefined
  if (refusal) throw refusal
}

/**
 * undici ends a request aborted during its connect only once the connect is over, and a silent proxy or server can
 * hold that for minutes.
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
 * An error body only to ERROR_BODY_LIMIT; a successful body whole, or not at all past `successLimit`. Leaving the loop
 * destroys the body, so the rest is never downloaded.
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

export interface AttemptTime {
  clock: Clock
  /** No attempt starts at or after it. */
  deadline: number
  requestTimeoutMs: number
  /** Ends the attempt when the runner's grace period after a cancel ends. */
  cut?: AbortSignal
}

/** Not sent past the deadline. Without an answer, `ended` says what ended the wait (undefined: the connection). */
export type Attempt =
  | { sent: false }
  | {
      sent: true
      origin: string
      received: Received
      route?: ProxyRoute
      /** Sent to the proxy as an absolute URI: a 407 then comes from the proxy. */
      forwarded?: boolean
      ended: 'timeout' | 'deadline' | 'cut' | undefined
      budgetMs: number
    }

/** Throws only before anything is sent, as sendRequest does. */
export async function sendAttempt(
  connections: Connections,
  origin: string,
  request: HttpRequest,
  time: AttemptTime,
  /** Not called past the deadline. */
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

/** The first, when the header came more than once. */
export function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Undefined values left out: `?limit=400&cursor=…`, or ''. */
export function queryString(query: Record<string, string | number | undefined> | undefined): string {
  if (!query) return ''
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value))
  const text = params.toString()
  return text ? `?${text}` : ''
}
