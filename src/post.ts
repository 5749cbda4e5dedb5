import * as core from '@actions/core'
import type { PlatformClient } from './api/client.js'
import { revokeApiKey } from './api/endpoints.js'
import { ApiError } from './api/errors.js'
import { JOB_KEY_STATE } from './commands/keys.js'
import { readSettings } from './inputs.js'
import { clientFor, clockFromEnvironment, fail } from './main.js'

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
    client = clientFor(settings, clockFromEnvironment())
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
