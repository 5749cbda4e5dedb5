/**
 * A thin client for the few GitHub calls the action makes, on the one transport: Octokit would add its own HTTP stack
 * for a handful of calls. The token goes only to GITHUB_API_URL, path prefix kept, and never on a redirect.
 */
import type { Clock, Deadline } from '../base/clock.ts'
import { USER_AGENT } from '../base/version.ts'
import { readAnswer, type Service } from '../http/answers.ts'
import { RequestError } from '../http/errors.ts'
import { RETRY_POLICIES, parseRetryAfter, retrying } from '../http/retry.ts'
import { REQUEST_TIMEOUT_MS, headerValue, isRequestId, sendAttempt, type Connections } from '../http/transport.ts'

/** When the runner does not set GITHUB_API_URL. */
export const DEFAULT_GITHUB_API_URL = 'https://api.github.com'
const API_VERSION = '2022-11-28'

/** GitHub's JSON `message`, request id header and rate limits. */
export const GITHUB: Service = {
  name: 'GitHub',
  redirectHint:
    'the action does not follow redirects with the token. A repository that was renamed or moved must be named as it is now.',
  emptySuccess: true,
  notCarriedOut: new Set(),
  readError: (body, headers, status, now) => {
    const serviceMessage = typeof body?.message === 'string' && body.message !== '' ? body.message : undefined
    // Quoted in `secret-results` and the summary, so only a short token is kept.
    const requestId = headerValue(headers['x-github-request-id'])
    const reset = Number(headerValue(headers['x-ratelimit-reset']))
    const exhausted = headerValue(headers['x-ratelimit-remaining']) === '0'
    return {
      serviceMessage,
      requestId: isRequestId(requestId) ? requestId : undefined,
      retryAfterMs:
        parseRetryAfter(headerValue(headers['retry-after']), now) ??
        (exhausted && Number.isFinite(reset) ? Math.max(0, reset * 1000 - now) : undefined),
      rateLimited: status === 429 || (status === 403 && (exhausted || /rate limit/i.test(serviceMessage ?? ''))),
    }
  },
}

export interface GitHubAnswer {
  status: number
  /** Undefined for an empty body (204). */
  body: unknown
}

export interface GitHubClientOptions {
  /** GITHUB_API_URL, e.g. https://ghe.example.com/api/v3. */
  apiUrl: string
  /** Without it, the read is unauthenticated. */
  token?: string
  clock: Clock
  /** The step's: GitHub gets a pool of its own there. */
  connections: Connections
}

export class GitHubClient {
  private readonly origin: string
  private readonly basePath: string
  private readonly token: string | undefined
  private readonly clock: Clock
  private readonly connections: Connections

  constructor(options: GitHubClientOptions) {
    const base = new URL(options.apiUrl)
    this.origin = base.origin
    this.basePath = base.pathname.replace(/\/+$/, '')
    this.token = options.token
    this.clock = options.clock
    this.connections = options.connections
  }

  /**
   * `deadline` is a function when a cancel may move it. `stopped` ends a wait to send it again, and `cut` an attempt
   * in flight. `bodyLimit` refuses a larger answer unread.
   */
  get(
    path: string,
    deadline: number | (() => number),
    options: { stopped?: AbortSignal; bodyLimit?: number; cut?: () => Deadline } = {},
  ): Promise<GitHubAnswer> {
    const by = typeof deadline === 'function' ? deadline : () => deadline
    const { stopped, bodyLimit } = options
    const attempt = async () => {
      const cut = options.cut?.()
      try {
        return await this.send({ method: 'GET', path, bodyLimit }, by(), cut?.signal)
      } finally {
        cut?.clear()
      }
    }
    return retrying(attempt, RETRY_POLICIES.github, {
      clock: this.clock,
      deadline: by,
      ...(stopped ? { interrupt: { signal: stopped } } : {}),
    })
  }

  /** Never sent again here: the caller decides a write's retries. */
  put(path: string, body: unknown, deadline: number, cut?: AbortSignal): Promise<GitHubAnswer> {
    return this.send({ method: 'PUT', path, body }, deadline, cut)
  }

  /** Cut off after its own 30 s, at `deadline`, or by `cut`. Nothing is sent past `deadline`. */
  private async send(
    call: { method: 'GET' | 'PUT'; path: string; body?: unknown; bodyLimit?: number },
    deadline: number,
    cut?: AbortSignal,
  ): Promise<GitHubAnswer> {
    const headers: Record<string, string> = {
      accept: 'application/vnd.github+json',
      'x-github-api-version': API_VERSION,
      'user-agent': USER_AGENT,
    }
    if (this.token !== undefined) headers.authorization = `Bearer ${this.token}`
    const body = call.body === undefined ? undefined : JSON.stringify(call.body)
    if (body !== undefined) headers['content-type'] = 'application/json'
    const request = { method: call.method, path: this.basePath + call.path, headers, body, bodyLimit: call.bodyLimit }
    const base = { kind: 'network' as const, method: call.method, path: call.path }
    const time = { clock: this.clock, deadline, requestTimeoutMs: REQUEST_TIMEOUT_MS, cut }
    const attempt = await sendAttempt(this.connections, this.origin, request, time)
    if (!attempt.sent)
      throw new RequestError("the step's timeout ran out before the request was sent.", { ...base, kind: 'deadline' })
    const answer = readAnswer(attempt, base, GITHUB, this.clock.now())
    if (!answer.ok) throw answer.error
    return { status: answer.status, body: answer.body }
  }
}
