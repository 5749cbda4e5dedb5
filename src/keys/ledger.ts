/**
 * What the main step hands to the post step: a key's life as keys/life.ts saves it, ids only, never a key's value.
 * The runner gives it back to the post step as `STATE_unsettled-keys`. The main step never reads it. This file
 * imports nothing, so the post step's entry can tell whether it has work at no start-up cost.
 */

export const SAVED_LIFE = 'unsettled-keys'

/**
 * Every state name the post step reads. An earlier step can plant `STATE_<name>` through `$GITHUB_ENV`, and the runner
 * replaces only the names the main step saved. So the main step saves each one, empty, before anything can fail.
 */
export const POST_STEP_STATE = [SAVED_LIFE] as const

/** Whether the main step left work for the post step. */
export function postStepHasWork(env: NodeJS.ProcessEnv = process.env): boolean {
  return POST_STEP_STATE.some((name) => (env[`STATE_${name}`] ?? '') !== '')
}

/** The post step finds a key no answer told of by comparing ids with `known`, never by comparing times. */
export interface SavedLife {
  name: string
  /** Absent for the personal keys of the step's user. */
  org?: string
  project?: string
  /** Keys the post step leaves alone: the keys of that name from before the create, and new keys handed out. */
  known: number[]
  /** New keys not handed out (not stored, not in an output). The post step revokes them. */
  pending: number[]
  /** New keys a secret write may hold. Never revoked blindly: the post step names each one still valid. */
  storing?: number[]
  /** The key create-key made for this job (`revoke-after-job`): the post step revokes it. */
  jobKey?: number
  /** The main step finished with its keys: no key of it can be unknown, so the post step does not look for one. */
  finished?: true
  /** A cancel cut off a create in flight: the platform may still make that key, so the post step watches a while. */
  inFlight?: true
}

/** The state holds at most this many ids of one name (about 10 kB). A name with more is refused before any create. */
export const MAX_KNOWN_KEYS = 1000

/** Undefined when the main step saved no record, or one that cannot be read. */
export function readSavedLife(text: string): SavedLife | undefined {
  if (!text) return undefined
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return undefined
  }
  if (typeof value !== 'object' || value === null) return undefined
  const record = value as Record<string, unknown>
  const ids = (list: unknown): number[] | undefined =>
    Array.isArray(list) && list.every((id) => Number.isSafeInteger(id)) ? (list as number[]) : undefined
  const known = ids(record.known)
  const pending = ids(record.pending)
  const storing = record.storing === undefined ? [] : ids(record.storing)
  if (typeof record.name !== 'string' || !known || !pending || !storing) return undefined
  const saved: SavedLife = { name: record.name, known, pending }
  if (typeof record.org === 'string') saved.org = record.org
  if (typeof record.project === 'string') saved.project = record.project
  if (storing.length > 0) saved.storing = storing
  if (Number.isSafeInteger(record.jobKey)) saved.jobKey = record.jobKey as number
  if (record.finished === true) saved.finished = true
  if (record.inFlight === true) saved.inFlight = true
  return saved
}
