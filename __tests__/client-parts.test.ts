// The client's parts one by one, without the retry loop: building a request, sending it and
// reading the body within its limits, and what a failed or odd answer becomes.
import { afterEach, describe, expect, it } from '@jest/globals'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import Agent from 'undici/lib/dispatcher/agent.js'
import { buildRequest, classifyAnswer, finalError, mayRetry, PlatformClient, transportError, type RequestSpec } from '../src/api/client.js'
import { ERROR_BODY_LIMIT, excerptOf, readBody, sendRequest, SUCCESS_BODY_LIMIT, type Received } from '../src/http/transport.ts'
import { RequestError, type RequestErrorDetails } from '../src/http/errors.ts'
import { ShapeError } from '../src/api/shape.js'
import { manualClock } from './support/clock.js'

const base: RequestErrorDetails = { kind: 'network', method: 'GET', path: '/projects', requestId: 'req-1' }
const NOW = Date.parse('2026-11-21T10:00:00Z')
const spec: RequestSpec<unknown> = { method: 'GET', path: '/projects', purpose: 'list projects', retry: 'safe', parse: (v) => v }

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
    const post = { ...spec, method: 'POST' as const, body: { key_name: 'a' }, query: { org_id: 'org-1', limit: undefined } }
    const request = buildRequest(post, { basePath: '/api/v2', apiKey: 'k', userAgent: 'ua' }, 'id-1')
    expect(request.path).toBe('/api/v2/projects?org_id=org-1')
    expect(request.body).toBe('{"key_name":"a"}')
    expect(request.headers['content-type']).toBe('application/json')
  })
})

describe('readBody()', () => {
  async function* chunks(...sizes: number[]): AsyncGenerator<Buffer> {
    for (const size of sizes) {
      await Promise.resolve()
      yield Buffer.alloc(size, 0x61)
    }
  }

  it('stops reading an error body once it holds ERROR_BODY_LIMIT bytes', async () => {
    const read = await readBody(chunks(ERROR_BODY_LIMIT, 1, 1), false)
    expect(read.bytes).toBe(ERROR_BODY_LIMIT)
    expect(read.text).toHaveLength(ERROR_BODY_LIMIT)
    expect(read.tooLarge).toBe(false)
  })
})

describe('sendRequest()', () => {
  let server: Server | undefined
  let agent: Agent | undefined
  const sockets = new Set<Socket>()

  afterEach(async () => {
    for (const socket of sockets) socket.destroy()
    sockets.clear()
    await agent?.close()
    await new Promise((done) => (server ? server.close(done) : done(undefined)))
    server = undefined
    agent = undefined
  })

  async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
    server = createServer(handler)
    server.on('connection', (socket) => sockets.add(socket))
    await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done))
    agent = new Agent()
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  }

  const get = { method: 'GET' as const, path: '/x', headers: {} }

  it.each([500, 300, 404])('reads at most ERROR_BODY_LIMIT bytes of a %i answer', async (status) => {
    const origin = await serve((_req, res) => {
      res.writeHead(status, { 'content-type': 'text/plain' })
      res.end('e'.repeat(ERROR_BODY_LIMIT * 2))
    })
    const received = await sendRequest(agent!, origin, get, AbortSignal.timeout(10_000))
    expect(received).toMatchObject({ ok: true, status, tooLarge: false })
    const answer = received as Extract<Received, { ok: true }>
    expect(answer.bytes).toBeLessThan(ERROR_BODY_LIMIT * 2)
    expect(answer.text).toBe('e'.repeat(ERROR_BODY_LIMIT))
  })

  it('reads a successful body whole', async () => {
    const body = JSON.stringify({ projects: 'p'.repeat(ERROR_BODY_LIMIT * 2) })
    const origin = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(body)
    })
    const received = await sendRequest(agent!, origin, get, AbortSignal.timeout(10_000))
    expect(received).toMatchObject({ ok: true, status: 200, text: body, bytes: body.length, tooLarge: false })
  })

  it('does not read a successful body whose declared length is over the limit, and drops the connection', async () => {
    let closed: Promise<void> = Promise.resolve()
    const origin = await serve((_req, res) => {
      closed = new Promise((done) => res.socket!.on('close', () => done()))
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(SUCCESS_BODY_LIMIT + 1) })
      // A few bytes, then nothing: reading on would wait for ever.
      res.write('{"projects"')
    })
    const received = await sendRequest(agent!, origin, get, AbortSignal.timeout(10_000))
    expect(received).toMatchObject({ ok: true, status: 200, text: '', bytes: SUCCESS_BODY_LIMIT + 1, tooLarge: true })
    await closed
  })

  it('reads a successful body whose declared length is exactly the limit', async () => {
    const origin = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(SUCCESS_BODY_LIMIT) })
      res.end(Buffer.alloc(SUCCESS_BODY_LIMIT, 0x20))
    })
    const received = await sendRequest(agent!, origin, get, AbortSignal.timeout(20_000))
    expect(received).toMatchObject({ ok: true, status: 200, bytes: SUCCESS_BODY_LIMIT, tooLarge: false })
  })

  it('keeps the status of an answer whose body was cut off, and has none when no answer came', async () => {
    const origin = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' })
      res.write('{"proj', () => res.socket!.destroy())
    })
    const cut = await sendRequest(agent!, origin, get, AbortSignal.timeout(10_000))
    expect(cut).toMatchObject({ ok: false, status: 200 })
    await agent!.close()
    await new Promise((done) => server!.close(done))
    for (const socket of sockets) socket.destroy()
    agent = new Agent()
    const refused = await sendRequest(agent, origin, get, AbortSignal.timeout(10_000))
    expect(refused.ok).toBe(false)
    expect('status' in refused).toBe(false)
    server = undefined
  })
})

