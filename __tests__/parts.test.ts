// Small shared parts: the request error and its causes, durations as the log writes them, the
// system clock's deadline, and the outputs of a failed request.
import { describe, expect, it, jest } from '@jest/globals'
import { RequestError, requestErrorIn } from '../src/http/errors.ts'
import { formatDuration, systemClock } from '../src/base/clock.js'
import { requestFailureOutputs } from '../src/runner/context.js'

const details = { kind: 'http', method: 'GET', path: '/x', requestId: 'req-1' } as const

describe('RequestError', () => {
  it('is named, counts one attempt, and claims nothing it was not told', () => {
    const error = new RequestError('m', details)
    expect(error.name).toBe('RequestError')
    expect(error).toMatchObject({ attempts: 1, mayHaveReachedServer: false, earlierAttemptUncertain: false })
  })

  it('is found up to four causes deep, and no deeper', () => {
    const wrap = (cause: unknown, times: number): unknown =>
      times === 0 ? cause : wrap(new Error(`wrapper ${times}`, { cause }), times - 1)
    const api = new RequestError('m', details)
    expect(requestErrorIn(wrap(api, 4))).toBe(api)
    expect(requestErrorIn(wrap(api, 5))).toBeUndefined()
    expect(requestErrorIn('not an error')).toBeUndefined()
  })
})

describe('formatDuration()', () => {
  it.each([
    [999, '999 ms'],
    [1000, '1 s'],
    [1500, '1.5 s'],
    [59_000, '59 s'],
    [60_000, '1 min'],
    [120_000, '2 min'],
    [125_000, '2 min 5 s'],
  ])('%i ms is %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text)
  })
})

describe('systemClock', () => {
  it('a deadline aborts after its time, and never once cleared', () => {
    jest.useFakeTimers()
    try {
      const kept = systemClock.deadline(1000)
      const cleared = systemClock.deadline(1000)
      cleared.clear()
      jest.advanceTimersByTime(999)
      expect(kept.signal.aborted).toBe(false)
      jest.advanceTimersByTime(1)
      expect(kept.signal.aborted).toBe(true)
      expect(cleared.signal.aborted).toBe(false)
    } finally {
      jest.useRealTimers()
    }
  })
})

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
