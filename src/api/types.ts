/** Records of the platform's management API v2, as the action reads them. Extra fields are ignored. */

export interface CreatedApiKey {
  id: number
  key: string
  name?: string
  created_at?: string
}

export interface ApiKey {
  id: number
  name: string
  created_at: string
  last_used_at: string | null
  last_used_from_addr: string | null
}

export interface RevokedApiKey {
  id: number
  name?: string
  revoked: boolean
}

export interface Project {
  id: string
  name: string
  region_id?: string
  pg_version?: number
  created_at?: string
  [field: string]: unknown
}

export interface Branch {
  id: string
  name?: string
}

/** Open string: the service has more statuses and actions than the spec lists. */
export type OperationStatus =
  'scheduling' | 'running' | 'cancelling' | 'finished' | 'skipped' | 'failed' | 'error' | 'cancelled' | (string & {})

export interface Operation {
  id: string
  project_id: string
  branch_id: string
  endpoint_id?: string
  action: string
  status: OperationStatus
  failures_count: number
  created_at: string
  updated_at: string
  total_duration_ms?: number
  error?: string
  retry_at?: string
}

export interface OperationsPage {
  operations: Operation[]
  cursor: string | undefined
}
