// The account `npm run emulator` and `npm run step` start with: a working key, some projects, one
// project whose operations cover finished, retried, errored and still-moving ones, and keys with a
// past, personal and of the organization, for prune-keys to select and to keep; and, when asked,
// an organization whose projects each have days of operations.
import { KEY_OWNER } from './platform.ts'
import type { PlatformEmulator } from './platform.ts'
import * as names from './names.ts'
import { DAY_MS, SeededRandom } from './history.ts'
import { isoSeconds } from './time.ts'

export interface SeededAccount {
  admin: { id: number; key: string }
  projectIds: string[]
  /** The project whose operations move over time. */
  operationsProject: string
  /** The organization of the projects and of the organization's keys; the admin's only one. */
  orgId: string
}

export function seedAccount(emulator: PlatformEmulator, projects: number): SeededAccount {
  const admin = emulator.addKey('emulator-admin')
  const projectIds = emulator.addProjects(projects)
  const operationsProject = projectIds[0] ?? emulator.addProject({ name: 'operations-demo' }).id
  seedOperations(emulator, operationsProject)
  seedKeys(emulator, operationsProject)
  return {
    admin,
    projectIds: projectIds.length ? projectIds : [operationsProject],
    operationsProject,
    orgId: emulator.defaultOrgId,
  }
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/**
 * Keys as an account collects them, on the emulator's clock. prune-keys with `unused-for: 90d`
 * selects, among the personal keys: an orphaned job key (its runner died before the post step),
 * a laptop's key idle for months, a key made by hand and never used; among the organization's:
 * an orphaned project-scoped job key, a report's key idle for months, a key made for a
 * migration and never used. It keeps a key in daily use, a job key that has not expired yet, and
 * a job key whose name says it expired but that a job used minutes ago (the in-use guard). For the
 * tripwire (`expected-networks`), two of the organization's CI keys: one last used from a GitHub-hosted
 * runner (the GitHub emulator's ranges hold the seeded use address), one from elsewhere. For the check of who
 * made the keys (`expected-creators`), keys of the organization made by a member who stays, by one who left, and by
 * one whose account is deactivated.
 */
function seedKeys(emulator: PlatformEmulator, projectId: string): void {
  const now = emulator.now()
  const org = emulator.defaultOrgId
  emulator.addKey(names.expiringKeyName('job-7781-1-deploy', now - DAY), {
    createdAt: now - DAY - 6 * HOUR,
    lastUsedAt: now - DAY - 5 * HOUR,
  })
  emulator.addKey('old-laptop', { createdAt: now - 300 * DAY, lastUsedAt: now - 120 * DAY })
  emulator.addKey('test-by-hand', { createdAt: now - 95 * DAY })
  emulator.addKey('ci-deploy', { createdAt: now - 200 * DAY, lastUsedAt: now - 2 * HOUR })

  emulator.addOrgKey(org, names.expiringKeyName('deploy-1200-1', now - 3 * DAY), {
    projectId,
    createdAt: now - 3 * DAY - HOUR,
  })
  emulator.addOrgKey(org, 'quarterly-report', { createdAt: now - 400 * DAY, lastUsedAt: now - 150 * DAY })
  emulator.addOrgKey(org, 'migration-dry-run', { createdAt: now - 120 * DAY })
  emulator.addOrgKey(org, 'nightly-inventory', { createdAt: now - 300 * DAY, lastUsedAt: now - 3 * HOUR })
  emulator.addOrgKey(org, names.expiringKeyName('deploy-1301-1', now + 5 * HOUR), {
    projectId,
    createdAt: now - HOUR,
    lastUsedAt: now - 30 * MINUTE,
  })
  emulator.addOrgKey(org, names.expiringKeyName('deploy-1299-2', now - 10 * MINUTE), {
    projectId,
    createdAt: now - 6 * HOUR - 10 * MINUTE,
    lastUsedAt: now - 2 * MINUTE,
  })
  emulator.addOrgKey(org, 'ci-deploy-web', { createdAt: now - 60 * DAY, lastUsedAt: now - 3 * HOUR })
  emulator.addOrgKey(org, 'ci-nightly', {
    createdAt: now - 60 * DAY,
    lastUsedAt: now - 5 * HOUR,
    lastUsedFrom: '203.0.113.7',
  })

  const stays = emulator.addUser({ name: 'Ann Stays', organizations: { [org]: 'admin' } })
  const left = emulator.addUser({ name: 'Bob Left', organizations: { [org]: 'admin' } })
  const deactivated = emulator.addUser({ name: 'Carol Deactivated', organizations: { [org]: 'admin' } })
  emulator.addOrgKey(org, 'warehouse-sync', { createdBy: stays, createdAt: now - 90 * DAY, lastUsedAt: now - 4 * HOUR })
  emulator.addOrgKey(org, 'bob-reporting', { createdBy: left, createdAt: now - 200 * DAY, lastUsedAt: now - 2 * DAY })
  emulator.addOrgKey(org, 'carol-backfill', {
    createdBy: deactivated,
    createdAt: now - 150 * DAY,
    lastUsedAt: now - 9 * DAY,
  })
  emulator.setMembership(left, org, undefined)
  emulator.deactivateUser(deactivated)
}

/** Operations that cover finished, retried, errored and still-moving ones. */
function seedOperations(emulator: PlatformEmulator, projectId: string): void {
  const endpoint = names.endpointId()
  emulator.addOperation(projectId, {
    action: 'suspend_compute',
    endpoint_id: endpoint,
    status: 'finished',
    createdAt: emulator.now() - 90_000,
  })
  emulator.addOperation(projectId, {
    action: 'apply_config',
    createdAt: emulator.now() - 60_000,
    timeline: [
      // Failed, retried by the control plane, and failed for good.
      { afterMs: 0, status: 'running' },
      { afterMs: 4_000, status: 'failed', error: 'compute endpoint is not reachable' },
      { afterMs: 10_000, status: 'running' },
      { afterMs: 16_000, status: 'error', failures_count: 2, error: 'compute endpoint is not reachable' },
    ],
  })
  emulator.addOperation(projectId, {
    action: 'check_availability',
    status: 'skipped',
    createdAt: emulator.now() - 45_000,
  })
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
        retry_at: new Date(emulator.now() + 15_000).toISOString(),
      },
      { afterMs: 30_000, status: 'finished' },
    ],
  })
  // Last, so that the periodic checks are older than everything above.
  emulator.addHistory(projectId, 25)
}