describe('transportError()', () => {
  const inTime = { ended: undefined, budgetMs: 30_000 }

  it('a request that cannot be built', () => {
    const error = transportError(
      { ok: false, cause: Object.assign(new Error('bad header'), { code: 'UND_ERR_INVALID_ARG' }) },
      inTime,
      base,
    )
    expect(error.message).toBe('the request could not be sent (bad header)')
    expect(error.kind).toBe('invalid')
  })

  it('a body cut off after the status, with or without a code', () => {
    const closed = transportError({ ok: false, cause: new Error('other side closed'), status: 200 }, inTime, base)
    expect(closed.message).toBe('the body of the 200 answer was cut off (connection closed)')
    expect(closed).toMatchObject({ kind: 'malformed', status: 200, code: 'truncated', mayHaveReachedServer: true })
    const reset = transportError({ ok: false, cause: { code: 'ECONNRESET' }, status: 502 }, inTime, base)
    expect(reset.message).toBe('the body of the 502 answer was cut off (ECONNRESET)')
  })

  it('a connection that failed: refused means not sent; the code may sit one cause deeper', () => {
    const refused = transportError({ ok: false, cause: { code: 'ECONNREFUSED' } }, inTime, base)
    expect(refused.message).toBe('the connection failed (ECONNREFUSED)')
    expect(refused).toMatchObject({ kind: 'network', mayHaveReachedServer: false })
    const nested = transportError({ ok: false, cause: new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } }) }, inTime, base)
    expect(nested.message).toBe('the connection failed (ECONNREFUSED)')
    expect(nested.mayHaveReachedServer).toBe(false)
    const reset = transportError({ ok: false, cause: { code: 'ECONNRESET' } }, inTime, base)
    expect(reset.mayHaveReachedServer).toBe(true)
  })

  it('a connection that failed without a code says what it can', () => {
    const error = transportError({ ok: false, cause: new Error('socket hang up') }, inTime, base)
    expect(error.message).toBe('the connection failed (socket hang up)')
    expect(error.mayHaveReachedServer).toBe(true)
    expect(transportError({ ok: false, cause: 'a string' }, inTime, base).message).toBe('the connection failed (unknown error)')
  })
})

