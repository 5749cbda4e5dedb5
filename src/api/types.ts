/** Records of the platform's management API v2, as the action reads them. Extra fields are ignored. */

export interface CreatedApiKey {
  id: number
  key: string
  name?: string
  created_at?: string
  /** Set on a project-scoped organization key: the one project it reaches. */
  project_id?: string
}

export interface ApiKey {
  id: number
  name: string
  created_at: string
  last_used_at: string | null
  last_used_from_addr: string | null
  /** Set on a project-scoped organization key. */
  project_id?: string
}

/** GET /auth, as the action reads it. */
export interface AuthDetails {
  /** The user of a personal key; the organization of an organization or project-scoped key. */
  accountId: string
  /** `api_key_user`, `api_key_org`, or a value the action does not know. */
  authMethod: string
}

/** An element of GET /users/me/organizations, as the action reads it. */
export interface Organization {
  id: string
  name: string
}

export interface RevokedApiKey {
  id: number
  name?: string
  revoked: boolean
}

export interface Project {
  id: string
  name: string
  /** The organization that owns the project. */
  org_id?: string
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
