// emulator/platform.ts: the platform emulator's own behaviour over real HTTP: its lifecycle, authentication, keys,
// projects, operations and their timelines, fault injection, and what it does with garbage.
import { Agent as HttpAgent, request as httpRequest } from 'node:http'
import { takeViolations } from '../../emulator/contract.ts'
import { KEY_OWNER, PlatformEmulator, type OperationRecord, type ProjectRecord } from '../../emulator/platform.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const ISO_SECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/
const ISO_FRACTIONAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/
const T0 = Date.parse('2026-11-21T10:00:00Z')

interface CallOptions {
  method?: string
  key?: string | null
  body?: unknown
  rawBody?: string
  headers?: Record<string, string>
  redirect?: RequestRedirect
}

interface CallResult {
  status: number
  headers: Headers
  text: string
  json: any
}

async function call(emulator: PlatformEmulator, path: string, options: CallOptions = {}): Promise<CallResult> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers }
  if (options.key) headers.authorization = `Bearer ${options.key}`
  let body: string | undefined = options.rawBody
  if (options.body !== undefined) {
    body = JSON.stringify(options.body)
    headers['content-type'] = 'application/json'
  }
  const res = await fetch(emulator.url + path, {
    method: options.method ?? 'GET',
    headers,
    body,
    redirect: options.redirect ?? 'follow',
  })
  const text = await res.text()
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  return { status: res.status, headers: res.headers, text, json }
}

/** A manually advanced clock, so timelines move without sleeping. */
function manualClock(start = T0): { now: () => number; advance: (ms: number) => void } {
  let current = start
  return { now: () => current, advance: (ms) => (current += ms) }
}

function controlUrl(emulator: PlatformEmulator, path: string): string {
  return new URL(path, emulator.url).toString()
}

