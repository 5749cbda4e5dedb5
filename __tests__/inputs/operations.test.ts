// src/inputs/operations.ts: `operation-ids` in each of its forms, and what wait-for-operations waits for.
// Unit tests, in this process.
import { describe, expect, it } from '@jest/globals'
import { MAX_OPERATION_IDS, parseOperationIds } from '../../src/inputs/operations.ts'
import { errorOf, settings } from '../support/settings.ts'

const OP1 = '0b6f5a3e-1f2d-4c1a-9e3b-5d6c7e8f9a01'
const OP2 = '1c7a6b4f-2e3d-4d2b-8f4c-6e7d8f9a0b12'

describe('operation-ids', () => {
  it('reads ids separated by commas, spaces and new lines, without duplicates', () => {
    expect(parseOperationIds(`${OP1}, ${OP2}\n${OP1.toUpperCase()}`)).toEqual([OP1, OP2])
  })

  it('reads a JSON array of ids', () => {
    expect(parseOperationIds(JSON.stringify([OP1, OP2]))).toEqual([OP1, OP2])
  })

  it('reads a JSON array of operation records, as a mutating response carries them', () => {
    const records = [
      { id: OP1, project_id: 'p', branch_id: 'br-1', action: 'create_branch', status: 'running', failures_count: 0 },
      {
        id: OP2,
        project_id: 'p',
        branch_id: 'br-1',
        endpoint_id: 'ep-1',
        action: 'start_compute',
        status: 'scheduling',
        failures_count: 0,
      },
    ]
    expect(parseOperationIds(JSON.stringify(records))).toEqual([OP1, OP2])
  })

  it('reads an explicit empty array as nothing to wait for', () => {
    expect(parseOperationIds('[]')).toEqual([])
  })

  it(`holds at most ${MAX_OPERATION_IDS} different ids`, () => {
    const ids = (n: number) =>
      Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`)
    expect(parseOperationIds(ids(MAX_OPERATION_IDS).join(','))).toHaveLength(MAX_OPERATION_IDS)
    expect(parseOperationIds([...ids(MAX_OPERATION_IDS), ...ids(5)].join(','))).toHaveLength(MAX_OPERATION_IDS)
    expect(() => parseOperationIds(JSON.stringify(ids(3400)))).toThrow(
      'Input `operation-ids` holds 3400 different ids: one step waits for at most 1000. Split them over several steps, or use `operation-ids: pending`',
    )
  })

  it.each([
    ['[not json', /not valid JSON/],
    ['[1]', /item 1 of the JSON array is neither an id nor an operation record/],
    [`["${OP1}", {"name": "x"}]`, /item 2 of the JSON array/],
    [`${OP1},nope`, /holds "nope"/],
  ])('refuses %s', (raw, expected) => {
    expect(() => parseOperationIds(raw)).toThrow(expected)
  })
  it('reads JSON after white space, and trims each id in it', () => {
    expect(parseOperationIds(` \n[" ${OP1} ", {"id": " ${OP2}\\n"}]`)).toEqual([OP1, OP2])
  })

  it('refuses an item of a JSON array that is neither an id nor a record with a string id', () => {
    for (const item of ['null', '{"id": 5}', '5']) {
      expect(() => parseOperationIds(`["${OP1}", ${item}]`)).toThrow(
        'Input `operation-ids`: item 2 of the JSON array is neither an id nor an operation record with an "id".',
      )
    }
  })

  it('skips empty pieces of a list', () => {
    expect(parseOperationIds(`,${OP1},,${OP2},`)).toEqual([OP1, OP2])
  })

  it.each([[','], [' , '], [',\n,'], ['\n,\n']])(
    'refuses a list of separators only (%j): two mistyped expressions give one, and a gate must not pass on it',
    (raw) => {
      expect(() => parseOperationIds(raw)).toThrow(
        'Input `operation-ids` holds separators but no id. Write `[]` when there is nothing to wait for; ' +
          'a mistyped expression gives an empty piece, so the step does not guess.',
      )
    },
  )
})

describe('what wait-for-operations waits for', () => {
  const wait = (inputs: Record<string, string>) =>
    settings({ command: 'wait-for-operations', 'project-id': 'p-1', ...inputs })

  it.each([[''], ['   '], ['\n']])(
    'refuses an empty operation-ids (%j): a mistyped expression gives one, and a gate must not pass on it',
    (raw) => {
      expect(errorOf({ command: 'wait-for-operations', 'project-id': 'p-1', 'operation-ids': raw })).toBe(
        'Input `operation-ids` is empty. Say what to wait for: the operation ids, or the `operations` array of the response that ' +
          'started them. Write `[]` when there is nothing to wait for, or the word `pending` to wait until the project (or ' +
          '`branch-id`) has no pending operation. A mistyped expression gives an empty value too, so the step does not guess.',
      )
    },
  )

  it('reads ids, [] and the word pending (with or without branch-id)', () => {
    expect(wait({ 'operation-ids': OP1 })).toMatchObject({ operations: { kind: 'ids', ids: [OP1] } })
    expect(wait({ 'operation-ids': '[]' })).toMatchObject({ operations: { kind: 'ids', ids: [] } })
    expect(wait({ 'operation-ids': ' Pending ' })).toMatchObject({
      operations: { kind: 'pending', branchId: undefined },
    })
    expect(wait({ 'operation-ids': 'pending', 'branch-id': 'br-wispy-meadow-a5kd0r2p' })).toMatchObject({
      operations: { kind: 'pending', branchId: 'br-wispy-meadow-a5kd0r2p' },
    })
  })

  it('refuses branch-id beside ids: the ids are waited for whatever their branch', () => {
    expect(
      errorOf({ command: 'wait-for-operations', 'project-id': 'p-1', 'operation-ids': OP1, 'branch-id': 'br-1' }),
    ).toMatch(/^Input `branch-id` only applies to `operation-ids: pending`/)
  })

  it('on-failed: wait by default (and when empty), wait or fail in any case', () => {
    expect(wait({ 'operation-ids': OP1 })).toMatchObject({ onFailed: 'wait' })
    expect(wait({ 'operation-ids': OP1, 'on-failed': ' ' })).toMatchObject({ onFailed: 'wait' })
    expect(wait({ 'operation-ids': OP1, 'on-failed': 'Wait' })).toMatchObject({ onFailed: 'wait' })
    expect(wait({ 'operation-ids': OP1, 'on-failed': 'fail' })).toMatchObject({ onFailed: 'fail' })
  })

  it('on-failed: anything else is an input error naming the input', () => {
    expect(
      errorOf({ command: 'wait-for-operations', 'project-id': 'p-1', 'operation-ids': OP1, 'on-failed': 'retry' }),
    ).toBe(
      'Input `on-failed` is "retry": it must be `wait` (a `failed` operation may be retried by the platform: wait until ' +
        'it ends, within `timeout`) or `fail` (fail at the first `failed`).',
    )
  })

  it('refuses a branch-id that is not one', () => {
    expect(
      errorOf({ command: 'wait-for-operations', 'project-id': 'p-1', 'operation-ids': 'pending', 'branch-id': 'BR 1' }),
    ).toMatch(/^Input `branch-id` is "BR 1": it must be 1 to 60 lower-case letters, digits or hyphens/)
  })
})
