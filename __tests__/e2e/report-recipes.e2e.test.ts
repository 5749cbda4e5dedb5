// The report steps of docs/deploy-gates.md and the project list of docs/projects.md print the platform's text: run as a
// runner runs a job (scripts/workflow.ts), against records whose text tries to make the runner take commands, each prints
// that text as data, one line of JSON per record, and no line of their log is a runner command. The action's own step
// is a child process on the committed bundle, against the platform emulator.
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { takeViolations } from '../../emulator/contract.ts'
import { parse } from 'yaml'
import type { PlatformEmulator } from '../../emulator/platform.ts'
import { ROOT } from '../../scripts/run-step.ts'
import { runJob, yamlBlocks, type JobContext, type WorkflowJob } from '../../scripts/workflow.ts'
import { forgedCommands } from '../support/injection.ts'
import { platformPerTest } from '../support/platform-per-test.ts'

/** Text of the platform that tries to forge an annotation, mask a word and stop the runner's commands. */
const FORGED = 'x ##[error]forged\n::error file=app.js::forged\n::stop-commands::pwned'

let platform: PlatformEmulator
let url: string
let admin: { id: number; key: string }
platformPerTest((started) => ({ platform, url, admin } = started))

/** The first ```yaml block after `heading` in a page of docs/: one step, or a list of steps. */
function stepsAfter(page: string, heading: string): WorkflowJob['steps'] {
  const markdown = readFileSync(join(ROOT, 'docs', page), 'utf8')
  const parsed = parse(yamlBlocks(markdown.slice(markdown.indexOf(heading)))[0]!.text) as WorkflowJob['steps']
  return parsed
}

const context = (): JobContext => ({
  secrets: { NEON_API_KEY: admin.key },
  vars: {},
  inputs: { 'api-host': url },
  github: {},
})
const action = (id: string, inputs: Record<string, string>) => ({
  id,
  uses: './',
  with: { 'api-key': '${{ secrets.NEON_API_KEY }}', ...inputs },
})

describe("docs/deploy-gates.md's reports print the platform's text as data", () => {
  it.each(['## Reading the outputs in a later step', 'from `outputs-file` then'])(
    'after %j: one line of JSON per operation, no command',
    async (heading) => {
      const project = platform.addProject().id
      const operation = platform.addOperation(project, {
        action: FORGED,
        timeline: [{ afterMs: 0, status: 'failed', failures_count: 1 }],
      })
      const [report] = stepsAfter('deploy-gates.md', heading)
      const job: WorkflowJob = {
        steps: [
          action('wait', { command: 'wait-for-operations', 'project-id': project, 'operation-ids': operation }),
          report!,
        ],
      }
      const run = await runJob(job, context())
      expect(run.steps.map((s) => s.outcome)).toEqual(['failure', 'success'])
      const log = run.steps[1]!.log
      expect(forgedCommands(log)).toEqual([])
      expect(log).toContain(`${JSON.stringify([operation, FORGED, 'failed']).replaceAll('##[', '# #[')}\n`)
      // No action of the platform's description looks like this; the check of the emulator's answers says so.
      expect(
        takeViolations().every((problem) =>
          problem.includes('/operation/action must be equal to one of the allowed values'),
        ),
      ).toBe(true)
    },
  )
})

describe("docs/projects.md's list prints the platform's text as data", () => {
  it('one line of JSON per project, its name as it came, no command', async () => {
    const project = platform.addProject({ name: FORGED })
    const [list, print] = stepsAfter('projects.md', '# Listing projects')
    const run = await runJob({ steps: [list!, print!] }, context())
    expect(run.steps.map((s) => s.outcome)).toEqual(['success', 'success'])
    const log = run.steps[1]!.log
    expect(forgedCommands(log)).toEqual([])
    expect(log).toContain(JSON.stringify([project.id, FORGED, project.region_id]).replaceAll('##[', '# #['))
  })
})
