// src/http/proxy.ts and proxy-variables.ts: the proxy variables as curl and the runner read them (which one applies, NO_PROXY, credentials,
// what is masked), and proxyDispatcher against a real forward proxy on loopback (__tests__/support/forward-proxy.ts),
// plain and through a TLS front with a test CA; what each failure says; and that start-up loads nothing more without a
// proxy variable (child processes).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { execFile } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import type { Dispatcher } from 'undici'
import dispatchRequest from 'undici/lib/api/api-request.js'
import { PlatformEmulator } from '../../emulator/platform.ts'
import {
  describeCertificateError,
  describeProxyFailure,
  describeProxySettings,
  proxyDispatcher,
  proxyFor,
  type ProxyFailure,
  type ProxyRoute,
} from '../../src/http/proxy.ts'
import { ProxySettingError, proxySecrets, proxyVariableSet, type Environment } from '../../src/http/proxy-variables.ts'
import { ForwardProxy, type ProxyFailure as ProxyFailureMode } from '../support/forward-proxy.ts'
import { makeTestCa, type TestCa } from '../support/test-ca.ts'
import { startTlsFront, type TlsFront } from '../support/tls-front.ts'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const run = promisify(execFile)

/** Whether a request to `url` goes through a proxy under `env`, and which variable named it. */
function via(url: string, env: Environment): string | undefined {
  return proxyFor(url, env)?.variable
}

describe('proxyFor: which variable, as curl and the runner read them', () => {
  const cases: [string, Environment, string | undefined][] = [
    ['https URL, https_proxy', { https_proxy: 'http://p:1' }, 'https_proxy'],
    ['https URL, HTTPS_PROXY', { HTTPS_PROXY: 'http://p:1' }, 'HTTPS_PROXY'],
    ['https URL, both: lower case wins', { https_proxy: 'http://lower:1', HTTPS_PROXY: 'http://upper:1' }, 'https_proxy'],
    ['https URL, lower case empty: upper case', { https_proxy: '', HTTPS_PROXY: 'http://upper:1' }, 'HTTPS_PROXY'],
    ['https URL, lower case blank: upper case', { https_proxy: '  ', HTTPS_PROXY: 'http://upper:1' }, 'HTTPS_PROXY'],
    ['https URL, only http_proxy: direct (no fallback)', { http_proxy: 'http://p:1', HTTP_PROXY: 'http://p:1' }, undefined],
    ['no variable: direct', {}, undefined],
  ]
  it.each(cases)('%s', (_label, env, variable) => {
    expect(via('https://console.example.com/api/v2', env)).toBe(variable)
  })

  const httpCases: [string, Environment, string | undefined][] = [
    ['http URL, http_proxy', { http_proxy: 'http://p:1' }, 'http_proxy'],
    ['http URL, HTTP_PROXY (the runner exports both spellings)', { HTTP_PROXY: 'http://p:1' }, 'HTTP_PROXY'],
    ['http URL, both: lower case wins', { http_proxy: 'http://lower:1', HTTP_PROXY: 'http://upper:1' }, 'http_proxy'],
    ['http URL, only https_proxy: direct', { https_proxy: 'http://p:1' }, undefined],
  ]
  it.each(httpCases)('%s', (_label, env, variable) => {
    expect(via('http://127.0.0.1:4010/api/v2', env)).toBe(variable)
  })

  it('takes the proxy of the variable that wins, and names the target', () => {
    const route = proxyFor('https://console.example.com/api/v2', { https_proxy: 'http://lower:3128', HTTPS_PROXY: 'http://upper:8080' })
    expect(route).toEqual({
      origin: 'http://lower:3128',
      display: 'lower:3128',
      variable: 'https_proxy',
      target: 'console.example.com:443',
    })
  })

  it('loopback is not left out by itself (curl does not either): NO_PROXY must name it', () => {
    expect(via('http://127.0.0.1:4010', { http_proxy: 'http://p:1' })).toBe('http_proxy')
    expect(via('http://localhost:4010', { http_proxy: 'http://p:1' })).toBe('http_proxy')
  })
})

