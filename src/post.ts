import * as core from '@actions/core'
import type { PlatformClient } from './api/client.ts'
import type { KeyNamespace } from './api/namespace.ts'
import { keyNamespaceFor } from './api/organization.ts'
import { EXPIRY_SUFFIX_LENGTH, expiryOf } from './keys/expiry.ts'
import { systemClock } from './base/clock.ts'
import { readLedger } from './keys/ledger.ts'
import { finishLeftovers } from './keys/life.ts'
import { listKeysMerged } from './keys/usage.ts'
import { JOB_KEY_ID, UNSETTLED_KEYS, postStepHasWork } from './runner/state.ts'
import { revokeInTurn } from './keys/revocation.ts'
import { coreLogger, failStep, openClient, readStepSettings } from './step.ts'
import { quoted } from './base/text.ts'

/**
 * The post step of create-key and rotate-key (post-entry.ts loads it only for them, and only when their saved state
 * says there is work). It revokes the job-scoped key that create-key made, however the job ended. It also revokes any
 * new key that the main step made but never handed out, because the step was cancelled, killed, or lost an answer.
 * The main step's inputs apply, so `timeout` bounds the post step too. The saved state may have been planted by an
 * earlier step, so the post step acts on it only where its own inputs agree: the namespace comes from its inputs, and
 * a key is revoked only when its name is one they make. The state is read through the toolkit, so a local runner that
 * replaces the toolkit (@github/local-action) hands over what the main step saved.
 */
export async function run(): Promise<void> {
  const saved = (name: string) => core.getState(name)
  if (!postStepHasWork(saved)) return
  let client: PlatformClient | undefined
  try {
    const settings = readStepSettings()
    if (settings.command !== 'create-key' && settings.command !== 'rotate-key') return
    client = openClient(settings, systemClock)
    const namespace = await keyNamespaceFor({ client, log: coreLogger }, settings)
    const makesName = (name: string) => madeByInputs(name, settings.keyName, settings.command === 'create-key')
    const jobKey = saved(JOB_KEY_ID)
    if (jobKey && settings.command === 'create-key' && settings.revokeAfterJob) {
      await revokeJobKey(client, namespace, Number(jobKey), makesName)
    } else if (jobKey) {
      warnOfState(JOB_KEY_ID, 'this step made no job-scoped key (`revoke-after-job` is not true)')
    }
    const ledger = readLedger(saved(UNSETTLED_KEYS))
    const ledgerOrg = namespace.kind === 'organization' ? namespace.orgId : undefined
    if (ledger && (!makesName(ledger.name) || ledger.org !== ledgerOrg)) {
      warnOfState(UNSETTLED_KEYS, "it names keys that this step's inputs do not make")
    } else if (ledger) {
      await finishLeftovers(
        client,
        coreLogger,
        ledger,
        jobKey && settings.command === 'create-key' ? Number(jobKey) : undefined,
      )
    }
  } catch (error) {
    await failStep('The post step', error)
  } finally {
    // Every connection ends here, even a connect still hanging on a silent server or proxy.
    await client?.connections.close()
  }
}

/**
 * Whether `name` is one the step's inputs make: `key-name` itself or, for create-key, `key-name` with the expiry
 * that create-key writes into a name (keys/expiry.ts).
 */
function madeByInputs(name: string, keyName: string, withExpiryAllowed: boolean): boolean {
  if (name === keyName) return true
  return withExpiryAllowed && expiryOf(name) !== undefined && name.slice(0, -EXPIRY_SUFFIX_LENGTH) === keyName
}

/** A saved state the post step does not act on. Its value is never written. */
function warnOfState(state: typeof JOB_KEY_ID | typeof UNSETTLED_KEYS, reason: string): void {
  core.warning(
    `The post step left the saved state ${state} alone: ${reason}. An earlier step of the job may have set it.`,
  )
}

/** Revokes the job key, after finding it by listing the namespace the inputs give, with a name the inputs make. */
async function revokeJobKey(
  client: PlatformClient,
  namespace: KeyNamespace,
  keyId: number,
  makesName: (name: string) => boolean,
): Promise<void> {
  const key = (await listKeysMerged(client, namespace)).find((k) => k.id === keyId)
  if (!key) {
    core.info(`The job-scoped API key ${keyId} is not among the valid keys: it was already revoked.`)
    return
  }
  if (!makesName(key.name)) {
    warnOfState(JOB_KEY_ID, `API key ${keyId} is named ${quoted(key.name)}, a name this step's inputs do not make`)
    return
  }
  const run = await revokeInTurn({ client, log: coreLogger }, [keyId], namespace, {
    revoked: () => core.info(`Revoked the job-scoped API key ${keyId}.`),
    alreadyRevoked: () => core.info(`The job-scoped API key ${keyId} was already revoked.`),
  })
  if (run.failed) throw run.failed.error
}
