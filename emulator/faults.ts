// Fault injection for the platform emulator: a queue of one-shot misbehaviours
// (error statuses, delays, dropped connections, proxy pages, truncated bodies, closed
// connections, redirects, hostile field values, misbehaving cursors, huge bodies, rewritten answers,
// held requests) that let tests exercise a client's hardening against the service.
import { once } from 'node:events'
import { STATUS_CODES } from 'node:http'
import type { ServerResponse } from 'node:http'

/** Which requests a fault applies to. `path` is matched without the /api/v2 prefix and without the query. */
export interface FaultTarget {
  method?: string
  path: string | RegExp
  /** How many matching requests the fault answers; default 1. */
  times?: number
}

/** Answer this status without doing the route's work (a JSON error body unless `body` is given). */
export interface StatusFault {
  kind: 'status'
  status: number
  retryAfter?: string
  body?: string
  contentType?: string
}
/** Wait, then handle the request normally. */
interface DelayFault {
  kind: 'delay'
  ms: number
}
/** Destroy the socket without answering; 'after' does the route's work first. */
interface DropFault {
  kind: 'drop'
  when: 'before' | 'after'
}
/** An HTML error page such as a proxy in front of the service would send; default 502. */
export interface HtmlFault {
  kind: 'html'
  status?: number
}
/** Do the work, declare the real status and a JSON content type, send only half of the body. */
interface TruncatedFault {
  kind: 'truncated'
}
/** Answer as usual with `Connection: close`, then close the connection: the client's next request needs a new one. */
interface CloseFault {
  kind: 'close'
}
/** Redirect elsewhere; default 307. */
export interface RedirectFault {
  kind: 'redirect'
  location: string
  status?: number
}

/**
 * Do the work, then set these fields on every record of the JSON answer (every object with an
 * `id`, at any depth), whether the record had the field or not: a hostile value in any field.
 */
interface RewriteFault {
  kind: 'rewrite'
  set: Record<string, unknown>
  /** Only the records with these ids (a last use on one key, a wrong id in one answer); default every record. */
  ids?: Array<number | string>
}
/**
 * Do the work, then list every record of each JSON array in the answer (or those whose id is in
 * `ids`) twice: the copy, with `set` on it, right after the original, as a service that pages
 * over a list that changes may list a record twice.
 */
interface DuplicateFault {
  kind: 'duplicate'
  set?: Record<string, unknown>
  ids?: Array<number | string>
}
/**
 * Answer a project list with full pages (as many records as `limit` asks, 400 at most) whose
 * cursor misbehaves, instead of the route:
 * - `cycle`: the cursor goes A → B → A, the page after B holding A's projects again;
 * - `repeat`: a new cursor on every page, and the same projects on every page;
 * - `endless`: a new cursor and new projects on every page, never an end.
 */
interface CursorFault {
  kind: 'cursor'
  mode: CursorMode
}
/**
 * A body of `bytes` bytes (`fill` repeated, default `x`), streamed without doing the route's
 * work; status 200 unless given; Content-Length is declared unless `declareLength` is false.
 */
export interface LargeFault {
  kind: 'large'
  bytes: number
  status?: number
  fill?: string
  contentType?: string
  declareLength?: boolean
}

export type CursorMode = 'cycle' | 'repeat' | 'endless'
/** Do the work, then answer its JSON body as `transform` changes it, as a proxy that rewrites answers would. Code only. */
interface TransformFault {
  kind: 'transform'
  transform: (body: unknown) => unknown
}
/**
 * Pause the request, once its body has arrived, until the test releases `hold`. The work is then
 * done even if the client has gone meanwhile (a create the service commits after the client
 * timed out), and answered if the client is still there. Code only: see `RequestHold`.
 */
interface HoldFault {
  kind: 'hold'
  hold: RequestHold
}

type FaultBehaviour =
  | StatusFault
  | DelayFault
  | DropFault
  | HtmlFault
  | TruncatedFault
  | CloseFault
  | RedirectFault
  | RewriteFault
  | DuplicateFault
  | CursorFault
  | LargeFault
  | TransformFault
  | HoldFault
export type Fault = FaultTarget & FaultBehaviour
export type FaultKind = FaultBehaviour['kind']

/** Thrown for a fault definition that cannot be used; the message says why. */
export class FaultDefinitionError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'FaultDefinitionError'
  }
}

