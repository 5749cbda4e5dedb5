import type { PlatformClient, RequestSpec } from '../../src/api/client.js'

/**
 * A client for endpoint tests: it records each request it is asked to send, and answers the
 * n-th with `answers[n]`, read by the request's own parser (a wrong field fails as it would
 * over HTTP). Past the last answer it fails with "not sent".
 */
export function fakeClient(answers: unknown[] = []): { client: PlatformClient; specs: RequestSpec<unknown>[] } {
  const specs: RequestSpec<unknown>[] = []
  const client = {
    send: (spec: RequestSpec<unknown>) => {
      specs.push(spec)
      const n = specs.length - 1
      return n < answers.length
        ? Promise.resolve().then(() => spec.parse(answers[n]))
        : Promise.reject(new Error('not sent'))
    },
  } as unknown as PlatformClient
  return { client, specs }
}