describe('classifyAnswer()', () => {
  function answer(status: number, text: string, headers: Record<string, string> = {}): Extract<Received, { ok: true }> {
    return { ok: true, status, headers, text, bytes: Buffer.byteLength(text), tooLarge: false }
  }

  it('names a status it knows, and only the number of one it does not', () => {
    const known = classifyAnswer(spec, answer(502, ''), base, NOW)
    expect(!known.ok && known.error.message).toBe('the platform answered 502 Bad Gateway')
    const unknown = classifyAnswer(spec, answer(599, ''), base, NOW)
    expect(!unknown.ok && unknown.error.message).toBe('the platform answered 599')
    const redirect = classifyAnswer(spec, answer(399, '', { location: 'https://elsewhere.example/x?y' }), base, NOW)
    expect(!redirect.ok && redirect.error.message).toMatch(/^the platform answered 399 {2}redirecting to https:\/\/elsewhere\.example\/x; /)
  })

  it('says a body that is not JSON has no content type when none was given', () => {
    const result = classifyAnswer(spec, answer(200, 'hello'), base, NOW)
    expect(!result.ok && result.error.message).toBe('the platform answered 200 with a body that is not JSON (no content type, 5 bytes)')
  })
})

describe('classifyAnswer(): error bodies', () => {
  function answer(status: number, text: string, headers: Record<string, string> = {}): Extract<Received, { ok: true }> {
    return { ok: true, status, headers, text, bytes: Buffer.byteLength(text), tooLarge: false }
  }
  const errorOf = (status: number, body: unknown) => {
    const result = classifyAnswer(spec, answer(status, JSON.stringify(body), { 'content-type': 'application/json' }), base, NOW)
    if (result.ok) throw new Error('expected an error')
    return result.error
  }

  it('takes the code, message and request id only when they are non-empty strings', () => {
    expect(errorOf(500, { code: 'X', message: 'm', request_id: 'svc-1' })).toMatchObject({
      code: 'X',
      serviceMessage: 'm',
      requestId: 'svc-1',
    })
    const empty = errorOf(500, { code: '', message: '', request_id: '' })
    expect(empty).toMatchObject({ code: undefined, serviceMessage: undefined, requestId: 'req-1' })
    const numbers = errorOf(500, { code: 42, message: 7, request_id: 9 })
    expect(numbers).toMatchObject({ code: undefined, serviceMessage: undefined, requestId: 'req-1' })
    expect(numbers.excerpt).toBeDefined()
  })

  it('says a successful body over the limit was not read, and that the request may have been carried out', () => {
    const result = classifyAnswer(spec, { ...answer(200, ''), bytes: SUCCESS_BODY_LIMIT + 1, tooLarge: true }, base, NOW)
    expect(result.ok).toBe(false)
    const { error } = result as { error: RequestError }
    expect(error.message).toBe(
      'the platform answered 200 with a body over 64 MiB, more than any answer of the API should be; it was not read',
    )
    expect(error).toMatchObject({ kind: 'malformed', code: 'too-large', status: 200, mayHaveReachedServer: true })
  })

  it('tells JSON cut off from a body that is not JSON, by the content type alone', () => {
    const cut = classifyAnswer(spec, answer(200, '{"a', { 'content-type': 'Application/JSON; charset=utf-8' }), base, NOW)
    expect(cut.ok).toBe(false)
    expect((cut as { error: RequestError }).error).toMatchObject({
      message: 'the platform answered 200 with JSON that is cut off or invalid (3 bytes)',
      code: 'truncated',
      mayHaveReachedServer: true,
    })
    const html = classifyAnswer(spec, answer(200, '<html>', { 'content-type': ' text/html ; charset=utf-8' }), base, NOW)
    expect((html as { error: RequestError }).error).toMatchObject({
      message: 'the platform answered 200 with a body that is not JSON (text/html, 6 bytes)',
      code: undefined,
    })
  })

  it('a body without the expected fields: the request was carried out', () => {
    const strict = {
      ...spec,
      parse: () => {
        throw new ShapeError('id is missing')
      },
    }
    const result = classifyAnswer(strict, answer(201, '{}', { 'content-type': 'application/json' }), base, NOW)
    expect((result as { error: RequestError }).error).toMatchObject({
      message: 'the platform answered 201 without the expected fields: id is missing',
      kind: 'malformed',
      status: 201,
      mayHaveReachedServer: true,
    })
  })
})

