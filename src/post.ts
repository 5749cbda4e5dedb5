import * as core from '@actions/core'
import { PlatformClient } from './api/client.js'
import { revokeApiKey } from './api/endpoints.js'
import { ApiError } from './api/errors.js'
import { JOB_KEY_STATE } from './commands/keys.js'
import { readApiHost } from './inputs.js'
import { clockFromEnvironment, coreLogger, fail } from './main.js'
import { USER_AGENT } from './version.js'

/** Bounds the post step: clean-up must not hold the job open. */
const POST_TIMEOUT_MS = 60_000

/**
 * The post step: revoke the job-scoped key that create-key made, however the job ended. With
 * nothing saved it does nothing and says nothing.
 */
export async function post(): Promise<void> {
  const saved = core.getState(JOB_KEY_STATE)
  if (!saved) return
  const keyId = Number(saved)
  const apiKey = core.getInput('api-key').trim()
  if (apiKey) core.setSecret(apiKey)
  const clock = clockFromEnvironment()
  let client: PlatformClient | undefined
  try {
    client = new PlatformClient({
      baseUrl: readApiHost(core.getInput('api-host')),
      apiKey,
      userAgent: USER_AGENT,
      clock,
      logger: coreLogger,
      deadline: clock.now() + POST_TIMEOUT_MS,
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
