import { listAllProjects } from '../api/endpoints.ts'
import { organizationForProjects } from '../organization.ts'
import { formatDate, heading, paragraph, table } from '../summary.ts'
import { quoted, untrusted } from '../text.ts'
import type { CommandContext, CommandResult } from './context.ts'

/** The most ids of unreadable projects one warning names. */
const MAX_UNAVAILABLE_NAMED = 20

export async function runListProjects(ctx: CommandContext, options: { orgId?: string; search?: string }): Promise<CommandResult> {
  const orgId = await organizationForProjects(ctx, options.orgId)
  const unavailable: string[] = []
  const projects = await listAllProjects(ctx.client, {
    orgId,
    search: options.search,
    onUnavailable: (ids) => unavailable.push(...ids),
  })
  ctx.log.info(`Found ${projects.length} project(s)${options.search === undefined ? '' : ` matching ${quoted(options.search)}`}.`)
  const partial = unavailable.length > 0 ? describeUnavailable(unavailable) : undefined
  // A partial list is never passed off as complete.
  if (partial) ctx.log.warning(partial)
  return {
    outputs: {
      projects: JSON.stringify(projects),
      'project-ids': JSON.stringify(projects.map((p) => p.id)),
      ...(orgId === undefined ? {} : { 'org-id': orgId }),
    },
    summary:
      heading(`Projects (${projects.length})`) +
      table(
        ['id', 'name', 'region', 'Postgres', 'created'],
        projects.map((p) => [{ code: p.id }, p.name, p.region_id, p.pg_version, formatDate(p.created_at)]),
      ) +
      (partial ? paragraph(partial) : ''),
  }
}

function describeUnavailable(ids: string[]): string {
  const named = ids
    .slice(0, MAX_UNAVAILABLE_NAMED)
    .map((id) => untrusted(id, 80))
    .join(', ')
  const more = ids.length > MAX_UNAVAILABLE_NAMED ? `, and ${ids.length - MAX_UNAVAILABLE_NAMED} more` : ''
  return (
    `The list is incomplete: the platform could not read ${ids.length} project(s) in time (unavailable_project_ids: ${named}${more}). ` +
    'They are not in the outputs; run the step again for a complete list.'
  )
}
