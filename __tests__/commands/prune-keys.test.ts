// src/commands/prune-keys.ts: the log lines, the job summary and the outputs word for word, and which keys the platform
// still holds valid.
// In process, against the platform emulator over HTTP, with one manual clock for both.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { GitHubEmulator } from '../../emulator/github.ts'
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

describe('an account as a sweep finds it', () => {
  /** Clients made for a step key other than the admin's; closed after each test. */
  const clients: Array<{ close(): Promise<void> }> = []
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()))
  })
  /** The command's context, its requests made with `key`. */
  const withKey = (key: { key: string }): CommandContext => {
    const client = run.clientWith({ apiKey: key.key })
    clients.push(client)
    return { ...ctx, client }
  }
  const pruneAs = (key: { key: string }, options: Partial<PruneKeysSettings> = {}) =>
    runPruneKeys(withKey(key), { dryRun: true, maxRevoke: 50, ...options })
  const ids = (output: string | undefined) => JSON.parse(output ?? 'null') as number[]
  const valid = (...keys: Array<{ id: number }>) => keys.map((k) => platform.isKeyValid(k.id))
  const cannotTell =
    "Nothing was revoked: the step's key is one of the personal keys of the step's user, and none of them shows a use by this step (last_used_at), " +
    'so the action cannot tell which key is its own. ' +
    'The platform may record key use late, so run the step again in a few minutes.'

  /** The keys a sweep must find, and the ones it must leave. */
  function personalAccount() {
    return {
      // Selected:
      orphan: platform.addKey(withExpiry('job-7781-1-deploy', T0 - DAY), {
        createdAt: T0 - DAY - 6 * HOUR,
        lastUsedAt: T0 - DAY - 5 * HOUR,
      }),
      laptop: platform.addKey('old-laptop', { createdAt: T0 - 300 * DAY, lastUsedAt: T0 - 120 * DAY }),
      byHand: platform.addKey('test-by-hand', { createdAt: T0 - 90 * DAY }),
      // Left alone: used daily, not yet expired, or neither expired nor idle long enough.
      daily: platform.addKey('ci-deploy', { createdAt: T0 - 200 * DAY, lastUsedAt: T0 - 2 * HOUR }),
      running: platform.addKey(withExpiry('job-7790-1-build', T0 + 5 * HOUR), {
        createdAt: T0 - HOUR,
        lastUsedAt: T0 - 20 * MINUTE,
      }),
      recentIdle: platform.addKey('staging', { createdAt: T0 - 60 * DAY, lastUsedAt: T0 - 10 * DAY }),
      // Selected, but kept by the in-use guard: expired, yet used a moment ago; expired, yet just made.
      overtime: platform.addKey(withExpiry('job-7785-1-migrate', T0 - 5 * MINUTE), {
        createdAt: T0 - 6 * HOUR,
        lastUsedAt: T0 - 2 * MINUTE,
      }),
      justMade: platform.addKey(withExpiry('quick', T0 - MINUTE), { createdAt: T0 - 4 * MINUTE }),
    }
  }
  /** The step's key, expired and idle by its name and its last use before this step. */
  const ownExpired = () =>
    platform.addKey(withExpiry('sweeper-2025', T0 - 30 * DAY), { createdAt: T0 - 400 * DAY, lastUsedAt: T0 - 60 * DAY })

  it("with org-id: the organization's expired and idle keys, project-scoped ones with their project; personal keys untouched", async () => {
    const project = platform.addProject({ id: 'billing-api' }).id
    const personalExpired = platform.addKey(withExpiry('mine', T0 - DAY), { createdAt: T0 - 2 * DAY })
    const scoped = platform.addOrgKey(org, withExpiry('deploy-1200-1', T0 - 3 * DAY), {
      createdAt: T0 - 3 * DAY - HOUR,
      projectId: project,
    })
    const inventory = platform.addOrgKey(org, 'inventory-2025', {
      createdAt: T0 - 400 * DAY,
      lastUsedAt: T0 - 200 * DAY,
    })
    const live = platform.addOrgKey(org, 'inventory', { createdAt: T0 - 30 * DAY, lastUsedAt: T0 - HOUR })
    platform.addOrgKey(platform.addOrganization().id, withExpiry('elsewhere', T0 - DAY), { createdAt: T0 - 2 * DAY })

    const result = await prune({ orgId: org, unusedForMs: 90 * DAY })
    expect(ids(result.outputs['prunable-key-ids'])).toEqual([inventory.id, scoped.id])
    expect(result.outputs['org-id']).toBe(org)
    expect(platform.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /auth',
      `GET /organizations/${org}/api_keys`,
    ])
    expect(log.info).toContain(`The step's key is a personal key: it is not among the keys of organization ${org}.`)
    expect(log.info).toContain(
      `Would revoke API key ${scoped.id} "deploy-1200-1~exp-20261118T1000Z" (project billing-api): expired 2026-11-18 10:00 UTC (by its name).`,
    )
    expect(log.info).toContain(
      `Would revoke API key ${inventory.id} "inventory-2025" (organization): not used for 200 days.`,
    )
    const all = log.info.join('\n')
    expect(all).not.toContain(`API key ${live.id} `)
    expect(all).not.toContain(`API key ${personalExpired.id} `)
    expect(result.summary).toContain(`<td>deploy-1200-1~exp-20261118T1000Z</td><td>project billing-api</td>`)
    expect(result.summary).toContain(`<td>inventory-2025</td><td>organization</td>`)
  })

  it('a key-name prefix narrows what the selectors pick; without unused-for, only expired keys are selected', async () => {
    const a = personalAccount()
    const named = await prune({ unusedForMs: 30 * DAY, keyNamePrefix: 'job-' })
    expect(ids(named.outputs['prunable-key-ids'])).toEqual([a.orphan.id])
    const all = log.info.join('\n')
    expect(all).toContain('among keys whose names start with "job-"')
    expect(all).toContain(`Kept API key ${a.overtime.id} `)
    expect(all).not.toContain(`API key ${a.justMade.id} `)
    expect(ids((await prune()).outputs['prunable-key-ids'])).toEqual([a.orphan.id])
  })

  it("a real run revokes exactly what the dry run listed; never the step's own key, never a key in use", async () => {
    const a = personalAccount()
    const own = ownExpired()
    const dry = await pruneAs(own, { unusedForMs: 30 * DAY })
    expect(ids(dry.outputs['prunable-key-ids'])).toEqual([a.laptop.id, a.byHand.id, a.orphan.id])
    log.info.length = 0
    const result = await pruneAs(own, { unusedForMs: 30 * DAY, dryRun: false })
    expect(result.failure).toBeUndefined()
    expect(result.outputs['revoked-key-ids']).toBe(dry.outputs['prunable-key-ids'])
    expect(result.outputs['prunable-key-ids']).toBe(dry.outputs['prunable-key-ids'])
    expect(deletes()).toEqual([a.laptop.id, a.byHand.id, a.orphan.id].map((id) => `/api_keys/${id}`))
    expect(valid(a.laptop, a.byHand, a.orphan)).toEqual([false, false, false])
    expect(valid(own, admin, a.overtime, a.justMade, a.daily, a.running, a.recentIdle)).toEqual(
      Array.from({ length: 7 }, () => true),
    )
    expect(log.info).toContain(
      `Kept API key ${own.id} "sweeper-2025~exp-20261022T1000Z" (personal): expired 2026-10-22 10:00 UTC (by its name); but the step's own key.`,
    )
    expect(log.info).toContain(
      `Revoked API key ${a.orphan.id} "job-7781-1-deploy~exp-20261120T1000Z": expired 2026-11-20 10:00 UTC (by its name).`,
    )
    expect(log.info.join('\n')).not.toContain('Would revoke')
    expect(result.summary).toContain('<h3>API keys pruned (3 of 3)</h3>')
    expect(result.summary).toContain('Revoked 3 key(s).')
    expect(result.summary).toContain('kept: the step&#39;s own key')
  })

  it('an organization key sweeping its own organization finds itself among the keys and keeps itself', async () => {
    const sweeper = platform.addOrgKey(org, withExpiry('org-sweeper', T0 - DAY), {
      createdAt: T0 - 100 * DAY,
      lastUsedAt: T0 - 40 * DAY,
    })
    const stale = platform.addOrgKey(org, 'stale', { createdAt: T0 - 100 * DAY, lastUsedAt: T0 - 50 * DAY })
    const result = await pruneAs(sweeper, { orgId: org, unusedForMs: 30 * DAY, dryRun: false })
    expect(result.failure).toBeUndefined()
    expect(ids(result.outputs['revoked-key-ids'])).toEqual([stale.id])
    expect(valid(sweeper, stale)).toEqual([true, false])
    expect(log.info).toContain(
      `The step's own key is API key ${sweeper.id} (its last use is this step). It is never pruned.`,
    )
  })

  it("revokes nothing when it cannot tell which key is the step's own (the platform did not record this step's use); a dry run warns", async () => {
    const a = personalAccount()
    const own = ownExpired()
    platform.recordKeyUse(false)
    const result = await pruneAs(own, { unusedForMs: 30 * DAY, dryRun: false })
    expect(result.failure).toBe(cannotTell)
    expect(deletes()).toEqual([])
    expect(valid(own, a.laptop, a.byHand, a.orphan)).toEqual([true, true, true, true])
    // The keys in question are named, in the outputs and the summary, and the own key is among them.
    expect(ids(result.outputs['prunable-key-ids'])).toEqual([a.laptop.id, a.byHand.id, own.id, a.orphan.id])
    expect(ids(result.outputs['revoked-key-ids'])).toEqual([])
    expect(result.summary).toContain(`<td><code>${own.id}</code></td>`)

    log.info.length = 0
    const dry = await pruneAs(own, { unusedForMs: 30 * DAY })
    expect(dry.failure).toBeUndefined()
    expect(log.warning).toEqual([
      expect.stringMatching(/^A run with `dry-run: false` would revoke nothing: the step's key is one of/),
    ])
    expect(log.info.join('\n')).toContain("The step's key is among these keys, but none shows a use by this step")
  })

  it("revokes nothing when the step's own key's last use cannot be read (\"yesterday\"): no key shows this step's use", async () => {
    const a = personalAccount()
    const own = ownExpired()
    platform.inject({ path: '/api_keys', kind: 'rewrite', set: { last_used_at: 'yesterday' }, ids: [own.id] })
    const result = await pruneAs(own, { unusedForMs: 30 * DAY, dryRun: false })
    expect(result.failure).toBe(cannotTell)
    expect(deletes()).toEqual([])
    expect(valid(own, a.laptop, a.byHand, a.orphan)).toEqual([true, true, true, true])
    expect(ids(result.outputs['revoked-key-ids'])).toEqual([])
    expect(log.info.join('\n')).toContain("The step's key is among these keys, but none shows a use by this step")
    // The key whose time cannot be read is kept by the in-use guard too: an unreadable time is a use now.
    expect(log.info).toContain(
      `Kept API key ${own.id} "sweeper-2025~exp-20261022T1000Z" (personal): expired 2026-10-22 10:00 UTC (by its name); but its created_at or last_used_at is not a time the action can read.`,
    )
  })

  it("another key's unreadable last use is never taken for this step's: the step's own key, its use not recorded yet, is not revoked", async () => {
    const a = personalAccount()
    const own = ownExpired()
    platform.recordKeyUse(false)
    platform.inject({ path: '/api_keys', kind: 'rewrite', set: { last_used_at: 'yesterday' }, ids: [a.recentIdle.id] })
    const result = await pruneAs(own, { unusedForMs: 30 * DAY, dryRun: false })
    expect(result.failure).toBe(cannotTell)
    expect(deletes()).toEqual([])
    expect(valid(own, a.recentIdle, a.laptop, a.byHand, a.orphan)).toEqual([true, true, true, true, true])
    expect(ids(result.outputs['prunable-key-ids'])).toEqual([a.laptop.id, a.byHand.id, own.id, a.orphan.id])
  })

  it('a use whose address the platform gives, but not its time, is a use now: never "never used"', async () => {
    const a = personalAccount()
    // The description lets the list leave out last_used_at; last_used_from_addr still says the key was used.
    platform.inject({ path: '/api_keys', kind: 'rewrite', set: { last_used_at: null }, ids: [a.daily.id, a.orphan.id] })
    const result = await prune({ unusedForMs: 30 * DAY, dryRun: false })
    expect(result.failure).toBeUndefined()
    expect(ids(result.outputs['revoked-key-ids'])).toEqual([a.laptop.id, a.byHand.id])
    expect(valid(a.daily, a.orphan)).toEqual([true, true])
    expect(log.info).toContain(
      `Kept API key ${a.orphan.id} "job-7781-1-deploy~exp-20261120T1000Z" (personal): expired 2026-11-20 10:00 UTC (by its name); but the platform gave no time for its last use, only the address.`,
    )
    expect(log.info.join('\n')).not.toContain(`API key ${a.daily.id} `)
  })

  it('revokes none, and fails naming the count, when more than max-revoke are selected; exactly at the cap, it revokes them all', async () => {
    const a = personalAccount()
    const result = await prune({ unusedForMs: 30 * DAY, dryRun: false, maxRevoke: 2 })
    expect(result.failure).toBe(
      'Nothing was revoked: 3 keys are selected, more than `max-revoke` (2). ' +
        'Check the selectors against the list in the job summary. ' +
        'If every key there should go, set `max-revoke` to 3 or more for one run.',
    )
    expect(deletes()).toEqual([])
    expect(valid(a.laptop, a.byHand, a.orphan)).toEqual([true, true, true])
    expect(ids(result.outputs['prunable-key-ids'])).toEqual([a.laptop.id, a.byHand.id, a.orphan.id])
    expect(result.summary).toContain(`<td><code>${a.orphan.id}</code></td>`)

    const atCap = await prune({ unusedForMs: 30 * DAY, dryRun: false, maxRevoke: 3 })
    expect(atCap.failure).toBeUndefined()
    expect(valid(a.laptop, a.byHand, a.orphan)).toEqual([false, false, false])
  })

  it('a key revoked by someone else meanwhile counts as gone; another failure stops, naming what was revoked', async () => {
    const a = personalAccount()
    platform.inject({ method: 'DELETE', path: `/api_keys/${a.laptop.id}`, kind: 'status', status: 404 })
    platform.inject({ method: 'DELETE', path: `/api_keys/${a.orphan.id}`, kind: 'status', status: 403 })
    const result = await prune({ unusedForMs: 30 * DAY, dryRun: false })
    expect(log.info).toContain(`API key ${a.laptop.id} was already revoked.`)
    expect(ids(result.outputs['revoked-key-ids'])).toEqual([a.byHand.id])
    expect(result.failure).toMatch(
      new RegExp(`^Could not revoke API key ${a.orphan.id}: .*403.* Revoked before it: ${a.byHand.id}\\.$`),
    )
  })

  it('a key whose name, created_at, last_used_at and address are 100 kB each: kept, and every line and cell short', async () => {
    const longestRun = (text: string, letter: string) =>
      Math.max(0, ...(text.match(new RegExp(`${letter}+`, 'g')) ?? []).map((r) => r.length))
    const odd = platform.addKey('odd', {
      createdAt: T0 - 300 * DAY,
      lastUsedAt: T0 - 200 * DAY,
      lastUsedFrom: '203.0.113.7',
    })
    const huge = {
      name: 'N'.repeat(100_000),
      created_at: 'Q'.repeat(100_000),
      last_used_at: 'U'.repeat(100_000),
      last_used_from_addr: 'W'.repeat(100_000),
    }
    platform.inject({ path: '/api_keys', kind: 'rewrite', set: huge, ids: [odd.id] })
    const result = await prune({
      keyNamePrefix: 'NNN',
      unusedForMs: 30 * DAY,
      expectedNetworks: { blocks: ['10.0.0.0/8'] },
      dryRun: false,
    })
    expect(result.failure).toBeUndefined()
    expect(ids(result.outputs['unexpected-use-key-ids'])).toEqual([odd.id])
    expect(ids(result.outputs['revoked-key-ids'])).toEqual([])
    expect(valid(odd)).toEqual([true])
    expect(log.info).toContain(
      `Kept API key ${odd.id} "${'N'.repeat(80)}…" (personal): last used from an unexpected network (${'W'.repeat(64)}…); but its created_at or last_used_at is not a time the action can read.`,
    )
    const lines = [...log.info, ...log.warning, ...log.debug]
    for (const letter of ['N', 'Q', 'U', 'W']) {
      expect([letter, longestRun(lines.join('\n'), letter) <= 200, longestRun(result.summary, letter) <= 200]).toEqual([
        letter,
        true,
        true,
      ])
    }
    for (const line of lines) expect(line.length).toBeLessThan(2000)
    expect(result.summary.length).toBeLessThan(20_000)
  })
})

