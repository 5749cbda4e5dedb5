// src/runner/context.ts: the outputs a failed request sets (`http-status`, `error-code`, `request-id`).
// Unit tests, in this process.
import { describe, expect, it } from '@jest/globals'
import { RequestError } from '../../src/http/errors.ts'
import { requestFailureOutputs } from '../../src/runner/context.ts'

const details = { kind: 'http', method: 'GET', path: '/x', requestId: 'req-1' } as const

describe('requestFailureOutputs()', () => {
  it('sets the status and the service code only when there are ones', () => {
    expect(requestFailureOutputs(new RequestError('m', { ...details, kind: 'network' }))).toStrictEqual({ 'request-id': 'req-1' })
    expect(requestFailureOutputs(new RequestError('m', { ...details, kind: 'malformed', status: 200, code: 'truncated' }))).toStrictEqual({
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
    const code = (value: string) => requestFailureOutputs(new RequestError('m', { ...details, status: 400, code: value }))['error-code']
    expect(code('API_KEY_NOT_FOUND')).toBe('API_KEY_NOT_FOUND')
    expect(code(`a.b-c_${'d'.repeat(58)}`)).toBe(`a.b-c_${'d'.repeat(58)}`)
    expect(code('d'.repeat(65))).toBeUndefined()
    expect(code('Bearer napi_abc')).toBeUndefined()
    expect(code('x\n::error::y')).toBeUndefined()
    expect(code('x:y')).toBeUndefined()
  })
})
