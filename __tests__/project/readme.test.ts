// The deploy gates of README.md and docs/deploy-gates.md, read from the Markdown and run as a runner runs a job
// (scripts/workflow.ts): curl makes a branch on the emulator, and the action waits for its operations, a child process
// per step on the committed bundle (scripts/run-step.ts; E2E_ENTRY=source: src/). Every example's inputs, outputs and
// safety: docs.test.ts.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { PlatformEmulator } from '../../emulator/platform.ts'
import { ROOT } from '../../scripts/run-step.ts'
import { recipeJob, runJob, type JobContext, type StepRecord } from '../../scripts/workflow.ts'
import { polledPlatform } from '../support/polled-platform.ts'

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
const gates = readFileSync(join(ROOT, 'docs', 'deploy-gates.md'), 'utf8')
/** The README's gate checks out the repository first, for its migration. */
const CHECKOUT = 'actions/checkout@v6'
const summary = (steps: StepRecord[]) => steps.map((s) => [s.id ?? s.title, s.outcome])

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

/** A recipe's job against the emulator: its key, project and URL in place of the service's. */
const run = (markdown: string, heading: string, afterStep?: JobContext['afterStep']) =>
  runJob(recipeJob(markdown, heading), {
    secrets: { NEON_API_KEY: admin.key },
    vars: { NEON_PROJECT_ID: project },
    env: { NEON_API: url },
    inputs: { 'api-host': url },
    // The repository's files are not needed here: the checkout stands in as a script that does nothing.
    standIns: { [CHECKOUT]: 'true', Migrate: 'echo "migrating"' },
    afterStep,
  })

async function revoke(id: number): Promise<void> {
  // Through the API, with another key of the account.
  const other = platform.addKey('admin-elsewhere').key
  const answer = await fetch(`${url}/api_keys/${id}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${other}` },
  })
  expect(answer.status).toBe(200)
}

describe("the README's deploy gate in one step, run against the emulator", () => {
  const gate = (afterStep?: JobContext['afterStep']) => run(readme, '### A deploy gate in one step', afterStep)
  const WAIT = 'Wait for the platform'

  it('creates a branch, waits for its operations, then migrates', async () => {
    const job = await gate()
    expect(summary(job.steps)).toEqual([
      [CHECKOUT, 'success'],
      ['branch', 'success'],
      [WAIT, 'success'],
      ['Migrate', 'success'],
    ])
    const [branch] = platform.branches(project).slice(1)
    const wait = job.steps[2]!.result!
    expect(wait.outputs.status).toBe('finished')
    expect(
      JSON.parse(wait.outputs.operations!).map((o: { action: string; branch_id: string }) => [o.action, o.branch_id]),
    ).toEqual([
      ['create_branch', branch!.id],
      ['start_compute', branch!.id],
    ])
    expect(job.steps[3]!.log).toBe('migrating\n')
    expect(job.conclusion).toBe('success')
  })

  it('an operation that ended in error: the step fails naming it, and Migrate never runs', async () => {
    const job = await gate((step) => {
      if (step.id !== 'branch') return
      const [first] = JSON.parse(step.outputs.operations!) as { id: string }[]
      platform.setOperation(first!.id, { status: 'error', failures_count: 1, error: 'the compute did not start' })
    })
    expect(summary(job.steps)).toEqual([
      [CHECKOUT, 'success'],
      ['branch', 'success'],
      [WAIT, 'failure'],
      ['Migrate', 'skipped'],
    ])
    const wait = job.steps[2]!.result!
    expect(wait.outputs.status).toBe('failed')
    expect(wait.stdout).toMatch(/^::error::.*create_branch.*: error, failures_count 1/m)
    expect(job.conclusion).toBe('failure')
  })

  it('an operation that failed and that the platform retried: the gate waits through it, then migrates', async () => {
    let created = ''
    const job = await gate((step) => {
      if (step.id !== 'branch') return
      const [first] = JSON.parse(step.outputs.operations!) as { id: string }[]
      created = first!.id
      platform.setOperation(created, { status: 'failed', failures_count: 1, error: 'the compute did not start' })
      // The control plane retries it a few polls later, and this time it finishes.
      let polls = 0
      platform.onRequest((request) => {
        if (request.path.endsWith('/operations') || request.path.endsWith(created)) polls++
        if (polls === 3) platform.setOperation(created, { status: 'running' })
        if (polls === 5) platform.setOperation(created, { status: 'finished' })
      })
    })
    expect(summary(job.steps)).toEqual([
      [CHECKOUT, 'success'],
      ['branch', 'success'],
      [WAIT, 'success'],
      ['Migrate', 'success'],
    ])
    const wait = job.steps[2]!.result!
    expect(wait.outputs.status).toBe('finished')
    expect(wait.stdout).toContain(
      'failed. It failed 1 time, and the platform may retry it: the gate waits until it ends.',
    )
    expect(job.conclusion).toBe('success')
  })

  it('a key revoked after the branch was made: the gate cannot find out, so it stays shut', async () => {
    const job = await gate(async (step) => {
      if (step.id === 'branch') await revoke(admin.id)
    })
    expect(summary(job.steps)).toEqual([
      [CHECKOUT, 'success'],
      ['branch', 'success'],
      [WAIT, 'failure'],
      ['Migrate', 'skipped'],
    ])
    expect(job.steps[2]!.outputs).toMatchObject({ status: 'error', 'http-status': '401' })
  })
})

