/**
 * The one table of commands. action.yml, the sub-actions, the dispatch and the docs' tables come from it, or a test
 * checks them against it. Settings are read before any request, so every input error comes first. Adding a command:
 * docs/developing.md.
 */
import { InputError } from '../base/errors.ts'
import {
  checkRoomForExpiry,
  readExpiresIn,
  readKeepPrevious,
  readListKeysSettings,
  readPruneKeysSettings,
} from '../inputs/keys.ts'
import {
  DEFAULT_POLL_INTERVAL_SECONDS,
  MAX_POLL_INTERVAL_SECONDS,
  MIN_POLL_INTERVAL_SECONDS,
  readListOperationsSettings,
  readOnFailed,
  readOperationSelection,
} from '../inputs/operations.ts'
import { readSecretStorage } from '../inputs/secrets.ts'
import { readGitHubApiUrl } from '../inputs/urls.ts'
import {
  readBoolean,
  readKeyId,
  readKeyName,
  readOptionalProjectId,
  readOrgId,
  readProjectId,
  readSearch,
  readSeconds,
  requireInput,
  type InputReader,
  type RunnerEnvironment,
} from '../inputs/values.ts'
import type { PruneKeysSettings } from '../keys/pruning.ts'
import { defaultRotationKeyName } from '../keys/rotation-name.ts'
import type { ListOperationsSettings } from '../operations/listing.ts'
import type { Common } from '../inputs/common.ts'
import type { CommandContext, CommandResult } from '../runner/context.ts'
import { runCreateKey, type CreateKeySettings } from './create-key.ts'
import { runListKeys } from './list-keys.ts'
import { runListOperations } from './list-operations.ts'
import { runListProjects } from './list-projects.ts'
import { runPruneKeys } from './prune-keys.ts'
import { runRevokeKey, type RevokeKeySettings } from './revoke-key.ts'
import { runRotateKey, type RotateKeySettings } from './rotate-key.ts'
import { runWaitForOperations, type WaitForOperationsSettings } from './wait-for-operations.ts'

export interface CommandDefinition<S> {
  /** Besides the common ones. */
  inputs: readonly string[]
  /** Besides COMMON_OUTPUTS. */
  outputs: readonly string[]
  /** Whether its post step has work to do (a key to revoke when the job ends, or a create cut short). */
  postStep?: true
  /** Inputs that fail the step, as ignoring them would surprise. The text follows "which does not take it: ". */
  refused?: Readonly<Record<string, string>>
  /** Throws InputError, before any request. */
  settings: (read: InputReader, runner: RunnerEnvironment) => S
  run: (ctx: CommandContext, settings: S & Common) => Promise<CommandResult>
}

/** A row of the table, typed by its settings. */
function command<S>(definition: CommandDefinition<S>): CommandDefinition<S> {
  return definition
}

const NOT_A_SECRET =
  'create-key never stores the new key in a secret. To keep a key in a GitHub Actions secret, use rotate-key with `secret-name`; ' +
  'or pass the `key` output on yourself.'