const KINDS: readonly FaultKind[] = [
  'status',
  'delay',
  'drop',
  'html',
  'truncated',
  'close',
  'redirect',
  'rewrite',
  'duplicate',
  'cursor',
  'large',
  'transform',
  'hold',
]
const CURSOR_MODES: readonly CursorMode[] = ['cycle', 'repeat', 'endless']
/** The largest body a `large` fault sends: enough to pass any client limit. */
const LARGE_MAX_BYTES = 2 ** 30

/**
 * One request paused until the test lets it go: a test places a signal or a second run at an
 * exact point of the action's work (a create in flight, a secret write in flight) with no
 * timing. `reached` resolves when the request arrives; `release()` lets it go on.
 */
export class RequestHold {
  /** Resolves when the held request has arrived (its body read). */
  readonly reached: Promise<void>
  private arrive: () => void = () => undefined
  private decide: (released: boolean) => void = () => undefined
  private readonly decided: Promise<boolean>

  constructor() {
    this.reached = new Promise((resolve) => (this.arrive = resolve))
    this.decided = new Promise((resolve) => (this.decide = resolve))
  }

  /** Lets the held request go on (at once, if it has not arrived yet). */
  release(): void {
    this.decide(true)
  }

  /** Ends the hold without doing the work: the emulator is stopping. */
  abort(): void {
    this.decide(false)
  }

  /** The emulator's side: marks the request as arrived, then waits for the test. True when released. */
  wait(): Promise<boolean> {
    this.arrive()
    return this.decided
  }
}

function isHttpStatus(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 100 && value <= 599
}

function optionalString(record: Record<string, unknown>, field: string): void {
  if (record[field] !== undefined && typeof record[field] !== 'string') {
    throw new FaultDefinitionError(`fault.${field} must be a string`)
  }
}

function recordIds(value: unknown): Array<number | string> {
  if (!Array.isArray(value) || value.some((id) => typeof id !== 'number' && typeof id !== 'string')) {
    throw new FaultDefinitionError('fault.ids must be an array of record ids (numbers or strings)')
  }
  return [...(value as Array<number | string>)]
}

