// src/commands/revoke-key.ts: by name and by id, what the step says and revokes when the platform lists a key twice,
// loses one meanwhile or fails a revocation.
// In process, against the platform emulator over HTTP, with one manual clock for both.
import { describe, expect, it } from '@jest/globals'
import { EventEmitter } from 'node:events'
import type { PlatformEmulator } from '../../emulator/platform.ts'
import { watchStepTime } from '../../src/runner/time.ts'
import type { CommandContext } from '../../src/runner/context.ts'
import { runRevokeKey } from '../../src/commands/revoke-key.ts'
import type { CapturedLog, ManualClock } from '../support/clock.ts'
import { inProcessPerTest } from '../support/in-process.ts'

let platform: PlatformEmulator
let clock: ManualClock
let log: CapturedLog
let ctx: CommandContext
let signals: EventEmitter

const NAME = 'ci'

inProcessPerTest((run) => {
  ;({ platform, clock, log, ctx } = run)
  signals = new EventEmitter()
  ctx.time = watchStepTime({ log: log.logger, clock, timeoutMs: 600_000, signals })
})

/** The request id the n-th request (from 1) of that method and path sent. */
const requestId = (method: string, path: string, n = 1): string => {
  const sent = platform.requests.filter((r) => r.method === method && r.path === path)
  return sent[n - 1]!.headers['x-request-id']!
}
const requestsOf = (method: string, path: string | RegExp) =>
  platform.requests.filter(
    (r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)),
  )

const valid = (name = NAME) =>
  platform
    .keys()
    .filter((k) => k.name === name && !k.revoked)
    .map((k) => k.id)

const badRequest = (what: string, id: string) =>
  `Could not ${what}: the platform answered 400 Bad Request: "bad request". (request id ${id})`

