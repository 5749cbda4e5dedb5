/**
 * The records of the platform's API, as the action reads them. Each type picks its fields from the published
 * description (openapi/neon-api-v2.d.ts, made from openapi/neon-api-v2.yaml). So a field that the description leaves
 * optional is optional here too. The action ignores extra fields in an answer.
 */
import type { components } from '../../openapi/neon-api-v2.d.ts'

type Schemas = components['schemas']

/**
 * The answer to creating a key. The action relies on `id` and `key`, and reads `name` and `created_at` when they are
 * there. A project-scoped key has `project_id`: the one project it reaches.
 */
export type CreatedApiKey = Pick<Schemas['OrgApiKeyCreateResponse'], 'id' | 'key' | 'project_id'> &
  Partial<Pick<Schemas['OrgApiKeyCreateResponse'], 'name' | 'created_at'>>

type ListedKey = Schemas['OrgApiKeysListResponseItem']
type Creator = Schemas['ApiKeyCreatorData']

/**
 * A key in a list. Three fields differ from the answer (see their readers in endpoints.ts). `last_used_at` is null
 * for a key never used. `last_used_from_addr` is '' when absent. `created_by` never holds `image`. A project-scoped
 * key has `project_id`.
 */
export type ApiKey = Pick<ListedKey, 'id' | 'name' | 'created_at' | 'last_used_from_addr' | 'project_id'> & {
  last_used_at: NonNullable<ListedKey['last_used_at']> | null
  created_by?: Pick<Creator, 'id'> & Partial<Pick<Creator, 'name'>>
}

/**
 * A member of an organization: the user's id, the role ('' when absent), and whether the account is deactivated
 * (`user.deactivated_at` is set). Never the e-mail address, which is personal data the action does not need.
 */
export type OrganizationMember = Pick<Schemas['Member'], 'user_id'> & { role: string; deactivated: boolean }

/** GET /auth, as the action reads it. */
export interface AuthDetails {
  /** The user of a personal key; the organization of an organization or project-scoped key. */
  accountId: Schemas['AuthDetailsResponse']['account_id']
  /** `api_key_user`, `api_key_org`, or a value the action does not know. */
  authMethod: string
}

/** An element of GET /users/me/organizations. `name` is '' when the answer left it out. */
export type Organization = Pick<Schemas['Organization'], 'id' | 'name'>

/** The answer to revoking a key: `revoked` is false unless the answer says true. */
export type RevokedApiKey = Pick<Schemas['OrgApiKeyRevokeResponse'], 'id' | 'revoked'> &
  Partial<Pick<Schemas['OrgApiKeyRevokeResponse'], 'name'>>

/**
 * A project of the list, or of GET /projects/{project_id}. The action relies on `id` and `name`. It passes the record
 * on whole (the `projects` output), so it keeps every field the platform sent.
 */
export type Project = Pick<Schemas['ProjectListItem'], 'id' | 'name'> &
  Partial<Pick<Schemas['ProjectListItem'], 'org_id' | 'region_id' | 'pg_version' | 'created_at'>> & {
    [field: string]: unknown
  }

export type Branch = Pick<Schemas['Branch'], 'id'> & Partial<Pick<Schemas['Branch'], 'name'>>

/** An open string: the service has more statuses than the action knows. An unknown status never counts as success. */
export type OperationStatus =
  'scheduling' | 'running' | 'cancelling' | 'finished' | 'skipped' | 'failed' | 'error' | 'cancelled' | (string & {})

type DescribedOperation = Schemas['Operation']

/**
 * An operation. `action` and `status` are open strings, because the platform has more values than its description
 * lists. The action only shows `failures_count`, `updated_at` and `total_duration_ms`, and decides nothing on them.
 * When the answer leaves them out, the action reads 0, `created_at`, and nothing.
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
  /** Absent when the answer has no `pagination`, which the description allows. That ends the listing. */
  cursor: string | undefined
}
