/**
 * Types for the parts of undici the action loads on their own (client.ts says why). undici
 * publishes types only for its entry, which re-exports these very modules.
 */
declare module 'undici/lib/dispatcher/agent.js' {
  import { Agent } from 'undici/index.js'
  export default Agent
}

declare module 'undici/lib/api/api-request.js' {
  import type { Dispatcher } from 'undici/index.js'
  /** `Dispatcher.prototype.request`, which undici's entry installs; call it with the dispatcher as `this`. */
  export default function request(this: Dispatcher, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData>
}

// The proxy support (src/http/proxy.ts), loaded only when a proxy variable is set.

declare module 'undici/lib/dispatcher/dispatcher.js' {
  import { Dispatcher } from 'undici/index.js'
  export default Dispatcher
}

declare module 'undici/lib/dispatcher/proxy-agent.js' {
  import { ProxyAgent } from 'undici/index.js'
  export default ProxyAgent
}

declare module 'undici/lib/dispatcher/pool.js' {
  import { Pool } from 'undici/index.js'
  export default Pool
}

declare module 'undici/lib/api/api-connect.js' {
  import type { Dispatcher } from 'undici/index.js'
  /** `Dispatcher.prototype.connect`, which undici's entry installs and ProxyAgent calls on its client to the proxy. */
  export default function connect(this: Dispatcher, options: Dispatcher.ConnectOptions): Promise<Dispatcher.ConnectData>
}
