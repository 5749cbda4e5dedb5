import * as core from '@actions/core'
import { PlatformClient, type Logger } from './api/client.js'
import { ActionError, ApiError, InputError, messageOf } from './api/errors.js'
import { systemClock, type Clock } from './clock.js'
import type { CommandContext, CommandResult } from './commands/context.js'
import { runCreateKey, runListKeys, runRevokeKey } from './commands/keys.js'
import { runListProjects } from './commands/projects.js'
import { runWaitForOperations } from './commands/operations.js'
import { runRotateKey } from './commands/rotate.js'
import { readSettings, type Settings } from './inputs.js'
import { ACTION_VERSION, USER_AGENT } from './version.js'

export const coreLogger: Logger = {
  info: (m) => core.info(m),
  warning: (m) => core.warning(m),
  debug: (m) => core.debug(m),
}

export const IS_POST_STATE = 'isPost'

/** NEON_ACTION_TIME_SCALE runs the action's clock faster; only the tests and the bench set it. */
export function clockFromEnvironment(env: NodeJS.ProcessEnv = process.env): Clock {
  const scale = Number(env.NEON_ACTION_TIME_SCALE ?? '1')
  return systemClock(Number.isFinite(scale) && scale > 0 ? scale : 1)
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

/** The main step: settings → command → outputs and summary. The one catch is here. */
export async function run(): Promise<void> {
  let settings: Settings
  try {
    settings = readSettings((name) => core.getInput(name), (secret) => core.setSecret(secret))
  } catch (error) {
    fail(error)
    return
  } finally {
    // After the key is masked; the runner's post step reads it to know it is the post step.
    core.saveState(IS_POST_STATE, 'true')
  }
  const clock = clockFromEnvironment()
  const client = clientFor(settings, clock)
  const ctx: CommandContext = {
    client,
    clock,
    log: coreLogger,
    mask: (secret) => core.setSecret(secret),
    saveState: (name, value) => core.saveState(name, value),
  }
  core.info(`neon-api-action ${ACTION_VERSION}: ${settings.command} on ${settings.apiHost}`)
  try {
    const result = await dispatch(settings, ctx)
    for (const [name, value] of Object.entries(result.outputs)) core.setOutput(name, value)
    await writeSummary(result.summary)
    if (result.failure) core.setFailed(result.failure)
  } catch (error) {
    fail(error)
  } finally {
    await client.close()
  }
}

function dispatch(settings: Settings, ctx: CommandContext): Promise<CommandResult> {
  switch (settings.command) {
    case 'create-key':
      return runCreateKey(ctx, settings.keyName, settings.revokeAfterJob)
    case 'revoke-key':
      return runRevokeKey(ctx, settings)
    case 'list-keys':
      return runListKeys(ctx)
    case 'list-projects':
      return runListProjects(ctx)
    case 'wait-for-operations':
      return runWaitForOperations(ctx, settings)
    case 'rotate-key':
      return runRotateKey(ctx, {
        keyName: settings.keyName,
        keyId: settings.keyId,
        secret: settings.secret,
        github: { repository: process.env.GITHUB_REPOSITORY, apiUrl: process.env.GITHUB_API_URL },
      })
  }
}

export async function writeSummary(html: string): Promise<void> {
  if (!html || !process.env.GITHUB_STEP_SUMMARY) return
  try {
    await core.summary.addRaw(html).write()
  } catch (error) {
    core.warning(`Could not write the job summary: ${messageOf(error)}`)
  }
}

/** One ::error:: line; the stack only with debug logging on, and never for expected failures. */
export function fail(error: unknown): void {
  const expected = error instanceof InputError || error instanceof ApiError || error instanceof ActionError
  const message = messageOf(error)
  if (error instanceof Error && error.stack && core.isDebug()) core.debug(error.stack)
  core.setFailed(expected ? message : `Unexpected error: ${message}. Re-run with debug logging on for details.`)
}
