import { describe, expect, it } from '@jest/globals'
import { InputError } from '../../src/base/errors.ts'
import { DEFAULT_MAX_OPERATIONS, readListOperationsSettings } from '../../src/inputs/operations.ts'
import { readSettings } from '../../src/settings.ts'
import { actionYaml } from '../../scripts/run-step.ts'

/**
 * list-operations' inputs, each read and checked before any request: which projects, since
 * when, how many, which statuses and actions, and what fails the step. A value that cannot be
 * read is refused, naming the input.
 */
const select = (inputs: Record<string, string>) => readListOperationsSettings((name) => inputs[name] ?? '')
const refusal = (inputs: Record<string, string>): string => {
  try {
    select(inputs)
  } catch (error) {
    expect(error).toBeInstanceOf(InputError)
    return (error as Error).message
  }
  throw new Error(`accepted ${JSON.stringify(inputs)}`)
}
const ONE = { 'project-id': 'quiet-river-12345678' }

describe('which projects', () => {
  it('one project, with or without a branch', () => {
    expect(select(ONE)).toEqual({
      projects: { kind: 'one', projectId: 'quiet-river-12345678' },
      maxOperations: DEFAULT_MAX_OPERATIONS,
    })
    expect(select({ ...ONE, 'branch-id': 'br-wispy-meadow-a5kd0r2p' }).projects).toEqual({
      kind: 'one',
      projectId: 'quiet-river-12345678',
      branchId: 'br-wispy-meadow-a5kd0r2p',
    })
  })

  it('a list: a JSON array as list-projects gives it, or one id a line; each once, in order; [] is none', () => {
    const list = (raw: string) => select({ 'project-ids': raw }).projects
    expect(list('["p-2","p-1","p-2"]')).toEqual({ kind: 'list', projectIds: ['p-2', 'p-1'] })
    expect(list('p-1\n\n  p-2  \n# staging\n- p-3\n')).toEqual({ kind: 'list', projectIds: ['p-1', 'p-2', 'p-3'] })
    expect(list('[]')).toEqual({ kind: 'list', projectIds: [] })
  })

  it('`all`, in any case: every project of `org-id`, or of the key', () => {
    expect(select({ 'project-ids': 'all' }).projects).toEqual({ kind: 'all' })
    expect(select({ 'project-ids': ' ALL ', 'org-id': 'org-quiet-1' }).projects).toEqual({
      kind: 'all',
      orgId: 'org-quiet-1',
    })
  })

  it.each<[string, Record<string, string>, RegExp]>([
    [
      'neither',
      {},
      /^list-operations needs `project-id` \(one project\) or `project-ids`, and neither was given\. .* A mistyped expression gives an empty value too/,
    ],
    [
      'both',
      { ...ONE, 'project-ids': 'all' },
      /^Inputs `project-id` and `project-ids` were both given to list-operations\. Give one/,
    ],
    [
      'an id that is not one',
      { 'project-ids': '["p-1","P 2"]' },
      /^Input `project-ids` holds "P 2", which is not a project id/,
    ],
    [
      'ids separated by commas',
      { 'project-ids': 'p-1,p-2' },
      /^Input `project-ids` holds "p-1,p-2", which is not a project id/,
    ],
    [
      'a JSON array of numbers',
      { 'project-ids': '[1]' },
      /^Input `project-ids`: item 1 of the JSON array is not a string/,
    ],
    [
      'a branch with a list',
      { 'project-ids': 'all', 'branch-id': 'br-1' },
      /^Input `branch-id` applies to one project: set `project-id`/,
    ],
    [
      'a branch id that is not one',
      { ...ONE, 'branch-id': 'br 1' },
      /^Input `branch-id` is "br 1": it must be 1 to 60 lower-case letters/,
    ],
    [
      'org-id with one project',
      { ...ONE, 'org-id': 'org-1' },
      /^Input `org-id` chooses the organization of `project-ids: all`\. With `project-id` or a list/,
    ],
    [
      'org-id with a list',
      { 'project-ids': 'p-1', 'org-id': 'org-1' },
      /^Input `org-id` chooses the organization of `project-ids: all`/,
    ],
    ['a project id that is not one', { 'project-id': 'Quiet River' }, /^Input `project-id` is "Quiet River"/],
  ])('refuses %s', (_, inputs, message) => {
    expect(refusal(inputs)).toMatch(message)
  })
})

