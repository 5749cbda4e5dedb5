// src/http/transport.ts: sending one request and reading its body within the limits, and an attempt that ends at its
// time however far its connection got. Unit tests, in this process; sendRequest() and sendAttempt() against plain
// servers on free ports of 127.0.0.1, on a manual clock.
import { afterEach, describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net'
import {
  Connections,
  ERROR_BODY_LIMIT,
  readBody,
  sendAttempt,
  sendRequest,
  SUCCESS_BODY_LIMIT,
  type Received,
  WASM_TIERING_FLAG,
} from '../../src/http/transport.ts'
import { manualClock } from '../support/clock.ts'
import { refusedConnections } from '../support/refused-connections.ts'
import { stubServer, type StubServer } from '../support/stub-server.ts'

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

describe('sendRequest()', () => {
  let server: StubServer | undefined
  let connections: Connections | undefined

  afterEach(async () => {
    // The server's connections first: a pool closes only once its requests have ended.
    await server?.close()
    await connections?.close()
    server = undefined
    connections = undefined
  })

  const send = (origin: string, request: typeof get, signal: AbortSignal) =>
    sendRequest(connections!, origin, request, signal)

  async function serve(handler: Parameters<typeof stubServer>[0]): Promise<string> {
    server = await stubServer(handler)
    connections = new Connections()
    return server.url
  }

  const get = { method: 'GET' as const, path: '/x', headers: {} }

  it.each([500, 300, 404])('reads at most ERROR_BODY_LIMIT bytes of a %i answer', async (status) => {
    const origin = await serve((_req, res) => {
      res.writeHead(status, { 'content-type': 'text/plain' })
      res.end('e'.repeat(ERROR_BODY_LIMIT * 2))
    })
    const received = await send(origin, get, AbortSignal.timeout(10_000))
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
    const received = await send(origin, get, AbortSignal.timeout(10_000))
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
    const received = await send(origin, get, AbortSignal.timeout(10_000))
    expect(received).toMatchObject({ ok: true, status: 200, text: '', bytes: SUCCESS_BODY_LIMIT + 1, tooLarge: true })
    await closed
  })

  it("a request's own body limit holds a successful body to it, declared or not; an error body keeps its own", async () => {
    const limit = 4096
    const answers: Array<[number, Record<string, string>, string]> = [
      [200, { 'content-length': String(limit + 1) }, 'x'.repeat(limit + 1)],
      [200, {}, 'x'.repeat(limit + 1)],
      [200, {}, 'x'.repeat(limit)],
      [500, {}, 'e'.repeat(limit * 4)],
    ]
    const origin = await serve((_req, res) => {
      const [status, headers, body] = answers.shift()!
      res.writeHead(status, { 'content-type': 'application/json', ...headers })
      res.end(body)
    })
    const limited = { ...get, bodyLimit: limit }
    expect(await send(origin, limited, AbortSignal.timeout(10_000))).toMatchObject({ tooLarge: true, text: '', limit })
    expect(await send(origin, limited, AbortSignal.timeout(10_000))).toMatchObject({ tooLarge: true, text: '', limit })
    expect(await send(origin, limited, AbortSignal.timeout(10_000))).toMatchObject({
      tooLarge: false,
      bytes: limit,
      limit,
    })
    expect(await send(origin, limited, AbortSignal.timeout(10_000))).toMatchObject({
      status: 500,
      bytes: limit * 4,
      tooLarge: false,
    })
  })

  it('reads a successful body whose declared length is exactly the limit', async () => {
    const origin = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(SUCCESS_BODY_LIMIT) })
      res.end(Buffer.alloc(SUCCESS_BODY_LIMIT, 0x20))
    })
    const received = await send(origin, get, AbortSignal.timeout(20_000))
    expect(received).toMatchObject({ ok: true, status: 200, bytes: SUCCESS_BODY_LIMIT, tooLarge: false })
  })

  it('keeps the status of an answer whose body was cut off, and has none when no answer came', async () => {
    const origin = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' })
      res.write('{"proj', () => res.socket!.destroy())
    })
    const cut = await send(origin, get, AbortSignal.timeout(10_000))
    expect(cut).toMatchObject({ ok: false, status: 200 })
    await connections!.close()
    await server!.close()
    // The server is gone; its port is not trusted to stay closed, so the connection is refused by the pool.
    connections = new Connections({}, refusedConnections().dispatcher)
    const refused = await send(origin, get, AbortSignal.timeout(10_000))
    expect(refused).toMatchObject({ ok: false, status: undefined, neverConnected: true })
    server = undefined
  })
})

describe('sendAttempt(): its time bounds it, however far its connection got', () => {
  const sockets = new Set<Socket>()
  let silent: ReturnType<typeof createTcpServer> | undefined
  afterEach(async () => {
    for (const socket of sockets) socket.destroy()
    await new Promise((done) => (silent ? silent.close(done) : done(undefined)))
  })

  it('a server that accepts the connection and never speaks TLS: the attempt ends at its own limit, and close() ends the connect', async () => {
    let closed: Promise<unknown> | undefined
    silent = createTcpServer((socket) => {
      sockets.add(socket)
      closed = new Promise((done) => socket.resume().on('close', done))
    })
    await new Promise<void>((done) => silent!.listen(0, '127.0.0.1', done))
    const origin = `https://127.0.0.1:${(silent.address() as AddressInfo).port}`
    const clock = manualClock(Date.parse('2026-11-21T10:00:00Z'), { deadlinesInClockTime: true })
    const connections = new Connections()
    const attempt = sendAttempt(
      connections,
      origin,
      { method: 'GET', path: '/x', headers: {} },
      {
        clock,
        deadline: clock.now() + 600_000,
        requestTimeoutMs: 30_000,
      },
    )
    // Once the server has the connection, the attempt's own 30 s pass.
    while (sockets.size === 0) await new Promise((done) => setImmediate(done))
    clock.advance(30_000)
    const ended = await attempt
    expect(ended).toMatchObject({ sent: true, ended: 'timeout', received: { ok: false, neverConnected: false } })
    // Ended before the connect gave up (undici's own connect timeout is 10 s of real time): the connection is still open.
    expect([...sockets].map((socket) => socket.destroyed)).toEqual([false])
    await connections.close()
    await closed
    // Without close() ending it, the connect would end only at undici's own 10 s connect timeout: this test's bound.
  }, 5_000)
})

describe("V8's WebAssembly tiering budget", () => {
  // The transport sets it when it loads (src/http/transport.ts says why). These guard its spelling only: a flag this
  // Node's V8 did not know would be ignored, and V8 would say so on stderr, which a runner shows in the step's log.
  // What it saves is measured by `npm run bench` (rotate-key), not here.
  it('is a flag V8 takes without a word', () => {
    const loaded = spawnSync(
      process.execPath,
      ['-e', `require('node:v8').setFlagsFromString(${JSON.stringify(WASM_TIERING_FLAG)})`],
      {
        encoding: 'utf8',
      },
    )
    expect(WASM_TIERING_FLAG).toMatch(/^--wasm-tiering-budget=\d+$/)
    expect(loaded.stderr).toBe('')
    expect(loaded.status).toBe(0)
  })

  it('a flag V8 does not know is said on stderr: the check above can fail', () => {
    const loaded = spawnSync(
      process.execPath,
      ['-e', `require('node:v8').setFlagsFromString('--wasm-tiering-budgets=1')`],
      {
        encoding: 'utf8',
      },
    )
    expect(loaded.stderr).toContain('unrecognized flag')
  })
})
