import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { PlatformEmulator } from '../../emulator/platform.ts'
import { seedOrganizationHistory } from '../../emulator/seed.ts'
import { ROOT, errorLines } from '../../scripts/run-step.ts'
import { parse } from 'yaml'
import { recipeJob, runJob, yamlBlocks, type JobContext, type WorkflowJob } from '../../scripts/workflow.ts'
import { forgedCommands } from '../support/injection.ts'
import { polledPlatform } from '../support/polled-platform.ts'

/**
 * The recipes of this change, read from the Markdown and run as a runner runs a job against the
 * emulator: the README's daily health check, the health check with a report of docs/operations.md,
 * and the gate after create-branch-action of docs/deploy-gates.md (a script stands in for that
 * action, making the branch on the emulator).
 */
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
const operationsDoc = readFileSync(join(ROOT, 'docs', 'operations.md'), 'utf8')
const gates = readFileSync(join(ROOT, 'docs', 'deploy-gates.md'), 'utf8')

const START = Date.parse('2026-11-21T10:00:00Z')

let platform: PlatformEmulator
let url: string
let admin: { id: number; key: string }

beforeEach(async () => {
  platform = polledPlatform(START)
  url = await platform.start()
  admin = platform.addKey('ci')
})

afterEach(async () => {
  await platform.stop()
})

const context = (vars: Record<string, string>, more: Partial<JobContext> = {}): JobContext => ({
  secrets: { NEON_API_KEY: admin.key },
  vars,
  inputs: { 'api-host': url },
  // The action's clock starts where the emulator's does.
  step: { time: { mode: 'jump', start: START } },
  github: { run_id: '4242' },
  ...more,
})

describe("the README's daily health check", () => {
  const job = () => recipeJob(readme, '### A daily health check of every project')

  it('fails on the failed operations of the last day, naming the newest, with every output set, and warns of nothing', async () => {
    const org = seedOrganizationHistory(platform, {
      orgId: platform.defaultOrgId,
      projects: 4,
      operations: 300,
      days: 2,
      seed: 21,
    })
    const run = await runJob(job(), context({ NEON_ORG_ID: org.orgId }))
    expect(run.conclusion).toBe('failure')
    const result = run.steps[0]!.result!
    expect(errorLines(result.stdout)).toEqual([
      expect.stringMatching(
        /^::error::\d+ listed operation\(s\) have a status `fail-on-status` names \(failed, error\), the newest: /,
      ),
    ])
    expect(JSON.parse(result.outputs['failed-operation-ids']!).length).toBeGreaterThan(0)
    expect(result.outputs['org-id']).toBe(org.orgId)
    expect(platform.requests.filter((r) => /\/operations$/.test(r.path))).toHaveLength(4)
    // The records are too many for the `operations` output, which the recipe does not read: a line of the log, no warning.
    expect(result.outputs.operations).toBeUndefined()
    expect(result.stdout).toMatch(/^Not set: `operations` \(\d+ bytes\), .*`operations-file` output: /m)
    expect(result.stdout.split('\n').filter((line) => line.startsWith('::warning::'))).toEqual([])
  })

  it('passes when the last day went well', async () => {
    for (const id of platform.addProjects(3)) platform.addHistory(id, 20)
    const run = await runJob(job(), context({ NEON_ORG_ID: platform.defaultOrgId }))
    expect(run.conclusion).toBe('success')
    expect(run.steps[0]!.result!.outputs['operation-count']).toBe('60')
  })
})

