import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { OUTPUT_LIMIT_BYTES, boundOutputs } from '../src/runner/outputs.js'

/** Every output on its way out: within the limit, or in `outputs-file`; never a key value in a file. */
let dir: string

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'neon-outputs-'))
})

afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

const big = (n: number) => JSON.stringify(Array.from({ length: n }, (_, i) => i + 100_000))

describe('boundOutputs()', () => {
  it('sets every output that fits, at the limit included, and writes no file', async () => {
    const atLimit = 'x'.repeat(OUTPUT_LIMIT_BYTES)
    expect(await boundOutputs({ status: 'finished', edge: atLimit }, dir)).toEqual({
      outputs: { status: 'finished', edge: atLimit },
      warnings: [],
    })
    expect(readdirSync(dir)).toEqual([])
  })

  it('puts each output over the limit in one file under its name, JSON as JSON, and names each in one warning', async () => {
    const ids = big(10_000)
    const text = 'é'.repeat(OUTPUT_LIMIT_BYTES / 2 + 1)
    const { outputs, warnings } = await boundOutputs({ 'revoked-key-ids': ids, status: 'x', note: text }, dir)
    expect(Object.keys(outputs).sort()).toEqual(['outputs-file', 'status'])
    expect(JSON.parse(readFileSync(outputs['outputs-file']!, 'utf8'))).toEqual({ 'revoked-key-ids': JSON.parse(ids), note: text })
    expect(warnings).toEqual([
      `Not set: \`revoked-key-ids\` (${ids.length} bytes) and \`note\` (${OUTPUT_LIMIT_BYTES + 2} bytes), over the ${OUTPUT_LIMIT_BYTES} bytes ` +
        'an output may hold to be passed on through env: or with:. Their values are in the JSON file named by the `outputs-file` output, ' +
        `each under its name: ${outputs['outputs-file']}`,
    ])
  })

  it('never writes a key value to a file: an oversized one is left out, and the warning says so', async () => {
    const key = 'k'.repeat(OUTPUT_LIMIT_BYTES + 1)
    const alone = await boundOutputs({ key, 'key-id': '7' }, dir)
    expect(alone.outputs).toEqual({ 'key-id': '7' })
    expect(alone.warnings).toEqual([
      `Not set: \`key\` (${key.length} bytes), over the ${OUTPUT_LIMIT_BYTES} bytes an output may hold to be passed on through env: or with:. ` +
        'A key value is never written to a file.',
    ])
    const withOthers = await boundOutputs({ key, 'revoked-key-ids': big(10_000) }, dir)
    expect(JSON.parse(readFileSync(withOthers.outputs['outputs-file']!, 'utf8'))).not.toHaveProperty('key')
    expect(withOthers.warnings).toEqual([expect.stringMatching(/^Not set: `revoked-key-ids` /), alone.warnings[0]])
    expect(
      readdirSync(dir)
        .map((f) => readFileSync(join(dir, f), 'utf8'))
        .join(''),
    ).not.toContain('kkkk')
  })

  it('a file that cannot be written leaves the output unset, and the warning says why', async () => {
    const { outputs, warnings } = await boundOutputs({ 'prunable-key-ids': big(10_000) }, join(dir, 'missing'))
    expect(outputs).toEqual({})
    expect(warnings[0]).toMatch(
      /^Not set: `prunable-key-ids` \(\d+ bytes\), over .* Could not write the outputs file in .*missing \(RUNNER_TEMP\): /,
    )
  })
})
