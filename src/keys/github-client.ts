/**
 * A small client for the few GitHub REST calls a rotation makes (public keys, secret metadata,
 * secret writes, repository ids), on the undici connection pool and request function the
 * platform client already loads: Octokit would add its own HTTP stack for a handful of calls.
 * The token goes only to GITHUB_API_URL, and redirects are never followed with it.
 */
import { STATUS_CODES } from 'node:http'
import type { Dispatcher } from 'undici'
import Agent from 'undici/lib/dispatcher/agent.js'
import { REQUEST_ID, REQUEST_TIMEOUT_MS, errorCode, excerptOf, sendRequest, type HttpRequest } from '../api/client.ts'
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
  /** The request could not be built (a header undici refuses): it never left, and sending it again cannot help. */
  readonly unsent: boolean
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
      unsent?: boolean
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
    this.unsent = details.unsent ?? false
    this.excerpt = details.excerpt ?? '""'
  }
}

export interface GitHubClientOptions {
  /** GITHUB_API_URL, e.g. https://api.github.com or https://ghe.example.com/api/v3. */
  apiUrl: string
  token: string
  clock: Clock
  dispatcher?: Dispatcher
}

export class GitHubClient {
  private readonly origin: string
  private readonly basePath: string
  private readonly token: string
  private readonly clock: Clock
  private readonly dispatcher: Dispatcher
  private readonly ownsDispatcher: boolean

  constructor(options: GitHubClientOptions) {
    const base = new URL(options.apiUrl)
    this.origin = base.origin
    this.basePath = base.pathname.replace(/\/+$/, '')
    this.token = options.token
    this.clock = options.clock
    this.ownsDispatcher = options.dispatcher === undefined
    this.dispatcher = options.dispatcher ?? new Agent({ keepAliveTimeout: 30_000, connections: 2 })
  }

  async close(): Promise<void> {
    if (this.ownsDispatcher) await this.dispatcher.close()
  }

  get(path: string, deadline: number): Promise<GitHubAnswer> {
    return this.send({ method: 'GET', path }, deadline)
  }

  /** `cut`: ends the attempt sooner (the runner's grace after a cancel). */
  put(path: string, body: unknown, deadline: number, cut?: AbortSignal): Promise<GitHubAnswer> {
    return this.send({ method: 'PUT', path, body }, deadline, cut)
  }

  /**
   * One attempt, cut off after its own 30 s, at `deadline` (clock time) if sooner, or by `cut`.
   * Throws GitHubRequestError.
   */
  private async send(
    call: { method: 'GET' | 'PUT'; path: string; body?: unknown },
    deadline: number,
    cut?: AbortSignal,
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
    const remaining = deadline - this.clock.now()
    const timer = this.clock.deadline(Math.max(1, Math.min(REQUEST_TIMEOUT_MS, remaining)))
    let received
    try {
      received = await sendRequest(this.dispatcher, this.origin, request, cut ? AbortSignal.any([timer.signal, cut]) : timer.signal)
    } finally {
      timer.clear()
    }
    if (!received.ok) {
      if (timer.signal.aborted && remaining >= REQUEST_TIMEOUT_MS) {
        throw new GitHubRequestError(`no answer from GitHub within ${formatDuration(REQUEST_TIMEOUT_MS)}.`, { timedOut: true })
      }
      const cause = received.cause instanceof Error ? received.cause.message : String(received.cause)
      if (errorCode(received.cause) === 'UND_ERR_INVALID_ARG') {
        throw new GitHubRequestError(`the request could not be sent (${quoted(cause.split('\n')[0] ?? '', 200)}).`, { unsent: true })
      }
      throw new GitHubRequestError(`no answer from GitHub (${quoted(cause.split('\n')[0] ?? '', 200)}).`)
    }
    const { status, headers, text } = received
    const header = (name: string) => {
      const value = headers[name]
      return Array.isArray(value) ? value[0] : value
    }
    // Quoted in every record of `secret-results` and the summary: only a short token, as the platform's.
    const sent = header('x-github-request-id')
    const requestId = sent !== undefined && REQUEST_ID.test(sent) ? sent : undefined
    if (status >= 200 && status < 300) {
      let body: unknown
      try {
        body = text === '' ? undefined : JSON.parse(text)
      } catch {
        throw new GitHubRequestError(`GitHub answered ${status} with a body that is not JSON.`, { status, requestId })
      }
      return { status, body }
    }
    if (status >= 300 && status < 400) {
      throw new GitHubRequestError(
        `GitHub answered ${status} ${STATUS_CODES[status] ?? ''}: the action does not follow redirects with the token. ` +
          'A repository that was renamed or moved must be named as it is now.',
        { status, requestId },
      )
    }
    const excerpt = describeGitHubMessage(text, header('content-type') ?? '')
    const now = this.clock.now()
    const reset = Number(header('x-ratelimit-reset'))
    const exhausted = header('x-ratelimit-remaining') === '0'
    const retryAfterMs =
      parseRetryAfter(header('retry-after'), now) ?? (exhausted && Number.isFinite(reset) ? Math.max(0, reset * 1000 - now) : undefined)
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

/** GitHub's own message (JSON `message`), quoted as data; an excerpt of any other body. */
function describeGitHubMessage(text: string, contentType: string): string {
  try {
    const body: unknown = JSON.parse(text)
    const message = typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : undefined
    if (typeof message === 'string' && message !== '') return quoted(message.split('\n')[0] ?? '', 200)
  } catch {
    // Not JSON: a proxy's page.
  }
  return untrusted(excerptOf(text, contentType))
}
