import * as core from '@actions/core'
import type { PlatformClient } from './api/client.ts'
import { fixedTime, systemClock } from './base/clock.ts'
import { SAVED_LIFE, readSavedLife } from './keys/ledger.ts'
import { cleanUpAfterJob } from './keys/life.ts'
import { coreLogger, failStep, openClient, readStepSettings } from './step.ts'

/**
 * The post step (action.yml `runs.post`): it finishes what the main step of create-key or rotate-key saved. It revokes
 * the job-scoped key, however the job ended, and any new key the main step made but never handed out (cancelled,
 * killed, or an answer lost). It acts on its own saved state only: the main step saved every name it reads before
 * anything could fail. The main step's inputs apply, so `timeout` bounds the post step too.
 */
export async function run(): Promise<void> {
  const saved = readSavedLife(core.getState(SAVED_LIFE))
  if (!saved) return
  let client: PlatformClient | undefined
  try {
    const settings = readStepSettings()
    client = openClient(settings, fixedTime(systemClock, systemClock.now() + settings.timeoutMs))
    await cleanUpAfterJob(client, coreLogger, saved)
  } catch (error) {
    await failStep('The post step', error)
  } finally {
    // Every connection ends here, even a connect still hanging on a silent server or proxy.
    await client?.connections.close()
  }
}
