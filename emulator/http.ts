// HTTP plumbing for the emulator: reading requests and writing the service's
// JSON answers and error bodies.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http'
import { randomUUID } from 'node:crypto'

const BODY_LIMIT_BYTES = 1024 * 1024

export interface ErrorBody {
  code: string
  message: string
  request_id: string
}

export interface Reply {
  status: number
  body: unknown
  headers?: Record<string, string>
}

/** A client error a route answers with; turned into the service's JSON error body. */
export class ApiError extends Error {
  readonly status: number
  /** Headers of the answer, e.g. Retry-After on a 429. */
  readonly headers?: Record<string, string>
  constructor(status: number, message: string, headers?: Record<string, string>) {
    super(message)
    this.status = status
    if (headers) this.headers = headers
  }
}

// ---- requests ---------------------------------------------------------

export function requestIdOf(req: IncomingMessage): string {
  const sent = req.headers['x-request-id']
  const value = Array.isArray(sent) ? sent[0] : sent
  return value && value.length > 0 ? value : randomUUID()
}

export function splitTarget(target: string): { pathname: string; query: Record<string, string> } {
  let rest = target
  // Absolute-form targets (as sent to proxies) still name a path.
  if (/^https?:\/\//i.test(rest)) {
    try {
      const parsed = new URL(rest)
      rest = parsed.pathname + parsed.search
    } catch {
      rest = '/'
    }
  }
  const hashAt = rest.indexOf('#')
  if (hashAt >= 0) rest = rest.slice(0, hashAt)
  const queryAt = rest.indexOf('?')
  const pathname = queryAt >= 0 ? rest.slice(0, queryAt) : rest
  const query: Record<string, string> = {}
  if (queryAt >= 0) {
    for (const [name, value] of new URLSearchParams(rest.slice(queryAt + 1))) {
      // The first occurrence of a repeated parameter wins.
      if (!(name in query)) query[name] = value
    }
  }
  return { pathname: pathname || '/', query }
}

export function pathSegments(path: string): string[] | undefined {
  const segments: string[] = []
  for (const raw of path.split('/').slice(1)) {
    let segment: string
    try {
      segment = decodeURIComponent(raw)
    } catch {
      return undefined
    }
    segments.push(segment)
  }
  return segments
}

export function bearerToken(header: string | undefined): string | undefined {
  if (header === undefined) return undefined
  const match = /^\s*bearer\s+(\S+)\s*$/i.exec(header)
  return match ? match[1] : undefined
}

export function flattenHeaders(headers: IncomingHttpHeaders): Record<string, string | undefined> {
  const flat: Record<string, string | undefined> = {}
  for (const [name, value] of Object.entries(headers)) {
    flat[name] = Array.isArray(value) ? value.join(', ') : value
  }
  return flat
}

interface ReadBody {
  bytes: Buffer
  tooLarge: boolean
  /** False when the client went away before the body ended. */
  complete: boolean
}

export function readBody(req: IncomingMessage): Promise<ReadBody> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let size = 0
    let tooLarge = false
    let settled = false
    const settle = (complete: boolean): void => {
      if (settled) return
      settled = true
      resolve({ bytes: Buffer.concat(chunks), tooLarge, complete })
    }
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      // Keep draining past the limit so the answer can still be sent.
      if (size > BODY_LIMIT_BYTES) tooLarge = true
      else chunks.push(chunk)
    })
    req.on('end', () => settle(true))
    req.on('error', () => settle(false))
    req.on('close', () => settle(false))
  })
}

export function parseJson(body: Buffer): unknown {
  if (body.length === 0) throw new ApiError(400, 'request body is required')
  try {
    return JSON.parse(body.toString('utf8'))
  } catch {
    throw new ApiError(400, 'request body is not valid JSON')
  }
}

export function parseJsonObject(body: Buffer): Record<string, unknown> {
  const value = parseJson(body)
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ApiError(400, 'request body must be a JSON object')
  }
  return value as Record<string, unknown>
}

/** Parses `limit`: undefined when absent, else an integer in 1..max, else a 400. */
export function parseLimit(raw: string | undefined, max: number): number | undefined {
  if (raw === undefined) return undefined
  const value = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN
  if (!(value >= 1 && value <= max)) throw new ApiError(400, `limit must be an integer between 1 and ${max}`)
  return value
}

// ---- responses -----------------------------------------------------------------

export function errorBody(message: string, requestId: string): ErrorBody {
  return { code: '', message, request_id: requestId }
}

/** The request id is filled in when the reply is sent. */
export function apiError(status: number, message: string, headers?: Record<string, string>): Reply {
  const reply: Reply = { status, body: { code: '', message } }
  if (headers) reply.headers = headers
  return reply
}

export function notFound(): Reply {
  return apiError(404, 'not found')
}

export function tooLarge(): Reply {
  return apiError(413, 'request body too large')
}

export function methodNotAllowed(allowed: string[]): Reply {
  return apiError(405, 'method not allowed', { allow: allowed.join(', ') })
}

export function withRequestId(reply: Reply, requestId: string): Reply {
  if (reply.status < 400) return reply
  return { ...reply, body: { ...(reply.body as object), request_id: requestId } }
}

export function sendReply(res: ServerResponse, reply: Reply, requestId: string): void {
  sendJson(res, reply.status, withRequestId(reply, requestId).body, reply.headers)
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (res.destroyed || res.headersSent) return
  const text = JSON.stringify(body)
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
  })
  res.end(text)
}
