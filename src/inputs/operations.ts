// The inputs of wait-for-operations and list-operations.
import { OPERATION_ID, PLATFORM_ID } from '../api/ids.ts'
import { InputError } from '../base/errors.ts'
import { quoted, untrusted } from '../base/text.ts'
import type { ListOperationsSettings, ProjectScope, Since } from '../operations/listing.ts'
import { OPERATION_STATUSES, type OnFailed } from '../operations/status.ts'
import type { OperationSelection } from '../operations/waiter.ts'
import {
  jsonArrayItems,
  listEntries,
  parseDuration,
  readOptionalProjectId,
  readOrgId,
  type InputReader,
} from './values.ts'

export const DEFAULT_POLL_INTERVAL_SECONDS = 5
export const MIN_POLL_INTERVAL_SECONDS = 1
export const MAX_POLL_INTERVAL_SECONDS = 3600
/** Bounded by the waiter's request budget. */
export const MAX_OPERATION_IDS = 1000
const PENDING = 'pending'

/** An empty value is an error: a mistyped expression gives one, and a gate must not pass on a typo. */
export function readOperationSelection(read: InputReader): OperationSelection {
  const raw = read('operation-ids').trim()
  const branchId = read('branch-id').trim() || undefined
  if (!raw) {
    throw new InputError(
      'Input `operation-ids` is empty. Say what to wait for: the operation ids, or the `operations` array of ' +
        'the response that started them. Write `[]` when there is nothing to wait for, or the word `pending` to ' +
        'wait until the project (or `branch-id`) has no pending operation. A mistyped expression gives an empty ' +
        'value too, so the step does not guess.',
    )
  }
  if (raw.toLowerCase() === PENDING) {
    if (branchId !== undefined && !PLATFORM_ID.test(branchId)) {
      throw new InputError(
        `Input \`branch-id\` is ${quoted(branchId, 80)}: it must be 1 to 60 lower-case letters, digits or hyphens (e.g. br-wispy-meadow-a5kd0r2p).`,
      )
    }
    return { kind: 'pending', branchId }
  }
  if (branchId !== undefined) {
    throw new InputError(
      'Input `branch-id` only applies to `operation-ids: pending`. The operations named in `operation-ids` ' +
        'are waited for whatever their branch. Remove `branch-id`, or set `operation-ids: pending` to wait for ' +
        'every pending operation of that branch.',
    )
  }
  return { kind: 'ids', ids: parseOperationIds(raw) }
}

/** Ids separated by commas or blanks, or a JSON array of ids or of operation records. Separators alone are refused. */
export function parseOperationIds(raw: string): string[] {
  const text = raw.trim()
  const items = jsonArrayItems(
    text,
    'operation-ids',
    'pass a JSON array of ids or of operation records, or ids separated by commas.',
  )
  const candidates =
    items === undefined
      ? text.split(/[\s,]+/).filter(Boolean)
      : items.map((item, i) => {
          if (typeof item === 'string') return item.trim()
          if (typeof item === 'object' && item !== null && typeof (item as { id?: unknown }).id === 'string') {
            return (item as { id: string }).id.trim()
          }
          throw new InputError(
            `Input \`operation-ids\`: item ${i + 1} of the JSON array is neither an id nor an operation record with an "id".`,
          )
        })
  if (items === undefined && candidates.length === 0) {
    throw new InputError(
      'Input `operation-ids` holds separators but no id. Write `[]` when there is nothing to wait for; ' +
        'a mistyped expression gives an empty piece, so the step does not guess.',
    )
  }
  const ids = new Set<string>()
  for (const id of candidates) {
    if (!OPERATION_ID.test(id)) {
      throw new InputError(`Input \`operation-ids\` holds ${quoted(id, 80)}, which is not an operation id (a UUID).`)
    }
    ids.add(id.toLowerCase())
  }
  if (ids.size > MAX_OPERATION_IDS) {
    throw new InputError(
      `Input \`operation-ids\` holds ${ids.size} different ids: one step waits for at most ${MAX_OPERATION_IDS}. ` +
        'Split them over several steps, or use `operation-ids: pending` to wait until nothing is pending.',
    )
  }
  return [...ids]
}

/** `wait` by default: the platform's reference says the control plane may retry a `failed` operation. */
export function readOnFailed(read: InputReader): OnFailed {
  const raw = read('on-failed').trim()
  const value = raw.toLowerCase()
  if (value === '' || value === 'wait') return 'wait'
  if (value === 'fail') return 'fail'
  throw new InputError(
    `Input \`on-failed\` is ${quoted(raw, 80)}: it must be \`wait\` (a \`failed\` operation may be retried by the ` +
      'platform: wait until it ends, within `timeout`) or `fail` (fail at the first `failed`).',
  )
}

