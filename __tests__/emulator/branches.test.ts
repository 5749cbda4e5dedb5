// emulator/branches.ts: the emulator's branch creation, over real HTTP, on a manual clock.
import { afterEach, describe, expect, it } from '@jest/globals'
import { PlatformEmulator, type RateLimits } from '../../emulator/platform.ts'
import { takeViolations } from '../../emulator/contract.ts'

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

describe('branch creation', () => {
  it('answers 201 with the branch, its endpoint and a create_branch and a start_compute operation that move on the clock', async () => {
    const platform = await start()
    const project = platform.addProject().id
    const answer = await call(`/projects/${project}/branches`, {
      method: 'POST',
      body: { branch: { name: 'preview-42' }, endpoints: [{ type: 'read_write' }] },
    })
    expect(answer.status).toBe(201)
    const { branch, endpoints, operations } = answer.json
    const primary = platform.branches(project)[0]!
    expect(branch).toMatchObject({ project_id: project, name: 'preview-42', parent_id: primary.id, primary: false })
    expect(branch.id).toMatch(/^br-[a-z]+-[a-z]+-[a-z0-9]{8}$/)
    expect(endpoints).toEqual([
      expect.objectContaining({ branch_id: branch.id, type: 'read_write', id: expect.stringMatching(/^ep-/) }),
    ])
    expect(operations.map((o: any) => [o.action, o.status, o.branch_id, o.endpoint_id])).toEqual([
      ['create_branch', 'running', branch.id, undefined],
      ['start_compute', 'scheduling', branch.id, endpoints[0].id],
    ])
    expect(answer.json).toMatchObject({ roles: [], databases: [], connection_uris: [] })

    now += 2000
    expect(platform.operation(operations[0].id)!.status).toBe('finished')
    expect(platform.operation(operations[1].id)!.status).toBe('running')
    // Each operation has its own creation time, a microsecond apart: the second finishes just after 4 s.
    now += 2001
    expect(platform.operation(operations[1].id)!.status).toBe('finished')
    const read = await call(`/projects/${project}/operations/${operations[1].id}`)
    expect(read.json.operation).toMatchObject({ status: 'finished', endpoint_id: endpoints[0].id })
  })

  it('without endpoints, only create_branch; an empty body is a branch of the primary branch', async () => {
    const platform = await start()
    const project = platform.addProject().id
    const answer = await call(`/projects/${project}/branches`, { method: 'POST' })
    expect(answer.status).toBe(201)
    expect(answer.json.operations.map((o: any) => o.action)).toEqual(['create_branch'])
    expect(answer.json.branch.name).toBe(answer.json.branch.id)
  })

  it('GET /projects/{id}/branches/{branch_id} reads a branch; an unknown one is a 404', async () => {
    const platform = await start()
    const project = platform.addProject().id
    const { branch } = platform.createBranch(project, { name: 'dev' })
    expect((await call(`/projects/${project}/branches/${branch.id}`)).json.branch).toMatchObject({
      id: branch.id,
      name: 'dev',
    })
    expect((await call(`/projects/${project}/branches/br-no-such-00000000`)).status).toBe(404)
    expect((await call(`/projects/no-such-project/branches/${branch.id}`)).status).toBe(404)
  })

  it.each([
    [{ endpoints: [{ type: 'gpu' }] }, 400],
    [{ endpoints: 'read_write' }, 400],
    [{ branch: { name: '' } }, 400],
    [{ branch: { parent_id: 'br-missing-00000000' } }, 404],
  ])('refuses %j with %i', async (body, status) => {
    const platform = await start()
    const project = platform.addProject().id
    expect((await call(`/projects/${project}/branches`, { method: 'POST', body })).status).toBe(status)
    expect(platform.branches(project)).toHaveLength(1)
    // The three bodies refused with 400 are ones the description does not allow either.
    expect(takeViolations()).toHaveLength(status === 400 ? 1 : 0)
  })
})