describe('mayRetry()', () => {
  const error = (details: Partial<RequestErrorDetails>) => new RequestError('x', { ...base, ...details })

  it('never sends again what cannot get better, and says so with false', () => {
    for (const kind of ['deadline', 'redirect', 'invalid'] as const) {
      for (const retry of ['safe', 'poll', 'once'] as const) expect(mayRetry(retry, error({ kind }))).toBe(false)
    }
  })

  it('sends a body cut off in transit again, but not a complete body of the wrong shape', () => {
    expect(mayRetry('safe', error({ kind: 'malformed', code: 'truncated' }))).toBe(true)
    expect(mayRetry('once', error({ kind: 'malformed', code: 'truncated' }))).toBe(false)
    expect(mayRetry('safe', error({ kind: 'malformed' }))).toBe(false)
    expect(mayRetry('safe', error({ kind: 'malformed', code: 'too-large' }))).toBe(false)
  })
})

describe('PlatformClient', () => {
  let server: Server | undefined
  const paths: string[] = []

  afterEach(async () => {
    await new Promise((done) => (server ? server.close(done) : done(undefined)))
    server = undefined
    paths.length = 0
  })

  async function serve(status = 200): Promise<string> {
    server = createServer((req, res) => {
      paths.push(req.url ?? '')
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end('{"ok":true}')
    })
    await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done))
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
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
    const client = new PlatformClient({
      baseUrl: 'http://127.0.0.1:9/api/v2',
      apiKey: 'k',
      userAgent: 'ua',
      clock,
      logger: { info: () => {}, warning: () => {}, debug: () => {} },
      deadline: NOW,
      random: () => 0.5,
    })
    try {
      await expect(client.send(spec)).rejects.toThrow(
        "The step's timeout ran out before GET /projects. Could not list projects; raise the `timeout` input if the platform is slow.",
      )
    } finally {
      await client.close()
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

describe('finalError()', () => {
  it('drops only the final full stop of a time-out, whatever else its sentence holds', () => {
    const timeout = new RequestError('No answer to GET /x within 1.5 s.', { ...base, kind: 'timeout' })
    expect(finalError(spec, timeout).message).toBe('Could not list projects: No answer to GET /x within 1.5 s. (request id req-1)')
  })
})

describe('PlatformClient: each attempt', () => {
  let server: Server | undefined
  const ids: string[] = []

  afterEach(async () => {
    server?.closeAllConnections()
    await new Promise((done) => (server ? server.close(done) : done(undefined)))
    server = undefined
    ids.length = 0
  })

  /** A server that answers `{}`, or never answers when `hang`. */
  async function serve(hang = false): Promise<string> {
    server = createServer((req, res) => {
      ids.push(String(req.headers['x-request-id']))
      if (!hang) res.end('{}')
    })
    await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done))
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2`
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
      expect(error?.message).toBe(`Could not list projects: No answer to GET /projects within 50 ms. (request id ${ids[0]})`)
    } finally {
      await client.close()
    }
  })
})

describe('classifyAnswer(): a redirect that names no place', () => {
  it.each([{}, { location: '' }])('says so: %j', (headers) => {
    const redirect = classifyAnswer(spec, { ok: true, status: 302, headers, text: '', bytes: 0, tooLarge: false }, base, NOW)
    expect(!redirect.ok && redirect.error.message).toMatch(/^the platform answered 302 Found redirecting to an unnamed location; /)
  })
})

describe('finalError(): one full stop', () => {
  it('a redirect, whose own message ends a sentence, ends with one full stop before the request id', () => {
    const redirect = classifyAnswer(
      spec,
      { ok: true, status: 300, headers: { location: 'https://elsewhere.example/x' }, text: '', bytes: 0, tooLarge: false },
      base,
      NOW,
    )
    expect(!redirect.ok && redirect.error.kind).toBe('redirect')
    expect(!redirect.ok && finalError(spec, redirect.error).message).toBe(
      'Could not list projects: the platform answered 300 Multiple Choices redirecting to https://elsewhere.example/x; the action does not follow redirects, so the API key is never sent to another address. Check the `api-host` input. (request id req-1)',
    )
  })
})
