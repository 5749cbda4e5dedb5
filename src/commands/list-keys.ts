import { scopeOf, listKeysIn } from '../api/namespace.ts'
import { keyNamespaceFor, organizationOutput } from '../api/organization.ts'
import { quoted, untrusted } from '../base/text.ts'
import type { ListKeysSettings } from '../inputs/keys.ts'
import { describeUnexpectedUse, openExpectedNetworks, usedFromElsewhere } from '../keys/networks.ts'
import type { CommandContext, CommandResult } from '../runner/context.ts'
import { writeListFile } from '../runner/outputs.ts'
import { formatDate, heading, paragraph, tableOf } from '../runner/summary.ts'

/** Keys named one by one in the log or a failure; the outputs hold them all, the summary its first rows. */
const MAX_NAMED_KEYS = 10
const NEXT =
  "Each may have leaked: revoke it by its id (revoke-key with `key-id`), rotate what held it, and look at the platform's audit log for its other uses (docs/tripwire.md)."

/**
 * Every key (of `key-name`, a prefix), without values: `keys-file` always holds them all; `keys`
 * when it fits. With `expected-networks`, the tripwire: keys last used from elsewhere.
 */
export async function runListKeys(ctx: CommandContext, options: ListKeysSettings): Promise<CommandResult> {
  const expected = options.expectedNetworks && (await openExpectedNetworks(ctx, options.expectedNetworks))
  const namespace = await keyNamespaceFor(ctx, options)
  const prefix = options.keyNamePrefix
  const keys = (await listKeysIn(ctx.client, namespace))
    .filter((k) => prefix === undefined || k.name.startsWith(prefix))
    .map((k) => ({ ...k, scope: scopeOf(namespace, k) }))
  const where = namespace.kind === 'organization' ? ` of organization ${untrusted(namespace.orgId)}` : ''
  const whose = prefix === undefined ? '' : ` whose names start with ${quoted(prefix, 80)}`
  ctx.log.info(`Found ${keys.length} API key(s)${where}${whose}.`)
  const json = JSON.stringify(keys)
  const path = await writeListFile(ctx.fileDir, 'keys', json)

  const unexpected = expected ? keys.filter((k) => usedFromElsewhere(k, expected.list)) : []
  const named = unexpected.slice(0, MAX_NAMED_KEYS)
  const more = unexpected.length > named.length ? `and ${unexpected.length - named.length} more in \`unexpected-use-key-ids\`` : ''
  const failure =
    options.failOnUnexpectedUse && unexpected.length > 0
      ? `${unexpected.length} API key(s) were last used from an unexpected network, outside \`expected-networks\`: ` +
        `${named.map((k) => describeUnexpectedUse(k)).join('; ')}${more && `; ${more}`}.`
      : undefined
  for (const key of failure ? [] : named) ctx.log.warning(`${describeUnexpectedUse(key)}: outside \`expected-networks\`.`)
  if (more && !failure) ctx.log.warning(`…${more}, and in the job summary.`)
  const flagged = new Set(unexpected)
  const found = unexpected.length > 0 ? `⚠ ${unexpected.length} key(s), listed first: each may have leaked.` : 'none.'
  const ids = expected && { 'unexpected-use-key-ids': JSON.stringify(unexpected.map((k) => k.id)) }
  return {
    outputs: { keys: json, 'keys-file': path, ...ids, ...organizationOutput(namespace) },
    summary:
      heading(`API keys${where}${whose} (${keys.length})`) +
      (expected ? paragraph(`Last used from an unexpected network, outside \`expected-networks\`: ${found}`) : '') +
      tableOf(
        ['id', 'name', 'scope', 'created', 'last used', 'from'],
        [...unexpected, ...keys.filter((k) => !flagged.has(k))],
        (k) => [
          { code: String(k.id) },
          k.name,
          k.scope === 'project' ? `project ${k.project_id}` : k.scope,
          formatDate(k.created_at),
          formatDate(k.last_used_at),
          flagged.has(k) ? `⚠ unexpected: ${k.last_used_from_addr || 'no address recorded'}` : k.last_used_from_addr,
        ],
        { rest: '`keys-file`' },
      ),
    failure,
    next: failure && NEXT,
  }
}
