/**
 * A small client for the few GitHub REST calls a rotation makes (public keys, secret metadata,
 * secret writes, repository ids). It sends on the platform client's connection pool and
 * transport (api/client.ts: one attempt within its own limit and the step's deadline, what a
 * failed connection says about whether the request left): Octokit would add its own HTTP stack
 * for a handful of calls. What is GitHub's own stays here: its headers, its rate limits, its
 * messages. The token goes only to GITHUB_API_URL, and redirects are never followed with it.
 */
import { STATUS_CODES } from 'node:http'
import type { Dispatcher } from 'undici'
import {
  isRequestId,
  REQUEST_TIMEOUT_MS,
  SUCCESS_BODY_LIMIT,
  decodeJson,
  errorCode,
  excerptOf,
  headerValue,
  isRecord,
  reachedServer,
  sendAttempt,
  unsendable,
  type AttemptEnd,
  type HttpRequest,
  type Received,
} from '../api/client.ts'
import { parseRetryAfter } from '../api/retry.ts'
import { formatDuration, type Clock } from '../base/clock.ts'
import { OwnError } from '../base/errors.ts'
import { quoted, untrusted } from '../base/text.ts'
import { USER_AGENT } from '../base/version.ts'

/** Where GitHub's API is when the runner does not say (GITHUB_API_URL). */
export const DEFAULT_GITHUB_API_URL = 'https://api.github.com'
/** The REST API version the calls are written for. */
const API_VERSION = '2022-11-28'

export interface GitHubAnswer {
  status: number
  /** The decoded JSON body; undefined for an empty one (204). */
  body: unknown
}

/**
 * A GitHub request that failed: GitHub's answer (status, its message as data, the request id
 * to quote to GitHub support, how long it asked to wait), or no answer at all (`status`
 * undefined: refused, cut off, out of time).
 */
export class GitHubRequestError extends OwnError {
  readonly status?: number
  /** GitHub's `x-github-request-id`, when it is a short token. */
  readonly requestId?: string
  readonly retryAfterMs?: number
  /** A rate limit (429, or 403 saying so): the request may be sent again after the wait. */
  readonly rateLimited: boolean
  /** No answer within the attempt's own limit, with more of the step's time left: GitHub may still be at it. */
  readonly timedOut: boolean
  /**
   * Whether the request may have reached GitHub: it answered, or the connection failed once a
   * byte may have left. False only when it certainly never left: refused at connect, not built,
   * or not sent for want of time.
   */
  readonly mayHaveReachedGitHub: boolean
  /** Sending it again cannot help: it could not be built, or the step's time is up. */
  readonly final: boolean
  /** What GitHub said, quoted as data: its JSON `message`, or an excerpt of the body. */
  readonly excerpt: string

  constructor(
    message: string,
    details: {
      status?: number
      requestId?: string
      retryAfterMs?: number
      rateLimited?: boolean
      timedOut?: boolean
      mayHaveReachedGitHub?: boolean
      final?: boolean
      excerpt?: string
    } = {},
  ) {
    super(message)
    this.name = 'GitHubRequestError'
    this.status = details.status
    this.requestId = details.requestId
    this.retryAfterMs = details.retryAfterMs
    this.rateLimited = details.rateLimited ?? false
    this.timedOut = details.timedOut ?? false
    this.mayHaveReachedGitHub = details.mayHaveReachedGitHub ?? true
    this.final = details.final ?? false
    this.excerpt = details.excerpt ?? '""'
  }
}

export interface GitHubClientOptions {
  /** GITHUB_API_URL, e.g. https://api.github.com or https://ghe.example.com/api/v3. */
  apiUrl: string
  token: string
  clock: Clock
  /** The step's connection pool (the platform client's): it pools GitHub's connections apart, and closes with it. */
  connections: Dispatcher
}

export class GitHubClient {
  private readonly origin: string
  private readonly basePath: string
  private readonly token: string
  private readonly clock: Clock
  private readonly connections: Dispatcher

  constructor(options: GitHubClientOptions) {
    const base = new URL(options.apiUrl)
    this.origin = base.origin
    this.basePath = base.pathname.replace(/\/+$/, '')
    this.token = options.token
    this.clock = options.clock
    this.connections = options.connections
  }

  get(path: string, deadline: number): Promise<GitHubAnswer> {
    return this.send({ method: 'GET', path }, deadline)
  }

  /** `cut`: ends the attempt sooner (the runner's grace after a cancel). `onSend`: just before the request leaves. */
  put(path: string, body: unknown, deadline: number, cut?: AbortSignal, onSend?: () => void): Promise<GitHubAnswer> {
    return this.send({ method: 'PUT', path, body }, deadline, cut, onSend)
  }

