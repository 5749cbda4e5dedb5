// emulator/limits.ts: the emulator's rate limits, as the service's, over real HTTP, on a manual clock.
import { afterEach, describe, expect, it } from '@jest/globals'
import { PlatformEmulator, SERVICE_RATE_LIMITS, type RateLimits } from '../../emulator/platform.ts'
import { routeOf } from '../../emulator/limits.ts'

const T0 = Date.parse('2026-11-21T10:00:00Z')
let now = T0
let emulator: PlatformEmulator | undefined
let key: string

async function start(rateLimits?: Partial<RateLimits>): Promise<PlatformEmulator> {
  now = T0
  emulator = new PlatformEmulator({ now: () => now, rateLimits })
  await emulator.start()
  key = emulator.addKey('admin').key
  return emulator
}

afterEach(async () => {
  await emulator?.stop()
  emulator = undefined
})

async function call(path: string, init: { method?: string; body?: unknown; key?: string } = {}) {
  const res = await fetch(emulator!.url + path, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${init.key ?? key}`, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  const text = await res.text()
  return { status: res.status, retryAfter: res.headers.get('retry-after'), json: text ? JSON.parse(text) : undefined }
}

describe('rate limits', () => {
  it("are the service's when asked for: 700 a minute, 40 a second per route, 10 a second for organization keys", () => {
    expect(SERVICE_RATE_LIMITS).toEqual({
      perMinute: 700,
      perRoutePerSecond: 40,
      orgKeyCreatesPerSecond: 10,
      window: 'sliding',
    })
    expect(routeOf('GET', ['projects', 'p-1', 'operations', 'abc'])).toBe('GET /projects/{}/operations/{}')
    expect(routeOf('POST', ['organizations', 'org-1', 'api_keys'])).toBe('POST /organizations/{}/api_keys')
  })

  it('are off unless asked for', async () => {
    await start()
    const answers = await Promise.all(Array.from({ length: 60 }, () => call('/api_keys')))
    expect(answers.every((a) => a.status === 200)).toBe(true)
  })

  it('sliding: past the per-minute limit, 429 with Retry-After until the oldest request is a minute old', async () => {
    await start({ perMinute: 5 })
    for (let i = 0; i < 5; i++) {
      expect((await call('/api_keys')).status).toBe(200)
      now += 1000
    }
    now = T0 + 10_000
    expect(await call(`/projects?org_id=${emulator!.defaultOrgId}`)).toMatchObject({ status: 429, retryAfter: '50' })
    // Refused requests do not count, and neither do requests with a bad key.
    expect((await call('/api_keys', { key: 'napi_wrong' })).status).toBe(401)
    now = T0 + 60_000
    expect((await call(`/projects?org_id=${emulator!.defaultOrgId}`)).status).toBe(200)
    expect(await call(`/projects?org_id=${emulator!.defaultOrgId}`)).toMatchObject({ status: 429, retryAfter: '1' })
  })

  it('fixed: the budget of a calendar minute, then nothing until the next minute', async () => {
    await start({ perMinute: 5, window: 'fixed' })
    for (let i = 0; i < 5; i++) expect((await call('/api_keys')).status).toBe(200)
    now = T0 + 59_500
    expect(await call('/api_keys')).toMatchObject({ status: 429, retryAfter: '1' })
    now = T0 + 20_000
    expect(await call('/api_keys')).toMatchObject({ status: 429, retryAfter: '40' })
    now = T0 + 60_000
    expect((await call('/api_keys')).status).toBe(200)
  })

  it('40 a second per route, whatever the ids in the path; other routes are not affected', async () => {
    const platform = await start({})
    const [a, b] = platform.addProjects(2)
    const statuses = []
    for (let i = 0; i < 41; i++) statuses.push((await call(`/projects/${i % 2 ? a : b}/operations?limit=1`)).status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(40)
    expect(statuses.at(-1)).toBe(429)
    expect((await call('/api_keys')).status).toBe(200)
    now += 1000
    expect((await call(`/projects/${a}/operations?limit=1`)).status).toBe(200)
    expect(platform.requests.filter((r) => r.status === 429)).toHaveLength(1)
  })
})
