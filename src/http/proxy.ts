/**
 * Proxies, read as curl and the runner read them (docs/compatibility.md), so the action reaches the same hosts as a
 * `curl` step beside it. undici's EnvHttpProxyAgent reads them otherwise (an empty lower-case variable hides the
 * upper-case one, https falls back to `http_proxy`, no CIDR in NO_PROXY), so this module picks each proxy itself.
 * A failure is read from its error class, code, cause and status, never from a library's words.
 */
import { STATUS_CODES } from 'node:http'
import { isIP } from 'node:net'
import { Pool, ProxyAgent, type Agent, type Dispatcher } from 'undici'
import { OwnError } from '../base/errors.ts'
import { blockList, parseBlock } from '../base/networks.ts'
import { untrusted } from '../base/text.ts'

export type Environment = Readonly<Record<string, string | undefined>>

type ProxyVariable = 'https_proxy' | 'HTTPS_PROXY' | 'http_proxy' | 'HTTP_PROXY'

/** Lower case first. */
const PROXY_VARIABLES: Readonly<Record<string, readonly [ProxyVariable, ProxyVariable]>> = {
  'https:': ['https_proxy', 'HTTPS_PROXY'],
  'http:': ['http_proxy', 'HTTP_PROXY'],
}
const NO_PROXY_VARIABLES = ['no_proxy', 'NO_PROXY'] as const
export const DEFAULT_PORTS: Readonly<Record<string, number>> = { 'http:': 80, 'https:': 443 }

/** The message never quotes the variable's value, which may hold credentials. */
export class ProxySettingError extends OwnError {
  constructor(message: string) {
    super(message)
    this.name = 'ProxySettingError'
  }
}

/** A credential would go to a plain-http origin through a proxy, which could read it. Refused before any request. */
export class ProxyInClearError extends ProxySettingError {
  constructor(message: string) {
    super(message)
    this.name = 'ProxyInClearError'
  }
}

export interface ProxyRoute {
  /** Without credentials. */
  origin: string
  /** `host:port`: the only way the log and messages name the proxy. */
  display: string
  variable: ProxyVariable
  /** `Basic …` from the URL's user and password, sent as Proxy-Authorization. */
  authorization?: string
  /** The far end of the tunnel. */
  target: string
}

/** Undefined to connect directly. Throws ProxySettingError when the variable that applies is no HTTP(S) proxy URL. */
export function proxyFor(url: string | URL, env: Environment): ProxyRoute | undefined {
  const target = typeof url === 'string' ? new URL(url) : url
  const variables = PROXY_VARIABLES[target.protocol]
  if (variables === undefined) return undefined
  const named = firstSet(env, variables)
  if (named === undefined) return undefined
  const noProxy = firstSet(env, NO_PROXY_VARIABLES)
  if (noProxy !== undefined && bypasses(target, noProxy.value)) return undefined
  const port = target.port === '' ? DEFAULT_PORTS[target.protocol] : Number(target.port)
  return { ...parseProxy(named.name, named.value), target: `${target.hostname}:${port}` }
}

/** Undefined unless `url` is plain http and a proxy variable sends it through a proxy. */
export function refuseInClear(
  url: string,
  env: Environment,
  where: string,
  credential: 'the API key' | 'the GitHub token' | 'its credential',
): ProxyInClearError | undefined {
  const target = new URL(url)
  if (target.protocol !== 'http:') return undefined
  const route = proxyFor(target, env)
  if (route === undefined) return undefined
  const noProxy = firstSet(env, NO_PROXY_VARIABLES)?.name ?? 'NO_PROXY'
  return new ProxyInClearError(
    `${where} is plain http, and ${route.variable} sends it through the proxy ${untrusted(route.display)}, ` +
      `which would read ${credential} in clear. Nothing was sent. ` +
      `Add ${untrusted(target.hostname)} to ${noProxy}, or use https.`,
  )
}

