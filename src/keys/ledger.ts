import { untrusted } from '../base/text.ts'
import type { KeyNamespace } from '../api/namespace.ts'
import type { ApiKey } from '../api/types.ts'
import { lastUseOf } from './usage.ts'

/**
 * What the post step needs to find a key that the main step may have left valid. It never holds a key's value.
 * The main step saves it as state before a create is sent, and again after each change (keys/life.ts says when).
 * The post step revokes the `pending` keys, names the `storing` ones in its error, and finds a key that no answer
 * told of by comparing ids with `known`, never by comparing times.
 */
export interface LedgerRecord {
  name: string
  /** Absent for the personal keys of the step's user. */
  org?: string
  project?: string
  /** Keys the post step leaves alone: the keys of that name from before the create, and new keys handed out. */
  known: number[]
  /** New keys not handed out yet (not stored, not in an output). The post step revokes them. */
  pending: number[]
  /**
   * New keys that a secret write may hold, whose writes the main step did not see end. The post step never revokes
   * them (a secret may hold one), and fails naming each one still valid. Absent when there are none.
   */
  storing?: number[]
  /**
   * The runner's cancel cut off a create in flight, and no key of it was found.
   * The platform may still make that key, so the post step looks for it a while.
   */
  inFlight?: true
}

/**
 * The state holds at most this many ids of one name (about 10 kB). A name with more keys is refused before any
 * create, because the post step could not find a new key among them.
 */
export const MAX_KNOWN_KEYS = 1000

/** Where a new key goes. `projectId` is set for a project-scoped key. */
export interface KeyTarget {
  namespace: KeyNamespace
  projectId?: string
}

/**
 * The rule that every clean-up follows. A stranger is a valid key of the ledger's name that the step did not find
 * before the create, and that no answer told it of. One stranger that was never used is the step's own lost key,
 * because nobody else can have its value. With more than one stranger, or one in use, none is the step's to revoke.
 */
export function lostKeyAmong(strangers: ApiKey[]): ApiKey | undefined {
  return strangers.length === 1 && lastUseOf(strangers[0]!) === null ? strangers[0] : undefined
}

/** Ids named in one message; the rest are counted. */
const MAX_NAMED_IDS = 10

/** "keys 1, 2 and 3 more": ids for a message. */
export function describeIds(ids: number[]): string {
  if (ids.length === 0) return 'none'
  const shown = ids.slice(0, MAX_NAMED_IDS)
  const more = ids.length > MAX_NAMED_IDS ? ` and ${ids.length - MAX_NAMED_IDS} more` : ''
  return `${shown.length === 1 ? 'key' : 'keys'} ${untrusted(shown.join(', '), Number.POSITIVE_INFINITY)}${more}`
}

/** "100, 101 (in use)": strangers for a message. */
export function describeStrangers(keys: ApiKey[]): string {
  const shown = keys.slice(0, MAX_NAMED_IDS).map((k) => `${k.id}${lastUseOf(k) !== null ? ' (in use)' : ''}`)
  const more = keys.length > MAX_NAMED_IDS ? ` and ${keys.length - MAX_NAMED_IDS} more` : ''
  return `${untrusted(shown.join(', '), Number.POSITIVE_INFINITY)}${more}`
}

/** A list holds one namespace, so the same name and project make a key of this ledger's kind. */
export function sameKind(key: ApiKey, name: string, projectId: string | undefined): boolean {
  return key.name === name && (key.project_id ?? undefined) === projectId
}

/**
 * The main step's copy of the record, changed only through the transitions of a key's life (keys/life.ts). Each
 * change is saved as state at once.
 */
export class KeyLedger {
  readonly name: string
  readonly target: KeyTarget
  private readonly save: (value: string) => void
  private readonly known: Set<number>
  /** Every key of the namespace before the create, whatever its name. None of them can be this step's. */
  readonly existing: ReadonlySet<number>
  private readonly pending = new Set<number>()
  private readonly storing = new Set<number>()
  private readonly revoked = new Set<number>()
  /** An attempt lost its answer, and its key has not been found. That key may still appear. */
  private lostKeyMissing = false
  /** The runner's cancel cut off that attempt while it was in flight. The record says so. */
  private lostInFlight = false

