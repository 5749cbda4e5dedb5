// prune-keys as a new user would try it: an account whose keys have realistic ages and use, swept as a runner runs it.
// The emulator's clock is a manual one, and each step's clock starts where it stands, so "7 hours later" costs nothing.
// End to end: each step is a child process, as a runner starts it (scripts/run-step.ts), on the committed
// bundle dist/index.js (E2E_ENTRY=source runs src/ instead), against the platform emulator.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { expiringKeyName } from '../../emulator/names.ts'
import { PlatformEmulator } from '../../emulator/platform.ts'
import { errorLines, runStep, stripMasks, type StepResult } from '../../scripts/run-step.ts'
import { expectNoKeyLeak } from '../support/leaks.ts'

const T0 = Date.parse('2026-11-21T10:00:00Z')
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

let now: number
let platform: PlatformEmulator
let url: string
let org: string
/** The step's key: an admin's personal key, made long ago and used every week. */
let admin: { id: number; key: string }
/** Every key value the emulator handed out, for leak checks. */
const values: string[] = []

beforeEach(async () => {
  now = T0
  values.length = 0
  platform = new PlatformEmulator({ now: () => now })
  url = await platform.start()
  org = platform.defaultOrgId
  admin = seed('sweeper', { createdAt: T0 - 400 * DAY, lastUsedAt: T0 - 7 * DAY })
})

afterEach(async () => {
  await platform.stop()
})

function seed(
  name: string,
  history: { createdAt?: number; lastUsedAt?: number; lastUsedFrom?: string; user?: string },
) {
  const key = platform.addKey(name, history)
  values.push(key.key)
  return key
}

/** A personal account as a sweep finds it: the keys it must find, and the ones it must leave. */
function personalAccount() {
  return {
    // Selected:
    orphan: seed(expiringKeyName('job-7781-1-deploy', T0 - DAY), {
      createdAt: T0 - DAY - 6 * HOUR,
      lastUsedAt: T0 - DAY - 5 * HOUR,
    }),
    laptop: seed('old-laptop', { createdAt: T0 - 300 * DAY, lastUsedAt: T0 - 120 * DAY }),
    byHand: seed('test-by-hand', { createdAt: T0 - 90 * DAY }),
    // Left alone: used daily, not yet expired, or neither expired nor idle long enough.
    daily: seed('ci-deploy', { createdAt: T0 - 200 * DAY, lastUsedAt: T0 - 2 * HOUR }),
    running: seed(expiringKeyName('job-7790-1-build', T0 + 5 * HOUR), {
      createdAt: T0 - HOUR,
      lastUsedAt: T0 - 20 * MINUTE,
    }),
    recentIdle: seed('staging', { createdAt: T0 - 60 * DAY, lastUsedAt: T0 - 10 * DAY }),
    // Selected, but kept by the in-use guard: expired, yet used a moment ago; expired, yet just made.
    overtime: seed(expiringKeyName('job-7785-1-migrate', T0 - 5 * MINUTE), {
      createdAt: T0 - 6 * HOUR,
      lastUsedAt: T0 - 2 * MINUTE,
    }),
    justMade: seed(expiringKeyName('quick', T0 - MINUTE), { createdAt: T0 - 4 * MINUTE }),
  }
}

const step = (inputs: Record<string, string>, key = admin.key) =>
  runStep({ 'api-key': key, 'api-host': url, command: 'prune-keys', ...inputs }, { time: { mode: 'jump', start: now } })

const ids = (output: string | undefined): number[] => JSON.parse(output ?? 'null') as number[]
const logLines = (result: StepResult, prefix: string) =>
  stripMasks(result.stdout)
    .split('\n')
    .filter((l) => l.startsWith(prefix))
const deletes = () => platform.requests.filter((r) => r.method === 'DELETE')

