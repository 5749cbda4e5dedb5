/**
 * GitHub's client: a thin typed client over the one transport (http/transport.ts), for the few
 * REST calls a rotation makes (public keys, secret metadata, secret writes, repository ids).
 * Octokit would add its own HTTP stack for a handful of calls. What is GitHub's own stays here:
 * its headers, its request ids, its rate limits, its words. The token goes only to
 * GITHUB_API_URL (its path prefix kept: GitHub Enterprise Server's /api/v3), and redirects are
 * never followed with it. Failures are the transport's RequestError.
 */
import { STATUS_CODES } from 'node:http'
import type { Dispatcher } from 'undici'
import { formatDuration, type Clock } from '../base/clock.ts'
import { quoted, untrusted } from '../base/text.ts'
import { USER_AGENT } from '../base/version.ts'
import { RequestError, namedConnectionFailure, type RequestErrorDetails } from '../http/errors.ts'
import { parseRetryAfter } from '../http/retry.ts'
import {
  REQUEST_TIMEOUT_MS,
  SUCCESS_BODY_LIMIT,
  decodeJson,
  errorCode,
  excerptOf,
  headerValue,
  isRecord,
  isRequestId,
  reachedServer,
  sendAttempt,
  serviceBase,
  unsendable,
  type AttemptEnd,
  type Received,
} from '../http/transport.ts'

/** Where GitHub's API is when the runner does not say (GITHUB_API_URL). */
export const DEFAULT_GITHUB_API_URL = 'https://api.github.com'
/** The REST API version the calls are written for. */
const API_VERSION = '2022-11-28'

export interface GitHubAnswer {
  status: number
  /** The decoded JSON body; undefined for an empty one (204). */
  body: unknown
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
    const { origin, basePath } = serviceBase(options.apiUrl)
    this.origin = origin
    this.basePath = basePath
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
   * none once `deadline` has passed. Throws RequestError.
   */
  private async send(
    call: { method: 'GET' | 'PUT'; path: string; body?: unknown },
    deadline: number,
    cut?: AbortSignal,
    onSend?: () => void,
  ): Promise<GitHubAnswer> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.token}`,
      accept: 'application/vnd.github+json',
      'x-github-api-version': API_VERSION,
      'user-agent': USER_AGENT,
    }
    const body = call.body === undefined ? undefined : JSON.stringify(call.body)
    if (body !== undefined) headers['content-type'] = 'application/json'
    const request = { method: call.method, path: this.basePath + call.path, headers, ...(body === undefined ? {} : { body }) }
    const base = { method: call.method, path: call.path }
    const attempt = await sendAttempt(
      this.connections,
      this.origin,
      request,
      { clock: this.clock, deadline, requestTimeoutMs: REQUEST_TIMEOUT_MS, cut },
      onSend,
    )
    if (!attempt.sent) {
      throw new RequestError("the step's timeout ran out before the request was sent.", { ...base, kind: 'deadline' })
    }
    const { received } = attempt
    if (!received.ok) throw noAnswer(received, attempt.ended, base)
    const { status, headers: answered, text } = received
    // Quoted in every record of `secret-results` and the summary: only a short token, as the platform's.
    const sent = headerValue(answered['x-github-request-id'])
    const requestId = isRequestId(sent) ? sent : undefined
    const reached: RequestErrorDetails = { ...base, kind: 'http', status, requestId, mayHaveReachedServer: true }
    if (status >= 200 && status < 300) {
      if (text === '' && !received.tooLarge) return { status, body: undefined }
      const decoded = received.tooLarge ? undefined : decodeJson(text)
      if (!decoded?.ok) {
        const why = received.tooLarge ? `a body over ${SUCCESS_BODY_LIMIT / 1024 / 1024} MiB, not read` : 'a body that is not JSON'
        throw new RequestError(`GitHub answered ${status} with ${why}.`, { ...reached, kind: 'malformed' })
      }
      return { status, body: decoded.value }
    }
    if (status >= 300 && status < 400) {
      throw new RequestError(
        `GitHub answered ${status} ${STATUS_CODES[status] ?? ''}: the action does not follow redirects with the token. ` +
          'A repository that was renamed or moved must be named as it is now.',
        { ...reached, kind: 'redirect' },
      )
    }
    const excerpt = describeGitHubMessage(text, headerValue(answered['content-type']) ?? '')
    const now = this.clock.now()
    const reset = Number(headerValue(answered['x-ratelimit-reset']))
    const exhausted = headerValue(answered['x-ratelimit-remaining']) === '0'
    const retryAfterMs =
      parseRetryAfter(headerValue(answered['retry-after']), now) ??
      (exhausted && Number.isFinite(reset) ? Math.max(0, reset * 1000 - now) : undefined)
    const rateLimited = status === 429 || (status === 403 && (exhausted || /rate limit/i.test(excerpt)))
    throw new RequestError(`GitHub answered ${status} (${excerpt}).`, {
      ...reached,
      rateLimited,
      excerpt,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    })
  }
}

/** A request without a usable answer, and whether it may have reached GitHub (a body cut off after its status counts as none). */
function noAnswer(received: Extract<Received, { ok: false }>, ended: AttemptEnd, base: { method: string; path: string }): RequestError {
  const cause = received.cause instanceof Error ? received.cause.message : String(received.cause)
  const said = quoted(cause.split('\n')[0] ?? '', 200)
  const named = namedConnectionFailure(received, base)
  if (named) return named
  if (unsendable(received)) return new RequestError(`the request could not be sent (${said}).`, { ...base, kind: 'invalid' })
  if (ended === 'timeout') {
    return new RequestError(`no answer from GitHub within ${formatDuration(REQUEST_TIMEOUT_MS)}.`, {
      ...base,
      kind: 'timeout',
      mayHaveReachedServer: true,
    })
  }
  if (ended === 'deadline') {
    return new RequestError("the step's timeout ran out before GitHub answered.", { ...base, kind: 'deadline', mayHaveReachedServer: true })
  }
  if (!reachedServer(received)) {
    return new RequestError(`the connection to GitHub failed (${untrusted(errorCode(received.cause) ?? '')}); nothing was sent.`, {
      ...base,
      kind: 'network',
    })
  }
  return new RequestError(`no answer from GitHub (${said}).`, { ...base, kind: 'network', mayHaveReachedServer: true })
}

/** GitHub's own message (JSON `message`), quoted as data; an excerpt of any other body. */
function describeGitHubMessage(text: string, contentType: string): string {
  const decoded = decodeJson(text)
  const said = decoded.ok && isRecord(decoded.value) ? decoded.value.message : undefined
  if (typeof said === 'string' && said !== '') return quoted(said.split('\n')[0] ?? '', 200)
  return untrusted(excerptOf(text, contentType))
}
