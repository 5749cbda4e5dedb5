import * as core from '@actions/core'
import type { PlatformClient } from './api/client.ts'
import { PERSONAL_KEYS, organizationKeys, type KeyNamespace } from './api/namespace.ts'
import { keyNamespaceFor } from './api/organization.ts'
import { EXPIRY_SUFFIX_LENGTH, expiryOf } from './keys/expiry.ts'
import { formatDuration, systemClock } from './base/clock.ts'
import { ActionError, messageOf } from './base/errors.ts'
import { describeStrangers, lostKeyAmong, readLedger, sameKind, type LedgerRecord } from './keys/ledger.ts'
import { LATE_KEY_LOOK_EVERY_MS, LATE_KEY_WATCH_MS } from './runner/cancellation.ts'
import type { ApiKey } from './api/types.ts'
import { listKeysMerged } from './keys/usage.ts'
import { JOB_KEY_ID, UNSETTLED_KEYS, postStepHasWork } from './runner/state.ts'
import { revokeInTurn } from './keys/revocation.ts'
import { coreLogger, failStep, openClient, readStepSettings } from './step.ts'
import { quoted, untrusted } from './base/text.ts'

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
      await revokeLeftovers(client, ledger, jobKey && settings.command === 'create-key' ? Number(jobKey) : undefined)
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

/**
 * Settles the keys the main step left. It revokes the main step's pending keys. Then it lists the keys and compares
 * their ids with the main step's snapshot, to find a key that a create made when its answer never reached the step.
 * One such key, never used, is that key. Nobody holds its value, so the post step revokes it. With more such keys,
 * or one in use, it revokes none and fails, naming them (see the promises in keys/creation.ts).
 */
async function revokeLeftovers(
  client: PlatformClient,
  ledger: LedgerRecord,
  jobKeyId: number | undefined,
): Promise<void> {
  const namespace: KeyNamespace = ledger.org ? organizationKeys(ledger.org) : PERSONAL_KEYS
  const name = quoted(ledger.name)
  const problems: string[] = []
  // One key at a time, so that a failure is named and the next key is still tried.
  const revoke = async (id: number, reason: string, by = client) => {
    const run = await revokeInTurn({ client: by, log: coreLogger }, [id], namespace, {
      revoked: () => core.info(`Revoked API key ${id} named ${name}: ${reason}.`),
      alreadyRevoked: () => core.info(`API key ${id} named ${name} was already revoked.`),
    })
    if (run.failed) {
      problems.push(
        `Revoking API key ${id} named ${name} failed: ${messageOf(run.failed.error)} Revoke it by hand (revoke-key with \`key-id\`).`,
      )
    }
  }
  for (const id of ledger.pending) {
    if (id !== jobKeyId) await revoke(id, 'the main step made it and never handed it out')
  }
  const accounted = new Set([...ledger.known, ...ledger.pending, ...(jobKeyId === undefined ? [] : [jobKeyId])])
  const unaccounted = (key: ApiKey) => sameKind(key, ledger.name, ledger.project) && !accounted.has(key.id)
  // After a create the cancel cut off, the look for its key and the key's revocation may run LATE_KEY_WATCH_MS past the
  // step's timeout, as the main step's clean-up may: a key left valid is worse than a late step.
  const lister = ledger.inFlight ? client.withDeadline(client.deadline + LATE_KEY_WATCH_MS) : client
  const look = async () => (await listKeysMerged(lister, namespace)).filter(unaccounted)
  let strangers: ApiKey[]
  try {
    strangers = ledger.inFlight ? await watchForLateKey(lister, ledger.name, look) : await look()
  } catch (error) {
    problems.push(
      `The post step could not look for a key named ${name} that the main step may have left valid: ${messageOf(error)} ` +
        'Run list-keys and revoke a key of that name you do not expect.',
    )
    throw new ActionError(untrusted(problems.join(' '), Number.POSITIVE_INFINITY))
  }
  const lost = lostKeyAmong(strangers)
  if (lost) {
    await revoke(
      lost.id,
      "the main step's create made it, but the answer never reached the step, so nobody holds its value",
      lister,
    )
  } else if (strangers.length > 0) {
    problems.push(
      `Keys named ${name} appeared during the job that the main step cannot account for: ${describeStrangers(strangers)}. None was ` +
        "revoked, since the post step cannot tell them from another job's. Revoke the ones you do not expect (revoke-key with `key-id`).",
    )
  } else if (problems.length === 0 && ledger.inFlight) {
    const watched = formatDuration(LATE_KEY_WATCH_MS)
    core.info(`No key named ${name} appeared in ${watched}, so the create that the cancel cut off made no key.`)
  } else if (problems.length === 0) {
    core.info(`No other key named ${name} from the main step is valid: the list taken now shows none.`)
  }
  if (problems.length > 0) throw new ActionError(untrusted(problems.join(' '), Number.POSITIVE_INFINITY))
}

/**
 * The runner cancelled the main step while a create was in flight, and the platform may still carry it out. Lists
 * the keys every LATE_KEY_LOOK_EVERY_MS until a key of that name appears that the main step cannot account for, or
 * until LATE_KEY_WATCH_MS (and the client's deadline) runs out.
 */
async function watchForLateKey(client: PlatformClient, keyName: string, look: () => Promise<ApiKey[]>) {
  const { clock } = client
  const until = Math.min(clock.now() + LATE_KEY_WATCH_MS, client.deadline)
  core.info(
    `A create of key ${quoted(keyName)} was in flight when the runner cancelled the main step: ` +
      `looking for that key for up to ${formatDuration(LATE_KEY_WATCH_MS)}.`,
  )
  for (;;) {
    const strangers = await look()
    if (strangers.length > 0 || clock.now() + LATE_KEY_LOOK_EVERY_MS > until) return strangers
    await clock.sleep(LATE_KEY_LOOK_EVERY_MS)
  }
}