/** One line for the log, by host and port only. Throws ProxySettingError, so a step fails before its first request. */
export function describeProxySettings(env: Environment): string | undefined {
  const proxies = Object.entries(PROXY_VARIABLES).flatMap(([protocol, names]) => {
    const named = firstSet(env, names)
    return named === undefined ? [] : [{ scheme: protocol.slice(0, -1), proxy: parseProxy(named.name, named.value) }]
  })
  if (proxies.length === 0) return undefined
  const noProxy = firstSet(env, NO_PROXY_VARIABLES)
  const bypass = noProxy === undefined ? '' : `; ${noProxy.name} leaves out ${untrusted(noProxy.value.trim())}`
  return `Proxies: ${proxies.map(describeProxy).join(', ')}${bypass}.`
}

function describeProxy({ scheme, proxy }: { scheme: string; proxy: Omit<ProxyRoute, 'target'> }): string {
  return `${untrusted(scheme)} through ${untrusted(proxy.display)} (${proxy.variable}${proxy.authorization ? ', with credentials' : ''})`
}

function parseProxy(variable: ProxyVariable, raw: string): Omit<ProxyRoute, 'target'> {
  const value = raw.trim()
  // curl takes a value without a scheme as an http proxy.
  const withScheme = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(value) ? value : `http://${value}`
  let url: URL
  try {
    url = new URL(withScheme)
  } catch {
    throw new ProxySettingError(
      `${variable} is not a proxy URL the action can read: expected http://[user:password@]host:port.`,
    )
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ProxySettingError(
      `${variable} names a ${untrusted(url.protocol.slice(0, -1), 20)} proxy: the action speaks to HTTP and HTTPS proxies only (http:// or https://).`,
    )
  }
  if (url.hostname === '')
    throw new ProxySettingError(`${variable} names no proxy host: expected http://[user:password@]host:port.`)
  // Without a port, the scheme's default, as the runner does. curl would try 1080.
  const port = url.port === '' ? DEFAULT_PORTS[url.protocol] : Number(url.port)
  const route: Omit<ProxyRoute, 'target'> = {
    origin: `${url.protocol}//${url.hostname}:${port}`,
    display: `${url.hostname}:${port}`,
    variable,
  }
  if (url.username !== '' || url.password !== '') {
    let credentials: string
    try {
      credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`
    } catch {
      throw new ProxySettingError(
        `${variable} holds a user or password that is not percent-encoded correctly: write a % in them as %25.`,
      )
    }
    route.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`
  }
  return route
}

/**
 * By curl's rules; nothing is resolved. As the runner reads it, an entry may end in `:port`. As undici and Go read it,
 * `*.example.com` leaves out example.com itself. A `/0` range matches every address (curl's reading is an accident).
 */
function bypasses(target: URL, noProxy: string): boolean {
  const value = noProxy.trim()
  if (value === '*') return true
  const host = target.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase()
  const family = isIP(host)
  const name = family === 0 ? host.replace(/\.$/, '') : host
  const port = target.port === '' ? DEFAULT_PORTS[target.protocol] : Number(target.port)
  for (const entry of value.split(/[\s,]+/)) {
    if (entry === '') continue
    const { pattern, port: only } = splitPort(entry)
    if (only !== undefined && only !== port) continue
    if (family === 0 ? nameMatches(name, pattern) : addressMatches(host, family, pattern)) return true
  }
  return false
}

function splitPort(entry: string): { pattern: string; port?: number } {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry)
  if (bracketed) return { pattern: bracketed[1]!, port: bracketed[2] === undefined ? undefined : Number(bracketed[2]) }
  // More colons mean an IPv6 address, which needs brackets to carry a port.
  const withPort = /^([^:]+):(\d+)$/.exec(entry)
  return withPort ? { pattern: withPort[1]!, port: Number(withPort[2]) } : { pattern: entry }
}

function nameMatches(name: string, pattern: string): boolean {
  let domain = pattern.toLowerCase().replace(/\.$/, '')
  const subdomainsOnly = domain.startsWith('*.')
  domain = subdomainsOnly ? domain.slice(2) : domain.replace(/^\./, '')
  if (domain === '') return false
  if (name === domain) return !subdomainsOnly
  return name.endsWith(`.${domain}`)
}

