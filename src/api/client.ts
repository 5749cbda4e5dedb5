import { randomUUID } from 'node:crypto'
import { STATUS_CODES } from 'node:http'
import type { Dispatcher } from 'undici'
// undici's entry loads all it has (fetch, WebSocket, caches, mocks, proxies): 70–85 ms of CPU
// at every start-up. The action needs its connection pool and `request`, and loads only those.
import Agent from 'undici/lib/dispatcher/agent.js'
import dispatchRequest from 'undici/lib/api/api-request.js'
import type { Clock } from '../base/clock.ts'
import { formatDuration } from '../base/clock.ts'
import { ApiError, type ApiErrorDetails } from './errors.ts'
import {
  CONGESTION_STATUSES,
  DEFAULT_RETRY_POLICY,
  NOT_CARRIED_OUT_STATUSES,
  RETRYABLE_STATUSES,
  backoffDelay,
  parseRetryAfter,
  retrying,
  type RetryPolicy,
} from './retry.ts'
import { ShapeError } from './shape.ts'
import { quoted, redactSecrets, untrusted } from '../base/text.ts'

export interface Logger {
  info(message: string): void
  warning(message: string): void
  debug(message: string): void
}

/**
 * How a request may be repeated after a failure.
 * - `safe`: a read, or a write whose repetition is harmless (revoking a key): retry after any
 *   transient failure.
 * - `once`: a write that must not be repeated blindly (creating a key): retry only when the
 *   service certainly did not carry it out (refused connection, 423, 429, 503).
 * - `poll`: a read its caller repeats anyway (the waiter's polls): retried as `safe`, except that
 *   congestion (429, 503) goes back to the caller at once, which paces its next poll instead of
 *   spending a retry budget inside one congested minute.
 */
export type RetryMode = 'safe' | 'once' | 'poll'

export interface RequestSpec<T> {
  method: 'GET' | 'POST' | 'DELETE'
  /** Below the base URL, starting with `/`. */
  path: string
  query?: Record<string, string | number | undefined>
  body?: unknown
  retry: RetryMode
  /** What the request does, for messages: "list projects". */
  purpose: string
  /** What a 404 means was not found: "API key 42". */
  notFound?: string
  /** Said after a 404: where else the thing may be (a key id in the other namespace). */
  notFoundHint?: string
  /** What a 403 means: what the step's key may not do here, and what to do. */
  forbidden?: string
  /** Checks the decoded body and picks out what the caller needs; throws ShapeError. */
  parse: (body: unknown) => T
}