describe('revoke-key', () => {
  it('by name, least recently used first; a failure names the keys revoked before it', async () => {
    const hour = 3_600_000
    const a = platform.addKey(NAME, { createdAt: clock.now() - 3 * hour, lastUsedAt: clock.now() - 2 * hour }).id
    const b = platform.addKey(NAME).id
    const c = platform.addKey(NAME, { createdAt: clock.now() - 3 * hour, lastUsedAt: clock.now() - hour }).id
    platform.inject({ method: 'DELETE', path: `/api_keys/${c}`, kind: 'status', status: 400 })
    const result = await runRevokeKey(ctx, { keyName: NAME })
    expect(log.info).toEqual([`Revoked API key ${b}.`, `Revoked API key ${a}.`])
    expect(result.outputs).toStrictEqual({ 'revoked-key-ids': JSON.stringify([b, a]) })
    expect(result.failure).toBe(
      `${badRequest(`revoke API key ${c}`, requestId('DELETE', `/api_keys/${c}`))} Already revoked: ${b}, ${a}.`,
    )
    expect(result.failedRequest?.status).toBe(400)
    expect(result.summary).toBe(
      '<h3>2 of 3 API keys revoked</h3>\n<table>\n<tr><th>id</th><th>outcome</th></tr>\n' +
        `<tr><td><code>${b}</code></td><td>revoked</td></tr>\n<tr><td><code>${a}</code></td><td>revoked</td></tr>\n` +
        `<tr><td><code>${c}</code></td><td>not revoked</td></tr>\n</table>\n`,
    )
    expect(valid()).toEqual([c])
  })

  it('by name, a key the platform lists twice is revoked once', async () => {
    const a = platform.addKey(NAME).id
    platform.inject({ method: 'GET', path: '/api_keys', kind: 'duplicate', ids: [a] })
    const result = await runRevokeKey(ctx, { keyName: NAME })
    expect(log.info).toEqual([`Revoked API key ${a}.`])
    expect(result.outputs).toStrictEqual({ 'revoked-key-ids': JSON.stringify([a]) })
    expect(result.failure).toBeUndefined()
    expect(requestsOf('DELETE', /^\/api_keys\//)).toHaveLength(1)
  })

  it('by name, a key someone else revoked between the list and its turn counts as gone, and the rest are revoked', async () => {
    const hour = 3_600_000
    const a = platform.addKey(NAME, { createdAt: clock.now() - 3 * hour, lastUsedAt: clock.now() - 2 * hour }).id
    const b = platform.addKey(NAME).id
    platform.inject({ method: 'DELETE', path: `/api_keys/${b}`, kind: 'status', status: 404 })
    const result = await runRevokeKey(ctx, { keyName: NAME })
    expect(log.info).toEqual([`API key ${b} was already revoked.`, `Revoked API key ${a}.`])
    expect(result.failure).toBeUndefined()
    expect(result.outputs).toStrictEqual({ 'revoked-key-ids': JSON.stringify([a]) })
    expect(result.summary).toBe(
      '<h3>2 API keys revoked</h3>\n<table>\n<tr><th>id</th><th>outcome</th></tr>\n' +
        `<tr><td><code>${b}</code></td><td>revoked by someone else meanwhile</td></tr>\n<tr><td><code>${a}</code></td><td>revoked</td></tr>\n</table>\n`,
    )
    expect(valid()).toEqual([b])
  })

  it('by id, a key the platform does not find (404) is a failure: the id may be wrong', async () => {
    const result = await runRevokeKey(ctx, { keyId: 424242 })
    expect(result.failure).toMatch(/^Could not revoke API key 424242: API key 424242 was not found \(404\)/)
    expect(result.failedRequest?.status).toBe(404)
    expect(result.outputs['revoked-key-ids']).toBe('[]')
    expect(result.summary).toMatch(/^<h3>API key 424242 not revoked<\/h3>\n/)
  })

  it('by id, revoked: the heading names the key', async () => {
    const a = platform.addKey(NAME).id
    const result = await runRevokeKey(ctx, { keyId: a })
    expect(result.summary).toMatch(new RegExp(`^<h3>API key ${a} revoked</h3>\n`))
  })

  it('by id, a revocation whose answer never came is not called revoked', async () => {
    const a = platform.addKey(NAME).id
    platform.inject({ method: 'DELETE', path: `/api_keys/${a}`, kind: 'drop', when: 'after', times: 99 })
    const result = await runRevokeKey(ctx, { keyId: a })
    expect(result.failure).toBeDefined()
    expect(result.summary).toMatch(new RegExp(`^<h3>API key ${a} may or may not be revoked</h3>\n`))
  })

  it('the first revocation failing names none as revoked', async () => {
    const a = platform.addKey(NAME).id
    platform.inject({ method: 'DELETE', path: `/api_keys/${a}`, kind: 'status', status: 400 })
    const result = await runRevokeKey(ctx, { keyId: a })
    expect(result.failure).toBe(badRequest(`revoke API key ${a}`, requestId('DELETE', `/api_keys/${a}`)))
    expect(result.summary).toBe(
      `<h3>API key ${a} not revoked</h3>\n<table>\n<tr><th>id</th><th>outcome</th></tr>\n` +
        `<tr><td><code>${a}</code></td><td>not revoked</td></tr>\n</table>\n`,
    )
  })

  it('no key of that name: a warning, and nothing revoked', async () => {
    const org = platform.defaultOrgId
    const result = await runRevokeKey(ctx, { keyName: NAME, orgId: org })
    expect(log.warning).toEqual([`No API key of organization ${org} is named "ci"; nothing was revoked.`])
    expect(result.outputs).toStrictEqual({ 'revoked-key-ids': '[]', 'org-id': org })
    expect(result.summary).toBe(
      `<h3>No API key to revoke</h3>\n<p>No API key of organization ${org} is named &#34;ci&#34;.</p>\n`,
    )
    expect(result.failure).toBeUndefined()
  })
})
