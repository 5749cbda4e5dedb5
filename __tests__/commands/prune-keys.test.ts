// src/commands/prune-keys.ts: the log lines, the job summary and the outputs word for word, and which keys the platform
// still holds valid.
// In process, against the platform emulator over HTTP, with one manual clock for both.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import type { PlatformEmulator } from '../../emulator/platform.ts'
import type { CommandContext } from '../../src/runner/context.ts'
import { runPruneKeys } from '../../src/commands/prune-keys.ts'
import type { PruneKeysSettings } from '../../src/keys/pruning.ts'
import { withExpiry } from '../../src/keys/expiry.ts'
import type { CapturedLog, ManualClock } from '../support/clock.ts'
import { inProcess, type InProcess } from '../support/in-process.ts'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

let platform: PlatformEmulator
let clock: ManualClock
let T0: number
let log: CapturedLog
let ctx: CommandContext
let org: string
/** The step's key: a personal key made long ago, used last week (and by the step itself). */
let admin: { id: number; key: string }

let run: InProcess

beforeEach(async () => {
  run = await inProcess({
    random: () => 0,
    key: (emulator, now) => emulator.addKey('sweeper', { createdAt: now - 400 * DAY, lastUsedAt: now - 7 * DAY }),
  })
  ;({ platform, clock, log, ctx, key: admin } = run)
  T0 = clock.now()
  org = platform.defaultOrgId
})

afterEach(() => run.stop())

const prune = (options: Partial<PruneKeysSettings> = {}) =>
  runPruneKeys(ctx, { dryRun: true, maxRevoke: 50, ...options })
const deletes = () => platform.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)

const HEADERS =
  '<tr><th>id</th><th>name</th><th>scope</th><th>created</th><th>created by</th><th>last used</th><th>from</th><th>why</th></tr>'
/** One summary row; `—` stands for an empty cell. */
const row = (...cells: Array<string | number>) =>
  `<tr><td><code>${cells[0]}</code></td>${cells
    .slice(1)
    .map((c) => `<td>${c}</td>`)
    .join('')}</tr>`

