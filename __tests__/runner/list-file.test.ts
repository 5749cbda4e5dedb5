import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { registerSecret } from '../../src/base/text.ts'
import {
  ListFileWriter,
  MEMORY_BYTES,
  OUTPUT_LIMIT_BYTES,
  boundOutputs,
  recordJson,
  writeListFile,
} from '../../src/runner/outputs.ts'

/** A list file written as it is read (list-operations), and outputs that hold server text with a credential in it. */
let dir: string

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'neon-list-file-'))
})

afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

describe('ListFileWriter', () => {
  it('joins its sections in their order, whatever order their records came in, into one JSON array, and leaves no part behind', async () => {
    const writer = new ListFileWriter(dir, 'operations')
    await writer.add(2, [recordJson({ id: 'c1' })])
    await writer.add(0, [recordJson({ id: 'a1' }), recordJson({ id: 'a2' })])
    await writer.add(2, [recordJson({ id: 'c2' })])
    await writer.add(1, [])
    await writer.add(0, [recordJson({ id: 'a3' })])
    const path = await writer.finish()
    expect(path).toBe(writer.path)
    expect(path).toMatch(/neon-operations-[0-9a-f-]{36}\.json$/)
    expect(readFileSync(path, 'utf8')).toBe('[{"id":"a1"},{"id":"a2"},{"id":"a3"},{"id":"c1"},{"id":"c2"}]')
    expect(readdirSync(dir)).toEqual([path.split('/').at(-1)])
  })

  it('with no record, an empty array; discarded, nothing at all', async () => {
    expect(readFileSync(await new ListFileWriter(dir, 'operations').finish(), 'utf8')).toBe('[]')
    rmSync(dir, { recursive: true, force: true })
    dir = mkdtempSync(join(tmpdir(), 'neon-list-file-'))
    const writer = new ListFileWriter(dir, 'operations')
    await writer.add(0, ['{"id":"a"}'])
    await writer.discard()
    expect(readdirSync(dir)).toEqual([])
  })

  it('a long list goes to a part file per section as it is read, and is joined in order: never held whole', async () => {
    const writer = new ListFileWriter(dir, 'operations')
    const big = (id: string) => recordJson({ id, text: 'x'.repeat(MEMORY_BYTES / 2) })
    await writer.add(1, [big('b1')])
    expect(readdirSync(dir)).toEqual([])
    await writer.add(0, [big('a1')])
    await writer.add(1, [big('b2')])
    // Past the bound, every section is in a file of its own.
    expect(readdirSync(dir).sort()).toEqual([
      `${writer.path.split('/').at(-1)}.part-0`,
      `${writer.path.split('/').at(-1)}.part-1`,
    ])
    await writer.add(0, [recordJson({ id: 'a2' })])
    const ids = (JSON.parse(readFileSync(await writer.finish(), 'utf8')) as Array<{ id: string }>).map((r) => r.id)
    expect(ids).toEqual(['a1', 'a2', 'b1', 'b2'])
    expect(readdirSync(dir)).toEqual([writer.path.split('/').at(-1)])
  })

  it('a directory it cannot write to is an error naming it: when the file is written, or a part past the bound', async () => {
    const short = new ListFileWriter(join(dir, 'missing'), 'operations')
    await short.add(0, ['{}'])
    await expect(short.finish()).rejects.toThrow(/^Could not write the operations file in .*missing \(RUNNER_TEMP\): /)
    const long = new ListFileWriter(join(dir, 'missing'), 'operations')
    await expect(long.add(0, [recordJson({ text: 'x'.repeat(MEMORY_BYTES + 1) })])).rejects.toThrow(
      /^Could not write the operations file in .*missing \(RUNNER_TEMP\): /,
    )
  })
})

describe('secrets in JSON outputs and list files', () => {
  const records = [
    { id: 'a', error: 'the proxy said: Authorization: Bearer abc123def' },
    { id: 'b', error: 'ok' },
  ]

  it('a credential in a value is replaced within that value: the JSON stays whole, and every record stays', async () => {
    const json = JSON.stringify(records)
    const { outputs } = await boundOutputs({ operations: json }, dir)
    expect(JSON.parse(outputs.operations!)).toEqual([
      { id: 'a', error: 'the proxy said: Authorization: Bearer ***' },
      { id: 'b', error: 'ok' },
    ])
    expect(JSON.parse(readFileSync(await writeListFile(dir, 'projects', json), 'utf8'))).toEqual(
      JSON.parse(outputs.operations!),
    )
    expect(JSON.parse(`[${records.map(recordJson).join(',')}]`)).toEqual(JSON.parse(outputs.operations!))
  })

  it('a registered secret in a value is replaced; JSON without one keeps its text exactly, and text that is not JSON is redacted as text', async () => {
    registerSecret('napi_registered_secret_value')
    const { outputs } = await boundOutputs(
      { a: '{"note":"key napi_registered_secret_value"}', b: '[1, 2]', c: 'plain napi_registered_secret_value' },
      dir,
    )
    expect(outputs).toEqual({ a: '{"note":"key ***"}', b: '[1, 2]', c: 'plain ***' })
  })
})

describe('a secret as a field name', () => {
  const key = 'napi_key_as_a_field_name_0123456789abcdef'

  it('is replaced in a record, at any depth, whole or a 20-character piece of it', () => {
    registerSecret(key)
    const piece = key.slice(5, 25)
    const record = { [key]: 1, nested: [{ [`x-${piece}-y`]: { [key]: key } }], plain: 2 }
    const json = recordJson(record)
    expect(json).not.toContain(piece)
    expect(JSON.parse(json)).toEqual({ '***': 1, nested: [{ 'x-***-y': { '***': '***' } }], plain: 2 })
    expect(recordJson({ plain: 'text' })).toBe('{"plain":"text"}')
  })

  it('is replaced in an output and in a list file', async () => {
    registerSecret(key)
    const { outputs } = await boundOutputs(
      { projects: JSON.stringify([{ id: 'p-1', settings: { [key]: true } }]) },
      dir,
    )
    expect(outputs.projects).toBe('[{"id":"p-1","settings":{"***":true}}]')
    const path = await writeListFile(dir, 'projects', JSON.stringify([{ [key.slice(10, 30)]: 'x' }]))
    expect(readFileSync(path, 'utf8')).toBe('[{"***":"x"}]')
  })
})

describe('outputs a command did not hold', () => {
  it('are not set, and one line of the log names them with their size and the file that has every record', async () => {
    const file = join(dir, 'neon-operations-1.json')
    const { outputs, warnings, notes } = await boundOutputs(
      { 'operations-file': file, 'operation-count': '3000' },
      dir,
      {
        operations: 987_654,
      },
    )
    expect(outputs).toEqual({ 'operations-file': file, 'operation-count': '3000' })
    expect(warnings).toEqual([])
    expect(notes).toEqual([
      `Not set: \`operations\` (987654 bytes), over the ${OUTPUT_LIMIT_BYTES} bytes an output may hold to be passed on through env: or with:. ` +
        `Every record is in the file named by the \`operations-file\` output: ${file}`,
    ])
    expect(readdirSync(dir)).toEqual([])
  })
})
