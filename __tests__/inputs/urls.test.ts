// src/inputs/urls.ts: `api-host`, GITHUB_API_URL and loopback hosts, and a plain-http one behind a proxy.
// Unit tests, in this process.
import { describe, expect, it } from '@jest/globals'
import { ProxyInClearError } from '../../src/http/proxy.ts'
import { isLoopback, readApiHost, readGitHubApiUrl } from '../../src/inputs/urls.ts'
import type { RunnerEnvironment } from '../../src/inputs/values.ts'
import { errorOf, settings } from '../support/settings.ts'

describe('api-host', () => {
  it.each([
    ['https://console.neon.tech/api/v2/', 'https://console.neon.tech/api/v2'],
    ['http://127.0.0.1:8080/api/v2', 'http://127.0.0.1:8080/api/v2'],
    ['http://127.3.2.1/api/v2', 'http://127.3.2.1/api/v2'],
    ['http://[::1]:1234/api/v2', 'http://[::1]:1234/api/v2'],
  ])('accepts %s', (raw, expected) => {
    expect(readApiHost(raw)).toBe(expected)
  })

  it.each([
    ['http://console.neon.tech/api/v2', /plain http to console.neon.tech/],
    ['http://10.0.0.1/api/v2', /plain http to 10.0.0.1/],
    ['http://127.0.0.1.evil.example/api/v2', /plain http/],
    ['http://localhost:1234/api/v2', /plain http to the name localhost/],
    ['http://LOCALHOST./api/v2', /plain http to the name localhost\./],
    ['http://api.localhost/api/v2', /plain http to the name api\.localhost/],
    ['ftp://example.com', /must be an https URL, not ftp/],
    ['not a url', /not a URL/],
    ['https://user:pw@console.neon.tech/api/v2', /must not carry credentials/],
    ['https://console.neon.tech/api/v2?x=1', /must not have a query/],
  ])('refuses %s', (raw, expected) => {
    expect(() => readApiHost(raw)).toThrow(expected)
  })

  it('knows loopback hosts', () => {
    expect(isLoopback('127.0.0.1')).toBe(true)
    expect(isLoopback('[::1]')).toBe(true)
    expect(isLoopback('localhost')).toBe(false)
    expect(isLoopback('128.0.0.1')).toBe(false)
    expect(isLoopback('127.0.0.256')).toBe(false)
  })
  it.each(['https://user@api.example/v2', 'https://:secret@api.example/v2'])('refuses credentials: %s', (host) => {
    expect(errorOf({ command: 'list-keys', 'api-host': host })).toBe(
      'Input `api-host` must not carry credentials: pass the key in `api-key`.',
    )
  })

  it('names the protocol and the host it refuses', () => {
    expect(errorOf({ command: 'list-keys', 'api-host': 'ftp://api.example/v2' })).toBe(
      'Input `api-host` must be an https URL, not ftp.',
    )
    expect(errorOf({ command: 'list-keys', 'api-host': 'http://api.example/v2' })).toBe(
      'Input `api-host` uses plain http to api.example: the API key would cross the network unencrypted. Use https (plain http is accepted only for a loopback address: 127.0.0.0/8 or ::1).',
    )
  })

  it('a name, localhost too, is refused for plain http: /etc/hosts or DNS may lead it to another machine', () => {
    expect(errorOf({ command: 'list-keys', 'api-host': 'http://localhost:4010/api/v2/' })).toBe(
      'Input `api-host` uses plain http to the name localhost, which /etc/hosts or DNS may lead to another machine: ' +
        'the API key would go there unencrypted. Use the address: http://127.0.0.1:4010/api/v2.',
    )
    expect(() => readGitHubApiUrl('http://localhost:3000')).toThrow(
      'GITHUB_API_URL uses plain http to the name localhost, which /etc/hosts or DNS may lead to another machine: ' +
        'the GitHub token would go there unencrypted. Use the address: http://127.0.0.1:3000.',
    )
    expect(readApiHost('https://localhost:4010/api/v2')).toBe('https://localhost:4010/api/v2')
  })

  it('drops every trailing slash', () => {
    expect(settings({ command: 'list-keys', 'api-host': 'https://api.example/v2//' })).toMatchObject({
      apiHost: 'https://api.example/v2',
    })
  })
})

describe('a plain-http URL a credential goes to, and a proxy variable that would send it through a proxy', () => {
  const PROXY = { http_proxy: 'http://proxy.corp:3128' }
  /** The error the settings are refused with, or 'accepted'. */
  const outcome = (inputs: Record<string, string>, runner: RunnerEnvironment) => {
    try {
      settings(inputs, { runner: { repository: 'octo-org/deploys', ...runner } })
      return 'accepted'
    } catch (error) {
      return error instanceof ProxyInClearError ? error.message : `not a ProxyInClearError: ${String(error)}`
    }
  }

  it('api-host: refused before any request, naming the URL, the variable, the proxy and what to do', () => {
    expect(outcome({ command: 'list-keys', 'api-host': 'http://127.0.0.1:4010/api/v2' }, { proxies: PROXY })).toBe(
      'Input `api-host` (http://127.0.0.1:4010/api/v2) is plain http, and http_proxy sends it through the proxy ' +
        'proxy.corp:3128, which would read the API key in clear. Nothing was sent. ' +
        'Add 127.0.0.1 to NO_PROXY, or use https.',
    )
  })

  it("GITHUB_API_URL, where the token goes: a rotation storing a secret, the runners' ranges read with a token", () => {
    const refusal =
      'GITHUB_API_URL (http://127.0.0.1:3000/api/v3) is plain http, and HTTP_PROXY sends it through the proxy ' +
      'proxy.corp:3128, which would read the GitHub token in clear. Nothing was sent. ' +
      'Add 127.0.0.1 to no_proxy, or use https.'
    const proxies = { HTTP_PROXY: 'proxy.corp:3128', no_proxy: 'example.com' }
    const runner = { apiUrl: 'http://127.0.0.1:3000/api/v3', proxies }
    const rotation = { command: 'rotate-key', 'secret-name': 'NEON_API_KEY', 'github-token': 'ghp_token' }
    const tripwire = { command: 'list-keys', 'expected-networks': 'github-actions', 'github-token': 'ghp_token' }
    expect([outcome(rotation, runner), outcome(tripwire, runner)]).toEqual([refusal, refusal])
    // Without a token, the read of the ranges carries no credential: the proxy may carry it.
    expect(outcome({ command: 'list-keys', 'expected-networks': 'github-actions' }, runner)).toBe('accepted')
  })

  it.each([
    ['NO_PROXY names the host', { ...PROXY, NO_PROXY: '127.0.0.1' }],
    ['no proxy for http', { https_proxy: 'http://proxy.corp:3128' }],
    ['an empty http_proxy', { http_proxy: '' }],
  ])('accepted when it goes directly: %s', (_label, proxies) => {
    expect(outcome({ command: 'list-keys', 'api-host': 'http://127.0.0.1:4010/api/v2' }, { proxies })).toBe('accepted')
  })

  it('https goes through a tunnel, which the proxy cannot read into', () => {
    expect(readApiHost('https://console.neon.tech/api/v2', { https_proxy: 'http://proxy.corp:3128' })).toBe(
      'https://console.neon.tech/api/v2',
    )
  })
})
