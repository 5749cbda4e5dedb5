/** wait-for-operations' inputs: which operations to wait for (`operation-ids`, `branch-id`), and how often to look. */
import { OPERATION_ID, PLATFORM_ID } from '../api/ids.ts'
import { InputError } from '../base/errors.ts'
import { quoted } from '../base/text.ts'
import type { OperationSelection } from '../operations/waiter.ts'
import { jsonArrayItems, type InputReader } from './values.ts'

export const DEFAULT_POLL_INTERVAL_SECONDS = 5
export const MIN_POLL_INTERVAL_SECONDS = 1
export const MAX_POLL_INTERVAL_SECONDS = 3600
/** The most operations one wait-for-operations step waits on (see the waiter's request budget). */
export const MAX_OPERATION_IDS = 1000
/** `operation-ids: pending`: wait until no operation of the project (or of `branch-id`) is pending. */
const PENDING = 'pending'

/**
 * `operation-ids` and `branch-id`. Empty is an error, never a choice: it is what a mistyped
 * expression gives (`${{ steps.brnach.outputs.operations }}`), and a gate must not pass on a
 * typo. `[]` says "nothing to wait for"; `pending` says "whatever is pending".
 */
export function readOperationSelection(read: InputReader): OperationSelection {
  const raw = read('operation-ids').trim()
  const branchId = read('branch-id').trim() || undefined
  if (!raw) {
    throw new InputError(
      'Input `operation-ids` is empty. Say what to wait for: the operation ids (or the `operations` array of the response ' +
        'that started them; `[]` when there is nothing to wait for), or the word `pending` to wait until the project ' +
        '(or `branch-id`) has no pending operation. An empty value is also what a mistyped expression gives, so it is never taken as either.',
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
      'Input `branch-id` only applies to `operation-ids: pending`: the operations named in `operation-ids` are waited for whatever ' +
        'their branch. Remove `branch-id`, or set `operation-ids: pending` to wait for every pending operation of that branch.',
    )
  }
  return { kind: 'ids', ids: parseOperationIds(raw) }
}

/**
 * Operation ids: separated by commas, spaces or new lines; or a JSON array of ids; or a JSON
 * array of operation records, exactly as a mutating response's `operations` array comes. `[]`
 * gives no ids. At most MAX_OPERATION_IDS different ids.
 */
export function parseOperationIds(raw: string): string[] {
  const text = raw.trim()
  const items = jsonArrayItems(text, 'operation-ids', 'pass a JSON array of ids or of operation records, or ids separated by commas.')
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
