// src/http/errors.ts: the one RequestError, and finding it among the causes of another error.
// Unit tests, in this process.
import { describe, expect, it } from '@jest/globals'
import { RequestError, requestErrorIn, type RequestErrorKind } from '../../src/http/errors.ts'

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

describe('what a RequestError says about sending the request again', () => {
  it.each<[RequestErrorKind, boolean]>([
    ['http', false],
    ['network', false],
    ['timeout', false],
    ['malformed', false],
    ['redirect', false],
    ['proxy', false],
    ['invalid', true],
    ['deadline', true],
    ['cancelled', true],
    ['proxy-refused', true],
    ['certificate', true],
  ])('%s: final is %s', (kind, final) => {
    const error = new RequestError('m', { ...details, kind })
    expect(error.final).toBe(final)
  })
})
