/** Messages never hold a secret: only the method, the path, the status, and the server's words made safe. */
import { OwnError } from '../base/errors.ts'

export type RequestErrorKind =
  | 'http' // a status that is not a success
  | 'network' // no answer: refused, reset, dropped
  | 'timeout' // no answer within one attempt's time limit
  | 'deadline' // the step's `timeout` ran out
  | 'redirect' // a 3xx, which the action never follows with a credential
  | 'malformed' // a success whose body is not what the API says
  | 'invalid' // the request could not be built (a header value undici refuses)
  | 'cancelled'
  | 'proxy' // the proxy failed (unreachable, a broken tunnel); retried as usual
  | 'proxy-refused' // the proxy refused it (407 without usable credentials, a destination it does not allow)
  | 'certificate' // the server's TLS certificate is not one Node trusts

export type ServiceName = 'the platform' | 'GitHub'

export interface RequestErrorDetails {
  kind: RequestErrorKind
  /** Its table of refusals words a 401, 403 or 404. */
  service?: ServiceName
  method: string
  path: string
  /** To quote to the server's support. */
  requestId?: string
  status?: number
  code?: string
  /** The server's own message, as data. */
  serviceMessage?: string
  /** A short excerpt, made safe, of a body that is not the expected JSON (a proxy's HTML page). */
  excerpt?: string
  attempts?: number
  /** Retry-After, or GitHub's rate-limit reset. */
  retryAfterMs?: number
  /** Refused for the rate limit: it may be sent again after the wait. */
  rateLimited?: boolean
  /** It may have been carried out, though no usable answer came back. */
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

  /** Sending it again cannot help. */
  get final(): boolean {
    return ['invalid', 'deadline', 'cancelled', 'proxy-refused', 'certificate'].includes(this.kind)
  }

  /** This attempt or an earlier one may have been carried out: a write is never sent again blindly. */
  get mayHaveTakenEffect(): boolean {
    return this.mayHaveReachedServer || this.earlierAttemptUncertain
  }

  withAttempts(attempts: number, earlierAttemptUncertain: boolean): RequestError {
    return new RequestError(this.message, { ...this, attempts, earlierAttemptUncertain })
  }
}

/** The error itself, or the RequestError it was caused by. */
export function requestErrorIn(error: unknown): RequestError | undefined {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    if (cause instanceof RequestError) return cause
  }
  return undefined
}
