import { scopeOf, listKeysIn } from '../api/namespace.ts'
import { keyNamespaceFor, organizationOutput } from '../api/organization.ts'
import { untrusted } from '../base/text.ts'
import type { CommandContext, CommandResult } from '../runner/context.ts'
import { writeListFile } from '../runner/outputs.ts'
import { formatDate, heading, tableOf } from '../runner/summary.ts'

/** Every key, without values: `keys-file` always holds them all; `keys` when it fits. */
export async function runListKeys(ctx: CommandContext, options: { orgId?: string; fileDir: string }): Promise<CommandResult> {
  const namespace = await keyNamespaceFor(ctx, options)
  const keys = (await listKeysIn(ctx.client, namespace)).map((k) => ({ ...k, scope: scopeOf(namespace, k) }))
  const where = namespace.kind === 'organization' ? ` of organization ${untrusted(namespace.orgId)}` : ''
  ctx.log.info(`Found ${keys.length} API key(s)${where}.`)
  const json = JSON.stringify(keys)
  const path = await writeListFile(options.fileDir, 'keys', json)
  return {
    outputs: { keys: json, 'keys-file': path, ...organizationOutput(namespace) },
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
