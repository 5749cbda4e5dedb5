// src/http/proxy.ts: the proxy variables as curl and the runner read them (which one applies, NO_PROXY, credentials,
// what is masked); requests through the transport (http/transport.ts) against a real forward proxy on loopback
// (__tests__/support/forward-proxy.ts), plain and through a TLS front with a test CA, and what each failure says once
// the one reading of answers (http/answers.ts) has read it; and src/http/certificates.ts with real certificates.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { getCACertificates, setDefaultCACertificates } from 'node:tls'
import { Agent } from 'undici'
import { PlatformEmulator } from '../../emulator/platform.ts'
import { PLATFORM } from '../../src/api/client.ts'
import { readAnswer } from '../../src/http/answers.ts'
import { describeCertificateError } from '../../src/http/certificates.ts'
import type { RequestError } from '../../src/http/errors.ts'
import {
  ProxyInClearError,
  ProxySettingError,
  ProxyTunnelError,
  describeProxyFailure,
  describeProxySettings,
  proxyFor,
  proxySecrets,
  type Environment,
  type ProxyRoute,
} from '../../src/http/proxy.ts'
import { Connections, sendAttempt, sendRequest } from '../../src/http/transport.ts'
import { manualClock } from '../support/clock.ts'
import { ForwardProxy, type ProxyFailure as ProxyFailureMode } from '../support/forward-proxy.ts'
import { makeTestCa, type TestCa } from '../support/test-ca.ts'
import { startTlsFront, type TlsFront } from '../support/tls-front.ts'

/** Whether a request to `url` goes through a proxy under `env`, and which variable named it. */
function via(url: string, env: Environment): string | undefined {
  return proxyFor(url, env)?.variable
}

describe('proxyFor: which variable, as curl and the runner read them', () => {
  const cases: [string, Environment, string | undefined][] = [
    ['https URL, https_proxy', { https_proxy: 'http://p:1' }, 'https_proxy'],
    ['https URL, HTTPS_PROXY', { HTTPS_PROXY: 'http://p:1' }, 'HTTPS_PROXY'],
    [
      'https URL, both: lower case wins',
      { https_proxy: 'http://lower:1', HTTPS_PROXY: 'http://upper:1' },
      'https_proxy',
    ],
    ['https URL, lower case empty: upper case', { https_proxy: '', HTTPS_PROXY: 'http://upper:1' }, 'HTTPS_PROXY'],
    ['https URL, lower case blank: upper case', { https_proxy: '  ', HTTPS_PROXY: 'http://upper:1' }, 'HTTPS_PROXY'],
    [
      'https URL, only http_proxy: direct (no fallback)',
      { http_proxy: 'http://p:1', HTTP_PROXY: 'http://p:1' },
      undefined,
    ],
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
    const route = proxyFor('https://console.example.com/api/v2', {
      https_proxy: 'http://lower:3128',
      HTTPS_PROXY: 'http://upper:8080',
    })
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
    [
      'no scheme: http, as curl reads it',
      'proxy.corp:3128',
      { origin: 'http://proxy.corp:3128', display: 'proxy.corp:3128' },
    ],
    [
      'no port: the scheme’s, as the runner reads it',
      'http://proxy.corp',
      { origin: 'http://proxy.corp:80', display: 'proxy.corp:80' },
    ],
    [
      'an https proxy without port',
      'https://proxy.corp/',
      { origin: 'https://proxy.corp:443', display: 'proxy.corp:443' },
    ],
    [
      'upper-case scheme and host',
      'HTTP://Proxy.Corp:3128',
      { origin: 'http://proxy.corp:3128', display: 'proxy.corp:3128' },
    ],
    ['an IPv6 proxy', 'http://[fd00::1]:3128', { origin: 'http://[fd00::1]:3128', display: '[fd00::1]:3128' }],
    [
      'blanks around it',
      '  http://proxy.corp:3128 \n',
      { origin: 'http://proxy.corp:3128', display: 'proxy.corp:3128' },
    ],
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
      expect.arrayContaining([
        'd%40main',
        'd@main',
        'p%40ss',
        'p@ss',
        Buffer.from('d@main:p@ss').toString('base64'),
        'other',
        'pw2',
      ]),
    )
  })

  it('masks the credentials of a value that is no URL at all', () => {
    expect(proxySecrets({ HTTPS_PROXY: 'http://svc:pa ss@pro xy:3128' })).toEqual(
      expect.arrayContaining(['svc', 'pa ss']),
    )
  })

  it('has nothing to mask without credentials', () => {
    expect(proxySecrets({ https_proxy: 'http://p:1', no_proxy: 'a@b' })).toEqual([])
  })

  it('describes the proxies by host and port only', () => {
    const env = {
      https_proxy: 'http://svc:s3cret@proxy.corp:3128',
      http_proxy: 'proxy.corp:8080',
      NO_PROXY: 'localhost,.corp',
    }
    const line = describeProxySettings(env)
    expect(line).toBe(
      'Proxies: https through proxy.corp:3128 (https_proxy, with credentials), http through proxy.corp:8080 (http_proxy); NO_PROXY leaves out localhost,.corp.',
    )
    expect(line).not.toMatch(/svc|s3cret/)
    expect(describeProxySettings({ NO_PROXY: '*' })).toBeUndefined()
    expect(describeProxySettings({ https_proxy: '', HTTPS_PROXY: '' })).toBeUndefined()
  })
})

