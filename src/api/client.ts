/**
 * The platform's client: a thin typed client over the one transport (http/transport.ts). It adds
 * what is the platform's own: the API key as a Bearer token, request ids, the platform's error
 * bodies and what its statuses mean, which requests may be sent again, and the one line a user
 * reads when a request fails for good.
 */
import { randomUUID } from 'node:crypto'
import { STATUS_CODES } from 'node:http'
import type { Dispatcher } from 'undici'
import type { Clock } from '../base/clock.ts'
import { formatDuration } from '../base/clock.ts'
import type { Logger } from '../base/log.ts'
import { quoted, untrusted } from '../base/text.ts'
import { RequestError, namedConnectionFailure, type RequestErrorDetails } from '../http/errors.ts'
import {
  CONGESTION_STATUSES,
  DEFAULT_RETRY_POLICY,
  NOT_CARRIED_OUT_STATUSES,
  RETRYABLE_STATUSES,
  backoffDelay,
  parseRetryAfter,
  retrying,
  type RetryPolicy,
} from '../http/retry.ts'
import {
  REQUEST_TIMEOUT_MS,
  SUCCESS_BODY_LIMIT,
  directPool,
  decodeJson,
  errorCode,
  excerptOf,
  headerValue,
  isRecord,
  isRequestId,
  queryString,
  reachedServer,
  sendAttempt,
  serviceBase,
  unsendable,
  type AttemptEnd,
  type HttpRequest,
  type Received,
} from '../http/transport.ts'
import { ShapeError } from './shape.ts'

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

/** The answer an attempt ended with, as request pacing needs it: none when it got no HTTP status. */
export interface PacedAnswer {
  status?: number
  retryAfterMs?: number
}

/**
 * Paces a client's requests under the account's rate limits (operations/pacing.ts): each attempt
 * waits its turn, never past `deadline`, and reports its answer once it is over.
 */
export interface RequestPacing {
  turn(request: { method: string; path: string }, deadline: number): Promise<(answer: PacedAnswer) => void>
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
  /** The connection pool; by default one of its own, connecting directly. */
  dispatcher?: Dispatcher
  /** Whether close() closes `dispatcher` too (the step's pool, which the client was handed); default: only a pool of its own. */
  ownsDispatcher?: boolean
  /** Every attempt waits its turn here first; none: requests go as soon as they are made. */
  pacing?: RequestPacing
}

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

/** The error for a request that got no usable answer: refused, dropped, cut off, or out of time. */
export function transportError(
  received: Extract<Received, { ok: false }>,
  aborted: { ended: AttemptEnd; budgetMs: number },
  base: RequestErrorDetails,
): RequestError {
  const code = errorCode(received.cause)
  const { status } = received
  // First: undici reports a proxy's 407 to a forwarded request as a request it could not build.
  const named = namedConnectionFailure(received, base)
  if (named) return named
  if (unsendable(received)) {
    return new RequestError(`the request could not be sent (${describeCause(received.cause)})`, { ...base, kind: 'invalid' })
  }
  if (aborted.ended === 'deadline' || aborted.ended === 'timeout') {
    const kind = aborted.ended
    const message =
      kind === 'deadline'
        ? `The step's timeout ran out while ${describeRequest(base)} was in flight.`
        : `No answer to ${describeRequest(base)} within ${formatDuration(aborted.budgetMs)}.`
    return new RequestError(message, { ...base, kind, status, mayHaveReachedServer: true })
  }
  if (status !== undefined) {
    return new RequestError(
      `the body of the ${status} answer was cut off (${code === undefined ? 'connection closed' : untrusted(code)})`,
      {
        ...base,
        kind: 'malformed',
        status,
        code: 'truncated',
        mayHaveReachedServer: true,
      },
    )
  }
  return new RequestError(`the connection failed (${code === undefined ? describeCause(received.cause) : untrusted(code)})`, {
    ...base,
    mayHaveReachedServer: reachedServer(received),
  })
}

