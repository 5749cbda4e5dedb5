import { ApiError, apiErrorIn } from '../api/errors.ts'
import { ActionError, messageOf } from '../errors.ts'
import { createKeyIn, listKeysIn, revokeKeyIn, scopeOf, type KeyNamespace } from '../api/namespace.ts'
import type { ApiKey, CreatedApiKey } from '../api/types.ts'
import type { KeyScopeInputs } from '../inputs.ts'
import { expiryOf, withExpiry } from '../key-expiry.ts'
import { keyNamespaceFor, organizationOutput } from '../organization.ts'
import { formatDate, heading, paragraph, table, tableOf } from '../summary.ts'
import { JOB_KEY_ID, JOB_KEY_ORG_ID } from '../state.ts'
import { listOutputs, writeListFile } from '../outputs.ts'
import { quoted, untrusted } from '../text.ts'
import type { CommandContext, CommandResult } from './context.ts'

/**
 * `created_at` has second precision and comes from the service's clock: a key created "since
 * the attempt began" is looked for from this long before it.
 */
export const CREATE_CLOCK_SKEW_MS = 60_000
/** Clean-up after a lost create may run this long past the step's timeout: an orphan key is worse. */
export const CLEANUP_GRACE_MS = 30_000

/** Where a new key goes: its namespace and, for a project-scoped key, its one project. */
export interface KeyTarget {
  namespace: KeyNamespace
  projectId?: string
}

/** The namespace of the scope inputs (resolved: see organization.ts) and the project, if any. */
export async function keyTargetFor(ctx: CommandContext, scope: KeyScopeInputs): Promise<KeyTarget> {
  const namespace = await keyNamespaceFor(ctx, scope)
  return scope.projectId === undefined ? { namespace } : { namespace, projectId: scope.projectId }
}

/**
 * Creates a key and masks it at once. If the answer was lost after the request may have reached
 * the service, any key of that name created since the attempt began is revoked (its value can
 * never be read again), and the key is created once more. At most one new key stays valid.
 * A key asked to be scoped to a project must come back scoped to it: any other is revoked at
 * once, and the step fails.
 */
export async function createKeyOnce(ctx: CommandContext, name: string, target: KeyTarget): Promise<CreatedApiKey> {
  const created = await createReconciled(ctx, name, target)
  if (target.projectId !== undefined && created.project_id !== target.projectId) throw await revokeMisScoped(ctx, created, target)
  return created
}

async function createReconciled(ctx: CommandContext, name: string, target: KeyTarget): Promise<CreatedApiKey> {
  for (let round = 1; ; round++) {
    const startedAt = ctx.clock.now()
    try {
      const created = await createKeyIn(ctx.client, target.namespace, name, target.projectId)
      ctx.mask(created.key)
      return created
    } catch (error) {
      if (!(error instanceof ApiError) || !(error.mayHaveReachedServer || error.earlierAttemptUncertain)) throw error
      const orphans = await revokeOrphans(ctx, name, startedAt, target.namespace)
      const cleaned = orphans.length ? ` Revoked ${orphans.length} key(s) that attempt left behind: ${orphans.join(', ')}.` : ''
      if (round >= 2 || ctx.clock.now() >= ctx.client.deadline) {
        throw new ActionError(`${error.message}${cleaned} No new key is left valid.`, { cause: error })
      }
      ctx.log.warning(`The answer to creating key ${quoted(name)} was lost (${error.kind}).${cleaned} Creating it once more.`)
    }
  }
}

async function revokeOrphans(ctx: CommandContext, name: string, since: number, namespace: KeyNamespace): Promise<number[]> {
  const cleanup = ctx.client.withDeadline(ctx.client.deadline + CLEANUP_GRACE_MS)
  try {
    const keys = await listKeysIn(cleanup, namespace)
    // An orphan's value was never seen, so it was never used: keys in use are someone else's.
    const orphans = keys.filter(
      (k) => k.name === name && k.last_used_at === null && Date.parse(k.created_at) >= since - CREATE_CLOCK_SKEW_MS,
    )
    for (const orphan of orphans) await revokeKeyIn(cleanup, namespace, orphan.id)
    return orphans.map((k) => k.id)
  } catch (error) {
    const reason = messageOf(error)
    throw new ActionError(
      `Creating key ${quoted(name)} may have succeeded without an answer, and checking for it failed: ${reason} ` +
        `Run list-keys and revoke any key named ${quoted(name)} you do not expect.`,
      { cause: error },
    )
  }
}

