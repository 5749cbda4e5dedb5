/**
 * What the bundle gets for `undici`'s entry (tsconfig.json `paths`, which ncc follows for every
 * module it bundles): the entry itself, evaluated on first use. The entry loads all undici has
 * (fetch, WebSocket, caches, mocks), 30–40 ms at every start-up, and @actions/core imports it as
 * it loads, through @actions/http-client, for OIDC tokens and proxies the action never asks for.
 * The platform client loads only the undici parts it needs (client.ts). Node, the tests and the
 * type checker see undici's entry as it is.
 */
'use strict'

let undici
const entry = () => (undici ??= require('undici/index.js'))

module.exports = new Proxy(
  {},
  {
    get: (_, name) => entry()[name],
    has: (_, name) => name in entry(),
    ownKeys: () => Reflect.ownKeys(entry()),
    getOwnPropertyDescriptor: (_, name) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(entry(), name)
      // A proxy may not report a property its (empty) target lacks as non-configurable.
      return descriptor && { ...descriptor, configurable: true }
    },
  },
)
