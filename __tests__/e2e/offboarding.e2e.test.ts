// Keys that outlive the people who made them (expected-creators) as a workflow runs them: list-keys warns of, or fails
// on, the organization's keys made by a member who left or by a deactivated account; prune-keys revokes them within its
// guards, never a present member's key or one whose creator cannot be read; a members' list that fails part way fails
// the step with nothing revoked; a bad input is refused before any request; and no member's e-mail address reaches
// anything the step writes. An empty or odd members' list, and prune-keys' verdicts, are tested in process
// (__tests__/commands/prune-keys.test.ts, list-keys.test.ts).
// End to end: each step is a child process, as a runner starts it (scripts/run-step.ts), on the committed bundle
// dist/index.js (E2E_ENTRY=source runs src/ instead), against the platform emulator; the weekly check of
// docs/offboarding.md is read from the Markdown and run as a runner runs a job (scripts/workflow.ts).
import { beforeEach, describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { PlatformEmulator } from '../../emulator/platform.ts'
import { ROOT, errorLines, runStep, type StepResult } from '../../scripts/run-step.ts'
import { recipeJob, runJob } from '../../scripts/workflow.ts'
import { platformPerTest } from '../support/platform-per-test.ts'

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

let platform: PlatformEmulator
let url: string
let admin: { id: number; key: string }
let org: string
let ann: string
let bob: string
let carol: string

platformPerTest((started) => ({ platform, url, admin } = started))

beforeEach(() => {
  org = platform.defaultOrgId
  ann = platform.addUser({ name: 'Ann Here', email: 'ann.here@corp.example', organizations: { [org]: 'editor' } })
  bob = platform.addUser({ name: 'Bob Gone', email: 'bob.gone@corp.example', organizations: { [org]: 'admin' } })
  carol = platform.addUser({ name: 'Carol Off', email: 'carol.off@corp.example', organizations: { [org]: 'admin' } })
})

const step = (inputs: Record<string, string>) => runStep({ 'api-key': admin.key, 'api-host': url, ...inputs })
const checked = (command: string, inputs: Record<string, string> = {}) =>
  step({ command, 'org-id': org, 'expected-creators': 'members', ...inputs })
const ids = (output: string | undefined) => JSON.parse(output ?? 'null') as number[]
const warnings = (result: StepResult) => result.stdout.split('\n').filter((l) => l.startsWith('::warning::'))
/** An organization key `by` made 40 days ago, last used a day ago (or `used` ms ago). */
const made = (name: string, by: string, used = DAY) =>
  platform.addOrgKey(org, name, { createdBy: by, createdAt: Date.now() - 40 * DAY, lastUsedAt: Date.now() - used })
const membersPages = () => platform.requests.filter((r) => r.path === `/organizations/${org}/members`)
const deletes = () => platform.requests.filter((r) => r.method === 'DELETE')
/** The next list of the organization's keys names no creator for key `id`. */
const noCreator = (id: number) =>
  platform.inject({
    path: `/organizations/${org}/api_keys`,
    kind: 'transform',
    times: 9,
    transform: (body) =>
      (body as Array<Record<string, unknown>>).map((k) => (k.id === id ? { ...k, created_by: 42 } : k)),
  })

describe('a key made by a member who left, and one by a deactivated account', () => {
  it('list-keys warns of each and names them in unexpected-creator-key-ids', async () => {
    const present = made('ci-ann', ann)
    const left = made('ci-bob', bob)
    const deactivated = made('ci-carol', carol)
    const unknown = made('ci-mystery', bob)
    const busy = made('ci-bob-nightly', bob, 3 * MINUTE)
    platform.setMembership(bob, org, undefined)
    platform.deactivateUser(carol)
    noCreator(unknown.id)

    const listed = await checked('list-keys')
    expect(listed.code).toBe(0)
    expect(errorLines(listed.stdout)).toEqual([])
    expect(warnings(listed)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^::warning::API key ${left.id} "ci-bob", created .* UTC, made by "Bob Gone", who left the organization: `,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `^::warning::API key ${deactivated.id} "ci-carol", created .*, made by "Carol Off", whose account is deactivated: `,
        ),
      ),
      expect.stringMatching(
        new RegExp(`^::warning::API key ${busy.id} "ci-bob-nightly", created .*, made by "Bob Gone", who left`),
      ),
      expect.stringMatching(
        new RegExp(
          `^::warning::API key ${unknown.id} "ci-mystery": the platform's record names no creator the action can read`,
        ),
      ),
    ])
    expect(ids(listed.outputs['unexpected-creator-key-ids'])).toEqual([left.id, deactivated.id, busy.id])
    const keys = JSON.parse(listed.outputs.keys!) as Array<{ id: number; created_by?: unknown }>
    expect(keys.find((k) => k.id === present.id)?.created_by).toEqual({ id: ann, name: 'Ann Here' })
    expect(listed.summary).toContain('<td>⚠ left: Bob Gone</td>')
  })

  it('fail-on-unexpected-creator: true fails the step naming each key, after setting its outputs', async () => {
    const left = made('ci-bob', bob)
    made('ci-ann', ann)
    platform.setMembership(bob, org, undefined)
    const result = await checked('list-keys', { 'fail-on-unexpected-creator': 'true' })
    expect(result.code).toBe(1)
    expect(errorLines(result.stdout)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^::error::1 API key\\(s\\) were made by someone who left the organization \\(\`expected-creators\`\\): API key ${left.id} "ci-bob", created [\\d: -]+ UTC, made by "Bob Gone", who left the organization\\.$`,
        ),
      ),
    ])
    expect(warnings(result)).toEqual([])
    expect(ids(result.outputs['unexpected-creator-key-ids'])).toEqual([left.id])
    expect(result.outputs['keys-file']).toBeDefined()
    expect(result.outputs['org-id']).toBe(org)
    expect(result.summary).toContain('move that to a key of a present member, then revoke it by its id')
  })
})

