// src/api/client.ts: the platform's client. Its parts one by one (building a request, what a failed or odd answer
// becomes, what may be sent again), then the client whole: against plain servers on free ports of 127.0.0.1, and
// against the platform emulator with faults (error mapping, retries), in this process on a manual clock.
import { afterEach, describe, expect, it } from '@jest/globals'
import { buildRequest, finalError, PLATFORM, PlatformClient, type RequestSpec } from '../../src/api/client.ts'
import { readAnswer } from '../../src/http/answers.ts'
import { RequestError, type RequestErrorDetails } from '../../src/http/errors.ts'
import { Connections, SUCCESS_BODY_LIMIT } from '../../src/http/transport.ts'
import type { PlatformEmulator } from '../../emulator/platform.ts'
import {
  createApiKey,
  getOperation,
  listAllProjects,
  listApiKeys,
  listOperations,
  revokeApiKey,
} from '../../src/api/endpoints.ts'
import { RETRY_POLICIES } from '../../src/http/retry.ts'
import { manualClock, type CapturedLog, type ManualClock } from '../support/clock.ts'
import { inProcessPerTest, type InProcess } from '../support/in-process.ts'
import { refusedConnections } from '../support/refused-connections.ts'
import { stubServer, type StubServer } from '../support/stub-server.ts'

const base: RequestErrorDetails = { kind: 'network', method: 'GET', path: '/projects', requestId: 'req-1' }
const NOW = Date.parse('2026-11-21T10:00:00Z')
const spec: RequestSpec<unknown> = {
  method: 'GET',
  path: '/projects',
  purpose: 'list projects',
  retry: 'read',
  parse: (v) => v,
}

let platform: PlatformEmulator
let clock: ManualClock
let log: CapturedLog
let admin: { id: number; key: string }
let client: PlatformClient
/** A client as `client` is, but for the options given. */
let makeClient: InProcess['clientWith']

/** The emulator for each test of the describe that calls it, and a client with the `admin` key and a jitter of 0.5. */
const emulatorPerTest = () =>
  inProcessPerTest((run) => ({ platform, clock, log, key: admin, client, clientWith: makeClient } = run), {
    random: () => 0.5,
  })

async function failure(promise: Promise<unknown>): Promise<RequestError> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(RequestError)
    return error as RequestError
  }
  throw new Error('expected the request to fail')
}

describe('buildRequest()', () => {
  it('sends no body and no content type with a request that has none', () => {
    const request = buildRequest(spec, { basePath: '/api/v2', apiKey: 'k', userAgent: 'ua' }, 'id-1')
    expect(request).toEqual({
      method: 'GET',
      path: '/api/v2/projects',
      headers: { authorization: 'Bearer k', accept: 'application/json', 'user-agent': 'ua', 'x-request-id': 'id-1' },
    })
  })

  it('sends a JSON body with its content type, and the query', () => {
    const post = {
      ...spec,
      method: 'POST' as const,
      body: { key_name: 'a' },
      query: { org_id: 'org-1', limit: undefined },
    }
    const request = buildRequest(post, { basePath: '/api/v2', apiKey: 'k', userAgent: 'ua' }, 'id-1')
    expect(request.path).toBe('/api/v2/projects?org_id=org-1')
    expect(request.body).toBe('{"key_name":"a"}')
    expect(request.headers['content-type']).toBe('application/json')
  })
})

describe('finalError()', () => {
  it('drops only the final full stop of a time-out, whatever else its sentence holds', () => {
    const timeout = new RequestError('No answer to GET /x within 1.5 s.', { ...base, kind: 'timeout' })
    expect(finalError(spec, timeout).message).toBe(
      'Could not list projects: No answer to GET /x within 1.5 s. (request id req-1)',
    )
  })
})

describe('finalError(): one full stop', () => {
  it('a redirect, whose own message ends a sentence, ends with one full stop before the request id', () => {
    const received = {
      ok: true as const,
      status: 300,
      headers: { location: 'https://elsewhere.example/x' },
      text: '',
      bytes: 0,
      tooLarge: false,
      limit: SUCCESS_BODY_LIMIT,
    }
    const redirect = readAnswer(
      { sent: true, origin: 'https://console.example', received, ended: undefined, budgetMs: 1 },
      base,
      PLATFORM,
      NOW,
    )
    expect(!redirect.ok && redirect.error.kind).toBe('redirect')
    expect(!redirect.ok && finalError(spec, redirect.error).message).toBe(
      'Could not list projects: the platform answered 300 Multiple Choices redirecting to https://elsewhere.example/x; the action does not follow redirects, so the API key is never sent to another address. Check the `api-host` input. (request id req-1)',
    )
  })
})

