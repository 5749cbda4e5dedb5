import * as core from '@actions/core'
import { watchCancellation } from './cancellation.ts'
import { systemClock } from './clock.ts'
import type { CommandContext, CommandResult } from './commands/context.ts'
import { runCreateKey, runListKeys, runRevokeKey } from './commands/keys.ts'
import { runListProjects } from './commands/projects.ts'
import { runWaitForOperations } from './commands/operations.ts'
import { runRotateKey } from './commands/rotate.ts'
import type { Settings } from './inputs.ts'
import { IS_POST } from './state.ts'
import { clientFor, coreLogger, fail, readStepSettings, writeSummary } from './step.ts'
import { ACTION_VERSION } from './version.ts'

/** The main step: settings → command → outputs and summary. The one catch is here. */
export async function run(): Promise<void> {
  let settings: Settings
  try {
    settings = readStepSettings()
  } catch (error) {
    fail(error)
    return
  } finally {
    // After the key is masked; the runner's post step reads it to know it is the post step.
    core.saveState(IS_POST, 'true')
  }
  const clock = systemClock
  const client = clientFor(settings, clock)
  const ctx: CommandContext = {
    client,
    clock,
    log: coreLogger,
    mask: (secret) => core.setSecret(secret),
    notice: (message) => core.notice(message),
    saveState: (name, value) => core.saveState(name, value),
    cancellation: watchCancellation({ log: coreLogger, clock }),
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
      return runCreateKey(ctx, settings)
    case 'revoke-key':
      return runRevokeKey(ctx, settings)
    case 'list-keys':
      return runListKeys(ctx, settings)
    case 'list-projects':
      return runListProjects(ctx, settings)
    case 'wait-for-operations':
      return runWaitForOperations(ctx, settings)
    case 'rotate-key':
      return runRotateKey(ctx, {
        keyName: settings.keyName,
        keyId: settings.keyId,
        secret: settings.secret,
        keepPrevious: settings.keepPrevious,
        orgId: settings.orgId,
        projectId: settings.projectId,
        github: { apiUrl: process.env.GITHUB_API_URL },
      })
  }
}