describe("docs/operations.md's recipes print the platform's text as data", () => {
  /** Text of the platform that tries to make the runner take commands: annotations, masks, stopping command processing. */
  const FORGED = '::error file=app.js::forged'
  const hostile = (projectId: string) =>
    platform.inject({
      path: `/projects/${projectId}/operations`,
      kind: 'transform',
      transform: (page) => {
        const body = page as { operations: Array<Record<string, unknown>> }
        return {
          ...body,
          operations: body.operations.map((o, i) =>
            i === 0
              ? {
                  ...o,
                  status: 'failed',
                  project_id: `${FORGED}\n::add-mask::a`,
                  action: 'x ##[error]forged',
                  total_duration_ms: 400_000,
                }
              : i === 1
                ? { ...o, status: 'error', error: `boom\n::stop-commands::pwned\n${FORGED}\r##[warning]forged` }
                : i === 2
                  ? { ...o, status: '##[error]forged' }
                  : o,
          ),
        }
      },
      times: 9,
    })

  it('the health check with a report: the report names each failed operation on one line of JSON, and forges no command', async () => {
    const [a, b] = platform.addProjects(2) as [string, string]
    for (const id of [a, b]) platform.addHistory(id, 5)
    hostile(b)
    const run = await runJob(
      recipeJob(operationsDoc, '## A health check: fail-on-status'),
      context({ NEON_ORG_ID: platform.defaultOrgId }),
    )
    expect(run.steps.map((s) => [s.title, s.outcome])).toEqual([
      ['operations', 'failure'],
      ['Report', 'success'],
    ])
    const report = run.steps[1]!.log
    expect(forgedCommands(report)).toEqual([])
    expect(report.split('\n')[0]).toMatch(/^by status: \{"scheduling":0,.*,"other":1\}$/)
    // One line each for the two failed operations, the platform's text in it as it came, but for the ##[ the runner would take.
    const lines = report.split('\n').slice(1, -1)
    expect(lines).toHaveLength(2)
    expect(lines.map((line) => JSON.parse(line.replaceAll('# #[', '##[')) as unknown[])).toEqual([
      [`${FORGED}\n::add-mask::a`, expect.any(String), 'x ##[error]forged', 'failed', null],
      [
        b,
        expect.any(String),
        expect.any(String),
        'error',
        `boom\n::stop-commands::pwned\n${FORGED}\r##[warning]forged`,
      ],
    ])
    expect(forgedCommands(run.steps[0]!.result!.stdout, (value) => value === admin.key)).toEqual([])
  })

  it('the operations that took over five minutes, one line of JSON each', async () => {
    const project = platform.addProject().id
    platform.addHistory(project, 5)
    hostile(project)
    const at = operationsDoc.indexOf('Read the file with')
    const [step] = parse(yamlBlocks(operationsDoc.slice(at))[0]!.text) as WorkflowJob['steps']
    const job: WorkflowJob = {
      steps: [
        {
          id: 'operations',
          uses: './',
          with: { command: 'list-operations', 'api-key': '${{ secrets.NEON_API_KEY }}', 'project-id': project },
        },
        step!,
      ],
    }
    const run = await runJob(job, context({}))
    expect(run.steps.map((s) => s.outcome)).toEqual(['success', 'success'])
    const report = run.steps[1]!.log
    expect(forgedCommands(report)).toEqual([])
    expect(report).toBe(`${JSON.stringify([`${FORGED}\n::add-mask::a`, 'x # #[error]forged', 400])}\n`)
  })
})

describe('the gate after create-branch-action (docs/deploy-gates.md)', () => {
  const job = () => recipeJob(gates, '## After create-branch-action')
  /** Stands in for neondatabase/create-branch-action: its inputs come as INPUT_*, as a runner hands them over. */
  const createBranch = () =>
    [
      `curl -sSf -X POST "${url}/projects/$INPUT_PROJECT_ID/branches" -H "Authorization: Bearer $INPUT_API_KEY" \\`,
      `  -H 'Content-Type: application/json' -d '{"endpoints":[{"type":"read_write"}]}' > branch.json`,
      'echo "branch_id=$(jq -r .branch.id branch.json)" >> "$GITHUB_OUTPUT"',
    ].join('\n')

  it("waits until the new branch's operations are done, then migrates", async () => {
    const project = platform.addProject().id
    platform.addHistory(project, 30)
    const run = await runJob(
      job(),
      context(
        { NEON_PROJECT_ID: project },
        { standIns: { 'Create a preview branch': createBranch(), Migrate: 'echo migrating' } },
      ),
    )
    expect(run.steps.map((s) => [s.title, s.outcome])).toEqual([
      ['Create a preview branch', 'success'],
      ['Wait for the branch', 'success'],
      ["Check the branch's operations", 'success'],
      ['Migrate', 'success'],
    ])
    const branch = run.steps[0]!.outputs.branch_id!
    expect(branch).toMatch(/^br-/)
    const ops = platform.operations(project).filter((o) => o.branch_id === branch)
    expect(ops.map((o) => [o.action, o.status])).toEqual([
      ['start_compute', 'finished'],
      ['create_branch', 'finished'],
    ])
    expect(run.steps[1]!.result!.outputs.status).toBe('finished')
    expect(JSON.parse(run.steps[2]!.result!.outputs.operations!).map((o: { id: string }) => o.id)).toEqual(
      ops.map((o) => o.id),
    )
  })

  it('an operation of the branch that failed before the gate looked: the check after it fails, naming it; Migrate never runs', async () => {
    const project = platform.addProject().id
    const run = await runJob(
      job(),
      context(
        { NEON_PROJECT_ID: project },
        {
          standIns: { 'Create a preview branch': createBranch(), Migrate: 'echo migrating' },
          afterStep: (step) => {
            if (step.id !== 'branch') return
            const [first] = platform.operations(project).filter((o) => o.branch_id === step.outputs.branch_id)
            // `error`, not `failed`: a failed operation is still pending to the gate (on-failed: wait).
            platform.setOperation(first!.id, {
              status: 'error',
              failures_count: 1,
              error: 'the compute did not start',
            })
          },
        },
      ),
    )
    // Never pending to the gate, which passes; the check after it fails, naming the operation.
    expect(run.steps.map((s) => s.outcome)).toEqual(['success', 'success', 'failure', 'skipped'])
    const [failed] = platform.operations(project).filter((o) => o.status === 'error')
    expect(errorLines(run.steps[2]!.result!.stdout)).toEqual([
      `::error::1 listed operation(s) have a status \`fail-on-status\` names (failed, error, cancelled), the newest: ${failed!.id} ` +
        `(project ${project}, branch ${failed!.branch_id}, ${failed!.action}, error, 2026-11-21 10:00 UTC).`,
    ])
  })
})
