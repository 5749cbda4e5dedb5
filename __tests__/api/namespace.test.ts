// src/api/namespace.ts: a key namespace refuses what the platform would, before sending anything.
// Unit tests, in this process.
import { describe, expect, it } from '@jest/globals'
import { createKeyIn, PERSONAL_KEYS } from '../../src/api/namespace.ts'
import { fakeClient } from '../support/fake-client.ts'

describe('createKeyIn()', () => {
  it('refuses a project-scoped personal key before sending anything: only an organization holds one', () => {
    const { client, specs } = fakeClient()
    expect(() => createKeyIn(client, PERSONAL_KEYS, 'ci', 'proj-1')).toThrow(
      'a project-scoped key belongs to an organization',
    )
    expect(specs).toEqual([])
  })
})
