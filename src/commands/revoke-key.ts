import type { KeyNamespace } from '../api/namespace.ts'
import { keyNamespaceFor, organizationOutput } from '../api/organization.ts'
import type { ApiKey } from '../api/types.ts'
import { quoted, untrusted } from '../base/text.ts'
import { requestErrorIn } from '../http/errors.ts'
import { describeIds } from '../keys/life.ts'
import { describeRevocationFailure, revocationRows, revokeInTurn, type RevocationRun } from '../keys/revocation.ts'
import { lastUseOf, mayBeOwnKey, readKeysAndOwnKey, readTime, type OwnKey } from '../keys/usage.ts'
import type { CommandContext, CommandResult } from '../runner/context.ts'
import { heading, paragraph, table } from '../runner/summary.ts'

/**
 * revoke-key revokes one key by `key-id`, or every key of a `key-name` with the step's own key last.
 * It reports the outcome key by key.
 */
export interface RevokeKeySettings {
  keyId?: number
  keyName?: string
  orgId?: string
}

export async function runRevokeKey(ctx: CommandContext, target: RevokeKeySettings): Promise<CommandResult> {
  const namespace = await keyNamespaceFor(ctx, { orgId: target.orgId })
  const plan: RevocationPlan =
    target.keyId !== undefined
      ? { ids: [target.keyId] }
      : await planRevocationByName(ctx, target.keyName as string, namespace)
  // A `key-id` that is not found may be a wrong id. A key listed by name and then not found was revoked meanwhile.
  const run = await revokeInTurn(ctx, plan.ids, namespace, { unlisted: plan.byName ? [] : plan.ids })
  let failure = run.failed && describeRevocationFailure(run)
  if (plan.byName && refusedStepKey(run)) failure = describeLockedOut(run, plan.byName.name, plan.byName.own)
  return {
    outputs: { 'revoked-key-ids': JSON.stringify(run.revoked), ...organizationOutput(namespace) },
    summary:
      heading(verdictOf(plan.ids, run)) +
      (plan.ids.length
        ? table(['id', 'outcome'], revocationRows(plan.ids, run))
        : paragraph(`${describeNoKeyNamed(namespace, target.keyName ?? '')}.`)),
    failure,
    failedRequest: run.failed && requestErrorIn(run.failed.error),
  }
}

/** What happened, never a success when a revocation failed. */
function verdictOf(ids: readonly number[], run: RevocationRun): string {
  if (ids.length === 0) return 'No API key to revoke'
  const gone = run.revoked.length + run.alreadyRevoked.length
  if (ids.length === 1 && run.failed)
    return `API key ${ids[0]} ${run.failed.uncertain ? 'may or may not be revoked' : 'not revoked'}`
  if (ids.length === 1) return `API key ${ids[0]} revoked`
  return gone === ids.length ? `${gone} API keys revoked` : `${gone} of ${ids.length} API keys revoked`
}

function describeNoKeyNamed(namespace: KeyNamespace, name: string): string {
  const where = namespace.kind === 'organization' ? ` of organization ${untrusted(namespace.orgId)}` : ''
  return `No API key${where} is named ${quoted(name)}`
}

/** The keys to revoke, in order. `byName` is set when the step's key may be among them. */
interface RevocationPlan {
  ids: number[]
  byName?: { name: string; own: OwnKey }
}

/**
 * The keys of a name, in the order they are revoked. The step's key may be one of them. It goes last, so the
 * platform does not refuse the others for want of it. The platform may record key use late, and then no key shows
 * a use by this step. Then the keys that may be the step's go last, and the one most recently used or made goes
 * last of all. (The platform lists newest first, the step's key is in use, and it was made before the step began.)
 */
async function planRevocationByName(
  ctx: CommandContext,
  name: string,
  namespace: KeyNamespace,
): Promise<RevocationPlan> {
  const { keys, own, stepStarted } = await readKeysAndOwnKey(ctx.client, ctx.clock, namespace)
  const named = keys.filter((k) => k.name === name)
  const ids = orderForRevocation(named, own, stepStarted)
  if (ids.length === 0) ctx.log.warning(`${describeNoKeyNamed(namespace, name)}; nothing was revoked.`)
  const mine = ids.filter((id) => own.kind === 'found' && own.ids.includes(id))
  if (mine.length === 1)
    ctx.log.info(`The step's own key is among them (its last use is this step): API key ${mine[0]} goes last.`)
  if (mine.length > 1)
    ctx.log.info(
      `The step's own key is one of ${describeIds(mine)} (each used within a minute of this step): they go last.`,
    )
  const likeliest = named.find((k) => k.id === ids.at(-1))
  if (own.kind === 'unknown' && ids.length > 1 && likeliest && mayBeOwnKey(likeliest, own, stepStarted)) {
    ctx.log.info(
      'No key shows a use by this step (the platform may record key use late), ' +
        "so the step's own key cannot be told apart. The keys that may be it go last. " +
        `API key ${likeliest.id}, the most recently used or made, goes last of all.`,
    )
  }
  return { ids, byName: { name, own } }
}

/**
 * First the keys that cannot be the step's own, least recently used first, and never used before that. Then the
 * keys that may be, least recently used or made first, so the likeliest goes last. Ties go by id.
 * `keys` has one record per key.
 */
export function orderForRevocation(keys: ApiKey[], own: OwnKey, stepStarted: number): number[] {
  // A time that cannot be read counts as now, so such a key goes late.
  const time = (at: number | null) =>
    at === null ? Number.NEGATIVE_INFINITY : Number.isNaN(at) ? Number.POSITIVE_INFINITY : at
  const rank = (k: ApiKey): [number, number] => {
    if (!mayBeOwnKey(k, own, stepStarted)) return [0, time(lastUseOf(k))]
    return [1, time(lastUseOf(k) ?? readTime(k.created_at))]
  }
  return keys
    .map((k) => ({ id: k.id, rank: rank(k) }))
    .sort((a, b) => a.rank[0] - b.rank[0] || a.rank[1] - b.rank[1] || a.id - b.id)
    .map((k) => k.id)
}

/** A 401 after at least one key of the name was revoked: most likely the step's key was one of them. */
function refusedStepKey(run: RevocationRun): boolean {
  const request = requestErrorIn(run.failed?.error)
  return request?.status === 401 && run.revoked.length > 0
}

function describeLockedOut(run: RevocationRun, name: string, own: OwnKey): string {
  const last = run.revoked.at(-1)!
  const why =
    own.kind === 'unknown'
      ? "that was most likely the step's own key (no key of the name showed a use by this step, so the action could not tell)"
      : "the step's key was revoked meanwhile, or was that key"
  const left = [run.failed!.id, ...run.notTried]
  return (
    `The platform refused the step's key (401) after API key ${last} was revoked: ${why}. ` +
    `Keys named ${quoted(name)} still valid: ${untrusted(left.join(', '), Number.POSITIVE_INFINITY)}. Already revoked: ${run.revoked.join(', ')}. ` +
    `Run revoke-key again with \`key-name: ${untrusted(name)}\` and an \`api-key\` of another name to revoke them.`
  )
}
