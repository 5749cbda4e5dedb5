/** Which keys prune-keys selects, and which guard keeps a key. */
import type { ApiKey } from '../api/types.ts'
import { untrusted } from '../base/text.ts'
import { formatDate } from '../runner/summary.ts'
import { creatorStatus, describeDeparture, madeBySomeoneWhoLeft, type Members, type MEMBERS } from './creators.ts'
import { expiryOf } from './expiry.ts'
import { hasReadableAddress, usedFromElsewhere, type ExpectedNetworks, type OpenNetworks } from './networks.ts'
import { lastTouched, lastUseOf, readTime, type OwnKey } from './usage.ts'

export interface PruneKeysSettings {
  /** Absent for the personal keys of the step's user. */
  orgId?: string
  /** Only keys whose name starts with this (`key-name`). */
  keyNamePrefix?: string
  /** Also keys not used for this long, or never used and older (`unused-for`). */
  unusedForMs?: number
  /** Also keys last used from outside these networks (`expected-networks`). */
  expectedNetworks?: ExpectedNetworks
  /** Also keys made by someone who left the organization (`expected-creators: members`). */
  expectedCreators?: typeof MEMBERS
  /** Only list; `false` revokes. */
  dryRun: boolean
  /** With more keys selected than this, nothing is revoked. */
  maxRevoke: number
}

/** A key used or made within this long counts as in use. It is never pruned, whatever its name or age says. */
export const IN_USE_WINDOW_MS = 10 * 60_000

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS

/** A key that a selector picked, and why. `kept` names the guard that keeps it. */
export interface Verdict {
  key: ApiKey
  reasons: string[]
  kept?: string
}

export interface KeyChecks {
  expected?: OpenNetworks
  members?: Members
}

/** `keys` has one record per key. */
export function judgeKeys(
  keys: ApiKey[],
  options: PruneKeysSettings,
  now: number,
  own: OwnKey,
  checks: KeyChecks = {},
): Verdict[] {
  const { expected, members } = checks
  const verdicts: Verdict[] = []
  for (const key of keys) {
    if (options.keyNamePrefix !== undefined && !key.name.startsWith(options.keyNamePrefix)) continue
    const reasons = reasonsToPrune(key, options.unusedForMs, now)
    const elsewhere = expected !== undefined && usedFromElsewhere(key, expected.list)
    if (elsewhere)
      reasons.push(
        `last used from an unexpected network (${untrusted(key.last_used_from_addr || 'no address recorded', 64)})`,
      )
    if (members && madeBySomeoneWhoLeft(key, members)) reasons.push(describeDeparture(key, creatorStatus(key, members)))
    if (reasons.length === 0) continue
    const verdict: Verdict = { key, reasons }
    const onlyElsewhere = elsewhere && reasons.length === 1
    const kept =
      own.kind === 'found' && own.ids.includes(key.id)
        ? ownKeyText(own)
        : (inUse(key, now) ?? (onlyElsewhere ? cannotPlace(key, expected) : undefined))
    if (kept !== undefined) verdict.kept = kept
    verdicts.push(verdict)
  }
  // Least recently used first, the order in which they are revoked.
  return verdicts.sort((a, b) => lastTouched(a.key) - lastTouched(b.key) || a.key.id - b.key.id)
}

function reasonsToPrune(key: ApiKey, unusedForMs: number | undefined, now: number): string[] {
  const reasons: string[] = []
  const expiry = expiryOf(key.name)
  if (expiry !== undefined && expiry <= now)
    reasons.push(`expired ${formatDate(new Date(expiry).toISOString())} (by its name)`)
  if (unusedForMs !== undefined) {
    const before = now - unusedForMs
    const used = lastUseOf(key)
    const created = readTime(key.created_at)
    if (used === null) {
      if (created <= before) reasons.push(`never used, created ${describeSpan(now - created)} ago`)
    } else if (used <= before) {
      reasons.push(`not used for ${describeSpan(now - used)}`)
    }
  }
  return reasons
}

/** Why a key counts as in use, or undefined. Times the action cannot read count as now. */
function inUse(key: ApiKey, now: number): string | undefined {
  const since = now - IN_USE_WINDOW_MS
  const used = lastUseOf(key) ?? undefined
  const created = readTime(key.created_at)
  if (key.last_used_at === null && used !== undefined)
    return 'the platform gave no time for its last use, only the address'
  if (Number.isNaN(created) || (used !== undefined && Number.isNaN(used))) {
    return 'its created_at or last_used_at is not a time the action can read'
  }
  if (used !== undefined && used > since)
    return `used ${ago(now - used)}, within the last ${describeSpan(IN_USE_WINDOW_MS)}`
  if (created > since) return `created ${ago(now - created)}, within the last ${describeSpan(IN_USE_WINDOW_MS)}`
  return undefined
}

/** Keeps a key selected only for where it was last used, when the action cannot place the address: a person looks. */
function cannotPlace(key: ApiKey, expected: OpenNetworks): string | undefined {
  if (!key.last_used_from_addr) return 'the platform recorded no address for its last use'
  if (!hasReadableAddress(key)) return 'the address of its last use is no IP address the action can read'
  const { unreadableRanges: n } = expected
  return n > 0
    ? `GitHub's meta API lists ${n} runner range(s) the action cannot read, and this address may be in one`
    : undefined
}

function ownKeyText(own: Extract<OwnKey, { kind: 'found' }>): string {
  return own.ids.length === 1 ? "the step's own key" : "the step's own key, or used within the same minute"
}

/** "3 min", "5 h", "45 days": how long, to the unit that matters. */
export function describeSpan(ms: number): string {
  if (ms >= 2 * DAY_MS) return `${Math.floor(ms / DAY_MS)} days`
  if (ms >= 2 * HOUR_MS) return `${Math.floor(ms / HOUR_MS)} h`
  return `${Math.max(0, Math.floor(ms / MINUTE_MS))} min`
}

function ago(ms: number): string {
  return ms < MINUTE_MS ? 'just now' : `${describeSpan(ms)} ago`
}
