import { listAllProjects } from '../api/endpoints.ts'
import { formatDate, heading, table } from '../summary.ts'
import type { CommandContext, CommandResult } from './context.ts'

export async function runListProjects(ctx: CommandContext): Promise<CommandResult> {
  const projects = await listAllProjects(ctx.client)
  ctx.log.info(`Found ${projects.length} project(s).`)
  return {
    outputs: {
      projects: JSON.stringify(projects),
      'project-ids': JSON.stringify(projects.map((p) => p.id)),
    },
    summary:
      heading(`Projects (${projects.length})`) +
      table(
        ['id', 'name', 'region', 'Postgres', 'created'],
        projects.map((p) => [{ code: p.id }, p.name, p.region_id, p.pg_version, formatDate(p.created_at)]),
      ),
  }
}
