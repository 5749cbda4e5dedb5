// src/runner/context.ts: the outputs a failed request sets (`http-status`, `error-code`, `request-id`), and where the
// action's own docs are at the version that ran.
// Unit tests, in this process.
import { describe, expect, it } from '@jest/globals'
import { RequestError } from '../../src/http/errors.ts'
import { actionDocs, requestFailureOutputs } from '../../src/runner/context.ts'

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