  constructor(save: (value: string) => void, name: string, target: KeyTarget, before: ApiKey[]) {
    this.save = save
    this.name = name
    this.target = target
    this.known = new Set(before.filter((k) => sameKind(k, name, target.projectId)).map((k) => k.id))
    this.existing = new Set(before.map((k) => k.id))
  }

  /** Ids of the keys of that name present before the create. */
  get before(): number[] {
    return [...this.known]
  }

  /** Whether an attempt lost its answer and the key it may have made has not been found. */
  get awaitingLostKey(): boolean {
    return this.lostKeyMissing
  }

  /** Whether that attempt was in flight when the runner's cancel cut it off. */
  get lostKeyCutByCancel(): boolean {
    return this.lostKeyMissing && this.lostInFlight
  }

  /** A key of that name that this step did not find before, and did not make as far as the answers told. */
  isStranger(key: ApiKey): boolean {
    return (
      sameKind(key, this.name, this.target.projectId) &&
      !this.known.has(key.id) &&
      !this.pending.has(key.id) &&
      !this.storing.has(key.id) &&
      !this.revoked.has(key.id)
    )
  }

  /**
   * A create lost its answer: it may have made a key that nobody can read. The saved record changes only when the
   * runner's cancel cut the create off (`inFlight`); otherwise it already tells the post step to look.
   */
  answerLost(cutByCancel: boolean): void {
    this.lostKeyMissing = true
    this.lostInFlight = cutByCancel
    if (cutByCancel) this.write()
  }

  /** The clean-up found the lost attempt's key and revoked it. */
  lostKeyRevoked(id: number): void {
    this.lostKeyMissing = false
    this.gone(id)
  }

  /** Until the new key is handed out, the post step would revoke it. */
  created(id: number): void {
    this.pending.add(id)
    this.write()
  }

  /** A secret write of the key is about to leave: from now on a target may hold it, so it is never revoked blindly. */
  storingIn(id: number): void {
    this.pending.delete(id)
    this.storing.add(id)
    this.write()
  }

  /** The key is stored, in an output, or named in the step's error. The post step leaves it alone. */
  handedOut(id: number): void {
    this.pending.delete(id)
    this.storing.delete(id)
    this.known.add(id)
    this.write()
  }

  /** The key was to be stored, but no secret target took it. Until it is revoked, the post step would revoke it. */
  notHandedOut(id: number): void {
    this.known.delete(id)
    this.storing.delete(id)
    this.pending.add(id)
    this.write()
  }

  gone(id: number): void {
    this.pending.delete(id)
    this.storing.delete(id)
    this.revoked.add(id)
    this.write()
  }

  /**
   * The step is done with its keys. With nothing missing, pending or storing, the state is cleared. Otherwise the
   * post step finishes: it revokes the pending keys, names the storing ones, and looks once more for a lost key.
   */
  settle(): void {
    if (this.lostKeyMissing || this.pending.size > 0 || this.storing.size > 0) this.write()
    else this.save('')
  }

  /** Saves the record as it is now: openLedger saves it first before any create is sent. */
  write(): void {
    const record: LedgerRecord = { name: this.name, known: [...this.known], pending: [...this.pending] }
    if (this.target.namespace.kind === 'organization') record.org = this.target.namespace.orgId
    // Stryker disable next-line ConditionalExpression: equivalent: JSON.stringify leaves out a field set to undefined
    if (this.target.projectId !== undefined) record.project = this.target.projectId
    if (this.storing.size > 0) record.storing = [...this.storing]
    if (this.lostKeyCutByCancel) record.inFlight = true
    this.save(JSON.stringify(record))
  }
}

/** Undefined when the main step saved no record, or one that cannot be read. */
export function readLedger(text: string): LedgerRecord | undefined {
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
  const read: LedgerRecord = { name: record.name, known, pending }
  if (storing.length > 0) read.storing = storing
  if (typeof record.org === 'string') read.org = record.org
  if (typeof record.project === 'string') read.project = record.project
  if (record.inFlight === true) read.inFlight = true
  return read
}
