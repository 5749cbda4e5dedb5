/**
 * Failures that are not about a request: a wrong input, or something the action itself found
 * wrong. Request failures are `ApiError` (api/errors.ts).
 */

/** A wrong input. Raised before any request goes out. */
export class InputError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'InputError'
  }
}

/**
 * A failure the action itself detected (a failed operation, a failed proof of a new key...).
 * `cause`: the request failure it follows from, if any, for the step's `http-status` outputs.
 */
export class ActionError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'ActionError'
  }
}

/** An error's message, whatever was thrown. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
