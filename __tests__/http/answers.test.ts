// src/http/answers.ts: the one reading of an attempt, for the platform (api/client.ts PLATFORM) and GitHub
// (github/client.ts GITHUB): what a failure without an answer, an odd answer or an error status becomes, in each
// service's words. Unit tests on attempts made by hand, in this process; the clients' own tests send them for real.
import { describe, expect, it } from '@jest/globals'
import { PLATFORM } from '../../src/api/client.ts'
import { GITHUB } from '../../src/github/client.ts'
import { describeRequestFailure, excerptOf, readAnswer, refusalOf, type Answer } from '../../src/http/answers.ts'
import type { RequestError, RequestErrorDetails } from '../../src/http/errors.ts'
import { ProxyTunnelError, type ProxyRoute } from '../../src/http/proxy.ts'
import { SUCCESS_BODY_LIMIT, type Attempt, type Received } from '../../src/http/transport.ts'

const base: RequestErrorDetails = { kind: 'network', method: 'GET', path: '/projects', requestId: 'req-1' }
const NOW = Date.parse('2026-11-21T10:00:00Z')
const ROUTE: ProxyRoute = {
  origin: 'http://proxy.corp:3128',
  display: 'proxy.corp:3128',
  variable: 'https_proxy',
  target: 'console.example:443',
}

type Sent = Extract<Attempt, { sent: true }>
const attempt = (received: Received, extra: Partial<Sent> = {}): Sent => ({
  sent: true,
  origin: 'https://console.example',
  received,
  ended: undefined,
  budgetMs: 30_000,
  ...extra,
})
const answer = (status: number, text: string, headers: Record<string, string> = {}): Received => ({
  ok: true,
  status,
  headers,
  text,
  bytes: Buffer.byteLength(text),
  tooLarge: false,
  limit: SUCCESS_BODY_LIMIT,
})
const noAnswer = (cause: unknown, extra: { status?: number; neverConnected?: boolean } = {}): Received => ({
  ok: false,
  cause,
  neverConnected: false,
  ...extra,
})
function errorOf(result: Answer): RequestError {
  if (result.ok) throw new Error('expected an error')
  return result.error
}
const platform = (received: Received, extra: Partial<Sent> = {}) =>
  errorOf(readAnswer(attempt(received, extra), base, PLATFORM, NOW))

