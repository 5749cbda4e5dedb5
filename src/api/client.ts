/**
 * The platform's client, on the shared transport. It adds the API key as a Bearer token, request ids, the platform's
 * error bodies, each request's retry rule, and the one line a user reads when a request fails for good.
 */
import { randomUUID } from 'node:crypto'
import { formatDuration, type Clock, type StepTime } from '../base/clock.ts'
import type { Logger } from '../base/log.ts'
import { quoted, untrusted } from '../base/text.ts'
import {
  CHANGE_AND_RUN_AGAIN,
  describeRequestFailure,
  describeRequest,
  readAnswer,
  refusalOf,
  type RefusalStatus,
  type Service,
} from '../http/answers.ts'
import { RequestError, type RequestErrorDetails } from '../http/errors.ts'
import { NOT_CARRIED_OUT_STATUSES, RETRY_POLICIES, retrying } from '../http/retry.ts'
import {
  Connections,
  REQUEST_TIMEOUT_MS,
  isRequestId,
  queryString,
  sendAttempt,
  type Attempt,
  type HttpRequest,
} from '../http/transport.ts'
import { ShapeError } from './shape.ts'

/** The platform's error body, and the statuses that mean it did nothing. */
export const PLATFORM: Service = {
  name: 'the platform',
  redirectHint:
    'the action does not follow redirects, so the API key is never sent to another address. Check the `api-host` input.',
  emptySuccess: false,
  notCarriedOut: NOT_CARRIED_OUT_STATUSES,
  readError: (body) => ({
    code: typeof body?.code === 'string' && body.code !== '' ? body.code : undefined,
    serviceMessage: typeof body?.message === 'string' && body.message !== '' ? body.message : undefined,
    // Only an id that looks like one: it becomes an output.
    requestId: isRequestId(body?.request_id) ? body.request_id : undefined,
  }),
}

/** A row of RETRY_POLICIES. */
type RetryMode = 'read' | 'once' | 'poll' | 'wait'

export interface RequestSpec<T> {
  method: 'GET' | 'POST' | 'DELETE'
  /** Below the base URL, starting with `/`. */
  path: string
  query?: Record<string, string | number | undefined>
  body?: unknown
  retry: RetryMode
  /** For messages: "list projects". */
  purpose: string
  /** What a 404 did not find: "API key 42". */
  notFound?: string
  /** After a 404: where else it may be (a key id in the other namespace). */
  notFoundHint?: string
  /** What a 403 means here, and what to do. */
  forbidden?: string
  /** Checks the decoded body; throws ShapeError. */
  parse: (body: unknown) => T
}

/** How an attempt ended, for pacing. Empty when no HTTP status came back. */
export interface PacedAnswer {
  status?: number
  retryAfterMs?: number
}

/** Keeps requests under the account's rate limits. No turn waits past `deadline`. */
export interface RequestPacing {
  turn(request: { method: string; path: string }, deadline: number): Promise<(answer: PacedAnswer) => void>
}

export interface ClientOptions {
  baseUrl: string
  apiKey: string
  userAgent: string
  clock: Clock
  logger: Logger
  /** No request or wait goes past it; the step's deadline (`time.deadline`) by default. */
  deadline?: number | (() => number)
  /**
   * The step's time: the runner's cancel ends a wait before a retry, and the request then fails (unless `cleanup`),
   * and each attempt in time for the step to report before the kill.
   */
  time?: StepTime
  /** A clean-up's client: a cancel does not end its retries; only the deadline (the runner's grace) does. */
  cleanup?: boolean
  /** What a 401 says about this client's key; by default, the step's key. */
  refused?: string
  requestTimeoutMs?: number
  random?: () => number
  /** The step's connections. By default the client opens its own, and close() closes them. */
  connections?: Connections
  /** Every attempt waits here for its turn. */
  pacing?: RequestPacing
}

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
  const request: HttpRequest = {
    method: spec.method,
    path: target.basePath + spec.path + queryString(spec.query),
    headers,
  }
  if (spec.body !== undefined) {
    request.body = JSON.stringify(spec.body)
    headers['content-type'] = 'application/json'
  }
  return request
}