describe('proxyFor: the proxy URL', () => {
  const cases: [string, string, Pick<ProxyRoute, 'origin' | 'display'>][] = [
    ['a full URL', 'http://proxy.corp:3128', { origin: 'http://proxy.corp:3128', display: 'proxy.corp:3128' }],
    ['no scheme: http, as curl reads it', 'proxy.corp:3128', { origin: 'http://proxy.corp:3128', display: 'proxy.corp:3128' }],
    ['no port: the scheme’s, as the runner reads it', 'http://proxy.corp', { origin: 'http://proxy.corp:80', display: 'proxy.corp:80' }],
    ['an https proxy without port', 'https://proxy.corp/', { origin: 'https://proxy.corp:443', display: 'proxy.corp:443' }],
    ['upper-case scheme and host', 'HTTP://Proxy.Corp:3128', { origin: 'http://proxy.corp:3128', display: 'proxy.corp:3128' }],
    ['an IPv6 proxy', 'http://[fd00::1]:3128', { origin: 'http://[fd00::1]:3128', display: '[fd00::1]:3128' }],
    ['blanks around it', '  http://proxy.corp:3128 \n', { origin: 'http://proxy.corp:3128', display: 'proxy.corp:3128' }],
    [
      'credentials: never in origin or display',
      'http://svc:s3cret@proxy.corp:3128',
      { origin: 'http://proxy.corp:3128', display: 'proxy.corp:3128' },
    ],
  ]
  it.each(cases)('%s', (_label, value, expected) => {
    expect(proxyFor('https://example.com', { HTTPS_PROXY: value })).toMatchObject(expected)
  })

  it.each([
    ['user and password', 'http://svc:s3cret@p:1', 'svc:s3cret'],
    ['percent-encoded', 'http://d%40main%5Csvc:p%40ss%3Aw%2Frd@p:1', 'd@main\\svc:p@ss:w/rd'],
    ['an @ left unencoded in the password (the last @ ends the user part)', 'http://svc:p@ss@p:1', 'svc:p@ss'],
    ['a user alone', 'http://svc@p:1', 'svc:'],
  ])('Proxy-Authorization from %s', (_label, value, credentials) => {
    expect(proxyFor('https://example.com', { https_proxy: value })?.authorization).toBe(
      `Basic ${Buffer.from(credentials).toString('base64')}`,
    )
  })

  it('no credentials: no Proxy-Authorization', () => {
    expect(proxyFor('https://example.com', { https_proxy: 'http://p:1' })?.authorization).toBeUndefined()
  })

  it.each([
    ['a SOCKS proxy', 'socks5://svc:s3cret@p:1080', /names a socks5 proxy/],
    ['no host', 'http://svc:s3cret@:3128', /not a proxy URL|names no proxy host/],
    ['not a URL', 'http://svc:s3cret@pro xy:3128', /not a proxy URL/],
    ['a broken percent sign', 'http://svc:s3%cret@p:1', /percent-encoded/],
  ])('%s: a ProxySettingError that never quotes the value', (_label, value, message) => {
    let thrown: unknown
    try {
      proxyFor('https://example.com', { HTTPS_PROXY: value })
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(ProxySettingError)
    expect((thrown as Error).message).toMatch(message)
    expect((thrown as Error).message).toContain('HTTPS_PROXY')
    expect((thrown as Error).message).not.toMatch(/s3c|svc/)
  })

  it('a bad variable that does not apply is not read (as curl)', () => {
    expect(proxyFor('https://example.com', { http_proxy: 'socks5://p:1' })).toBeUndefined()
    expect(proxyFor('https://example.com', { https_proxy: 'socks5://p:1', no_proxy: 'example.com' })).toBeUndefined()
  })
})

describe('proxyFor: NO_PROXY, by curl’s rules', () => {
  // [no_proxy, URL, goes directly]
  const cases: [string, string, boolean][] = [
    ['*', 'https://example.com', true],
    [' * ', 'https://example.com', true],
    ['a.test,*', 'https://example.com', false], // curl: `*` matches only as the whole value
    ['example.com', 'https://example.com', true],
    ['example.com', 'https://api.example.com', true],
    ['example.com', 'https://a.b.example.com', true],
    ['example.com', 'https://notexample.com', false],
    ['example.com', 'https://example.com.evil.test', false],
    ['.example.com', 'https://example.com', true], // curl drops the leading dot
    ['.example.com', 'https://api.example.com', true],
    ['*.example.com', 'https://api.example.com', true], // undici's and Go's reading; curl matches nothing
    ['*.example.com', 'https://example.com', false],
    ['EXAMPLE.com.', 'https://Example.COM', true],
    ['example.com', 'https://example.com./x', true],
    ['example.com:8443', 'https://example.com:8443', true], // the runner's host:port
    ['example.com:8443', 'https://example.com', false],
    ['example.com:443', 'https://example.com', true],
    ['example.com:80', 'http://example.com', true],
    ['a.test  b.test,,c.test', 'https://b.test', true],
    ['a.test\tb.test , c.test', 'https://c.test', true],
    ['a.test,b.test', 'https://d.test', false],
    ['127.0.0.1', 'http://127.0.0.1:4010', true],
    ['127.0.0.1', 'http://localhost:4010', false], // nothing is resolved
    ['localhost', 'http://localhost:4010', true],
    ['localhost', 'http://127.0.0.1:4010', false],
    ['127.0.0.1:4010', 'http://127.0.0.1:4010', true],
    ['127.0.0.1:4011', 'http://127.0.0.1:4010', false],
    ['10.0.0.0/8', 'https://10.1.2.3', true],
    ['10.0.0.0/8', 'https://11.0.0.1', false],
    ['10.0.0.0/8', 'https://10.1.2.3.nip.example', false],
    ['192.168.1.0/255', 'https://192.168.1.1', false], // a bad prefix matches nothing
    ['0.0.0.0/0', 'https://203.0.113.9', true],
    ['::1', 'http://[::1]:4010', true],
    ['[::1]', 'http://[::1]:4010', true],
    ['[::1]:4010', 'http://[::1]:4010', true],
    ['[::1]:4011', 'http://[::1]:4010', false],
    ['fd00::/8', 'https://[fd12:3456::1]', true],
    ['fd00::/8', 'https://[fe80::1]', false],
    ['::1', 'http://127.0.0.1', false],
  ]
  it.each(cases)('no_proxy=%j, %s: direct %s', (noProxy, url, direct) => {
    const env = { https_proxy: 'http://p:1', http_proxy: 'http://p:1', no_proxy: noProxy }
    expect(proxyFor(url, env) === undefined).toBe(direct)
  })

  it('no_proxy wins over NO_PROXY; an empty no_proxy counts as unset', () => {
    const base = { https_proxy: 'http://p:1' }
    expect(proxyFor('https://example.com', { ...base, no_proxy: 'other.test', NO_PROXY: 'example.com' })).toBeDefined()
    expect(proxyFor('https://example.com', { ...base, no_proxy: '', NO_PROXY: 'example.com' })).toBeUndefined()
    expect(proxyFor('https://example.com', { ...base, NO_PROXY: 'example.com' })).toBeUndefined()
  })
})

describe('what is secret, and what the log may say', () => {
  it('masks the user, the password (as written and decoded) and the Proxy-Authorization value', () => {
    const secrets = proxySecrets({ https_proxy: 'http://d%40main:p%40ss@p:1', HTTP_PROXY: 'other:pw2@q:2' })
    expect(secrets).toEqual(
      expect.arrayContaining(['d%40main', 'd@main', 'p%40ss', 'p@ss', Buffer.from('d@main:p@ss').toString('base64'), 'other', 'pw2']),
    )
  })

  it('masks the credentials of a value that is no URL at all', () => {
    expect(proxySecrets({ HTTPS_PROXY: 'http://svc:pa ss@pro xy:3128' })).toEqual(expect.arrayContaining(['svc', 'pa ss']))
  })

  it('has nothing to mask without credentials', () => {
    expect(proxySecrets({ https_proxy: 'http://p:1', no_proxy: 'a@b' })).toEqual([])
  })

  it('describes the proxies by host and port only', () => {
    const env = { https_proxy: 'http://svc:s3cret@proxy.corp:3128', http_proxy: 'proxy.corp:8080', NO_PROXY: 'localhost,.corp' }
    const line = describeProxySettings(env)
    expect(line).toBe(
      'Proxies: https through proxy.corp:3128 (https_proxy, with credentials), http through proxy.corp:8080 (http_proxy); NO_PROXY leaves out localhost,.corp.',
    )
    expect(line).not.toMatch(/svc|s3cret/)
    expect(describeProxySettings({ NO_PROXY: '*' })).toBeUndefined()
    expect(proxyVariableSet({ NO_PROXY: '*' })).toBe(false)
    expect(proxyVariableSet({ HTTP_PROXY: 'p:1' })).toBe(true)
  })
})

/** One GET through `dispatcher`; the error when it fails. */
async function get(dispatcher: Dispatcher, url: string, key: string): Promise<{ status: number; body: string } | { error: unknown }> {
  const { origin, pathname } = new URL(url)
  try {
    const answer = await dispatchRequest.call(dispatcher, {
      origin,
      path: pathname,
      method: 'GET',
      headers: { authorization: `Bearer ${key}` },
    })
    return { status: answer.statusCode, body: await answer.body.text() }
  } catch (error) {
    return { error }
  }
}

function failureOf(result: Awaited<ReturnType<typeof get>>, route: ProxyRoute | undefined): ProxyFailure | undefined {
  if (!('error' in result)) throw new Error(`expected a failure, got ${result.status}`)
  if (!route) throw new Error('expected a route')
  return describeProxyFailure(result.error, route)
}

describe('proxyDispatcher, against a real proxy on loopback', () => {
  let ca: TestCa
  let platform: PlatformEmulator
  let key: string
  let plainUrl: string
  let front: TlsFront
  let proxy: ForwardProxy
  const dispatchers: Dispatcher[] = []

  beforeAll(async () => {
    ca = await makeTestCa()
  })
  afterAll(async () => {
    await ca.remove()
  })

  beforeEach(async () => {
    platform = new PlatformEmulator()
    plainUrl = await platform.start()
    key = platform.addKey('admin').key
    front = await startTlsFront(plainUrl, ca.server)
    proxy = new ForwardProxy({ watch: [key] })
    await proxy.start()
  })
  afterEach(async () => {
    for (const dispatcher of dispatchers.splice(0)) await dispatcher.destroy()
    await proxy.stop()
    await front.stop()
    await platform.stop()
  })

  /** The dispatcher for `env`, trusting the test CA as NODE_EXTRA_CA_CERTS makes a runner trust it. */
  async function dispatcherFor(env: Environment): Promise<Dispatcher> {
    const dispatcher = await proxyDispatcher(env, { connect: { ca: ca.ca } })
    if (!dispatcher) throw new Error('expected a dispatcher')
    dispatchers.push(dispatcher)
    return dispatcher
  }

  it('is undefined when no proxy variable is set', async () => {
    expect(await proxyDispatcher({ NO_PROXY: '*' })).toBeUndefined()
    expect(await proxyDispatcher({ https_proxy: '', HTTPS_PROXY: '' })).toBeUndefined()
  })

  it('sends an http request to the proxy as an absolute URI', async () => {
    const dispatcher = await dispatcherFor({ http_proxy: proxy.url })
    const result = await get(dispatcher, `${plainUrl}/api_keys`, key)
    expect(result).toMatchObject({ status: 200 })
    expect(proxy.seen).toEqual([{ method: 'GET', target: `${plainUrl}/api_keys`, authorization: false, answer: 200 }])
    // Plain http: the proxy reads the API key; that is what an http api-host through a proxy means.
    expect(proxy.sightings).toBeGreaterThan(0)
  })

  it('opens a CONNECT tunnel for an https request: the proxy sees the host and port, never the key', async () => {
    const dispatcher = await dispatcherFor({ https_proxy: proxy.url })
    const result = await get(dispatcher, `${front.url}/api_keys`, key)
    expect(result).toMatchObject({ status: 200 })
    expect(proxy.seen).toEqual([{ method: 'CONNECT', target: new URL(front.url).host, authorization: false, answer: 200 }])
    expect(proxy.sightings).toBe(0)
    expect(platform.requests.map((r) => r.path)).toEqual(['/api_keys'])
  })

  it('sends the URL’s credentials as Proxy-Authorization, to the proxy only', async () => {
    await proxy.stop()
    proxy = new ForwardProxy({ credentials: { user: 'd@main\\svc', password: 'p@ss:w/rd' }, watch: [key] })
    await proxy.start()
    const dispatcher = await dispatcherFor({
      HTTPS_PROXY: proxy.urlWith('d@main\\svc', 'p@ss:w/rd'),
      HTTP_PROXY: proxy.urlWith('d@main\\svc', 'p@ss:w/rd'),
    })
    expect(await get(dispatcher, `${front.url}/api_keys`, key)).toMatchObject({ status: 200 })
    expect(await get(dispatcher, `${plainUrl}/api_keys`, key)).toMatchObject({ status: 200 })
    expect(proxy.seen.map((s) => [s.method, s.authorization, s.answer])).toEqual([
      ['CONNECT', true, 200],
      ['GET', true, 200],
    ])
    // Neither request carried it on to the platform.
    expect(platform.requests.every((r) => r.headers['proxy-authorization'] === undefined)).toBe(true)
  })

  it('leaves out what NO_PROXY names', async () => {
    const dispatcher = await dispatcherFor({ https_proxy: proxy.url, http_proxy: proxy.url, no_proxy: '127.0.0.1' })
    expect(await get(dispatcher, `${front.url}/api_keys`, key)).toMatchObject({ status: 200 })
    expect(await get(dispatcher, `${plainUrl}/api_keys`, key)).toMatchObject({ status: 200 })
    expect(await get(dispatcher, `${front.urlByName}/api_keys`, key)).toMatchObject({ status: 200 })
    expect(proxy.seen.map((s) => s.target)).toEqual([new URL(front.urlByName).host])
  })

  describe('a 407', () => {
    beforeEach(async () => {
      await proxy.stop()
      proxy = new ForwardProxy({ credentials: { user: 'svc', password: 's3cret' } })
      await proxy.start()
    })

    it.each([
      [
        'a tunnel, no credentials',
        'https',
        undefined,
        /asks for credentials \(407 Proxy Authentication Required\): give them in https_proxy/,
      ],
      ['a tunnel, wrong credentials', 'https', 'wrong', /refused the credentials in https_proxy \(407/],
      [
        'an absolute URI, no credentials',
        'http',
        undefined,
        /asks for credentials \(407 Proxy Authentication Required\): give them in http_proxy/,
      ],
      ['an absolute URI, wrong credentials', 'http', 'wrong', /refused the credentials in http_proxy \(407/],
    ])('through %s: the proxy named, final, never sent on', async (_label, scheme, password, message) => {
      const proxyUrl = password === undefined ? proxy.url : proxy.urlWith('svc', password)
      const env = scheme === 'https' ? { https_proxy: proxyUrl } : { http_proxy: proxyUrl }
      const url = `${scheme === 'https' ? front.url : plainUrl}/api_keys`
      const failure = failureOf(await get(await dispatcherFor(env), url, key), proxyFor(url, env))
      expect(failure).toEqual({ message: expect.stringMatching(message), notSent: true, final: true })
      expect(failure?.message).toContain(`The proxy ${proxy.hostPort} (from ${scheme}_proxy)`)
      expect(failure?.message).not.toMatch(/wrong|svc/)
      expect(proxy.seen.map((s) => s.answer)).toEqual([407])
      expect(platform.requests).toEqual([])
    })
  })

  it.each<[string, ProxyFailureMode, RegExp, boolean]>([
    [
      'refuses the tunnel (403)',
      { refuse: 403 },
      /refused a tunnel to 127\.0\.0\.1:\d+ \(403 Forbidden\): check that the proxy allows HTTPS/,
      true,
    ],
    ['cannot reach the host (502)', { refuse: 502 }, /could not open a tunnel to 127\.0\.0\.1:\d+ \(502 Bad Gateway\)/, false],
    [
      'drops the CONNECT',
      'drop-request',
      /closed the connection before the tunnel to 127\.0\.0\.1:\d+ was open \(UND_ERR_PRX_CONN\)/,
      false,
    ],
    ['drops every connection', 'drop-connection', /closed the connection before the tunnel .* \(UND_ERR_PRX_CONN\)/, false],
    ['cuts the tunnel once open', 'cut-tunnel', /closed the connection before the tunnel .* \(ECONNRESET\)/, false],
  ])('a proxy that %s: one sentence naming it', async (_label, failure, message, final) => {
    proxy.fail(failure)
    const env = { https_proxy: proxy.url }
    const url = `${front.url}/api_keys`
    const described = failureOf(await get(await dispatcherFor(env), url, key), proxyFor(url, env))
    expect(described).toEqual({ message: expect.stringMatching(message), notSent: true, final })
    expect(described?.message).toContain(`The proxy ${proxy.hostPort} (from https_proxy)`)
    expect(platform.requests).toEqual([])
  })

  it('the test proxy forwards to loopback only: nothing leaves the machine', async () => {
    const dispatcher = await dispatcherFor({ https_proxy: proxy.url, http_proxy: proxy.url })
    expect(await get(dispatcher, 'https://example.com/', key)).toMatchObject({ error: expect.anything() })
    expect(await get(dispatcher, 'http://example.com/', key)).toMatchObject({ status: 403 })
    expect(proxy.seen.map((s) => [s.method, s.target, s.answer])).toEqual([
      ['CONNECT', 'example.com:443', 403],
      ['GET', 'http://example.com/', 403],
    ])
  })

  it('a forwarded request the proxy drops: it may have gone on, so it is not "not sent"', async () => {
    proxy.fail('drop-request')
    const env = { http_proxy: proxy.url }
    const url = `${plainUrl}/api_keys`
    expect(failureOf(await get(await dispatcherFor(env), url, key), proxyFor(url, env))).toEqual({
      message: expect.stringMatching(
        /^The connection through the proxy 127\.0\.0\.1:\d+ \(from http_proxy\) closed before an answer came \(UND_ERR_SOCKET\)/,
      ),
      notSent: false,
      final: false,
    })
  })

  it.each(['https', 'http'])('an unreachable proxy (%s): could not be reached, nothing sent', async (scheme) => {
    // Nothing can listen on port 0: a connection to it is refused whatever else runs on the machine.
    const env = scheme === 'https' ? { https_proxy: 'http://127.0.0.1:0' } : { http_proxy: 'http://127.0.0.1:0' }
    const url = `${scheme === 'https' ? front.url : plainUrl}/api_keys`
    expect(failureOf(await get(await dispatcherFor(env), url, key), proxyFor(url, env))).toEqual({
      message: `The proxy 127.0.0.1:0 (from ${scheme}_proxy) could not be reached (ECONNREFUSED): check the host and port in ${scheme}_proxy, and that the proxy runs and the runner may connect to it.`,
      notSent: true,
      final: false,
    })
  })

  it('a certificate no trusted authority signed, through the tunnel: in words, naming NODE_EXTRA_CA_CERTS and the proxy', async () => {
    const env = { https_proxy: proxy.url }
    const dispatcher = await proxyDispatcher(env)
    dispatchers.push(dispatcher!)
    const result = await get(dispatcher!, `${front.url}/api_keys`, key)
    if (!('error' in result)) throw new Error('expected a failure')
    expect(describeProxyFailure(result.error, proxyFor(front.url, env)!)).toBeUndefined()
    expect(describeCertificateError(result.error, front.url, env)).toBe(
      `The TLS certificate of ${new URL(front.url).host} is not signed by a certificate authority Node trusts (UNABLE_TO_VERIFY_LEAF_SIGNATURE): ` +
        'if your network inspects TLS with its own certificate authority, save that authority’s certificate (PEM) on the runner and name the file in NODE_EXTRA_CA_CERTS. ' +
        `The connection went through the proxy ${proxy.hostPort}, which may be the one that inspects TLS.`,
    )
  })
})

describe('describeProxyFailure: the errors no loopback proxy here makes', () => {
  const route = proxyFor('https://console.example.com/api/v2', { HTTPS_PROXY: 'http://svc:s3cret@proxy.corp:3128' })!

  it('a proxy host that does not resolve', () => {
    const error = Object.assign(new Error('getaddrinfo ENOTFOUND proxy.corp'), { code: 'ENOTFOUND' })
    expect(describeProxyFailure(error, route)).toEqual({
      message: 'The proxy proxy.corp:3128 (from HTTPS_PROXY) could not be found (ENOTFOUND): check the host name in HTTPS_PROXY.',
      notSent: true,
      final: false,
    })
  })

  it('an https proxy whose certificate is not for its name: the proxy’s failure, not the server’s certificate', () => {
    // undici's own error, as its ProxyAgent raises it (lib/dispatcher/proxy-agent.js).
    const { SecureProxyConnectionError } = createRequire(import.meta.url)('undici/lib/core/errors.js') as {
      SecureProxyConnectionError: new (cause: Error) => Error
    }
    const error = new SecureProxyConnectionError(Object.assign(new Error('altnames'), { code: 'ERR_TLS_CERT_ALTNAME_INVALID' }))
    expect(describeProxyFailure(error, route)).toMatchObject({
      message: expect.stringMatching(/^The proxy proxy\.corp:3128 .* not for its name/),
      final: true,
    })
    expect(describeCertificateError(error, 'https://console.example.com', { HTTPS_PROXY: 'http://proxy.corp:3128' })).toBeUndefined()
  })

  it.each([
    ['a timeout of the attempt', Object.assign(new Error('Headers Timeout Error'), { code: 'UND_ERR_HEADERS_TIMEOUT' })],
    ['a certificate', Object.assign(new Error('unable to verify'), { code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' })],
    ['no error at all', 'text'],
  ])('is undefined for %s', (_label, error) => {
    expect(describeProxyFailure(error, route)).toBeUndefined()
  })
})

describe('describeCertificateError, with real certificates', () => {
  let ca: TestCa
  let platform: PlatformEmulator
  let plainUrl: string
  let key: string

  beforeAll(async () => {
    ca = await makeTestCa()
    platform = new PlatformEmulator()
    plainUrl = await platform.start()
    key = platform.addKey('admin').key
  })
  afterAll(async () => {
    await platform.stop()
    await ca.remove()
  })

  async function errorOf(certificate: { key: string; cert: string }, trustCa: boolean): Promise<{ error: unknown; url: string }> {
    const front = await startTlsFront(plainUrl, certificate)
    // No proxy variable: proxyDispatcher makes none, so the request goes through a plain Agent.
    const { default: Agent } = await import('undici/lib/dispatcher/agent.js')
    const agent = new Agent(trustCa ? { connect: { ca: ca.ca } } : {})
    try {
      const result = await get(agent, `${front.url}/api_keys`, key)
      if (!('error' in result)) throw new Error(`expected a failure, got ${result.status}`)
      return { error: result.error, url: front.url }
    } finally {
      await agent.destroy()
      await front.stop()
    }
  }

  it.each([
    [
      'an unknown authority, leaf alone',
      () => ca.server,
      false,
      /not signed by a certificate authority Node trusts \(UNABLE_TO_VERIFY_LEAF_SIGNATURE\): if your network/,
    ],
    [
      'an unknown authority, chain sent',
      () => ({ ...ca.server, cert: ca.server.cert + ca.ca }),
      false,
      /\(SELF_SIGNED_CERT_IN_CHAIN\): .*NODE_EXTRA_CA_CERTS/,
    ],
    [
      'a certificate for another name',
      async () => ca.issue({ names: ['DNS:elsewhere.test'] }),
      true,
      /is not for that host name \(ERR_TLS_CERT_ALTNAME_INVALID\).*NODE_EXTRA_CA_CERTS adds trusted authorities, not names/,
    ],
    [
      'an expired certificate',
      async () => ca.issue({ expired: true }),
      true,
      /has expired \(CERT_HAS_EXPIRED\): check the runner's clock.*NODE_EXTRA_CA_CERTS/,
    ],
  ])('%s', async (_label, certificate, trustCa, message) => {
    const { error, url } = await errorOf(await certificate(), trustCa)
    const described = describeCertificateError(error, url, {})
    expect(described).toMatch(message)
    expect(described).toMatch(/^The TLS certificate of 127\.0\.0\.1:\d+ /)
  })

  it('says so when NODE_EXTRA_CA_CERTS is set but holds another authority', async () => {
    const { error, url } = await errorOf(ca.server, false)
    expect(describeCertificateError(error, url, { NODE_EXTRA_CA_CERTS: '/etc/ssl/corp.pem' })).toMatch(
      /NODE_EXTRA_CA_CERTS is set, but no certificate in that file signed it/,
    )
  })

  it('is undefined for an error that is not about a certificate', () => {
    expect(
      describeCertificateError(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }), 'https://example.com', {}),
    ).toBeUndefined()
    expect(describeCertificateError('text', 'https://example.com', {})).toBeUndefined()
  })
})

describe('start-up: nothing more is loaded without a proxy variable', () => {
  /** The undici files a fresh Node process has loaded after the transport's imports, the module, and proxyDispatcher(env). */
  async function loadedWith(env: Environment): Promise<string[]> {
    const script = `
      import { createRequire } from 'node:module'
      await import('undici/lib/dispatcher/agent.js')
      await import('undici/lib/api/api-request.js')
      const { proxyDispatcher } = await import('./src/http/proxy.ts')
      const dispatcher = await proxyDispatcher(${JSON.stringify(env)})
      await dispatcher?.close()
      const cache = createRequire(import.meta.url + '/').cache
      console.log(JSON.stringify(Object.keys(cache).filter((f) => f.includes('/undici/')).map((f) => f.slice(f.indexOf('/undici/') + 8))))
    `
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT })
    return JSON.parse(stdout) as string[]
  }

  it('loads no proxy module, and never undici’s entry', async () => {
    const loaded = await loadedWith({ NO_PROXY: 'localhost' })
    expect(loaded).toContain('lib/dispatcher/agent.js')
    expect(loaded.filter((f) => /proxy|api-connect|^index\.js$/.test(f))).toEqual([])
  })

  it('loads ProxyAgent when a proxy variable is set, still not the entry', async () => {
    const loaded = await loadedWith({ HTTPS_PROXY: 'http://127.0.0.1:0' })
    expect(loaded).toEqual(expect.arrayContaining(['lib/dispatcher/proxy-agent.js', 'lib/api/api-connect.js']))
    expect(loaded).not.toContain('index.js')
  })
})
