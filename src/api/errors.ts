/**
 * Every way a request to the platform can fail, as one error type, so the command layer and
 * the single catch in main can turn it into one clear line. Messages never hold a key value:
 * they are built only from the method, the path, the status and the service's own message.
 */
import { OwnError } from '../base/errors.ts'

export type ApiErrorKind =
  | 'http' // the service answered with a non-2xx status
  | 'network' // no answer: refused, reset, dropped
  | 'timeout' // no answer within the request's own deadline
  | 'deadline' // the step's `timeout` ran out
  | 'redirect' // a 3xx, which the action never follows with the key
  | 'malformed' // a 2xx whose body is not what the spec says
  | 'invalid' // the request could not be built (a header value undici refuses)
  | 'cancelled' // the runner cancelled the step while the request waited to be sent again

export interface ApiErrorDetails {
  kind: ApiErrorKind
  method: string
  path: string
  requestId: string
  status?: number
  code?: string
  serviceMessage?: string
  excerpt?: string
  attempts?: number
  /** How long the service asked to wait before the next attempt (Retry-After). */
  retryAfterMs?: number
  /** The request may have been carried out although no answer came back. */
  mayHaveReachedServer?: boolean
  /** An earlier attempt of this request may have been carried out. */
  earlierAttemptUncertain?: boolean
}

export class ApiError extends OwnError {
  readonly kind: ApiErrorKind
  readonly method: string
  readonly path: string
  readonly requestId: string
  readonly status?: number
  readonly code?: string
  readonly serviceMessage?: string
  readonly excerpt?: string
  readonly attempts: number
  readonly retryAfterMs?: number
  readonly mayHaveReachedServer: boolean
  readonly earlierAttemptUncertain: boolean

  constructor(message: string, details: ApiErrorDetails) {
    super(message)
    this.name = 'ApiError'
    this.kind = details.kind
    this.method = details.method
    this.path = details.path
    this.requestId = details.requestId
    this.status = details.status
    this.code = details.code
    this.serviceMessage = details.serviceMessage
    this.excerpt = details.excerpt
    this.attempts = details.attempts ?? 1
    this.retryAfterMs = details.retryAfterMs
    this.mayHaveReachedServer = details.mayHaveReachedServer ?? false
    this.earlierAttemptUncertain = details.earlierAttemptUncertain ?? false
  }

  /** Same error, after more attempts. */
  withAttempts(attempts: number, earlierAttemptUncertain: boolean): ApiError {
    const copy = new ApiError(this.message, { ...this, attempts, earlierAttemptUncertain })
    return copy
  }
}

/** The request failure behind `error`: the error itself, or the ApiError it was caused by. */
export function apiErrorIn(error: unknown): ApiError | undefined {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    if (cause instanceof ApiError) return cause
  }
  return undefined
}
