/**
 * A forward proxy on 127.0.0.1, as a corporate network puts in front of a self-hosted runner:
 * absolute-URI requests for http targets, CONNECT tunnels for https ones. It records what it
 * saw (method, target, whether Proxy-Authorization came, what it answered) and nothing else:
 * never a header value, never a byte of a tunnel; for the strings a test watches (an API key,
 * a token) it only counts how often they passed in clear. It can demand Basic credentials (407
 * otherwise), refuse, drop a request, cut a tunnel once open, drop every connection, or leave
 * one request unanswered.
 * It forwards only to loopback, so a test can never reach the outside through it.
 */
import {
  STATUS_CODES,
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http'
import { connect, type AddressInfo, type Socket } from 'node:net'
import type { Duplex } from 'node:stream'

export interface ProxiedRequest {
  /** `CONNECT` for a tunnel, else the method of an absolute-URI request. */
  method: string
  /** `host:port` of a tunnel, or the absolute URI of a forwarded request. */
  target: string
  /** Whether a Proxy-Authorization header came (its value is never kept). */
  authorization: boolean
  /** What the proxy answered: a status (200 for an open tunnel), or `dropped` when it closed the connection. */
  answer: number | 'dropped'
}

/**
 * How the proxy misbehaves, for every request from now on:
 * - `refuse`: answer every request and CONNECT with this status;
 * - `drop-request`: read the request, then close the connection without a word;
 * - `cut-tunnel`: answer CONNECT 200, then close the tunnel before a byte passes;
 * - `drop-connection`: close every connection as soon as it is accepted, before a request is read;
 * - `silent`: read a request or CONNECT and never answer it, keeping the connection open.
 */
export type ProxyFailure = { refuse: number } | 'drop-request' | 'cut-tunnel' | 'drop-connection' | 'silent'

export interface ForwardProxyOptions {
  /** Demand these Basic credentials: any request without them is answered 407. */
  credentials?: { user: string; password: string }
  /** Strings that should never pass the proxy in clear: counted in `sightings` wherever a client sends them. */
  watch?: string[]
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]'])
/** Hop-by-hop headers a proxy never passes on (RFC 9110, 7.6.1), and its own credentials. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'proxy-authenticate',
  'te',
  'trailer',
  'upgrade',
])

export class ForwardProxy {
  /** Every request and CONNECT the proxy saw, in order. */
  readonly seen: ProxiedRequest[] = []
  /** How often a watched string passed the proxy in clear: in a request line, a header, a body or a tunnel. */
  sightings = 0
  private readonly expected: string | undefined
  private readonly watched: string[]
  private failure: ProxyFailure | undefined
  /** Set by silentNext(): the next request is left unanswered, and this says it came. */
  private silentOnce: (() => void) | undefined
  private server: Server | undefined
  private readonly sockets = new Set<Duplex>()
  private address: AddressInfo | undefined

  constructor(options: ForwardProxyOptions = {}) {
    const { credentials } = options
    this.watched = (options.watch ?? []).filter((text) => text !== '')
    this.expected =
      credentials && `Basic ${Buffer.from(`${credentials.user}:${credentials.password}`).toString('base64')}`
  }

  async start(): Promise<string> {
    const server = createServer((req, res) => this.forward(req, res))
    server.on('connect', (req: IncomingMessage, socket: Duplex, head: Buffer) => this.tunnel(req, socket, head))
    server.on('connection', (socket: Socket) => {
      this.track(socket)
      if (this.failure === 'drop-connection') socket.destroy()
    })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(0, '127.0.0.1', () => resolve())
    })
    this.server = server
    this.address = server.address() as AddressInfo
    return this.url
  }

  async stop(): Promise<void> {
    const server = this.server
    if (!server) return
    this.server = undefined
    for (const socket of this.sockets) socket.destroy()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }

  /** `http://127.0.0.1:<port>`, for HTTPS_PROXY and HTTP_PROXY. */
  get url(): string {
    return `http://${this.hostPort}`
  }

  /** `127.0.0.1:<port>`: how the action should name the proxy. */
  get hostPort(): string {
    if (!this.address) throw new Error('the proxy is not started')
    return `127.0.0.1:${this.address.port}`
  }

  /** The proxy URL with credentials in it, percent-encoded as a URL needs them. */
  urlWith(user: string, password: string): string {
    return `http://${encodeURIComponent(user)}:${encodeURIComponent(password)}@${this.hostPort}`
  }

  /** Resolves once every connection a client opened to the proxy is closed. */
  async closed(): Promise<void> {
    await Promise.all(
      [...this.sockets].map(
        (socket) => new Promise((resolve) => (socket.destroyed ? resolve(undefined) : socket.once('close', resolve))),
      ),
    )
  }

  /** Misbehaves from now on; `undefined` makes it a good proxy again. */
  fail(failure: ProxyFailure | undefined): void {
    this.failure = failure
  }

  /**
   * The next request or CONNECT is read and never answered, its connection kept open, as `silent`
   * does; the ones after it are served. `reached` resolves once it came.
   */
  silentNext(): { reached: Promise<void> } {
    return { reached: new Promise<void>((resolve) => (this.silentOnce = resolve)) }
  }

  /** Counts the watched strings in a stream's bytes, a string cut between two chunks included. */
  private scanner(): (chunk: Buffer | string) => void {
    const keep = Math.max(0, ...this.watched.map((text) => text.length - 1))
    let tail = ''
    return (chunk) => {
      const text = tail + (typeof chunk === 'string' ? chunk : chunk.toString('latin1'))
      for (const watched of this.watched) {
        for (let at = text.indexOf(watched); at >= 0; at = text.indexOf(watched, at + 1))
          if (at + watched.length > tail.length) this.sightings++
      }
      tail = keep === 0 ? '' : text.slice(-keep)
    }
  }

  private track(socket: Duplex): void {
    this.sockets.add(socket)
    socket.on('close', () => this.sockets.delete(socket))
  }

  /** The status the proxy answers before it forwards anything, or undefined to go on. */
  private gate(req: IncomingMessage): number | 'dropped' | 'silent' | undefined {
    const once = this.silentOnce
    this.silentOnce = undefined
    if (once) {
      once()
      return 'silent'
    }
    const failure = this.failure
    if (failure === 'drop-request') return 'dropped'
    if (failure === 'silent') return 'silent'
    if (typeof failure === 'object') return failure.refuse
    if (this.expected !== undefined && req.headers['proxy-authorization'] !== this.expected) return 407
    return undefined
  }

  private record(req: IncomingMessage, target: string): ProxiedRequest {
    const seen: ProxiedRequest = {
      method: req.method ?? '',
      target,
      authorization: req.headers['proxy-authorization'] !== undefined,
      answer: 0,
    }
    this.seen.push(seen)
    return seen
  }

  private forward(req: IncomingMessage, res: ServerResponse): void {
    const scan = this.scanner()
    scan(`${req.method ?? ''} ${req.url ?? ''}\n${req.rawHeaders.join('\n')}\n`)
    req.on('data', scan)
    const seen = this.record(req, req.url ?? '')
    const stop = this.gate(req)
    if (stop === 'silent') return
    if (stop !== undefined) {
      seen.answer = stop
      if (stop === 'dropped') res.socket?.destroy()
      else this.answer(res, stop)
      return
    }
    let target: URL
    try {
      target = new URL(req.url ?? '')
    } catch {
      return this.answer(res, (seen.answer = 400))
    }
    if (target.protocol !== 'http:' || !LOOPBACK.has(target.hostname)) return this.answer(res, (seen.answer = 403))
    const headers: Record<string, string | string[]> = {}
    for (const [name, value] of Object.entries(req.headers))
      if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value
    const upstream = httpRequest({
      host: target.hostname.replace(/^\[|\]$/g, ''),
      port: target.port || 80,
      method: req.method,
      path: target.pathname + target.search,
      headers,
    })
    upstream.on('response', (answer) => {
      seen.answer = answer.statusCode ?? 502
      const passed: Record<string, string | string[]> = {}
      for (const [name, value] of Object.entries(answer.headers))
        if (value !== undefined && !HOP_BY_HOP.has(name)) passed[name] = value
      res.writeHead(seen.answer, passed)
      answer.pipe(res)
    })
    upstream.on('error', () => {
      if (res.headersSent) res.destroy()
      else this.answer(res, (seen.answer = 502))
    })
    req.pipe(upstream)
  }

  private tunnel(req: IncomingMessage, client: Duplex, head: Buffer): void {
    this.track(client)
    client.on('error', () => undefined)
    const scan = this.scanner()
    scan(`CONNECT ${req.url ?? ''}\n${req.rawHeaders.join('\n')}\n`)
    scan(head)
    const seen = this.record(req, req.url ?? '')
    const stop = this.gate(req)
    // Read on (and drop) what comes, so a client that closes the tunnel is seen to close it.
    if (stop === 'silent') return void client.resume().once('end', () => client.destroy())
    if (stop !== undefined) {
      seen.answer = stop
      if (stop === 'dropped') client.destroy()
      else client.end(statusHead(stop))
      return
    }
    const [host = '', port = ''] = splitHostPort(req.url ?? '')
    if (!LOOPBACK.has(host) || !/^\d+$/.test(port)) {
      seen.answer = 403
      client.end(statusHead(403))
      return
    }
    const upstream = connect(Number(port), host.replace(/^\[|\]$/g, ''))
    this.track(upstream)
    upstream.on('error', () => {
      if (seen.answer === 0) {
        seen.answer = 502
        client.end(statusHead(502))
      } else client.destroy()
    })
    upstream.on('connect', () => {
      seen.answer = 200
      const established = 'HTTP/1.1 200 Connection Established\r\n\r\n'
      if (this.failure === 'cut-tunnel') {
        upstream.destroy()
        client.end(established)
        return
      }
      client.write(established)
      if (head.length > 0) upstream.write(head)
      // Listened to in the same tick as the pipe, so no byte flows past either.
      client.on('data', scan)
      upstream.pipe(client)
      client.pipe(upstream)
    })
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
  }

  private answer(res: ServerResponse, status: number): void {
    const headers: Record<string, string> = { 'content-length': '0', connection: 'close' }
    if (status === 407) headers['proxy-authenticate'] = 'Basic realm="proxy"'
    res.writeHead(status, headers)
    res.end()
  }
}

/** The head of an answer to CONNECT that opens no tunnel. */
function statusHead(status: number): string {
  const challenge = status === 407 ? 'Proxy-Authenticate: Basic realm="proxy"\r\n' : ''
  return `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Refused'}\r\n${challenge}Content-Length: 0\r\nConnection: close\r\n\r\n`
}

function splitHostPort(target: string): [string, string] {
  const at = target.lastIndexOf(':')
  return at < 0 ? [target, ''] : [target.slice(0, at), target.slice(at + 1)]
}
