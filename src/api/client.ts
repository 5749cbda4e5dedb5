import { randomUUID } from 'node:crypto'
import { STATUS_CODES } from 'node:http'
import { Agent, type Dispatcher } from 'undici'
import type { Clock } from '../clock.js'
import { formatDuration } from '../clock.js'
import { ApiError, type ApiErrorDetails } from './errors.js'
import {
  DEFAULT_RETRY_POLICY,
  NOT_CARRIED_OUT_STATUSES,
  RETRYABLE_STATUSES,
  backoffDelay,
  parseRetryAfter,
  type RetryPolicy,
} from './retry.js'
import { ShapeError } from './shape.js'

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
 */
export type RetryMode = 'safe' | 'once'

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
  /** Checks the decoded body and picks out what the caller needs; throws ShapeError. */
  parse: (body: unknown) => T
}

export interface ClientOptions {
  baseUrl: string
  apiKey: string
  userAgent: string
  clock: Clock
  logger: Logger
  /** Clock time by which the whole step must be done: no request or wait goes past it. */
  deadline?: number
  /** Each attempt's own deadline. */
  requestTimeoutMs?: number
  retryPolicy?: RetryPolicy
  random?: () => number
  dispatcher?: Dispatcher
}

const EXCERPT_LENGTH = 200
/** Errors raised before a byte of the request left: the service cannot have seen it. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT'])

type Attempt<T> = { ok: true; value: T } | { ok: false; error: ApiError; retryAfterMs?: number }

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
    this.requestTimeoutMs = options.requestTimeoutMs ?? 30_000
    this.ownsDispatcher = options.dispatcher === undefined
    // One keep-alive pool for every request of the step: a waiter's polls reuse the connection.
    this.dispatcher = options.dispatcher ?? new Agent({ keepAliveTimeout: 30_000, connections: 4 })
  }

  get clock(): Clock {
    return this.options.clock
  }

  get deadline(): number {
    return this.options.deadline ?? Number.POSITIVE_INFINITY
  }

  /** The same client with another deadline, sharing the connection pool (clean-up after a lost answer). */
  withDeadline(deadline: number): PlatformClient {
    return new PlatformClient({ ...this.options, deadline, dispatcher: this.dispatcher })
  }

  /** The same client authenticating with another key, sharing the connection pool. */
  withApiKey(apiKey: string): PlatformClient {
    return new PlatformClient({ ...this.options, apiKey, dispatcher: this.dispatcher })
  }

  async close(): Promise<void> {
    if (this.ownsDispatcher) await this.dispatcher.close()
  }

  async send<T>(spec: RequestSpec<T>): Promise<T> {
    const { clock, logger } = this.options
    let earlierAttemptUncertain = false
    for (let attempt = 1; ; attempt++) {
      const result = await this.attempt(spec)
      if (result.ok) return result.value
      const error = result.error.withAttempts(attempt, earlierAttemptUncertain)
      if (!this.mayRetry(spec, error) || attempt >= this.policy.maxAttempts) throw this.finalError(spec, error)
      const delay = result.retryAfterMs ?? backoffDelay(attempt, this.policy, this.options.random)
      if (clock.now() + delay >= this.deadline) {
        const final = this.finalError(spec, error, ` The step's timeout leaves no time to wait ${formatDuration(delay)} and retry.`)
        throw new ApiError(final.message, { ...final, kind: 'deadline' })
      }
      logger.warning(
        `${spec.method} ${spec.path}: ${describeFailure(error)}; retrying in ${formatDuration(delay)} ` +
          `(attempt ${attempt + 1} of ${this.policy.maxAttempts}).`,
      )
      earlierAttemptUncertain ||= error.mayHaveReachedServer
      await clock.sleep(delay)
    }
  }

  private mayRetry(spec: RequestSpec<unknown>, error: ApiError): boolean {
    switch (error.kind) {
      case 'http':
        return spec.retry === 'safe'
          ? RETRYABLE_STATUSES.has(error.status ?? 0)
          : NOT_CARRIED_OUT_STATUSES.has(error.status ?? 0)
      case 'network':
      case 'timeout':
        return spec.retry === 'safe' || !error.mayHaveReachedServer
      case 'malformed':
        // A body cut off in transit is a transport fault; a complete but wrong body is not.
        return spec.retry === 'safe' && error.code === 'truncated'
      default:
        return false
    }
  }

  private async attempt<T>(spec: RequestSpec<T>): Promise<Attempt<T>> {
    const { clock, logger } = this.options
    const requestId = randomUUID()
    const base: ApiErrorDetails = { kind: 'network', method: spec.method, path: spec.path, requestId }
    const remaining = this.deadline - clock.now()
    if (remaining <= 0) {
      return { ok: false, error: new ApiError(`The step's timeout ran out before ${spec.method} ${spec.path}.`, { ...base, kind: 'deadline' }) }
    }
    const boundByStep = remaining < this.requestTimeoutMs
    const budget = Math.min(this.requestTimeoutMs, remaining)
    const timer = clock.deadline(budget)
    const signal = timer.signal
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.options.apiKey}`,
      accept: 'application/json',
      'user-agent': this.options.userAgent,
      'x-request-id': requestId,
    }
    let body: string | undefined
    if (spec.body !== undefined) {
      body = JSON.stringify(spec.body)
      headers['content-type'] = 'application/json'
    }
    logger.debug(`${spec.method} ${spec.path}${queryString(spec.query)} (request id ${requestId})`)

    let status: number | undefined
    let text: string
    let responseHeaders: Dispatcher.ResponseData['headers'] = {}
    try {
      const response = await this.dispatcher.request({
        origin: this.origin,
        path: this.basePath + spec.path + queryString(spec.query),
        method: spec.method,
        headers,
        body,
        signal,
      })
      status = response.statusCode
      responseHeaders = response.headers
      text = await response.body.text()
    } catch (cause) {
      const code = errorCode(cause)
      if (code === 'UND_ERR_INVALID_ARG') {
        // The request could not even be built: sending it again cannot help.
        return { ok: false, error: new ApiError(`the request could not be sent (${describeCause(cause)})`, { ...base, kind: 'invalid' }) }
      }
      if (signal.aborted) {
        const kind = boundByStep ? 'deadline' : 'timeout'
        const message =
          kind === 'deadline'
            ? `The step's timeout ran out while ${spec.method} ${spec.path} was in flight.`
            : `No answer to ${spec.method} ${spec.path} within ${formatDuration(budget)}.`
        return { ok: false, error: new ApiError(message, { ...base, kind, status, mayHaveReachedServer: true }) }
      }
      if (status !== undefined) {
        return {
          ok: false,
          error: new ApiError(`the body of the ${status} answer was cut off (${code ?? 'connection closed'})`, {
            ...base,
            kind: 'malformed',
            status,
            code: 'truncated',
            mayHaveReachedServer: true,
          }),
        }
      }
      const mayHaveReachedServer = !NOT_SENT_CODES.has(code ?? '')
      return {
        ok: false,
        error: new ApiError(`the connection failed (${code ?? describeCause(cause)})`, { ...base, mayHaveReachedServer }),
      }
    } finally {
      timer.clear()
    }

    const retryAfterMs = parseRetryAfter(headerValue(responseHeaders['retry-after']), clock.now())
    if (status >= 300 && status < 400) {
      const location = headerValue(responseHeaders.location)
      return {
        ok: false,
        error: new ApiError(
          `the platform answered ${status} ${STATUS_CODES[status] ?? ''} redirecting to ${describeLocation(location)}; ` +
            `the action does not follow redirects, so the API key is never sent to another address. Check the \`api-host\` input.`,
          { ...base, kind: 'redirect', status },
        ),
      }
    }
    const contentType = headerValue(responseHeaders['content-type']) ?? ''
    const decoded = decodeJson(text)
    if (status < 200 || status >= 300) {
      const error = decoded.ok && isRecord(decoded.value) ? decoded.value : undefined
      const code = typeof error?.code === 'string' && error.code !== '' ? error.code : undefined
      const serviceMessage = typeof error?.message === 'string' && error.message !== '' ? error.message : undefined
      const serviceRequestId = typeof error?.request_id === 'string' && error.request_id !== '' ? error.request_id : requestId
      const excerpt = serviceMessage === undefined ? excerptOf(text, contentType) : undefined
      return {
        ok: false,
        retryAfterMs,
        error: new ApiError(`the platform answered ${status} ${STATUS_CODES[status] ?? ''}`.trim(), {
          ...base,
          kind: 'http',
          requestId: serviceRequestId,
          status,
          code,
          serviceMessage,
          excerpt,
          mayHaveReachedServer: !NOT_CARRIED_OUT_STATUSES.has(status) && status >= 500,
        }),
      }
    }
    if (!decoded.ok) {
      // JSON declared but not decodable is a body cut off in transit: a read may be sent again.
      // A successful body is never quoted: it may hold a new key that is not masked yet.
      const cutOff = /json/i.test(contentType)
      const kind = contentType.split(';')[0]?.trim() || 'no content type'
      return {
        ok: false,
        error: new ApiError(
          cutOff
            ? `the platform answered ${status} with JSON that is cut off or invalid (${text.length} bytes)`
            : `the platform answered ${status} with a body that is not JSON (${kind}, ${text.length} bytes)`,
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

  /** The one line a user reads: what failed, why, what to do, and the request id to quote. */
  private finalError(spec: RequestSpec<unknown>, error: ApiError, extra = ''): ApiError {
    const tries = error.attempts > 1 ? ` after ${error.attempts} attempts` : ''
    const ref = ` (request id ${error.requestId})`
    let message: string
    if (error.kind === 'http' && error.status === 401) {
      message =
        `The platform refused the API key (401 Unauthorized): it is missing, invalid or revoked. ` +
        `Check the \`api-key\` input and the secret it comes from.${ref}`
    } else if (error.kind === 'http' && error.status === 404 && spec.notFound) {
      message = `Could not ${spec.purpose}: ${spec.notFound} was not found (404).${ref}`
    } else if (error.kind === 'deadline') {
      message = `${error.message} Could not ${spec.purpose}; raise the \`timeout\` input if the platform is slow.${ref}`
    } else {
      message = `Could not ${spec.purpose}: ${describeFailure(error)}${tries}.${extra}${ref}`
    }
    return new ApiError(message, error)
  }
}

function describeFailure(error: ApiError): string {
  let text = error.kind === 'timeout' || error.kind === 'deadline' ? error.message.replace(/\.$/, '') : error.message
  if (error.code && error.code !== 'truncated') text += ` [${error.code}]`
  if (error.serviceMessage) text += `: ${JSON.stringify(error.serviceMessage)}`
  else if (error.excerpt) text += `: ${error.excerpt}`
  return text
}

function queryString(query: RequestSpec<unknown>['query']): string {
  if (!query) return ''
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value))
  const text = params.toString()
  return text ? `?${text}` : ''
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value
}

function decodeJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return { ok: false }
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A short, single-line taste of a body that is not the JSON we expected (an HTML proxy page…). */
function excerptOf(text: string, contentType: string): string {
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1]
  const flat = (title ?? text.replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ').trim()
  const kind = contentType.split(';')[0]?.trim() || 'no content type'
  if (flat === '') return `(empty ${kind} body)`
  const cut = flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH)}…` : flat
  return `(${kind}) ${JSON.stringify(cut)}`
}

function describeLocation(location: string | undefined): string {
  if (!location) return 'an unnamed location'
  try {
    const url = new URL(location)
    return `${url.origin}${url.pathname}`
  } catch {
    return JSON.stringify(location.slice(0, 100))
  }
}

function errorCode(cause: unknown): string | undefined {
  if (!isRecord(cause)) return undefined
  if (typeof cause.code === 'string') return cause.code
  return isRecord(cause.cause) && typeof cause.cause.code === 'string' ? cause.cause.code : undefined
}

function describeCause(cause: unknown): string {
  return cause instanceof Error ? cause.message : 'unknown error'
}
