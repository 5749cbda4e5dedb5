import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { GitHubEmulator } from '../../emulator/github.ts'
import { PlatformEmulator } from '../../emulator/platform.ts'
import { errorLines, runStep, type StepResult } from '../../scripts/run-step.ts'
import { ForwardProxy } from '../support/forward-proxy.ts'
import { expectNoKeyLeak } from '../support/leaks.ts'
import { makeTestCa, type TestCa } from '../support/test-ca.ts'
import { startTlsFront, type TlsFront } from '../support/tls-front.ts'

/**
 * The networks platform teams run in, end to end: the action as a child process (the way a
 * runner runs it) behind a real forward proxy on loopback (absolute-URI requests for http,
 * CONNECT tunnels for https), the emulators behind a TLS front whose certificate a CA made for
 * the test signs (NODE_EXTRA_CA_CERTS), and GitHub under GitHub Enterprise Server's `/api/v3`.
 */
let ca: TestCa
let platform: PlatformEmulator
let front: TlsFront
let proxy: ForwardProxy
let admin: { id: number; key: string }

beforeAll(async () => {
  ca = await makeTestCa()
})

afterAll(async () => {
  await ca.remove()
})

beforeEach(async () => {
  platform = new PlatformEmulator()
  front = await startTlsFront(await platform.start(), ca.server)
  admin = platform.addKey('admin')
  platform.addProjects(3)
})

afterEach(async () => {
  await proxy?.stop()
  await front.stop()
  await platform.stop()
})

const startProxy = async (options: ConstructorParameters<typeof ForwardProxy>[0] = {}) => {
  proxy = new ForwardProxy({ watch: [admin.key], ...options })
  await proxy.start()
  return proxy
}

/** list-projects over https, trusting the test's CA, with `env` beside it. */
const listProjects = (env: Record<string, string>, inputs: Record<string, string> = {}): Promise<StepResult> =>
  runStep(
    { command: 'list-projects', 'api-key': admin.key, 'api-host': front.url, ...inputs },
    { env: { NODE_EXTRA_CA_CERTS: ca.caFile, ...env } },
  )

const target = () => new URL(front.url).host

