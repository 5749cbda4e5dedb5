/**
 * What the bundle gets for `import … from 'undici'` (tsconfig.json `paths`, which ncc follows for
 * every module it bundles; Node, the tests and local runners load undici's entry as it is).
 * undici's entry loads all undici has (fetch, WebSocket, caches, mocks), 30–40 ms at every
 * start-up, and @actions/core imports it as it loads, through @actions/http-client, for OIDC
 * tokens and proxies the action never asks for. The packages the bundle holds take two names
 * from it, which a test keeps whole (__tests__/undici-lean.test.ts): ProxyAgent, from its own
 * module, and fetch, from undici's entry in a chunk of its own, loaded at the first call.
 */
import type * as undici from 'undici/index.js'

export type * from 'undici/index.js'
export { default as ProxyAgent } from 'undici/lib/dispatcher/proxy-agent.js'

export const fetch: typeof undici.fetch = async (input, init) => (await import('undici/index.js')).fetch(input, init)
