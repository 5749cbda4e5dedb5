// Branches and their compute endpoints, shaped like the service's records, and how long the
// operations of a branch creation take on the emulator's clock.
import type { TimelineStep } from './operations.ts'
import { isoSeconds } from './time.ts'

export interface BranchRecord {
  id: string
  project_id: string
  parent_id?: string
  name: string
  current_state: string
  pending_state?: string
  state_changed_at: string
  creation_source: string
  primary: boolean
  default: boolean
  protected: boolean
  cpu_used_sec: number
  compute_time_seconds: number
  active_time_seconds: number
  written_data_bytes: number
  data_transfer_bytes: number
  created_at: string
  updated_at: string
  init_source?: string
}

export interface EndpointRecord {
  host: string
  id: string
  project_id: string
  branch_id: string
  autoscaling_limit_min_cu: number
  autoscaling_limit_max_cu: number
  region_id: string
  type: 'read_write' | 'read_only'
  current_state: string
  pending_state?: string
  settings: Record<string, unknown>
  pooler_enabled: boolean
  pooler_mode: string
  disabled: boolean
  passwordless_access: boolean
  creation_source: string
  created_at: string
  updated_at: string
  proxy_host: string
  suspend_timeout_seconds: number
  provisioner: string
}

/** A new branch's create_branch operation: running, then finished. */
export const CREATE_BRANCH_TIMELINE: readonly TimelineStep[] = [
  { afterMs: 0, status: 'running' },
  { afterMs: 2000, status: 'finished' },
]

/** The start_compute operation of each endpoint created with a branch: scheduling, running, finished. */
export const START_COMPUTE_TIMELINE: readonly TimelineStep[] = [
  { afterMs: 0, status: 'scheduling' },
  { afterMs: 1000, status: 'running' },
  { afterMs: 4000, status: 'finished' },
]

export function branchRecord(fields: {
  id: string
  projectId: string
  name: string
  parentId?: string
  createdMs: number
}): BranchRecord {
  const created = isoSeconds(fields.createdMs)
  const record: BranchRecord = {
    id: fields.id,
    project_id: fields.projectId,
    name: fields.name,
    current_state: fields.parentId === undefined ? 'ready' : 'init',
    state_changed_at: created,
    creation_source: fields.parentId === undefined ? 'console' : 'api',
    primary: fields.parentId === undefined,
    default: fields.parentId === undefined,
    protected: false,
    cpu_used_sec: 0,
    compute_time_seconds: 0,
    active_time_seconds: 0,
    written_data_bytes: 0,
    data_transfer_bytes: 0,
    created_at: created,
    updated_at: created,
  }
  if (fields.parentId !== undefined) {
    record.parent_id = fields.parentId
    record.pending_state = 'ready'
    record.init_source = 'parent-data'
  }
  return record
}

export function endpointRecord(fields: {
  id: string
  projectId: string
  branchId: string
  type: EndpointRecord['type']
  regionId: string
  proxyHost: string
  createdMs: number
}): EndpointRecord {
  const created = isoSeconds(fields.createdMs)
  return {
    host: `${fields.id}.${fields.proxyHost}`,
    id: fields.id,
    project_id: fields.projectId,
    branch_id: fields.branchId,
    autoscaling_limit_min_cu: 0.25,
    autoscaling_limit_max_cu: 2,
    region_id: fields.regionId,
    type: fields.type,
    current_state: 'init',
    pending_state: 'active',
    settings: {},
    pooler_enabled: false,
    pooler_mode: 'transaction',
    disabled: false,
    passwordless_access: true,
    creation_source: 'api',
    created_at: created,
    updated_at: created,
    proxy_host: fields.proxyHost,
    suspend_timeout_seconds: 0,
    provisioner: 'k8s-neonvm',
  }
}
