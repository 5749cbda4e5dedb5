// emulator/history.ts and the operations list: GET /projects/{id}/operations as the service answers it, and the operations
// an organization's projects collect over days, made from a seed (seedOrganizationHistory). Over real HTTP, on a manual clock.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { PlatformEmulator, type OperationRecord } from '../../emulator/platform.ts'
import { OperationHistory, SeededRandom, mix32, unmix32 } from '../../emulator/history.ts'
import { seedOrganizationHistory } from '../../emulator/seed.ts'
import { parseTimestampMicros } from '../../emulator/time.ts'
import { takeViolations } from '../../emulator/contract.ts'

const T0 = Date.parse('2026-11-21T10:00:00Z')
const DAY = 86_400_000
const ISO_FRACTIONAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
const STATUSES = ['scheduling', 'running', 'cancelling', 'finished', 'skipped', 'failed', 'error', 'cancelled']

let platform: PlatformEmulator
let now: number
let admin: { id: number; key: string }

beforeEach(async () => {
  now = T0
  platform = new PlatformEmulator({ now: () => now })
  admin = platform.addKey('admin')
  await platform.start()
})

afterEach(async () => {
  await platform.stop()
})

async function call(path: string, key = admin.key): Promise<{ status: number; json: any; retryAfter: string | null }> {
  const res = await fetch(platform.url + path, { headers: { authorization: `Bearer ${key}` } })
  return { status: res.status, json: await res.json(), retryAfter: res.headers.get('retry-after') }
}