/** For each project. */
export const DEFAULT_MAX_OPERATIONS = 1000
const MAX_MAX_OPERATIONS = 100_000
const ALL_PROJECTS = 'all'
const SINCE_RANGE = { min: '1m', max: '3650d' } as const
/** Any such name is taken: the service has more actions than the spec lists. */
const ACTION = /^[A-Za-z0-9_.-]{1,64}$/
/** 2026-11-20, 2026-11-20T06:00Z, 2026-11-20T06:00:00.5+01:00. */
const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?$/

export function readListOperationsSettings(read: InputReader): ListOperationsSettings {
  const statuses = readStatuses(read, 'operation-statuses')
  const actions = readActions(read)
  const failOnStatus = readStatuses(read, 'fail-on-status')
  const since = readSince(read)
  if (statuses && failOnStatus && !failOnStatus.some((status) => statuses.includes(status))) {
    throw new InputError(
      `Inputs \`operation-statuses\` (${untrusted(statuses.join(', '))}) and \`fail-on-status\` ` +
        `(${untrusted(failOnStatus.join(', '))}) share no status. Only operations with a status of ` +
        '`operation-statuses` are listed, so the step could never fail on `fail-on-status`. ' +
        'Add the statuses of `fail-on-status` to `operation-statuses`, or remove `operation-statuses`.',
    )
  }
  return {
    projects: readProjectScope(read),
    ...(since === undefined ? {} : { since }),
    maxOperations: readMaxOperations(read),
    ...(statuses === undefined ? {} : { statuses }),
    ...(actions === undefined ? {} : { actions }),
    ...(failOnStatus === undefined ? {} : { failOnStatus }),
  }
}

/** Neither `project-id` nor `project-ids` is an error: a mistyped expression gives an empty value. */
function readProjectScope(read: InputReader): ProjectScope {
  const projectId = readOptionalProjectId(read)
  const rawIds = read('project-ids').trim()
  const branchId = read('branch-id').trim() || undefined
  const orgId = readOrgId(read)
  if (projectId !== undefined && rawIds) {
    throw new InputError(
      'Inputs `project-id` and `project-ids` were both given to list-operations. Give one: `project-id` for one ' +
        'project, or `project-ids` for a list (or `all`).',
    )
  }
  if (projectId === undefined && !rawIds) {
    throw new InputError(
      'list-operations needs `project-id` (one project) or `project-ids`, and neither was given. ' +
        '`project-ids` takes a JSON array of project ids (as the `project-ids` output of list-projects gives it), ' +
        'one id a line, or the word `all` for every project of the organization. A mistyped expression gives an ' +
        'empty value too, so the step does not guess.',
    )
  }
  if (branchId !== undefined && projectId === undefined) {
    throw new InputError(
      'Input `branch-id` applies to one project: set `project-id` to the project of that branch, in place of `project-ids`.',
    )
  }
  if (branchId !== undefined && !PLATFORM_ID.test(branchId)) {
    throw new InputError(
      `Input \`branch-id\` is ${quoted(branchId, 80)}: it must be 1 to 60 lower-case letters, digits or hyphens (e.g. br-wispy-meadow-a5kd0r2p).`,
    )
  }
  const all = rawIds.toLowerCase() === ALL_PROJECTS
  if (orgId !== undefined && !all) {
    throw new InputError(
      'Input `org-id` chooses the organization of `project-ids: all`. With `project-id` or a list of project ids it ' +
        'has no effect. Remove it, or set `project-ids: all` to list every project of that organization.',
    )
  }
  if (projectId !== undefined) return { kind: 'one', projectId, ...(branchId === undefined ? {} : { branchId }) }
  if (all) return { kind: 'all', ...(orgId === undefined ? {} : { orgId }) }
  const ids: string[] = []
  for (const id of listEntries(rawIds, 'project-ids')) {
    if (!PLATFORM_ID.test(id)) {
      throw new InputError(
        `Input \`project-ids\` holds ${quoted(id, 80)}, which is not a project id (1 to 60 lower-case letters, digits or hyphens): ` +
          'pass a JSON array of ids, one id a line, or `all`.',
      )
    }
    if (!ids.includes(id)) ids.push(id)
  }
  return { kind: 'list', projectIds: ids }
}

