/**
 * Every way a request to the platform or GitHub can fail, as one error type. It says what kind of failure it was,
 * the status and request id when the server answered, whether the request may have reached the server (so a write
 * may have been carried out), and whether sending it again can help. The commands and the one catch in main.ts turn
 * it into one clear line. Messages never hold a secret: they are built from the method, the path, the status, and
 * the server's own words made safe.
 */
import { OwnError } from '../base/errors.ts'

export type RequestErrorKind =
  | 'http' // the server answered with a status that is not a success
  | 'network' // no answer: refused, reset, dropped
  | 'timeout' // no answer within the request's own time limit
  | 'deadline' // the step's `timeout` ran out
  | 'redirect' // a 3xx, which the action never follows with a credential
  | 'malformed' // a success whose body is not what the API says
  | 'invalid' // the request could not be built (a header value undici refuses)
  | 'cancelled' // the runner cancelled the step: a wait to send it again ended, or its answer did not come in time
  | 'proxy' // the proxy failed (unreachable, a broken tunnel): the usual retries apply
  | 'proxy-refused' // the proxy refused it (407 without usable credentials, a destination it does not allow)
  | 'certificate' // the server's TLS certificate is not one Node trusts

/** The service a request went to, as messages name it. */
export type ServiceName = 'the platform' | 'GitHub'

export interface RequestErrorDetails {
  kind: RequestErrorKind
  /** The service that answered. Its table of refusals words a 401, 403 or 404 (api/client.ts, github/messages.ts). */
  service?: ServiceName
  method: string
  path: string
  /** The request id to quote to the server's support: the platform's or the one the action sent, or GitHub's. */
  requestId?: string
  status?: number
  /** The server's own error code (the platform's `code`). */
  code?: string
  /** The server's own message, as data. */
  serviceMessage?: string
  /** A short excerpt, already made safe, of a body that is not the expected JSON (such as a proxy's HTML page). */
  excerpt?: string
  attempts?: number
  /** How long the server asked to wait before the next attempt (Retry-After, or GitHub's rate-limit reset). */
  retryAfterMs?: number
  /** The server refused it because of its rate limit. It may be sent again after the wait. */
  rateLimited?: boolean
  /** The request may have been carried out although no usable answer came back. */
  mayHaveReachedServer?: boolean
  /** An earlier attempt of this request may have been carried out. */
  earlierAttemptUncertain?: boolean
}

export class RequestError extends OwnError {
  readonly kind: RequestErrorKind
  readonly service?: ServiceName
  readonly method: string
  readonly path: string
  readonly requestId: string | undefined
  readonly status?: number
  readonly code?: string
  readonly serviceMessage?: string
  readonly excerpt?: string
  readonly attempts: number
  readonly retryAfterMs?: number
  readonly rateLimited: boolean
  readonly mayHaveReachedServer: boolean
  readonly earlierAttemptUncertain: boolean

  constructor(message: string, details: RequestErrorDetails) {
    super(message)
    this.name = 'RequestError'
    this.kind = details.kind
    this.service = details.service
    this.method = details.method
    this.path = details.path
    this.requestId = details.requestId
    this.status = details.status
    this.code = details.code
    this.serviceMessage = details.serviceMessage
    this.excerpt = details.excerpt
    this.attempts = details.attempts ?? 1
    this.retryAfterMs = details.retryAfterMs
    this.rateLimited = details.rateLimited ?? false
    this.mayHaveReachedServer = details.mayHaveReachedServer ?? false
    this.earlierAttemptUncertain = details.earlierAttemptUncertain ?? false
  }

  /**
   * Sending it again cannot help: it could not be built, the step's time is up, the runner cancelled the step, or the
   * proxy or the certificate refused it.
   */
  get final(): boolean {
    return ['invalid', 'deadline', 'cancelled', 'proxy-refused', 'certificate'].includes(this.kind)
  }

  /** This attempt or an earlier one may have been carried out, so a write is never sent again blindly. */
  get mayHaveTakenEffect(): boolean {
    return this.mayHaveReachedServer || this.earlierAttemptUncertain
  }

  withAttempts(attempts: number, earlierAttemptUncertain: boolean): RequestError {
    return new RequestError(this.message, { ...this, attempts, earlierAttemptUncertain })
  }
}

/** The request failure behind `error`: the error itself, or the RequestError it was caused by. */
export function requestErrorIn(error: unknown): RequestError | undefined {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    if (cause instanceof RequestError) return cause
  }
  return undefined
}