export interface OrganizationHistoryOptions {
  /** The organization the projects join; default a new one, which the default user administers. */
  orgId?: string
  projects: number
  /** Operations per project. */
  operations: number
  /** How many days back they reach; default 7. */
  days?: number
  /** Default 1: the same seed and clock give the same projects and operations. */
  seed?: number
}

export interface SeededOrganization {
  orgId: string
  /** In the order they were added, which is the project list's among themselves. */
  projectIds: string[]
}

/**
 * `projects` projects of one organization, each with `operations` operations over the last
 * `days` days (PlatformEmulator.addOperationHistory): what `list-operations` reads.
 */
export function seedOrganizationHistory(
  emulator: PlatformEmulator,
  options: OrganizationHistoryOptions,
): SeededOrganization {
  const seed = options.seed ?? 1
  const days = options.days ?? 7
  if (!Number.isInteger(options.projects) || options.projects < 0)
    throw new RangeError('projects must be a non-negative whole number')
  const random = new SeededRandom(seed, 'organization')
  let orgId = options.orgId
  if (orgId === undefined) {
    orgId = names.organizationId(random.below)
    emulator.addOrganization({ id: orgId, name: `History ${seed}` })
    emulator.setMembership(KEY_OWNER.id, orgId, 'admin')
  }
  // Made as long ago as their oldest operation, the project's creation.
  const created = isoSeconds(emulator.now() - days * DAY_MS)
  const projectIds: string[] = []
  for (let i = 0; i < options.projects; i++) {
    let id = names.projectId(random.below)
    while (emulator.hasProject(id)) id = names.projectId(random.below)
    const project = emulator.addProject(
      {
        id,
        org_id: orgId,
        name: `service-${String(i + 1).padStart(3, '0')}`,
        created_at: created,
        updated_at: created,
        cpu_used_sec: random.below(5000),
      },
      { primaryBranchId: names.branchId(random.below) },
    )
    emulator.addOperationHistory(project.id, { count: options.operations, days, seed })
    projectIds.push(project.id)
  }
  return { orgId, projectIds }
}
