/** Each type picks its fields from the published description, so a field it leaves optional is optional here. */
import type { components } from '../../openapi/neon-api-v2.d.ts'

type Schemas = components['schemas']

/** A project-scoped key has `project_id`: the one project it reaches. */
export type CreatedApiKey = Pick<Schemas['OrgApiKeyCreateResponse'], 'id' | 'key' | 'project_id'> &
  Partial<Pick<Schemas['OrgApiKeyCreateResponse'], 'name' | 'created_at'>>

type ListedKey = Schemas['OrgApiKeysListResponseItem']
type Creator = Schemas['ApiKeyCreatorData']

/** A key in a list. `last_used_at` is null for a key never used; `last_used_from_addr` is '' when absent. */
export type ApiKey = Pick<ListedKey, 'id' | 'name' | 'created_at' | 'last_used_from_addr' | 'project_id'> & {
  last_used_at: NonNullable<ListedKey['last_used_at']> | null
  created_by?: Pick<Creator, 'id'> & Partial<Pick<Creator, 'name'>>
}

/** `role` is '' when absent. No e-mail address: it is personal data the action does not need. */
export type OrganizationMember = Pick<Schemas['Member'], 'user_id'> & { role: string; deactivated: boolean }

/** GET /auth. */
export interface AuthDetails {
  /** The user of a personal key; the organization of an organization or project-scoped key. */
  accountId: Schemas['AuthDetailsResponse']['account_id']
  /** `api_key_user`, `api_key_org`, or a value the action does not know. */
  authMethod: string
}

/** `name` is '' when the answer left it out. */
export type Organization = Pick<Schemas['Organization'], 'id' | 'name'>

/** `revoked` is false unless the answer says true. */
export type RevokedApiKey = Pick<Schemas['OrgApiKeyRevokeResponse'], 'id' | 'revoked'> &
  Partial<Pick<Schemas['OrgApiKeyRevokeResponse'], 'name'>>

/** Kept whole, with every field the platform sent, for the `projects` output. */
export type Project = Pick<Schemas['ProjectListItem'], 'id' | 'name'> &
  Partial<Pick<Schemas['ProjectListItem'], 'org_id' | 'region_id' | 'pg_version' | 'created_at'>> & {
    [field: string]: unknown
  }

export type Branch = Pick<Schemas['Branch'], 'id'> & Partial<Pick<Schemas['Branch'], 'name'>>

/** Open: the service has more statuses than the action knows. An unknown status is never success. */
export type OperationStatus =
  'scheduling' | 'running' | 'cancelling' | 'finished' | 'skipped' | 'failed' | 'error' | 'cancelled' | (string & {})

type DescribedOperation = Schemas['Operation']

/**
 * `action` and `status` are open: the platform has more values than its description lists. `failures_count`,
 * `updated_at` and `total_duration_ms` are only shown.
 */
export type Operation = Pick<
  DescribedOperation,
  | 'id'
  | 'project_id'
  | 'branch_id'
  | 'endpoint_id'
  | 'failures_count'
  | 'created_at'
  | 'updated_at'
  | 'error'
  | 'retry_at'
> &
  Partial<Pick<DescribedOperation, 'total_duration_ms'>> & {
    action: string
    status: OperationStatus
  }

export interface OperationsPage {
  operations: Operation[]
  /** Absent when the answer has no `pagination`. That ends the listing. */
  cursor: string | undefined
}
