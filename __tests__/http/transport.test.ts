// src/http/transport.ts: sending one request and reading its body within the limits, and the excerpt of a body that is not JSON.
// Unit tests, in this process; sendRequest() against a plain HTTP server on a free port of 127.0.0.1.
import { afterEach, describe, expect, it } from '@jest/globals'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import Agent from 'undici/lib/dispatcher/agent.js'
import { ERROR_BODY_LIMIT, excerptOf, readBody, sendRequest, SUCCESS_BODY_LIMIT, type Received } from '../../src/http/transport.ts'
import { refusedConnections } from '../support/refused-connections.ts'

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
    // The server is gone; its port is not trusted to stay closed, so the connection is refused by the pool.
    agent = refusedConnections().dispatcher
    const refused = await sendRequest(agent, origin, get, AbortSignal.timeout(10_000))
    expect(refused.ok).toBe(false)
    expect('status' in refused).toBe(false)
    server = undefined
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