describe('since', () => {
  const since = (text: string) => select({ ...ONE, since: text }).since

  it('a span back from now, in the units of unused-for', () => {
    expect(since('30m')).toEqual({ kind: 'ago', ms: 30 * 60_000, text: '30m' })
    expect(since('24h')).toEqual({ kind: 'ago', ms: 86_400_000, text: '24h' })
    expect(since('7d')).toEqual({ kind: 'ago', ms: 7 * 86_400_000, text: '7d' })
    expect(since('2w')).toEqual({ kind: 'ago', ms: 14 * 86_400_000, text: '2w' })
    expect(since('1m')?.ms).toBe(60_000)
    expect(since('3650d')?.ms).toBe(3650 * 86_400_000)
  })

  it('an ISO 8601 time with its zone, or a date alone at its midnight UTC', () => {
    expect(since('2026-11-20T06:00:00Z')).toEqual({
      kind: 'at',
      ms: Date.parse('2026-11-20T06:00:00Z'),
      text: '2026-11-20T06:00:00Z',
    })
    expect(since('2026-11-20T06:00Z')?.ms).toBe(Date.parse('2026-11-20T06:00:00Z'))
    expect(since('2026-11-20T06:00:00.250Z')?.ms).toBe(Date.parse('2026-11-20T06:00:00.250Z'))
    expect(since('2026-11-20T08:00:00+02:00')?.ms).toBe(Date.parse('2026-11-20T06:00:00Z'))
    expect(since('2026-11-20')).toEqual({ kind: 'at', ms: Date.parse('2026-11-20T00:00:00Z'), text: '2026-11-20' })
  })

  it('the 29th of February of a leap year, year 0 included (a leap year, which Date.UTC would take for 1900)', () => {
    expect(since('0000-02-29')).toEqual({ kind: 'at', ms: Date.parse('0000-02-29T00:00:00Z'), text: '0000-02-29' })
    expect(since('2024-02-29T06:00:00Z')?.ms).toBe(Date.parse('2024-02-29T06:00:00Z'))
    expect(refusal({ ...ONE, since: '2025-02-29' })).toMatch(/^Input `since` is "2025-02-29": it must be/)
    expect(refusal({ ...ONE, since: '1900-02-29' })).toMatch(/^Input `since` is "1900-02-29": it must be/)
  })

  it('empty: from the newest', () => {
    expect(since('')).toBeUndefined()
    expect(since('  ')).toBeUndefined()
  })

  it.each([
    'yesterday',
    '24',
    '24 h',
    '0m',
    '3651d',
    '1.5h',
    '-1d',
    '2026-13-01',
    '2026-02-30',
    '2026-11-20T25:00:00Z',
    '20261120',
  ])('refuses %j, naming the input and both forms', (text) => {
    expect(refusal({ ...ONE, since: text })).toBe(
      `Input \`since\` is "${text}": it must be a span back from now, a whole number and a unit (m, h, d or w, from 1m to 3650d, ` +
        'e.g. 24h or 7d), or an ISO 8601 time in UTC (e.g. 2026-11-20T06:00:00Z, or 2026-11-20 for its midnight).',
    )
  })

  it('refuses a time without a zone, showing it with Z', () => {
    expect(refusal({ ...ONE, since: '2026-11-20T06:00' })).toBe(
      'Input `since` is "2026-11-20T06:00", a time without a zone: end it with Z for UTC (e.g. 2026-11-20T06:00:00Z).',
    )
  })
})

describe('max-operations', () => {
  const max = (raw: string) => select({ ...ONE, 'max-operations': raw }).maxOperations

  it('1000 by default, 1 to 100000', () => {
    expect(max('')).toBe(1000)
    expect([max('1'), max('100000'), max(' 250 ')]).toEqual([1, 100_000, 250])
  })

  it.each(['0', '100001', '1.5', '1e3', 'ten', '-5', '01'])('refuses %j', (raw) => {
    expect(refusal({ ...ONE, 'max-operations': raw })).toBe(
      `Input \`max-operations\` is "${raw}": it must be a whole number from 1 to 100000, the most operations listed of each project, the newest (default 1000).`,
    )
  })
})

