import * as core from '@actions/core'
import type { PlatformClient } from './api/client.ts'
import { PERSONAL_KEYS, organizationKeys, revokeKeyIn } from './api/namespace.ts'
import { ApiError } from './api/errors.ts'
import { systemClock } from './clock.ts'
import { JOB_KEY_ID, JOB_KEY_ORG_ID, savedState } from './state.ts'
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
  // An organization or project-scoped key is unknown to /api_keys: revoke it where it lives.
  const orgId = savedState(JOB_KEY_ORG_ID)
  const namespace = orgId ? organizationKeys(orgId) : PERSONAL_KEYS
  let client: PlatformClient | undefined
  try {
    client = clientFor(readStepSettings(), systemClock)
    await revokeKeyIn(client, namespace, keyId)
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