const NOW = Date.parse('2026-11-21T10:00:00Z')
const DEFAULT_CAS = getCACertificates('default')

/**
 * One GET of `url` on `connections`, as the platform client sends it (with `key`; undefined: no credential, as GitHub's
 * meta API is read without a token): the answer's status and body, or the RequestError it is.
 */
async function get(
  connections: Connections,
  url: string,
  key: string | undefined,
): Promise<{ status: number; body: unknown } | { error: RequestError }> {
  const { origin, pathname } = new URL(url)
  const clock = manualClock(NOW)
  const headers: Record<string, string> = key === undefined ? {} : { authorization: `Bearer ${key}` }
  const request = { method: 'GET' as const, path: pathname, headers }
  const attempt = await sendAttempt(connections, origin, request, {
    clock,
    deadline: NOW + 600_000,
    requestTimeoutMs: 30_000,
  })
  if (!attempt.sent) throw new Error('expected the request to be sent')
  const answer = readAnswer(attempt, { kind: 'network', method: 'GET', path: pathname }, PLATFORM, NOW)
  return answer.ok ? { status: answer.status, body: answer.body } : { error: answer.error }
}

/** What a failed request says of the proxy: its sentence, whether it certainly never went past it, whether it is final. */
function failureOf(result: Awaited<ReturnType<typeof get>>): {
  message: string
  notSent: boolean
  final: boolean
  kind: string
} {
  if (!('error' in result)) throw new Error(`expected a failure, got ${result.status}`)
  const { message, mayHaveReachedServer, final, kind } = result.error
  return { message, notSent: !mayHaveReachedServer, final, kind }
}

describe('a certificate through a tunnel, before the test CA is trusted', () => {
  let ca: TestCa
  let platform: PlatformEmulator
  let key: string
  let front: TlsFront
  let proxy: ForwardProxy

  beforeAll(async () => {
    ca = await makeTestCa()
    platform = new PlatformEmulator()
    key = platform.addKey('admin').key
    front = await startTlsFront(await platform.start(), ca.server)
    proxy = new ForwardProxy()
    await proxy.start()
  })
  afterAll(async () => {
    await proxy.stop()
    await front.stop()
    await platform.stop()
    await ca.remove()
  })

  it('a certificate no trusted authority signed, through the tunnel: in words, naming NODE_EXTRA_CA_CERTS and the proxy', async () => {
    const connections = new Connections({ https_proxy: proxy.url })
    const result = await get(connections, `${front.url}/api_keys`, key)
    await connections.close()
    expect(result).toMatchObject({ error: { kind: 'certificate', mayHaveReachedServer: false } })
    // What it says to do depends on whether this machine sets NODE_EXTRA_CA_CERTS itself.
    expect('error' in result && result.error.message).toMatch(
      new RegExp(
        `^The TLS certificate of ${new URL(front.url).host} is not signed by a certificate authority Node trusts \\(UNABLE_TO_VERIFY_LEAF_SIGNATURE\\)\\. .*NODE_EXTRA_CA_CERTS.* ` +
          `The connection went through the proxy ${proxy.hostPort}, which may be the one that inspects TLS\\.$`,
      ),
    )
  })
})

