// src/runner/outputs.ts: every output on its way out, within the runner's limit or in a file the log names.
// Unit tests, in this process.
import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { OUTPUT_LIMIT_BYTES, boundOutputs } from '../../src/runner/outputs.ts'
import { tempDirPerTest } from '../support/temp-dir.ts'

let dir: string

tempDirPerTest('neon-outputs-', (made) => (dir = made))

const big = (n: number) => JSON.stringify(Array.from({ length: n }, (_, i) => i + 100_000))

describe('boundOutputs()', () => {
  it('sets every output that fits, at the limit included, and writes no file', async () => {
    const atLimit = 'x'.repeat(OUTPUT_LIMIT_BYTES)
    expect(await boundOutputs({ status: 'finished', edge: atLimit }, dir)).toEqual({
      outputs: { status: 'finished', edge: atLimit },
      warnings: [],
      notes: [],
    })
    expect(readdirSync(dir)).toEqual([])
  })

  it('puts each output over the limit in one file under its name, JSON as JSON, and names each in one warning', async () => {
    const ids = big(10_000)
    const text = 'é'.repeat(OUTPUT_LIMIT_BYTES / 2 + 1)
    const { outputs, warnings, notes } = await boundOutputs({ 'revoked-key-ids': ids, status: 'x', note: text }, dir)
    expect(notes).toEqual([])
    expect(Object.keys(outputs).sort()).toEqual(['outputs-file', 'status'])
    expect(JSON.parse(readFileSync(outputs['outputs-file']!, 'utf8'))).toEqual({
      'revoked-key-ids': JSON.parse(ids),
      note: text,
    })
    expect(warnings).toEqual([
      `Not set: \`revoked-key-ids\` (${ids.length} bytes) and \`note\` (${OUTPUT_LIMIT_BYTES + 2} bytes), over the ${OUTPUT_LIMIT_BYTES} bytes ` +
        'an output may hold to be passed on through env: or with:. Their values are in the JSON file named by the `outputs-file` output, ' +
        `each under its name: ${outputs['outputs-file']}`,
    ])
  })

  it('a list output over the limit is not written again: a plain line of the log, no warning, names the file of the whole list', async () => {
    const projects = JSON.stringify(Array.from({ length: 2000 }, (_, i) => ({ id: `p-${i}`, name: `project ${i}` })))
    const ids = big(10_000)
    const file = join(dir, 'neon-projects-1.json')
    const { outputs, warnings, notes } = await boundOutputs(
      { projects, 'project-ids': ids, 'projects-file': file, 'org-id': 'org-1' },
      dir,
    )
    expect(outputs).toEqual({ 'projects-file': file, 'org-id': 'org-1' })
    expect(readdirSync(dir)).toEqual([])
    expect(warnings).toEqual([])
    expect(notes).toEqual([
      `Not set: \`projects\` (${projects.length} bytes) and \`project-ids\` (${ids.length} bytes), over the ${OUTPUT_LIMIT_BYTES} bytes ` +
        `an output may hold to be passed on through env: or with:. Every record is in the file named by the \`projects-file\` output: ${file}`,
    ])
  })

  it('a list output over the limit without its whole-list file goes to `outputs-file` as any other, with a warning', async () => {
    const keys = big(10_000)
    const { outputs, warnings, notes } = await boundOutputs({ keys }, dir)
    expect(JSON.parse(readFileSync(outputs['outputs-file']!, 'utf8'))).toEqual({ keys: JSON.parse(keys) })
    expect(warnings).toEqual([
      expect.stringMatching(/^Not set: `keys` \(\d+ bytes\), .* named by the `outputs-file` output/),
    ])
    expect(notes).toEqual([])
  })

  it('a file that cannot be written leaves the output unset, and the warning says why', async () => {
    const { outputs, warnings } = await boundOutputs({ 'prunable-key-ids': big(10_000) }, join(dir, 'missing'))
    expect(outputs).toEqual({})
    expect(warnings[0]).toMatch(
      /^Not set: `prunable-key-ids` \(\d+ bytes\), over .* Could not write the outputs file in .*missing \(RUNNER_TEMP\): /,
    )
  })
})