describe('PlatformClient', () => {
  let server: StubServer | undefined
  const paths: string[] = []

  afterEach(async () => {
    await server?.close()
    server = undefined
    paths.length = 0
  })

  async function serve(status = 200): Promise<string> {
    server = await stubServer((req, res) => {
      paths.push(req.url ?? '')
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end('{"ok":true}')
    })
    return server.url
  }

  function clientFor(baseUrl: string, deadline = NOW + 60_000): PlatformClient {
    return new PlatformClient({
      baseUrl,
      apiKey: 'k',
      userAgent: 'ua',
      clock: manualClock(NOW),
      logger: { info: () => {}, warning: () => {}, debug: () => {} },
      deadline,
      random: () => 0.5,
    })
  }

  it('drops every trailing slash of the base URL', async () => {
    const client = clientFor(`${await serve()}/api/v2//`)
    try {
      await client.send(spec)
      expect(paths).toEqual(['/api/v2/projects'])
    } finally {
      await client.close()
    }
  })

  it('a client made from another shares its connections and leaves them open when closed', async () => {
    const client = clientFor(`${await serve()}/api/v2`)
    try {
      await client.withApiKey('other', 'refused').close()
      await expect(client.send(spec)).resolves.toEqual({ ok: true })
    } finally {
      await client.close()
    }
  })

  it('sends nothing once the step is out of time', async () => {
    const clock = manualClock(NOW)
    // Nothing listens there, whatever else runs on the machine: a request sent would be refused.
    const nowhere = refusedConnections().dispatcher
    const client = new PlatformClient({
      baseUrl: 'http://127.0.0.1:9/api/v2',
      apiKey: 'k',
      userAgent: 'ua',
      clock,
      logger: { info: () => {}, warning: () => {}, debug: () => {} },
      deadline: NOW,
      random: () => 0.5,
      connections: new Connections({}, nowhere),
    })
    try {
      await expect(client.send(spec)).rejects.toThrow(
        "The step's timeout ran out before GET /projects. Could not list projects; raise the `timeout` input if the platform is slow.",
      )
    } finally {
      await nowhere.close()
    }
  })

  it('sends nothing on a closed client', async () => {
    const client = clientFor(`${await serve()}/api/v2`)
    await client.close()
    await expect(client.send({ ...spec, retry: 'once' })).rejects.toThrow(RequestError)
    expect(paths).toEqual([])
  })

  it('passes on an error that is not about the answer as it is', async () => {
    const client = clientFor(`${await serve()}/api/v2`)
    const broken = {
      ...spec,
      parse: () => {
        throw new RangeError('a bug in a parser')
      },
    }
    try {
      await expect(client.send(broken)).rejects.toThrow(new RangeError('a bug in a parser'))
    } finally {
      await client.close()
    }
  })

  it('an error that leaves no time to retry is a deadline, and says so', async () => {
    const client = clientFor(`${await serve(503)}/api/v2`, NOW + 500)
    try {
      const error = await client.send(spec).then(
        () => undefined,
        (e: unknown) => e,
      )
      expect(error).toBeInstanceOf(RequestError)
      expect(error).toMatchObject({ kind: 'deadline', status: 503 })
      expect((error as RequestError).message).toContain("The step's timeout leaves no time to wait 750 ms and retry.")
    } finally {
      await client.close()
    }
  })
})