describe('behind an HTTP(S) proxy', () => {
  it('https_proxy: every request goes through a CONNECT tunnel, and the key never passes the proxy in clear', async () => {
    await startProxy()
    const result = await listProjects({ https_proxy: proxy.url })
    expect(errorLines(result.stdout)).toEqual([])
    expect(JSON.parse(result.outputs['project-ids']!)).toHaveLength(3)
    expect(result.stdout).toContain(`Proxies: https through ${proxy.hostPort} (https_proxy).`)
    expect(proxy.seen.length).toBeGreaterThan(0)
    expect(proxy.seen.every((r) => r.method === 'CONNECT' && r.target === target() && r.answer === 200)).toBe(true)
    expect(proxy.sightings).toBe(0)
  })

  // Which variable applies, and NO_PROXY by curl's rules: __tests__/http/proxy.test.ts.
  it('lower case wins where both are set, as curl reads them', async () => {
    await startProxy()
    const unusable = 'http://127.0.0.1:0'
    expect(errorLines((await listProjects({ https_proxy: proxy.url, HTTPS_PROXY: unusable })).stdout)).toEqual([])
    expect(proxy.seen.filter((r) => r.method === 'CONNECT').length).toBeGreaterThanOrEqual(1)
  })

  it('NO_PROXY (no_proxy first) sends a named host directly: the proxy sees nothing', async () => {
    await startProxy()
    const result = await listProjects({
      https_proxy: proxy.url,
      NO_PROXY: `example.com, 127.0.0.1:${new URL(front.url).port}`,
    })
    expect(errorLines(result.stdout)).toEqual([])
    expect(proxy.seen).toEqual([])
  })

  it('http_proxy and a plain-http api-host: no request; an error names the URL, the variable, what to do', async () => {
    await startProxy()
    const result = await runStep(
      { command: 'list-projects', 'api-key': admin.key, 'api-host': platform.url },
      { env: { http_proxy: proxy.url, https_proxy: 'http://127.0.0.1:0' } },
    )
    expect(result.code).toBe(1)
    expect(errorLines(result.stdout)).toEqual([
      `::error::Input \`api-host\` (${platform.url}) is plain http, and http_proxy sends it through the proxy ` +
        `${proxy.hostPort}, which would read the API key in clear. Nothing was sent. ` +
        'Add 127.0.0.1 to NO_PROXY, or use https.',
    ])
    expect(result.summary).toContain('no credential went through the proxy')
    // The proxy would have read the key in every request: it sees none.
    expect([proxy.seen, proxy.sightings, platform.requests]).toEqual([[], 0, []])
  })

  it('the same host in no_proxy: the requests go directly, and the proxy sees nothing', async () => {
    await startProxy()
    const result = await runStep(
      { command: 'list-projects', 'api-key': admin.key, 'api-host': platform.url },
      { env: { http_proxy: proxy.url, no_proxy: '127.0.0.1' } },
    )
    expect(errorLines(result.stdout)).toEqual([])
    expect([proxy.seen, proxy.sightings]).toEqual([[], 0])
    expect(platform.requests.length).toBeGreaterThan(0)
  })

  it('credentials in the proxy URL go to the proxy as Proxy-Authorization, and are masked: never in the log, summary, outputs or state, debug on', async () => {
    const user = 'ci-runner'
    const password = 'p@ss:w0rd/secret'
    await startProxy({ credentials: { user, password } })
    const result = await listProjects({ https_proxy: proxy.urlWith(user, password), RUNNER_DEBUG: '1' })
    expect(errorLines(result.stdout)).toEqual([])
    expect(proxy.seen.every((r) => r.authorization && r.answer === 200)).toBe(true)
    // As the runner reads the command: `%` is escaped as `%25`.
    expect(result.masked).toEqual(
      expect.arrayContaining([user, password, encodeURIComponent(password).replace(/%/g, '%25')]),
    )
    expect(result.stdout).toContain(`Proxies: https through ${proxy.hostPort} (https_proxy, with credentials).`)
    expectNoKeyLeak(result, [
      password,
      encodeURIComponent(password),
      user,
      Buffer.from(`${user}:${password}`).toString('base64'),
      admin.key,
    ])
  })

  it('a proxy that answers 407: one error that says the proxy failed, names it by host:port and says what to check; no retry', async () => {
    await startProxy({ credentials: { user: 'u', password: 'secret-password' } })
    const result = await listProjects({ https_proxy: proxy.url })
    expect(result.code).toBe(1)
    expect(errorLines(result.stdout)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^::error::Could not list the organizations of the step's key: The proxy ${proxy.hostPort.replace(/\./g, '\\.')} \\(from https_proxy\\) asks for credentials ` +
            `\\(407 Proxy Authentication Required\\): give them in https_proxy as http://user:password@${proxy.hostPort.replace(/\./g, '\\.')}, percent-encoded\\.`,
        ),
      ),
    ])
    // Refused: sending it again cannot help. The first request (the key's organization) is the only one.
    expect(proxy.seen).toHaveLength(1)
    expect(platform.requests).toHaveLength(0)
    expect(result.summary).toContain('The proxy failed, not the platform')
  })

  it('wrong credentials: the error says the proxy refused the credentials in the variable, never what they are', async () => {
    await startProxy({ credentials: { user: 'u', password: 'right-password' } })
    const result = await listProjects({ https_proxy: proxy.urlWith('ci-runner', 'wrong-password'), RUNNER_DEBUG: '1' })
    expect(errorLines(result.stdout)).toEqual([
      expect.stringContaining(
        `The proxy ${proxy.hostPort} (from https_proxy) refused the credentials in https_proxy (407 Proxy Authentication Required)`,
      ),
    ])
    expectNoKeyLeak(result, ['wrong-password', 'ci-runner'])
  })

  it('a proxy that cannot be reached: retried as a connection that never left, then one error naming it', async () => {
    const result = await listProjects({ https_proxy: 'http://127.0.0.1:0' }, { 'org-id': platform.defaultOrgId })
    expect(result.code).toBe(1)
    expect(errorLines(result.stdout)).toEqual([
      expect.stringMatching(
        /^::error::Could not list the projects of organization [a-z0-9-]+: The proxy 127\.0\.0\.1:0 \(from https_proxy\) could not be reached \(ECONNREFUSED\): check the host and port in https_proxy, and that the proxy runs and the runner may connect to it after 5 attempts\./,
      ),
    ])
    expect(result.stdout).toMatch(/::warning::GET \/projects: The proxy 127\.0\.0\.1:0 .* retrying in/)
    expect(platform.requests).toHaveLength(0)
  })

  it('a proxy that breaks the tunnel: the error says the proxy closed the connection, and names it', async () => {
    await startProxy()
    proxy.fail('cut-tunnel')
    const result = await listProjects({ https_proxy: proxy.url }, { 'org-id': platform.defaultOrgId })
    expect(result.code).toBe(1)
    expect(errorLines(result.stdout)).toEqual([
      expect.stringContaining(
        `The proxy ${proxy.hostPort} (from https_proxy) closed the connection before the tunnel to ${target()} was open`,
      ),
    ])
  })

  it('a proxy that takes the connection and never answers CONNECT: the step ends at its `timeout`, naming the proxy', async () => {
    await startProxy()
    proxy.fail('silent')
    // The action's clock runs ten times as fast while a request is in flight: `timeout: 8` is under a second here.
    // Before, the tunnel waited for undici's own 300 s, which the test's 20 s would not see the end of.
    const result = await runStep(
      { command: 'list-keys', 'api-key': admin.key, 'api-host': front.url, timeout: '8' },
      { env: { NODE_EXTRA_CA_CERTS: ca.caFile, https_proxy: proxy.url }, time: { mode: 'jump', rate: 10 } },
    )
    expect(result.code).toBe(1)
    expect(errorLines(result.stdout)).toEqual([
      `::error::The step's timeout ran out while GET /api_keys was in flight (through the proxy ${proxy.hostPort}). Could not list API keys; raise the \`timeout\` input if the platform is slow. (request id ${result.outputs['request-id']})`,
    ])
    expect(proxy.seen.map((r) => [r.method, r.answer])).toEqual([['CONNECT', 0]])
    expect(platform.requests).toHaveLength(0)
  })

  it('a proxy variable the action cannot use fails the step before any request, without quoting it', async () => {
    const result = await listProjects({ https_proxy: 'socks5://user:hunter2-secret@127.0.0.1:1080' })
    expect(result.code).toBe(1)
    expect(errorLines(result.stdout)).toHaveLength(1)
    expect(result.summary).toContain('Correct that proxy variable')
    expect(platform.requests).toHaveLength(0)
    expectNoKeyLeak(result, ['hunter2-secret'])
  })
})

