import * as core from '@actions/core'
import { PlatformClient } from './api/client.js'
import { revokeApiKey } from './api/endpoints.js'
import { ApiError } from './api/errors.js'
import { JOB_KEY_STATE } from './commands/keys.js'
import { readSettings } from './inputs.js'
import { clockFromEnvironment, coreLogger, fail } from './main.js'
import { USER_AGENT } from './version.js'

/**
 * The post step: revoke the job-scoped key that create-key made, however the job ended. With
 * nothing saved it does nothing and says nothing. The same inputs as the main step apply, so
 * `timeout` bounds it too.
 */
export async function post(): Promise<void> {
  const saved = core.getState(JOB_KEY_STATE)
  if (!saved) return
  const keyId = Number(saved)
  let client: PlatformClient | undefined
  try {
    const settings = readSettings((name) => core.getInput(name), (secret) => core.setSecret(secret))
    const clock = clockFromEnvironment()
    client = new PlatformClient({
      baseUrl: settings.apiHost,
      apiKey: settings.apiKey,
      userAgent: USER_AGENT,
      clock,
      logger: coreLogger,
      deadline: clock.now() + settings.timeoutMs,
    })
    await revokeApiKey(client, keyId)
    core.info(`Revoked the job-scoped API key ${keyId}.`)
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      core.info(`The job-scoped API key ${keyId} was already revoked.`)
      return
    }
    fail(error)
  } finally {
    await client?.close()
  }
}
