// src/commands/revoke-key.ts: by name and by id, what the step says and revokes when the platform lists a key twice,
// loses one meanwhile, loses an answer or fails a revocation; the step's own key last; a hostile name kept as data.
// In process, against the platform emulator over HTTP, with one manual clock for both.
import { describe, expect, it } from '@jest/globals'
import { EventEmitter } from 'node:events'
import type { PlatformEmulator } from '../../emulator/platform.ts'
import { watchStepTime } from '../../src/runner/time.ts'
import type { CommandContext } from '../../src/runner/context.ts'
import { runRevokeKey } from '../../src/commands/revoke-key.ts'
import { commandSummary } from '../../src/step.ts'
import type { CapturedLog, ManualClock } from '../support/clock.ts'
import { inProcessPerTest, type InProcess } from '../support/in-process.ts'
import { forgedCommands } from '../support/injection.ts'
import { markdownOutsideHtml } from '../support/markdown.ts'

let platform: PlatformEmulator
let clock: ManualClock
let log: CapturedLog
let ctx: CommandContext
let signals: EventEmitter
let stepKey: { id: number; key: string }
let clientWith: InProcess['clientWith']

const NAME = 'ci'

inProcessPerTest((run) => {
  ;({ platform, clock, log, ctx, clientWith } = run)
  stepKey = run.key
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
  it("by id: that key alone, the step's key stays valid", async () => {
    const victim = platform.addKey('old').id
    const result = await runRevokeKey(ctx, { keyId: victim })
    expect(result.failure).toBeUndefined()
    expect(result.outputs).toStrictEqual({ 'revoked-key-ids': JSON.stringify([victim]) })
    expect(platform.isKeyValid(victim)).toBe(false)
    expect(platform.isKeyValid(stepKey.id)).toBe(true)
  })

  it('by name: every key with exactly that name, and no other; no key value in the log, outputs or summary', async () => {
    const a = platform.addKey(NAME)
    const b = platform.addKey(NAME)
    const other = platform.addKey(`${NAME}-2`)
    const result = await runRevokeKey(ctx, { keyName: NAME })
    expect(JSON.parse(result.outputs['revoked-key-ids']!).sort()).toEqual([a.id, b.id].sort())
    expect(valid()).toEqual([])
    expect(platform.isKeyValid(other.id)).toBe(true)
    const readable = JSON.stringify([log.info, log.warning, log.debug, result])
    for (const key of [stepKey.key, a.key, b.key, other.key]) expect(readable).not.toContain(key)
  })

  it("by a name that includes the step's own key: that key goes last, so all go", async () => {
    const own = platform.addKey('shared')
    const older = platform.addKey('shared')
    const client = clientWith({ apiKey: own.key })
    try {
      const result = await runRevokeKey({ ...ctx, client }, { keyName: 'shared' })
      expect(result.failure).toBeUndefined()
      expect(JSON.parse(result.outputs['revoked-key-ids']!)).toEqual([older.id, own.id])
    } finally {
      await client.close()
    }
  })

  it('by id, a revocation whose answer was lost is retried and counts as revoked', async () => {
    const victim = platform.addKey('victim').id
    platform.inject({ method: 'DELETE', path: `/api_keys/${victim}`, kind: 'drop', when: 'after' })
    const result = await runRevokeKey(ctx, { keyId: victim })
    expect(result.failure).toBeUndefined()
    expect(result.outputs['revoked-key-ids']).toBe(JSON.stringify([victim]))
  })

  it.each(['##[add-mask]finished', '##[set-output name=status;]finished', ':: error ##[group]'])(
    'a name %j that matches no key: the warning and the summary hold it as data',
    async (name) => {
      const result = await runRevokeKey(ctx, { keyName: name })
      expect(result.outputs['revoked-key-ids']).toBe('[]')
      expect(log.warning).toEqual([expect.stringMatching(/^No API key is named "/)])
      expect(forgedCommands(log.warning.map((w) => `::warning::${w}`).join('\n'))).toEqual([])
      expect(markdownOutsideHtml(result.summary)).toEqual([])
    },
  )

  it("by id, not found: the step's summary puts the failure under its heading, then the request, then the key", async () => {
    const result = await runRevokeKey(ctx, { keyId: 424242 })
    const requestId = result.failedRequest!.requestId!
    const text = commandSummary(result)
      .replace(/<\/?code>/g, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
    expect(text.startsWith(' ❌ API key 424242 not revoked ')).toBe(true)
    expect(text.split('Could not revoke API key 424242').length).toBe(2)
    expect(text.split(requestId).length).toBe(2)
    expect(text).toMatch(
      new RegExp(
        `Could not revoke API key 424242: [^(]*\\(404\\)[^(]* ` +
          `HTTP status error code request id 404 — ${requestId} ` +
          'Change what the failure above names, then run the job again\\. A later step can branch on the outputs http-status, error-code and request-id\\. ' +
          'id outcome 424242 not revoked $',
      ),
    )
  })

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