describe('GITHUB_API_URL in plain http, behind http_proxy', () => {
  let github: GitHubEmulator
  beforeEach(async () => {
    github = new GitHubEmulator()
    await github.start()
  })
  afterEach(async () => {
    await github.stop()
  })

  /** Steps that send `github-token` to GitHub: a rotation storing its key, the tripwire reading the runners' ranges. */
  const TOKEN_STEPS: Array<[string, Record<string, string>]> = [
    ['rotate-key storing a secret', { command: 'rotate-key', 'key-name': 'ci-deploy', 'secret-name': 'NEON_API_KEY' }],
    ["list-keys reading the runners' ranges", { command: 'list-keys', 'expected-networks': 'github-actions' }],
  ]

  it.each(TOKEN_STEPS)('%s: no request, and the token never reaches the proxy', async (_label, inputs) => {
    await startProxy({ watch: [admin.key, github.token] })
    const result = await runStep(
      { ...inputs, 'api-key': admin.key, 'api-host': front.url, 'github-token': github.token },
      {
        env: {
          NODE_EXTRA_CA_CERTS: ca.caFile,
          http_proxy: proxy.url,
          GITHUB_API_URL: github.url,
          GITHUB_REPOSITORY: 'octo-org/deploys',
        },
      },
    )
    expect(result.code).toBe(1)
    expect(errorLines(result.stdout)).toEqual([
      `::error::GITHUB_API_URL (${github.url}/) is plain http, and http_proxy sends it through the proxy ` +
        `${proxy.hostPort}, which would read the GitHub token in clear. Nothing was sent. ` +
        'Add 127.0.0.1 to NO_PROXY, or use https.',
    ])
    expect([proxy.seen, proxy.sightings, platform.requests, github.requests]).toEqual([[], 0, [], []])
  })

  it("without a token, the read of the runners' ranges goes through the proxy: it carries no credential", async () => {
    await startProxy({ watch: [admin.key] })
    const result = await runStep(
      { command: 'list-keys', 'api-key': admin.key, 'api-host': front.url, 'expected-networks': 'github-actions' },
      { env: { NODE_EXTRA_CA_CERTS: ca.caFile, http_proxy: proxy.url, GITHUB_API_URL: github.url } },
    )
    expect(errorLines(result.stdout)).toEqual([])
    expect(proxy.seen.map((r) => `${r.method} ${r.target} ${r.answer}`)).toEqual([`GET ${github.url}/meta 200`])
    expect(github.requests.map((r) => r.headers.authorization)).toEqual([undefined])
  })
})