function addressMatches(address: string, family: number, pattern: string): boolean {
  const block = parseBlock(pattern)
  const type = family === 4 ? 'ipv4' : 'ipv6'
  return block?.family === type && blockList([pattern]).check(address, type)
}

/**
 * What to mask before anything is printed: user and password, as written and decoded, and the Proxy-Authorization
 * value. Read without a URL parser, so a variable the action cannot use is masked too.
 */
export function proxySecrets(env: Environment): string[] {
  const secrets = new Set<string>()
  for (const name of Object.values(PROXY_VARIABLES).flat()) {
    const value = env[name]?.trim()
    if (!value) continue
    const authority = value.replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/\//, '')
    const at = authority.lastIndexOf('@')
    if (at < 0) continue
    const userinfo = authority.slice(0, at)
    const colon = userinfo.indexOf(':')
    const user = colon < 0 ? userinfo : userinfo.slice(0, colon)
    const password = colon < 0 ? '' : userinfo.slice(colon + 1)
    const decoded = [percentDecoded(user), percentDecoded(password)]
    for (const secret of [user, password, ...decoded]) if (secret !== '') secrets.add(secret)
    secrets.add(Buffer.from(`${decoded[0]}:${decoded[1]}`).toString('base64'))
  }
  return [...secrets]
}

