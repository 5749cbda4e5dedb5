import { listAllProjects } from '../api/endpoints.ts'
import { listOutputs, writeListFile } from '../outputs.ts'
import { formatDate, heading, tableOf } from '../summary.ts'
import type { CommandContext, CommandResult } from './context.ts'

export interface ListProjectsOptions {
  /** Where `projects-file` is written: RUNNER_TEMP. */
  fileDir: string
}

/** Every project: `projects-file` always holds them all; `projects` and `project-ids` when they fit. */
export async function runListProjects(ctx: CommandContext, options: ListProjectsOptions): Promise<CommandResult> {
  const { projects, warning } = await listAllProjects(ctx.client)
  if (warning) ctx.log.warning(warning)
  ctx.log.info(`Found ${projects.length} project(s).`)
  const json = JSON.stringify(projects)
  const path = await writeListFile(options.fileDir, 'projects', json)
  const { outputs, warning: sizeWarning } = listOutputs(
    [
      ['projects', json],
      ['project-ids', JSON.stringify(projects.map((p) => p.id))],
    ],
    { output: 'projects-file', path },
  )
  if (sizeWarning) ctx.log.warning(sizeWarning)
  return {
    outputs,
    summary:
      heading(`Projects (${projects.length})`) +
      tableOf(
        ['id', 'name', 'region', 'Postgres', 'created'],
        projects,
        (p) => [{ code: p.id }, p.name, p.region_id, p.pg_version, formatDate(p.created_at)],
        { rest: '`projects-file`' },
      ),
  }
}