describe('a private certificate authority', () => {
  it('without NODE_EXTRA_CA_CERTS: one error that says the certificate is not trusted, and names the variable', async () => {
    const result = await runStep({ command: 'list-keys', 'api-key': admin.key, 'api-host': front.url }, {})
    expect(result.code).toBe(1)
    expect(errorLines(result.stdout)).toEqual([
      expect.stringMatching(
        /^::error::Could not list API keys: The TLS certificate of 127\.0\.0\.1:\d+ is not signed by a certificate authority Node trusts \(UNABLE_TO_VERIFY_LEAF_SIGNATURE\)\. .*NODE_EXTRA_CA_CERTS/,
      ),
    ])
    // A certificate Node does not trust is not trusted on the next attempt either.
    expect(result.stdout).not.toContain('retrying')
    expect(result.summary).toContain('NODE_EXTRA_CA_CERTS')
  })

  it('NODE_TLS_REJECT_UNAUTHORIZED=0 fails the step before any request, naming it and NODE_EXTRA_CA_CERTS', async () => {
    const result = await runStep(
      { command: 'list-keys', 'api-key': admin.key, 'api-host': front.url },
      { env: { NODE_TLS_REJECT_UNAUTHORIZED: '0' } },
    )
    expect(result.code).toBe(1)
    expect(errorLines(result.stdout)).toEqual([
      expect.stringMatching(/^::error::NODE_TLS_REJECT_UNAUTHORIZED is 0: .*NODE_EXTRA_CA_CERTS/),
    ])
    expect(platform.requests).toEqual([])
  })

  it('with NODE_EXTRA_CA_CERTS naming the CA: the platform is reached over TLS', async () => {
    const result = await runStep(
      { command: 'list-keys', 'api-key': admin.key, 'api-host': front.url },
      { env: { NODE_EXTRA_CA_CERTS: ca.caFile } },
    )
    expect(errorLines(result.stdout)).toEqual([])
    expect(JSON.parse(result.outputs.keys!).map((k: { id: number }) => k.id)).toEqual([admin.id])
  })
})

describe('GitHub Enterprise Server, behind the proxy', () => {
  let github: GitHubEmulator
  let githubFront: TlsFront
  beforeEach(async () => {
    github = new GitHubEmulator({ pathPrefix: '/api/v3' })
    githubFront = await startTlsFront(await github.start(), ca.server)
  })
  afterEach(async () => {
    await githubFront.stop()
    await github.stop()
  })

  it("a rotation: the platform and GitHub's /api/v3 are both reached through tunnels, the secret holds the new key", async () => {
    await startProxy({ watch: [admin.key, github.token] })
    const old = platform.addKey('ci-deploy')
    github.setSecret('octo-org', 'deploys', 'NEON_API_KEY', old.key)
    const result = await runStep(
      {
        command: 'rotate-key',
        'api-key': admin.key,
        'api-host': front.url,
        'key-name': 'ci-deploy',
        'secret-name': 'NEON_API_KEY',
        'github-token': github.token,
      },
      {
        env: {
          NODE_EXTRA_CA_CERTS: ca.caFile,
          https_proxy: proxy.url,
          GITHUB_API_URL: githubFront.url,
          GITHUB_REPOSITORY: 'octo-org/deploys',
        },
      },
    )
    expect(errorLines(result.stdout)).toEqual([])
    expect(githubFront.url).toMatch(/\/api\/v3$/)
    expect(github.secret('octo-org', 'deploys', 'NEON_API_KEY')).toBe(result.outputs.key)
    expect(github.requests.every((r) => r.path.startsWith('/api/v3/'))).toBe(true)
    const tunnels = new Set(proxy.seen.map((r) => `${r.method} ${r.target}`))
    expect(tunnels).toEqual(new Set([`CONNECT ${target()}`, `CONNECT ${new URL(githubFront.url).host}`]))
    expect(proxy.sightings).toBe(0)
  })
})