/** Every page of a project's operations, `limit` at a time, until a page comes back empty. */
async function readAll(project: string, limit: number): Promise<{ ids: string[]; pages: number[]; cursors: string[] }> {
  const ids: string[] = []
  const pages: number[] = []
  const cursors: string[] = []
  let cursor: string | undefined
  for (let i = 0; i < 200; i++) {
    const answer = await call(
      `/projects/${project}/operations?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    )
    expect(answer.status).toBe(200)
    pages.push(answer.json.operations.length)
    cursors.push(answer.json.pagination?.cursor)
    if (answer.json.operations.length === 0) break
    ids.push(...answer.json.operations.map((op: OperationRecord) => op.id))
    cursor = answer.json.pagination.cursor
  }
  return { ids, pages, cursors }
}

describe('GET /projects/{id}/operations', () => {
  it('a page has the cursor of its last record, with fractional seconds; a page with none has no pagination', async () => {
    // The description lets an answer leave `pagination` out, so the emulator does where there is no record to point at.
    const empty = platform.addProject().id
    expect((await call(`/projects/${empty}/operations?limit=10`)).json).toEqual({ operations: [] })
    expect((await call(`/projects/${empty}/operations`)).json).toEqual({ operations: [] })
    const past = await call(
      `/projects/${empty}/operations?limit=10&cursor=${encodeURIComponent('2026-11-21T10:00:00.000000Z')}`,
    )
    expect(past.json).toEqual({ operations: [] })

    const project = platform.addProject().id
    platform.addOperationHistory(project, { count: 2500, days: 3 })
    const { ids, pages, cursors } = await readAll(project, 1000)
    expect(pages).toEqual([1000, 1000, 500, 0])
    expect(cursors.slice(0, 3).every((cursor) => ISO_FRACTIONAL.test(cursor))).toBe(true)
    expect(cursors[3]).toBeUndefined()
    expect(new Set(ids).size).toBe(2500)
  })

  it('the cursor is the last record’s creation to the microsecond; the next page starts strictly before it', async () => {
    const project = platform.addProject().id
    platform.addOperationHistory(project, { count: 300, days: 1 })
    const page = (await call(`/projects/${project}/operations?limit=7`)).json
    const cursorUs = parseTimestampMicros(page.pagination.cursor)!
    const next = (
      await call(`/projects/${project}/operations?limit=1&cursor=${encodeURIComponent(page.pagination.cursor)}`)
    ).json
    expect(Math.floor(cursorUs / 1_000_000)).toBe(Date.parse(page.operations[6].created_at) / 1000)
    expect(Date.parse(next.operations[0].created_at) * 1000).toBeLessThanOrEqual(cursorUs)
    expect(next.operations[0].id).not.toBe(page.operations[6].id)
    // A cursor of whole seconds is a time too: everything made before it.
    const whole = (
      await call(`/projects/${project}/operations?cursor=${encodeURIComponent(page.operations[6].created_at)}`)
    ).json
    expect(
      whole.operations.every(
        (op: OperationRecord) => Date.parse(op.created_at) < Date.parse(page.operations[6].created_at),
      ),
    ).toBe(true)
  })

  it('without limit: everything in one answer, newest first, seeded and added operations merged by time', async () => {
    const project = platform.addProject().id
    platform.addOperationHistory(project, { count: 1200, days: 2 })
    const added = [
      platform.addOperation(project, { action: 'create_branch', createdAt: T0 - DAY / 2 }),
      platform.addOperation(project, { action: 'apply_config', createdAt: T0 - 1000 }),
      platform.addOperation(project, { action: 'start_compute' }),
    ]
    platform.addHistory(project, 5)
    const answer = await call(`/projects/${project}/operations`)
    const ops: OperationRecord[] = answer.json.operations
    expect(ops).toHaveLength(1208)
    const cursorsOf = ops.map((op) => Date.parse(op.created_at))
    expect(cursorsOf).toEqual([...cursorsOf].sort((a, b) => b - a))
    expect(ops[0]!.id).toBe(added[2])
    expect(ops.map((op) => op.id)).toEqual(expect.arrayContaining(added))
    // addHistory still lands older than everything else.
    expect(ops.slice(-5).every((op) => op.action === 'check_availability')).toBe(true)
    expect(ops[ops.length - 6]!.action).toBe('create_timeline')
    // Paged, the same list.
    expect((await readAll(project, 333)).ids).toEqual(ops.map((op) => op.id))
  })

  it('limit is 1 to 1000: 0, 1001, -1, 1.5 and a word are refused with 400', async () => {
    const project = platform.addProject().id
    platform.addOperationHistory(project, { count: 1500 })
    expect((await call(`/projects/${project}/operations?limit=1000`)).json.operations).toHaveLength(1000)
    expect((await call(`/projects/${project}/operations?limit=1`)).json.operations).toHaveLength(1)
    for (const bad of ['0', '1001', '-1', '1.5', 'ten', '']) {
      expect((await call(`/projects/${project}/operations?limit=${bad}`)).status).toBe(400)
    }
    // Each of them is a request the description does not allow, and the emulator's check says so.
    const seen = takeViolations()
    expect(seen).toHaveLength(6)
    expect(seen.every((problem) => problem.includes('the query parameter limit='))).toBe(true)
  })

  it('404 naming a project that does not exist; 403 for one the key cannot reach, for every kind of key', async () => {
    const other = platform.addOrganization({ name: 'Other' }).id
    const mine = platform.addProject().id
    const theirs = platform.addProject({ org_id: other }).id
    platform.addOperationHistory(mine, { count: 20 })
    platform.addOperationHistory(theirs, { count: 20 })

    const missing = await call('/projects/no-such-project/operations?limit=10')
    expect(missing.status).toBe(404)
    expect(missing.json.message).toContain('no-such-project')
    // The default user is not a member of the other organization.
    expect((await call(`/projects/${theirs}/operations?limit=10`)).status).toBe(403)
    const orgKey = platform.addOrgKey(platform.defaultOrgId, 'org')
    expect((await call(`/projects/${mine}/operations?limit=10`, orgKey.key)).status).toBe(200)
    expect((await call(`/projects/${theirs}/operations?limit=10`, orgKey.key)).status).toBe(403)
    const sibling = platform.addProject().id
    const scoped = platform.addOrgKey(platform.defaultOrgId, 'scoped', { projectId: sibling })
    expect((await call(`/projects/${mine}/operations?limit=10`, scoped.key)).status).toBe(403)
    expect((await call(`/projects/${sibling}/operations?limit=10`, scoped.key)).status).toBe(200)
    // The one-operation route refuses the same way, also for an operation made from a seed.
    const op = platform.operations(theirs)[0]!.id
    expect((await call(`/projects/${theirs}/operations/${op}`)).status).toBe(403)
    expect((await call(`/projects/${mine}/operations/${op}`)).status).toBe(404)
  })
})

describe('rate limits on the operations list', () => {
  it('40 a second and 700 a minute across every project of the account, with Retry-After; refused requests do not count', async () => {
    await platform.stop()
    platform = new PlatformEmulator({ now: () => now, rateLimits: {} })
    admin = platform.addKey('admin')
    await platform.start()
    const { projectIds } = seedOrganizationHistory(platform, {
      orgId: platform.defaultOrgId,
      projects: 50,
      operations: 10,
    })
    const list = (i: number) => call(`/projects/${projectIds[i % projectIds.length]}/operations?limit=1000`)

    // 41 at one instant: the 41st is over the route's burst.
    const burst = []
    for (let i = 0; i < 41; i++) burst.push((await list(i)).status)
    expect(burst.slice(0, 40).every((status) => status === 200)).toBe(true)
    expect(burst[40]).toBe(429)
    // 40 a second from then on, to 700 in the minute.
    now += 1000
    for (let i = 40; i < 700; i++) {
      if (i % 40 === 0 && i > 40) now += 1000
      expect((await list(i)).status).toBe(200)
    }
    const over = await list(700)
    expect(over.status).toBe(429)
    // The oldest 40 went at T0: the minute's budget is back 60 s after them.
    expect(Number(over.retryAfter)).toBe(Math.ceil((T0 + 60_000 - now) / 1000))
    now = T0 + 60_000
    expect((await list(701)).status).toBe(200)
    expect(platform.requests.filter((r) => r.status === 429)).toHaveLength(2)
  })
})

describe('operations over days, from a seed', () => {
  it('the same seed and clock give the same operations; another seed or project, others', () => {
    const make = (seed: number, id = 'steady-project-1'): OperationRecord[] => {
      const emulator = new PlatformEmulator({ now: () => T0 })
      emulator.addProject({ id }, { primaryBranchId: 'br-main-00000001' })
      emulator.addOperationHistory(id, { count: 400, days: 5, seed })
      return emulator.operations(id)
    }
    const once = make(9)
    expect(make(9)).toEqual(once)
    const other = make(10)
    expect(other.map((op) => op.id)).not.toEqual(once.map((op) => op.id))
    expect(other.map((op) => op.created_at)).not.toEqual(once.map((op) => op.created_at))
    expect(make(9, 'steady-project-2').map((op) => op.id)).not.toEqual(once.map((op) => op.id))
  })

  it('reaches back `days`, the project’s creation first; all 8 statuses; realistic actions, ids and fields', () => {
    const project = platform.addProject().id
    const made = platform.addOperationHistory(project, { count: 3000, days: 7, seed: 3 })
    const ops = platform.operations(project)
    expect(ops).toHaveLength(3000)
    expect(made).toMatchObject({ count: 3000, oldestAt: T0 - 7 * DAY })
    expect(made.newestAt).toBeGreaterThan(T0 - 60_000)
    expect(ops.at(-1)).toMatchObject({
      action: 'create_timeline',
      status: 'finished',
      created_at: '2026-11-14T10:00:00Z',
    })
    expect(new Set(ops.map((op) => op.id)).size).toBe(3000)
    expect(ops.every((op) => UUID_V4.test(op.id) && op.project_id === project)).toBe(true)

    const count = (pick: (op: OperationRecord) => string) =>
      ops.reduce<Record<string, number>>((acc, op) => ((acc[pick(op)] = (acc[pick(op)] ?? 0) + 1), acc), {})
    const statuses = count((op) => op.status)
    expect(Object.keys(statuses).sort()).toEqual([...STATUSES].sort())
    expect(statuses.finished! / ops.length).toBeGreaterThan(0.8)
    const actions = count((op) => op.action)
    for (const action of ['check_availability', 'start_compute', 'suspend_compute', 'apply_config', 'create_branch']) {
      expect(actions[action]).toBeGreaterThan(100)
    }
    expect(actions.create_timeline).toBe(1)
    expect(actions.apply_storage_config).toBeGreaterThan(10)
    // Spread over the days, not bunched: every day has its share.
    const perDay = count((op) => String(Math.floor((T0 - Date.parse(op.created_at)) / DAY)))
    for (let day = 0; day < 7; day++) expect(perDay[String(day)]).toBeGreaterThan(300)

    for (const op of ops) {
      const ended = !['scheduling', 'running', 'cancelling'].includes(op.status)
      // Compute actions name their endpoint; the branch is one of the project's, but a change of the project's
      // storage settings concerns the whole project and has none, as the description allows.
      expect('endpoint_id' in op).toBe(
        ['check_availability', 'start_compute', 'suspend_compute', 'apply_config'].includes(op.action),
      )
      if (op.action === 'apply_storage_config') expect(op.branch_id).toBeUndefined()
      else expect(made.branchIds).toContain(op.branch_id)
      if (op.endpoint_id !== undefined)
        expect(op.endpoint_id).toBe(made.endpointIds[made.branchIds.indexOf(op.branch_id!)])
      if (op.status === 'failed' || op.status === 'error') {
        expect(op.failures_count).toBeGreaterThan(0)
        expect(op.error).toEqual(expect.any(String))
      } else expect(op.error).toBeUndefined()
      if (ended) {
        expect(op.total_duration_ms).toBeGreaterThan(0)
        // Both are whole seconds: their difference is the duration to within one.
        expect(Math.abs(Date.parse(op.updated_at) - Date.parse(op.created_at) - op.total_duration_ms)).toBeLessThan(
          1000,
        )
      }
    }
    // A few take minutes.
    expect(Math.max(...ops.map((op) => op.total_duration_ms))).toBeGreaterThan(60_000)
  })

  it('the newest are in progress, and end as the emulator’s clock moves on', () => {
    const project = platform.addProject().id
    platform.addOperationHistory(project, { count: 50, days: 1 })
    const [scheduling, running, cancelling] = platform.operations(project)
    expect([scheduling!.status, running!.status, cancelling!.status]).toEqual(['scheduling', 'running', 'cancelling'])
    now += 10 * 60_000
    expect(platform.operation(scheduling!.id)!.status).toBe('finished')
    expect(platform.operation(running!.id)!.status).toBe('finished')
    expect(platform.operation(cancelling!.id)!.status).toBe('cancelled')
    expect(platform.operations(project).some((op) => ['scheduling', 'running', 'cancelling'].includes(op.status))).toBe(
      false,
    )

    const quiet = platform.addProject().id
    platform.addOperationHistory(quiet, { count: 50, days: 1, inProgress: 0 })
    expect(
      platform
        .operations(quiet)
        .every((op) => ['finished', 'skipped', 'failed', 'error', 'cancelled'].includes(op.status)),
    ).toBe(true)
  })

  it('covers all 8 statuses from 9 operations on; a single operation is the project’s creation', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const project = platform.addProject().id
      platform.addOperationHistory(project, { count: 9, days: 1, seed })
      expect(new Set(platform.operations(project).map((op) => op.status)).size).toBe(8)
    }
    const lone = platform.addProject().id
    platform.addOperationHistory(lone, { count: 1, days: 1 })
    expect(platform.operations(lone)).toEqual([
      expect.objectContaining({ action: 'create_timeline', status: 'finished', created_at: '2026-11-20T10:00:00Z' }),
    ])
    expect(() => platform.addOperationHistory(lone, { count: 0 })).toThrow(RangeError)
    expect(() => platform.addOperationHistory(lone, { count: 10, days: 0 })).toThrow(RangeError)
  })

  it('an operation made from a seed is read by id, polled, and changed like any other', async () => {
    const project = platform.addProject().id
    platform.addOperationHistory(project, { count: 500, days: 2 })
    const listed = platform.operations(project)
    const target = listed[250]!
    const read = await call(`/projects/${project}/operations/${target.id}`)
    expect(read.json.operation).toEqual(target)
    // An id of the same shape that was never made.
    const forged = `${target.id.slice(0, 9)}0000-4000-8000-000000000000`
    expect((await call(`/projects/${project}/operations/${forged}`)).status).toBe(404)

    platform.setOperation(target.id, { status: 'failed', failures_count: 2, error: 'disk full' })
    const after = (await call(`/projects/${project}/operations`)).json.operations as OperationRecord[]
    expect(after).toHaveLength(500)
    expect(after.filter((op) => op.id === target.id)).toEqual([
      expect.objectContaining({ status: 'failed', error: 'disk full', created_at: target.created_at }),
    ])
    expect(after.findIndex((op) => op.id === target.id)).toBe(250)
    // Through the control endpoint as well.
    const other = listed[10]!.id
    const patched = await fetch(new URL(`/_emulator/operations/${other}`, platform.url), {
      method: 'PATCH',
      body: JSON.stringify({ status: 'error' }),
    })
    expect(patched.status).toBe(200)
    expect(platform.operation(other)!.status).toBe('error')
  })

  it('its branches exist: GET /projects/{id}/branches/{branch_id} answers for each', async () => {
    const project = platform.addProject().id
    const made = platform.addOperationHistory(project, { count: 100 })
    expect(made.branchIds[0]).toBe(platform.branches(project)[0]!.id)
    expect(made.branchIds.length).toBeGreaterThanOrEqual(3)
    for (const branch of made.branchIds)
      expect((await call(`/projects/${project}/branches/${branch}`)).status).toBe(200)
  })

  it('ids lead back to their operation: the scattering of the first word is undone exactly', () => {
    const random = new SeededRandom(5, 'ids')
    for (let i = 0; i < 10_000; i++) {
      const x = random.next()
      expect(unmix32(mix32(x))).toBe(x)
    }
    const history = new OperationHistory('id-check', 'br-main-1', T0, { count: 5000, days: 3 })
    for (const index of [0, 1, 2, 777, 4999]) expect(history.indexOf(history.id(index))).toBe(index)
    expect(history.indexOf('not-an-id')).toBe(-1)
  })
})

describe('an organization of projects with days of operations (seedOrganizationHistory)', () => {
  it('makes the projects of a new organization the default user administers, the same ones for the same seed', async () => {
    const seeded = seedOrganizationHistory(platform, { projects: 25, operations: 200, days: 3, seed: 11 })
    expect(seeded.projectIds).toHaveLength(25)
    const listed = await call(`/projects?org_id=${seeded.orgId}&limit=400`)
    expect(listed.json.projects.map((p: { id: string }) => p.id)).toEqual(seeded.projectIds)
    expect(listed.json.projects.every((p: { created_at: string }) => p.created_at === '2026-11-18T10:00:00Z')).toBe(
      true,
    )
    const first = await call(`/projects/${seeded.projectIds[0]}/operations?limit=1000`)
    expect(first.json.operations).toHaveLength(200)

    const twin = new PlatformEmulator({ now: () => T0 })
    const again = seedOrganizationHistory(twin, { projects: 25, operations: 200, days: 3, seed: 11 })
    expect(again).toEqual(seeded)
    expect(twin.operations(again.projectIds[7]!)).toEqual(platform.operations(seeded.projectIds[7]!))
  })

  it('joins an organization that exists, beside its projects', async () => {
    const before = platform.addProjects(2)
    const seeded = seedOrganizationHistory(platform, { orgId: platform.defaultOrgId, projects: 3, operations: 20 })
    expect(seeded.orgId).toBe(platform.defaultOrgId)
    const listed = await call(`/projects?org_id=${platform.defaultOrgId}&limit=400`)
    expect(listed.json.projects.map((p: { id: string }) => p.id).sort()).toEqual(
      [...before, ...seeded.projectIds].sort(),
    )
  })
})
