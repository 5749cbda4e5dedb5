/**
 * What the bundle gets for `import … from 'undici'` (tsconfig.json `paths`, which ncc follows for
 * every module it bundles; Node, the tests and local runners load undici's entry as it is).
 * undici's entry loads all undici has (fetch, WebSocket, caches, mocks), 30–40 ms at every
 * start-up, and @actions/core imports it as it loads, through @actions/http-client, for OIDC
 * tokens and proxies the action never asks for. The one name the packages the bundle holds take
 * from it is ProxyAgent, which has a module of its own; a test keeps that list whole
 * (__tests__/undici-lean.test.ts).
 */
export type * from 'undici/index.js'
export { default as ProxyAgent } from 'undici/lib/dispatcher/proxy-agent.js'
