import * as core from './runner.ts'
import type { PlatformClient } from './api/client.ts'
import { revokeApiKey } from './api/endpoints.ts'
import { ApiError } from './api/errors.ts'
import { systemClock } from './clock.ts'
import { JOB_KEY_ID, savedState } from './state.ts'
import { clientFor, fail, readStepSettings } from './step.ts'

/**
 * The post step: revoke the job-scoped key that create-key made, however the job ended. With
 * nothing saved it does nothing and says nothing. The same inputs as the main step apply, so
 * `timeout` bounds it too.
 */
export async function run(): Promise<void> {
  const saved = savedState(JOB_KEY_ID)
  if (!saved) return
  const keyId = Number(saved)
  let client: PlatformClient | undefined
  try {
    client = clientFor(readStepSettings(), systemClock)
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