/** A span back from now (`24h`, `7d`), or an ISO 8601 time with its zone. A date alone means its midnight UTC. */
function readSince(read: InputReader): Since | undefined {
  const text = read('since').trim()
  if (!text) return undefined
  const span = parseDuration(text)
  if (span !== undefined) {
    if (span < parseDuration(SINCE_RANGE.min)! || span > parseDuration(SINCE_RANGE.max)!) throw sinceError(text)
    return { kind: 'ago', ms: span, text }
  }
  const match = ISO_TIME.exec(text)
  if (!match) throw sinceError(text)
  const [, year, month, day, hour, minute, second, zone] = match
  if (hour !== undefined && zone === undefined) {
    throw new InputError(
      `Input \`since\` is ${quoted(text, 80)}, a time without a zone: end it with Z for UTC (e.g. ${untrusted(`${year}-${month}-${day}T${hour}:${minute}:${second ?? '00'}Z`)}).`,
    )
  }
  const ms = Date.parse(hour === undefined ? `${text}T00:00:00Z` : text)
  // Date.parse reads 2026-02-30 as 2 March, but a day the month does not have is a mistake.
  // Not Date.UTC: it reads year 0 as 1900.
  const calendar = new Date(Date.parse(`${year}-${month}-${day}T00:00:00Z`))
  if (Number.isNaN(ms) || calendar.getUTCMonth() !== Number(month) - 1 || calendar.getUTCDate() !== Number(day))
    throw sinceError(text)
  return { kind: 'at', ms, text }
}

function sinceError(text: string): InputError {
  return new InputError(
    `Input \`since\` is ${quoted(text, 80)}: it must be a span back from now, a whole number and a unit (m, h, d or w, from ` +
      `${SINCE_RANGE.min} to ${SINCE_RANGE.max}, e.g. 24h or 7d), or an ISO 8601 time in UTC (e.g. 2026-11-20T06:00:00Z, or 2026-11-20 for its midnight).`,
  )
}

function readMaxOperations(read: InputReader): number {
  const raw = read('max-operations').trim()
  if (!raw) return DEFAULT_MAX_OPERATIONS
  const value = /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : Number.NaN
  if (!(value <= MAX_MAX_OPERATIONS)) {
    throw new InputError(
      `Input \`max-operations\` is ${quoted(raw, 80)}: it must be a whole number from 1 to ${MAX_MAX_OPERATIONS}, ` +
        `the most operations listed of each project, the newest (default ${DEFAULT_MAX_OPERATIONS}).`,
    )
  }
  return value
}

function readStatuses(read: InputReader, input: 'operation-statuses' | 'fail-on-status'): string[] | undefined {
  const raw = read(input).trim()
  if (!raw) return undefined
  const statuses: string[] = []
  for (const word of listWords(raw, input)) {
    const status = word.toLowerCase()
    if (!OPERATION_STATUSES.includes(status)) {
      throw new InputError(
        `Input \`${input}\` holds ${quoted(word, 80)}, which is not an operation status: use ${untrusted(OPERATION_STATUSES.join(', '))}.`,
      )
    }
    if (!statuses.includes(status)) statuses.push(status)
  }
  return statuses
}

function readActions(read: InputReader): string[] | undefined {
  const raw = read('operation-actions').trim()
  if (!raw) return undefined
  const actions: string[] = []
  for (const action of listWords(raw, 'operation-actions')) {
    if (!ACTION.test(action)) {
      throw new InputError(
        `Input \`operation-actions\` holds ${quoted(action, 80)}, which is not an action: letters, digits and _ . - (e.g. start_compute, apply_config).`,
      )
    }
    if (!actions.includes(action)) actions.push(action)
  }
  return actions
}

/** Words separated by commas or blanks, or a JSON array of strings; at least one. */
function listWords(raw: string, input: string): string[] {
  const items = jsonArrayItems(raw, input, 'pass a JSON array of strings, or words separated by commas.')
  const words =
    items === undefined
      ? raw.split(/[\s,]+/).filter(Boolean)
      : items.map((item, i) => {
          if (typeof item !== 'string' || item.trim() === '') {
            throw new InputError(`Input \`${input}\`: item ${i + 1} of the JSON array is not a word.`)
          }
          return item.trim()
        })
  // `[]` would keep nothing, and an expression that came out empty can give it.
  if (words.length === 0)
    throw new InputError(`Input \`${input}\` is an empty list: name at least one, or leave it out.`)
  return words
}
