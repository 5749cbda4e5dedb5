import type { PlatformClient } from './api/client.ts'
import { ApiError } from './api/errors.ts'
import { PERSONAL_KEYS, organizationKeys, revokeKeyIn } from './api/namespace.ts'
import { systemClock } from './clock.ts'
import * as core from './runner.ts'
import { clientFor, fail, readStepSettings } from './step.ts'

/**
 * The post step's one job: revoke the job-scoped key `keyId`, among the personal keys or the
 * keys of organization `orgId`. The same inputs as the main step apply, so `timeout` bounds it too.
 */
export async function revokeJobKey(keyId: number, orgId: string | undefined): Promise<void> {
  let client: PlatformClient | undefined
  try {
    client = clientFor(readStepSettings(), systemClock)
    await revokeKeyIn(client, orgId ? organizationKeys(orgId) : PERSONAL_KEYS, keyId)
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
