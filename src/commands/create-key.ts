import { organizationOutput, type KeyScopeInputs } from '../api/organization.ts'
import { quoted, untrusted } from '../base/text.ts'
import { KeyLife, adviseScope, describeScope, keyTargetFor } from '../keys/life.ts'
import { expiresAtOutput, expiryOf, withExpiry } from '../keys/expiry.ts'
import type { CommandContext, CommandResult } from '../runner/context.ts'
import { formatDate, heading, paragraph, table } from '../runner/summary.ts'

/**
 * create-key: a new key, masked at once, in the `key` output. With `revoke-after-job`, the post step revokes it when
 * the job ends, and its name says when it expires (keys/expiry.ts).
 */
export interface CreateKeySettings extends KeyScopeInputs {
  keyName: string
  revokeAfterJob: boolean
  /** From `expires-in`, or the default for a job's key. Undefined: the name carries no expiry. */
  expiresInMs?: number
}

export async function runCreateKey(ctx: CommandContext, options: CreateKeySettings): Promise<CommandResult> {
  const target = await keyTargetFor(ctx, options)
  const name =
    options.expiresInMs === undefined
      ? options.keyName
      : withExpiry(options.keyName, ctx.clock.now() + options.expiresInMs)
  // Read back from the name, so it is rounded up to the minute, as prune-keys reads it.
  const expiresAt = expiryOf(name)
  const created = await KeyLife.run(ctx, name, target, async (life) => {
    const key = await life.create()
    if (options.revokeAfterJob) life.keepForJob(key.id)
    await life.stopIfCancelled(key.id, 'hand out the new key')
    // From here on the key counts as handed out: main.ts sets the outputs next.
    life.handOut(key.id)
    return key
  })
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
    outputs: {
      key: created.key,
      'key-id': String(created.id),
      ...expiresAtOutput(expiresAt),
      ...organizationOutput(target.namespace),
    },
    summary:
      heading('API key created') +
      table(
        ['id', 'name', 'scope', 'lifetime'],
        [[{ code: String(created.id) }, name, scope, describeLifetime(options.revokeAfterJob, expiresAt)]],
      ) +
      paragraph('The key value is in the step output ', { code: 'key' }, ', masked in logs. It is shown nowhere else.'),
  }
}

function describeLifetime(revokeAfterJob: boolean, expiresAt: number | undefined): string {
  const expiry = expiresAt === undefined ? '' : `expires ${untrusted(formatDate(new Date(expiresAt).toISOString()))}`
  if (revokeAfterJob) return expiry ? `this job (${expiry})` : 'this job'
  return expiry || 'until revoked'
}
