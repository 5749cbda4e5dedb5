import { listAllProjects } from '../api/endpoints.ts'
import { writeListFile } from '../runner/outputs.ts'
import { organizationForProjects } from '../api/organization.ts'
import { formatDate, heading, paragraph, tableOf } from '../runner/summary.ts'
import { quoted, untrusted } from '../base/text.ts'
import type { CommandContext, CommandResult } from '../runner/context.ts'

/** The most ids of unreadable projects one warning names. */
const MAX_UNAVAILABLE_NAMED = 20

export interface ListProjectsSettings {
  /** Found from the step's key when not given. */
  orgId?: string
  /** Only projects whose name or id holds this. */
  search?: string
}

/** `projects-file` always holds every project. `projects` and `project-ids` hold them when they fit. */
export async function runListProjects(ctx: CommandContext, options: ListProjectsSettings): Promise<CommandResult> {
  const orgId = await organizationForProjects(ctx, options.orgId)
  const { projects, unavailableIds, warning } = await listAllProjects(ctx.client, { orgId, search: options.search })
  if (warning) ctx.log.warning(warning)
  // A partial list is never passed off as complete: the heading says so, not only the log.
  const incomplete = unavailableIds.length > 0 ? ', incomplete' : warning !== undefined ? ', may be incomplete' : ''
  ctx.log.info(
    `Found ${projects.length} project(s)${options.search === undefined ? '' : ` matching ${quoted(options.search)}`}.`,
  )
  const partial = unavailableIds.length > 0 ? describeUnavailable(unavailableIds) : undefined
  if (partial) ctx.log.warning(partial)
  const json = JSON.stringify(projects)
  const path = await writeListFile(ctx.fileDir, 'projects', json)
  return {
    outputs: {
      projects: json,
      'project-ids': JSON.stringify(projects.map((p) => p.id)),
      'projects-file': path,
      ...(orgId === undefined ? {} : { 'org-id': orgId }),
    },
    summary:
      heading(`Projects (${projects.length}${incomplete})`) +
      (warning ? paragraph(warning) : '') +
      tableOf(
        ['id', 'name', 'region', 'Postgres', 'created'],
        projects,
        (p) => [{ code: p.id }, p.name, p.region_id, p.pg_version, formatDate(p.created_at)],
        { rest: '`projects-file`', title: 'The projects' },
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
    'They are not in the outputs. Run the step again for a complete list.'
  )
}
