import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { PlatformEmulator } from '../emulator/platform.ts'
import { PlatformClient } from '../src/api/client.js'
import { ERROR_BODY_LIMIT, SUCCESS_BODY_LIMIT, excerptOf, readBody } from '../src/http/transport.ts'
import { createApiKey, getOperation, listAllProjects, listApiKeys, listOperations, revokeApiKey } from '../src/api/endpoints.js'
import { RequestError } from '../src/http/errors.ts'
import { backoffDelay, DEFAULT_RETRY_POLICY, parseRetryAfter } from '../src/http/retry.js'
import { captureLog, manualClock, type ManualClock } from './support/clock.js'

let platform: PlatformEmulator
let clock: ManualClock
let log: ReturnType<typeof captureLog>
let admin: { id: number; key: string }
let client: PlatformClient

function makeClient(options: Partial<ConstructorParameters<typeof PlatformClient>[0]> = {}): PlatformClient {
  return new PlatformClient({
    baseUrl: platform.url,
    apiKey: admin.key,
    userAgent: 'test-agent/1',
    clock,
    logger: log.logger,
    deadline: clock.now() + 600_000,
    random: () => 0.5,
    ...options,
  })
}

async function failure(promise: Promise<unknown>): Promise<RequestError> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(RequestError)
    return error as RequestError
  }
  throw new Error('expected the request to fail')
}

beforeEach(async () => {
  clock = manualClock()
  log = captureLog()
  platform = new PlatformEmulator({ now: clock.now })
  await platform.start()
  admin = platform.addKey('admin')
  client = makeClient()
})

afterEach(async () => {
  await client.close()
  await platform.stop()
})

describe('paging', () => {
  it('asks for 400 projects a page: a list shorter than that costs one request', async () => {
    const ids = platform.addProjects(57)
    const { projects, warning } = await listAllProjects(client, { orgId: platform.defaultOrgId })
    expect(projects.map((p) => p.id)).toEqual(ids)
    expect(warning).toBeUndefined()
    const pages = platform.requests.filter((r) => r.path === '/projects')
    expect(pages.map((r) => r.query)).toEqual([{ org_id: platform.defaultOrgId, limit: '400' }])
  })

  it('reads on after a full page, and stops at the empty page past the end', async () => {
    const ids = platform.addProjects(800)
    const { projects } = await listAllProjects(client, { orgId: platform.defaultOrgId })
    expect(projects.map((p) => p.id)).toEqual(ids)
    const pages = platform.requests.filter((r) => r.path === '/projects')
    expect(pages.map((r) => r.query.cursor)).toEqual([undefined, ids[399], ids[799]])
  })

  it('counts unavailable projects in the page: a page of 390 projects and 10 ids is full', async () => {
    const ids = platform.addProjects(410)
    for (const id of ids.slice(0, 10)) platform.markUnavailable(id)
    const { projects, unavailableIds } = await listAllProjects(client, { orgId: platform.defaultOrgId })
    expect(projects.map((p) => p.id)).toEqual(ids.slice(10))
    expect(unavailableIds).toEqual(ids.slice(0, 10))
    expect(platform.requests.filter((r) => r.path === '/projects')).toHaveLength(2)
  })

  it('reads 10,000 projects in 26 requests', async () => {
    platform.addProjects(10_000)
    const { projects } = await listAllProjects(client, { orgId: platform.defaultOrgId })
    expect(new Set(projects.map((p) => p.id)).size).toBe(10_000)
    expect(platform.requests.filter((r) => r.path === '/projects')).toHaveLength(26)
  })

  it('a cursor handed out a second time ends the listing with a warning naming it', async () => {
    platform.inject({ path: '/projects', kind: 'cursor', mode: 'cycle', times: 99 })
    const { projects, warning } = await listAllProjects(client)
    expect(projects).toHaveLength(800)
    expect(platform.requests.map((r) => r.query.cursor)).toEqual([undefined, 'cursor-a', 'cursor-b'])
    expect(warning).toBe(
      'The platform handed out the project list\'s cursor "cursor-a" a second time (page 3); the listing stops there and may be incomplete: 800 project(s) were read.',
    )
  })

  it('a full page of projects already read ends the listing with a warning naming its cursor', async () => {
    platform.inject({ path: '/projects', kind: 'cursor', mode: 'repeat', times: 99 })
    const { projects, warning } = await listAllProjects(client)
    expect(projects).toHaveLength(400)
    expect(platform.requests).toHaveLength(2)
    expect(warning).toMatch(/^Page 2 of the project list \(cursor "repeat-1"\) held only projects already read; the listing stops there/)
  })

  it('a cursor that does not move on after a full page is a repeat too', async () => {
    const server = await stubServer((_, res) => {
      res.setHeader('content-type', 'application/json')
      const projects = Array.from({ length: 400 }, (__, i) => ({ id: `p-${i}`, name: 'n' }))
      res.end(JSON.stringify({ projects, pagination: { cursor: 'same' } }))
    })
    const stub = makeClient({ baseUrl: server.url })
    const { projects, warning } = await listAllProjects(stub)
    expect(projects).toHaveLength(400)
    expect(server.hits).toBe(2)
    expect(warning).toContain('cursor "same" a second time (page 2)')
    await stub.close()
    await server.close()
  })

  it('a short page ends the listing whatever its cursor says', async () => {
    const server = await stubServer((_, res) => {
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ projects: [{ id: 'p-1', name: 'one' }], pagination: { cursor: 'next' } }))
    })
    const stub = makeClient({ baseUrl: server.url })
    const { projects, warning } = await listAllProjects(stub)
    expect(projects.map((p) => p.id)).toEqual(['p-1'])
    expect([server.hits, warning]).toEqual([1, undefined])
    await stub.close()
    await server.close()
  })

  it('pages operations newest first with the timestamp cursor', async () => {
    const project = platform.addProject().id
    const ids = Array.from({ length: 5 }, (_, i) => platform.addOperation(project, { createdAt: clock.now() + i * 1000 }))
    const first = await listOperations(client, project, { limit: 3 })
    expect(first.operations.map((o) => o.id)).toEqual([ids[4], ids[3], ids[2]])
    expect(first.cursor).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+Z$/)
    const second = await listOperations(client, project, { limit: 3, cursor: first.cursor })
    expect(second.operations.map((o) => o.id)).toEqual([ids[1], ids[0]])
  })
})

