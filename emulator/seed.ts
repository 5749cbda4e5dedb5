// The account `npm run emulator` and `npm run step` start with: a working key, some projects,
// and one project whose operations cover finished, failed, retrying and still-moving ones.
import type { PlatformEmulator } from './platform.ts'
import * as names from './names.ts'

export interface SeededAccount {
  admin: { id: number; key: string }
  projectIds: string[]
  /** The project whose operations move over time. */
  operationsProject: string
}

export function seedAccount(emulator: PlatformEmulator, projects: number): SeededAccount {
  const admin = emulator.addKey('emulator-admin')
  const projectIds = emulator.addProjects(projects)
  const operationsProject = projectIds[0] ?? emulator.addProject({ name: 'operations-demo' }).id
  seedOperations(emulator, operationsProject)
  return { admin, projectIds: projectIds.length ? projectIds : [operationsProject], operationsProject }
}

/** Operations that cover finished, failed, retrying and still-moving ones. */
function seedOperations(emulator: PlatformEmulator, projectId: string): void {
  const endpoint = names.endpointId()
  emulator.addOperation(projectId, { action: 'suspend_compute', endpoint_id: endpoint, status: 'finished', createdAt: Date.now() - 90_000 })
  emulator.addOperation(projectId, {
    action: 'apply_config',
    createdAt: Date.now() - 60_000,
    timeline: [
      { afterMs: 0, status: 'running' },
      { afterMs: 4_000, status: 'failed', failures_count: 1, error: 'compute endpoint is not reachable' },
    ],
  })
  emulator.addOperation(projectId, { action: 'check_availability', status: 'skipped', createdAt: Date.now() - 45_000 })
  emulator.addOperation(projectId, {
    action: 'create_branch',
    timeline: [
      { afterMs: 0, status: 'running' },
      { afterMs: 20_000, status: 'finished' },
    ],
  })
  emulator.addOperation(projectId, {
    action: 'start_compute',
    endpoint_id: endpoint,
    timeline: [
      { afterMs: 0, status: 'scheduling' },
      { afterMs: 5_000, status: 'running' },
      {
        afterMs: 10_000,
        status: 'running',
        failures_count: 1,
        error: 'compute start timed out',
        retry_at: new Date(Date.now() + 15_000).toISOString(),
      },
      { afterMs: 30_000, status: 'finished' },
    ],
  })
  // Last, so that the periodic checks are older than everything above.
  emulator.addHistory(projectId, 25)
}