describe('a dry run', () => {
  it('lists what it would revoke with every reason, and what a guard keeps, in the log and the summary', async () => {
    const oldName = withExpiry('job-1', T0 - DAY)
    const old = platform.addKey(oldName, { createdAt: T0 - 50 * DAY, lastUsedAt: T0 - 40 * DAY })
    const daily = platform.addKey('ci-deploy', { createdAt: T0 - 200 * DAY, lastUsedAt: T0 - 2 * HOUR })
    const freshName = withExpiry('quick', T0 - MINUTE)
    const fresh = platform.addKey(freshName, { createdAt: T0 - 5 * MINUTE })

    const result = await prune({ unusedForMs: 3 * MINUTE })

    expect(log.info).toEqual([
      "Pruning the personal keys of the step's user: 4 key(s) listed; selecting keys whose names say they have expired and keys not used for 3 min (or never used and older). Dry run: nothing is revoked.",
      `The step's own key is API key ${admin.id} (its last use is this step). It is never pruned.`,
      `Would revoke API key ${old.id} "${oldName}" (personal): expired 2026-11-20 10:00 UTC (by its name); not used for 40 days.`,
      `Would revoke API key ${daily.id} "ci-deploy" (personal): not used for 2 h.`,
      `Kept API key ${fresh.id} "${freshName}" (personal): expired 2026-11-21 09:59 UTC (by its name); never used, created 5 min ago; but created 5 min ago, within the last 10 min.`,
      'Dry run: 2 key(s) would be revoked. Set `dry-run: false` to revoke them.',
    ])
    expect(log.warning).toEqual([])
    expect(result.outputs).toEqual({ 'prunable-key-ids': JSON.stringify([old.id, daily.id]), 'revoked-key-ids': '[]' })
    expect(result.failure).toBeUndefined()
    expect(result.summary).toBe(
      '<h3>API keys to prune, dry run (2)</h3>\n' +
        '<p>Looked at the personal keys of the step&#39;s user, selecting keys whose names say they have expired and keys not used for 3 min (or never used and older).</p>\n' +
        `<table>\n${HEADERS}\n` +
        `${row(old.id, oldName, 'personal', '2026-10-02 10:00 UTC', 'Emulator User', '2026-10-12 10:00 UTC', '198.51.100.23', 'expired 2026-11-20 10:00 UTC (by its name); not used for 40 days')}\n` +
        `${row(daily.id, 'ci-deploy', 'personal', '2026-05-05 10:00 UTC', 'Emulator User', '2026-11-21 08:00 UTC', '198.51.100.23', 'not used for 2 h')}\n` +
        '</table>\n' +
        '<p>Dry run: nothing was revoked. A run with dry-run: false revokes these 2 key(s).</p>\n' +
        '<h4>Selected, but kept by a guard (1)</h4>\n' +
        `<table>\n${HEADERS}\n` +
        `${row(fresh.id, freshName, 'personal', '2026-11-21 09:55 UTC', 'Emulator User', '—', '—', 'expired 2026-11-21 09:59 UTC (by its name); never used, created 5 min ago; kept: created 5 min ago, within the last 10 min')}\n` +
        '</table>\n',
    )
    expect(deletes()).toEqual([])
  })

  it('names the spans of unused-for in days and hours, from two of them on', async () => {
    await prune({ unusedForMs: 2 * DAY })
    await prune({ unusedForMs: 5 * HOUR })
    await prune({ unusedForMs: 2 * HOUR })
    await prune({ unusedForMs: 2 * HOUR - MINUTE })
    expect(log.info.filter((l) => l.startsWith('Pruning'))).toEqual(
      ['2 days', '5 h', '2 h', '119 min'].map(
        (span) =>
          `Pruning the personal keys of the step's user: 1 key(s) listed; selecting keys whose names say they have expired and keys not used for ${span} (or never used and older). Dry run: nothing is revoked.`,
      ),
    )
  })

  it('with nothing selected, says so and shows no table', async () => {
    platform.addKey('ci-deploy', { createdAt: T0 - 200 * DAY, lastUsedAt: T0 - 2 * HOUR })
    const result = await prune()
    expect(log.info).toEqual([
      "Pruning the personal keys of the step's user: 2 key(s) listed; selecting keys whose names say they have expired. Dry run: nothing is revoked.",
      `The step's own key is API key ${admin.id} (its last use is this step). It is never pruned.`,
      'No key is selected: there is nothing to revoke.',
    ])
    expect(result.outputs).toEqual({ 'prunable-key-ids': '[]', 'revoked-key-ids': '[]' })
    expect(result.summary).toBe(
      '<h3>API keys to prune, dry run (0)</h3>\n' +
        '<p>Looked at the personal keys of the step&#39;s user, selecting keys whose names say they have expired.</p>\n' +
        '<p>No key is selected: nothing was revoked.</p>\n',
    )
  })

  it('past max-revoke, warns that a real run would revoke nothing, and says why in the summary', async () => {
    const a = platform.addKey(withExpiry('job-a', T0 - DAY), { createdAt: T0 - 2 * DAY })
    const b = platform.addKey(withExpiry('job-b', T0 - DAY), { createdAt: T0 - 2 * DAY })
    const result = await prune({ maxRevoke: 1 })
    const why =
      '2 keys are selected, more than `max-revoke` (1). Check the selectors against the list in the job summary. ' +
      'If every key there should go, set `max-revoke` to 2 or more for one run.'
    expect(log.warning).toEqual([`A run with \`dry-run: false\` would revoke nothing: ${why}`])
    expect(result.outputs['prunable-key-ids']).toBe(JSON.stringify([a.id, b.id]))
    expect(result.summary).toContain(
      '<p>Dry run: nothing was revoked. A run with dry-run: false would revoke none of them: 2 keys are selected, more than <code>max-revoke</code> (1).',
    )
    expect(result.failure).toBeUndefined()
  })

  it("several keys used within the step's minute are all the step's own, and none is pruned", async () => {
    const twinName = withExpiry('twin', T0 - DAY)
    const twin = platform.addKey(twinName, { createdAt: T0 - 3 * DAY, lastUsedAt: T0 - 30_000 })
    const result = await prune({ dryRun: false })
    expect(log.info).toEqual([
      "Pruning the personal keys of the step's user: 2 key(s) listed; selecting keys whose names say they have expired.",
      `The step's own key is one of API keys ${admin.id}, ${twin.id} (each used within a minute of this step). ` +
        'None of them is pruned.',
      `Kept API key ${twin.id} "${twinName}" (personal): expired 2026-11-20 10:00 UTC (by its name); but the step's own key, or used within the same minute.`,
      'No key is selected: there is nothing to revoke.',
    ])
    expect(result.outputs['prunable-key-ids']).toBe('[]')
    expect(platform.isKeyValid(twin.id)).toBe(true)
  })

  it('logs the first 100 keys one by one, and counts the rest', async () => {
    const ids = Array.from(
      { length: 101 },
      (_, i) => platform.addKey(withExpiry(`job-${i}`, T0 - DAY), { createdAt: T0 - 2 * DAY }).id,
    )
    const result = await prune({ maxRevoke: 200 })
    const lines = log.info.filter((l) => l.startsWith('Would revoke'))
    expect(lines).toHaveLength(100)
    expect(lines[99]).toBe(
      `Would revoke API key ${ids[99]} "job-99~exp-20261120T1000Z" (personal): expired 2026-11-20 10:00 UTC (by its name).`,
    )
    expect(log.info.slice(-2)).toEqual([
      '…and 1 more: every one is in the job summary and in `prunable-key-ids`.',
      'Dry run: 101 key(s) would be revoked. Set `dry-run: false` to revoke them.',
    ])
    expect(result.outputs['prunable-key-ids']).toBe(JSON.stringify(ids))
  })

  it('logs exactly 100 keys with no count after them', async () => {
    for (let i = 0; i < 100; i++) platform.addKey(withExpiry(`job-${i}`, T0 - DAY), { createdAt: T0 - 2 * DAY })
    await prune({ maxRevoke: 200 })
    expect(log.info.filter((l) => l.startsWith('Would revoke'))).toHaveLength(100)
    expect(log.info.at(-1)).toBe('Dry run: 100 key(s) would be revoked. Set `dry-run: false` to revoke them.')
    expect(log.info.filter((l) => l.startsWith('…'))).toEqual([])
  })
})