/** Checks a fault definition (from code or from JSON) and returns a normalised copy. */
function validateFault(input: unknown): Fault {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new FaultDefinitionError('a fault must be an object')
  }
  const raw = input as Record<string, unknown>
  const kind = raw.kind
  if (typeof kind !== 'string' || !KINDS.includes(kind as FaultKind)) {
    throw new FaultDefinitionError(`fault.kind must be one of ${KINDS.join(', ')}`)
  }
  let path: string | RegExp
  if (raw.path instanceof RegExp) {
    // Drop stateful flags so repeated matching does not depend on lastIndex.
    path = new RegExp(raw.path.source, raw.path.flags.replace(/[gy]/g, ''))
  } else if (typeof raw.path === 'string' && raw.path.length > 0) {
    path = raw.path
  } else {
    throw new FaultDefinitionError('fault.path must be a non-empty string or a RegExp')
  }
  if (raw.method !== undefined && (typeof raw.method !== 'string' || raw.method.length === 0)) {
    throw new FaultDefinitionError('fault.method must be a non-empty string')
  }
  const times = raw.times ?? 1
  if (typeof times !== 'number' || !Number.isInteger(times) || times < 1) {
    throw new FaultDefinitionError('fault.times must be a positive integer')
  }
  const target: FaultTarget = { path, times }
  if (typeof raw.method === 'string') target.method = raw.method.toUpperCase()

  switch (kind as FaultKind) {
    case 'status': {
      if (!isHttpStatus(raw.status)) throw new FaultDefinitionError('fault.status must be an HTTP status (100-599)')
      optionalString(raw, 'retryAfter')
      optionalString(raw, 'body')
      optionalString(raw, 'contentType')
      const fault: Fault = { ...target, kind: 'status', status: raw.status }
      if (raw.retryAfter !== undefined) fault.retryAfter = raw.retryAfter as string
      if (raw.body !== undefined) fault.body = raw.body as string
      if (raw.contentType !== undefined) fault.contentType = raw.contentType as string
      return fault
    }
    case 'delay': {
      const ms = raw.ms
      if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0 || ms > 600_000) {
        throw new FaultDefinitionError('fault.ms must be a number of milliseconds between 0 and 600000')
      }
      return { ...target, kind: 'delay', ms }
    }
    case 'drop': {
      if (raw.when !== 'before' && raw.when !== 'after') {
        throw new FaultDefinitionError("fault.when must be 'before' or 'after'")
      }
      return { ...target, kind: 'drop', when: raw.when }
    }
    case 'html': {
      if (raw.status !== undefined && !isHttpStatus(raw.status)) {
        throw new FaultDefinitionError('fault.status must be an HTTP status (100-599)')
      }
      const fault: Fault = { ...target, kind: 'html' }
      if (raw.status !== undefined) fault.status = raw.status
      return fault
    }
    case 'truncated':
      return { ...target, kind: 'truncated' }
    case 'close':
      return { ...target, kind: 'close' }
    case 'transform': {
      if (typeof raw.transform !== 'function')
        throw new FaultDefinitionError('fault.transform must be a function (from code only)')
      return { ...target, kind: 'transform', transform: raw.transform as TransformFault['transform'] }
    }
    case 'hold': {
      if (!(raw.hold instanceof RequestHold))
        throw new FaultDefinitionError('fault.hold must be a RequestHold (from code only)')
      return { ...target, kind: 'hold', hold: raw.hold }
    }
    case 'redirect': {
      if (typeof raw.location !== 'string' || raw.location.length === 0) {
        throw new FaultDefinitionError('fault.location must be a non-empty string')
      }
      if (raw.status !== undefined && (!isHttpStatus(raw.status) || raw.status < 300 || raw.status > 399)) {
        throw new FaultDefinitionError('fault.status must be a 3xx status')
      }
      const fault: Fault = { ...target, kind: 'redirect', location: raw.location }
      if (raw.status !== undefined) fault.status = raw.status
      return fault
    }
    case 'rewrite': {
      const set = raw.set
      if (typeof set !== 'object' || set === null || Array.isArray(set) || Object.keys(set).length === 0) {
        throw new FaultDefinitionError('fault.set must be an object naming at least one field')
      }
      const fault: Fault = { ...target, kind: 'rewrite', set: { ...(set as Record<string, unknown>) } }
      if (raw.ids !== undefined) fault.ids = recordIds(raw.ids)
      return fault
    }
    case 'duplicate': {
      const set = raw.set ?? {}
      if (typeof set !== 'object' || set === null || Array.isArray(set))
        throw new FaultDefinitionError('fault.set must be an object')
      const fault: Fault = { ...target, kind: 'duplicate', set: { ...(set as Record<string, unknown>) } }
      if (raw.ids !== undefined) fault.ids = recordIds(raw.ids)
      return fault
    }
    case 'cursor': {
      if (!CURSOR_MODES.includes(raw.mode as CursorMode)) {
        throw new FaultDefinitionError(`fault.mode must be one of ${CURSOR_MODES.join(', ')}`)
      }
      return { ...target, kind: 'cursor', mode: raw.mode as CursorMode }
    }
    case 'large': {
      const bytes = raw.bytes
      if (typeof bytes !== 'number' || !Number.isInteger(bytes) || bytes < 0 || bytes > LARGE_MAX_BYTES) {
        throw new FaultDefinitionError(`fault.bytes must be an integer from 0 to ${LARGE_MAX_BYTES}`)
      }
      if (raw.status !== undefined && !isHttpStatus(raw.status)) {
        throw new FaultDefinitionError('fault.status must be an HTTP status (100-599)')
      }
      if (raw.fill !== undefined && (typeof raw.fill !== 'string' || raw.fill.length === 0)) {
        throw new FaultDefinitionError('fault.fill must be a non-empty string')
      }
      optionalString(raw, 'contentType')
      if (raw.declareLength !== undefined && typeof raw.declareLength !== 'boolean') {
        throw new FaultDefinitionError('fault.declareLength must be a boolean')
      }
      const fault: Fault = { ...target, kind: 'large', bytes }
      if (raw.status !== undefined) fault.status = raw.status
      if (raw.fill !== undefined) fault.fill = raw.fill
      if (raw.contentType !== undefined) fault.contentType = raw.contentType as string
      if (raw.declareLength !== undefined) fault.declareLength = raw.declareLength
      return fault
    }
  }
}

/**
 * Reads a fault sent as JSON to the control endpoint: same shape as in code, except
 * that `path` is a string, and a string starting with `^` is taken as a regular expression.
 */
