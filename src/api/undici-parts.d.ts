/**
 * Types for the two parts of undici the client loads on their own (client.ts says why). undici
 * publishes types only for its entry, which re-exports these very modules. `undici/index.js`, not
 * `undici`: tsconfig.json maps that name for the bundle.
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

/** The bundle's `undici` (tsconfig.json `paths`), which has undici's entry behind it: the same types. */
declare module 'undici' {
  export * from 'undici/index.js'
}