function percentDecoded(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/** An empty variable counts as unset, as for curl and the runner. */
function firstSet<Name extends string>(
  env: Environment,
  names: readonly Name[],
): { name: Name; value: string } | undefined {
  for (const name of names) {
    const value = env[name]
    if (value !== undefined && value.trim() !== '') return { name, value }
  }
  return undefined
}

// ---- tunnels ----

/** The proxy answered CONNECT with `status`, or its connection failed (`cause`). */
export class ProxyTunnelError extends Error {
  readonly status: number | undefined
  constructor(status: number | undefined, cause?: unknown) {
    super(
      status === undefined ? 'the proxy could not be asked for a tunnel' : `the proxy answered CONNECT with ${status}`,
      { cause },
    )
    this.name = 'ProxyTunnelError'
    this.status = status
  }
}

/** Where ProxyAgent asks for tunnels. A tunnel that fails to open is a ProxyTunnelError. */
class TunnelPool extends Pool {
  override connect(options: ConnectOptions): Promise<Dispatcher.ConnectData>
  override connect(options: ConnectOptions, callback: (err: Error | null, data: Dispatcher.ConnectData) => void): void
  override connect(
    options: ConnectOptions,
    callback?: (err: Error | null, data: Dispatcher.ConnectData) => void,
  ): Promise<Dispatcher.ConnectData> | void {
    const opened = super.connect(options).then(
      (data) => {
        if (data.statusCode === 200) return data
        data.socket.destroy()
        throw new ProxyTunnelError(data.statusCode)
      },
      (cause: unknown) => {
        throw new ProxyTunnelError(undefined, cause)
      },
    )
    if (callback === undefined) return opened
    opened.then(
      (data) => callback(null, data),
      (error: Error) => callback(error, undefined as never),
    )
  }
}
type ConnectOptions = Parameters<Pool['connect']>[0]

/**
 * A CONNECT tunnel, so the API key and the GitHub token travel inside TLS and the proxy sees only host and port.
 * `onPool` hears of each pool to a server: the transport listens for failed connects.
 */
export function tunnelAgent(
  route: ProxyRoute,
  options: Agent.Options,
  tunnelTimeoutMs: number,
  onPool: (pool: Dispatcher) => void,
): Dispatcher {
  const tls = typeof options.connect === 'object' ? options.connect : undefined
  return new ProxyAgent({
    ...options,
    uri: route.origin,
    token: route.authorization,
    requestTls: tls,
    proxyTls: tls,
    clientFactory: (origin, poolOptions) => new TunnelPool(origin, { ...poolOptions, headersTimeout: tunnelTimeoutMs }),
    factory: (origin, poolOptions) => {
      const pool = new Pool(origin, poolOptions)
      onPool(pool)
      return pool
    },
  })
}

// ---- what a failure means ----

export interface ProxyFailure {
  /** Names the proxy by host:port, and says what to check. */
  message: string
  /** It surely never reached the server, so even a write may be sent again. */
  notSent: boolean
  /** The proxy refused the credentials or the destination: sending again cannot help. */
  final: boolean
}

/** The connection to the proxy never opened: nothing was sent. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT'])
const UNRESOLVED = new Set(['ENOTFOUND', 'EAI_AGAIN'])
/** Closed under the request, before the tunnel opened or an answer came. */
const CLOSED = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET'])

/**
 * Undefined when the failure is not the proxy's (a certificate, a timeout, the server's answer). `got` is the error,
 * or a forwarded request's status. The message names the proxy by host:port, never with credentials.
 */
export function describeProxyFailure(
  got: { cause?: unknown; status?: number },
  route: ProxyRoute,
  neverConnected: boolean,
): ProxyFailure | undefined {
  const tunnel = got.cause instanceof ProxyTunnelError ? got.cause : undefined
  const status = got.status ?? tunnel?.status
  const code = errorCode(tunnel ? tunnel.cause : got.cause)
  const named = untrusted(code ?? '')
  const proxy = `The proxy ${untrusted(route.display)} (from ${route.variable})`
  const target = untrusted(route.target)
  const describeNotSent = (message: string, final = false): ProxyFailure => ({ message, notSent: true, final })
  if (status === 407) {
    return describeNotSent(
      route.authorization
        ? `${proxy} refused the credentials in ${route.variable} (407 Proxy Authentication Required): check the user name and password there, percent-encoded, and that the proxy takes Basic authentication.`
        : `${proxy} asks for credentials (407 Proxy Authentication Required): give them in ${route.variable} as http://user:password@${untrusted(route.display)}, percent-encoded.`,
      true,
    )
  }
  if (status !== undefined && tunnel) {
    const answer = `${status} ${STATUS_CODES[status] ?? ''}`.trim()
    if (status >= 500) {
      return describeNotSent(
        `${proxy} could not open a tunnel to ${target} (${answer}): check that the proxy can reach ${target}, or add the host to NO_PROXY if the runner reaches it directly.`,
      )
    }
    return describeNotSent(
      `${proxy} refused a tunnel to ${target} (${answer}): check that the proxy allows HTTPS to ${target}, or add the host to NO_PROXY if the runner reaches it directly.`,
      true,
    )
  }
  if (!tunnel && !neverConnected) {
    if (code === undefined || !CLOSED.has(code)) return undefined
    const message = `The connection through the proxy ${untrusted(route.display)} (from ${route.variable}) closed before an answer came (${named}): check the proxy's log.`
    return { message, notSent: false, final: false }
  }
  if (code !== undefined && UNREACHABLE.has(code)) {
    return describeNotSent(
      `${proxy} could not be reached (${named}): check the host and port in ${route.variable}, and that the proxy runs and the runner may connect to it.`,
    )
  }
  if (code !== undefined && UNRESOLVED.has(code))
    return describeNotSent(`${proxy} could not be found (${named}): check the host name in ${route.variable}.`)
  if (code === 'UND_ERR_HEADERS_TIMEOUT') {
    return describeNotSent(
      `${proxy} did not answer the request for a tunnel to ${target}: check that the proxy runs, and its log.`,
    )
  }
  if (code === undefined || CLOSED.has(code)) {
    return describeNotSent(
      `${proxy} closed the connection before the tunnel to ${target} was open (${named || 'closed'}): check the proxy's log; it may refuse HTTPS to that host or port.`,
    )
  }
  // Anything else, such as a certificate, is for the caller to explain. Nothing was sent.
  return undefined
}

/** `UND_ERR_…`, `ECONNRESET`: on the error or its causes. */
export function errorCode(error: unknown): string | undefined {
  for (let cause = error, depth = 0; depth < 3 && typeof cause === 'object' && cause !== null; depth++) {
    const { code } = cause as { code?: unknown }
    if (typeof code === 'string' && /^[A-Z0-9_]{1,64}$/.test(code)) return code
    cause = (cause as { cause?: unknown }).cause
  }
  return undefined
}