/**
 * A key that reaches more (or other) than the project asked for must not stay valid for a
 * moment longer: it is revoked with the step's key, and the step fails saying so.
 */
async function revokeMisScoped(ctx: CommandContext, created: CreatedApiKey, target: KeyTarget): Promise<ActionError> {
  const orgId = target.namespace.kind === 'organization' ? target.namespace.orgId : ''
  const answered =
    created.project_id === undefined
      ? `with no project, so it would reach every project of organization ${untrusted(orgId)}`
      : `scoped to project ${quoted(created.project_id, 80)}`
  const reason = `The platform was asked for a key scoped to project ${untrusted(target.projectId ?? '')} and answered key ${created.id} ${answered}.`
  try {
    await revokeKeyIn(ctx.client.withDeadline(ctx.client.deadline + CLEANUP_GRACE_MS), target.namespace, created.id)
    return new ActionError(
      `${reason} That key was revoked at once, and no new key is left valid. Run the step again, or report it with the key id.`,
    )
  } catch (error) {
    return new ActionError(
      `${reason} Revoking it failed (${messageOf(error)}): revoke key ${created.id} of organization ${untrusted(orgId)} by hand now.`,
    )
  }
}

/** A personal key reaches every project of every organization of its user: say so, and how to scope it. */
export function adviseScope(ctx: CommandContext, target: KeyTarget, id: number): void {
  if (target.namespace.kind !== 'personal') return
  ctx.notice(
    `API key ${id} is a personal key: it reaches every project of every organization its user belongs to. ` +
      'A job that works on one project is safer with a project-scoped key: set `project-id` (and `org-id` if you know it).',
  )
}

/** "personal", "organization org-x", "project p-1": for logs and summaries. */
export function describeScope(target: KeyTarget): string {
  if (target.projectId !== undefined) return `project ${untrusted(target.projectId)}`
  return target.namespace.kind === 'organization' ? `organization ${untrusted(target.namespace.orgId)}` : 'personal'
}

/** Revokes keys one by one; on a failure, reports what was revoked before it. */
export async function revokeKeyIds(
  ctx: CommandContext,
  ids: number[],
  namespace: KeyNamespace,
): Promise<{ revoked: number[]; failure?: string; failedRequest?: ApiError }> {
  const revoked: number[] = []
  for (const id of ids) {
    try {
      await revokeKeyIn(ctx.client, namespace, id)
      revoked.push(id)
      ctx.log.info(`Revoked API key ${id}.`)
    } catch (error) {
      const done = revoked.length ? ` Already revoked: ${revoked.join(', ')}.` : ''
      return { revoked, failure: `${messageOf(error)}${done}`, failedRequest: apiErrorIn(error) }
    }
  }
  return { revoked }
}

export interface CreateKeyOptions extends KeyScopeInputs {
  keyName: string
  revokeAfterJob: boolean
  /** The key's name says it expires this long from now (see key-expiry.ts). */
  expiresInMs?: number
}

export async function runCreateKey(ctx: CommandContext, options: CreateKeyOptions): Promise<CommandResult> {
  const target = await keyTargetFor(ctx, options)
  const name = options.expiresInMs === undefined ? options.keyName : withExpiry(options.keyName, ctx.clock.now() + options.expiresInMs)
  // As prune-keys will read it: rounded up to the minute.
  const expiresAt = expiryOf(name)
  const created = await createKeyOnce(ctx, name, target)
  if (options.revokeAfterJob) {
    // The post step revokes through the same namespace: it needs the organization, never the value.
    if (target.namespace.kind === 'organization') ctx.saveState(JOB_KEY_ORG_ID, target.namespace.orgId)
    ctx.saveState(JOB_KEY_ID, String(created.id))
  }
  const scope = describeScope(target)
  const lifetime = [
    ...(options.revokeAfterJob ? ['it is revoked when the job ends'] : []),
    ...(expiresAt === undefined ? [] : [`it expires ${formatDate(new Date(expiresAt).toISOString())} by its name`]),
  ]
  ctx.log.info(
    `Created API key ${created.id} named ${quoted(name)} (${scope})${lifetime.length ? `; ${untrusted(lifetime.join('; '), 400)}` : ''}.`,
  )
  adviseScope(ctx, target, created.id)
  return {
    outputs: { key: created.key, 'key-id': String(created.id), ...organizationOutput(target.namespace) },
    summary:
      heading('API key created') +
      table(
        ['id', 'name', 'scope', 'lifetime'],
        [[{ code: String(created.id) }, name, scope, describeLifetime(options.revokeAfterJob, expiresAt)]],
      ) +
      paragraph('The key value is in the step output `key`, masked in logs. It is shown nowhere else.'),
  }
}

