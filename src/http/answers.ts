/**
 * Reads what an attempt got back: a decoded body, or one RequestError worded for the service. This file decides
 * whether the request may have been carried out; the retry table decides whether to send it again.
 */
import { STATUS_CODES } from 'node:http'
import { formatDuration } from '../base/clock.ts'
import { quoted, untrusted } from '../base/text.ts'
import { describeCertificateError } from './certificates.ts'
import { RequestError, type RequestErrorDetails, type ServiceName } from './errors.ts'
import { describeProxyFailure, errorCode } from './proxy.ts'
import { parseRetryAfter } from './retry.ts'
import { headerValue, isRecord, type Attempt, type Received } from './transport.ts'

interface ServiceError {
  code?: string
  serviceMessage?: string
  /** Only when it is safe to quote. */
  requestId?: string
  rateLimited?: boolean
  retryAfterMs?: number
}

/** How to read one service's answers. */
export interface Service {
  name: ServiceName
  /** Said after a redirect, which is never followed: what to check. */
  redirectHint: string
  /** A success may have an empty body (GitHub's 204). */
  emptySuccess: boolean
  /** The service did not carry these out, even a write. */
  notCarriedOut: ReadonlySet<number>
  /** `body` is undefined when it is not JSON. */
  readError(body: Record<string, unknown> | undefined, headers: Headers, status: number, now: number): ServiceError
}

type Headers = Extract<Received, { ok: true }>['headers']

/** `body` is undefined for an empty body the service may send. */
export type Answer = { ok: true; status: number; body: unknown } | { ok: false; error: RequestError }

/** `base` is the request: method, path, the request id sent. */
export function readAnswer(
  attempt: Extract<Attempt, { sent: true }>,
  base: RequestErrorDetails,
  service: Service,
  now: number,
): Answer {
  const { received, route } = attempt
  const fail = (message: string, details: Partial<RequestErrorDetails>): Answer => ({
    ok: false,
    error: new RequestError(message, { ...base, service: service.name, ...details }),
  })
  if (!received.ok || (received.status === 407 && attempt.forwarded)) {
    const proxy =
      route &&
      describeProxyFailure(received.ok ? { status: 407 } : received, route, !received.ok && received.neverConnected)
    if (proxy)
      return fail(proxy.message, {
        kind: proxy.final ? 'proxy-refused' : 'proxy',
        mayHaveReachedServer: !proxy.notSent,
      })
  }
  if (!received.ok) return noAnswer(received, attempt, base, service, fail)

  const { status, headers, text } = received
  const contentType = headerValue(headers['content-type']) ?? ''
  const answered = `${service.name} answered ${status}`
  if (status >= 300 && status < 400) {
    const where = describeLocation(headerValue(headers.location))
    return fail(`${answered} ${STATUS_CODES[status] ?? ''} redirecting to ${where}; ${service.redirectHint}`, {
      kind: 'redirect',
      status,
    })
  }
  if (status < 200 || status >= 300) {
    const decoded = decodeJson(text)
    const said = service.readError(
      decoded.ok && isRecord(decoded.value) ? decoded.value : undefined,
      headers,
      status,
      now,
    )
    return fail(`${answered} ${STATUS_CODES[status] ?? ''}`.trim(), {
      kind: 'http',
      status,
      code: said.code,
      serviceMessage: said.serviceMessage,
      excerpt: said.serviceMessage === undefined ? excerptOf(text, contentType) : undefined,
      requestId: said.requestId ?? base.requestId,
      retryAfterMs: said.retryAfterMs ?? parseRetryAfter(headerValue(headers['retry-after']), now),
      rateLimited: said.rateLimited ?? status === 429,
      mayHaveReachedServer: status >= 500 && !service.notCarriedOut.has(status),
    })
  }
  // From here on the request took effect, even if the answer is unusable (a create made a key).
  const carriedOut = { kind: 'malformed' as const, status, mayHaveReachedServer: true }
  if (received.tooLarge) {
    const over = `with a body over ${describeSize(received.limit)}, more than any answer of the API should be; it was not read`
    return fail(`${answered} ${over}`, { ...carriedOut, code: 'too-large' })
  }
  if (text === '' && service.emptySuccess) return { ok: true, status, body: undefined }
  const decoded = decodeJson(text)
  if (decoded.ok) return { ok: true, status, body: decoded.value }
  // JSON that does not decode was cut off on the way, so a read may be sent again.
  // Never quote a successful body: it may hold a new key not masked yet.
  if (/json/i.test(contentType)) {
    return fail(`${answered} with JSON that is cut off or invalid (${received.bytes} bytes)`, {
      ...carriedOut,
      code: 'truncated',
    })
  }
  const kind = untrusted(contentType.split(';')[0]?.trim() || 'no content type')
  return fail(`${answered} with a body that is not JSON (${kind}, ${received.bytes} bytes)`, carriedOut)
}

