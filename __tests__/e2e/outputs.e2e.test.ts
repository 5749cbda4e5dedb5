// The outputs of a step within the runner's limits (src/runner/outputs.ts): past them an output is left unset and its
// value goes to a file the log names (a list's own file, in a plain line; any other, `outputs-file`, in a warning); and the error outputs of a failed request (src/runner/context.ts),
// whose choice of values is checked in process (__tests__/runner/context.test.ts).
// End to end: each step is a child process, as a runner starts it (scripts/run-step.ts), on the committed
// bundle dist/index.js (E2E_ENTRY=source runs src/ instead), against the platform emulator.
import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { PlatformEmulator } from '../../emulator/platform.ts'
import { errorLines, type StepResult } from '../../scripts/run-step.ts'
import { OUTPUT_LIMIT_BYTES } from '../../src/runner/outputs.ts'
import { platformPerTest } from '../support/platform-per-test.ts'
import { tempDirPerTest } from '../support/temp-dir.ts'

let platform: PlatformEmulator
let admin: { id: number; key: string }
/** RUNNER_TEMP of the steps: kept until the test has read the files the action wrote there. */
let runnerTemp: string

const onPlatform = platformPerTest((started) => ({ platform, admin } = started))
tempDirPerTest('neon-action-runner-temp-', (dir) => (runnerTemp = dir))

const step = (inputs: Record<string, string>) => onPlatform.step(inputs, { env: { RUNNER_TEMP: runnerTemp } })

const warnings = (result: StepResult) => result.stdout.split('\n').filter((l) => l.startsWith('::warning::'))
const notSet = (result: StepResult) => result.stdout.split('\n').filter((l) => l.startsWith('Not set: '))
const bytes = (text: string | undefined) => Buffer.byteLength(text ?? '', 'utf8')