function describeLifetime(revokeAfterJob: boolean, expiresAt: number | undefined): string {
  const expiry = expiresAt === undefined ? '' : `expires ${untrusted(formatDate(new Date(expiresAt).toISOString()))}`
  if (revokeAfterJob) return expiry ? `this job (${expiry})` : 'this job'
  return expiry || 'until revoked'
}

export async function runRevokeKey(
  ctx: CommandContext,
  target: { keyId?: number; keyName?: string; orgId?: string },
): Promise<CommandResult> {
  const namespace = await keyNamespaceFor(ctx, { orgId: target.orgId })
  let ids: number[]
  if (target.keyId !== undefined) {
    ids = [target.keyId]
  } else {
    const name = target.keyName as string
    ids = orderForRevocation((await listKeysIn(ctx.client, namespace)).filter((k) => k.name === name))
    const where = namespace.kind === 'organization' ? ` of organization ${untrusted(namespace.orgId)}` : ''
    if (ids.length === 0) ctx.log.warning(`No API key${where} is named ${quoted(name)}; nothing was revoked.`)
  }
  const { revoked, failure, failedRequest } = await revokeKeyIds(ctx, ids, namespace)
  return {
    outputs: { 'revoked-key-ids': JSON.stringify(revoked), ...organizationOutput(namespace) },
    summary:
      heading('API keys revoked') +
      (revoked.length
        ? table(
            ['id'],
            revoked.map((id) => [{ code: String(id) }]),
          )
        : paragraph('No key was revoked.')),
    failure,
    failedRequest,
  }
}

/**
 * Least recently used first: the step's own key, just used to list them, goes last, so the
 * other revocations are not refused because it is gone already.
 */
export function orderForRevocation(keys: ApiKey[]): number[] {
  const lastUse = (k: ApiKey) => Date.parse(k.last_used_at ?? '') || 0
  return [...keys].sort((a, b) => lastUse(a) - lastUse(b)).map((k) => k.id)
}

/** Every key, without values: `keys-file` always holds them all; `keys` when it fits. */
export async function runListKeys(ctx: CommandContext, options: { orgId?: string; fileDir: string }): Promise<CommandResult> {
  const namespace = await keyNamespaceFor(ctx, options)
  const keys = (await listKeysIn(ctx.client, namespace)).map((k) => ({ ...k, scope: scopeOf(namespace, k) }))
  const where = namespace.kind === 'organization' ? ` of organization ${untrusted(namespace.orgId)}` : ''
  ctx.log.info(`Found ${keys.length} API key(s)${where}.`)
  const json = JSON.stringify(keys)
  const path = await writeListFile(options.fileDir, 'keys', json)
  const { outputs, warning } = listOutputs([['keys', json]], { output: 'keys-file', path })
  if (warning) ctx.log.warning(warning)
  return {
    outputs: { ...outputs, ...organizationOutput(namespace) },
    summary:
      heading(`API keys${where} (${keys.length})`) +
      tableOf(
        ['id', 'name', 'scope', 'created', 'last used', 'from'],
        keys,
        (k) => [
          { code: String(k.id) },
          k.name,
          k.scope === 'project' ? `project ${k.project_id}` : k.scope,
          formatDate(k.created_at),
          formatDate(k.last_used_at),
          k.last_used_from_addr,
        ],
        { rest: '`keys-file`' },
      ),
  }
}