describe('prune-keys: a dry run lists, revokes nothing', () => {
  it('lists exactly the expired, the long-unused and the orphaned job keys of the personal scope, least recently used first', async () => {
    const a = personalAccount()
    // Another user's expired key is in another namespace: never listed.
    const stranger = seed(expiringKeyName('theirs', T0 - DAY), { createdAt: T0 - 2 * DAY, user: platform.addUser() })
    const result = await step({ 'unused-for': '30d' })

    expect(errorLines(result.stdout)).toEqual([])
    expect(result.code).toBe(0)
    expect(ids(result.outputs['prunable-key-ids'])).toEqual([a.laptop.id, a.byHand.id, a.orphan.id])
    expect(ids(result.outputs['revoked-key-ids'])).toEqual([])
    expect(deletes()).toEqual([])
    expect(platform.keys().filter((k) => k.revoked)).toEqual([])
    expect(platform.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /auth', 'GET /api_keys'])

    const log = stripMasks(result.stdout)
    expect(log).toContain(
      "Pruning the personal keys of the step's user: 9 key(s) listed; selecting keys whose names say they have expired and keys not used for 30 days (or never used and older). Dry run: nothing is revoked.",
    )
    expect(log).toContain(`The step's own key is API key ${admin.id} (its last use is this step). It is never pruned.`)
    expect(log).toContain(`Would revoke API key ${a.laptop.id} "old-laptop" (personal): not used for 120 days.`)
    expect(log).toContain(
      `Would revoke API key ${a.byHand.id} "test-by-hand" (personal): never used, created 90 days ago.`,
    )
    expect(log).toContain(
      `Would revoke API key ${a.orphan.id} "job-7781-1-deploy~exp-20261120T1000Z" (personal): expired 2026-11-20 10:00 UTC (by its name).`,
    )
    expect(log).toContain(
      `Kept API key ${a.overtime.id} "job-7785-1-migrate~exp-20261121T0955Z" (personal): expired 2026-11-21 09:55 UTC (by its name); but used 2 min ago, within the last 10 min.`,
    )
    expect(log).toContain(
      `Kept API key ${a.justMade.id} "quick~exp-20261121T0959Z" (personal): expired 2026-11-21 09:59 UTC (by its name); but created 4 min ago`,
    )
    expect(log).toContain('Dry run: 3 key(s) would be revoked. Set `dry-run: false` to revoke them.')
    for (const other of [a.daily, a.running, a.recentIdle, stranger]) expect(log).not.toContain(`API key ${other.id} `)

    // The summary: id, name, scope, created, created by, last used, from where, why.
    expect(result.summary).toContain('<h3>API keys to prune, dry run (3)</h3>')
    expect(result.summary).toContain(
      '<tr><th>id</th><th>name</th><th>scope</th><th>created</th><th>created by</th><th>last used</th><th>from</th><th>why</th></tr>',
    )
    expect(result.summary).toContain(
      `<tr><td><code>${a.laptop.id}</code></td><td>old-laptop</td><td>personal</td><td>2026-01-25 10:00 UTC</td><td>Emulator User</td><td>2026-07-24 10:00 UTC</td><td>198.51.100.23</td><td>not used for 120 days</td></tr>`,
    )
    expect(result.summary).toContain(
      `<td>test-by-hand</td><td>personal</td><td>2026-08-23 10:00 UTC</td><td>Emulator User</td><td>—</td><td>—</td>`,
    )
    expect(result.summary).toContain('Dry run: nothing was revoked. A run with dry-run: false revokes these 3 key(s).')
    expect(result.summary).toContain('Selected, but kept by a guard (2)')
    expect(result.summary).toContain('kept: used 2 min ago, within the last 10 min')
    expectNoKeyLeak(result, values)
  })
})

describe('prune-keys: what the runner shows of a failure, and of text from the platform', () => {
  it('a key revoked by someone else meanwhile counts as gone; another failure stops, naming what was revoked', async () => {
    const a = personalAccount()
    platform.inject({ method: 'DELETE', path: `/api_keys/${a.laptop.id}`, kind: 'status', status: 404 })
    platform.inject({ method: 'DELETE', path: `/api_keys/${a.orphan.id}`, kind: 'status', status: 403 })
    const result = await step({ 'unused-for': '30d', 'dry-run': 'false' })
    expect(result.code).toBe(1)
    expect(stripMasks(result.stdout)).toContain(`API key ${a.laptop.id} was already revoked.`)
    expect(ids(result.outputs['revoked-key-ids'])).toEqual([a.byHand.id])
    const errors = errorLines(result.stdout)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(
      new RegExp(`^::error::Could not revoke API key ${a.orphan.id}: .*403.* Revoked before it: ${a.byHand.id}\\.$`),
    )
    // The summary says the failure once.
    const failure = `Could not revoke API key ${a.orphan.id}:`
    expect(result.summary.split(failure)).toHaveLength(2)
    // The verdict first: the failure comes before the tables.
    expect(result.summary.indexOf(failure)).toBeLessThan(result.summary.indexOf('Selected, but kept by a guard'))
  })

  it('text from the platform reaches the log as data and the summary as text', async () => {
    const hostile = seed(expiringKeyName('::warning::forged\n##[error]x <img src=x>', T0 - DAY), {
      createdAt: T0 - 2 * DAY,
      lastUsedAt: T0 - 2 * DAY,
      lastUsedFrom: '<b>::error::addr</b>',
    })
    const result = await step({})
    expect(ids(result.outputs['prunable-key-ids'])).toEqual([hostile.id])
    expect(logLines(result, '::warning::')).toEqual([])
    expect(logLines(result, '::error::')).toEqual([])
    expect(result.stdout).not.toContain('##[error]')
    expect(result.stdout).toContain('":\u200b:warning::forged\\n#\u200b#[error]x <img src=x>~exp-20261120T1000Z"')
    expect(result.summary).not.toContain('<img')
    expect(result.summary).not.toContain('<b>')
    expect(result.summary).toContain('&#60;b&#62;::error::addr&#60;/b&#62;')
  })
})

describe('a job key whose post step never ran', () => {
  it('is found by the next sweep once its default expiry has passed, and not before', async () => {
    const project = platform.addProject({ id: 'deploy-target' }).id
    // The job: a project-scoped key that the post step would revoke; the runner dies before it.
    // Its clock starts a little before the emulator's, so the expiry rounds up to 16:00 however
    // long the process takes to start.
    const job = await runStep(
      {
        'api-key': admin.key,
        'api-host': url,
        command: 'create-key',
        'key-name': 'job-9001-1-deploy',
        'project-id': project,
        'revoke-after-job': 'true',
      },
      { time: { mode: 'jump', start: now - 30_000 } },
    )
    expect(errorLines(job.stdout)).toEqual([])
    const jobKeyId = Number(job.outputs['key-id'])
    values.push(job.outputs.key!)
    const name = platform.keys().find((k) => k.id === jobKeyId)!.name
    expect(name).toBe('job-9001-1-deploy~exp-20261121T1600Z')
    expect(stripMasks(job.stdout)).toContain(
      'it is revoked when the job ends; it expires 2026-11-21 16:00 UTC by its name.',
    )
    expect(job.summary).toContain('this job (expires 2026-11-21 16:00 UTC)')
    // The job uses its key for half an hour.
    now += 30 * MINUTE
    platform.useKey(jobKeyId, { from: '203.0.113.9' })

    // A sweep before the expiry leaves it alone.
    now = T0 + 5 * HOUR
    const early = await step({ 'org-id': org, 'dry-run': 'false' })
    expect(ids(early.outputs['prunable-key-ids'])).toEqual([])
    expect(stripMasks(early.stdout)).toContain('No key is selected: there is nothing to revoke.')

    // The next scheduled sweep, 7 hours on.
    now = T0 + 7 * HOUR
    const sweep = await step({ 'org-id': org, 'dry-run': 'false' })
    expect(errorLines(sweep.stdout)).toEqual([])
    expect(ids(sweep.outputs['revoked-key-ids'])).toEqual([jobKeyId])
    expect(platform.isKeyValid(jobKeyId)).toBe(false)
    expect(sweep.summary).toContain(
      `<td>${name}</td><td>project deploy-target</td><td>2026-11-21 10:00 UTC</td><td>Emulator User</td><td>2026-11-21 10:30 UTC</td><td>203.0.113.9</td><td>expired 2026-11-21 16:00 UTC (by its name)</td>`,
    )
    expectNoKeyLeak(sweep, values)
  })
})
