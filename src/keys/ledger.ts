import { untrusted } from '../base/text.ts'
import type { KeyNamespace } from '../api/namespace.ts'
import type { ApiKey } from '../api/types.ts'

/**
 * What the post step needs to find a key that the main step may have left valid, without ever
 * holding its value: saved as state before a create is sent, and again after each change. The
 * post step revokes the `pending` keys, and looks for a key of that name that no answer told of
 * by comparing ids with `known`: never by clock arithmetic.
 */
export interface LedgerRecord {
  /** The new key's name. */
  name: string
  /** The organization whose keys these are; absent: the personal keys of the step's user. */
  org?: string
  /** The project a project-scoped key reaches. */
  project?: string
  /** Keys the post step leaves alone: those of that name present before the create, and new keys handed out. */
  known: number[]
  /** New keys of the step not handed out yet (not stored, not in an output): the post step revokes them. */
  pending: number[]
  /**
   * The step stopped while a create was in flight (the runner cancelled it), and no key of that
   * create was found: the platform may still make it, so the post step looks for it a while.
   */
  inFlight?: true
}

/**
 * At most this many keys of one name are remembered (about 10 kB of state). A name with more is
 * refused before any key is created: the post step could not tell a new key among them.
 */
export const MAX_KNOWN_KEYS = 1000

/** Where a new key goes: its namespace and, for a project-scoped key, its one project. */
export interface KeyTarget {
  namespace: KeyNamespace
  projectId?: string
}

/**
 * The rule every clean-up follows. A stranger is a valid key of the ledger's name that the step
 * neither found before the create nor was told of by an answer. One stranger that was never used
 * is the step's own lost key: nobody else can have its value. More than one, or one in use, and
 * none is the step's to revoke.
 */
export function lostKeyAmong(strangers: ApiKey[]): ApiKey | undefined {
  return strangers.length === 1 && strangers[0]!.last_used_at === null ? strangers[0] : undefined
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
  const shown = keys.slice(0, MAX_NAMED_IDS).map((k) => `${k.id}${k.last_used_at !== null ? ' (in use)' : ''}`)
  const more = keys.length > MAX_NAMED_IDS ? ` and ${keys.length - MAX_NAMED_IDS} more` : ''
  return `${untrusted(shown.join(', '), Number.POSITIVE_INFINITY)}${more}`
}

/** Same name, same namespace (the list is of one), same project: a key of this ledger's kind. */
export function sameKind(key: ApiKey, name: string, projectId: string | undefined): boolean {
  return key.name === name && (key.project_id ?? undefined) === projectId
}

/** The main step's side: the record, kept in step with the saved state. */
export class KeyLedger {
  readonly name: string
  readonly target: KeyTarget
  private readonly save: (value: string) => void
  private readonly known: Set<number>
  /** Every key of the namespace before the create, whatever its name: none can be this step's. */
  readonly existing: ReadonlySet<number>
  private readonly pending = new Set<number>()
  private readonly revoked = new Set<number>()
  /** An attempt's answer was lost and its key has not been found: it may still appear. */
  unresolved = false
  /** That attempt was still in flight when the step gave up on it (the runner's cancel cut it): the record says so. */
  cutInFlight = false

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

  /** A key of that name that this step neither found before nor made itself (as far as answers told). */
  isStranger(key: ApiKey): boolean {
    return (
      sameKind(key, this.name, this.target.projectId) &&
      !this.known.has(key.id) &&
      !this.pending.has(key.id) &&
      !this.revoked.has(key.id)
    )
  }

  /** A new key arrived: until it is handed out, the post step revokes it. */
  created(id: number): void {
    this.pending.add(id)
    this.write()
  }

  /** The key is stored, or about to be in an output: the post step leaves it alone. */
  handedOut(id: number): void {
    this.pending.delete(id)
    this.known.add(id)
    this.write()
  }

  /**
   * The key was to be handed out, and was not after all (no secret target took it): until it is
   * revoked, the post step revokes it again.
   */
  notHandedOut(id: number): void {
    this.known.delete(id)
    this.pending.add(id)
    this.write()
  }

  /** The key is revoked: nothing is left to do about it. */
  gone(id: number): void {
    this.pending.delete(id)
    this.revoked.add(id)
    this.write()
  }

  /**
   * The step is done with its keys. With nothing unresolved the post step has nothing to look
   * for; otherwise it looks once more, for a key a lost attempt made late.
   */
  settle(): void {
    if (this.unresolved || this.pending.size > 0) this.write()
    else this.save('')
  }

  write(): void {
    const record: LedgerRecord = { name: this.name, known: [...this.known], pending: [...this.pending] }
    if (this.target.namespace.kind === 'organization') record.org = this.target.namespace.orgId
    // Stryker disable next-line ConditionalExpression: equivalent; JSON.stringify leaves out a field set to undefined
    if (this.target.projectId !== undefined) record.project = this.target.projectId
    if (this.unresolved && this.cutInFlight) record.inFlight = true
    this.save(JSON.stringify(record))
  }
}

/** The record saved by the main step, or undefined when there is none (or it cannot be read). */
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
  if (typeof record.name !== 'string' || !known || !pending) return undefined
  const read: LedgerRecord = { name: record.name, known, pending }
  if (typeof record.org === 'string') read.org = record.org
  if (typeof record.project === 'string') read.project = record.project
  if (record.inFlight === true) read.inFlight = true
  return read
}
