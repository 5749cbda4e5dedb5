// Failures that are not about a request. A request's failure is a RequestError, an OwnError too.
import { untrusted } from './text.ts'

const FOREIGN_MESSAGE_LENGTH = 500

/** Built from checked text, safe for the log. Expected, so no stack trace is shown, even with debug on. */
export class OwnError extends Error {}

/** Raised before any request goes out. */
export class InputError extends OwnError {
  constructor(message: string) {
    super(message)
    this.name = 'InputError'
  }
}

/** GITHUB_REPOSITORY or GITHUB_API_URL is missing or wrong. It counts as an input. */
export class RunnerVariableError extends InputError {
  constructor(message: string) {
    super(message)
    this.name = 'RunnerVariableError'
  }
}

/** A failure the action found, such as a failed operation. `cause` feeds outputs such as `http-status`. */
export class ActionError extends OwnError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'ActionError'
  }
}

/** Safe for the log, whatever was thrown: any other error's message may quote a server. */
export function messageOf(error: unknown): string {
  if (error instanceof OwnError) return error.message
  return untrusted(error instanceof Error ? error.message : String(error), FOREIGN_MESSAGE_LENGTH)
}

/** The step stopped because the runner cancelled it. The message says what was undone. */
export class StepCancelled extends ActionError {
  constructor(message: string) {
    super(message)
    this.name = 'StepCancelled'
  }
}