describe('a real run', () => {
  it("revokes an organization's selected keys, saying why for each", async () => {
    const project = platform.addProject().id
    const idleName = withExpiry('job-9', T0 - DAY)
    const idle = platform.addOrgKey(org, idleName, { createdAt: T0 - 50 * DAY, lastUsedAt: T0 - 40 * DAY })
    const scoped = platform.addOrgKey(org, 'preview', { createdAt: T0 - 60 * DAY, projectId: project })
    const busy = platform.addOrgKey(org, 'deploy', { createdAt: T0 - 60 * DAY, lastUsedAt: T0 - HOUR })
    const result = await prune({ orgId: org, dryRun: false, unusedForMs: 30 * DAY })
    expect(log.info).toEqual([
      `Organization ${org}: from the \`org-id\` input.`,
      `Pruning the keys of organization ${org}: 3 key(s) listed; selecting keys whose names say they have expired and keys not used for 30 days (or never used and older).`,
      `The step's key is a personal key: it is not among the keys of organization ${org}.`,
      `Revoked API key ${scoped.id} "preview": never used, created 60 days ago.`,
      `Revoked API key ${idle.id} "${idleName}": expired 2026-11-20 10:00 UTC (by its name); not used for 40 days.`,
    ])
    expect(result.failure).toBeUndefined()
    expect(result.outputs).toEqual({
      'prunable-key-ids': JSON.stringify([scoped.id, idle.id]),
      'revoked-key-ids': JSON.stringify([scoped.id, idle.id]),
      'org-id': org,
    })
    expect(result.summary).toBe(
      '<h3>API keys pruned (2 of 2)</h3>\n' +
        `<p>Looked at the keys of organization ${org}, selecting keys whose names say they have expired and keys not used for 30 days (or never used and older).</p>\n` +
        `<table>\n${HEADERS}\n` +
        `${row(scoped.id, 'preview', `project ${project}`, '2026-09-22 10:00 UTC', 'Emulator User', '—', '—', 'never used, created 60 days ago')}\n` +
        `${row(idle.id, idleName, 'organization', '2026-10-02 10:00 UTC', 'Emulator User', '2026-10-12 10:00 UTC', '198.51.100.23', 'expired 2026-11-20 10:00 UTC (by its name); not used for 40 days')}\n` +
        '</table>\n' +
        '<p>Revoked 2 key(s).</p>\n',
    )
    expect([idle, scoped, busy].map((k) => platform.isKeyValid(k.id))).toEqual([false, false, true])
  })

  it('a revocation that fails stops the run, naming the keys revoked before it', async () => {
    const keys = [1, 2, 3].map((i) => platform.addKey(withExpiry(`job-${i}`, T0 - DAY), { createdAt: T0 - 2 * DAY }))
    platform.inject({ method: 'DELETE', path: `/api_keys/${keys[2]!.id}`, kind: 'status', status: 403 })
    const result = await prune({ dryRun: false })
    expect(result.failure).toMatch(
      new RegExp(
        `^Could not revoke API key ${keys[2]!.id}: .*403.* Revoked before it: ${keys[0]!.id}, ${keys[1]!.id}\\.$`,
      ),
    )
    expect(result.outputs['revoked-key-ids']).toBe(JSON.stringify([keys[0]!.id, keys[1]!.id]))
    expect(result.summary).toContain('<h3>API keys pruned (2 of 3)</h3>')
    // The failure is the outcome: the step adds it below the summary.
    expect(result.summary).toMatch(/<\/table>\n$/)
    expect(keys.map((k) => platform.isKeyValid(k.id))).toEqual([false, false, true])
  })

  it('a revocation answered with another key: the key is named as one that may or may not be revoked, and the run stops', async () => {
    const keys = [1, 2].map((i) => platform.addKey(withExpiry(`job-${i}`, T0 - DAY), { createdAt: T0 - 2 * DAY }))
    platform.inject({ method: 'DELETE', path: `/api_keys/${keys[0]!.id}`, kind: 'rewrite', set: { id: keys[1]!.id } })
    const result = await prune({ dryRun: false })
    expect(result.failure).toBe(
      `The platform answered the revocation of API key ${keys[0]!.id} with a record of API key ${keys[1]!.id}. It is not known whether key ${keys[0]!.id} ` +
        `was revoked, and key ${keys[1]!.id} may have been revoked instead. Check both with list-keys. ` +
        `API key ${keys[0]!.id} may or may not be revoked: check it with list-keys. No other key was.`,
    )
    expect(result.outputs['revoked-key-ids']).toBe('[]')
    expect(deletes()).toEqual([`/api_keys/${keys[0]!.id}`])
  })

  it('a first revocation that fails says that no key was revoked', async () => {
    const keys = [1, 2].map((i) => platform.addKey(withExpiry(`job-${i}`, T0 - DAY), { createdAt: T0 - 2 * DAY }))
    platform.inject({ method: 'DELETE', path: `/api_keys/${keys[0]!.id}`, kind: 'status', status: 403 })
    const result = await prune({ dryRun: false })
    expect(result.failure).toMatch(
      new RegExp(`^Could not revoke API key ${keys[0]!.id}: .*403.* No key was revoked\\.$`),
    )
    expect(result.outputs['revoked-key-ids']).toBe('[]')
    expect(deletes()).toEqual([`/api_keys/${keys[0]!.id}`])
    expect(keys.map((k) => platform.isKeyValid(k.id))).toEqual([true, true])
  })
})