describe("with expected-networks and github-actions: an odd answer of GitHub's meta API never turns a guard off", () => {
  let github: GitHubEmulator

  beforeEach(async () => {
    github = new GitHubEmulator({ now: clock.now })
    await github.start()
  })

  afterEach(() => github.stop())

  const ids = (output: string | undefined) => (JSON.parse(output ?? 'null') as number[]).sort()
  const ciKey = (name: string, from: string) =>
    platform.addKey(name, { createdAt: T0 - 30 * DAY, lastUsedAt: T0 - 2 * HOUR, lastUsedFrom: from })
  const pruneCi = (options: Partial<PruneKeysSettings> = {}) =>
    prune({
      keyNamePrefix: 'ci-',
      expectedNetworks: { blocks: ['10.0.0.0/8'], github: { apiUrl: github.url } },
      dryRun: false,
      ...options,
    })
  /** A runner's key, one used from the office network, one used from elsewhere: what a real run would judge. */
  const account = () => ({
    runner: ciKey('ci-deploy', '198.51.100.23'),
    office: ciKey('ci-migrate', '10.1.2.3'),
    leaked: ciKey('ci-leaked', '203.0.113.7'),
  })
  const keyListings = () => platform.requests.filter((r) => r.path.endsWith('/api_keys'))

  it.each<[string, unknown[]]>([
    ['an empty list', []],
    ['only entries that are no range', [7, {}, null, ['198.51.100.0/24'], '10.0.0.0/33', 'runners.example', '']],
    ['only blocks wider than any network', ['0.0.0.0/0', '1.0.0.0/7', '::/0', '2001::/15']],
  ])(
    'no runner range it can read (%s): the run fails as on GitHub Enterprise Server, and nothing is revoked',
    async (_, actions) => {
      const keys = account()
      github.answerMeta('github', { actions, actions_macos: [] })
      const none =
        actions.length === 0
          ? 'an empty list'
          : `${actions.length} entries, none an address or a CIDR block no wider than a network`
      await expect(pruneCi()).rejects.toThrow(
        "GitHub's meta API lists no range of GitHub-hosted runners the action can read " +
          `(\`actions\` and \`actions_macos\` hold ${none}). This happens on GitHub Enterprise Server, whose runners are all self-hosted. ` +
          'There, name their networks in `expected-networks` instead of `github-actions`. The step stopped before listing any key.',
      )
      expect(keyListings()).toEqual([])
      expect(deletes()).toEqual([])
      expect(Object.values(keys).map((k) => platform.isKeyValid(k.id))).toEqual([true, true, true])
    },
  )

  it('some ranges it cannot read: a warning counts them, and no key is revoked for its address alone', async () => {
    const keys = account()
    const expired = platform.addKey(withExpiry('ci-job-7', T0 - DAY), {
      createdAt: T0 - 2 * DAY,
      lastUsedAt: T0 - DAY - HOUR,
      lastUsedFrom: '203.0.113.9',
    })
    github.answerMeta('github', {
      actions: ['198.51.100.0/24', '2001:db8:a11::/48 ', { cidr: '203.0.113.0/24' }],
      actions_macos: [],
    })
    const result = await pruneCi()
    expect(result.failure).toBeUndefined()
    expect(log.warning).toEqual([
      "GitHub's meta API lists 2 range(s) of GitHub-hosted runners that are no address or CIDR block, " +
        'or a block wider than any network (the first: "2001:db8:a11::/48 "). They are left out. ' +
        'So a key last used from one of them counts as used from an unexpected network.',
    ])
    // Expired by its name, it goes whatever the networks say; used from elsewhere only, it is kept.
    expect(ids(result.outputs['revoked-key-ids'])).toEqual([expired.id])
    expect(ids(result.outputs['unexpected-use-key-ids'])).toEqual([keys.leaked.id, expired.id].sort())
    expect([keys.runner, keys.office, keys.leaked, expired].map((k) => platform.isKeyValid(k.id))).toEqual([
      true,
      true,
      true,
      false,
    ])
    expect(log.info).toContain(
      `Kept API key ${keys.leaked.id} "ci-leaked" (personal): last used from an unexpected network (203.0.113.7); ` +
        "but GitHub's meta API lists 2 runner range(s) the action cannot read, and this address may be in one.",
    )
  })

  it('an answer over 4 MiB is refused unread, at once, whatever it holds: the run fails saying so, before any key is listed', async () => {
    account()
    // About 5.5 MB: 300,000 ranges, as a proxy or a broken server might send.
    github.answerMeta('github', {
      actions: Array.from({ length: 300_000 }, (_, i) => `198.${(i >> 16) & 255}.${(i >> 8) & 255}.0/24`),
    })
    await expect(pruneCi()).rejects.toThrow(
      "GitHub's meta API (GET /meta) answered more than 4 MiB, but GitHub's answer is a few hundred kB. The answer was not read. " +
        "Check that GITHUB_API_URL leads to GitHub's API, or name their networks in `expected-networks` instead of `github-actions`.",
    )
    expect(github.requests).toHaveLength(1)
    expect(keyListings()).toEqual([])
  })

  it('more ranges than the action reads (50,000), within 4 MiB: the run fails saying so, before any key is listed', async () => {
    account()
    github.answerMeta('github', { actions: new Array(50_001).fill('198.51.100.0/24') })
    await expect(pruneCi()).rejects.toThrow(
      "GitHub's meta API lists 50001 ranges of GitHub-hosted runners, more than the 50000 the action reads (GitHub lists several thousand). " +
        "They were not read. Check that GITHUB_API_URL leads to GitHub's API, or name their networks in `expected-networks` instead of `github-actions`.",
    )
    expect(keyListings()).toEqual([])
  })

  it('revokes no key only for an address it cannot read; another rule still selects it', async () => {
    const unknown = ciKey('ci-unknown', 'unknown')
    const empty = ciKey('ci-empty', '')
    const expired = platform.addKey(withExpiry('ci-job-8', T0 - DAY), {
      createdAt: T0 - 2 * DAY,
      lastUsedAt: T0 - DAY - HOUR,
      lastUsedFrom: '',
    })
    const leaked = ciKey('ci-leaked', '203.0.113.7')
    const result = await pruneCi({ expectedNetworks: { blocks: ['10.0.0.0/8'] } })
    expect(result.failure).toBeUndefined()
    expect(ids(result.outputs['revoked-key-ids'])).toEqual([expired.id, leaked.id].sort())
    expect(ids(result.outputs['unexpected-use-key-ids'])).toEqual([unknown.id, empty.id, expired.id, leaked.id].sort())
    expect([unknown, empty, expired, leaked].map((k) => platform.isKeyValid(k.id))).toEqual([true, true, false, false])
    expect(log.info).toContain(
      `Kept API key ${unknown.id} "ci-unknown" (personal): last used from an unexpected network (unknown); ` +
        'but the address of its last use is no IP address the action can read.',
    )
    expect(log.info).toContain(
      `Kept API key ${empty.id} "ci-empty" (personal): last used from an unexpected network (no address recorded); ` +
        'but the platform recorded no address for its last use.',
    )
  })
})