describe('no answer', () => {
  it('a request that cannot be built', () => {
    const error = platform(noAnswer(Object.assign(new Error('bad header'), { code: 'UND_ERR_INVALID_ARG' })))
    expect(error.message).toBe('the request could not be sent (bad header)')
    expect(error.kind).toBe('invalid')
  })

  it('a body cut off after the status, with or without a code', () => {
    const closed = platform(noAnswer(new Error('other side closed'), { status: 200 }))
    expect(closed.message).toBe('the body of the 200 answer was cut off (connection closed)')
    expect(closed).toMatchObject({ kind: 'malformed', status: 200, code: 'truncated', mayHaveReachedServer: true })
    expect(platform(noAnswer({ code: 'ECONNRESET' }, { status: 502 })).message).toBe(
      'the body of the 502 answer was cut off (ECONNRESET)',
    )
  })

  it('a connect that failed was not sent, whatever its code; any other failure may have been', () => {
    const refused = platform(noAnswer({ code: 'ECONNREFUSED' }, { neverConnected: true }))
    expect(refused.message).toBe('the connection to the platform failed (ECONNREFUSED); nothing was sent')
    expect(refused).toMatchObject({ kind: 'network', mayHaveReachedServer: false })
    const nested = platform(noAnswer(new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } })))
    expect(nested.message).toBe('the connection to the platform failed (ECONNRESET)')
    expect(nested.mayHaveReachedServer).toBe(true)
  })

  it('a connection that failed without a code says what it can', () => {
    const error = platform(noAnswer(new Error('socket hang up')))
    expect(error.message).toBe('the connection to the platform failed (socket hang up)')
    expect(error.mayHaveReachedServer).toBe(true)
    expect(platform(noAnswer('a string')).message).toBe('the connection to the platform failed (unknown error)')
  })

  it("the attempt's own limit and the step's deadline: may have been carried out; the proxy named when there is one", () => {
    const timeout = platform(noAnswer(new Error('aborted')), { ended: 'timeout', budgetMs: 1500 })
    expect(timeout).toMatchObject({
      kind: 'timeout',
      message: 'No answer to GET /projects within 1.5 s.',
      mayHaveReachedServer: true,
    })
    const deadline = platform(noAnswer(new Error('aborted')), { ended: 'deadline', route: ROUTE })
    expect(deadline.message).toBe(
      "The step's timeout ran out while GET /projects was in flight (through the proxy proxy.corp:3128).",
    )
    expect(deadline.kind).toBe('deadline')
  })

  it("a proxy's refusal and a certificate come first, each in its own words", () => {
    const refused = platform(noAnswer(new ProxyTunnelError(407), { neverConnected: true }), { route: ROUTE })
    expect(refused).toMatchObject({ kind: 'proxy-refused', mayHaveReachedServer: false })
    expect(refused.message).toMatch(/^The proxy proxy\.corp:3128 \(from https_proxy\) asks for credentials \(407/)
    const dropped = platform(noAnswer({ code: 'ECONNRESET' }), { route: ROUTE })
    expect(dropped).toMatchObject({ kind: 'proxy', mayHaveReachedServer: true })
    const certificate = platform(noAnswer({ code: 'SELF_SIGNED_CERT_IN_CHAIN' }, { neverConnected: true }))
    expect(certificate).toMatchObject({ kind: 'certificate', mayHaveReachedServer: false, final: true })
    expect(certificate.message).toMatch(
      /^The TLS certificate of console\.example:443 is not signed by a certificate authority Node trusts/,
    )
  })

  it("a forwarded request the proxy answers 407 is the proxy's refusal, not the server's answer", () => {
    const error = platform(answer(407, ''), { route: ROUTE, forwarded: true })
    expect(error.kind).toBe('proxy-refused')
    expect(platform(answer(407, '')).kind).toBe('http')
  })

  it("a 407 that comes through a tunnel is the server's answer: the proxy's own comes to CONNECT", () => {
    const error = platform(answer(407, ''), { route: ROUTE })
    expect(error).toMatchObject({ kind: 'http', status: 407 })
    expect(error.message).toBe('the platform answered 407 Proxy Authentication Required')
  })
})

