/**
 * The one HTTP transport of the step, for the platform and GitHub alike: one keep-alive
 * connection pool, each attempt within its own time limit and the step's deadline, bodies read
 * within bounds, and what a failed connection says about whether the request left. The typed
 * clients (api/client.ts, github/client.ts) build their requests and read their answers over it.
 */
import type { Dispatcher } from 'undici'
// undici's entry loads all it has (fetch, WebSocket, caches, mocks, proxies): 70–85 ms of CPU
// at every start-up. The action needs its connection pool and `request`, and loads only those.
import Agent from 'undici/lib/dispatcher/agent.js'
import dispatchRequest from 'undici/lib/api/api-request.js'
import type { Clock } from '../base/clock.ts'
import { quoted, redactSecrets, untrusted } from '../base/text.ts'
import type { ProxyFailure } from './proxy.ts'
import { proxyVariableSet, type Environment } from './proxy-variables.ts'

/** Where a service's API is: its origin, and the path below it every request's path goes under (no trailing slash). */
export function serviceBase(apiUrl: string): { origin: string; basePath: string } {
  const base = new URL(apiUrl)
  return { origin: base.origin, basePath: base.pathname.replace(/\/+$/, '') }
}

/** Every pool of the step: kept alive (a waiter's polls reuse the connection), a few connections per origin. */
const POOL_OPTIONS = { keepAliveTimeout: 30_000, connections: 4 }

/** A pool that connects directly, whatever the environment says: what a client makes when it is given none. */
export function directPool(): Dispatcher {
  return new Agent(POOL_OPTIONS)
}

/**
 * The step's connection pool, for every request of both services: through the proxies the
 * environment names (http/proxy.ts, loaded only then), or directly. Throws ProxySettingError for
 * a proxy variable the action cannot use.
 */
export async function connectionPool(env: Environment): Promise<Dispatcher> {
  if (!proxyVariableSet(env)) return directPool()
  const { proxyDispatcher } = await import('./proxy.ts')
  return (await proxyDispatcher(env, POOL_OPTIONS)) ?? directPool()
}

const EXCERPT_LENGTH = 200
/** An error body is read only this far: enough for any JSON error, bounded for a hostile one. */
export const ERROR_BODY_LIMIT = 64 * 1024
/** A successful body larger than this is refused, not retried: no answer of the API is that big. */
export const SUCCESS_BODY_LIMIT = 64 * 1024 * 1024
/**
 * A request id a server may answer with (the platform, GitHub): a short token, without `::` (a
 * later step that echoes an output must not print a runner command). Anything else is left out, never cut.
 */
const REQUEST_ID = /^(?!.*::)[A-Za-z0-9_.:-]{1,128}$/

/** Whether a server's request id may be quoted and set as an output: a short token that is none of the step's secrets. */
export function isRequestId(value: unknown): value is string {
  return typeof value === 'string' && REQUEST_ID.test(value) && redactSecrets(value) === value
}
/** How long one attempt may wait for an answer, when the step's timeout leaves that much. */
export const REQUEST_TIMEOUT_MS = 30_000
/** Errors raised before a byte of the request left: the service cannot have seen it. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT'])
/** undici's code for a request it could not build (a header value it refuses): it never left. */
const INVALID_REQUEST_CODE = 'UND_ERR_INVALID_ARG'

/** One HTTP request, ready to send. */
export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** Path and query below the origin. */
  path: string
  headers: Record<string, string>
  body?: string
}

/** What came back over the wire, before anything is made of it. */
export type Received =
  | {
      ok: true
      status: number
      headers: Dispatcher.ResponseData['headers']
      /** The body; for an error status only its first ERROR_BODY_LIMIT bytes. */
      text: string
      /** Bytes read (a prefix for an error status). */
      bytes: number
      /** A successful body over SUCCESS_BODY_LIMIT: not read. */
      tooLarge: boolean
    }
  | {
      ok: false
      cause: unknown
      status?: number
      /** The request failed at its proxy: what to say, and whether it left. */
      proxy?: ProxyFailure
      /** The server's TLS certificate was refused: in words naming NODE_EXTRA_CA_CERTS. */
      certificate?: { message: string }
    }

/** Sends one request and reads its body within the limits; never throws. */
export async function sendRequest(dispatcher: Dispatcher, origin: string, request: HttpRequest, signal: AbortSignal): Promise<Received> {
  let status: number | undefined
  try {
    const response = await dispatchRequest.call(dispatcher, { origin, ...request, signal })
    status = response.statusCode
    const success = status >= 200 && status < 300
    const declared = Number(headerValue(response.headers['content-length']))
    if (success && declared > SUCCESS_BODY_LIMIT) {
      response.body.destroy()
      return { ok: true, status, headers: response.headers, text: '', bytes: declared, tooLarge: true }
    }
    const { text, bytes, tooLarge } = await readBody(response.body as AsyncIterable<Buffer>, success)
    return { ok: true, status, headers: response.headers, text, bytes, tooLarge }
  } catch (cause) {
    if (status !== undefined) return { ok: false, cause, status }
    // Named now, while the failure is at hand: the proxy's, or the certificate's, or neither.
    // Loaded only now: a step whose requests all get answers never pays for it.
    const { describeCertificateError, describeProxyFailure, routeOf } = await import('./proxy.ts')
    const route = routeOf(dispatcher, origin)
    const proxy = route && describeProxyFailure(cause, route)
    if (proxy) return { ok: false, cause, proxy }
    const message = describeCertificateError(cause, origin, process.env)
    return message === undefined ? { ok: false, cause } : { ok: false, cause, certificate: { message } }
  }
}