/** Each attempt has a time limit. It retries only where safe, never follows a redirect, and names the request. */
export class PlatformClient {
  private readonly origin: string
  private readonly basePath: string
  private readonly options: ClientOptions
  private readonly ownConnections: Connections | undefined
  /** Shared with requests to GitHub: one pool per origin. */
  readonly connections: Connections

  constructor(options: ClientOptions) {
    const base = new URL(options.baseUrl)
    this.origin = base.origin
    this.basePath = base.pathname.replace(/\/+$/, '')
    this.options = options
    this.ownConnections = options.connections ? undefined : new Connections()
    this.connections = options.connections ?? this.ownConnections!
  }

  get clock(): Clock {
    return this.options.clock
  }

  get deadline(): number {
    const { deadline, time } = this.options
    return typeof deadline === 'function' ? deadline() : (deadline ?? time?.deadline ?? Number.POSITIVE_INFINITY)
  }

  /** For a clean-up: a cancel does not end its retries; only `deadline` (the runner's grace, read at each wait) does. */
  withDeadline(deadline: number | (() => number)): PlatformClient {
    return this.with({ deadline, cleanup: true })
  }

  /** `refused` words a 401 for that key, so no error blames the `api-key` input. */
  withApiKey(apiKey: string, refused: string): PlatformClient {
    return this.with({ apiKey, refused })
  }

  withPacing(pacing: RequestPacing): PlatformClient {
    return this.with({ pacing })
  }

  /** Shares this client's connections; only this client closes them. */
  private with(changes: Partial<ClientOptions>): PlatformClient {
    return new PlatformClient({ ...this.options, ...changes, connections: this.connections })
  }

  /** Closes only the connections this client opened. */
  async close(): Promise<void> {
    await this.ownConnections?.close()
  }

  send<T>(spec: RequestSpec<T>): Promise<T> {
    const { clock, logger, time, cleanup, refused } = this.options
    const policy = RETRY_POLICIES[spec.retry]
    let earlierAttemptUncertain = false
    const stopped = (error: RequestError, _n: number, delay: number) => {
      const hint = ` The runner cancelled the step while it waited ${formatDuration(delay)} to send it again.`
      const final = finalError(spec, error, hint, refused)
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
      policy,
      {
        clock,
        deadline: () => this.deadline,
        random: this.options.random,
        onRetry: (error, n, delay) =>
          logger.warning(
            `${describeRequest(spec)}: ${describeRequestFailure(error)}; retrying in ${formatDuration(delay)} (attempt ${n + 1} of ${policy.attempts}).`,
          ),
        giveUp: (error) => (error instanceof RequestError ? finalError(spec, error, '', refused) : error),
        outOfTime: (error, _n, delay) => {
          const final = finalError(
            spec,
            error,
            ` The step's timeout leaves no time to wait ${formatDuration(delay)} and retry.`,
            refused,
          )
          return new RequestError(final.message, { ...final, kind: 'deadline' })
        },
        ...(time ? { interrupt: { signal: time.stopped, stop: cleanup ? undefined : stopped } } : {}),
      },
    )
  }

  /** One attempt, after its turn when the client is paced. */
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

