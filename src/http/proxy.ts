/**
 * Proxies, as a self-hosted runner in a company network has them. The action reads the proxy variables as curl and
 * the runner do, so it reaches the same hosts in the same way as a `curl` step beside it. Lower case comes first, an
 * empty variable counts as unset, https URLs go only through `https_proxy` and http URLs only through `http_proxy`,
 * and NO_PROXY follows curl's rules. undici's EnvHttpProxyAgent reads them differently: an empty lower-case variable
 * hides the upper-case one, an https URL falls back to `http_proxy`, and its NO_PROXY knows no CIDR. So this module
 * picks the proxy of each origin itself. An https request goes through a CONNECT tunnel that undici's ProxyAgent
 * opens (`tunnelAgent`). An http request goes to the proxy as an absolute URI (http/transport.ts), but never with a
 * credential, which the proxy could read (`refuseInClear`). A failure is read from its error class, code and cause,
 * and from the proxy's status, never from a library's words.
 */
import { STATUS_CODES } from 'node:http'
import { isIP } from 'node:net'
import { Pool, ProxyAgent, type Agent, type Dispatcher } from 'undici'
import { OwnError } from '../base/errors.ts'
import { blockList, parseBlock } from '../base/networks.ts'
import { untrusted } from '../base/text.ts'

/** Where the variables are read from: `process.env`, or a test's own. */
export type Environment = Readonly<Record<string, string | undefined>>

type ProxyVariable = 'https_proxy' | 'HTTPS_PROXY' | 'http_proxy' | 'HTTP_PROXY'

/** The variables read for each scheme, lower case first. */
const PROXY_VARIABLES: Readonly<Record<string, readonly [ProxyVariable, ProxyVariable]>> = {
  'https:': ['https_proxy', 'HTTPS_PROXY'],
  'http:': ['http_proxy', 'HTTP_PROXY'],
}
const NO_PROXY_VARIABLES = ['no_proxy', 'NO_PROXY'] as const
export const DEFAULT_PORTS: Readonly<Record<string, number>> = { 'http:': 80, 'https:': 443 }

/** A proxy variable the action cannot use. The message never quotes its value, which may hold credentials. */
export class ProxySettingError extends OwnError {
  constructor(message: string) {
    super(message)
    this.name = 'ProxySettingError'
  }
}

/**
 * A credential would go to a plain-http origin through a proxy, which could read it. The settings (inputs/urls.ts) or
 * the transport refuse it before anything is sent.
 */
export class ProxyInClearError extends ProxySettingError {
  constructor(message: string) {
    super(message)
    this.name = 'ProxyInClearError'
  }
}

export interface ProxyRoute {
  /** The proxy's origin that undici connects to: `http://host:port` or `https://host:port`, without credentials. */
  origin: string
  /** The proxy as `host:port`. The log and messages name it only this way. */
  display: string
  variable: ProxyVariable
  /** `Basic …` from the URL's user and password, sent to the proxy as Proxy-Authorization. Undefined without them. */
  authorization?: string
  /** The request's own `host:port`: the far end of the tunnel. */
  target: string
}

/**
 * The proxy for a request to `url`, or undefined to connect directly. An https URL uses `https_proxy`, else
 * `HTTPS_PROXY`. An http URL uses `http_proxy`, else `HTTP_PROXY`. `no_proxy` (else `NO_PROXY`) can exclude the host.
 * Throws ProxySettingError when the variable that applies is not the URL of an HTTP or HTTPS proxy.
 */
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

/**
 * Refuses a credential on its way to `url` when `url` is plain http and a proxy variable sends it through a proxy.
 * Otherwise undefined. `where` names the request or the setting, and `credential` what it carries. The refusal says
 * which variable, which proxy, and what to do.
 */
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

/**
 * One line for the log: the proxy of each scheme, by host and port only, and what NO_PROXY leaves out. Undefined when
 * no proxy variable is set. Throws ProxySettingError for a variable the action cannot use, so that a step fails on it
 * before its first request.
 */
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
  // Without a port, use the scheme's default port, as the runner does to reach GitHub. curl would try 1080.
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
 * Whether NO_PROXY sends `target` directly, by curl's rules. `*` alone matches every host. Commas and blanks separate
 * entries. A name matches itself and its subdomains, with or without a leading dot, in any case, without a trailing
 * dot. An IP address or CIDR range matches a URL whose host is an address in it, never a name: nothing is resolved.
 * Beyond curl, as the runner reads it, an entry may end in `:port` (`[v6]:port` for IPv6) to match that port only.
 * As undici and Go read it, `*.example.com` matches the subdomains of example.com, but not example.com itself.
 * A `/0` range matches every address. (curl reads `/0` as the address alone, by an accident of its code.)
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
  // Only one colon: more colons mean an IPv6 address, which needs brackets to carry a port.
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
 * What to mask in the proxy variables before anything is printed: each URL's user and password, as written and
 * percent-decoded, and the Proxy-Authorization value they make. This reads without a URL parser, so that a variable
 * the action cannot use is masked too.
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

/** The first of `names` set to more than blanks. An empty variable counts as unset, as for curl and the runner. */
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

// ---- tunnels ---------------------------------------------------------------------------

/** The proxy did not open a tunnel: it answered CONNECT with `status`, or its connection failed (`cause`). */
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

/** The pool to one proxy, where ProxyAgent asks for tunnels. A tunnel that fails to open is a ProxyTunnelError. */
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
 * The agent for https requests through `route`'s proxy. It asks the proxy for a CONNECT tunnel within
 * `tunnelTimeoutMs`, so the API key and the GitHub token reach the server inside TLS, and the proxy sees only the
 * host and port. `options` are the step's pool options. Their socket options (`connect`) apply to the proxy's
 * connections and to the tunnels' TLS alike. `onPool` hears of each pool it opens to a server, because the
 * transport listens for failed connects.
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

// ---- what a failure means ------------------------------------------------------------

/** A request that failed at its proxy: one sentence, and what the retry rules need. */
export interface ProxyFailure {
  /** Says that the proxy failed, names it by host:port, and says what to check. */
  message: string
  /** The request certainly never reached the server behind the proxy, so even a write may be sent again. */
  notSent: boolean
  /** Sending it again cannot help: the proxy refused the credentials or the destination. */
  final: boolean
}

/** Codes of a connection to the proxy that never opened, so nothing was sent. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT'])
const UNRESOLVED = new Set(['ENOTFOUND', 'EAI_AGAIN'])
/** A connection closed under the request, before the tunnel was open or before an answer came. */
const CLOSED = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET'])

/**
 * What a failed request through `route` says about the proxy. Undefined when the failure is not the proxy's (a
 * certificate, a timeout, the server's own answer). `got` is the error, or the status of a forwarded request's
 * answer. `neverConnected` means the connection failed before the request could leave. The message names the proxy
 * by host:port, so it never holds proxy credentials.
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

/** The `code` of an error (`UND_ERR_…`, `ECONNRESET`), or of its cause. */
export function errorCode(error: unknown): string | undefined {
  for (let cause = error, depth = 0; depth < 3 && typeof cause === 'object' && cause !== null; depth++) {
    const { code } = cause as { code?: unknown }
    if (typeof code === 'string' && /^[A-Z0-9_]{1,64}$/.test(code)) return code
    cause = (cause as { cause?: unknown }).cause
  }
  return undefined
}