describe('an answer', () => {
  it('a failure names the service that answered, whose table of refusals words a 401, 403 or 404', () => {
    expect(platform(answer(401, '')).service).toBe('the platform')
    const github = errorOf(readAnswer(attempt(answer(404, '')), base, GITHUB, NOW))
    expect(github).toMatchObject({ service: 'GitHub', status: 404 })
    expect(platform(noAnswer({ code: 'ECONNRESET' })).service).toBe('the platform')
    expect([401, 403, 404, 400, 407].map((status) => refusalOf(platform(answer(status, ''))))).toEqual([
      401,
      403,
      404,
      undefined,
      undefined,
    ])
    expect(refusalOf(platform(noAnswer(new Error('x'), { status: 404 })))).toBeUndefined()
  })

  it('names a status it knows, and only the number of one it does not', () => {
    expect(platform(answer(502, '')).message).toBe('the platform answered 502 Bad Gateway')
    expect(platform(answer(599, '')).message).toBe('the platform answered 599')
    const redirect = platform(answer(399, '', { location: 'https://elsewhere.example/x?y' }))
    expect(redirect.message).toMatch(/^the platform answered 399 {2}redirecting to https:\/\/elsewhere\.example\/x; /)
  })

  it.each<Record<string, string>>([{}, { location: '' }])('a redirect that names no place says so: %j', (headers) => {
    expect(platform(answer(302, '', headers)).message).toMatch(
      /^the platform answered 302 Found redirecting to an unnamed location; /,
    )
  })

  it('says a body that is not JSON has no content type when none was given', () => {
    expect(platform(answer(200, 'hello')).message).toBe(
      'the platform answered 200 with a body that is not JSON (no content type, 5 bytes)',
    )
  })

  it('says a successful body over the limit was not read, and that the request may have been carried out', () => {
    const error = platform({ ...answer(200, ''), bytes: SUCCESS_BODY_LIMIT + 1, tooLarge: true } as Received)
    expect(error.message).toBe(
      'the platform answered 200 with a body over 64 MiB, more than any answer of the API should be; it was not read',
    )
    expect(error).toMatchObject({ kind: 'malformed', code: 'too-large', status: 200, mayHaveReachedServer: true })
  })

  it('tells JSON cut off from a body that is not JSON, by the content type alone', () => {
    expect(platform(answer(200, '{"a', { 'content-type': 'Application/JSON; charset=utf-8' }))).toMatchObject({
      message: 'the platform answered 200 with JSON that is cut off or invalid (3 bytes)',
      code: 'truncated',
      mayHaveReachedServer: true,
    })
    expect(platform(answer(200, '<html>', { 'content-type': ' text/html ; charset=utf-8' }))).toMatchObject({
      message: 'the platform answered 200 with a body that is not JSON (text/html, 6 bytes)',
      code: undefined,
    })
  })

  it('a decoded body; an empty one only from a service that sends them', () => {
    expect(readAnswer(attempt(answer(200, '{"a":1}')), base, PLATFORM, NOW)).toEqual({
      ok: true,
      status: 200,
      body: { a: 1 },
    })
    expect(readAnswer(attempt(answer(204, '')), base, GITHUB, NOW)).toEqual({ ok: true, status: 204, body: undefined })
    expect(platform(answer(204, '')).kind).toBe('malformed')
  })
})

describe("the platform's error bodies", () => {
  const errorWith = (status: number, body: unknown) =>
    platform(answer(status, JSON.stringify(body), { 'content-type': 'application/json' }))

  it('takes the code, message and request id only when they are non-empty strings', () => {
    expect(errorWith(500, { code: 'X', message: 'm', request_id: 'svc-1' })).toMatchObject({
      code: 'X',
      serviceMessage: 'm',
      requestId: 'svc-1',
    })
    expect(errorWith(500, { code: '', message: '', request_id: '' })).toMatchObject({
      code: undefined,
      serviceMessage: undefined,
      requestId: 'req-1',
    })
    const numbers = errorWith(500, { code: 42, message: 7, request_id: 9 })
    expect(numbers).toMatchObject({ code: undefined, serviceMessage: undefined, requestId: 'req-1' })
    expect(numbers.excerpt).toBeDefined()
  })

  it('a 4xx, a 423, 429 or 503 was not carried out; another 5xx may have been', () => {
    const carried = (status: number) => errorWith(status, {}).mayHaveReachedServer
    expect([400, 404, 409, 423, 429, 503].map(carried)).toEqual([false, false, false, false, false, false])
    expect([500, 502, 504].map(carried)).toEqual([true, true, true])
  })

  it('honours Retry-After, and counts a 429 as its rate limit', () => {
    const error = platform(answer(429, '{}', { 'retry-after': '7' }))
    expect(error).toMatchObject({ retryAfterMs: 7000, rateLimited: true })
  })
})