  /**
   * One attempt, cut off after its own 30 s, at `deadline` (clock time) if sooner, or by `cut`;
   * none once `deadline` has passed. Throws GitHubRequestError.
   */
  private async send(
    call: { method: 'GET' | 'PUT'; path: string; body?: unknown },
    deadline: number,
    cut?: AbortSignal,
    onSend?: () => void,
  ): Promise<GitHubAnswer> {
    const request: HttpRequest = {
      method: call.method,
      path: this.basePath + call.path,
      headers: {
        authorization: `Bearer ${this.token}`,
        accept: 'application/vnd.github+json',
        'x-github-api-version': API_VERSION,
        'user-agent': USER_AGENT,
      },
    }
    if (call.body !== undefined) {
      request.body = JSON.stringify(call.body)
      request.headers['content-type'] = 'application/json'
    }
    const attempt = await sendAttempt(
      this.connections,
      this.origin,
      request,
      { clock: this.clock, deadline, requestTimeoutMs: REQUEST_TIMEOUT_MS, cut },
      onSend,
    )
    if (!attempt.sent) {
      throw new GitHubRequestError("the step's timeout ran out before the request was sent.", { mayHaveReachedGitHub: false, final: true })
    }
    const { received } = attempt
    if (!received.ok) throw noAnswer(received, attempt.ended)
    const { status, headers, text } = received
    // Quoted in every record of `secret-results` and the summary: only a short token, as the platform's.
    const sent = headerValue(headers['x-github-request-id'])
    const requestId = isRequestId(sent) ? sent : undefined
    if (status >= 200 && status < 300) {
      if (text === '' && !received.tooLarge) return { status, body: undefined }
      const decoded = received.tooLarge ? undefined : decodeJson(text)
      if (!decoded?.ok) {
        const why = received.tooLarge ? `a body over ${SUCCESS_BODY_LIMIT / 1024 / 1024} MiB, not read` : 'a body that is not JSON'
        throw new GitHubRequestError(`GitHub answered ${status} with ${why}.`, { status, requestId })
      }
      return { status, body: decoded.value }
    }
    if (status >= 300 && status < 400) {
      throw new GitHubRequestError(
        `GitHub answered ${status} ${STATUS_CODES[status] ?? ''}: the action does not follow redirects with the token. ` +
          'A repository that was renamed or moved must be named as it is now.',
        { status, requestId },
      )
    }
    const excerpt = describeGitHubMessage(text, headerValue(headers['content-type']) ?? '')
    const now = this.clock.now()
    const reset = Number(headerValue(headers['x-ratelimit-reset']))
    const exhausted = headerValue(headers['x-ratelimit-remaining']) === '0'
    const retryAfterMs =
      parseRetryAfter(headerValue(headers['retry-after']), now) ??
      (exhausted && Number.isFinite(reset) ? Math.max(0, reset * 1000 - now) : undefined)
    const rateLimited = status === 429 || (status === 403 && (exhausted || /rate limit/i.test(excerpt)))
    throw new GitHubRequestError(`GitHub answered ${status} (${excerpt}).`, {
      status,
      requestId,
      rateLimited,
      excerpt,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    })
  }
}

/** A request without a usable answer, and whether it may have reached GitHub. */
function noAnswer(received: Extract<Received, { ok: false }>, ended: AttemptEnd): GitHubRequestError {
  const cause = received.cause instanceof Error ? received.cause.message : String(received.cause)
  const said = quoted(cause.split('\n')[0] ?? '', 200)
  if (unsendable(received)) {
    return new GitHubRequestError(`the request could not be sent (${said}).`, { mayHaveReachedGitHub: false, final: true })
  }
  if (ended === 'timeout')
    return new GitHubRequestError(`no answer from GitHub within ${formatDuration(REQUEST_TIMEOUT_MS)}.`, { timedOut: true })
  if (ended === 'deadline') return new GitHubRequestError("the step's timeout ran out before GitHub answered.")
  if (!reachedServer(received)) {
    return new GitHubRequestError(`the connection to GitHub failed (${untrusted(errorCode(received.cause) ?? '')}); nothing was sent.`, {
      mayHaveReachedGitHub: false,
    })
  }
  return new GitHubRequestError(`no answer from GitHub (${said}).`)
}

/** GitHub's own message (JSON `message`), quoted as data; an excerpt of any other body. */
function describeGitHubMessage(text: string, contentType: string): string {
  const decoded = decodeJson(text)
  const said = decoded.ok && isRecord(decoded.value) ? decoded.value.message : undefined
  if (typeof said === 'string' && said !== '') return quoted(said.split('\n')[0] ?? '', 200)
  return untrusted(excerptOf(text, contentType))
}