describe('records the platform lists oddly', () => {
  it('a key listed twice, one copy used 3 minutes ago: judged once, kept, never revoked', async () => {
    const name = withExpiry('deploy', T0 - DAY)
    const busy = platform.addKey(name, { createdAt: T0 - 400 * DAY, lastUsedAt: T0 - 3 * MINUTE })
    // The second copy says the key was last used 300 days ago.
    platform.inject({
      method: 'GET',
      path: '/api_keys',
      kind: 'duplicate',
      set: { last_used_at: '2026-01-25T10:00:00Z' },
      ids: [busy.id],
    })
    const result = await prune({ dryRun: false, unusedForMs: 30 * DAY })
    expect(log.info.filter((l) => l.includes(`API key ${busy.id} `))).toEqual([
      `Kept API key ${busy.id} "${name}" (personal): expired 2026-11-20 10:00 UTC (by its name); but used 3 min ago, within the last 10 min.`,
    ])
    expect(result.outputs['prunable-key-ids']).toBe('[]')
    expect(result.outputs['revoked-key-ids']).toBe('[]')
    expect(deletes()).toEqual([])
    expect(platform.isKeyValid(busy.id)).toBe(true)
  })

  it('a stale key listed twice is selected, counted and revoked once', async () => {
    const stale = platform.addKey('stale', { createdAt: T0 - 400 * DAY, lastUsedAt: T0 - 300 * DAY })
    platform.inject({ method: 'GET', path: '/api_keys', kind: 'duplicate', ids: [stale.id] })
    // Two copies would be two keys past a max-revoke of 1.
    const result = await prune({ dryRun: false, unusedForMs: 30 * DAY, maxRevoke: 1 })
    expect(result.failure).toBeUndefined()
    expect(log.info.filter((l) => l.startsWith('Revoked'))).toEqual([
      `Revoked API key ${stale.id} "stale": not used for 300 days.`,
    ])
    expect(result.outputs['prunable-key-ids']).toBe(JSON.stringify([stale.id]))
    expect(result.outputs['revoked-key-ids']).toBe(JSON.stringify([stale.id]))
    expect(deletes()).toEqual([`/api_keys/${stale.id}`])
    expect(result.summary).toContain('<h3>API keys pruned (1 of 1)</h3>')
  })

  it("a last use that is not a string (a number of seconds, 1 minute ago) reads as a use now: kept, but never taken for the step's own", async () => {
    const recent = platform.addKey(withExpiry('job', T0 - DAY), { createdAt: T0 - 400 * DAY })
    platform.inject({
      method: 'GET',
      path: '/api_keys',
      kind: 'rewrite',
      set: { last_used_at: (T0 - MINUTE) / 1000 },
      ids: [recent.id],
    })
    const result = await prune({ dryRun: false, unusedForMs: 30 * DAY })
    expect(log.info).toContain(
      `Kept API key ${recent.id} "${withExpiry('job', T0 - DAY)}" (personal): expired 2026-11-20 10:00 UTC (by its name); ` +
        'but its created_at or last_used_at is not a time the action can read.',
    )
    expect(log.info).toContain(
      `The step's own key is API key ${admin.id} (its last use is this step). It is never pruned.`,
    )
    expect(log.info.join('\n')).not.toContain('never used, created 400 days ago')
    expect(result.outputs['revoked-key-ids']).toBe('[]')
    expect(deletes()).toEqual([])
    expect(platform.isKeyValid(recent.id)).toBe(true)
  })
})