describe("GitHub's error answers", () => {
  const github = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    errorOf(
      readAnswer(
        attempt(answer(status, JSON.stringify(body), headers)),
        { kind: 'network', method: 'PUT', path: '/x' },
        GITHUB,
        NOW,
      ),
    )

  it('its message, and its request id only when it looks like one', () => {
    const error = github(404, { message: 'Not Found' }, { 'x-github-request-id': 'ABCD:1234' })
    expect(error).toMatchObject({ kind: 'http', status: 404, serviceMessage: 'Not Found', requestId: 'ABCD:1234' })
    expect(describeRequestFailure(error)).toBe('GitHub answered 404 Not Found: "Not Found"')
    expect(github(404, {}, { 'x-github-request-id': '::error::x' }).requestId).toBeUndefined()
  })

  it('a rate limit: 429, or a 403 with no requests left or in its words; the wait from Retry-After or the reset', () => {
    const reset = String(NOW / 1000 + 90)
    expect(github(403, { message: 'x' }, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset })).toMatchObject({
      rateLimited: true,
      retryAfterMs: 90_000,
    })
    expect(github(403, { message: 'You have exceeded a secondary rate limit.' })).toMatchObject({
      rateLimited: true,
      retryAfterMs: undefined,
    })
    expect(github(403, { message: 'Resource not accessible by integration' }).rateLimited).toBe(false)
    expect(github(429, {}, { 'retry-after': '3' })).toMatchObject({ rateLimited: true, retryAfterMs: 3000 })
  })

  it('any answer but a success or a 5xx was refused: a write that got one did not land', () => {
    expect([401, 403, 404, 422].map((status) => github(status, {}).mayHaveReachedServer)).toEqual([
      false,
      false,
      false,
      false,
    ])
    expect([500, 502, 503].map((status) => github(status, {}).mayHaveReachedServer)).toEqual([true, true, true])
  })

  it('a redirect is not followed with the token', () => {
    const error = github(301, {}, { location: 'https://api.github.com/repositories/1' })
    expect(error.kind).toBe('redirect')
    expect(error.message).toMatch(/does not follow redirects with the token/)
  })
})

describe('excerptOf: a taste of a body that is not JSON', () => {
  it.each([
    ['1 MB of <', '<'.repeat(1_000_000), 'text/plain'],
    ['1 MB of <title', '<title'.repeat(170_000), 'text/html'],
    ['an unclosed title of 1 MB', `<title>${'a'.repeat(1_000_000)}`, 'text/html'],
    ['a title that never closes its tag', `<html><title${' x'.repeat(500_000)}`, 'text/html'],
    ['1 MB of </title>', '</title>'.repeat(125_000), 'text/html'],
    ['nested brackets', '<<<<<<>>>>>>'.repeat(80_000), 'text/html'],
  ])('%s: bounded, one line, in linear time', (_, body, contentType) => {
    const excerpt = excerptOf(body, contentType)
    expect(excerpt.length).toBeLessThan(260)
    expect(excerpt).not.toMatch(/[\r\n]/)
    expect(excerpt).toMatch(
      new RegExp(`^\\(${contentType.replace('/', '\\/')}\\) "|^\\(empty ${contentType.replace('/', '\\/')} body\\)$`),
    )
  })

  it('takes the title, or the text without tags, and quotes it as data', () => {
    expect(excerptOf('<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>', 'text/html')).toBe(
      '(text/html) "502 Bad Gateway"',
    )
    expect(excerptOf('<p>upstream\n  exploded</p>', 'text/html; charset=utf-8')).toBe('(text/html) "upstream exploded"')
    expect(excerptOf('', 'text/plain')).toBe('(empty text/plain body)')
    expect(excerptOf('<title>\n::error::forged ##[add-mask]x</title>', 'text/html ##[add-mask]y')).toBe(
      '(text/html #\u200b#[add-mask]y) ":\u200b:error::forged #\u200b#[add-mask]x"',
    )
  })
})

describe('excerptOf(): odd HTML', () => {
  it('takes the title only when it is closed by </title>', () => {
    expect(excerptOf('<title>x</b>y', 'text/html')).toBe('(text/html) "x y"')
    expect(excerptOf('<title<>x</title>', 'text/html')).toBe('(text/html) "x"')
  })

  it('collects enough text for a whole excerpt', () => {
    const excerpt = excerptOf(`<p>${'word '.repeat(200)}</p>`, 'text/html')
    expect(excerpt).toMatch(/^\(text\/html\) "(word ){10}/)
    expect(excerpt.endsWith('…"')).toBe(true)
    expect(excerpt.length).toBeGreaterThan(150)
  })
})