describe('error mapping', () => {
  it('401: the key is missing, invalid or revoked', async () => {
    const wrong = makeClient({ apiKey: 'napi_wrong' })
    const error = await failure(listApiKeys(wrong))
    expect(error.status).toBe(401)
    expect(error.message).toMatch(
      /^The platform refused the API key \(401 Unauthorized\): it is missing, invalid or revoked\. .*\(request id [0-9a-f-]{36}\)$/,
    )
    expect(error.message).not.toContain('napi_wrong')
    expect(error.attempts).toBe(1)
  })

  it('404 names what was not found', async () => {
    const project = platform.addProject().id
    const missing = '7d8e9f00-1111-4222-8333-944455556666'
    const error = await failure(getOperation(client, project, missing))
    expect(error.message).toContain(`operation ${missing} in project ${project} was not found (404)`)
    expect((await failure(listOperations(client, 'no-such-project', { limit: 1 }))).message).toContain(
      'project no-such-project was not found',
    )
    expect((await failure(revokeApiKey(client, 999))).message).toContain('API key 999 was not found')
  })

  it('carries the service code, message and request id of a JSON error body', async () => {
    platform.inject({
      path: '/api_keys',
      kind: 'status',
      status: 400,
      body: JSON.stringify({ code: 'BAD_NAME', message: 'key_name is invalid', request_id: 'req-123' }),
      contentType: 'application/json',
    })
    const error = await failure(createApiKey(client, 'x'))
    expect(error).toMatchObject({ status: 400, code: 'BAD_NAME', serviceMessage: 'key_name is invalid', requestId: 'req-123' })
    expect(error.message).toBe(
      'Could not create an API key named "x": the platform answered 400 Bad Request [BAD_NAME]: "key_name is invalid". (request id req-123)',
    )
  })

  it('quotes a short excerpt of a body that is not JSON, with the request id it sent', async () => {
    platform.inject({ path: '/api_keys', kind: 'html', status: 400 })
    const error = await failure(listApiKeys(client))
    expect(error.message).toMatch(
      /^Could not list API keys: the platform answered 400 Bad Request: \(text\/html\) ".+"\. \(request id [0-9a-f-]{36}\)$/,
    )
    expect(error.message).not.toContain('<')
    expect(error.message).not.toContain('undefined')
  })

  it('a 200 with a body that is not JSON, or without the expected fields, is one clear error', async () => {
    const server = await stubServer((req, res) => {
      res.statusCode = 200
      if (req.url?.startsWith('/api_keys')) {
        res.setHeader('content-type', 'text/html')
        res.end('<html><title>Sign in</title></html>')
      } else {
        res.setHeader('content-type', 'application/json')
        res.end(JSON.stringify({ operation: { id: 'x', status: 'running' }, extra: true }))
      }
    })
    const stub = makeClient({ baseUrl: server.url })
    const html = await failure(listApiKeys(stub))
    // A successful body is never quoted: it could hold a key not masked yet.
    expect(html.message).toMatch(
      /^Could not list API keys: the platform answered 200 with a body that is not JSON \(text\/html, 35 bytes\)\. \(request id /,
    )
    expect(html.message).not.toContain('Sign in')
    const missing = await failure(getOperation(stub, 'p', '7d8e9f00-1111-4222-8333-944455556666'))
    expect(missing.message).toContain(
      'the platform answered 200 without the expected fields: response.operation.project_id is missing, not a string',
    )
    expect(missing.message).not.toContain('undefined')
    await stub.close()
    await server.close()
  })

  it('never quotes a successful body, which may hold a key not masked yet', async () => {
    const server = await stubServer((_, res) => {
      res.setHeader('content-type', 'text/plain')
      res.end('{"id":77,"key":"napi_SUPERSECRET_VALUE","na')
    })
    const stub = makeClient({ baseUrl: server.url })
    const error = await failure(createApiKey(stub, 'x'))
    expect(error.message).not.toContain('SUPERSECRET')
    // The create may have been carried out: the caller must reconcile.
    expect(error.mayHaveReachedServer).toBe(true)
    await stub.close()
    await server.close()
  })

  it('a request that cannot be built is not retried', async () => {
    const bad = makeClient({ apiKey: 'napi_abc€x' })
    const error = await failure(listApiKeys(bad))
    expect(error.kind).toBe('invalid')
    expect(error.attempts).toBe(1)
    expect(error.message).not.toContain('napi_abc')
    await bad.close()
  })

  it('ignores extra fields the service adds', async () => {
    platform.addProjects(3)
    const { projects } = await listAllProjects(client, { orgId: platform.defaultOrgId })
    expect(projects).toHaveLength(3)
  })

  it('does not follow a redirect: the other host never sees the key', async () => {
    const elsewhere = await stubServer((_, res) => res.end('{}'))
    platform.inject({ path: '/api_keys', kind: 'redirect', location: `${elsewhere.url}/api_keys`, times: 10 })
    const error = await failure(listApiKeys(client))
    expect(error.kind).toBe('redirect')
    expect(error.message).toContain(`307 Temporary Redirect redirecting to ${elsewhere.url}/api_keys`)
    expect(error.message).toContain('does not follow redirects')
    expect(elsewhere.hits).toBe(0)
    await elsewhere.close()
  })
})

describe('retries', () => {
  it('a read survives two 503s, backing off with jitter', async () => {
    platform.inject({ path: '/api_keys', kind: 'status', status: 503, times: 2 })
    const keys = await listApiKeys(client)
    expect(keys.map((k) => k.id)).toEqual([admin.id])
    expect(clock.sleeps).toEqual([750, 1500])
    expect(log.warning).toHaveLength(2)
    expect(log.warning[0]).toMatch(
      /^GET \/api_keys: the platform answered 503 Service Unavailable.*; retrying in 750 ms \(attempt 2 of 5\)\.$/,
    )
  })

  it('honours Retry-After in seconds and as an HTTP date', async () => {
    platform.inject({ path: '/api_keys', kind: 'status', status: 429, retryAfter: '7' })
    platform.inject({ path: '/api_keys', kind: 'status', status: 429, retryAfter: new Date(clock.now() + 12_000).toUTCString() })
    await listApiKeys(client)
    expect(clock.sleeps[0]).toBe(7000)
    // The date is absolute: 12 s after the start, 7 s of which were already waited.
    expect(clock.sleeps[1]).toBe(5000)
  })

  it('a read survives a dropped connection and a 423', async () => {
    platform.inject({ path: '/api_keys', kind: 'drop', when: 'before' })
    platform.inject({ path: '/api_keys', kind: 'status', status: 423 })
    await expect(listApiKeys(client)).resolves.toHaveLength(1)
    expect(log.warning[0]).toContain('the connection failed')
  })

  it('gives up after the last attempt with the status and request id', async () => {
    platform.inject({ path: '/projects', kind: 'status', status: 502, times: 99 })
    const error = await failure(listAllProjects(client))
    expect(error.attempts).toBe(DEFAULT_RETRY_POLICY.maxAttempts)
    expect(error.message).toMatch(/^Could not list projects: the platform answered 502 Bad Gateway.* after 5 attempts\. \(request id .+\)$/)
  })

  it('does not retry a 4xx other than 423 and 429', async () => {
    platform.inject({ path: '/api_keys', kind: 'status', status: 400 })
    await failure(listApiKeys(client))
    expect(platform.requests).toHaveLength(1)
  })

  it('never resends a key creation that may have been carried out', async () => {
    platform.inject({ path: '/api_keys', method: 'POST', kind: 'status', status: 500 })
    const error = await failure(createApiKey(client, 'once'))
    expect(error.mayHaveReachedServer).toBe(true)
    expect(platform.requests.filter((r) => r.method === 'POST')).toHaveLength(1)
  })

  it('resends a key creation the service did not carry out (503)', async () => {
    platform.inject({ path: '/api_keys', method: 'POST', kind: 'status', status: 503 })
    const created = await createApiKey(client, 'twice')
    expect(platform.isKeyValid(created.id)).toBe(true)
    expect(platform.keys().filter((k) => k.name === 'twice')).toHaveLength(1)
  })

  it('a retried revoke that finds the key gone counts as revoked', async () => {
    const victim = platform.addKey('victim')
    platform.inject({ path: `/api_keys/${victim.id}`, kind: 'drop', when: 'after' })
    await expect(revokeApiKey(client, victim.id)).resolves.toMatchObject({ id: victim.id, revoked: true })
    expect(platform.isKeyValid(victim.id)).toBe(false)
  })

  it('a Retry-After beyond the step timeout fails at once', async () => {
    const short = makeClient({ deadline: clock.now() + 5000 })
    platform.inject({ path: '/api_keys', kind: 'status', status: 429, retryAfter: '60' })
    const error = await failure(listApiKeys(short))
    expect(error.message).toContain("The step's timeout leaves no time to wait 1 min and retry.")
    expect(clock.sleeps).toEqual([])
    await short.close()
  })

  it('cuts off a request that hangs, and says so', async () => {
    platform.inject({ path: '/api_keys', kind: 'delay', ms: 5000, times: 99 })
    const hurried = makeClient({ requestTimeoutMs: 50, retryPolicy: { maxAttempts: 2, baseDelayMs: 10, maxDelayMs: 10 } })
    const error = await failure(listApiKeys(hurried))
    expect(error.kind).toBe('timeout')
    expect(error.message).toMatch(/^Could not list API keys: No answer to GET \/api_keys within 50 ms after 2 attempts\./)
    await hurried.close()
  })
})

describe('what each failure says about the request', () => {
  it.each([500, 502, 503, 504, 423, 429])('a read is sent again after %i', async (status) => {
    platform.inject({ path: '/api_keys', kind: 'status', status })
    await expect(listApiKeys(client)).resolves.toHaveLength(1)
    expect(platform.requests.filter((r) => r.path === '/api_keys')).toHaveLength(2)
  })

  it.each([400, 401, 403, 404, 409, 422])('a 4xx answer to a create says it was not carried out (%i)', async (status) => {
    platform.inject({ path: '/api_keys', method: 'POST', kind: 'status', status })
    const error = await failure(createApiKey(client, 'refused'))
    expect(error.mayHaveReachedServer).toBe(false)
    expect(error.earlierAttemptUncertain).toBe(false)
    expect(platform.requests).toHaveLength(1)
  })

  it('a 5xx answer to a create may have been carried out', async () => {
    platform.inject({ path: '/api_keys', method: 'POST', kind: 'status', status: 502 })
    expect((await failure(createApiKey(client, 'maybe'))).mayHaveReachedServer).toBe(true)
  })

  it("each request's own deadline is cut to what is left of the step's timeout", async () => {
    // 30 s per request, but only 80 ms left of the step: the hung request ends as the step's deadline.
    platform.inject({ path: '/api_keys', kind: 'delay', ms: 10_000 })
    const short = makeClient({ deadline: clock.now() + 80 })
    const error = await failure(listApiKeys(short))
    expect(clock.deadlines).toEqual([80])
    expect(error.kind).toBe('deadline')
    expect(error.message).toMatch(/^The step's timeout ran out while GET \/api_keys was in flight\./)
    expect(platform.requests).toHaveLength(1)
    await short.close()
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
    expect(excerpt).toMatch(new RegExp(`^\\(${contentType.replace('/', '\\/')}\\) "|^\\(empty ${contentType.replace('/', '\\/')} body\\)$`))
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

describe('retry rules', () => {
  it('backs off exponentially with jitter, capped', () => {
    const policy = { maxAttempts: 9, baseDelayMs: 1000, maxDelayMs: 20_000 }
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffDelay(n, policy, () => 1))).toEqual([1000, 2000, 4000, 8000, 16_000, 20_000])
    expect(backoffDelay(3, policy, () => 0)).toBe(2000)
  })

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-11-21T10:00:00Z')
    expect(parseRetryAfter('3', now)).toBe(3000)
    expect(parseRetryAfter('Sat, 21 Nov 2026 10:00:05 GMT', now)).toBe(5000)
    expect(parseRetryAfter('Sat, 21 Nov 2026 09:00:00 GMT', now)).toBe(0)
    expect(parseRetryAfter('soon', now)).toBeUndefined()
    expect(parseRetryAfter(undefined, now)).toBeUndefined()
  })
})

interface Stub {
  url: string
  hits: number
  close(): Promise<void>
}

async function stubServer(handler: Parameters<typeof createServer>[1]): Promise<Stub> {
  const stub = { url: '', hits: 0 } as Stub
  const server: Server = createServer((req, res) => {
    stub.hits++
    handler!(req, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  stub.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  return stub
}

describe('readBody: body limits, wherever the chunks end', () => {
  const chunk = (bytes: number) => Buffer.alloc(bytes, 0x20)
  /** Chunks as a socket delivers them: one at a time, each after a turn of the event loop. */
  async function* body(chunks: Buffer[]) {
    for (const chunk of chunks) {
      await Promise.resolve()
      yield chunk
    }
  }
  const full = () => Array.from({ length: SUCCESS_BODY_LIMIT / 65_536 }, () => chunk(65_536))

  it('a successful body of exactly the limit is whole, even when a chunk ends right on it', async () => {
    expect(await readBody(body(full()), true)).toMatchObject({ tooLarge: false, bytes: SUCCESS_BODY_LIMIT })
  })

  it('one byte past the limit is too large, and nothing more is read', async () => {
    let readPast = false
    async function* past() {
      yield* body(full())
      yield chunk(1024)
      readPast = true
      yield chunk(1024)
    }
    expect(await readBody(past(), true)).toMatchObject({ tooLarge: true, text: '' })
    expect(readPast).toBe(false)
  })

  it('an error body is cut to its first ERROR_BODY_LIMIT bytes, never too large', async () => {
    const read = await readBody(body([chunk(ERROR_BODY_LIMIT - 10), chunk(20), chunk(30)]), false)
    expect(read).toMatchObject({ tooLarge: false, bytes: ERROR_BODY_LIMIT + 10 })
    expect(read.text.length).toBe(ERROR_BODY_LIMIT)
  })
})