export function faultFromJson(input: unknown): Fault {
  if (typeof input === 'object' && input !== null && !Array.isArray(input)) {
    const raw = input as Record<string, unknown>
    if (typeof raw.path === 'string' && raw.path.startsWith('^')) {
      let pattern: RegExp
      try {
        pattern = new RegExp(raw.path)
      } catch {
        throw new FaultDefinitionError(`fault.path is not a valid regular expression: ${raw.path}`)
      }
      return validateFault({ ...raw, path: pattern })
    }
  }
  return validateFault(input)
}

/** A fault as shown by the control endpoint (regular expressions as their source). */
function describeFault(fault: Fault, remaining: number): Record<string, unknown> {
  // RegExp#source escapes slashes; show the pattern the way it was written.
  const path = fault.path instanceof RegExp ? fault.path.source.replace(/\\\//g, '/') : fault.path
  const shown: Record<string, unknown> = { ...fault, path, times: remaining }
  // A function or a hold means nothing over HTTP.
  delete shown.rewrite
  delete shown.hold
  return shown
}

interface PendingFault {
  fault: Fault
  remaining: number
}

/** Faults in injection order; each matching request consumes one use of the first match. */
export class FaultQueue {
  private pending: PendingFault[] = []

  add(fault: Fault): void {
    const checked = validateFault(fault)
    this.pending.push({ fault: checked, remaining: checked.times ?? 1 })
  }

  clear(): void {
    this.pending = []
  }

  get size(): number {
    return this.pending.length
  }

  list(): Array<Record<string, unknown>> {
    return this.pending.map((entry) => describeFault(entry.fault, entry.remaining))
  }

  /** Returns the fault that answers this request, if any, and uses it up. */
  take(method: string, path: string): Fault | undefined {
    const index = this.pending.findIndex((entry) => matches(entry.fault, method, path))
    if (index < 0) return undefined
    const entry = this.pending[index]!
    entry.remaining -= 1
    if (entry.remaining <= 0) this.pending.splice(index, 1)
    return entry.fault
  }
}

function matches(fault: Fault, method: string, path: string): boolean {
  if (fault.method !== undefined && fault.method !== method.toUpperCase()) return false
  return typeof fault.path === 'string' ? fault.path === path : fault.path.test(path)
}

/** An error page in the style of a reverse proxy in front of the service. */
function proxyErrorPage(status: number): string {
  const title = `${status} ${STATUS_CODES[status] ?? 'Error'}`
  return (
    `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n` +
    `<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`
  )
}

/**
 * Answers a request with a fault that replaces the route entirely (status, html, redirect).
 * `errorBody` is the JSON error body the service would send for that status.
 */
export function answerInsteadOfRoute(
  fault: StatusFault | HtmlFault | RedirectFault,
  res: ServerResponse,
  errorBody: (message: string) => string,
): number {
  switch (fault.kind) {
    case 'status': {
      const headers: Record<string, string> = {}
      if (fault.retryAfter !== undefined) headers['retry-after'] = fault.retryAfter
      let body: string
      if (fault.body !== undefined) {
        body = fault.body
        headers['content-type'] =
          fault.contentType ?? (looksLikeJson(body) ? 'application/json' : 'text/plain; charset=utf-8')
      } else {
        body = errorBody((STATUS_CODES[fault.status] ?? 'error').toLowerCase())
        headers['content-type'] = fault.contentType ?? 'application/json'
      }
      writeWhole(res, fault.status, headers, body)
      return fault.status
    }
    case 'html': {
      const status = fault.status ?? 502
      writeWhole(res, status, { 'content-type': 'text/html' }, proxyErrorPage(status))
      return status
    }
    case 'redirect': {
      const status = fault.status ?? 307
      writeWhole(res, status, { location: fault.location, 'content-type': 'application/json' }, errorBody('redirect'))
      return status
    }
  }
}

/** Declares the real status and a JSON body, sends half of it and ends the response cleanly. */
export function sendTruncated(res: ServerResponse, status: number, body: string): void {
  const bytes = Buffer.from(body, 'utf8')
  // No content-length: the response ends cleanly, so the client gets a body that is not valid JSON.
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(bytes.subarray(0, Math.floor(bytes.length / 2)))
}

function writeWhole(res: ServerResponse, status: number, headers: Record<string, string>, body: string): void {
  res.writeHead(status, { ...headers, 'content-length': String(Buffer.byteLength(body)) })
  res.end(body)
}

function looksLikeJson(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

/** Whether `value` is a record (an object with an `id`) that a fault aimed at `ids` (all, when none) applies to. */
function isTargetRecord(
  value: unknown,
  ids: ReadonlyArray<number | string> | undefined,
): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !('id' in value)) return false
  return ids === undefined || ids.includes((value as { id: number | string }).id)
}

