/**
 * What the bundle gets for `@actions/http-client` and `@actions/exec` (tsconfig.json `paths`,
 * which ncc follows for every module it bundles; Node, the tests and local runners load the real
 * packages). @actions/core imports them as it loads, for OIDC tokens (`core.getIDToken`) and the
 * runner's platform details (`core.platform`), neither of which the action asks for; loading them
 * would cost every step Node's https, child_process and dgram modules and undici's whole entry
 * (measured in docs/performance.md). Each name @actions/core takes from them is here, and throws
 * if it is ever used: __tests__/project/stand-ins.test.ts keeps the list whole.
 */
const UNUSED = 'is left out of the bundle: the action never asks for OIDC tokens or platform details'

export class HttpClient {
  constructor() {
    throw new Error(`@actions/http-client ${UNUSED}.`)
  }
}

export class BearerCredentialHandler {
  constructor() {
    throw new Error(`@actions/http-client ${UNUSED}.`)
  }
}

export function getExecOutput(): never {
  throw new Error(`@actions/exec ${UNUSED}.`)
}