describe('platform emulator', () => {
  let emulator: PlatformEmulator
  let clock: ReturnType<typeof manualClock>
  let admin: { id: number; key: string }

  beforeEach(async () => {
    clock = manualClock()
    emulator = new PlatformEmulator({ now: clock.now })
    admin = emulator.addKey('admin')
    await emulator.start()
  })

  afterEach(async () => {
    await emulator.stop()
  })

  describe('lifecycle', () => {
    it('serves under /api/v2 on a free port and refuses url before start', () => {
      expect(emulator.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v2$/)
      expect(() => new PlatformEmulator().url).toThrow()
    })

    it('stop() closes keep-alive sockets promptly and is idempotent', async () => {
      // A keep-alive connection left idle: stop() must close it rather than wait for it.
      const agent = new HttpAgent({ keepAlive: true })
      let socketClosed: Promise<void> | undefined
      await new Promise<void>((answered, failed) => {
        const req = httpRequest(
          `${emulator.url}/api_keys`,
          { agent, headers: { authorization: `Bearer ${admin.key}` } },
          (res) => {
            res.resume()
            res.on('end', answered)
          },
        )
        req.on('error', failed)
        req.on('socket', (socket) => {
          socketClosed = new Promise((closed) => socket.on('close', () => closed()))
        })
        req.end()
      })
      await emulator.stop()
      await emulator.stop()
      // The agent never closes an idle socket itself: only stop() can have closed it.
      await socketClosed
      agent.destroy()
      await expect(fetch('http://127.0.0.1:1/never')).rejects.toThrow()
      await emulator.start()
    })
  })

  describe('authentication', () => {
    it('answers 401 without an Authorization header', async () => {
      const res = await call(emulator, '/projects')
      expect(res.status).toBe(401)
      expect(res.json.code).toBe('')
      expect(res.json.message).toBe('authorization failed')
      expect(res.json.request_id).toMatch(UUID)
    })

    it('answers 401 for an unknown key and echoes X-Request-ID', async () => {
      const res = await call(emulator, '/api_keys', { key: 'napi_nope', headers: { 'x-request-id': 'req-123' } })
      expect(res.status).toBe(401)
      expect(res.json).toEqual({ code: '', message: 'authorization failed', request_id: 'req-123' })
    })

    it('answers 401 for a non-bearer scheme', async () => {
      const res = await call(emulator, '/api_keys', { headers: { authorization: `Basic ${admin.key}` } })
      expect(res.status).toBe(401)
    })

    it('answers 401 for a revoked key, immediately', async () => {
      const victim = emulator.addKey('victim')
      expect((await call(emulator, `/projects?org_id=${emulator.defaultOrgId}`, { key: victim.key })).status).toBe(200)
      const revoke = await call(emulator, `/api_keys/${victim.id}`, { method: 'DELETE', key: admin.key })
      expect(revoke.status).toBe(200)
      expect(emulator.isKeyValid(victim.id)).toBe(false)
      expect(emulator.isKeyValid(victim.key)).toBe(false)
      expect((await call(emulator, `/projects?org_id=${emulator.defaultOrgId}`, { key: victim.key })).status).toBe(401)
    })

    it('tracks last_used_at and last_used_from_addr on successful auth only', async () => {
      const other = emulator.addKey('other')
      expect(emulator.keys().find((k) => k.id === other.id)).toMatchObject({
        last_used_at: null,
        last_used_from_addr: '',
      })
      clock.advance(65_000)
      await call(emulator, `/projects?org_id=${emulator.defaultOrgId}`, { key: other.key })
      const used = emulator.keys().find((k) => k.id === other.id)
      expect(used?.last_used_at).toBe('2026-11-21T10:01:05Z')
      expect(used?.last_used_from_addr).toBe('127.0.0.1')

      // A failed request does not count as a use of some other key.
      clock.advance(10_000)
      await call(emulator, `/projects?org_id=${emulator.defaultOrgId}`, { key: 'napi_wrong' })
      expect(emulator.keys().find((k) => k.id === other.id)?.last_used_at).toBe('2026-11-21T10:01:05Z')

      const list = await call(emulator, '/api_keys', { key: admin.key })
      const item = list.json.find((k: { id: number }) => k.id === other.id)
      expect(item.last_used_at).toBe('2026-11-21T10:01:05Z')
      expect(item.last_used_from_addr).toBe('127.0.0.1')
    })

    it('records the presenting key in the request log', async () => {
      emulator.clearRequests()
      await call(emulator, `/projects?org_id=${emulator.defaultOrgId}&limit=3`, {
        key: admin.key,
        headers: { 'X-Request-ID': 'abc' },
      })
      await call(emulator, '/projects')
      expect(emulator.requests).toHaveLength(2)
      const [first, second] = emulator.requests
      expect(first).toMatchObject({
        method: 'GET',
        path: '/projects',
        query: { limit: '3' },
        keyId: admin.id,
        status: 200,
        at: T0,
      })
      expect(first!.headers['x-request-id']).toBe('abc')
      expect(first!.headers.authorization).toBe(`Bearer ${admin.key}`)
      expect(second!.keyId).toBeUndefined()
      expect(second!.status).toBe(401)
    })
  })

  describe('API keys', () => {
    it('creates a key with 200 and the full create response', async () => {
      const res = await call(emulator, '/api_keys', { method: 'POST', key: admin.key, body: { key_name: 'ci' } })
      expect(res.status).toBe(200)
      expect(res.json).toEqual({
        id: expect.any(Number),
        key: expect.stringMatching(/^napi_[a-z0-9]{60}$/),
        name: 'ci',
        created_at: '2026-11-21T10:00:00Z',
        created_by: KEY_OWNER.id,
      })
      expect(res.json.id).toBeGreaterThan(admin.id)
      expect(emulator.isKeyValid(res.json.key)).toBe(true)
      expect((await call(emulator, '/api_keys', { key: res.json.key })).status).toBe(200)
    })

    it('accepts 64 characters and refuses 65, empty, missing and malformed names', async () => {
      const post = (body: unknown, rawBody?: string) =>
        call(emulator, '/api_keys', { method: 'POST', key: admin.key, body, rawBody })
      expect((await post({ key_name: 'x'.repeat(64) })).status).toBe(200)
      const tooLong = await post({ key_name: 'x'.repeat(65) })
      expect(tooLong.status).toBe(400)
      expect(tooLong.json.message).toMatch(/64/)
      expect((await post({ key_name: '' })).status).toBe(400)
      expect((await post({})).status).toBe(400)
      expect((await post({ key_name: 42 })).status).toBe(400)
      expect((await post(['key_name'])).status).toBe(400)
      const garbage = await post(undefined, '{"key_name":')
      expect(garbage.status).toBe(400)
      expect(garbage.json).toMatchObject({ code: '', request_id: expect.any(String) })
      expect((await post(undefined, '')).status).toBe(400)
      expect(emulator.keys().map((k) => k.name)).toEqual(['admin', 'x'.repeat(64)])
      // The emulator's check of requests against the description sees each of them but the empty name, which it allows.
      const seen = takeViolations()
      expect(seen).toHaveLength(6)
      expect(seen.every((problem) => problem.startsWith('POST /api_keys: the'))).toBe(true)
    })

    it('lists only valid keys as a bare array, without key values', async () => {
      const gone = emulator.addKey('gone')
      const kept = emulator.addKey('kept')
      await call(emulator, `/api_keys/${gone.id}`, { method: 'DELETE', key: admin.key })
      const res = await call(emulator, '/api_keys', { key: admin.key })
      expect(res.status).toBe(200)
      expect(Array.isArray(res.json)).toBe(true)
      expect(res.json.map((k: { id: number }) => k.id)).toEqual([admin.id, kept.id])
      const item = res.json[1]
      expect(item).toEqual({
        id: kept.id,
        name: 'kept',
        created_at: '2026-11-21T10:00:00Z',
        created_by: { id: KEY_OWNER.id, name: expect.any(String), image: expect.any(String) },
        last_used_at: null,
        last_used_from_addr: '',
      })
      expect(res.text).not.toContain(kept.key)
      expect(res.text).not.toContain(admin.key)
    })

    it('revokes once; a second revoke and an unknown id are 404, a non-integer id is 400', async () => {
      const target = emulator.addKey('target')
      const first = await call(emulator, `/api_keys/${target.id}`, { method: 'DELETE', key: admin.key })
      expect(first.status).toBe(200)
      expect(first.json).toEqual({
        id: target.id,
        name: 'target',
        created_at: '2026-11-21T10:00:00Z',
        created_by: KEY_OWNER.id,
        revoked: true,
        // Never used: the emulator leaves last_used_at out for a key of odd id, as the description allows.
        last_used_from_addr: '',
      })
      expect(target.id % 2).toBe(1)
      const again = await call(emulator, `/api_keys/${target.id}`, { method: 'DELETE', key: admin.key })
      expect(again.status).toBe(404)
      expect(again.json).toMatchObject({ code: '', message: 'API key not found' })
      expect((await call(emulator, '/api_keys/999999999', { method: 'DELETE', key: admin.key })).status).toBe(404)
      expect((await call(emulator, '/api_keys/abc', { method: 'DELETE', key: admin.key })).status).toBe(400)
      expect((await call(emulator, '/api_keys/1.5', { method: 'DELETE', key: admin.key })).status).toBe(400)
      expect(emulator.keys().find((k) => k.id === target.id)?.revoked).toBe(true)
      expect(takeViolations()).toEqual([
        'DELETE /api_keys/abc: the path parameter key_id=abc must be integer',
        'DELETE /api_keys/1.5: the path parameter key_id=1.5 must be integer; must match format "int64"',
      ])
    })

    it('lets a key revoke itself', async () => {
      const self = emulator.addKey('self')
      expect((await call(emulator, `/api_keys/${self.id}`, { method: 'DELETE', key: self.key })).status).toBe(200)
      expect((await call(emulator, '/api_keys', { key: self.key })).status).toBe(401)
    })

    it('shows key times on a skewed service clock, and finds a key by its value', async () => {
      const made = emulator.addKey('skewed')
      emulator.setClockSkew(-120_000)
      const list = await call(emulator, '/api_keys', { key: admin.key })
      const shown = list.json.find((k: { id: number }) => k.id === made.id)
      expect(shown.created_at).toBe(new Date(T0 - 120_000).toISOString().replace('.000Z', 'Z'))
      expect(emulator.keyIdOf(made.key)).toBe(made.id)
      expect(emulator.keyIdOf('napi_unknown')).toBeUndefined()
    })

    it('hands out increasing ids', async () => {
      const a = emulator.addKey()
      const b = await call(emulator, '/api_keys', { method: 'POST', key: admin.key, body: { key_name: 'b' } })
      const c = emulator.addKey()
      expect(admin.id).toBeGreaterThanOrEqual(100000)
      expect(a.id).toBeGreaterThan(admin.id)
      expect(b.json.id).toBeGreaterThan(a.id)
      expect(c.id).toBeGreaterThan(b.json.id)
    })
  })

  describe('projects', () => {
    let ids: string[]

    beforeEach(() => {
      ids = emulator.addProjects(57)
    })

    it('pages 10 at a time by default and carries the extra fields', async () => {
      const res = await call(emulator, `/projects?org_id=${emulator.defaultOrgId}`, { key: admin.key })
      expect(res.status).toBe(200)
      expect(res.json.projects).toHaveLength(10)
      expect(res.json.projects.map((p: ProjectRecord) => p.id)).toEqual(ids.slice(0, 10))
      expect(res.json.pagination).toEqual({ cursor: ids[9] })
      expect(res.json.applications).toEqual({})
      expect(res.json.integrations).toEqual({})
      expect(res.json.unavailable_project_ids).toEqual([])
      const project = res.json.projects[0]
      expect(project).toMatchObject({
        id: expect.stringMatching(/^[a-z0-9-]{1,60}$/),
        name: expect.any(String),
        platform_id: 'aws',
        region_id: 'aws-us-east-2',
        provisioner: 'k8s-neonvm',
        pg_version: 17,
        locked: false,
        cpu_used_sec: expect.any(Number),
        created_at: expect.stringMatching(ISO_SECONDS),
        updated_at: expect.stringMatching(ISO_SECONDS),
        proxy_host: 'us-east-2.aws.neon.tech',
        branch_logical_size_limit: expect.any(Number),
      })
      expect(project.id).toMatch(/^[a-z]+-[a-z]+-\d{8}$/)
    })

    it('follows cursors to the end, returns a cursor on the last page and echoes it past the end', async () => {
      const seen: string[] = []
      const first = await call(emulator, `/projects?org_id=${emulator.defaultOrgId}&limit=25`, { key: admin.key })
      seen.push(...first.json.projects.map((p: ProjectRecord) => p.id))
      const second = await call(
        emulator,
        `/projects?org_id=${emulator.defaultOrgId}&limit=25&cursor=${encodeURIComponent(first.json.pagination.cursor)}`,
        {
          key: admin.key,
        },
      )
      seen.push(...second.json.projects.map((p: ProjectRecord) => p.id))
      const last = await call(
        emulator,
        `/projects?org_id=${emulator.defaultOrgId}&limit=25&cursor=${encodeURIComponent(second.json.pagination.cursor)}`,
        {
          key: admin.key,
        },
      )
      expect(last.json.projects).toHaveLength(7)
      seen.push(...last.json.projects.map((p: ProjectRecord) => p.id))
      expect(last.json.pagination.cursor).toBe(ids[56])
      expect(seen).toEqual(ids)

      const past = await call(
        emulator,
        `/projects?org_id=${emulator.defaultOrgId}&limit=25&cursor=${encodeURIComponent(last.json.pagination.cursor)}`,
        { key: admin.key },
      )
      expect(past.status).toBe(200)
      expect(past.json.projects).toEqual([])
      expect(past.json.pagination.cursor).toBe(last.json.pagination.cursor)
    })

    it('accepts limit 1..400 and refuses anything else', async () => {
      expect(
        (await call(emulator, `/projects?org_id=${emulator.defaultOrgId}&limit=400`, { key: admin.key })).json.projects,
      ).toHaveLength(57)
      expect(
        (await call(emulator, `/projects?org_id=${emulator.defaultOrgId}&limit=1`, { key: admin.key })).json.projects,
      ).toEqual([expect.objectContaining({ id: ids[0] })])
      for (const bad of ['0', '401', '-1', 'ten', '2.5', '']) {
        const res = await call(emulator, `/projects?org_id=${emulator.defaultOrgId}&limit=${bad}`, { key: admin.key })
        expect([bad, res.status]).toEqual([bad, 400])
        expect(res.json.message).toMatch(/limit/)
      }
      const seen = takeViolations()
      expect(seen).toHaveLength(6)
      expect(seen.every((problem) => problem.startsWith('GET /projects: the query parameter limit='))).toBe(true)
    })

    it('refuses a cursor that is not a project', async () => {
      expect(
        (await call(emulator, `/projects?org_id=${emulator.defaultOrgId}&cursor=nope`, { key: admin.key })).status,
      ).toBe(400)
    })

    it('adds a project with overrides', () => {
      const project = emulator.addProject({ id: 'my-project-1', name: 'mine', pg_version: 16 })
      expect(project).toMatchObject({ id: 'my-project-1', name: 'mine', pg_version: 16, region_id: 'aws-us-east-2' })
      expect(() => emulator.addProject({ id: 'my-project-1' })).toThrow()
      expect(() => emulator.addProject({ id: 'Bad_Id' })).toThrow()
    })
  })

  describe('operations', () => {
    const project = 'ops-project-1'

    function listUrl(query = ''): string {
      return `/projects/${project}/operations${query}`
    }

    it('lists newest first, everything without a limit, with unique fractional cursors', async () => {
      emulator.addHistory(project, 30)
      const recent = [1, 2, 3, 4, 5].map(() => emulator.addOperation(project, { action: 'apply_config' }))
      const res = await call(emulator, listUrl(), { key: admin.key })
      expect(res.status).toBe(200)
      const ops: OperationRecord[] = res.json.operations
      expect(ops).toHaveLength(35)
      // Same millisecond, still strictly ordered: the last added is the newest.
      expect(ops.slice(0, 5).map((o) => o.id)).toEqual([...recent].reverse())
      expect(ops.slice(5).every((o) => o.action === 'check_availability' && o.status === 'finished')).toBe(true)
      const created = ops.map((o) => Date.parse(o.created_at))
      expect(created).toEqual([...created].sort((a, b) => b - a))
      expect(res.json.pagination.cursor).toMatch(ISO_FRACTIONAL)
      expect(ops[0]).toEqual({
        id: recent[4],
        project_id: project,
        branch_id: expect.stringMatching(/^br-/),
        action: 'apply_config',
        status: 'finished',
        failures_count: 0,
        created_at: '2026-11-21T10:00:00Z',
        updated_at: '2026-11-21T10:00:00Z',
        total_duration_ms: 0,
      })
    })

    it('pages with limit and cursor: strictly older records, cursor on the last page, empty past the end', async () => {
      emulator.addHistory(project, 20)
      for (let i = 0; i < 5; i++) emulator.addOperation(project)
      const all = (await call(emulator, listUrl(), { key: admin.key })).json.operations.map(
        (o: OperationRecord) => o.id,
      )
      expect(all).toHaveLength(25)

      const seen: string[] = []
      let cursor: string | undefined
      const pageSizes: number[] = []
      for (let page = 0; page < 10; page++) {
        const query = `?limit=10${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`
        const res = await call(emulator, listUrl(query), { key: admin.key })
        expect(res.status).toBe(200)
        pageSizes.push(res.json.operations.length)
        if (res.json.operations.length === 0) {
          // Past the end there is no record to point at: no pagination, as the description allows.
          expect(res.json.pagination).toBeUndefined()
          break
        }
        expect(res.json.pagination.cursor).toMatch(ISO_FRACTIONAL)
        expect(res.json.pagination.cursor).not.toBe(cursor)
        seen.push(...res.json.operations.map((o: OperationRecord) => o.id))
        cursor = res.json.pagination.cursor
      }
      expect(pageSizes).toEqual([10, 10, 5, 0])
      expect(seen).toEqual(all)
    })

    it('keeps same-millisecond operations apart across page boundaries', async () => {
      const added = [1, 2, 3, 4, 5].map(() => emulator.addOperation(project))
      const first = await call(emulator, listUrl('?limit=2'), { key: admin.key })
      const second = await call(
        emulator,
        listUrl(`?limit=2&cursor=${encodeURIComponent(first.json.pagination.cursor)}`),
        {
          key: admin.key,
        },
      )
      const third = await call(
        emulator,
        listUrl(`?limit=2&cursor=${encodeURIComponent(second.json.pagination.cursor)}`),
        {
          key: admin.key,
        },
      )
      const ids = [first, second, third].flatMap((r) => r.json.operations.map((o: OperationRecord) => o.id))
      expect(ids).toEqual([...added].reverse())
    })

    it('accepts limit 1..1000 and refuses anything else, and refuses a malformed cursor', async () => {
      emulator.addHistory(project, 3)
      expect((await call(emulator, listUrl('?limit=1000'), { key: admin.key })).json.operations).toHaveLength(3)
      expect((await call(emulator, listUrl('?limit=1'), { key: admin.key })).json.operations).toHaveLength(1)
      for (const bad of ['0', '1001', '-5', 'all']) {
        expect((await call(emulator, listUrl(`?limit=${bad}`), { key: admin.key })).status).toBe(400)
      }
      expect((await call(emulator, listUrl('?cursor=yesterday'), { key: admin.key })).status).toBe(400)
      // A cursor is any text to the description; the four limits are not.
      expect(takeViolations()).toHaveLength(4)
    })

    it('answers 404 naming an unknown project or operation, 400 for a non-UUID id', async () => {
      const id = emulator.addOperation(project, { endpoint_id: 'ep-x-1', action: 'start_compute' })
      emulator.addProject({ id: 'other-project' })

      const missingProject = await call(emulator, '/projects/no-such-project/operations', { key: admin.key })
      expect(missingProject.status).toBe(404)
      expect(missingProject.json.message).toContain('no-such-project')
      expect((await call(emulator, `/projects/no-such-project/operations/${id}`, { key: admin.key })).status).toBe(404)

      const got = await call(emulator, `/projects/${project}/operations/${id}`, { key: admin.key })
      expect(got.status).toBe(200)
      expect(got.json.operation).toMatchObject({
        id,
        project_id: project,
        endpoint_id: 'ep-x-1',
        action: 'start_compute',
      })

      const unknown = '00000000-0000-4000-8000-000000000000'
      const missingOp = await call(emulator, `/projects/${project}/operations/${unknown}`, { key: admin.key })
      expect(missingOp.status).toBe(404)
      expect(missingOp.json.message).toContain(unknown)
      expect((await call(emulator, `/projects/other-project/operations/${id}`, { key: admin.key })).status).toBe(404)

      const notUuid = await call(emulator, `/projects/${project}/operations/not-a-uuid`, { key: admin.key })
      expect(notUuid.status).toBe(400)
      expect(notUuid.json.message).toContain('not-a-uuid')
    })

    it('shows endpoint_id only when set', async () => {
      emulator.addOperation(project, { endpoint_id: 'ep-calm-sun-a1b2c3d4' })
      emulator.addOperation(project)
      const ops = (await call(emulator, listUrl(), { key: admin.key })).json.operations
      expect('endpoint_id' in ops[0]).toBe(false)
      expect(ops[1].endpoint_id).toBe('ep-calm-sun-a1b2c3d4')
    })
  })

  describe('operation timelines', () => {
    it('moves through its steps as the clock advances', async () => {
      const id = emulator.addOperation('timeline-project', {
        action: 'create_branch',
        timeline: [
          { afterMs: 0, status: 'scheduling' },
          { afterMs: 5_000, status: 'running' },
          {
            afterMs: 12_000,
            status: 'running',
            failures_count: 1,
            error: 'compute start timed out',
            retry_at: '2026-11-21T10:00:20Z',
          },
          { afterMs: 30_000, status: 'finished' },
        ],
      })
      const read = async (): Promise<OperationRecord> =>
        (await call(emulator, `/projects/timeline-project/operations/${id}`, { key: admin.key })).json.operation

      expect(await read()).toMatchObject({
        status: 'scheduling',
        failures_count: 0,
        total_duration_ms: 0,
        updated_at: '2026-11-21T10:00:00Z',
      })
      clock.advance(4_999)
      expect((await read()).status).toBe('scheduling')
      clock.advance(1)
      expect(await read()).toMatchObject({
        status: 'running',
        total_duration_ms: 5000,
        updated_at: '2026-11-21T10:00:05Z',
      })
      clock.advance(7_000)
      const retrying = await read()
      expect(retrying).toMatchObject({
        status: 'running',
        failures_count: 1,
        error: 'compute start timed out',
        retry_at: '2026-11-21T10:00:20Z',
      })
      clock.advance(60_000)
      const done = await read()
      expect(done).toMatchObject({
        status: 'finished',
        failures_count: 1,
        total_duration_ms: 30000,
        created_at: '2026-11-21T10:00:00Z',
        updated_at: '2026-11-21T10:00:30Z',
      })
      expect(done.error).toBeUndefined()
      expect(emulator.operation(id)?.status).toBe('finished')
    })

    it('retries a failed operation as the platform reference says: failures_count grows, retry_at is set while failed', async () => {
      const id = emulator.addOperation('timeline-project', {
        timeline: [
          { afterMs: 0, status: 'running' },
          { afterMs: 2_000, status: 'failed', error: 'compute start timed out' },
          { afterMs: 5_000, status: 'running' },
          { afterMs: 8_000, status: 'failed' },
          { afterMs: 9_000, status: 'error' },
        ],
      })
      const at = async (ms: number): Promise<OperationRecord> => {
        clock.advance(ms - (clock.now() - T0))
        return (await call(emulator, `/projects/timeline-project/operations/${id}`, { key: admin.key })).json.operation
      }
      const first = await at(2_000)
      expect(first).toMatchObject({ status: 'failed', failures_count: 1, retry_at: '2026-11-21T10:00:05Z' })
      expect(first.error).toBe('compute start timed out')
      const retry = await at(5_000)
      expect(retry).toMatchObject({ status: 'running', failures_count: 1 })
      expect(retry.retry_at).toBeUndefined()
      // Failed again, and no retry follows: no retry_at.
      const again = await at(8_000)
      expect(again).toMatchObject({ status: 'failed', failures_count: 2 })
      expect(again.retry_at).toBeUndefined()
      expect(await at(9_000)).toMatchObject({ status: 'error', failures_count: 2 })
    })

    it('lets a test set the status directly, overriding later steps', async () => {
      const id = emulator.addOperation('timeline-project', {
        timeline: [
          { afterMs: 0, status: 'running' },
          { afterMs: 10_000, status: 'finished' },
        ],
      })
      clock.advance(2_000)
      emulator.setOperation(id, { status: 'failed', failures_count: 3, error: 'disk full' })
      clock.advance(20_000)
      const res = await call(emulator, `/projects/timeline-project/operations/${id}`, { key: admin.key })
      expect(res.json.operation).toMatchObject({
        status: 'failed',
        failures_count: 3,
        error: 'disk full',
        total_duration_ms: 2000,
      })
      emulator.setOperation(id, { status: 'cancelled' })
      expect(emulator.operation(id)).toMatchObject({ status: 'cancelled', failures_count: 3, error: 'disk full' })
      expect(() => emulator.setOperation('00000000-0000-4000-8000-000000000000', { status: 'finished' })).toThrow()
    })

    it('supports all eight statuses', async () => {
      const statuses = [
        'scheduling',
        'running',
        'cancelling',
        'finished',
        'skipped',
        'failed',
        'error',
        'cancelled',
      ] as const
      for (const status of statuses) emulator.addOperation('all-statuses', { status })
      const ops: OperationRecord[] = (await call(emulator, '/projects/all-statuses/operations', { key: admin.key }))
        .json.operations
      expect(ops.map((o) => o.status)).toEqual([...statuses].reverse())
    })
  })

  describe('fault injection', () => {
    beforeEach(() => {
      emulator.addProjects(3)
    })

    it('answers an injected status with Retry-After, as many times as asked, then recovers', async () => {
      emulator.inject({ path: '/projects', kind: 'status', status: 429, retryAfter: '3', times: 2 })
      for (let i = 0; i < 2; i++) {
        const res = await call(emulator, `/projects?org_id=${emulator.defaultOrgId}`, {
          key: admin.key,
          headers: { 'x-request-id': `r${i}` },
        })
        expect(res.status).toBe(429)
        expect(res.headers.get('retry-after')).toBe('3')
        expect(res.json).toEqual({ code: '', message: expect.any(String), request_id: `r${i}` })
      }
      expect((await call(emulator, `/projects?org_id=${emulator.defaultOrgId}`, { key: admin.key })).status).toBe(200)
      expect(emulator.requests.map((r) => [r.status, r.fault])).toEqual([
        [429, 'status'],
        [429, 'status'],
        [200, undefined],
      ])
    })

    it('matches on method and consumes faults in injection order', async () => {
      emulator.inject({ method: 'POST', path: '/api_keys', kind: 'status', status: 503 })
      emulator.inject({ path: /^\/api_keys/, kind: 'status', status: 423 })
      emulator.inject({
        path: /^\/api_keys/,
        kind: 'status',
        status: 500,
        body: 'upstream exploded',
        contentType: 'text/plain',
      })
      // GET skips the POST-only fault.
      expect((await call(emulator, '/api_keys', { key: admin.key })).status).toBe(423)
      expect(
        (await call(emulator, '/api_keys', { method: 'POST', key: admin.key, body: { key_name: 'x' } })).status,
      ).toBe(503)
      const plain = await call(emulator, '/api_keys', { key: admin.key })
      expect(plain.status).toBe(500)
      expect(plain.headers.get('content-type')).toBe('text/plain')
      expect(plain.text).toBe('upstream exploded')
      expect((await call(emulator, '/api_keys', { key: admin.key })).status).toBe(200)
      // The faulted POST did no work.
      expect(emulator.keys().map((k) => k.name)).toEqual(['admin'])
    })

    it('delays a request, then answers normally', async () => {
      emulator.inject({ path: '/projects', kind: 'delay', ms: 150 })
      const started = performance.now()
      const res = await call(emulator, `/projects?org_id=${emulator.defaultOrgId}`, { key: admin.key })
      expect(performance.now() - started).toBeGreaterThanOrEqual(140)
      expect(res.status).toBe(200)
      expect(res.json.projects).toHaveLength(3)
    })

    it('stop() does not wait for a pending delay', async () => {
      emulator.inject({ path: '/projects', kind: 'delay', ms: 30_000 })
      const arrived = new Promise<void>((resolve) => emulator.onRequest(() => resolve()))
      const pending = fetch(`${emulator.url}/projects`, { headers: { authorization: `Bearer ${admin.key}` } })
      pending.catch(() => undefined)
      await arrived
      expect(emulator.requests).toHaveLength(1)
      // The delay is 30 s, past the test's own timeout: stop() returning at all shows it did not wait.
      await emulator.stop()
      await expect(pending).rejects.toThrow()
      await emulator.start()
    })

    it('drops the connection before doing the work', async () => {
      emulator.inject({ method: 'POST', path: '/api_keys', kind: 'drop', when: 'before' })
      await expect(
        fetch(`${emulator.url}/api_keys`, {
          method: 'POST',
          headers: { authorization: `Bearer ${admin.key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ key_name: 'lost' }),
        }),
      ).rejects.toThrow()
      expect(emulator.keys().map((k) => k.name)).toEqual(['admin'])
      expect(emulator.requests[0]).toMatchObject({ method: 'POST', path: '/api_keys', status: 0, fault: 'drop' })
    })

    it('drops the connection after the work is done: the key really exists', async () => {
      emulator.inject({ method: 'POST', path: '/api_keys', kind: 'drop', when: 'after' })
      await expect(
        fetch(`${emulator.url}/api_keys`, {
          method: 'POST',
          headers: { authorization: `Bearer ${admin.key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ key_name: 'created-then-dropped' }),
        }),
      ).rejects.toThrow()
      const created = emulator.keys().find((k) => k.name === 'created-then-dropped')
      expect(created).toBeDefined()
      expect(created?.revoked).toBe(false)
      expect(emulator.isKeyValid(created!.id)).toBe(true)
      const list = await call(emulator, '/api_keys', { key: admin.key })
      expect(list.json.map((k: { name: string }) => k.name)).toContain('created-then-dropped')
    })

    it('sends a proxy HTML page, 502 by default', async () => {
      emulator.inject({ path: '/projects', kind: 'html' })
      emulator.inject({ path: '/projects', kind: 'html', status: 504 })
      const first = await call(emulator, `/projects?org_id=${emulator.defaultOrgId}`, { key: admin.key })
      expect(first.status).toBe(502)
      expect(first.headers.get('content-type')).toMatch(/^text\/html/)
      expect(first.text).toMatch(/<html>[\s\S]*502 Bad Gateway/)
      expect(first.json).toBeUndefined()
      const second = await call(emulator, `/projects?org_id=${emulator.defaultOrgId}`, { key: admin.key })
      expect(second.status).toBe(504)
      expect(second.text).toContain('504')
    })

    it('truncates the body of a successful answer', async () => {
      const full = await call(emulator, `/projects?org_id=${emulator.defaultOrgId}`, { key: admin.key })
      emulator.inject({ path: '/projects', kind: 'truncated' })
      const cut = await call(emulator, `/projects?org_id=${emulator.defaultOrgId}`, { key: admin.key })
      expect(cut.status).toBe(200)
      expect(cut.headers.get('content-type')).toMatch(/^application\/json/)
      expect(cut.text.length).toBeGreaterThan(0)
      expect(cut.text.length).toBeLessThan(full.text.length)
      expect(full.text.startsWith(cut.text)).toBe(true)
      expect(() => JSON.parse(cut.text)).toThrow()
    })

    it('does the work behind a truncated answer', async () => {
      emulator.inject({ method: 'POST', path: '/api_keys', kind: 'truncated' })
      const res = await call(emulator, '/api_keys', { method: 'POST', key: admin.key, body: { key_name: 'half' } })
      expect(res.status).toBe(200)
      expect(res.json).toBeUndefined()
      expect(emulator.keys().some((k) => k.name === 'half')).toBe(true)
    })

    it('closes the connection after a whole answer, so the next request needs a new one', async () => {
      emulator.inject({ path: '/api_keys', kind: 'close' })
      const closed = await call(emulator, '/api_keys', { key: admin.key })
      expect([closed.status, closed.headers.get('connection')]).toEqual([200, 'close'])
      expect(closed.json).toEqual(expect.arrayContaining([expect.objectContaining({ id: admin.id })]))
      const next = await call(emulator, '/api_keys', { key: admin.key })
      expect(next.headers.get('connection')).not.toBe('close')
    })

    it('redirects, 307 by default', async () => {
      emulator.inject({ path: '/projects', kind: 'redirect', location: 'https://elsewhere.example/api/v2/projects' })
      emulator.inject({ path: '/projects', kind: 'redirect', location: '/moved', status: 301 })
      const first = await call(emulator, `/projects?org_id=${emulator.defaultOrgId}`, {
        key: admin.key,
        redirect: 'manual',
      })
      expect(first.status).toBe(307)
      expect(first.headers.get('location')).toBe('https://elsewhere.example/api/v2/projects')
      const second = await call(emulator, `/projects?org_id=${emulator.defaultOrgId}`, {
        key: admin.key,
        redirect: 'manual',
      })
      expect(second.status).toBe(301)
      expect(second.headers.get('location')).toBe('/moved')
    })

    it('sets hostile values on every record of an answer, in any field, and leaves error answers alone', async () => {
      const hostile = '\n::error::forged'
      emulator.inject({ path: '/api_keys', kind: 'rewrite', set: { name: hostile, last_used_from_addr: hostile } })
      const keys = await call(emulator, '/api_keys', { key: admin.key })
      expect(keys.json).toEqual([
        expect.objectContaining({ id: admin.id, name: hostile, last_used_from_addr: hostile }),
      ])
      expect(emulator.keys()[0]!.name).toBe('admin')

      const op = emulator.addOperation('rewrite-project', { status: 'running' })
      emulator.inject({
        path: /^\/projects\/[^/]+\/operations/,
        kind: 'rewrite',
        set: { action: hostile, error: hostile },
        times: 2,
      })
      const one = await call(emulator, `/projects/rewrite-project/operations/${op}`, { key: admin.key })
      expect(one.json.operation).toMatchObject({ id: op, action: hostile, error: hostile, status: 'running' })
      const missing = await call(
        emulator,
        '/projects/rewrite-project/operations/00000000-0000-4000-8000-000000000000',
        { key: admin.key },
      )
      expect(missing.status).toBe(404)
      expect(missing.json.message).not.toContain(hostile)
    })

    it('rewrites only the records named by `ids`: one key of a list, or the id of a revocation', async () => {
      const other = emulator.addKey('other')
      emulator.inject({ path: '/api_keys', kind: 'rewrite', set: { last_used_at: 1_795_255_140 }, ids: [other.id] })
      const keys = await call(emulator, '/api_keys', { key: admin.key })
      expect(keys.json.map((k: { id: number; last_used_at: unknown }) => [k.id, typeof k.last_used_at])).toEqual([
        [admin.id, 'string'],
        [other.id, 'number'],
      ])
      emulator.inject({ method: 'DELETE', path: `/api_keys/${other.id}`, kind: 'rewrite', set: { id: admin.id } })
      const revoked = await call(emulator, `/api_keys/${other.id}`, { method: 'DELETE', key: admin.key })
      expect(revoked.json).toMatchObject({ id: admin.id, name: 'other', revoked: true })
      expect([emulator.isKeyValid(other.id), emulator.isKeyValid(admin.id)]).toEqual([false, true])
      expect(() => emulator.inject({ path: '/x', kind: 'rewrite', set: { a: 1 }, ids: 'all' as never })).toThrow(
        /fault.ids/,
      )
    })

    it('lists records twice, the copy changed by `set`, only those named by `ids` when given', async () => {
      const other = emulator.addKey('other', { createdAt: T0 - 86_400_000, lastUsedAt: T0 - 3_600_000 })
      emulator.inject({ path: '/api_keys', kind: 'duplicate', set: { last_used_at: null }, ids: [other.id] })
      const twice = await call(emulator, '/api_keys', { key: admin.key })
      expect(twice.json.map((k: { id: number; last_used_at: unknown }) => [k.id, k.last_used_at === null])).toEqual([
        [admin.id, false],
        [other.id, false],
        [other.id, true],
      ])
      emulator.inject({ path: /^\/projects\/[^/]+\/operations$/, kind: 'duplicate' })
      const op = emulator.addOperation('twice-project')
      const ops = await call(emulator, '/projects/twice-project/operations', { key: admin.key })
      expect(ops.json.operations.map((o: { id: string }) => o.id)).toEqual([op, op])
      expect(() => emulator.inject({ path: '/x', kind: 'duplicate', set: [] as never })).toThrow(/fault.set/)
    })

    it('lists keys newest first when asked, as the service does', async () => {
      const newer = emulator.addKey('newer')
      const oldestFirst = await call(emulator, '/api_keys', { key: admin.key })
      expect(oldestFirst.json.map((k: { id: number }) => k.id)).toEqual([admin.id, newer.id])
      emulator.listKeysNewestFirst()
      const newestFirst = await call(emulator, '/api_keys', { key: admin.key })
      expect(newestFirst.json.map((k: { id: number }) => k.id)).toEqual([newer.id, admin.id])
    })

    it('hands out cursors that cycle, repeat the same projects, or never end, with full pages', async () => {
      emulator.inject({ path: '/projects', kind: 'cursor', mode: 'cycle', times: 3 })
      const cycle: string[] = []
      let cursor = ''
      for (let i = 0; i < 3; i++) {
        const page = await call(emulator, `/projects?limit=5${cursor ? `&cursor=${cursor}` : ''}`, { key: admin.key })
        expect(page.json.projects).toHaveLength(5)
        cursor = page.json.pagination.cursor
        cycle.push(`${page.json.projects[0].id} ${cursor}`)
      }
      expect(cycle).toEqual(['cycle-a-0 cursor-a', 'cycle-b-0 cursor-b', 'cycle-a-0 cursor-a'])

      emulator.inject({ path: '/projects', kind: 'cursor', mode: 'repeat', times: 2 })
      const first = await call(emulator, '/projects?limit=400', { key: admin.key })
      const second = await call(emulator, `/projects?limit=400&cursor=${first.json.pagination.cursor}`, {
        key: admin.key,
      })
      expect(first.json.projects).toHaveLength(400)
      expect(second.json.projects).toEqual(first.json.projects)
      expect(second.json.pagination.cursor).not.toBe(first.json.pagination.cursor)

      emulator.inject({ path: '/projects', kind: 'cursor', mode: 'endless', times: 2 })
      const a = await call(emulator, '/projects?limit=3', { key: admin.key })
      const b = await call(emulator, `/projects?limit=3&cursor=${a.json.pagination.cursor}`, { key: admin.key })
      expect(b.json.projects.map((p: ProjectRecord) => p.id)).toEqual([
        'endless-page1-0',
        'endless-page1-1',
        'endless-page1-2',
      ])
      expect(b.json.pagination.cursor).toBe('endless-2')
    })

    it('streams a large body, with or without Content-Length, and stops when the client goes away', async () => {
      emulator.inject({
        path: '/projects',
        kind: 'large',
        bytes: 200_000,
        fill: '<title',
        status: 502,
        contentType: 'text/html',
      })
      const declared = await call(emulator, '/projects', { key: admin.key })
      expect(declared.status).toBe(502)
      expect(declared.headers.get('content-length')).toBe('200000')
      expect(declared.text.length).toBe(200_000)
      expect(declared.text === '<title'.repeat(33_334).slice(0, 200_000)).toBe(true)

      emulator.inject({ path: '/projects', kind: 'large', bytes: 100_000, declareLength: false })
      const streamed = await call(emulator, '/projects', { key: admin.key })
      expect(streamed.status).toBe(200)
      expect(streamed.headers.get('content-length')).toBeNull()
      expect(streamed.text === 'x'.repeat(100_000)).toBe(true)

      emulator.inject({ path: '/projects', kind: 'large', bytes: 2 ** 30 })
      const controller = new AbortController()
      const response = await fetch(`${emulator.url}/projects`, {
        headers: { authorization: `Bearer ${admin.key}` },
        signal: controller.signal,
      })
      expect(response.headers.get('content-length')).toBe(String(2 ** 30))
      controller.abort()
      // The server stopped writing: the next request is answered at once.
      expect(
        (await call(emulator, `/projects?org_id=${emulator.defaultOrgId}`, { key: admin.key })).json.projects,
      ).toHaveLength(3)
    })

    it('lists an unavailable project by id only, in its place in the page', async () => {
      const ids = emulator.addProjects(2)
      emulator.markUnavailable(ids[0]!)
      const page = await call(emulator, `/projects?org_id=${emulator.defaultOrgId}&limit=4`, { key: admin.key })
      expect(page.json.projects).toHaveLength(3)
      expect(page.json.unavailable_project_ids).toEqual([ids[0]])
      expect(page.json.pagination.cursor).toBe(ids[0])
      const rest = await call(emulator, `/projects?org_id=${emulator.defaultOrgId}&limit=4&cursor=${ids[0]}`, {
        key: admin.key,
      })
      expect(rest.json.projects.map((p: ProjectRecord) => p.id)).toEqual([ids[1]])
    })

    it('refuses unusable fault definitions and clears faults', async () => {
      expect(() => emulator.inject({ path: '/projects', kind: 'status', status: 42 })).toThrow()
      expect(() => emulator.inject({ path: '', kind: 'truncated' })).toThrow()
      expect(() => emulator.inject({ path: '/x', kind: 'delay', ms: -1 })).toThrow()
      expect(() => emulator.inject({ path: '/x', kind: 'rewrite', set: {} })).toThrow()
      expect(() => emulator.inject({ path: '/x', kind: 'cursor', mode: 'sideways' as 'cycle' })).toThrow()
      expect(() => emulator.inject({ path: '/x', kind: 'large', bytes: -1 })).toThrow()
      emulator.inject({ path: '/projects', kind: 'status', status: 500, times: 5 })
      emulator.clearFaults()
      expect((await call(emulator, `/projects?org_id=${emulator.defaultOrgId}`, { key: admin.key })).status).toBe(200)
    })

    it('is controllable over HTTP, with ^-prefixed paths as regular expressions', async () => {
      const faultsUrl = controlUrl(emulator, '/_emulator/faults')
      const post = await fetch(faultsUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ path: '^/projects$', kind: 'status', status: 503, retryAfter: '1', times: 2 }),
      })
      expect(post.status).toBe(200)
      expect((await post.json()).faults).toEqual([
        expect.objectContaining({ path: '^/projects$', kind: 'status', times: 2 }),
      ])

      const bad = await fetch(faultsUrl, { method: 'POST', body: JSON.stringify({ path: '/x', kind: 'explode' }) })
      expect(bad.status).toBe(400)
      expect((await bad.json()).message).toMatch(/kind/)
      const badRegex = await fetch(faultsUrl, {
        method: 'POST',
        body: JSON.stringify({ path: '^(', kind: 'truncated' }),
      })
      expect(badRegex.status).toBe(400)
      const garbage = await fetch(faultsUrl, { method: 'POST', body: 'nope' })
      expect(garbage.status).toBe(400)

      const hit = await call(emulator, `/projects?org_id=${emulator.defaultOrgId}`, { key: admin.key })
      expect(hit.status).toBe(503)
      expect(hit.headers.get('retry-after')).toBe('1')
      const listed = await (await fetch(faultsUrl)).json()
      expect(listed.faults[0].times).toBe(1)

      expect((await fetch(faultsUrl, { method: 'DELETE' })).status).toBe(200)
      expect((await call(emulator, `/projects?org_id=${emulator.defaultOrgId}`, { key: admin.key })).status).toBe(200)

      const log = await (await fetch(controlUrl(emulator, '/_emulator/requests'))).json()
      expect(log.map((r: { path: string; status: number }) => [r.path, r.status])).toEqual([
        ['/projects', 503],
        ['/projects', 200],
      ])
      expect((await fetch(controlUrl(emulator, '/_emulator/faults'), { method: 'PUT' })).status).toBe(405)
    })

    it('rewrites the JSON answer of the work it did', async () => {
      emulator.inject({
        method: 'POST',
        path: '/api_keys',
        kind: 'transform',
        transform: (body) => ({ ...(body as object), key: '' }),
      })
      const res = await call(emulator, '/api_keys', { method: 'POST', key: admin.key, body: { key_name: 'blank' } })
      expect(res.status).toBe(200)
      expect(res.json).toMatchObject({ name: 'blank', key: '' })
      expect(emulator.isKeyValid(res.json.id)).toBe(true)
      expect(emulator.requests[0]!.fault).toBe('transform')
    })

    it('holds a request until released, then does the work even when the client has gone: a late commit', async () => {
      const hold = emulator.hold({ method: 'POST', path: '/api_keys' })
      const controller = new AbortController()
      const pending = fetch(`${emulator.url}/api_keys`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ key_name: 'late' }),
        signal: controller.signal,
      })
      pending.catch(() => undefined)
      await hold.reached
      expect(emulator.keys().some((k) => k.name === 'late')).toBe(false)
      // The client gives up; the service commits the create afterwards all the same.
      controller.abort()
      await expect(pending).rejects.toThrow()
      hold.release()
      await new Promise((resolve) => setImmediate(resolve))
      expect(emulator.keys().find((k) => k.name === 'late')).toMatchObject({ revoked: false })
      expect(emulator.requests[0]).toMatchObject({ method: 'POST', fault: 'hold' })
    })

    it('answers a held request once released, if the client is still there', async () => {
      const hold = emulator.hold({ path: '/api_keys' })
      const pending = call(emulator, '/api_keys', { key: admin.key })
      await hold.reached
      hold.release()
      expect((await pending).status).toBe(200)
    })

    it('stop() ends a hold without doing its work', async () => {
      const hold = emulator.hold({ method: 'POST', path: '/api_keys' })
      const pending = fetch(`${emulator.url}/api_keys`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ key_name: 'never' }),
      })
      pending.catch(() => undefined)
      await hold.reached
      await emulator.stop()
      await expect(pending).rejects.toThrow()
      expect(emulator.keys().some((k) => k.name === 'never')).toBe(false)
      await emulator.start()
    })

    it('a rewrite or a hold is code only: refused over HTTP, and shown without its function', async () => {
      expect(() => emulator.inject({ path: '/x', kind: 'transform' } as never)).toThrow(
        /fault.transform must be a function/,
      )
      expect(() => emulator.inject({ path: '/x', kind: 'hold' } as never)).toThrow(/fault.hold must be a RequestHold/)
      emulator.inject({ path: '/x', kind: 'transform', transform: (body) => body })
      const listed = await (await fetch(controlUrl(emulator, '/_emulator/faults'))).json()
      expect(listed.faults).toEqual([{ path: '/x', kind: 'transform', times: 1 }])
      const bad = await fetch(controlUrl(emulator, '/_emulator/faults'), {
        method: 'POST',
        body: JSON.stringify({ path: '/x', kind: 'hold' }),
      })
      expect(bad.status).toBe(400)
    })

    it('lets HTTP set an operation status', async () => {
      const id = emulator.addOperation('control-project', { status: 'running' })
      const res = await fetch(controlUrl(emulator, `/_emulator/operations/${id}`), {
        method: 'PATCH',
        body: JSON.stringify({ status: 'error', error: 'boom' }),
      })
      expect(res.status).toBe(200)
      expect((await res.json()).operation).toMatchObject({ id, status: 'error', error: 'boom' })
      const bad = await fetch(controlUrl(emulator, `/_emulator/operations/${id}`), {
        method: 'PATCH',
        body: JSON.stringify({ status: 'Not A Status!' }),
      })
      expect(bad.status).toBe(400)
    })
  })

  describe('garbage in', () => {
    it('answers 404 JSON for unknown routes and 405 JSON for a wrong method', async () => {
      for (const path of ['/nope', '/projects/', '/projects/p/operations/x/y', '//api_keys']) {
        const res = await call(emulator, path, { key: admin.key })
        expect([path, res.status]).toEqual([path, 404])
        expect(res.json).toMatchObject({ code: '', message: expect.any(String), request_id: expect.any(String) })
      }
      const outside = await fetch(controlUrl(emulator, '/api/v1/projects'))
      expect(outside.status).toBe(404)
      expect(await outside.json()).toMatchObject({ code: '' })

      const wrong = await call(emulator, `/projects?org_id=${emulator.defaultOrgId}`, {
        method: 'DELETE',
        key: admin.key,
      })
      expect(wrong.status).toBe(405)
      expect(wrong.headers.get('allow')).toBe('GET')
      expect(wrong.json.message).toMatch(/method/)
      expect(takeViolations()).toEqual(
        ['GET /nope', 'GET /projects/', 'GET /projects/p/operations/x/y', 'GET //api_keys', 'DELETE /projects'].map(
          (call) => `${call}: the description has no such call`,
        ),
      )
    })

    it('survives malformed paths, bodies and headers', async () => {
      expect((await call(emulator, '/projects/%E0%A4%A/operations', { key: admin.key })).status).toBe(400)
      expect(
        (await call(emulator, '/api_keys', { method: 'POST', key: admin.key, rawBody: '\u0000\u00ff' })).status,
      ).toBe(400)
      expect(
        (await call(emulator, `/projects?org_id=${emulator.defaultOrgId}&limit=5&limit=999`, { key: admin.key }))
          .status,
      ).toBe(200)
      expect(
        (await call(emulator, `/projects?org_id=${emulator.defaultOrgId}`, { headers: { authorization: 'Bearer' } }))
          .status,
      ).toBe(401)
      const big = await call(emulator, '/api_keys', {
        method: 'POST',
        key: admin.key,
        rawBody: 'x'.repeat(2 * 1024 * 1024),
      })
      expect(big.status).toBe(413)
      // Still serving afterwards.
      expect((await call(emulator, '/api_keys', { key: admin.key })).status).toBe(200)
      expect(takeViolations()).toEqual([
        expect.stringContaining('GET /projects/%E0%A4%A/operations: the path parameter project_id='),
        'POST /api_keys: the body is not JSON',
      ])
    })
  })
})
