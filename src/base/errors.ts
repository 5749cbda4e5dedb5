/**
 * Failures that are not about a request: a wrong input, or something the action itself found wrong. Request failures
 * are RequestError (http/errors.ts), which is an OwnError too.
 */
import { untrusted } from './text.ts'

/** Longest message of an error the action did not raise itself, in characters. */
const FOREIGN_MESSAGE_LENGTH = 500

/**
 * An error the action raised itself. Its message is built from checked text and is safe for the log. The failure is
 * expected, so no stack trace is shown, even with debug logging on.
 */
export class OwnError extends Error {}

/** A wrong input. Raised before any request goes out. */
export class InputError extends OwnError {
  constructor(message: string) {
    super(message)
    this.name = 'InputError'
  }
}

/** A variable the runner sets (GITHUB_REPOSITORY, GITHUB_API_URL) is missing or wrong. It counts as an input. */
export class RunnerVariableError extends InputError {
  constructor(message: string) {
    super(message)
    this.name = 'RunnerVariableError'
  }
}

/**
 * A failure the action itself detected, such as a failed operation or a new key that fails its check. `cause` is the
 * request failure behind it, if any, for the step's outputs such as `http-status`.
 */
export class ActionError extends OwnError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'ActionError'
  }
}

/**
 * An error's message, safe for the log, whatever was thrown. The action's own errors are built from checked text.
 * Any other error's message is outside text, because it may quote a server.
 */
export function messageOf(error: unknown): string {
  if (error instanceof OwnError) return error.message
  return untrusted(error instanceof Error ? error.message : String(error), FOREIGN_MESSAGE_LENGTH)
}
