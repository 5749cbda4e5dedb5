import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import type { PlatformEmulator } from '../emulator/platform.ts'
import { ROOT } from '../scripts/run-step.ts'
import { readmeJob, runJob, yamlBlocks, type StepRecord } from '../scripts/workflow.ts'
import { polledPlatform } from './support/polled-platform.js'

/** The README's YAML examples are copied into real workflows: they must be safe, and they must run. */
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')

/** Every `run:` script in a parsed YAML value, with where it is. */
function runScripts(value: unknown, path = ''): { path: string; script: string }[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => runScripts(item, `${path}[${i}]`))
  if (typeof value !== 'object' || value === null) return []
  return Object.entries(value).flatMap(([key, item]) =>
    key === 'run' && typeof item === 'string' ? [{ path: `${path}.run`, script: item }] : runScripts(item, `${path}.${key}`),
  )
}

describe("the README's YAML examples follow GitHub's hardening guidance", () => {
  const blocks = yamlBlocks(readme)

  it('there are examples, and each one is valid YAML', () => {
    expect(blocks.length).toBeGreaterThan(8)
    for (const block of blocks) expect(() => parse(block.text)).not.toThrow()
  })

  it('no run: script holds ${{ }}: outputs reach scripts only through env:', () => {
    const pasted = blocks.flatMap((block) =>
      runScripts(parse(block.text)).flatMap(({ path, script }) =>
        script.includes('${{') ? [`README line ${block.line}, ${path}: ${script.split('\n').find((l) => l.includes('${{'))}`] : [],
      ),
    )
    expect(pasted).toEqual([])
    expect(blocks.flatMap((block) => runScripts(parse(block.text))).length).toBeGreaterThan(5)
  })

  it('the test would see ${{ }} in a run: script', () => {
    const unsafe = "- run: echo '${{ steps.keys.outputs.keys }}' | jq .\n"
    expect(runScripts(parse(unsafe))).toEqual([{ path: '[0].run', script: "echo '${{ steps.keys.outputs.keys }}' | jq ." }])
  })

  it('the rotation workflow has a concurrency group', () => {
    const rotation = blocks.map((b) => parse(b.text) as Record<string, unknown>).find((w) => w && 'on' in w && 'jobs' in w)
    expect(rotation?.concurrency).toEqual({ group: expect.any(String), 'cancel-in-progress': false })
  })
})

describe("the README's deploy-gate recipe, run against the emulator", () => {
  let platform: PlatformEmulator
  let url: string
  let admin: { id: number; key: string }
  let project: string

  beforeEach(async () => {
    platform = polledPlatform()
    url = await platform.start()
    admin = platform.addKey('ci')
    project = platform.addProject().id
    platform.addHistory(project, 50)
  })

  afterEach(async () => {
    await platform.stop()
  })

  const recipe = () => readmeJob(readme, '### Deploy gate: wait for the platform to finish')
  const run = (afterStep?: (step: StepRecord) => void | Promise<void>) =>
    runJob(recipe(), {
      secrets: { NEON_API_KEY: admin.key },
      vars: { NEON_PROJECT_ID: project },
      env: { NEON_API: url },
      standIns: { Migrate: 'echo "migrating"' },
      afterStep,
    })
  const summary = (steps: StepRecord[]) => steps.map((s) => [s.id ?? s.title, s.outcome])

  it('creates a branch, waits for its operations, then migrates', async () => {
    const job = await run()
    expect(summary(job.steps)).toEqual([
      ['branch', 'success'],
      ['wait', 'success'],
      ['wait-more', 'skipped'],
      ['Migrate', 'success'],
      ['Say why the gate stayed shut', 'skipped'],
    ])
    expect(job.conclusion).toBe('success')
    const [branch] = platform.branches(project).slice(1)
    const wait = job.steps[1]!.result!
    expect(wait.outputs.status).toBe('finished')
    expect(JSON.parse(wait.outputs.operations!).map((o: { action: string; branch_id: string }) => [o.action, o.branch_id])).toEqual([
      ['create_branch', branch!.id],
      ['start_compute', branch!.id],
    ])
    expect(job.steps[3]!.log).toBe('migrating\n')
  })

  it('slow, not failed: the retry step waits for the pending operations, then it migrates', async () => {
    // The branch's operations stay running through the first wait, and finish during the second.
    let created: string[] = []
    let gateEnded = false
    platform.onRequest((request) => {
      if (gateEnded && request.path.includes('/operations')) for (const id of created) platform.setOperation(id, { status: 'finished' })
    })
    const job = await run((step) => {
      if (step.id === 'branch') {
        created = (JSON.parse(step.outputs.operations!) as { id: string }[]).map((o) => o.id)
        for (const id of created) platform.setOperation(id, { status: 'running' })
      }
      if (step.id === 'wait') gateEnded = true
    })
    expect(summary(job.steps)).toEqual([
      ['branch', 'success'],
      ['wait', 'failure'],
      ['wait-more', 'success'],
      ['Migrate', 'success'],
      ['Say why the gate stayed shut', 'skipped'],
    ])
    expect(job.steps[1]!.outputs.status).toBe('timed-out')
    expect(JSON.parse(job.steps[1]!.outputs['pending-operation-ids']!)).toEqual(created)
    expect(job.steps[2]!.inputs!['operation-ids']).toBe(job.steps[1]!.outputs['pending-operation-ids'])
    expect(job.conclusion).toBe('success')
  })

  it('a key revoked after the branch was made: the gate stays shut, and the last step says it could not find out', async () => {
    const job = await run(async (step) => {
      if (step.id === 'branch') await revoke(admin.id)
    })
    expect(summary(job.steps)).toEqual([
      ['branch', 'success'],
      ['wait', 'failure'],
      ['wait-more', 'skipped'],
      ['Migrate', 'skipped'],
      ['Say why the gate stayed shut', 'failure'],
    ])
    expect(job.steps[1]!.outputs).toMatchObject({ status: 'error', 'http-status': '401' })
    expect(job.steps[4]!.log).toBe('The gate could not find out (HTTP status 401): re-run the job\n')
    expect(job.conclusion).toBe('failure')
  })

  async function revoke(id: number): Promise<void> {
    // Through the API, with another key of the account.
    const other = platform.addKey('admin-elsewhere').key
    const answer = await fetch(`${url}/api_keys/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${other}` } })
    expect(answer.status).toBe(200)
  }
})