describe('outputs within the runner limits', () => {
  it('57 projects: every output set, and the file holds the same records', async () => {
    const ids = platform.addProjects(57)
    const result = await step({ command: 'list-projects' })
    expect(warnings(result)).toEqual([])
    const file = result.outputs['projects-file']!
    expect(file.startsWith(join(runnerTemp, 'neon-projects-'))).toBe(true)
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(JSON.parse(result.outputs.projects!))
    expect(JSON.parse(result.outputs['project-ids']!)).toEqual(ids)
  })

  it('200 projects: the records are too large to pass on, the ids are set, a line of the log (no warning) points at the file', async () => {
    const ids = platform.addProjects(200)
    const result = await step({ command: 'list-projects' })
    expect(result.code).toBe(0)
    expect(Object.keys(result.outputs).sort()).toEqual(['org-id', 'project-ids', 'projects-file'])
    expect(JSON.parse(result.outputs['project-ids']!)).toEqual(ids)
    expect(warnings(result)).toEqual([])
    expect(notSet(result)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Not set: \`projects\` \\(\\d+ bytes\\), over the ${OUTPUT_LIMIT_BYTES} bytes an output may hold to be passed on through env: or with:\\. Every record is in the file named by the \`projects-file\` output: ${runnerTemp}/neon-projects-[0-9a-f-]+\\.json$`,
        ),
      ),
    ])
    expect(JSON.parse(readFileSync(result.outputs['projects-file']!, 'utf8')).map((p: { id: string }) => p.id)).toEqual(
      ids,
    )
  })

  it('10,000 projects: every output under the limit, the file holds all of them', async () => {
    const ids = platform.addProjects(10_000)
    const result = await step({ command: 'list-projects' })
    expect(result.code).toBe(0)
    expect(Object.keys(result.outputs).sort()).toEqual(['org-id', 'projects-file'])
    for (const value of Object.values(result.outputs)) expect(bytes(value)).toBeLessThan(OUTPUT_LIMIT_BYTES)
    expect(warnings(result)).toEqual([])
    expect(notSet(result)).toEqual([
      expect.stringMatching(/^Not set: `projects` \(\d+ bytes\) and `project-ids` \(\d+ bytes\)/),
    ])
    const file = JSON.parse(readFileSync(result.outputs['projects-file']!, 'utf8')) as Array<{ id: string }>
    expect(file.map((p) => p.id)).toEqual(ids)
    // The summary shows 200 rows and says where the rest are.
    expect(result.summary).toContain('…and 9800 more (all of them are in <code>projects-file</code>).')
    expect(bytes(result.summary)).toBeLessThan(200_000)
    expect(readdirSync(runnerTemp).filter((f) => f.startsWith('neon-projects-'))).toHaveLength(1)
  }, 60_000)

  it('1,000 keys: `keys` is not set past the limit, `keys-file` holds every key, as a line of the log says', async () => {
    for (let i = 0; i < 1000; i++) platform.addKey(`ci-key-${i}`)
    const result = await step({ command: 'list-keys' })
    expect(result.code).toBe(0)
    expect(Object.keys(result.outputs)).toEqual(['keys-file'])
    expect(warnings(result)).toEqual([])
    expect(notSet(result)).toEqual([expect.stringMatching(/^Not set: `keys` \(\d+ bytes\), .*`keys-file` output/)])
    const keys = JSON.parse(readFileSync(result.outputs['keys-file']!, 'utf8')) as Array<{ name: string }>
    expect(keys).toHaveLength(1001)
    expect(readFileSync(result.outputs['keys-file']!, 'utf8')).not.toContain(admin.key)
  })

  it('1,000 operations: `operations` is not set past the limit, `outputs-file` holds it, one warning names it', async () => {
    const project = platform.addProject().id
    const ids = Array.from({ length: 1000 }, () => platform.addOperation(project, { status: 'finished' }))
    const result = await step({ command: 'wait-for-operations', 'project-id': project, 'operation-ids': ids.join(',') })
    expect(result.code).toBe(0)
    expect(result.outputs.operations).toBeUndefined()
    expect(result.outputs).toMatchObject({
      status: 'finished',
      'failed-operation-ids': '[]',
      'pending-operation-ids': '[]',
    })
    const file = result.outputs['outputs-file']!
    expect(file.startsWith(join(runnerTemp, 'neon-outputs-'))).toBe(true)
    const spilled = JSON.parse(readFileSync(file, 'utf8')) as { operations: Array<{ id: string }> }
    expect(Object.keys(spilled)).toEqual(['operations'])
    expect(spilled.operations.map((o) => o.id)).toEqual(ids)
    expect(warnings(result)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^::warning::Not set: \`operations\` \\(\\d+ bytes\\), over the ${OUTPUT_LIMIT_BYTES} bytes an output may hold to be passed on through env: or with:\\. ` +
            `Its value is in the JSON file named by the \`outputs-file\` output, under its name: ${runnerTemp}/neon-outputs-[0-9a-f-]+\\.json$`,
        ),
      ),
    ])
    for (const value of Object.values(result.outputs)) expect(bytes(value)).toBeLessThanOrEqual(OUTPUT_LIMIT_BYTES)
  }, 60_000)

  it('one hostile operation id of 300 kB: no output past the limit, the ids still pending are in `outputs-file`', async () => {
    const project = platform.addProject().id
    const op = platform.addOperation(project, { status: 'running' })
    const hostile = `${op}${'x'.repeat(300_000)}`
    platform.inject({
      path: `/projects/${project}/operations`,
      kind: 'rewrite',
      set: { id: hostile },
      ids: [op],
      times: 999,
    })
    const result = await step({
      command: 'wait-for-operations',
      'project-id': project,
      'operation-ids': 'pending',
      timeout: '12',
    })
    expect(result.outputs.status).toBe('timed-out')
    for (const value of Object.values(result.outputs)) expect(bytes(value)).toBeLessThanOrEqual(OUTPUT_LIMIT_BYTES)
    const spilled = JSON.parse(readFileSync(result.outputs['outputs-file']!, 'utf8')) as Record<string, unknown>
    expect(spilled['pending-operation-ids']).toEqual([hostile])
    expect(Object.keys(spilled).sort()).toEqual(['operations', 'pending-operation-ids'])
    expect(warnings(result)).toContainEqual(
      expect.stringMatching(
        /^::warning::Not set: `operations` \(\d+ bytes\) and `pending-operation-ids` \(\d+ bytes\), /,
      ),
    )
  })

  it('prune-keys past the limit: the selected ids are in `outputs-file`', async () => {
    const old = { createdAt: Date.now() - 400 * 86_400_000 }
    const ids = Array.from({ length: 10_000 }, (_, i) => platform.addKey(`stale-${i}`, old).id)
    const result = await step({ command: 'prune-keys', 'unused-for': '30d', 'max-revoke': '10000' })
    expect(result.code).toBe(0)
    expect(result.outputs['prunable-key-ids']).toBeUndefined()
    const spilled = JSON.parse(readFileSync(result.outputs['outputs-file']!, 'utf8')) as Record<string, unknown>
    expect(spilled['prunable-key-ids']).toEqual(ids)
    expect(result.outputs['revoked-key-ids']).toBe('[]')
  }, 60_000)
})

describe('the error outputs of a failed request', () => {
  it('a code that is no short token and a request id with `::`: neither set, the code only in the log, made safe', async () => {
    platform.inject({
      path: '/api_keys',
      kind: 'status',
      status: 400,
      body: JSON.stringify({
        code: 'Bearer napi_0123456789abcdef ::error::forged',
        message: 'bad',
        request_id: '::stop-commands::resume',
      }),
      contentType: 'application/json',
    })
    const result = await step({ command: 'list-keys' })
    expect(result.code).toBe(1)
    expect(result.outputs['http-status']).toBe('400')
    expect(result.outputs['error-code']).toBeUndefined()
    expect(result.outputs['request-id']).toBe(platform.requests.at(-1)!.headers['x-request-id'])
    // A credential by its form is never shown, whoever's it is.
    expect(errorLines(result.stdout)).toEqual([expect.stringContaining('[Bearer *** ::error::forged]')])
  })
})