describe("with expected-creators: odd answers of the members' list judge no key by mistake", () => {
  let ann: string
  let bob: string
  let carol: string

  beforeEach(() => {
    ann = platform.addUser({ name: 'Ann Here', email: 'ann.here@corp.example', organizations: { [org]: 'editor' } })
    bob = platform.addUser({ name: 'Bob Gone', email: 'bob.gone@corp.example', organizations: { [org]: 'admin' } })
    carol = platform.addUser({ name: 'Carol Off', email: 'carol.off@corp.example', organizations: { [org]: 'admin' } })
  })

  type MembersPage = { members: Array<{ member: Record<string, unknown>; user: Record<string, unknown> }> }
  /** The next answers of the members' list, changed by `change`. */
  const members = (change: (page: MembersPage) => unknown, times = 9) =>
    platform.inject({
      path: `/organizations/${org}/members`,
      kind: 'transform',
      times,
      transform: (body) => change(body as MembersPage),
    })
  const annAs = (page: MembersPage, copies: (entry: MembersPage['members'][number]) => unknown[]) => ({
    ...page,
    members: page.members.flatMap((entry) => (entry.member.user_id === ann ? copies(entry) : [entry])),
  })
  const made = (name: string, by: string) =>
    platform.addOrgKey(org, name, { createdBy: by, createdAt: T0 - 40 * DAY, lastUsedAt: T0 - DAY })
  const checked = () => prune({ orgId: org, expectedCreators: 'members', dryRun: false })
  const membersPages = () => platform.requests.filter((r) => r.path === `/organizations/${org}/members`)

  it.each(['null', '', 'none'])('a deactivated_at of %j is no time: the member counts as present', async (value) => {
    const present = made('ci-ann', ann)
    members((page) => annAs(page, (entry) => [{ ...entry, user: { ...entry.user, deactivated_at: value } }]))
    const result = await checked()
    expect(result.failure).toBeUndefined()
    expect(result.outputs['unexpected-creator-key-ids']).toBe('[]')
    expect(platform.isKeyValid(present.id)).toBe(true)
  })

  it('a member listed twice, deactivated only in the first copy, counts as present', async () => {
    const present = made('ci-ann', ann)
    const deactivated = { deactivated_at: '2026-10-01T00:00:00Z' }
    members((page) => annAs(page, (entry) => [{ ...entry, user: { ...entry.user, ...deactivated } }, entry]))
    const result = await checked()
    expect(result.failure).toBeUndefined()
    expect(result.outputs['unexpected-creator-key-ids']).toBe('[]')
    expect(platform.isKeyValid(present.id)).toBe(true)
  })

  it('members of another organization: the run fails, and nothing is revoked', async () => {
    const present = made('ci-ann', ann)
    const other = platform.addOrganization().id
    // The answer is the list of another organization, where Ann is no member.
    members((page) => ({
      ...page,
      members: page.members
        .filter((entry) => entry.member.user_id !== ann)
        .map((entry) => ({ ...entry, member: { ...entry.member, org_id: other } })),
    }))
    await expect(checked()).rejects.toThrow(
      `The platform answered the member list of organization ${org} with a member of organization ${other}. ` +
        "The step judges no key by another organization's members, and fails. " +
        'Check the `api-host` input, or report this to the platform.',
    )
    expect(deletes()).toEqual([])
    expect(platform.isKeyValid(present.id)).toBe(true)
  })

  it('a full page with no cursor to the next: the run fails, and nothing is revoked', async () => {
    const users = [ann, bob, carol]
    for (let i = 0; i < 500; i++) users.push(platform.addUser({ organizations: { [org]: 'viewer' } }))
    let later: { id: number } | undefined
    members((page) => {
      // A present member on the page the platform never points to made a key.
      const listed = new Set(page.members.map((entry) => entry.member.user_id))
      later = made(
        'ci-later',
        users.find((user) => !listed.has(user))!,
      )
      return { ...page, pagination: { next: '' } }
    }, 1)
    await expect(checked()).rejects.toThrow(
      new RegExp(
        `^The member list of organization ${org} may be incomplete: page 1 held as many members as asked ` +
          'for, but no cursor to the next page\\. ',
      ),
    )
    expect(membersPages().map((r) => r.query.limit)).toEqual(['500'])
    expect(deletes()).toEqual([])
    expect(platform.isKeyValid(later!.id)).toBe(true)
  })

  it('a page after the first that keeps failing: tried 5 times, then the run fails, and nothing is revoked', async () => {
    made('ci-bob', bob)
    platform.setMembership(bob, org, undefined)
    platform.onRequest((entry) => {
      if (entry.path.endsWith('/members') && entry.query.cursor !== undefined)
        platform.inject({ path: entry.path, kind: 'status', status: 500 })
    })
    await expect(checked()).rejects.toThrow(
      new RegExp(
        `^Could not list the members of organization ${org}: the platform answered 500 Internal Server Error.* after 5 attempts\\.`,
      ),
    )
    expect(membersPages().map((r) => [r.query.cursor === undefined, r.status])).toEqual([
      [true, 200],
      ...Array.from({ length: 5 }, () => [false, 500]),
    ])
    expect(deletes()).toEqual([])
  })

  it('an empty list is not "everyone left": the run fails saying what to do, and nothing is revoked', async () => {
    made('ci-bob', bob)
    platform.setMembership(bob, org, undefined)
    members(() => ({ members: [] }))
    await expect(checked()).rejects.toThrow(
      `The platform listed no member of organization ${org}, and an organization has at least one admin. ` +
        'The action does not take an empty list to mean that everyone left. ' +
        'It judges no key by it, and the step fails. ' +
        'Run it again. If the list is still empty, report it to the platform.',
    )
    expect(deletes()).toEqual([])
  })

  it('a creator the action cannot read is never revoked, and no e-mail address or whole long id is written', async () => {
    const creators: unknown[] = [
      { id: 'Bob Gone', name: 'Bob Gone' },
      'bob.gone@corp.example',
      { id: 'b'.repeat(100_000) },
      { id: '::error::forged' },
      { id: ` ${bob}`, name: 'Bob Gone' },
    ]
    const odd = creators.map((_, i) => made(`ci-odd-${i}`, bob))
    const left = made('ci-bob', bob)
    platform.setMembership(bob, org, undefined)
    const byId = new Map<number, unknown>(creators.map((createdBy, i) => [odd[i]!.id, createdBy]))
    byId.set(left.id, { id: bob, name: 'Bob Gone <bob.gone@corp.example>' })
    platform.inject({
      path: `/organizations/${org}/api_keys`,
      kind: 'transform',
      transform: (body) =>
        (body as Array<{ id: number }>).map((k) => (byId.has(k.id) ? { ...k, created_by: byId.get(k.id) } : k)),
    })
    const result = await checked()
    expect(result.failure).toBeUndefined()
    expect(result.outputs['revoked-key-ids']).toBe(JSON.stringify([left.id]))
    expect(odd.map((k) => platform.isKeyValid(k.id))).toEqual(odd.map(() => true))
    expect(log.warning).toHaveLength(creators.length)
    const written = [...log.info, ...log.warning, ...log.debug, result.summary, JSON.stringify(result.outputs)].join(
      '\n',
    )
    expect(written).toContain('(not shown: it may hold an e-mail address)')
    expect(written).not.toMatch(/corp\.example/)
    expect(written).not.toContain('b'.repeat(1000))
  })
})