describe('with expected-networks: keys last used from an unexpected network are selected too', () => {
  const networks = { blocks: ['10.0.0.0/8'] }

  it('selects a key used from elsewhere, saying from where; the guards still keep the step’s own key and a key used minutes ago', async () => {
    const leaked = platform.addKey('ci-deploy', {
      createdAt: T0 - 30 * DAY,
      lastUsedAt: T0 - 2 * HOUR,
      lastUsedFrom: '203.0.113.7',
    })
    const busy = platform.addKey('ci-build', {
      createdAt: T0 - 30 * DAY,
      lastUsedAt: T0 - 3 * MINUTE,
      lastUsedFrom: '203.0.113.8',
    })
    const inside = platform.addKey('ci-migrate', {
      createdAt: T0 - 30 * DAY,
      lastUsedAt: T0 - 2 * HOUR,
      lastUsedFrom: '::ffff:10.1.2.3',
    })
    platform.addKey('ci-spare', { createdAt: T0 - 30 * DAY })

    const result = await prune({ expectedNetworks: networks })
    // The step's own key was used from 127.0.0.1 by this very step: selected, and kept.
    expect(log.info).toEqual([
      'Expected networks: 1 address(es) and block(s).',
      "Pruning the personal keys of the step's user: 5 key(s) listed; selecting keys whose names say they have expired and keys last used from outside `expected-networks`. Dry run: nothing is revoked.",
      `The step's own key is API key ${admin.id} (its last use is this step). It is never pruned.`,
      `Would revoke API key ${leaked.id} "ci-deploy" (personal): last used from an unexpected network (203.0.113.7).`,
      `Kept API key ${busy.id} "ci-build" (personal): last used from an unexpected network (203.0.113.8); but used 3 min ago, within the last 10 min.`,
      `Kept API key ${admin.id} "sweeper" (personal): last used from an unexpected network (127.0.0.1); but the step's own key.`,
      'Dry run: 1 key(s) would be revoked. Set `dry-run: false` to revoke them.',
    ])
    expect(result.outputs).toEqual({
      'prunable-key-ids': JSON.stringify([leaked.id]),
      'revoked-key-ids': '[]',
      'unexpected-use-key-ids': JSON.stringify([leaked.id, busy.id, admin.id]),
    })
    expect(result.summary).toContain(
      row(
        leaked.id,
        'ci-deploy',
        'personal',
        '2026-10-22 10:00 UTC',
        'Emulator User',
        '2026-11-21 08:00 UTC',
        '203.0.113.7',
        'last used from an unexpected network (203.0.113.7)',
      ),
    )
    expect(result.summary).not.toContain(`<code>${inside.id}</code>`)

    const real = await prune({ expectedNetworks: networks, dryRun: false })
    expect(JSON.parse(real.outputs['revoked-key-ids']!)).toEqual([leaked.id])
    expect(deletes()).toEqual([`/api_keys/${leaked.id}`])
    expect([leaked, busy, inside, admin].map((k) => platform.isKeyValid(k.id))).toEqual([false, true, true, true])
  })

  it('with key-name, only keys of that prefix; without expected-networks, no such output', async () => {
    platform.addKey('laptop', { createdAt: T0 - 30 * DAY, lastUsedAt: T0 - 2 * HOUR, lastUsedFrom: '203.0.113.7' })
    const ci = platform.addKey('ci-deploy', {
      createdAt: T0 - 30 * DAY,
      lastUsedAt: T0 - 2 * HOUR,
      lastUsedFrom: '203.0.113.9',
    })
    const named = await prune({ expectedNetworks: networks, keyNamePrefix: 'ci-' })
    expect(named.outputs['unexpected-use-key-ids']).toBe(JSON.stringify([ci.id]))
    expect(named.outputs['prunable-key-ids']).toBe(JSON.stringify([ci.id]))
    expect((await prune()).outputs).not.toHaveProperty('unexpected-use-key-ids')
  })
})