describe('PlatformClient: each attempt', () => {
  let server: StubServer | undefined
  const ids: string[] = []

  afterEach(async () => {
    await server?.close()
    server = undefined
    ids.length = 0
  })

  /** A server that answers `{}`, or never answers when `hang`. */
  async function serve(hang = false): Promise<string> {
    server = await stubServer((req, res) => {
      ids.push(String(req.headers['x-request-id']))
      if (!hang) res.end('{}')
    })
    return `${server.url}/api/v2`
  }

  /** The manual clock, counting the per-request deadlines still armed. */
  function countingClock() {
    const clock = manualClock(NOW)
    let armed = 0
    return {
      clock: {
        ...clock,
        deadline: (ms: number) => {
          const timer = clock.deadline(ms)
          armed++
          return { signal: timer.signal, clear: () => (armed--, timer.clear()) }
        },
      },
      armed: () => armed,
    }
  }

  it('logs the request, its query and its request id at debug level, and clears its deadline once answered', async () => {
    const debug: string[] = []
    const { clock, armed } = countingClock()
    const client = new PlatformClient({
      baseUrl: await serve(),
      apiKey: 'k',
      userAgent: 'ua',
      clock,
      logger: { info: () => {}, warning: () => {}, debug: (m) => debug.push(m) },
      deadline: NOW + 60_000,
    })
    try {
      await client.send({ ...spec, query: { limit: 5, search: 'web app' } })
      expect(debug).toEqual([`GET /projects?limit=5&search=web+app (request id ${ids[0]})`])
      expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/)
      expect(armed()).toBe(0)
    } finally {
      await client.close()
    }
  })

  it('runs out of its own time, not the step’s, when exactly that much of the step is left', async () => {
    const client = new PlatformClient({
      baseUrl: await serve(true),
      apiKey: 'k',
      userAgent: 'ua',
      clock: manualClock(NOW),
      logger: { info: () => {}, warning: () => {}, debug: () => {} },
      deadline: NOW + 50,
      requestTimeoutMs: 50,
    })
    try {
      const error = await client.send({ ...spec, retry: 'once' }).then(
        () => undefined,
        (e: unknown) => e as RequestError,
      )
      expect(error).toMatchObject({ kind: 'timeout' })
      expect(error?.message).toBe(
        `Could not list projects: No answer to GET /projects within 50 ms. (request id ${ids[0]})`,
      )
    } finally {
      await client.close()
    }
  })
})