/** Sets `fields` on every record (an object with an `id`) of a JSON body, or on those with an id in `ids`, on a copy. */
export function rewriteRecords(
  body: unknown,
  fields: Record<string, unknown>,
  ids?: ReadonlyArray<number | string>,
): unknown {
  const copy: unknown = JSON.parse(JSON.stringify(body))
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item)
    } else if (typeof value === 'object' && value !== null) {
      const record = value as Record<string, unknown>
      for (const child of Object.values(record)) visit(child)
      if (isTargetRecord(record, ids)) Object.assign(record, fields)
    }
  }
  visit(copy)
  return copy
}

/** Lists each record of every array in a JSON body twice (or those with an id in `ids`), the copy with `fields` on it, on a copy. */
export function duplicateRecords(
  body: unknown,
  fields: Record<string, unknown>,
  ids?: ReadonlyArray<number | string>,
): unknown {
  const visit = (value: unknown): unknown => {
    if (Array.isArray(value)) {
      return value.flatMap((item: unknown) => {
        const original = visit(item)
        return isTargetRecord(original, ids) ? [original, { ...structuredClone(original), ...fields }] : [original]
      })
    }
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(Object.entries(value).map(([name, child]) => [name, visit(child)]))
    }
    return value
  }
  return visit(JSON.parse(JSON.stringify(body)))
}

/** The project page a `cursor` fault answers for a request's `limit` and `cursor`. */
export function cursorPage(mode: CursorMode, query: Record<string, string>): Record<string, unknown> {
  const limit = Math.min(400, Math.max(1, Number(query.limit) || 10))
  const cursor = query.cursor ?? ''
  const n = Number(/^\w+-(\d+)$/.exec(cursor)?.[1] ?? 0)
  let page: string
  let next: string
  switch (mode) {
    case 'cycle':
      page = cursor === 'cursor-a' ? 'b' : 'a'
      next = cursor === 'cursor-a' ? 'cursor-b' : 'cursor-a'
      break
    case 'repeat':
      page = 'same'
      next = `repeat-${n + 1}`
      break
    case 'endless':
      page = `page${n}`
      next = `endless-${n + 1}`
      break
  }
  const projects = Array.from({ length: limit }, (_, i) => ({
    id: `${mode}-${page}-${i}`,
    name: `${mode} ${page} ${i}`,
    region_id: 'aws-us-east-2',
    pg_version: 17,
    created_at: '2026-01-01T00:00:00Z',
  }))
  return { projects, pagination: { cursor: next }, applications: {}, integrations: {}, unavailable_project_ids: [] }
}

/** Streams a `large` fault's body, minding back-pressure; stops when the client goes away. */
export async function sendLarge(res: ServerResponse, fault: LargeFault): Promise<number> {
  const status = fault.status ?? 200
  const headers: Record<string, string> = { 'content-type': fault.contentType ?? 'application/json' }
  if (fault.declareLength !== false) headers['content-length'] = String(fault.bytes)
  res.writeHead(status, headers)
  const unit = Buffer.from(fault.fill ?? 'x', 'utf8')
  // Whole repetitions of `fill` per chunk, so the body is `fill` repeated end to end.
  const chunk = Buffer.concat(Array.from({ length: Math.max(1, Math.floor(65_536 / unit.length)) }, () => unit))
  let left = fault.bytes
  while (left > 0 && !res.destroyed) {
    const part = left >= chunk.length ? chunk : chunk.subarray(0, left)
    left -= part.length
    if (!res.write(part)) {
      const waiting = new AbortController()
      await Promise.race([
        once(res, 'drain', { signal: waiting.signal }),
        once(res, 'close', { signal: waiting.signal }),
      ]).finally(() => waiting.abort())
    }
  }
  if (!res.destroyed) res.end()
  return status
}