/**
 * Reads a body within its limit: an error body only to its first ERROR_BODY_LIMIT bytes; a
 * successful one whole, or not at all once a byte past SUCCESS_BODY_LIMIT arrives (a body of
 * exactly the limit is whole, wherever its chunks end). Leaving the loop destroys the body: the
 * rest is never downloaded.
 */
export async function readBody(body: AsyncIterable<Buffer>, success: boolean): Promise<{ text: string; bytes: number; tooLarge: boolean }> {
  const limit = success ? SUCCESS_BODY_LIMIT : ERROR_BODY_LIMIT
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
  /** Clock time by which the step must be done: no attempt starts at or after it. */
  deadline: number
  /** How long one attempt may wait for an answer when the step leaves that much. */
  requestTimeoutMs: number
  /** Ends the attempt sooner (the runner's grace after a cancel). */
  cut?: AbortSignal
}

/** What ended an attempt without an answer, if not the connection itself. */
export type AttemptEnd = 'timeout' | 'deadline' | 'cut' | undefined

/**
 * One attempt on the wire. Not sent once the step's deadline has passed; otherwise what came
 * back, and for no answer what ended the wait: the attempt's own limit (`timeout`), the step's
 * deadline (`deadline`), the caller (`cut`), or the connection itself (undefined).
 */
export type Attempt = { sent: false } | { sent: true; received: Received; ended: AttemptEnd; budgetMs: number }

/** Sends one request within its own limit and the step's deadline (the platform's and GitHub's alike); never throws. */
export async function sendAttempt(
  dispatcher: Dispatcher,
  origin: string,
  request: HttpRequest,
  time: AttemptTime,
  /** Called just before the request leaves (a debug line), never for one that does not. */
  onSend?: () => void,
): Promise<Attempt> {
  const remaining = time.deadline - time.clock.now()
  if (remaining <= 0) return { sent: false }
  onSend?.()
  const budgetMs = Math.min(time.requestTimeoutMs, remaining)
  const timer = time.clock.deadline(budgetMs)
  let received: Received
  try {
    received = await sendRequest(dispatcher, origin, request, time.cut ? AbortSignal.any([timer.signal, time.cut]) : timer.signal)
  } finally {
    timer.clear()
  }
  let ended: AttemptEnd
  if (!received.ok && timer.signal.aborted) ended = remaining < time.requestTimeoutMs ? 'deadline' : 'timeout'
  else if (!received.ok && time.cut?.aborted) ended = 'cut'
  return { sent: true, received, ended, budgetMs }
}

/**
 * Whether a request without a usable answer may have reached the server: anything but a
 * failure before a byte left (refused, unresolved, a connect timeout, a request that could not
 * be built). A write that may have is never taken for one that was not.
 */
export function reachedServer(received: Extract<Received, { ok: false }>): boolean {
  if (received.status !== undefined) return true
  const code = errorCode(received.cause) ?? ''
  return !NOT_SENT_CODES.has(code) && code !== INVALID_REQUEST_CODE
}

/** Whether the request could not even be built: sending it again cannot help. */
export function unsendable(received: Extract<Received, { ok: false }>): boolean {
  return errorCode(received.cause) === INVALID_REQUEST_CODE
}

/** A header's value; the first, when it came more than once. */
export function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value
}

export function decodeJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return { ok: false }
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * A short, single-line taste of a body that is not the JSON we expected (an HTML proxy page…):
 * its <title>, or its text without tags. Linear in the body's length, whatever the body holds.
 */
export function excerptOf(text: string, contentType: string): string {
  const kind = untrusted(contentType.split(';')[0]?.trim() || 'no content type')
  const flat = (htmlTitle(text) ?? withoutTags(text)).replace(/\s+/g, ' ').trim()
  if (flat === '') return `(empty ${kind} body)`
  return `(${kind}) ${quoted(flat, EXCERPT_LENGTH)}`
}

function htmlTitle(text: string): string | undefined {
  const lower = text.toLowerCase()
  const open = lower.indexOf('<title')
  if (open < 0) return undefined
  const start = lower.indexOf('>', open)
  if (start < 0) return undefined
  const end = lower.indexOf('<', start + 1)
  if (end < 0 || !lower.startsWith('</title', end)) return undefined
  return text.slice(start + 1, end)
}

/** Text outside `<…>`, each tag a space; stops collecting once there is enough for an excerpt. */
function withoutTags(text: string): string {
  const lastClose = text.lastIndexOf('>')
  let out = ''
  let inTag = false
  for (let i = 0; i < text.length && out.length <= EXCERPT_LENGTH * 4; i++) {
    const c = text[i]
    if (inTag) {
      if (c === '>') inTag = false
    } else if (c === '<' && i < lastClose) {
      inTag = true
      out += ' '
    } else out += c
  }
  return out
}

/** The `code` of a failure undici reports (`UND_ERR_…`, `ECONNRESET`), on the error or its cause. */
export function errorCode(cause: unknown): string | undefined {
  if (!isRecord(cause)) return undefined
  if (typeof cause.code === 'string') return cause.code
  return isRecord(cause.cause) && typeof cause.cause.code === 'string' ? cause.cause.code : undefined
}

/** A query string for `query`, its undefined values left out: `?limit=400&cursor=…`, or ''. */
export function queryString(query: Record<string, string | number | undefined> | undefined): string {
  if (!query) return ''
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value))
  const text = params.toString()
  return text ? `?${text}` : ''
}
