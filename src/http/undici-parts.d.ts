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
