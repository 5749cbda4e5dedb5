/**
 * The URLs a credential is sent to. Plain http only to a loopback address written as one, and never through a proxy,
 * so the credential crosses no network. A name, `localhost` too, may lead to another machine.
 */
import { InputError, RunnerVariableError } from '../base/errors.ts'
import { quoted, untrusted } from '../base/text.ts'
import { refuseInClear, type Environment } from '../http/proxy.ts'

export const DEFAULT_API_HOST = 'https://console.neon.tech/api/v2'

const SERVICE_URLS = {
  'api-host': {
    named: 'Input `api-host`',
    refuse: (message: string) => new InputError(message),
    notUrl: `Use e.g. ${DEFAULT_API_HOST}.`,
    credentials: 'pass the key in `api-key`',
    sent: 'the API key',
  },
  GITHUB_API_URL: {
    named: 'GITHUB_API_URL',
    refuse: (message: string) => new RunnerVariableError(message),
    notUrl: "It names GitHub's REST API: https://api.github.com, or https://HOST/api/v3 on GitHub Enterprise Server.",
    credentials: 'the token goes in `github-token`',
    sent: 'the GitHub token',
  },
} as const

/** No proxy variable may send a plain-http `api-host` through a proxy. */
export function readApiHost(raw: string, proxies: Environment = {}): string {
  return readServiceUrl(raw.trim() || DEFAULT_API_HOST, SERVICE_URLS['api-host'], proxies)
}

/** Undefined when unset: GitHub's own. `proxies` is given when the token goes there. */
export function readGitHubApiUrl(raw: string | undefined, proxies: Environment = {}): string | undefined {
  const value = raw?.trim()
  return value ? readServiceUrl(value, SERVICE_URLS.GITHUB_API_URL, proxies) : undefined
}

type ServiceUrlRules = (typeof SERVICE_URLS)[keyof typeof SERVICE_URLS]

/** Without a trailing slash. */
function readServiceUrl(value: string, rules: ServiceUrlRules, proxies: Environment): string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw rules.refuse(`${rules.named} is not a URL: ${quoted(value)}. ${rules.notUrl}`)
  }
  if (url.username || url.password) {
    throw rules.refuse(`${rules.named} must not carry credentials: ${rules.credentials}.`)
  }
  if (url.search || url.hash) throw rules.refuse(`${rules.named} must not have a query or a fragment.`)
  if (url.protocol === 'http:') {
    if (LOCALHOST.test(url.hostname)) {
      const literal = new URL(url.href)
      literal.hostname = '127.0.0.1'
      throw rules.refuse(
        `${rules.named} uses plain http to the name ${untrusted(url.hostname)}, which /etc/hosts or DNS may lead to ` +
          `another machine: ${rules.sent} would go there unencrypted. ` +
          `Use the address: ${untrusted(literal.href.replace(/\/$/, ''))}.`,
      )
    }
    if (!isLoopback(url.hostname)) {
      throw rules.refuse(
        `${rules.named} uses plain http to ${untrusted(url.hostname)}: ${rules.sent} would cross the network unencrypted. ` +
          'Use https (plain http is accepted only for a loopback address: 127.0.0.0/8 or ::1).',
      )
    }
    const inClear = refuseInClear(url.href, proxies, `${rules.named} (${untrusted(url.href)})`, rules.sent)
    if (inClear) throw inClear
  } else if (url.protocol !== 'https:') {
    throw rules.refuse(`${rules.named} must be an https URL, not ${untrusted(url.protocol.replace(/:$/, ''))}.`)
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`
}

/** Resolvers send these to loopback by custom, not by rule. */
const LOCALHOST = /(?:^|\.)localhost\.?$/i

/** Never a name. URL parsing already turned `127.1` into `127.0.0.1`. */
export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase()
  if (host === '::1') return true
  const parts = host.split('.')
  return parts.length === 4 && parts[0] === '127' && parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)
}