describe('error mapping', () => {
  emulatorPerTest()

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

  it('a revoked key is refused as a wrong one is', async () => {
    const old = platform.addKey('old')
    await revokeApiKey(client, old.id)
    const revoked = makeClient({ apiKey: old.key })
    const error = await failure(listApiKeys(revoked))
    expect(error.message).toMatch(/^The platform refused the API key \(401 Unauthorized\)/)
    await revoked.close()
  })

  it.each([
    [
      'an HTML page with 200',
      { kind: 'status', status: 200, body: '<html><title>Login</title></html>', contentType: 'text/html' },
      /the platform answered 200 with a body that is not JSON \(text\/html, 33 bytes\)/,
    ],
    [
      'a 200 without the fields',
      { kind: 'status', status: 200, body: '{"unexpected": true}', contentType: 'application/json' },
      /the platform answered 200 without the expected fields: response is not an array/,
    ],
    [
      'an empty 500',
      { kind: 'status', status: 500, body: '', contentType: 'text/plain' },
      /the platform answered 500 Internal Server Error: \(empty text\/plain body\) after 5 attempts/,
    ],
  ])('%s: one clear error', async (_, fault, expected) => {
    platform.inject({ path: '/api_keys', times: 99, ...(fault as { kind: 'status'; status: number }) })
    const error = await failure(listApiKeys(client))
    expect(error.message).toMatch(expected)
    expect(error.message).toMatch(/\(request id [^)]+\)$/)
    expect(error.message).not.toContain('undefined')
  })

  it.each([
    ['1 MB of <', '<', 'text/plain'],
    ['1 MB of <title', '<title', 'text/html'],
  ])('a 502 with %s ends within the timeout, with a short excerpt', async (_, fill, contentType) => {
    platform.inject({ path: '/api_keys', kind: 'large', status: 502, bytes: 1_000_000, fill, contentType, times: 99 })
    const short = makeClient({ deadline: clock.now() + 5000 })
    const error = await failure(listApiKeys(short))
    await short.close()
    expect(error.message).toMatch(
      new RegExp(
        `^Could not list API keys: the platform answered 502 Bad Gateway: \\(${contentType.replace('/', '\\/')}\\) "`,
      ),
    )
    expect(error.message.length).toBeLessThan(600)
    // Retried within the timeout (back-off of about 1 and 2 s), then no time was left.
    expect(platform.requests.length).toBeGreaterThanOrEqual(2)
    expect(platform.requests.length).toBeLessThanOrEqual(4)
  })

  it.each([
    ['declared by Content-Length', true],
    ['found while reading', false],
  ])('a success body over 64 MiB, %s, is refused once, not downloaded again', async (_, declareLength) => {
    platform.inject({ path: '/api_keys', kind: 'large', bytes: 64 * 1024 * 1024 + 1024, declareLength, times: 99 })
    const error = await failure(listApiKeys(client))
    expect(error.message).toMatch(
      /^Could not list API keys: the platform answered 200 with a body over 64 MiB, more than any answer of the API should be; it was not read \[too-large\]\. \(request id [0-9a-f-]{36}\)$/,
    )
    expect(platform.requests).toHaveLength(1)
    expect(log.warning).toEqual([])
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
    expect(error).toMatchObject({
      status: 400,
      code: 'BAD_NAME',
      serviceMessage: 'key_name is invalid',
      requestId: 'req-123',
    })
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
  emulatorPerTest()

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
    platform.inject({
      path: '/api_keys',
      kind: 'status',
      status: 429,
      retryAfter: new Date(clock.now() + 12_000).toUTCString(),
    })
    await listApiKeys(client)
    expect(clock.sleeps[0]).toBe(7000)
    // The date is absolute: 12 s after the start, 7 s of which were already waited.
    expect(clock.sleeps[1]).toBe(5000)
  })

  it('a read survives a dropped connection and a 423', async () => {
    platform.inject({ path: '/api_keys', kind: 'drop', when: 'before' })
    platform.inject({ path: '/api_keys', kind: 'status', status: 423 })
    await expect(listApiKeys(client)).resolves.toHaveLength(1)
    expect(log.warning[0]).toContain('the connection to the platform failed')
    expect(log.warning[1]).toContain('423 Locked')
  })

  it('a listing survives two 503s, a 429 with Retry-After and a dropped connection, with one warning for each', async () => {
    platform.addProjects(3)
    platform.inject({ path: '/projects', kind: 'status', status: 503, times: 2 })
    platform.inject({ path: '/projects', kind: 'status', status: 429, retryAfter: '2' })
    platform.inject({ path: '/projects', kind: 'drop', when: 'before' })
    const { projects } = await listAllProjects(client, { orgId: platform.defaultOrgId })
    expect(projects).toHaveLength(3)
    expect(log.warning).toHaveLength(4)
    expect(log.warning[0]).toMatch(
      /^GET \/projects: the platform answered 503 Service Unavailable.*retrying in .* \(attempt 2 of 5\)\.$/,
    )
    expect(log.warning[2]).toContain('429 Too Many Requests')
    expect(log.warning[2]).toContain('retrying in 2 s')
    expect(log.warning[3]).toContain('the connection to the platform failed')
  })

  it('a body cut off in transit is read again', async () => {
    platform.inject({ path: '/api_keys', kind: 'truncated' })
    await expect(listApiKeys(client)).resolves.toHaveLength(1)
    expect(platform.requests).toHaveLength(2)
  })

  it('a body cut off every time fails clearly', async () => {
    platform.inject({ path: '/api_keys', kind: 'truncated', times: 99 })
    const error = await failure(listApiKeys(client))
    expect(error.message).toMatch(
      /^Could not list API keys: the platform answered 200 with JSON that is cut off or invalid \(\d+ bytes\) after 5 attempts\. \(request id [0-9a-f-]{36}\)$/,
    )
  })

  it('gives up after the last attempt with the status and request id', async () => {
    platform.inject({ path: '/projects', kind: 'status', status: 502, times: 99 })
    const error = await failure(listAllProjects(client))
    expect(error.attempts).toBe(RETRY_POLICIES.read.attempts)
    expect(error.message).toMatch(
      /^Could not list projects: the platform answered 502 Bad Gateway.* after 5 attempts\. \(request id .+\)$/,
    )
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
    const hurried = makeClient({ requestTimeoutMs: 50 })
    const error = await failure(listApiKeys(hurried))
    expect(error.kind).toBe('timeout')
    expect(error.message).toMatch(
      /^Could not list API keys: No answer to GET \/api_keys within 50 ms after 5 attempts\./,
    )
    await hurried.close()
  })
})

describe('what each failure says about the request', () => {
  emulatorPerTest()

  it.each([500, 502, 503, 504, 423, 429])('a read is sent again after %i', async (status) => {
    platform.inject({ path: '/api_keys', kind: 'status', status })
    await expect(listApiKeys(client)).resolves.toHaveLength(1)
    expect(platform.requests.filter((r) => r.path === '/api_keys')).toHaveLength(2)
  })

  it.each([400, 401, 403, 404, 409, 422])(
    'a 4xx answer to a create says it was not carried out (%i)',
    async (status) => {
      platform.inject({ path: '/api_keys', method: 'POST', kind: 'status', status })
      const error = await failure(createApiKey(client, 'refused'))
      expect(error.mayHaveReachedServer).toBe(false)
      expect(error.earlierAttemptUncertain).toBe(false)
      expect(platform.requests).toHaveLength(1)
    },
  )

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