describe('requests through a real proxy on loopback', () => {
  let ca: TestCa
  let platform: PlatformEmulator
  let key: string
  let plainUrl: string
  let front: TlsFront
  let proxy: ForwardProxy
  const opened: Connections[] = []

  beforeAll(async () => {
    ca = await makeTestCa()
    // What NODE_EXTRA_CA_CERTS does for a runner's step, which a running process cannot set for itself.
    setDefaultCACertificates([...DEFAULT_CAS, ca.ca])
  })
  afterAll(async () => {
    setDefaultCACertificates(DEFAULT_CAS)
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
    for (const connections of opened.splice(0)) await connections.close()
    await proxy.stop()
    await front.stop()
    await platform.stop()
  })

  /** The step's connections under `env`. */
  function connectionsFor(env: Environment): Connections {
    const connections = new Connections(env)
    opened.push(connections)
    return connections
  }

  it('sends an http request without a credential to the proxy as an absolute URI', async () => {
    const connections = connectionsFor({ http_proxy: proxy.url })
    const result = await get(connections, `${plainUrl}/api_keys`, undefined)
    expect(result).toMatchObject({ error: { kind: 'http', status: 401 } })
    expect(proxy.seen).toEqual([{ method: 'GET', target: `${plainUrl}/api_keys`, authorization: false, answer: 401 }])
  })

  it.each([
    ['http_proxy', { http_proxy: 'PROXY' }, 'NO_PROXY'],
    ['HTTP_PROXY, and a no_proxy for another host', { HTTP_PROXY: 'PROXY', no_proxy: 'example.com' }, 'no_proxy'],
  ])('never sends a credential through a proxy in plain http (%s): refused', async (_label, variables, noProxy) => {
    const withProxy = ([name, value]: [string, string]) => [name, value === 'PROXY' ? proxy.url : value]
    const connections = connectionsFor(Object.fromEntries(Object.entries(variables).map(withProxy)))
    const variable = Object.keys(variables)[0]!
    const refusal =
      `A request to ${new URL(plainUrl).origin} is plain http, and ${variable} sends it through the proxy ` +
      `${proxy.hostPort}, which would read its credential in clear. Nothing was sent. ` +
      `Add 127.0.0.1 to ${noProxy}, or use https.`
    await expect(get(connections, `${plainUrl}/api_keys`, key)).rejects.toThrow(new ProxyInClearError(refusal))
    const signal = new AbortController().signal
    const request = { method: 'GET' as const, path: '/api/v2/api_keys', headers: { Authorization: `Bearer ${key}` } }
    await expect(sendRequest(connections, new URL(plainUrl).origin, request, signal)).rejects.toThrow(ProxyInClearError)
    expect([proxy.seen, proxy.sightings, platform.requests]).toEqual([[], 0, []])
  })

  it('opens a CONNECT tunnel for an https request: the proxy sees the host and port, never the key', async () => {
    const connections = connectionsFor({ https_proxy: proxy.url })
    const result = await get(connections, `${front.url}/api_keys`, key)
    expect(result).toMatchObject({ status: 200 })
    expect(proxy.seen).toEqual([
      { method: 'CONNECT', target: new URL(front.url).host, authorization: false, answer: 200 },
    ])
    expect(proxy.sightings).toBe(0)
    expect(platform.requests.map((r) => r.path)).toEqual(['/api_keys'])
  })

  it('sends the URL’s credentials as Proxy-Authorization, to the proxy only', async () => {
    await proxy.stop()
    proxy = new ForwardProxy({ credentials: { user: 'd@main\\svc', password: 'p@ss:w/rd' }, watch: [key] })
    await proxy.start()
    const connections = connectionsFor({
      HTTPS_PROXY: proxy.urlWith('d@main\\svc', 'p@ss:w/rd'),
      HTTP_PROXY: proxy.urlWith('d@main\\svc', 'p@ss:w/rd'),
    })
    expect(await get(connections, `${front.url}/api_keys`, key)).toMatchObject({ status: 200 })
    expect(await get(connections, `${plainUrl}/api_keys`, undefined)).toMatchObject({ error: { status: 401 } })
    expect(proxy.seen.map((s) => [s.method, s.authorization, s.answer])).toEqual([
      ['CONNECT', true, 200],
      ['GET', true, 401],
    ])
    // Neither request carried it on to the platform.
    expect(platform.requests.every((r) => r.headers['proxy-authorization'] === undefined)).toBe(true)
  })

  it('leaves out what NO_PROXY names', async () => {
    const connections = connectionsFor({ https_proxy: proxy.url, http_proxy: proxy.url, no_proxy: '127.0.0.1' })
    expect(await get(connections, `${front.url}/api_keys`, key)).toMatchObject({ status: 200 })
    expect(await get(connections, `${plainUrl}/api_keys`, key)).toMatchObject({ status: 200 })
    expect(await get(connections, `${front.urlByName}/api_keys`, key)).toMatchObject({ status: 200 })
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
      const failure = failureOf(await get(connectionsFor(env), url, scheme === 'https' ? key : undefined))
      expect(failure).toEqual({
        message: expect.stringMatching(message),
        notSent: true,
        final: true,
        kind: 'proxy-refused',
      })
      expect(failure?.message).toContain(`The proxy ${proxy.hostPort} (from ${scheme}_proxy)`)
      expect(failure?.message).not.toMatch(/wrong|svc/)
      expect(proxy.seen.map((s) => s.answer)).toEqual([407])
      expect(platform.requests).toEqual([])
    })

    it("through a tunnel the proxy let in, a 407 is the platform's own answer, not the proxy's", async () => {
      platform.inject({ path: '/api_keys', kind: 'status', status: 407 })
      const result = await get(
        connectionsFor({ https_proxy: proxy.urlWith('svc', 's3cret') }),
        `${front.url}/api_keys`,
        key,
      )
      if (!('error' in result)) throw new Error(`expected a failure, got ${result.status}`)
      expect(result.error).toMatchObject({
        kind: 'http',
        status: 407,
        message: 'the platform answered 407 Proxy Authentication Required',
      })
      expect(proxy.seen.map((s) => [s.method, s.answer])).toEqual([['CONNECT', 200]])
    })
  })

  it.each<[string, ProxyFailureMode, RegExp, boolean]>([
    [
      'refuses the tunnel (403)',
      { refuse: 403 },
      /refused a tunnel to 127\.0\.0\.1:\d+ \(403 Forbidden\): check that the proxy allows HTTPS/,
      true,
    ],
    [
      'cannot reach the host (502)',
      { refuse: 502 },
      /could not open a tunnel to 127\.0\.0\.1:\d+ \(502 Bad Gateway\)/,
      false,
    ],
    [
      'drops the CONNECT',
      'drop-request',
      /closed the connection before the tunnel to 127\.0\.0\.1:\d+ was open \(UND_ERR_SOCKET\)/,
      false,
    ],
    [
      'drops every connection',
      'drop-connection',
      /closed the connection before the tunnel .* \((UND_ERR_SOCKET|ECONNRESET)\)/,
      false,
    ],
    ['cuts the tunnel once open', 'cut-tunnel', /closed the connection before the tunnel .* \(ECONNRESET\)/, false],
  ])('a proxy that %s: one sentence naming it', async (_label, failure, message, final) => {
    proxy.fail(failure)
    const env = { https_proxy: proxy.url }
    const url = `${front.url}/api_keys`
    const described = failureOf(await get(connectionsFor(env), url, key))
    expect(described).toEqual({
      message: expect.stringMatching(message),
      notSent: true,
      final,
      kind: final ? 'proxy-refused' : 'proxy',
    })
    expect(described?.message).toContain(`The proxy ${proxy.hostPort} (from https_proxy)`)
    expect(platform.requests).toEqual([])
  })

  it('the test proxy forwards to loopback only: nothing leaves the machine', async () => {
    const connections = connectionsFor({ https_proxy: proxy.url, http_proxy: proxy.url })
    expect(await get(connections, 'https://example.com/', key)).toMatchObject({ error: { kind: 'proxy-refused' } })
    const plain = await get(connections, 'http://example.com/', undefined)
    expect(plain).toMatchObject({ error: { kind: 'http', status: 403 } })
    expect(proxy.seen.map((s) => [s.method, s.target, s.answer])).toEqual([
      ['CONNECT', 'example.com:443', 403],
      ['GET', 'http://example.com/', 403],
    ])
  })

  it('a forwarded request the proxy drops: it may have gone on, so it is not "not sent"', async () => {
    proxy.fail('drop-request')
    const env = { http_proxy: proxy.url }
    const url = `${plainUrl}/api_keys`
    expect(failureOf(await get(connectionsFor(env), url, undefined))).toEqual({
      message: expect.stringMatching(
        /^The connection through the proxy 127\.0\.0\.1:\d+ \(from http_proxy\) closed before an answer came \(UND_ERR_SOCKET\)/,
      ),
      notSent: false,
      final: false,
      kind: 'proxy',
    })
  })

  it.each(['https', 'http'])('an unreachable proxy (%s): could not be reached, nothing sent', async (scheme) => {
    // Nothing can listen on port 0: a connection to it is refused whatever else runs on the machine.
    const env = scheme === 'https' ? { https_proxy: 'http://127.0.0.1:0' } : { http_proxy: 'http://127.0.0.1:0' }
    const url = `${scheme === 'https' ? front.url : plainUrl}/api_keys`
    expect(failureOf(await get(connectionsFor(env), url, scheme === 'https' ? key : undefined))).toEqual({
      message: `The proxy 127.0.0.1:0 (from ${scheme}_proxy) could not be reached (ECONNREFUSED): check the host and port in ${scheme}_proxy, and that the proxy runs and the runner may connect to it.`,
      notSent: true,
      final: false,
      kind: 'proxy',
    })
  })

  it('a proxy that never answers CONNECT: the attempt ends at its own time, and closing the connections ends the tunnel', async () => {
    proxy.fail('silent')
    const connections = connectionsFor({ https_proxy: proxy.url })
    const clock = manualClock(NOW, { deadlinesInClockTime: true })
    const attempt = sendAttempt(
      connections,
      new URL(front.url).origin,
      { method: 'GET', path: '/api_keys', headers: {} },
      {
        clock,
        deadline: NOW + 600_000,
        requestTimeoutMs: 30_000,
      },
    )
    while (proxy.seen.length === 0) await new Promise((done) => setImmediate(done))
    clock.advance(30_000)
    const ended = await attempt
    expect(ended).toMatchObject({ sent: true, ended: 'timeout', route: { display: proxy.hostPort } })
    if (!ended.sent) return
    expect(readAnswer(ended, { kind: 'network', method: 'GET', path: '/api_keys' }, PLATFORM, NOW).ok).toBe(false)
    await connections.close()
    await proxy.closed()
  }, 5_000)
})

