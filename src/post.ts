import * as core from '@actions/core'
import type { PlatformClient } from './api/client.ts'
import { keyNamespaceFor } from './api/organization.ts'
import { systemClock } from './base/clock.ts'
import { readLedger } from './keys/ledger.ts'
import { finishLeftovers } from './keys/life.ts'
import { JOB_KEY_ID, UNSETTLED_KEYS, postStepHasWork } from './runner/state.ts'
import { revokeInTurn } from './keys/revocation.ts'
import { coreLogger, failStep, openClient, readStepSettings } from './step.ts'

/**
 * The post step of create-key and rotate-key. It revokes the job-scoped key that create-key made, however the job
 * ended, and any new key the main step made but never handed out (cancelled, killed, or an answer lost). It acts on
 * its own saved state only: the main step saved every name it reads before anything could fail (runner/state.ts).
 * The state is read through the toolkit, so a local runner that replaces the toolkit hands over what main saved.
 */
export async function run(): Promise<void> {
  const saved = (name: string) => core.getState(name)
  if (!postStepHasWork(saved)) return
  let client: PlatformClient | undefined
  try {
    const settings = readStepSettings()
    if (settings.command !== 'create-key' && settings.command !== 'rotate-key') return
    client = openClient(settings, systemClock)
    const jobKey = saved(JOB_KEY_ID) ? Number(saved(JOB_KEY_ID)) : undefined
    if (jobKey !== undefined) {
      // By id, whatever a list shows: a list may lag, and a 404 means it is revoked already.
      const namespace = await keyNamespaceFor({ client, log: coreLogger }, settings)
      const run = await revokeInTurn({ client, log: coreLogger }, [jobKey], namespace, {
        revoked: () => core.info(`Revoked the job-scoped API key ${jobKey}.`),
        alreadyRevoked: () => core.info(`The job-scoped API key ${jobKey} was already revoked.`),
      })
      if (run.failed) throw run.failed.error
    }
    const ledger = readLedger(saved(UNSETTLED_KEYS))
    if (ledger) await finishLeftovers(client, coreLogger, ledger, jobKey)
  } catch (error) {
    await failStep('The post step', error)
  } finally {
    // Every connection ends here, even a connect still hanging on a silent server or proxy.
    await client?.connections.close()
  }
}
