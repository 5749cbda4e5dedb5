import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { PlatformEmulator, type OperationRecord } from '../../emulator/platform.ts'
import { errorLines } from '../../scripts/run-step.ts'
import { OUTPUT_LIMIT_BYTES } from '../../src/runner/outputs.ts'
import { HOSTILE, MARKDOWN, forgedCommands } from '../support/injection.ts'
import { markdownOutsideHtml } from '../support/markdown.ts'
import { platformPerTest } from '../support/platform-per-test.ts'
import { tempDirPerTest } from '../support/temp-dir.ts'

/**
 * list-operations run as a runner runs it (a child process, INPUT_* with action.yml's defaults,
 * GITHUB_OUTPUT, RUNNER_TEMP and the summary file), against the emulator: outputs within their
 * bounds with 3,000 operations; hostile text kept as data; fail-on-status failing the step with
 * every value it shows bounded; an input refused before any request. The listing's logic is
 * tested in __tests__/commands/list-operations.test.ts and __tests__/operations/listing.test.ts.
 */
const T = Date.parse('2026-11-21T10:00:00Z')

let platform: PlatformEmulator
let admin: { id: number; key: string }
/** RUNNER_TEMP of the steps: kept until the test has read the files the action wrote there. */
let runnerTemp: string

// The platform's clock stands still at T; the action's starts there too (virtual time).
const onPlatform = platformPerTest((started) => ({ platform, admin } = started), {
  platform: () => new PlatformEmulator({ now: () => T }),
})
tempDirPerTest('neon-list-operations-e2e-', (dir) => (runnerTemp = dir))

const step = (inputs: Record<string, string>) =>
  onPlatform.step(
    { command: 'list-operations', ...inputs },
    { env: { RUNNER_TEMP: runnerTemp }, time: { mode: 'jump', start: T } },
  )
const fileRecords = (outputs: Record<string, string>) =>
  JSON.parse(readFileSync(outputs['operations-file']!, 'utf8')) as OperationRecord[]

describe('bounds and hostile text', () => {
  it('3,000 operations: every output within 64 KiB, `operations` only in operations-file, which has all 3,000', async () => {
    const project = platform.addProject({ id: 'busy-river-30000002' }).id
    platform.addOperationHistory(project, { count: 3000, days: 2, seed: 13 })
    const result = await step({ 'project-id': project, 'max-operations': '3000' })
    expect(result.code).toBe(0)
    expect(result.outputs.operations).toBeUndefined()
    expect(fileRecords(result.outputs)).toEqual(platform.operations(project))
    expect(result.outputs['operation-count']).toBe('3000')
    for (const [name, value] of Object.entries(result.outputs))
      expect([name, Buffer.byteLength(value) <= OUTPUT_LIMIT_BYTES]).toEqual([name, true])
    expect(result.stdout).toMatch(
      new RegExp(
        `^Not set: \`operations\` \\(\\d+ bytes\\), over the ${OUTPUT_LIMIT_BYTES} bytes .* \`operations-file\` output: ${runnerTemp}/neon-operations-[0-9a-f-]+\\.json$`,
        'm',
      ),
    )
    expect(Buffer.byteLength(result.summary)).toBeLessThan(256 * 1024)
  })

  it('hostile text in the records forges no command and no Markdown; the outputs stay JSON', async () => {
    const project = platform.addProject().id
    platform.addHistory(project, 3)
    platform.inject({
      path: /^\/projects\/[^/]+\/operations$/,
      kind: 'rewrite',
      set: {
        action: HOSTILE,
        branch_id: MARKDOWN,
        endpoint_id: HOSTILE,
        error: `${HOSTILE} Bearer abc`,
        status: MARKDOWN,
      },
      times: 9,
    })
    const result = await step({ 'project-id': project, 'fail-on-status': 'failed' })
    expect(forgedCommands(result.stdout, (value) => value === admin.key)).toEqual([])
    expect(markdownOutsideHtml(result.summary)).toEqual([expect.stringMatching(/^code_block: gantt\n/)])
    expect(JSON.parse(result.outputs.operations!).map((o: OperationRecord) => o.error)).toEqual(
      new Array(3).fill(`${HOSTILE} Bearer ***`),
    )
    // A status the platform invents is counted, never a key a later step would print.
    expect(JSON.parse(result.outputs['status-counts']!)).toMatchObject({ finished: 0, other: 3 })
    expect(result.outputs['status-counts']).not.toContain('Production')
  })
})

/** The longest run of `letter` in `text`: how much of a value made of that letter got through. */
const longestRun = (text: string, letter: string) =>
  Math.max(0, ...(text.match(new RegExp(`${letter}+`, 'g')) ?? []).map((r) => r.length))

describe('fail-on-status, with text from the platform bounded in every log line, error and summary', () => {
  it('fails the step naming the newest, whose created_at, error and action are 100 kB each: each value at most 200 characters', async () => {
    const project = platform.addProject().id
    platform.addHistory(project, 3)
    const failed = platform.addOperation(project, {
      action: 'apply_config',
      branch_id: 'br-main-1',
      status: 'failed',
      createdAt: T - 60_000,
    })
    const huge = { created_at: 'Q'.repeat(100_000), error: 'Z'.repeat(100_000), action: 'J'.repeat(100_000) }
    platform.inject({ path: `/projects/${project}/operations`, kind: 'rewrite', set: huge, ids: [failed], times: 9 })
    const result = await step({ 'project-id': project, 'fail-on-status': 'failed' })

    expect(result.code).toBe(1)
    const [error] = errorLines(result.stdout)
    expect(errorLines(result.stdout)).toHaveLength(1)
    expect(error).toMatch(
      new RegExp(
        `^::error::1 listed operation\\(s\\) have a status .*: ${failed} \\(project ${project}, branch br-main-1, J+…, failed, Q+…\\)\\.$`,
      ),
    )
    for (const letter of ['Q', 'Z', 'J']) {
      expect([letter, longestRun(result.stdout, letter) <= 200, longestRun(result.summary, letter) <= 200]).toEqual([
        letter,
        true,
        true,
      ])
    }
    for (const line of result.stdout.split('\n')) expect(line.length).toBeLessThan(2000)
    expect(result.summary.length).toBeLessThan(50_000)
    // The record itself is whole in the file: only what is shown is cut.
    expect(fileRecords(result.outputs).find((o) => o.id === failed)).toMatchObject(huge)
    expect(result.outputs['failed-operation-ids']).toBe(JSON.stringify([failed]))
    expect(result.summary).toContain('<p>The table of operations below lists the failed ones first, ')
  })
})

describe('inputs refused before any request', () => {
  it('neither project input: the error names the inputs, exit 1, no output', async () => {
    const result = await step({})
    expect(result.code).toBe(1)
    expect(errorLines(result.stdout)).toEqual([
      expect.stringMatching(/^::error::list-operations needs `project-id` \(one project\) or `project-ids`/),
    ])
    expect(platform.requests).toEqual([])
    expect(result.outputs).toEqual({})
  })
})