describe('describeProxyFailure: the errors no loopback proxy here makes', () => {
  const route = proxyFor('https://console.example.com/api/v2', { HTTPS_PROXY: 'http://svc:s3cret@proxy.corp:3128' })!
  const failed = (code: string) => ({
    cause: new ProxyTunnelError(undefined, Object.assign(new Error(code), { code })),
  })

  it('a proxy host that does not resolve', () => {
    expect(describeProxyFailure(failed('ENOTFOUND'), route, true)).toEqual({
      message:
        'The proxy proxy.corp:3128 (from HTTPS_PROXY) could not be found (ENOTFOUND): check the host name in HTTPS_PROXY.',
      notSent: true,
      final: false,
    })
  })

  it('a proxy that took the connection and never answered for a tunnel (its 30 s ran out)', () => {
    expect(describeProxyFailure(failed('UND_ERR_HEADERS_TIMEOUT'), route, true)).toEqual({
      message:
        'The proxy proxy.corp:3128 (from HTTPS_PROXY) did not answer the request for a tunnel to console.example.com:443: check that the proxy runs, and its log.',
      notSent: true,
      final: false,
    })
  })

  it('an https proxy whose certificate is not for its name: the proxy’s certificate, named as the proxy’s', () => {
    const error = failed('ERR_TLS_CERT_ALTNAME_INVALID')
    expect(describeProxyFailure(error, route, true)).toBeUndefined()
    expect(describeCertificateError(error.cause, 'https://console.example.com', route, {})).toBe(
      'The TLS certificate of the proxy proxy.corp:3128 (from HTTPS_PROXY) is not for that host name (ERR_TLS_CERT_ALTNAME_INVALID). ' +
        'Check the host in HTTPS_PROXY. NODE_EXTRA_CA_CERTS adds trusted authorities, not names.',
    )
  })

  it("OpenSSL's own code for a certificate of another name reads as Node's does", () => {
    const error = Object.assign(new Error('hostname mismatch'), { code: 'HOSTNAME_MISMATCH' })
    expect(describeCertificateError(error, 'https://console.example.com', undefined, {})).toBe(
      'The TLS certificate of console.example.com:443 is not for that host name (HOSTNAME_MISMATCH). ' +
        'Check the host in the URL. NODE_EXTRA_CA_CERTS adds trusted authorities, not names.',
    )
  })

  it.each([
    [
      'a timeout of the request itself',
      Object.assign(new Error('Headers Timeout Error'), { code: 'UND_ERR_HEADERS_TIMEOUT' }),
    ],
    ['a certificate', Object.assign(new Error('unable to verify'), { code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' })],
    ['no error at all', 'text'],
  ])('is undefined for %s once connected', (_label, error) => {
    expect(describeProxyFailure({ cause: error }, route, false)).toBeUndefined()
  })
})

describe('describeCertificateError, with real certificates', () => {
  let ca: TestCa
  let platform: PlatformEmulator
  let plainUrl: string

  beforeAll(async () => {
    ca = await makeTestCa()
    platform = new PlatformEmulator()
    plainUrl = await platform.start()
  })
  afterAll(async () => {
    await platform.stop()
    await ca.remove()
  })

  async function errorOf(
    certificate: { key: string; cert: string },
    trustCa: boolean,
  ): Promise<{ error: unknown; url: string }> {
    const front = await startTlsFront(plainUrl, certificate)
    const agent = new Agent(trustCa ? { connect: { ca: ca.ca } } : {})
    const connections = new Connections({}, agent)
    try {
      const { origin, pathname } = new URL(`${front.url}/api_keys`)
      const received = await sendRequest(
        connections,
        origin,
        { method: 'GET', path: pathname, headers: {} },
        AbortSignal.timeout(10_000),
      )
      if (received.ok) throw new Error(`expected a failure, got ${received.status}`)
      return { error: received.cause, url: front.url }
    } finally {
      await connections.close()
      await front.stop()
    }
  }

  it.each([
    [
      'an unknown authority, leaf alone',
      () => ca.server,
      false,
      /not signed by a certificate authority Node trusts \(UNABLE_TO_VERIFY_LEAF_SIGNATURE\)\. If your network/,
    ],
    [
      'an unknown authority, chain sent',
      () => ({ ...ca.server, cert: ca.server.cert + ca.ca }),
      false,
      /\(SELF_SIGNED_CERT_IN_CHAIN\)\. .*NODE_EXTRA_CA_CERTS/,
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
      /has expired \(CERT_HAS_EXPIRED\)\. Check the runner's clock.*NODE_EXTRA_CA_CERTS/,
    ],
  ])('%s', async (_label, certificate, trustCa, message) => {
    const { error, url } = await errorOf(await certificate(), trustCa)
    const described = describeCertificateError(error, url, undefined, {})
    expect(described).toMatch(message)
    expect(described).toMatch(/^The TLS certificate of 127\.0\.0\.1:\d+ /)
  })

  it('says so when NODE_EXTRA_CA_CERTS is set but holds another authority', async () => {
    const { error, url } = await errorOf(ca.server, false)
    expect(describeCertificateError(error, url, undefined, { NODE_EXTRA_CA_CERTS: '/etc/ssl/corp.pem' })).toMatch(
      /NODE_EXTRA_CA_CERTS is set, but no certificate in that file signed it/,
    )
  })

  it('is undefined for an error that is not about a certificate', () => {
    expect(
      describeCertificateError(
        Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }),
        'https://example.com',
        undefined,
        {},
      ),
    ).toBeUndefined()
    expect(describeCertificateError('text', 'https://example.com', undefined, {})).toBeUndefined()
  })
})