describe('with expected-creators: keys made by someone who left the organization are selected too', () => {
  let ann: string
  let bob: string
  let carol: string

  beforeEach(() => {
    ann = platform.addUser({ name: 'Ann Here', organizations: { [org]: 'editor' } })
    bob = platform.addUser({ name: 'Bob Gone', organizations: { [org]: 'admin' } })
    carol = platform.addUser({ name: 'Carol Off', organizations: { [org]: 'admin' } })
  })

  const made = (name: string, by: string, used?: number) =>
    platform.addOrgKey(org, name, {
      createdBy: by,
      createdAt: T0 - 40 * DAY,
      ...(used === undefined ? {} : { lastUsedAt: used }),
    })

  it("revokes a key made by a member who left and one by a deactivated account, under the guards, saying why; never a present member's", async () => {
    const present = made('ci-ann', ann, T0 - DAY)
    const left = made('ci-bob', bob, T0 - DAY)
    const deactivated = made('ci-carol', carol)
    const busy = made('ci-bob-busy', bob, T0 - 3 * MINUTE)
    const unknown = made('ci-mystery', bob)
    platform.setMembership(bob, org, undefined)
    platform.deactivateUser(carol)
    platform.inject({
      path: `/organizations/${org}/api_keys`,
      kind: 'transform',
      transform: (body) =>
        (body as Array<Record<string, unknown>>).map((k) => (k.id === unknown.id ? { ...k, created_by: null } : k)),
    })

    const result = await prune({ orgId: org, expectedCreators: 'members', dryRun: false })
    expect(log.info).toEqual([
      `Organization ${org}: from the \`org-id\` input.`,
      `Members of organization ${org}: 3, 1 of them with a deactivated account.`,
      `Pruning the keys of organization ${org}: 5 key(s) listed; selecting keys whose names say they have expired and keys made by someone who left the organization.`,
      `The step's key is a personal key: it is not among the keys of organization ${org}.`,
      `Kept API key ${busy.id} "ci-bob-busy" (organization): made by "Bob Gone", who left the organization; but used 3 min ago, within the last 10 min.`,
      `Revoked API key ${deactivated.id} "ci-carol": made by "Carol Off", whose account is deactivated.`,
      `Revoked API key ${left.id} "ci-bob": made by "Bob Gone", who left the organization.`,
    ])
    expect(log.warning).toEqual([
      `API key ${unknown.id} "ci-mystery": the platform's record names no creator the action can read (created_by). ` +
        'So the action cannot tell whether its maker is still a member. ' +
        'It does not flag the key as made by someone who left.',
    ])
    expect(result.failure).toBeUndefined()
    expect(result.outputs).toEqual({
      'prunable-key-ids': JSON.stringify([deactivated.id, left.id]),
      'revoked-key-ids': JSON.stringify([deactivated.id, left.id]),
      'unexpected-creator-key-ids': JSON.stringify([deactivated.id, left.id, busy.id]),
      'org-id': org,
    })
    expect(result.summary).toContain(
      row(
        left.id,
        'ci-bob',
        'organization',
        '2026-10-12 10:00 UTC',
        'Bob Gone',
        '2026-11-20 10:00 UTC',
        '198.51.100.23',
        'made by &#34;Bob Gone&#34;, who left the organization',
      ),
    )
    expect([present, left, deactivated, busy, unknown].map((k) => platform.isKeyValid(k.id))).toEqual([
      true,
      false,
      false,
      true,
      true,
    ])
  })

  it('never revokes a key whose creator is named by anything but a user id, and names it in a bounded warning', async () => {
    const odd: unknown[] = [
      { id: 'Bob Gone', name: 'Bob Gone' },
      'bob.gone@corp.example',
      { id: 'b'.repeat(100_000) },
      { id: '::error::forged' },
      { id: ` ${bob}`, name: 'Bob Gone' },
    ]
    const keys = odd.map((_, i) => made(`ci-odd-${i}`, bob, T0 - DAY))
    const left = made('ci-bob', bob, T0 - DAY)
    platform.setMembership(bob, org, undefined)
    const creators = new Map(odd.map((createdBy, i) => [keys[i]!.id, createdBy]))
    platform.inject({
      path: `/organizations/${org}/api_keys`,
      kind: 'transform',
      transform: (body) =>
        (body as Array<{ id: number }>).map((k) => (creators.has(k.id) ? { ...k, created_by: creators.get(k.id) } : k)),
    })
    const result = await prune({ orgId: org, expectedCreators: 'members', dryRun: false })
    expect(result.outputs['revoked-key-ids']).toBe(JSON.stringify([left.id]))
    expect(result.outputs['unexpected-creator-key-ids']).toBe(JSON.stringify([left.id]))
    expect(keys.map((k) => platform.isKeyValid(k.id))).toEqual(keys.map(() => true))
    expect(log.warning).toHaveLength(odd.length)
    for (const [i, warning] of log.warning.entries()) {
      expect(warning).toMatch(
        new RegExp(
          `^API key ${keys[i]!.id} "ci-odd-${i}": the platform's record names no creator the action can read \\(created_by: "`,
        ),
      )
      expect(warning.length).toBeLessThan(400)
    }
    expect(log.warning.join('\n')).not.toMatch(/corp\.example|^::/m)
  })

  it('a dry run only lists them; with key-name, only keys of that prefix', async () => {
    const left = made('ci-bob', bob)
    made('laptop-bob', bob)
    platform.setMembership(bob, org, undefined)
    const result = await prune({ orgId: org, expectedCreators: 'members', keyNamePrefix: 'ci-' })
    expect(result.outputs['prunable-key-ids']).toBe(JSON.stringify([left.id]))
    expect(result.outputs['unexpected-creator-key-ids']).toBe(JSON.stringify([left.id]))
    expect(result.outputs['revoked-key-ids']).toBe('[]')
    expect(deletes()).toEqual([])
  })

  it('an empty members list, or one that fails part way, fails the run before any key is listed or revoked', async () => {
    made('ci-bob', bob)
    platform.setMembership(bob, org, undefined)
    platform.inject({ path: `/organizations/${org}/members`, kind: 'transform', transform: () => ({ members: [] }) })
    await expect(prune({ orgId: org, expectedCreators: 'members', dryRun: false })).rejects.toThrow(
      `The platform listed no member of organization ${org}`,
    )
    platform.onRequest((entry) => {
      if (entry.path.endsWith('/members') && entry.query.cursor !== undefined)
        platform.inject({ path: entry.path, kind: 'status', status: 403 })
    })
    await expect(prune({ orgId: org, expectedCreators: 'members', dryRun: false })).rejects.toThrow(
      `Could not list the members of organization ${org}: the platform refused it (403 Forbidden)`,
    )
    expect(platform.requests.filter((r) => r.path.endsWith('/api_keys'))).toEqual([])
    expect(deletes()).toEqual([])
  })
})
