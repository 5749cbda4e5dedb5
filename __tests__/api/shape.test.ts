// src/api/shape.ts: the checks on decoded bodies: what passes, and the exact message for what does not.
// Unit tests, in this process.
import { describe, expect, it } from '@jest/globals'
import { ShapeError, array, integer, object, optionalString, string } from '../../src/api/shape.ts'

describe('response shape checks', () => {
  const fails = (check: () => unknown) => {
    try {
      check()
    } catch (error) {
      expect(error).toBeInstanceOf(ShapeError)
      expect((error as Error).name).toBe('ShapeError')
      return (error as Error).message
    }
    throw new Error('expected a ShapeError')
  }

  it('object: only a plain object passes', () => {
    expect(object({ a: 1 }, 'response')).toEqual({ a: 1 })
    expect(fails(() => object([], 'response'))).toBe('response is not an object')
    expect(fails(() => object(null, 'response'))).toBe('response is not an object')
    expect(fails(() => object('x', 'response.x'))).toBe('response.x is not an object')
  })

  it('array: only an array passes', () => {
    expect(array([1], 'response')).toEqual([1])
    expect(fails(() => array({}, 'response.projects'))).toBe('response.projects is not an array')
  })

  it('string: names the field and what it was instead', () => {
    expect(string({ id: 'x' }, 'id', 'response')).toBe('x')
    expect(string({ id: '' }, 'id', 'response')).toBe('')
    expect(fails(() => string({}, 'id', 'response'))).toBe('response.id is missing, not a string')
    expect(fails(() => string({ id: null }, 'id', 'response'))).toBe('response.id is null, not a string')
    expect(fails(() => string({ id: [] }, 'id', 'response'))).toBe('response.id is an array, not a string')
    expect(fails(() => string({ id: 3 }, 'id', 'r'))).toBe('r.id is a number, not a string')
  })

  it('integer: a safe integer only', () => {
    expect(integer({ id: 42 }, 'id', 'response')).toBe(42)
    expect(integer({ id: 0 }, 'id', 'response')).toBe(0)
    expect(fails(() => integer({ id: 1.5 }, 'id', 'response'))).toBe('response.id is a number, not an integer')
    expect(fails(() => integer({ id: 2 ** 53 }, 'id', 'response'))).toBe('response.id is a number, not an integer')
    expect(fails(() => integer({ id: '42' }, 'id', 'response'))).toBe('response.id is a string, not an integer')
    expect(fails(() => integer({}, 'id', 'response'))).toBe('response.id is missing, not an integer')
  })

  it('optional strings: anything else is absent', () => {
    expect(optionalString({ a: 'x' }, 'a')).toBe('x')
    expect(optionalString({ a: 1 }, 'a')).toBeUndefined()
    expect(optionalString({}, 'a')).toBeUndefined()
  })
})