export interface ClientOptions {
  baseUrl: string
  apiKey: string
  userAgent: string
  clock: Clock
  logger: Logger
  /** Clock time by which the whole step must be done: no request or wait goes past it. A function when it may move sooner (clean-up after a cancel). */
  deadline?: number | (() => number)
  /**
   * The runner's cancel (Cancellation.stopped): a wait before a retry ends at it. With `stop`, the
   * request then fails at once; without, it is retried only if the wait still fits the deadline.
   */
  interrupt?: { signal: AbortSignal; stop: boolean }
  /** What a 401 says about the key this client sends; default: the step's key, from `api-key`. */
  refused?: string
  /** Each attempt's own deadline. */
  requestTimeoutMs?: number
  retryPolicy?: RetryPolicy
  random?: () => number
  dispatcher?: Dispatcher
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
  /** PUT: GitHub's secret writes, which go through the same sender. */
  method: RequestSpec<unknown>['method'] | 'PUT'
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
  | { ok: false; cause: unknown; status?: number }

/** The request for one attempt: auth and identifying headers, the JSON body, the query. */
export function buildRequest(
  spec: RequestSpec<unknown>,
  target: { basePath: string; apiKey: string; userAgent: string },
  requestId: string,
): HttpRequest {
  const headers: Record<string, string> = {
    authorization: `Bearer ${target.apiKey}`,
    accept: 'application/json',
    'user-agent': target.userAgent,
    'x-request-id': requestId,
  }
  const request: HttpRequest = { method: spec.method, path: target.basePath + spec.path + queryString(spec.query), headers }
  if (spec.body !== undefined) {
    request.body = JSON.stringify(spec.body)
    headers['content-type'] = 'application/json'
  }
  return request
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
    return status === undefined ? { ok: false, cause } : { ok: false, cause, status }
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

/** The error for a request that got no usable answer: refused, dropped, cut off, or out of time. */
export function transportError(
  received: Extract<Received, { ok: false }>,
  aborted: { ended: AttemptEnd; budgetMs: number },
  base: ApiErrorDetails,
): ApiError {
  const code = errorCode(received.cause)
  const { status } = received
  if (unsendable(received)) {
    return new ApiError(`the request could not be sent (${describeCause(received.cause)})`, { ...base, kind: 'invalid' })
  }
  if (aborted.ended === 'deadline' || aborted.ended === 'timeout') {
    const kind = aborted.ended
    const message =
      kind === 'deadline'
        ? `The step's timeout ran out while ${describeRequest(base)} was in flight.`
        : `No answer to ${describeRequest(base)} within ${formatDuration(aborted.budgetMs)}.`
    return new ApiError(message, { ...base, kind, status, mayHaveReachedServer: true })
  }
  if (status !== undefined) {
    return new ApiError(`the body of the ${status} answer was cut off (${code === undefined ? 'connection closed' : untrusted(code)})`, {
      ...base,
      kind: 'malformed',
      status,
      code: 'truncated',
      mayHaveReachedServer: true,
    })
  }
  return new ApiError(`the connection failed (${code === undefined ? describeCause(received.cause) : untrusted(code)})`, {
    ...base,
    mayHaveReachedServer: reachedServer(received),
  })
}

/** What an answer means: a redirect, an error status, a body that is not JSON, or the parsed value. */
export function classifyAnswer<T>(
  spec: RequestSpec<T>,
  received: Extract<Received, { ok: true }>,
  base: ApiErrorDetails,
  now: number,
): { ok: true; value: T } | { ok: false; error: ApiError } {
  const { status, headers, text } = received
  const retryAfterMs = parseRetryAfter(headerValue(headers['retry-after']), now)
  if (status >= 300 && status < 400) {
    const location = headerValue(headers.location)
    return {
      ok: false,
      error: new ApiError(
        `the platform answered ${status} ${STATUS_CODES[status] ?? ''} redirecting to ${describeLocation(location)}; ` +
          `the action does not follow redirects, so the API key is never sent to another address. Check the \`api-host\` input.`,
        { ...base, kind: 'redirect', status },
      ),
    }
  }
  const contentType = headerValue(headers['content-type']) ?? ''
  if (status < 200 || status >= 300) {
    const decoded = decodeJson(text)
    const error = decoded.ok && isRecord(decoded.value) ? decoded.value : undefined
    const code = typeof error?.code === 'string' && error.code !== '' ? error.code : undefined
    const serviceMessage = typeof error?.message === 'string' && error.message !== '' ? error.message : undefined
    // The service's own id stands in for the one sent only when it looks like an id: it becomes an output.
    const serviceRequestId = isRequestId(error?.request_id) ? error.request_id : base.requestId
    const excerpt = serviceMessage === undefined ? excerptOf(text, contentType) : undefined
    return {
      ok: false,
      error: new ApiError(`the platform answered ${status} ${STATUS_CODES[status] ?? ''}`.trim(), {
        ...base,
        kind: 'http',
        requestId: serviceRequestId,
        status,
        code,
        serviceMessage,
        excerpt,
        retryAfterMs,
        mayHaveReachedServer: !NOT_CARRIED_OUT_STATUSES.has(status) && status >= 500,
      }),
    }
  }
  if (received.tooLarge) {
    return {
      ok: false,
      error: new ApiError(
        `the platform answered ${status} with a body over ${SUCCESS_BODY_LIMIT / 1024 / 1024} MiB, more than any answer of the API should be; it was not read`,
        { ...base, kind: 'malformed', status, code: 'too-large', mayHaveReachedServer: true },
      ),
    }
  }
  const decoded = decodeJson(text)
  if (!decoded.ok) {
    // JSON declared but not decodable is a body cut off in transit: a read may be sent again.
    // A successful body is never quoted: it may hold a new key that is not masked yet.
    const cutOff = /json/i.test(contentType)
    const kind = contentType.split(';')[0]?.trim() || 'no content type'
    return {
      ok: false,
      error: new ApiError(
        cutOff
          ? `the platform answered ${status} with JSON that is cut off or invalid (${received.bytes} bytes)`
          : `the platform answered ${status} with a body that is not JSON (${untrusted(kind)}, ${received.bytes} bytes)`,
        { ...base, kind: 'malformed', status, code: cutOff ? 'truncated' : undefined, mayHaveReachedServer: true },
      ),
    }
  }
  try {
    return { ok: true, value: spec.parse(decoded.value) }
  } catch (error) {
    if (!(error instanceof ShapeError)) throw error
    return {
      ok: false,
      // The request was carried out (a create made a key) even though its answer is unusable.
      error: new ApiError(`the platform answered ${status} without the expected fields: ${error.message}`, {
        ...base,
        kind: 'malformed',
        status,
        mayHaveReachedServer: true,
      }),
    }
  }
}

/** Whether a failed attempt may be sent again: by what the failure says about the request. */
export function mayRetry(retry: RetryMode, error: ApiError): boolean {
  switch (error.kind) {
    case 'http':
      if (retry === 'once') return NOT_CARRIED_OUT_STATUSES.has(error.status ?? 0)
      if (retry === 'poll' && CONGESTION_STATUSES.has(error.status ?? 0)) return false
      return RETRYABLE_STATUSES.has(error.status ?? 0)
    case 'network':
    case 'timeout':
      return retry !== 'once' || !error.mayHaveReachedServer
    case 'malformed':
      // A body cut off in transit is a transport fault; a complete but wrong body is not.
      return retry !== 'once' && error.code === 'truncated'
    case 'deadline':
    case 'redirect':
    case 'invalid':
    case 'cancelled':
      return false
  }
}

/**
 * The one HTTP path to the platform: auth and identifying headers, per-request deadlines,
 * bounded retries where they are safe, no redirects, and errors that name the request.
 */
export class PlatformClient {
  private readonly origin: string
  private readonly basePath: string
  private readonly options: ClientOptions
  private readonly dispatcher: Dispatcher
  private readonly ownsDispatcher: boolean
  private readonly policy: RetryPolicy
  private readonly requestTimeoutMs: number

  constructor(options: ClientOptions) {
    const base = new URL(options.baseUrl)
    this.origin = base.origin
    this.basePath = base.pathname.replace(/\/+$/, '')
    this.options = options
    this.policy = options.retryPolicy ?? DEFAULT_RETRY_POLICY
    this.requestTimeoutMs = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS
    this.ownsDispatcher = options.dispatcher === undefined
    // One keep-alive pool for every request of the step: a waiter's polls reuse the connection.
    this.dispatcher = options.dispatcher ?? new Agent({ keepAliveTimeout: 30_000, connections: 4 })
  }

  /** The step's connection pool: GitHub's requests share it (an Agent keeps a pool per origin), and it closes with this client. */
  get connections(): Dispatcher {
    return this.dispatcher
  }

  get clock(): Clock {
    return this.options.clock
  }

  get deadline(): number {
    const { deadline } = this.options
    return typeof deadline === 'function' ? deadline() : (deadline ?? Number.POSITIVE_INFINITY)
  }

  /**
   * The same client with another deadline, sharing the connection pool: clean-up, after a lost
   * answer or a cancel. A cancel does not stop its retries; the deadline (the runner's grace) bounds them.
   */
  withDeadline(deadline: number | (() => number)): PlatformClient {
    const { interrupt } = this.options
    return new PlatformClient({
      ...this.options,
      deadline,
      dispatcher: this.dispatcher,
      ...(interrupt ? { interrupt: { signal: interrupt.signal, stop: false } } : {}),
    })
  }

  /**
   * The same client authenticating with another key, sharing the connection pool. `refused`
   * says what a 401 means for that key, so an error never blames the `api-key` input for it.
   */
  withApiKey(apiKey: string, refused: string): PlatformClient {
    return new PlatformClient({ ...this.options, apiKey, refused, dispatcher: this.dispatcher })
  }

  async close(): Promise<void> {
    if (this.ownsDispatcher) await this.dispatcher.close()
  }

  send<T>(spec: RequestSpec<T>): Promise<T> {
    const { clock, logger, interrupt } = this.options
    let earlierAttemptUncertain = false
    // The runner cancelled the step while it waited to send the request again: it gives up, saying so.
    const stopped = (error: unknown, _n: number, delay: number) => {
      const hint = ` The runner cancelled the step while it waited ${formatDuration(delay)} to send it again.`
      const final = finalError(spec, error as ApiError, hint, this.options.refused)
      return new ApiError(final.message, { ...final, kind: 'cancelled' })
    }
    return retrying(
      async (n) => {
        try {
          return await this.attempt(spec)
        } catch (error) {
          if (!(error instanceof ApiError)) throw error
          const counted = error.withAttempts(n, earlierAttemptUncertain)
          earlierAttemptUncertain ||= error.mayHaveReachedServer
          throw counted
        }
      },
      {
        clock,
        deadline: () => this.deadline,
        maxAttempts: this.policy.maxAttempts,
        delayAfter: (error, n) =>
          error instanceof ApiError && mayRetry(spec.retry, error)
            ? (error.retryAfterMs ?? backoffDelay(n, this.policy, this.options.random))
            : undefined,
        onRetry: (error, n, delay) =>
          logger.warning(
            `${describeRequest(spec)}: ${describeFailure(error as ApiError)}; retrying in ${formatDuration(delay)} ` +
              `(attempt ${n + 1} of ${this.policy.maxAttempts}).`,
          ),
        giveUp: (error) => (error instanceof ApiError ? finalError(spec, error, '', this.options.refused) : error),
        outOfTime: (error, _n, delay) => {
          const final = finalError(
            spec,
            error as ApiError,
            ` The step's timeout leaves no time to wait ${formatDuration(delay)} and retry.`,
            this.options.refused,
          )
          return new ApiError(final.message, { ...final, kind: 'deadline' })
        },
        ...(interrupt ? { interrupt: { signal: interrupt.signal, stop: interrupt.stop ? stopped : undefined } } : {}),
      },
    )
  }

  /** One attempt: build, send within its own deadline, classify. Throws the attempt's ApiError. */
  private async attempt<T>(spec: RequestSpec<T>): Promise<T> {
    const { clock, logger } = this.options
    const requestId = randomUUID()
    const base: ApiErrorDetails = { kind: 'network', method: spec.method, path: spec.path, requestId }
    const request = buildRequest(
      spec,
      { basePath: this.basePath, apiKey: this.options.apiKey, userAgent: this.options.userAgent },
      requestId,
    )
    const attempt = await sendAttempt(
      this.dispatcher,
      this.origin,
      request,
      { clock, deadline: this.deadline, requestTimeoutMs: this.requestTimeoutMs },
      () => logger.debug(`${describeRequest(spec)}${untrusted(queryString(spec.query))} (request id ${requestId})`),
    )
    if (!attempt.sent) throw new ApiError(`The step's timeout ran out before ${describeRequest(spec)}.`, { ...base, kind: 'deadline' })
    if (!attempt.received.ok) throw transportError(attempt.received, attempt, base)
    const result = classifyAnswer(spec, attempt.received, base, clock.now())
    if (!result.ok) throw result.error
    return result.value
  }
}

/** What a 401 means for the step's own key. */
export const STEP_KEY_REFUSED =
  'The platform refused the API key (401 Unauthorized): it is missing, invalid or revoked. Check the `api-key` input and the secret it comes from.'

/** The one line a user reads: what failed, why, what to do, and the request id to quote. */
export function finalError(spec: RequestSpec<unknown>, error: ApiError, hint = '', refused = STEP_KEY_REFUSED): ApiError {
  const tries = error.attempts > 1 ? ` after ${error.attempts} attempts` : ''
  // The service's own request id may stand in for the one the action sent.
  const ref = ` (request id ${untrusted(error.requestId)})`
  let message: string
  if (error.kind === 'http' && error.status === 401) {
    message = `${untrusted(refused, Number.POSITIVE_INFINITY)}${ref}`
  } else if (error.kind === 'http' && error.status === 403 && spec.forbidden) {
    const said = error.serviceMessage ? ` The platform said: ${quoted(error.serviceMessage)}.` : ''
    message = `Could not ${spec.purpose}: the platform refused it (403 Forbidden): ${spec.forbidden}.${said}${ref}`
  } else if (error.kind === 'http' && error.status === 404 && spec.notFound) {
    const notFoundHint = spec.notFoundHint ? `; ${spec.notFoundHint}` : ''
    message = `Could not ${spec.purpose}: ${spec.notFound} was not found (404)${notFoundHint}.${ref}`
  } else if (error.kind === 'deadline') {
    message = `${error.message} Could not ${spec.purpose}; raise the \`timeout\` input if the platform is slow.${ref}`
  } else {
    message = `Could not ${spec.purpose}: ${describeFailure(error)}${tries}.${hint}${ref}`
  }
  return new ApiError(message, error)
}

/** What failed, with the service's code and message or an excerpt of its body. */
function describeFailure(error: ApiError): string {
  // The sentence ends after the attempts and the hint: a message's own full stop would double it.
  const what = error.message.replace(/\.$/, '')
  const code = error.code && error.code !== 'truncated' ? ` [${untrusted(error.code)}]` : ''
  const said = error.serviceMessage ? `: ${quoted(error.serviceMessage)}` : error.excerpt ? `: ${error.excerpt}` : ''
  return `${what}${code}${said}`
}

/** "GET /projects": the method and the path, whose ids may have come from the service. */
function describeRequest(request: { method: string; path: string }): string {
  return `${untrusted(request.method)} ${untrusted(request.path)}`
}

function queryString(query: RequestSpec<unknown>['query']): string {
  if (!query) return ''
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value))
  const text = params.toString()
  return text ? `?${text}` : ''
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

function describeLocation(location: string | undefined): string {
  if (!location) return 'an unnamed location'
  try {
    const url = new URL(location)
    return untrusted(`${url.origin}${url.pathname}`)
  } catch {
    return quoted(location, 100)
  }
}

/** The `code` of a failure undici reports (`UND_ERR_…`, `ECONNRESET`), on the error or its cause. */
export function errorCode(cause: unknown): string | undefined {
  if (!isRecord(cause)) return undefined
  if (typeof cause.code === 'string') return cause.code
  return isRecord(cause.cause) && typeof cause.cause.code === 'string' ? cause.cause.code : undefined
}

function describeCause(cause: unknown): string {
  return cause instanceof Error ? untrusted(cause.message) : 'unknown error'
}
