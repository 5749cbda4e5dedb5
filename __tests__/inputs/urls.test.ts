// src/inputs/urls.ts: `api-host` and loopback hosts.
// Unit tests, in this process.
import { describe, expect, it } from '@jest/globals'
import { isLoopback, readApiHost } from '../../src/inputs/urls.ts'
import { errorOf, settings } from '../support/settings.ts'

describe('api-host', () => {
  it.each([
    ['https://console.neon.tech/api/v2/', 'https://console.neon.tech/api/v2'],
    ['http://127.0.0.1:8080/api/v2', 'http://127.0.0.1:8080/api/v2'],
    ['http://127.3.2.1/api/v2', 'http://127.3.2.1/api/v2'],
    ['http://localhost:1234/api/v2', 'http://localhost:1234/api/v2'],
    ['http://[::1]:1234/api/v2', 'http://[::1]:1234/api/v2'],
  ])('accepts %s', (raw, expected) => {
    expect(readApiHost(raw)).toBe(expected)
  })

  it.each([
    ['http://console.neon.tech/api/v2', /plain http to console.neon.tech/],
    ['http://10.0.0.1/api/v2', /plain http to 10.0.0.1/],
    ['http://127.0.0.1.evil.example/api/v2', /plain http/],
    ['ftp://example.com', /must be an https URL, not ftp/],
    ['not a url', /not a URL/],
    ['https://user:pw@console.neon.tech/api/v2', /must not carry credentials/],
    ['https://console.neon.tech/api/v2?x=1', /must not have a query/],
  ])('refuses %s', (raw, expected) => {
    expect(() => readApiHost(raw)).toThrow(expected)
  })

  it('knows loopback hosts', () => {
    expect(isLoopback('127.0.0.1')).toBe(true)
    expect(isLoopback('[::1]')).toBe(true)
    expect(isLoopback('LOCALHOST')).toBe(true)
    expect(isLoopback('128.0.0.1')).toBe(false)
    expect(isLoopback('127.0.0.256')).toBe(false)
  })
  it.each(['https://user@api.example/v2', 'https://:secret@api.example/v2'])('refuses credentials: %s', (host) => {
    expect(errorOf({ command: 'list-keys', 'api-host': host })).toBe(
      'Input `api-host` must not carry credentials: pass the key in `api-key`.',
    )
  })

  it('names the protocol and the host it refuses', () => {
    expect(errorOf({ command: 'list-keys', 'api-host': 'ftp://api.example/v2' })).toBe('Input `api-host` must be an https URL, not ftp.')
    expect(errorOf({ command: 'list-keys', 'api-host': 'http://api.example/v2' })).toBe(
      'Input `api-host` uses plain http to api.example: the API key would cross the network unencrypted. Use https (plain http is accepted only for 127.0.0.0/8, ::1 and localhost).',
    )
  })

  it('drops every trailing slash', () => {
    expect(settings({ command: 'list-keys', 'api-host': 'https://api.example/v2//' })).toMatchObject({ apiHost: 'https://api.example/v2' })
  })
})
