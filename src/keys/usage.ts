import type { PlatformClient } from '../api/client.ts'
import { getAuth } from '../api/endpoints.ts'
import type { Clock } from '../base/clock.ts'
import { untrusted } from '../base/text.ts'
import { listKeysIn, type KeyNamespace } from '../api/namespace.ts'
import type { ApiKey, AuthDetails } from '../api/types.ts'

/**
 * What a key list says about each key's use, read on the safe side: a time the action cannot
 * read counts as a use now, a key listed twice is one key (its most recent use and creation),
 * and the step's own key is told apart only by a use during the step. Every command that
 * decides by what the list says (prune-keys, revoke-key by name, rotate-key, the clean-ups and
 * the post step) lists the keys here.
 */

/**
 * The step's key is the one whose last use is this step's own requests. The platform's clock and
 * the runner's may differ a little, so a use from this long before the step's first request counts.
 */
export const USE_CLOCK_SKEW_MS = 60_000

/** The service's timestamps: ISO 8601 with a zone, seconds and an optional fraction. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/

/**
 * A timestamp of the service in ms since the epoch; NaN for any other text. Date.parse alone
 * would read "60" as 1960 and "1" as 2001.
 */
export function readTime(text: string): number {
  return TIMESTAMP.test(text) ? Date.parse(text) : Number.NaN
}

/** When the key was last used: null when never, NaN when the list says something the action cannot read (a use now). */
export function lastUseOf(key: ApiKey): number | null {
  return key.last_used_at === null ? null : readTime(key.last_used_at)
}

/** Last use, or creation for a key never used; an unreadable time sorts last, as a use now. */
export function lastTouched(key: ApiKey): number {
  const at = lastUseOf(key) ?? readTime(key.created_at)
  return Number.isNaN(at) ? Number.MAX_SAFE_INTEGER : at
}

/**
 * One record per key id, in the order first listed: a key listed twice keeps the most recent use
 * and creation of its copies (an unreadable one wins, as a use now), and copies that disagree on
 * the name or the project read as in use, since the action cannot tell which copy is right; copies
 * that disagree on the creator keep none.
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
    // Copies that name different creators name none the action can trust: no rule selects the key by its creator.
    if (seen.created_by?.id !== key.created_by?.id) delete next.created_by
    merged.set(key.id, next)
  }
  return [...merged.values()]
}

/** The keys of a namespace, one record per key (see mergeById). */
export async function listKeysMerged(client: PlatformClient, namespace: KeyNamespace): Promise<ApiKey[]> {
  return mergeById(await listKeysIn(client, namespace))
}

/**
 * The opening of a command that revokes keys by the list: the step's first request is timed,
 * the key's kind read, the keys listed, and the step's own key found among them.
 */
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

/** Where the step's key is among the listed keys. */
export type OwnKey =
  | { kind: 'elsewhere'; where: string }
  /** The keys whose last use falls within this step: the step's own key is one of them. */
  | { kind: 'found'; ids: number[] }
  /** The step's key may be among them, but no key shows a use by this step. */
  | { kind: 'unknown' }

/**
 * The step's key lives among these keys when it is a personal key and they are personal keys,
 * or when it is a key of the organization whose keys they are. A kind of key the action does not
 * know may be among any of them. `step`: when a use may be the step's own, from its first request
 * (less USE_CLOCK_SKEW_MS) until the list was read (plus USE_CLOCK_SKEW_MS).
 */
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
  // Only a use the action can read, and that the platform could have recorded during this step, is the step's own.
  // An unreadable time (a use now to every other rule) or a later one would make any key look like the step's, and
  // the guard "cannot tell its own key" would no longer keep the real one.
  const ids = keys.filter((k) => {
    const used = lastUseOf(k)
    return used !== null && used >= step.since && used <= step.until
  })
  return ids.length > 0 ? { kind: 'found', ids: ids.map((k) => k.id) } : { kind: 'unknown' }
}

/** Whether `key` may be the step's own key. `stepStarted`: the step's first request, on the runner's clock. */
export function mayBeOwnKey(key: ApiKey, own: OwnKey, stepStarted: number): boolean {
  switch (own.kind) {
    case 'elsewhere':
      return false
    case 'found':
      return own.ids.includes(key.id)
    case 'unknown':
      // The step's key was made before the step began; an unreadable creation may be any time.
      return !(readTime(key.created_at) > stepStarted + USE_CLOCK_SKEW_MS)
  }
}