export const COMMANDS = {
  'create-key': command({
    outputs: ['key', 'key-id', 'expires-at', 'org-id'],
    postStep: true,
    inputs: ['key-name', 'revoke-after-job', 'expires-in', 'org-id', 'project-id'],
    refused: { 'secret-name': NOT_A_SECRET, 'secret-environment': NOT_A_SECRET, 'secret-targets': NOT_A_SECRET },
    settings: (read): CreateKeySettings => {
      const keyName = requireInput(readKeyName(read), 'create-key needs `key-name`.')
      const revokeAfterJob = readBoolean(read, 'revoke-after-job')
      const expiresInMs = readExpiresIn(read, revokeAfterJob)
      if (expiresInMs !== undefined) checkRoomForExpiry(keyName, revokeAfterJob && !read('expires-in').trim())
      return {
        keyName,
        revokeAfterJob,
        ...(expiresInMs === undefined ? {} : { expiresInMs }),
        orgId: readOrgId(read),
        projectId: readOptionalProjectId(read),
      }
    },
    run: runCreateKey,
  }),
  'revoke-key': command({
    outputs: ['revoked-key-ids', 'org-id'],
    inputs: ['key-id', 'key-name', 'org-id'],
    refused: {
      // A user may expect "by name within a project", but every key of that name would go.
      'project-id':
        "revoke-key revokes by `key-id` or `key-name` only. Set `org-id` to act on an organization's keys, project-scoped ones included.",
      'unused-for':
        'revoke-key revokes the keys it names, whether or not they are used. To revoke only keys unused for a while, use prune-keys.',
      'max-revoke':
        'revoke-key revokes every key it names, with no limit. To revoke keys within a limit, use prune-keys.',
      'keep-previous':
        'revoke-key keeps none of the keys it names. To keep the newest keys of a name valid, use rotate-key.',
      'expected-creators':
        'revoke-key revokes every key it names, whoever made it. To revoke the keys made by someone who left the organization, use prune-keys.',
    },
    settings: (read): RevokeKeySettings => {
      const keyId = readKeyId(read)
      const keyName = readKeyName(read)
      if (keyId !== undefined && keyName !== undefined) {
        throw new InputError(
          'Inputs `key-id` and `key-name` were both given to revoke-key: give one, the id of one key or the name of the keys to revoke.',
        )
      }
      if (keyId === undefined && keyName === undefined) {
        throw new InputError(
          'revoke-key needs `key-id` (the id of one key) or `key-name` (revokes every key with exactly that name).',
        )
      }
      return { keyId, keyName, orgId: readOrgId(read) }
    },
    run: runRevokeKey,
  }),
  'list-keys': command({
    outputs: ['keys', 'keys-file', 'unexpected-use-key-ids', 'unexpected-creator-key-ids', 'org-id'],
    inputs: [
      'org-id',
      'key-name',
      'expected-networks',
      'fail-on-unexpected-use',
      'github-token',
      'expected-creators',
      'fail-on-unexpected-creator',
    ],
    settings: readListKeysSettings,
    run: runListKeys,
  }),
  'list-projects': command({
    outputs: ['projects', 'projects-file', 'project-ids', 'org-id'],
    inputs: ['org-id', 'search'],
    settings: (read) => ({ orgId: readOrgId(read), search: readSearch(read) }),
    run: runListProjects,
  }),
  'wait-for-operations': command({
    outputs: ['operations', 'status', 'failed-operation-ids', 'pending-operation-ids'],
    inputs: ['project-id', 'operation-ids', 'branch-id', 'poll-interval', 'on-failed'],
    settings: (read): WaitForOperationsSettings => ({
      projectId: readProjectId(
        read,
        'wait-for-operations needs `project-id`: the id of the project whose operations to wait for.',
      ),
      operations: readOperationSelection(read),
      onFailed: readOnFailed(read),
      pollIntervalMs:
        readSeconds(
          read,
          'poll-interval',
          DEFAULT_POLL_INTERVAL_SECONDS,
          MIN_POLL_INTERVAL_SECONDS,
          MAX_POLL_INTERVAL_SECONDS,
        ) * 1000,
    }),
    run: runWaitForOperations,
  }),
  'rotate-key': command({
    outputs: ['key', 'key-id', 'expires-at', 'revoked-key-ids', 'secret-results', 'org-id'],
    postStep: true,
    inputs: [
      'key-name',
      'key-id',
      'secret-name',
      'secret-environment',
      'secret-targets',
      'secret-visibility',
      'secret-repositories',
      'github-token',
      'keep-previous',
      'org-id',
      'project-id',
    ],
    refused: {
      'revoke-after-job':
        'a rotated key stays valid until the next rotation replaces it. `revoke-after-job` is for create-key, whose key lives for one job.',
      'expires-in': 'a rotated key stays valid until the next rotation replaces it. `expires-in` is for create-key.',
    },
    settings: (read, runner): RotateKeySettings => {
      const secrets = readSecretStorage(read, runner)
      const githubApiUrl = secrets && readGitHubApiUrl(runner.apiUrl, runner.proxies)
      const keyName = readKeyName(read) ?? (secrets && defaultRotationKeyName(secrets))
      if (keyName === undefined) {
        throw new InputError(
          'rotate-key without `secret-name` needs `key-name`: the name of the keys to rotate. With `secret-name` it defaults to a name unique to the targets and the secret.',
        )
      }
      return {
        keyName,
        keyId: readKeyId(read),
        secrets,
        githubApiUrl,
        keepPrevious: readKeepPrevious(read),
        orgId: readOrgId(read),
        projectId: readOptionalProjectId(read),
      }
    },
    run: runRotateKey,
  }),
  'prune-keys': command({
    outputs: ['revoked-key-ids', 'prunable-key-ids', 'unexpected-use-key-ids', 'unexpected-creator-key-ids', 'org-id'],
    inputs: [
      'key-name',
      'unused-for',
      'dry-run',
      'max-revoke',
      'org-id',
      'expected-networks',
      'github-token',
      'expected-creators',
    ],
    refused: {
      'fail-on-unexpected-creator':
        'prune-keys never fails on the keys it selects: it lists them, and with `dry-run: false` revokes them. ' +
        'To fail a step on keys made by someone who left, use list-keys with `expected-creators`.',
      'key-id':
        'prune-keys selects keys by name, expiry and use, never by id. To revoke one key by its id, use revoke-key.',
      'project-id':
        "prune-keys works on the personal keys of the step's user, or with `org-id` on an organization's keys, project-scoped ones included. " +
        'Narrow it with `key-name` (a name prefix).',
      'expires-in':
        'prune-keys always selects the keys whose names say they have expired. ' +
        'To select keys by how long they have not been used, set `unused-for`.',
    },
    settings: (read, runner): PruneKeysSettings => readPruneKeysSettings(read, runner),
    run: runPruneKeys,
  }),
  'list-operations': command({
    outputs: [
      'operations',
      'operations-file',
      'operation-count',
      'status-counts',
      'incomplete-project-ids',
      'failed-operation-ids',
      'org-id',
    ],
    inputs: [
      'project-id',
      'project-ids',
      'org-id',
      'branch-id',
      'since',
      'max-operations',
      'operation-statuses',
      'operation-actions',
      'fail-on-status',
    ],
    refused: {
      'operation-ids':
        'list-operations lists operations by project, `since`, status and action, and never waits. To wait for operations, use wait-for-operations.',
      'poll-interval':
        'list-operations reads each list once and never polls. To wait until operations are done, use wait-for-operations.',
    },
    settings: (read): ListOperationsSettings => readListOperationsSettings(read),
    run: runListOperations,
  }),
}

/** The outputs every command may set, whatever it is. */
export const COMMON_OUTPUTS = ['http-status', 'error-code', 'request-id', 'outputs-file'] as const

export type Command = keyof typeof COMMANDS
export const COMMAND_NAMES = Object.keys(COMMANDS) as Command[]

export type SettingsOf<K extends Command> = ReturnType<(typeof COMMANDS)[K]['settings']>
