/**
 * The proxy variables as the runner and curl read them (lower case first; an empty one counts as
 * unset): whether any is set, and what in them must be masked. Loaded at every start; the rest of
 * the proxy support (proxy.ts) only when a variable is set, or a request failed.
 */
import { OwnError } from '../base/errors.ts'

/** Where the variables are read from: `process.env`, or a test's own. */
export type Environment = Readonly<Record<string, string | undefined>>

/** The variables that may name a proxy. */
export type ProxyVariable = 'https_proxy' | 'HTTPS_PROXY' | 'http_proxy' | 'HTTP_PROXY'

/** The variables read for each scheme, lower case first. */
export const PROXY_VARIABLES: Readonly<Record<string, readonly [ProxyVariable, ProxyVariable]>> = {
  'https:': ['https_proxy', 'HTTPS_PROXY'],
  'http:': ['http_proxy', 'HTTP_PROXY'],
}

/** A proxy variable the action cannot use. Its value is never quoted: it may hold credentials. */
export class ProxySettingError extends OwnError {
  constructor(message: string) {
    super(message)
    this.name = 'ProxySettingError'
  }
}

/** Whether any variable names a proxy: only then is undici's proxy support loaded. */
export function proxyVariableSet(env: Environment): boolean {
  return Object.values(PROXY_VARIABLES).some((names) => firstSet(env, names) !== undefined)
}

/**
 * What in the proxy variables must be masked before anything is printed: each URL's user and
 * password, as written and percent-decoded, and the Proxy-Authorization value they make. Read
 * without a URL parser too, so a variable the action cannot use is masked all the same.
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

/** The first of `names` set to more than blanks: an empty variable counts as unset, as curl and the runner count it. */
export function firstSet<Name extends string>(env: Environment, names: readonly Name[]): { name: Name; value: string } | undefined {
  for (const name of names) {
    const value = env[name]
    if (value !== undefined && value.trim() !== '') return { name, value }
  }
  return undefined
}
