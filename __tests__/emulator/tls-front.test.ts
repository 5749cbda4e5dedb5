// The emulators behind a TLS front (__tests__/support/tls-front.ts) with a test CA, directly and through a CONNECT tunnel
// of the forward proxy (__tests__/support/forward-proxy.ts): what the proxy tests stand on. Requests from child processes
// that trust the CA through NODE_EXTRA_CA_CERTS; the front's stalled handshake and the proxy's unanswered CONNECT from
// sockets of this process.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { execFile } from 'node:child_process'
import { connect as netConnect } from 'node:net'
import { connect as tlsConnect, type TLSSocket } from 'node:tls'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { GitHubEmulator } from '../../emulator/github.ts'
import { PlatformEmulator } from '../../emulator/platform.ts'
import { ForwardProxy } from '../support/forward-proxy.ts'
import { makeTestCa, type TestCa } from '../support/test-ca.ts'
import { startTlsFront, type TlsFront } from '../support/tls-front.ts'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const run = promisify(execFile)

/**
 * One GET from a fresh Node process, as the action makes it: the step's connections
 * (src/http/transport.ts), directly or through the proxy the environment names, no TLS option of
 * their own, so only what Node read at start (NODE_EXTRA_CA_CERTS) decides whom it trusts.
 * Prints the status or the error's code.
 */
const CHILD = `
  import { Connections, sendRequest } from './src/http/transport.ts'
  const [url, authorization] = process.argv.slice(1)
  const connections = new Connections(process.env)
  const { origin, pathname } = new URL(url)
  const request = { method: 'GET', path: pathname, headers: { authorization } }
  const received = await sendRequest(connections, origin, request, AbortSignal.timeout(10_000))
  const code = (error) => error?.code ?? (error?.cause ? code(error.cause) : undefined)
  console.log(received.ok ? received.status : code(received.cause))
  await connections.close()
`

/** What the child printed, with only `env` beside PATH: the machine's own NODE_EXTRA_CA_CERTS and proxies left out. */
async function childGet(url: string, authorization: string, env: Record<string, string>): Promise<string> {
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', CHILD, url, authorization], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
  })
  return stdout.trim()
}

let ca: TestCa

beforeAll(async () => {
  ca = await makeTestCa()
})
afterAll(async () => {
  await ca.remove()
})

describe('the platform emulator behind a TLS front', () => {
  let platform: PlatformEmulator
  let front: TlsFront
  let key: string

  beforeEach(async () => {
    platform = new PlatformEmulator()
    key = platform.addKey('admin').key
    front = await startTlsFront(await platform.start(), ca.server)
  })
  afterEach(async () => {
    await front.stop()
    await platform.stop()
  })

  it('is refused without the test CA, and answers with it in NODE_EXTRA_CA_CERTS', async () => {
    expect(await childGet(`${front.url}/api_keys`, `Bearer ${key}`, {})).toBe('UNABLE_TO_VERIFY_LEAF_SIGNATURE')
    expect(platform.requests).toEqual([])
    expect(await childGet(`${front.url}/api_keys`, `Bearer ${key}`, { NODE_EXTRA_CA_CERTS: ca.caFile })).toBe('200')
    expect(await childGet(`${front.urlByName}/api_keys`, `Bearer ${key}`, { NODE_EXTRA_CA_CERTS: ca.caFile })).toBe(
      '200',
    )
    expect(platform.requests.map((r) => r.path)).toEqual(['/api_keys', '/api_keys'])
  })

  it('answers through a CONNECT tunnel named by HTTPS_PROXY, the CA read from NODE_EXTRA_CA_CERTS', async () => {
    const proxy = new ForwardProxy({ watch: [key] })
    await proxy.start()
    try {
      const env = { HTTPS_PROXY: proxy.url, NODE_EXTRA_CA_CERTS: ca.caFile }
      expect(await childGet(`${front.url}/api_keys`, `Bearer ${key}`, env)).toBe('200')
      expect(proxy.seen).toEqual([
        { method: 'CONNECT', target: new URL(front.url).host, authorization: false, answer: 200 },
      ])
      expect(proxy.sightings).toBe(0)
    } finally {
      await proxy.stop()
    }
  })

  it('stalls one TLS handshake when told: the connection after it is served while that one still waits', async () => {
    const { port } = new URL(front.url)
    const handshake = (socket: TLSSocket) =>
      new Promise<string>((resolve) => {
        socket.once('secureConnect', () => resolve('secure'))
        socket.once('error', (error) => resolve(error.message))
      })
    const stalled = front.stallNextHandshake()
    const first = tlsConnect({ host: '127.0.0.1', port: Number(port), ca: ca.ca })
    let firstDone = false
    void handshake(first).then(() => (firstDone = true))
    await stalled.reached
    const second = tlsConnect({ host: '127.0.0.1', port: Number(port), ca: ca.ca })
    expect(await handshake(second)).toBe('secure')
    expect(firstDone).toBe(false)
    first.destroy()
    second.destroy()
  })

  it("the proxy's silentNext: that CONNECT is never answered, the next one opens a tunnel", async () => {
    const proxy = new ForwardProxy()
    await proxy.start()
    try {
      const silent = proxy.silentNext()
      const ask = () => {
        const socket = netConnect(Number(new URL(proxy.url).port), '127.0.0.1')
        socket.write(`CONNECT ${new URL(front.url).host} HTTP/1.1\r\nHost: ${new URL(front.url).host}\r\n\r\n`)
        return socket
      }
      const first = ask()
      await silent.reached
      const second = ask()
      const answer = await new Promise<string>((resolve) => {
        second.once('data', (chunk: Buffer) => resolve(chunk.toString()))
      })
      expect(answer).toMatch(/^HTTP\/1\.1 200 /)
      expect(proxy.seen.map((r) => r.answer)).toEqual([0, 200])
      first.destroy()
      second.destroy()
    } finally {
      await proxy.stop()
    }
  })
})

describe('the GitHub emulator under a path prefix, behind a TLS front', () => {
  let github: GitHubEmulator
  let front: TlsFront

  beforeEach(async () => {
    github = new GitHubEmulator({ pathPrefix: '/api/v3', repositories: ['octo-org/web'] })
    front = await startTlsFront(await github.start(), ca.server)
  })
  afterEach(async () => {
    await front.stop()
    await github.stop()
  })

  it('answers below the prefix, as GitHub Enterprise Server does, and 404 elsewhere', async () => {
    expect(front.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/api\/v3$/)
    const env = { NODE_EXTRA_CA_CERTS: ca.caFile }
    const authorization = `Bearer ${github.token}`
    expect(await childGet(`${front.url}/repos/octo-org/web/actions/secrets/public-key`, authorization, env)).toBe('200')
    expect(
      await childGet(`${new URL(front.url).origin}/repos/octo-org/web/actions/secrets/public-key`, authorization, env),
    ).toBe('404')
    expect(github.requests.map((r) => [r.path, r.status])).toEqual([
      ['/api/v3/repos/octo-org/web/actions/secrets/public-key', 200],
      ['/repos/octo-org/web/actions/secrets/public-key', 404],
    ])
  })
})
