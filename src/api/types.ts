/**
 * Records of the platform's management API v2, as the action reads them. Each type picks its
 * fields from the platform's published description (openapi/neon-api-v2.d.ts, made from
 * openapi/neon-api-v2.yaml), so a field the description leaves optional is optional here too.
 * Extra fields in an answer are ignored.
 */
import type { components } from '../../openapi/neon-api-v2.d.ts'

type Schemas = components['schemas']

/**
 * The answer to creating a key. The action relies on `id` and `key`; `name` and `created_at` are
 * read when they are there. `project_id` is set on a project-scoped key: the one project it reaches.
 */
export type CreatedApiKey = Pick<Schemas['OrgApiKeyCreateResponse'], 'id' | 'key' | 'project_id'> &
  Partial<Pick<Schemas['OrgApiKeyCreateResponse'], 'name' | 'created_at'>>

type ListedKey = Schemas['OrgApiKeysListResponseItem']
type Creator = Schemas['ApiKeyCreatorData']

/**
 * A key in a list. Three fields are kept in a form of the action's own:
 * - `last_used_at` is null for a key never used, whether the answer sent null or left it out;
 * - `last_used_from_addr` is '' when the answer left it out, and a value that is not text is kept
 *   as its JSON text, which is no address (the tripwire flags it);
 * - `created_by` holds the creator's `id` and `name`, never `image`: without `name` when the answer
 *   gave a bare id, and left out when it gave no creator the action can read.
 * `project_id` is set on a project-scoped key.
 */
export type ApiKey = Pick<ListedKey, 'id' | 'name' | 'created_at' | 'last_used_from_addr' | 'project_id'> & {
  last_used_at: NonNullable<ListedKey['last_used_at']> | null
  created_by?: Pick<Creator, 'id'> & Partial<Pick<Creator, 'name'>>
}

/**
 * A member of an organization, as the action keeps it: the user's id, the role ('' when the
 * answer left it out) and whether the account is deactivated (`user.deactivated_at` is set).
 * Never the e-mail address: it is personal data, and the action has no use for it.
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
 * A project of the list, or of GET /projects/{project_id}. The action relies on `id` and `name`.
 * The record is passed on whole (the `projects` output), so every field the platform sent is kept.
 */
export type Project = Pick<Schemas['ProjectListItem'], 'id' | 'name'> &
  Partial<Pick<Schemas['ProjectListItem'], 'org_id' | 'region_id' | 'pg_version' | 'created_at'>> & {
    [field: string]: unknown
  }

export type Branch = Pick<Schemas['Branch'], 'id'> & Partial<Pick<Schemas['Branch'], 'name'>>

/** Open string: the service has more statuses than the action knows, and an unknown one is never success. */
export type OperationStatus =
  'scheduling' | 'running' | 'cancelling' | 'finished' | 'skipped' | 'failed' | 'error' | 'cancelled' | (string & {})

type DescribedOperation = Schemas['Operation']

/**
 * An operation. An operation of the whole project has no `branch_id`; one that concerns no
 * compute has no `endpoint_id`. `action` and `status` are open strings: the platform has more
 * values than its description lists. `failures_count`, `updated_at` and `total_duration_ms` are
 * only shown, never decided on: when the answer leaves them out, the action reads 0, `created_at`
 * and nothing.
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
  /** Absent when the answer has no `pagination`: the description allows it, and it ends the listing. */
  cursor: string | undefined
}
