import * as core from '@actions/core'
import { tmpdir } from 'node:os'
import { requestErrorIn } from './http/errors.ts'
import { watchStepTime } from './runner/time.ts'
import { systemClock } from './base/clock.ts'
import { actionDocs, requestFailureOutputs, type CommandContext, type CommandResult } from './runner/context.ts'
import { COMMANDS, type CommandDefinition } from './commands/registry.ts'
import type { Settings } from './settings.ts'
import { boundOutputs } from './runner/outputs.ts'
import { untrusted } from './base/text.ts'
import { InputError } from './base/errors.ts'
import { commandSummary, openClient, coreLogger, failStep, maskSecret, readStepSettings, writeSummary } from './step.ts'
import { ACTION_VERSION } from './base/version.ts'
import { POST_STEP_STATE } from './keys/ledger.ts'

/**
 * The main step (action.yml `runs.main`): read the settings, run the command, then write the outputs and the summary.
 * It never reads saved state (`STATE_*`): an earlier step of the job can plant it through `$GITHUB_ENV`.
 */
export async function run(): Promise<void> {
  for (const name of POST_STEP_STATE) core.saveState(name, '')
  let settings: Settings
  try {
    settings = readStepSettings((message) => core.warning(message))
  } catch (error) {
    // So `if: steps.gate.outputs.status == 'error'` sees an input error too.
    if (error instanceof InputError && core.getInput('command').trim() === 'wait-for-operations')
      core.setOutput('status', 'error')
    await failStep('The step', error)
    return
  }
  const clock = systemClock
  const time = watchStepTime({ log: coreLogger, clock, timeoutMs: settings.timeoutMs })
  core.info(`neon-api-action ${ACTION_VERSION}: ${settings.command} on ${untrusted(settings.apiHost)}`)
  let client: ReturnType<typeof openClient> | undefined
  try {
    client = openClient(settings, time)
    const ctx: CommandContext = {
      client,
      clock,
      log: coreLogger,
      mask: maskSecret,
      notice: (message) => core.notice(message),
      saveState: (name, value) => core.saveState(name, value),
      fileDir: listFileDir(),
      time,
      docs: actionDocs(process.env),
    }
    const result = await dispatch(settings, ctx)
    const failedRequest = result.failedRequest ? requestFailureOutputs(result.failedRequest) : {}
    const { outputs, warnings, notes } = await boundOutputs(
      { ...result.outputs, ...failedRequest },
      listFileDir(),
      result.oversized,
    )
    for (const message of notes) core.info(message)
    for (const warning of warnings) core.warning(warning)
    for (const [name, value] of Object.entries(outputs)) core.setOutput(name, value)
    await writeSummary(commandSummary(result))
    if (result.failure) core.setFailed(result.failure)
  } catch (error) {
    // Set these outputs before the step fails: the steps after a `continue-on-error` step branch on them.
    const failedRequest = requestErrorIn(error)
    if (failedRequest)
      for (const [name, value] of Object.entries(requestFailureOutputs(failedRequest))) core.setOutput(name, value)
    await failStep(settings.command, error)
  } finally {
    // Every connection ends here, even a connect still hanging on a silent server or proxy.
    await client?.connections.close()
  }
}

/** Where whole lists are written: the runner's temporary directory, emptied after each job. */
function listFileDir(): string {
  return process.env.RUNNER_TEMP || tmpdir()
}

/** Runs the settings' command through its row of COMMANDS. */
function dispatch(settings: Settings, ctx: CommandContext): Promise<CommandResult> {
  // Each row of the table has its own settings type. A step's settings are the union of them all.
  const definition = COMMANDS[settings.command] as unknown as CommandDefinition<Settings>
  return definition.run(ctx, settings)
}