describe('operation-statuses, fail-on-status and operation-actions', () => {
  it('statuses: any of the 8, in any case, separated by commas, spaces or new lines, or a JSON array; each once', () => {
    expect(select({ ...ONE, 'operation-statuses': 'failed, Error\ncancelled failed' }).statuses).toEqual([
      'failed',
      'error',
      'cancelled',
    ])
    expect(select({ ...ONE, 'fail-on-status': '["failed","error"]' }).failOnStatus).toEqual(['failed', 'error'])
    const all = 'scheduling,running,cancelling,finished,skipped,failed,error,cancelled'
    expect(select({ ...ONE, 'operation-statuses': all }).statuses).toEqual(all.split(','))
  })

  it('refuses a health check that can never fail: operation-statuses that leave out every status of fail-on-status', () => {
    expect(refusal({ ...ONE, 'operation-statuses': 'finished', 'fail-on-status': 'failed' })).toBe(
      'Inputs `operation-statuses` (finished) and `fail-on-status` (failed) share no status. Only operations with a status of ' +
        '`operation-statuses` are listed, so the step could never fail on `fail-on-status`. ' +
        'Add the statuses of `fail-on-status` to `operation-statuses`, or remove `operation-statuses`.',
    )
    // One status in common is a check that can fail.
    expect(
      select({ ...ONE, 'operation-statuses': 'failed,finished', 'fail-on-status': 'failed,error' }).failOnStatus,
    ).toEqual(['failed', 'error'])
  })

  it('actions are open: any word of letters, digits and _ . -', () => {
    expect(select({ ...ONE, 'operation-actions': 'start_compute, apply_config\ntenant.attach-v2' }).actions).toEqual([
      'start_compute',
      'apply_config',
      'tenant.attach-v2',
    ])
  })

  it.each<[string, string, string]>([
    [
      'operation-statuses',
      'failed,paused',
      'Input `operation-statuses` holds "paused", which is not an operation status: use scheduling, running, cancelling, finished, skipped, failed, error, cancelled.',
    ],
    [
      'fail-on-status',
      'failure',
      'Input `fail-on-status` holds "failure", which is not an operation status: use scheduling, running, cancelling, finished, skipped, failed, error, cancelled.',
    ],
    ['fail-on-status', '[]', 'Input `fail-on-status` is an empty list: name at least one, or leave it out.'],
    ['operation-statuses', '[1]', 'Input `operation-statuses`: item 1 of the JSON array is not a word.'],
    [
      'operation-statuses',
      '["failed"',
      'Input `operation-statuses` starts with "[" but is not valid JSON: pass a JSON array of strings, or words separated by commas.',
    ],
    [
      'operation-actions',
      'start_compute;rm',
      'Input `operation-actions` holds "start_compute;rm", which is not an action: letters, digits and _ . - (e.g. start_compute, apply_config).',
    ],
    ['operation-actions', ',', 'Input `operation-actions` is an empty list: name at least one, or leave it out.'],
  ])('refuses %s: %j', (input, raw, message) => {
    expect(refusal({ ...ONE, [input]: raw })).toBe(message)
  })
})

describe('through the step settings', () => {
  const defaults = Object.fromEntries(
    Object.entries(actionYaml.inputs).flatMap(([name, spec]) => (spec.default ? [[name, spec.default]] : [])),
  )
  const settings = (inputs: Record<string, string>) => {
    const values: Record<string, string> = { ...defaults, 'api-key': 'napi_x', command: 'list-operations', ...inputs }
    const warnings: string[] = []
    try {
      return {
        settings: readSettings(
          (name) => values[name] ?? '',
          () => undefined,
          {},
          (w) => warnings.push(w),
        ),
        warnings,
      }
    } catch (error) {
      return { error: (error as Error).message, warnings }
    }
  }

  it('reads every input of the command, with action.yml defaults', () => {
    const { settings: read, warnings } = settings({
      'project-ids': 'all',
      'org-id': 'org-1',
      since: '24h',
      'operation-statuses': 'failed',
      'operation-actions': 'start_compute',
      'fail-on-status': 'failed',
    })
    expect(warnings).toEqual([])
    expect(read).toMatchObject({
      command: 'list-operations',
      projects: { kind: 'all', orgId: 'org-1' },
      since: { kind: 'ago', ms: 86_400_000 },
      maxOperations: 1000,
      statuses: ['failed'],
      actions: ['start_compute'],
      failOnStatus: ['failed'],
    })
  })

  it('refuses operation-ids and poll-interval, which would make it look like a gate', () => {
    expect(settings({ ...ONE, 'operation-ids': 'pending' }).error).toBe(
      'Input `operation-ids` was given to list-operations, which does not take it: list-operations lists operations by project, ' +
        '`since`, status and action, and never waits. To wait for operations, use wait-for-operations.',
    )
    expect(settings({ ...ONE, 'poll-interval': '10' }).error).toMatch(
      /^Input `poll-interval` was given to list-operations, which does not take it: /,
    )
  })

  it('its own inputs on another command are one warning each', () => {
    const values = { ...defaults, 'api-key': 'napi_x', command: 'list-projects', since: '24h', 'max-operations': '5' }
    const warnings: string[] = []
    readSettings(
      (name) => values[name as keyof typeof values] ?? '',
      () => undefined,
      {},
      (w) => warnings.push(w),
    )
    expect(warnings).toEqual([
      'Input `since` is set, but list-projects does not read it: it has no effect on this step.',
      'Input `max-operations` is set, but list-projects does not read it: it has no effect on this step.',
    ])
  })
})