describe("docs/deploy-gates.md's gate that retries and reports, run against the emulator", () => {
  const gate = (afterStep?: JobContext['afterStep']) => run(gates, '## A gate that retries and reports', afterStep)

  it('creates a branch, waits for its operations, then migrates', async () => {
    const job = await gate()
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
    expect(
      JSON.parse(wait.outputs.operations!).map((o: { action: string; branch_id: string }) => [o.action, o.branch_id]),
    ).toEqual([
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
      if (gateEnded && request.path.includes('/operations'))
        for (const id of created) platform.setOperation(id, { status: 'finished' })
    })
    const job = await gate((step) => {
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
    const job = await gate(async (step) => {
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
})

describe("scripts/workflow.ts runs a command's own action from its folder", () => {
  const gate = () => recipeJob(readme, '### A deploy gate in one step')
  const context: () => JobContext = () => ({
    secrets: { NEON_API_KEY: admin.key },
    vars: { NEON_PROJECT_ID: project },
    env: { NEON_API: url },
    inputs: { 'api-host': url },
    standIns: { [CHECKOUT]: 'true', Migrate: 'echo "migrating"' },
  })

  it("the README's gate is wait-for-operations' own action; an input its action.yml does not declare stops the job", async () => {
    const job = gate()
    expect(job.steps[2]!.uses).toBe('<owner>/neon-api-action/wait-for-operations@v1')
    expect(job.steps[2]!.with).not.toHaveProperty('command')
    // The root action declares key-name; wait-for-operations' own action does not.
    job.steps[2]!.with = { ...job.steps[2]!.with, 'key-name': 'deploy' }
    await expect(runJob(job, context())).rejects.toThrow('wait-for-operations/action.yml has no input key-name')
  })

  it('the same step through the root action with `command:` ends as the sub-action does', async () => {
    const job = gate()
    job.steps[2] = { ...job.steps[2]!, uses: './', with: { command: 'wait-for-operations', ...job.steps[2]!.with } }
    const run = await runJob(job, context())
    expect(summary(run.steps)).toEqual([
      [CHECKOUT, 'success'],
      ['branch', 'success'],
      ['Wait for the platform', 'success'],
      ['Migrate', 'success'],
    ])
    expect(run.steps[2]!.outputs.status).toBe('finished')
  })
})