describe("a members' list that cannot be read whole fails the step, and nothing is revoked", () => {
  beforeEach(() => {
    made('ci-bob', bob)
    platform.setMembership(bob, org, undefined)
  })

  it('a page after the first that keeps failing: prune-keys with dry-run: false', async () => {
    platform.onRequest((entry) => {
      if (entry.path.endsWith('/members') && entry.query.cursor !== undefined)
        platform.inject({ path: entry.path, kind: 'status', status: 500 })
    })
    const result = await checked('prune-keys', { 'dry-run': 'false' })
    expect(result.code).toBe(1)
    expect(errorLines(result.stdout)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^::error::Could not list the members of organization ${org}: the platform answered 500 Internal Server Error.* after 5 attempts\\.`,
        ),
      ),
    ])
    expect(membersPages().map((r) => [r.query.cursor === undefined, r.status])).toEqual([
      [true, 200],
      ...Array.from({ length: 5 }, () => [false, 500]),
    ])
    expect(result.outputs['http-status']).toBe('500')
    expect(result.outputs).not.toHaveProperty('unexpected-creator-key-ids')
    expect(deletes()).toEqual([])
    expect(platform.keys().filter((k) => k.revoked)).toEqual([])
  })
})

// Which inputs are refused, and why: __tests__/inputs/keys.test.ts.
it('a bad input is refused by name, before any request', async () => {
  const result = await step({ command: 'list-keys', 'expected-creators': 'members' })
  expect(result.code).toBe(1)
  expect(errorLines(result.stdout)).toEqual([
    expect.stringMatching(/^::error::Input `expected-creators` is set, but `org-id` is empty/),
  ])
  expect(platform.requests).toEqual([])
})

describe("no member's e-mail address reaches anything the step writes", () => {
  it('in the log (debug lines too), the outputs, the summary, the saved state and the files under RUNNER_TEMP, however the step ends', async () => {
    const present = made('ci-ann', ann)
    const left = made('ci-bob', bob)
    const deactivated = made('ci-carol', carol)
    const mystery = made('ci-mystery', carol)
    platform.setMembership(bob, org, undefined)
    platform.deactivateUser(carol)
    noCreator(mystery.id)
    // A members' page cut off in transit is read again: its body is never quoted.
    platform.inject({ path: `/organizations/${org}/members`, kind: 'truncated' })
    const runs = [
      await checked('list-keys'),
      await checked('list-keys', { 'fail-on-unexpected-creator': 'true' }),
      await checked('prune-keys'),
      await checked('prune-keys', { 'dry-run': 'false' }),
    ]
    expect(runs.map((r) => r.code)).toEqual([0, 1, 0, 0])
    // The real sweep revoked the keys of who left, never a present member's or one whose creator it cannot read.
    expect(ids(runs[3]!.outputs['revoked-key-ids']).sort()).toEqual([left.id, deactivated.id].sort())
    expect([present, left, deactivated, mystery].map((k) => platform.isKeyValid(k.id))).toEqual([
      true,
      false,
      false,
      true,
    ])
    expect(membersPages()).not.toHaveLength(0)
    for (const run of runs) {
      expect(run.everything).toContain('Bob Gone')
      for (const address of [
        'ann.here@corp.example',
        'bob.gone@corp.example',
        'carol.off@corp.example',
        'emulator.user@example.com',
      ]) {
        expect(run.everything).not.toContain(address)
      }
      expect(run.everything).not.toMatch(/@corp\.example|@example\.com/)
    }
  })
})

describe("docs/offboarding.md's weekly check, as a workflow runs it", () => {
  const check = () =>
    runJob(recipeJob(readFileSync(join(ROOT, 'docs', 'offboarding.md'), 'utf8'), '## A weekly check'), {
      secrets: { NEON_ADMIN_API_KEY: admin.key },
      vars: { NEON_ORG_ID: org },
      inputs: { 'api-host': url },
    })

  it('fails naming the key a member who left made, then lists what a sweep would revoke, revoking nothing', async () => {
    const left = made('ci-bob', bob)
    made('ci-ann', ann)
    platform.setMembership(bob, org, undefined)
    const job = await check()
    expect(job.steps.map((s) => [s.id ?? s.title, s.outcome])).toEqual([
      ['check', 'failure'],
      ['What a sweep would revoke', 'success'],
    ])
    expect(ids(job.steps[0]!.outputs['unexpected-creator-key-ids'])).toEqual([left.id])
    expect(ids(job.steps[1]!.outputs['prunable-key-ids'])).toEqual([left.id])
    expect(job.steps[1]!.outputs['revoked-key-ids']).toBe('[]')
    expect(platform.isKeyValid(left.id)).toBe(true)
  })

  it('passes when every key was made by a present member, and the sweep does not run', async () => {
    made('ci-ann', ann)
    const job = await check()
    expect(job.steps.map((s) => [s.id ?? s.title, s.outcome])).toEqual([
      ['check', 'success'],
      ['What a sweep would revoke', 'skipped'],
    ])
    expect(job.conclusion).toBe('success')
  })
})
