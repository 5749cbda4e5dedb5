/**
 * Failures that are not about a request: a wrong input, or something the action itself found
 * wrong. Request failures are `RequestError` (http/errors.ts), an `OwnError` too.
 */
import { untrusted } from './text.ts'

/** Longest message of an error the action did not raise itself, in characters. */
const FOREIGN_MESSAGE_LENGTH = 500

/**
 * An error the action raised itself: its message is built from checked text, safe for the log,
 * and the failure is expected (no stack trace, even with debug logging on).
 */
export class OwnError extends Error {}

/** A wrong input. Raised before any request goes out. */
export class InputError extends OwnError {
  constructor(message: string) {
    super(message)
    this.name = 'InputError'
  }
}

/** A variable the runner sets (GITHUB_REPOSITORY, GITHUB_API_URL) that is missing or wrong: an input of a kind. */
export class RunnerVariableError extends InputError {
  constructor(message: string) {
    super(message)
    this.name = 'RunnerVariableError'
  }
}

/**
 * A failure the action itself detected (a failed operation, a failed proof of a new key...).
 * `cause`: the request failure it follows from, if any, for the step's `http-status` outputs.
 */
export class ActionError extends OwnError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'ActionError'
  }
}

/**
 * An error's message, whatever was thrown, safe for the log: the action's own errors are built
 * from checked text; any other error's message is outside text (it may quote a server).
 */
export function messageOf(error: unknown): string {
  if (error instanceof OwnError) return error.message
  return untrusted(error instanceof Error ? error.message : String(error), FOREIGN_MESSAGE_LENGTH)
}