/** What an answer means: a redirect, an error status, a body that is not JSON, or the parsed value. */
export function classifyAnswer<T>(
  spec: RequestSpec<T>,
  received: Extract<Received, { ok: true }>,
  base: RequestErrorDetails,
  now: number,
): { ok: true; value: T } | { ok: false; error: RequestError } {
  const { status, headers, text } = received
  const retryAfterMs = parseRetryAfter(headerValue(headers['retry-after']), now)
  if (status >= 300 && status < 400) {
    const location = headerValue(headers.location)
    return {
      ok: false,
      error: new RequestError(
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
      error: new RequestError(`the platform answered ${status} ${STATUS_CODES[status] ?? ''}`.trim(), {
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
      error: new RequestError(
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
      error: new RequestError(
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
      error: new RequestError(`the platform answered ${status} without the expected fields: ${error.message}`, {
        ...base,
        kind: 'malformed',
        status,
        mayHaveReachedServer: true,
      }),
    }
  }
}

/** Whether a failed attempt may be sent again: by what the failure says about the request. */
export function mayRetry(retry: RetryMode, error: RequestError): boolean {
  switch (error.kind) {
    case 'http':
      if (retry === 'once') return NOT_CARRIED_OUT_STATUSES.has(error.status ?? 0)
      if (retry === 'poll' && CONGESTION_STATUSES.has(error.status ?? 0)) return false
      return RETRYABLE_STATUSES.has(error.status ?? 0)
    case 'network':
    case 'timeout':
    case 'proxy':
      return retry !== 'once' || !error.mayHaveReachedServer
    case 'malformed':
      // A body cut off in transit is a transport fault; a complete but wrong body is not.
      return retry !== 'once' && error.code === 'truncated'
    case 'deadline':
    case 'redirect':
    case 'invalid':
    case 'cancelled':
    case 'proxy-refused':
    case 'certificate':
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
    const { origin, basePath } = serviceBase(options.baseUrl)
    this.origin = origin
    this.basePath = basePath
    this.options = options
    this.policy = options.retryPolicy ?? DEFAULT_RETRY_POLICY
    this.requestTimeoutMs = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS
    this.ownsDispatcher = options.ownsDispatcher ?? options.dispatcher === undefined
    // One keep-alive pool for every request of the step: a waiter's polls reuse the connection.
    this.dispatcher = options.dispatcher ?? directPool()
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
    return this.with({ deadline, ...(interrupt ? { interrupt: { signal: interrupt.signal, stop: false } } : {}) })
  }

  /**
   * The same client authenticating with another key, sharing the connection pool. `refused`
   * says what a 401 means for that key, so an error never blames the `api-key` input for it.
   */
  withApiKey(apiKey: string, refused: string): PlatformClient {
    return this.with({ apiKey, refused })
  }

  /** The same client with every attempt paced by `pacing`, sharing the connection pool. */
  withPacing(pacing: RequestPacing): PlatformClient {
    return this.with({ pacing })
  }

  /** This client with `changes`, on the same connection pool, which it never closes: this one does. */
  private with(changes: Partial<ClientOptions>): PlatformClient {
    return new PlatformClient({ ...this.options, ...changes, dispatcher: this.dispatcher, ownsDispatcher: false })
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
      const final = finalError(spec, error as RequestError, hint, this.options.refused)
      return new RequestError(final.message, { ...final, kind: 'cancelled' })
    }
    return retrying(
      async (n) => {
        try {
          return await this.attempt(spec)
        } catch (error) {
          if (!(error instanceof RequestError)) throw error
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
          error instanceof RequestError && mayRetry(spec.retry, error)
            ? (error.retryAfterMs ?? backoffDelay(n, this.policy, this.options.random))
            : undefined,
        onRetry: (error, n, delay) =>
          logger.warning(
            `${describeRequest(spec)}: ${describeFailure(error as RequestError)}; retrying in ${formatDuration(delay)} ` +
              `(attempt ${n + 1} of ${this.policy.maxAttempts}).`,
          ),
        giveUp: (error) => (error instanceof RequestError ? finalError(spec, error, '', this.options.refused) : error),
        outOfTime: (error, _n, delay) => {
          const final = finalError(
            spec,
            error as RequestError,
            ` The step's timeout leaves no time to wait ${formatDuration(delay)} and retry.`,
            this.options.refused,
          )
          return new RequestError(final.message, { ...final, kind: 'deadline' })
        },
        ...(interrupt ? { interrupt: { signal: interrupt.signal, stop: interrupt.stop ? stopped : undefined } } : {}),
      },
    )
  }

  /** One attempt, in its turn when the client is paced. Throws the attempt's RequestError. */
  private async attempt<T>(spec: RequestSpec<T>): Promise<T> {
    const over = await this.options.pacing?.turn(spec, this.deadline)
    if (!over) return this.sendOnce(spec)
    try {
      const value = await this.sendOnce(spec)
      over({})
      return value
    } catch (error) {
      over(error instanceof RequestError ? { status: error.status, retryAfterMs: error.retryAfterMs } : {})
      throw error
    }
  }

  /** One attempt: build, send within its own deadline, classify. Throws the attempt's RequestError. */
  private async sendOnce<T>(spec: RequestSpec<T>): Promise<T> {
    const { clock, logger } = this.options
    const requestId = randomUUID()
    const base: RequestErrorDetails = { kind: 'network', method: spec.method, path: spec.path, requestId }
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
    if (!attempt.sent) throw new RequestError(`The step's timeout ran out before ${describeRequest(spec)}.`, { ...base, kind: 'deadline' })
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
export function finalError(spec: RequestSpec<unknown>, error: RequestError, hint = '', refused = STEP_KEY_REFUSED): RequestError {
  const tries = error.attempts > 1 ? ` after ${error.attempts} attempts` : ''
  // The service's own request id may stand in for the one the action sent.
  const ref = error.requestId === undefined ? '' : ` (request id ${untrusted(error.requestId)})`
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
  return new RequestError(message, error)
}

/** What failed, with the service's code and message or an excerpt of its body. */
function describeFailure(error: RequestError): string {
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

function describeLocation(location: string | undefined): string {
  if (!location) return 'an unnamed location'
  try {
    const url = new URL(location)
    return untrusted(`${url.origin}${url.pathname}`)
  } catch {
    return quoted(location, 100)
  }
}

function describeCause(cause: unknown): string {
  return cause instanceof Error ? untrusted(cause.message) : 'unknown error'
}
