/**
 * A thin client for the few GitHub REST calls the action makes: public keys, secret metadata, secret writes,
 * repository ids, and the runners' ranges in GET /meta. It uses the one transport (http/transport.ts) and the one
 * reading of answers (http/answers.ts). Octokit would add its own HTTP stack for a handful of calls.
 * What is GitHub's own stays here: its headers, request ids, rate limits and words. The token goes only to
 * GITHUB_API_URL, with its path prefix kept (GitHub Enterprise Server's /api/v3). Redirects are never followed with
 * the token. Failures are RequestErrors.
 */
import type { Clock, Deadline } from '../base/clock.ts'
import { USER_AGENT } from '../base/version.ts'
import { readAnswer, type Service } from '../http/answers.ts'
import { RequestError } from '../http/errors.ts'
import { RETRY_POLICIES, parseRetryAfter, retrying } from '../http/retry.ts'
import { REQUEST_TIMEOUT_MS, headerValue, isRequestId, sendAttempt, type Connections } from '../http/transport.ts'

/** Where GitHub's API is when the runner does not say (GITHUB_API_URL). */
export const DEFAULT_GITHUB_API_URL = 'https://api.github.com'
/** The REST API version the calls are written for. */
const API_VERSION = '2022-11-28'

/** How GitHub words its answers: its JSON `message`, its request id header, its rate limits. */
export const GITHUB: Service = {
  name: 'GitHub',
  redirectHint:
    'the action does not follow redirects with the token. A repository that was renamed or moved must be named as it is now.',
  emptySuccess: true,
  notCarriedOut: new Set(),
  readError: (body, headers, status, now) => {
    const serviceMessage = typeof body?.message === 'string' && body.message !== '' ? body.message : undefined
    // Every record of `secret-results` and the summary quote the request id, so only a short token is kept.
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
  /** The decoded JSON body; undefined for an empty one (204). */
  body: unknown
}

export interface GitHubClientOptions {
  /** GITHUB_API_URL, e.g. https://api.github.com or https://ghe.example.com/api/v3. */
  apiUrl: string
  /** Sent as a Bearer token. Without it, the read is unauthenticated. */
  token?: string
  clock: Clock
  /** The step's connections (the platform client's): GitHub's requests get a pool of their own there. */
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
   * A GET, sent again as RETRY_POLICIES.githubRead says. `deadline` is a function when it may come sooner (the
   * runner's grace after a cancel). `stopped` ends a wait to send it again (the cancel), and `cut` an attempt in
   * flight (Cancellation.attemptCut). `bodyLimit` refuses a larger answer unread, for a read whose answer has a known
   * size.
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
    return retrying(attempt, RETRY_POLICIES.githubRead, {
      clock: this.clock,
      deadline: by,
      ...(stopped ? { interrupt: { signal: stopped } } : {}),
    })
  }

  /**
   * One PUT, never sent again here: secret-stores.ts settles a write's retries itself. `cut` ends the attempt sooner
   * (the runner's grace after a cancel). `onSend` runs just before the request leaves.
   */
  put(path: string, body: unknown, deadline: number, cut?: AbortSignal, onSend?: () => void): Promise<GitHubAnswer> {
    return this.send({ method: 'PUT', path, body }, deadline, cut, onSend)
  }

  /**
   * One attempt. It is cut off after its own 30 s, at `deadline` (clock time) if sooner, or by `cut`.
   * Nothing is sent once `deadline` has passed.
   */
  private async send(
    call: { method: 'GET' | 'PUT'; path: string; body?: unknown; bodyLimit?: number },
    deadline: number,
    cut?: AbortSignal,
    onSend?: () => void,
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
    const attempt = await sendAttempt(this.connections, this.origin, request, time, onSend)
    if (!attempt.sent)
      throw new RequestError("the step's timeout ran out before the request was sent.", { ...base, kind: 'deadline' })
    const answer = readAnswer(attempt, base, GITHUB, this.clock.now())
    if (!answer.ok) throw answer.error
    return { status: answer.status, body: answer.body }
  }
}
