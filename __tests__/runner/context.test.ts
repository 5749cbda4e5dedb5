// src/runner/context.ts: the outputs a failed request sets (`http-status`, `error-code`, `request-id`), from an error
// and from what the platform answered, and where the action's own docs are at the version that ran.
// Unit tests, in this process; the platform's answers from the platform emulator.
import { describe, expect, it } from '@jest/globals'
import { listApiKeys } from '../../src/api/endpoints.ts'
import { registerSecret } from '../../src/base/text.ts'
import { RequestError } from '../../src/http/errors.ts'
import { actionDocs, requestFailureOutputs } from '../../src/runner/context.ts'
import { inProcessPerTest, type InProcess } from '../support/in-process.ts'
import { piecesShown } from '../support/leaks.ts'

const details = { kind: 'http', method: 'GET', path: '/x', requestId: 'req-1' } as const

describe('requestFailureOutputs()', () => {
  it('sets the status and the service code only when there are ones', () => {
    expect(requestFailureOutputs(new RequestError('m', { ...details, kind: 'network' }))).toStrictEqual({
      'request-id': 'req-1',
    })
    expect(
      requestFailureOutputs(new RequestError('m', { ...details, kind: 'malformed', status: 200, code: 'truncated' })),
    ).toStrictEqual({
      'request-id': 'req-1',
      'http-status': '200',
    })
    expect(requestFailureOutputs(new RequestError('m', { ...details, status: 409, code: 'CONFLICT' }))).toStrictEqual({
      'request-id': 'req-1',
      'http-status': '409',
      'error-code': 'CONFLICT',
    })
    expect(requestFailureOutputs(new RequestError('m', { ...details, status: 500 }))).toStrictEqual({
      'request-id': 'req-1',
      'http-status': '500',
    })
  })
})

describe('requestFailureOutputs() on what a server may send', () => {
  it('leaves `error-code` empty unless the code is a short token of letters, digits and _.-', () => {
    const code = (value: string) =>
      requestFailureOutputs(new RequestError('m', { ...details, status: 400, code: value }))['error-code']
    expect(code('API_KEY_NOT_FOUND')).toBe('API_KEY_NOT_FOUND')
    expect(code(`a.b-c_${'d'.repeat(58)}`)).toBe(`a.b-c_${'d'.repeat(58)}`)
    expect(code('d'.repeat(65))).toBeUndefined()
    expect(code('Bearer napi_abc')).toBeUndefined()
    expect(code('x\n::error::y')).toBeUndefined()
    expect(code('x:y')).toBeUndefined()
  })
})

describe('requestFailureOutputs() on what the platform answered', () => {
  let run: InProcess
  inProcessPerTest((started) => (run = started))

  /** The outputs and message of a list of keys the platform refuses with `body`, and the request id the client sent. */
  const refusedWith = async (body: Record<string, string>) => {
    run.platform.inject({
      path: '/api_keys',
      kind: 'status',
      status: 400,
      body: JSON.stringify(body),
      contentType: 'application/json',
    })
    const error = await listApiKeys(run.client).then(
      () => undefined,
      (e: unknown) => e as RequestError,
    )
    const sent = run.platform.requests.at(-1)!.headers['x-request-id']
    return { outputs: requestFailureOutputs(error!), message: error!.message, sent }
  }

  it('`error-code` only when the code is a short token; otherwise empty, and the text only in the message, made safe', async () => {
    const echoed = await refusedWith({ code: 'Bearer napi_0123456789abcdef ::error::forged', message: 'bad' })
    expect(echoed.outputs['http-status']).toBe('400')
    expect(echoed.outputs['error-code']).toBeUndefined()
    // A credential by its form is never shown, whoever's it is.
    expect(echoed.message).toContain('[Bearer *** ::error::forged]')
    expect((await refusedWith({ code: 'x'.repeat(65), message: 'bad' })).outputs['error-code']).toBeUndefined()
    const long = `K.${'x'.repeat(62)}`
    expect((await refusedWith({ code: long, message: 'bad' })).outputs['error-code']).toBe(long)
  })

  it("`request-id` is the service's only when it looks like an id; otherwise the one the action sent", async () => {
    const long = await refusedWith({ code: 'BAD', message: 'bad', request_id: `${'r'.repeat(1000)} ::error::forged` })
    expect(long.outputs['request-id']).toBe(long.sent)
    const id = 'req_01J.x-y:z'
    expect((await refusedWith({ code: 'BAD', message: 'bad', request_id: id })).outputs['request-id']).toBe(id)
    // A token with `::`: a later step that echoes the output would print a runner command.
    const forged = await refusedWith({ code: 'BAD', message: 'bad', request_id: '::stop-commands::resume' })
    expect(forged.outputs['request-id']).toBe(forged.sent)
  })

  it("a code and a request id that are most of the step's key: neither is set, nor shown", async () => {
    const key = run.key.key
    registerSecret(key)
    const { outputs, message, sent } = await refusedWith({
      code: key.slice(1),
      message: 'no',
      request_id: key.slice(0, -1),
    })
    expect(outputs).toStrictEqual({ 'http-status': '400', 'request-id': sent })
    expect(piecesShown(message, key)).toEqual([])
  })
})

describe("actionDocs(): a page of the action's docs at the version that ran", () => {
  const page = 'docs/tripwire.md#when-it-fires'

  it('uses: owner/name@ref: the page on the GitHub the runner names, at that ref', () => {
    const used = { GITHUB_ACTION_REPOSITORY: 'octo-org/neon-api-action', GITHUB_ACTION_REF: 'v1' }
    expect(actionDocs(used)(page)).toBe(
      'https://github.com/octo-org/neon-api-action/blob/v1/docs/tripwire.md#when-it-fires',
    )
    const sha = '0123456789abcdef0123456789abcdef01234567'
    expect(actionDocs({ ...used, GITHUB_ACTION_REF: sha, GITHUB_SERVER_URL: 'https://github.com' })(page)).toBe(
      `https://github.com/octo-org/neon-api-action/blob/${sha}/docs/tripwire.md#when-it-fires`,
    )
    expect(
      actionDocs({ ...used, GITHUB_ACTION_REF: 'releases/v1.2', GITHUB_SERVER_URL: 'https://ghe.example.com/' })(page),
    ).toBe('https://ghe.example.com/octo-org/neon-api-action/blob/releases/v1.2/docs/tripwire.md#when-it-fires')
  })

  it('uses: ./ (the runner sets neither), or values that are no repository, ref or server: no link', () => {
    expect(actionDocs({})(page)).toBeUndefined()
    expect(actionDocs({ GITHUB_ACTION_REPOSITORY: '', GITHUB_ACTION_REF: '' })(page)).toBeUndefined()
    const used = { GITHUB_ACTION_REPOSITORY: 'octo-org/neon-api-action', GITHUB_ACTION_REF: 'v1' }
    for (const odd of [
      { GITHUB_ACTION_REPOSITORY: 'octo-org' },
      { GITHUB_ACTION_REPOSITORY: 'octo-org/neon api' },
      { GITHUB_ACTION_REPOSITORY: 'a/b/c' },
      { GITHUB_ACTION_REF: '' },
      { GITHUB_ACTION_REF: '../../evil' },
      { GITHUB_ACTION_REF: 'v1"><script>' },
      { GITHUB_ACTION_REF: 'v1?x=1' },
      { GITHUB_SERVER_URL: 'javascript:alert(1)' },
      { GITHUB_SERVER_URL: 'not a url' },
    ]) {
      expect([odd, actionDocs({ ...used, ...odd })(page)]).toEqual([odd, undefined])
    }
  })
})