function noAnswer(
  received: Extract<Received, { ok: false }>,
  attempt: Extract<Attempt, { sent: true }>,
  base: RequestErrorDetails,
  service: Service,
  fail: (message: string, details: Partial<RequestErrorDetails>) => Answer,
): Answer {
  const { cause, status } = received
  const code = errorCode(cause)
  const request = describeRequest(base)
  const certificate = describeCertificateError(cause, attempt.origin, attempt.route, process.env)
  if (certificate) return fail(certificate, { kind: 'certificate' })
  if (code === 'UND_ERR_INVALID_ARG')
    return fail(`the request could not be sent (${describeCause(cause)})`, { kind: 'invalid' })
  if (attempt.ended === 'deadline' || attempt.ended === 'timeout') {
    const through = attempt.route ? ` (through the proxy ${untrusted(attempt.route.display)})` : ''
    const message =
      attempt.ended === 'deadline'
        ? `The step's timeout ran out while ${request} was in flight${through}.`
        : `No answer to ${request} within ${formatDuration(attempt.budgetMs)}${through}.`
    return fail(message, { kind: attempt.ended, status, mayHaveReachedServer: true })
  }
  if (attempt.ended === 'cut') {
    const cancelled = `the runner cancelled the step, and no answer to ${request}`
    return fail(`${cancelled} came before the step had to stop waiting`, {
      kind: 'cancelled',
      status,
      mayHaveReachedServer: !received.neverConnected,
    })
  }
  const why = code === undefined ? describeCause(cause) : untrusted(code)
  if (status !== undefined) {
    return fail(`the body of the ${status} answer was cut off (${code === undefined ? 'connection closed' : why})`, {
      kind: 'malformed',
      status,
      code: 'truncated',
      mayHaveReachedServer: true,
    })
  }
  const sent = !received.neverConnected
  return fail(`the connection to ${service.name} failed (${why})${sent ? '' : '; nothing was sent'}`, {
    kind: 'network',
    mayHaveReachedServer: sent,
  })
}

/** A refusal of the request as asked: the key, what it may do, or what it names. Each service words them in a table. */
export type RefusalStatus = 401 | 403 | 404

export function refusalOf(error: RequestError): RefusalStatus | undefined {
  const { status } = error
  return error.kind === 'http' && (status === 401 || status === 403 || status === 404) ? status : undefined
}

/** After a refusal or a redirect, sending the same request again cannot help: it must change. */
export const CHANGE_AND_RUN_AGAIN =
  'Change what the failure above names, then run the job again. ' +
  'A later step can branch on the outputs `http-status`, `error-code` and `request-id`.'

/** A clause, without a full stop. */
export function describeRequestFailure(error: RequestError): string {
  const what = error.message.replace(/\.$/, '')
  const code = error.code && error.code !== 'truncated' ? ` [${untrusted(error.code)}]` : ''
  const said = describeServiceWords(error)
  return `${what}${code}${said ? `: ${said}` : ''}`
}

/** The service's message as data, or an excerpt of the body. */
export function describeServiceWords(error: RequestError): string {
  return error.serviceMessage ? quoted(error.serviceMessage) : (error.excerpt ?? '')
}

/** "GET /projects". The path's ids may come from the service. */
export function describeRequest(request: { method: string; path: string }): string {
  return `${untrusted(request.method)} ${untrusted(request.path)}`
}

function decodeJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return { ok: false }
  }
}

const EXCERPT_LENGTH = 200

/** Its <title>, or its text without tags, on one line. Linear in the body's length, whatever it holds. */
export function excerptOf(text: string, contentType: string): string {
  const kind = untrusted(contentType.split(';')[0]?.trim() || 'no content type')
  const flat = (htmlTitle(text) ?? withoutTags(text)).replace(/\s+/g, ' ').trim()
  if (flat === '') return `(empty ${kind} body)`
  return `(${kind}) ${quoted(flat, EXCERPT_LENGTH)}`
}

function htmlTitle(text: string): string | undefined {
  const lower = text.toLowerCase()
  const open = lower.indexOf('<title')
  if (open < 0) return undefined
  const start = lower.indexOf('>', open)
  if (start < 0) return undefined
  const end = lower.indexOf('<', start + 1)
  if (end < 0 || !lower.startsWith('</title', end)) return undefined
  return text.slice(start + 1, end)
}

/** Stops once there is enough for an excerpt. */
function withoutTags(text: string): string {
  const lastClose = text.lastIndexOf('>')
  let out = ''
  let inTag = false
  for (let i = 0; i < text.length && out.length <= EXCERPT_LENGTH * 4; i++) {
    const c = text[i]
    if (inTag) {
      if (c === '>') inTag = false
    } else if (c === '<' && i < lastClose) {
      inTag = true
      out += ' '
    } else out += c
  }
  return out
}

function describeLocation(location: string | undefined): string {
  if (!location) return 'an unnamed location'
  try {
    const url = new URL(location)
    return untrusted(`${url.origin}${url.pathname}`)
  } catch {
    return quoted(location, 100)
  }
}

/** "64 MiB", "512 KiB". */
function describeSize(bytes: number): string {
  const mib = bytes / 1024 / 1024
  return mib >= 1 ? `${Math.round(mib * 10) / 10} MiB` : `${Math.round(bytes / 1024)} KiB`
}

function describeCause(cause: unknown): string {
  return cause instanceof Error ? untrusted(cause.message) : 'unknown error'
}