  private async sendOnce<T>(spec: RequestSpec<T>): Promise<T> {
    const { clock, logger } = this.options
    const requestId = randomUUID()
    const base: RequestErrorDetails = { kind: 'network', method: spec.method, path: spec.path, requestId }
    const request = buildRequest(
      spec,
      { basePath: this.basePath, apiKey: this.options.apiKey, userAgent: this.options.userAgent },
      requestId,
    )
    const requestTimeoutMs = this.options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS
    const onCancel = this.options.time?.attemptCut()
    const time = { clock, deadline: this.deadline, requestTimeoutMs, cut: onCancel?.signal }
    let attempt: Attempt
    try {
      attempt = await sendAttempt(this.connections, this.origin, request, time, () =>
        logger.debug(`${describeRequest(spec)}${untrusted(queryString(spec.query))} (request id ${requestId})`),
      )
    } finally {
      onCancel?.clear()
    }
    if (!attempt.sent)
      throw new RequestError(`The step's timeout ran out before ${describeRequest(spec)}.`, {
        ...base,
        kind: 'deadline',
      })
    const answer = readAnswer(attempt, base, PLATFORM, clock.now())
    if (!answer.ok) throw answer.error
    try {
      return spec.parse(answer.body)
    } catch (error) {
      if (!(error instanceof ShapeError)) throw error
      // The request took effect (a create made a key), though the answer is unusable.
      throw new RequestError(`the platform answered ${answer.status} without the expected fields: ${error.message}`, {
        ...base,
        kind: 'malformed',
        status: answer.status,
        mayHaveReachedServer: true,
      })
    }
  }
}

interface PlatformRefusals extends Record<RefusalStatus, { next: string }> {
  401: { stepKey: string; newKey: (id: number) => string; next: string }
  403: { describe: (spec: RequestSpec<unknown>, error: RequestError) => string | undefined; next: string }
  404: { describe: (spec: RequestSpec<unknown>) => string | undefined; next: string }
}

/** What a 401, 403 or 404 means, and what to do next. A request without its own words gets the usual line. */
export const PLATFORM_REFUSALS: Readonly<PlatformRefusals> = {
  401: {
    /** The step's own key. */
    stepKey:
      'The platform refused the API key (401 Unauthorized): it is missing, invalid or revoked. ' +
      'Check the `api-key` input and the secret it comes from.',
    /** A key the step just made, while rotate-key checks that it works. */
    newKey: (id: number) =>
      `The platform refused the new key ${id} (401 Unauthorized) moments after creating it. ` +
      'Either something revoked it meanwhile (another rotation running at the same time?), ' +
      'or the platform does not accept it yet. ' +
      "The step's own key (`api-key`) was not the problem.",
    next: CHANGE_AND_RUN_AGAIN,
  },
  403: {
    describe: (spec, error) => {
      if (!spec.forbidden) return undefined
      const said = error.serviceMessage ? ` The platform said: ${quoted(error.serviceMessage)}.` : ''
      return `Could not ${spec.purpose}: the platform refused it (403 Forbidden): ${spec.forbidden}.${said}`
    },
    next: CHANGE_AND_RUN_AGAIN,
  },
  404: {
    describe: (spec) => {
      if (!spec.notFound) return undefined
      const notFoundHint = spec.notFoundHint ? `. ${spec.notFoundHint}` : ''
      return `Could not ${spec.purpose}: ${spec.notFound} was not found (404)${notFoundHint}.`
    },
    next: CHANGE_AND_RUN_AGAIN,
  },
}

/** What failed, why, what to do, and the request id to quote. `refused` words a 401 for a key not the step's. */
export function finalError(spec: RequestSpec<unknown>, error: RequestError, hint = '', refused?: string): RequestError {
  const tries = error.attempts > 1 ? ` after ${error.attempts} attempts` : ''
  const ref = error.requestId === undefined ? '' : ` (request id ${untrusted(error.requestId)})`
  const refusal = refusalOf(error)
  let reason: string | undefined
  if (refusal === 401) reason = untrusted(refused ?? PLATFORM_REFUSALS[401].stepKey, Number.POSITIVE_INFINITY)
  else if (refusal !== undefined) reason = PLATFORM_REFUSALS[refusal].describe(spec, error)
  let message: string
  if (reason !== undefined) {
    message = `${reason}${ref}`
  } else if (error.kind === 'deadline') {
    message = `${error.message} Could not ${spec.purpose}; raise the \`timeout\` input if the platform is slow.${ref}`
  } else {
    message = `Could not ${spec.purpose}: ${describeRequestFailure(error)}${tries}.${hint}${ref}`
  }
  return new RequestError(message, error)
}
