import * as core from './runner/protocol.ts'
import { PlatformClient, type Logger } from './api/client.ts'
import type { Clock } from './base/clock.ts'
import { OwnError, messageOf } from './base/errors.ts'
import { readSettings, type Settings } from './inputs.ts'
import { untrusted } from './base/text.ts'
import { USER_AGENT } from './base/version.ts'

/** A stack in the debug log is bounded, each line made safe: its message may quote another library. */
const STACK_LINES = 40

/** What main and post share: the runner's log, the settings, the client, the one way to fail. */

export const coreLogger: Logger = {
  info: (message) => core.info(message),
  warning: (message) => core.warning(message),
  debug: (message) => core.debug(message),
}

/**
 * Every input, read and checked; the API key and GitHub token are masked first. `warn` hears of
 * inputs the command does not read (the main step says so; the post step, with the same inputs, need not again).
 */
export function readStepSettings(warn?: (message: string) => void): Settings {
  return readSettings(
    (name) => core.getInput(name),
    (secret) => core.setSecret(secret),
    { repository: process.env.GITHUB_REPOSITORY },
    warn,
  )
}

/** The platform client of one step: its deadline is the step's `timeout` from now. */
export function clientFor(settings: Settings, clock: Clock): PlatformClient {
  return new PlatformClient({
    baseUrl: settings.apiHost,
    apiKey: settings.apiKey,
    userAgent: USER_AGENT,
    clock,
    logger: coreLogger,
    deadline: clock.now() + settings.timeoutMs,
  })
}

export async function writeSummary(html: string): Promise<void> {
  if (!html || !process.env.GITHUB_STEP_SUMMARY) return
  try {
    await core.appendSummary(html)
  } catch (error) {
    core.warning(`Could not write the job summary: ${messageOf(error)}`)
  }
}

/** One ::error:: line; the stack only with debug logging on, and never for expected failures. */
export function fail(error: unknown): void {
  const expected = error instanceof OwnError
  const message = messageOf(error)
  if (!expected && error instanceof Error && error.stack && core.isDebug()) {
    for (const line of error.stack.split('\n').slice(0, STACK_LINES)) core.debug(untrusted(line, 500))
  }
  core.setFailed(expected ? message : `Unexpected error: ${message}. Re-run with debug logging on for details.`)
}
