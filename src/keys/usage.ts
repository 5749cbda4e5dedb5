import type { PlatformClient } from '../api/client.ts'
import { getAuth } from '../api/endpoints.ts'
import type { Clock } from '../base/clock.ts'
import { untrusted } from '../base/text.ts'
import { listKeysIn, type KeyNamespace } from '../api/namespace.ts'
import type { ApiKey, AuthDetails } from '../api/types.ts'

/** What a key list says of each key's use, read on the safe side: a time the action cannot read is a use now. */

/** The platform's clock and the runner's may differ: a use this long before the step began may still be its own. */
export const USE_CLOCK_SKEW_MS = 60_000

/** The service's timestamps: ISO 8601 with a zone, seconds and an optional fraction. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/

/** NaN for any text that is not the service's timestamp. Date.parse alone would read "60" as 1960, and "1" as 2001. */
export function readTime(text: string): number {
  return TIMESTAMP.test(text) ? Date.parse(text) : Number.NaN
}

/**
 * Null when never used. NaN, a use now, when the time cannot be read. The description lets a list give a use's
 * address without its time: that key was used.
 */
export function lastUseOf(key: ApiKey): number | null {
  if (key.last_used_at === null) return key.last_used_from_addr ? Number.NaN : null
  return readTime(key.last_used_at)
}

/** The last use, or the creation of a key never used. A time that cannot be read sorts last, as a use now. */
export function lastTouched(key: ApiKey): number {
  const at = lastUseOf(key) ?? readTime(key.created_at)
  return Number.isNaN(at) ? Number.MAX_SAFE_INTEGER : at
}

/**
 * A key listed twice keeps the most recent use and creation of its copies; an unreadable time wins, as a use now.
 * Copies that disagree on the name or the project count as in use: the action cannot tell which is right. Copies
 * that disagree on the creator keep none, so no rule selects the key by its creator.
 */
export function mergeById(keys: readonly ApiKey[]): ApiKey[] {
  const merged = new Map<number, ApiKey>()
  for (const key of keys) {
    const seen = merged.get(key.id)
    if (!seen) {
      merged.set(key.id, key)
      continue
    }
    const conflict = seen.name !== key.name || (seen.project_id ?? '') !== (key.project_id ?? '')
    const lastUse = conflict ? 'copies that disagree' : later(seen.last_used_at, key.last_used_at)
    const fromAddr = lastUse === key.last_used_at ? key.last_used_from_addr : seen.last_used_from_addr
    const next: ApiKey = {
      ...seen,
      created_at: later(seen.created_at, key.created_at)!,
      last_used_at: lastUse,
      last_used_from_addr: fromAddr,
    }
    if (seen.created_by?.id !== key.created_by?.id) delete next.created_by
    merged.set(key.id, next)
  }
  return [...merged.values()]
}

export async function listKeysMerged(client: PlatformClient, namespace: KeyNamespace): Promise<ApiKey[]> {
  return mergeById(await listKeysIn(client, namespace))
}

/** How a command that revokes by the list begins. */
export async function readKeysAndOwnKey(
  client: PlatformClient,
  clock: Clock,
  namespace: KeyNamespace,
): Promise<{ keys: ApiKey[]; own: OwnKey; stepStarted: number }> {
  const stepStarted = clock.now()
  const auth = await getAuth(client)
  const keys = await listKeysMerged(client, namespace)
  const step = { since: stepStarted - USE_CLOCK_SKEW_MS, until: clock.now() + USE_CLOCK_SKEW_MS }
  return { keys, own: findOwnKey(keys, namespace, auth, step), stepStarted }
}

/** The later of two times as listed: null is never, unreadable text is now. */
function later(a: string | null, b: string | null): string | null {
  if (a === null || b === null) return a ?? b
  const [x, y] = [readTime(a), readTime(b)]
  if (Number.isNaN(x)) return a
  if (Number.isNaN(y)) return b
  return y > x ? b : a
}

/** When a recorded use may be the step's own, in ms since the epoch. */
export type UseWindow = { since: number; until: number }

export type OwnKey =
  | { kind: 'elsewhere'; where: string }
  /** The keys last used within this step: the step's own key is one of them. */
  | { kind: 'found'; ids: number[] }
  /** The step's key may be among them, but no key shows a use by this step. */
  | { kind: 'unknown' }

/** A kind of key the action does not know may be among any keys. */
export function findOwnKey(
  keys: readonly ApiKey[],
  namespace: KeyNamespace,
  auth: AuthDetails,
  step: UseWindow,
): OwnKey {
  if (auth.authMethod === 'api_key_user' && namespace.kind === 'organization') {
    return {
      kind: 'elsewhere',
      where: `a personal key: it is not among the keys of organization ${untrusted(namespace.orgId)}`,
    }
  }
  if (auth.authMethod === 'api_key_org' && (namespace.kind === 'personal' || namespace.orgId !== auth.accountId)) {
    return { kind: 'elsewhere', where: 'an organization key: it is not among these keys' }
  }
  // Only a readable use within the step. An unreadable or later time would make any key look like the step's,
  // and the guard "cannot tell its own key" would no longer keep the real one.
  const ids = keys.filter((k) => {
    const used = lastUseOf(k)
    return used !== null && used >= step.since && used <= step.until
  })
  return ids.length > 0 ? { kind: 'found', ids: ids.map((k) => k.id) } : { kind: 'unknown' }
}

/** `stepStarted` is the step's first request, on the runner's clock. */
export function mayBeOwnKey(key: ApiKey, own: OwnKey, stepStarted: number): boolean {
  switch (own.kind) {
    case 'elsewhere':
      return false
    case 'found':
      return own.ids.includes(key.id)
    case 'unknown':
      // The step's key was made before the step began. A creation time that cannot be read may be any time.
      return !(readTime(key.created_at) > stepStarted + USE_CLOCK_SKEW_MS)
  }
}
