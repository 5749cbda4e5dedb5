// The first example of docs/projects.md and the README's key for one job, read from the Markdown and run as a runner runs them
// (scripts/workflow.ts), as a new user would copy them: a child process per step of the action on the committed
// bundle, against the platform emulator. The deploy gates: readme.test.ts; the health check: list-operations-recipes.e2e.test.ts.
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import type { PlatformEmulator } from '../../emulator/platform.ts'
import { ROOT, errorLines } from '../../scripts/run-step.ts'
import { recipeJob, runJob, yamlBlocks, type WorkflowJob } from '../../scripts/workflow.ts'
import { platformPerTest } from '../support/platform-per-test.ts'

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
const projects = readFileSync(join(ROOT, 'docs', 'projects.md'), 'utf8')

let platform: PlatformEmulator
let url: string
let admin: { id: number; key: string }
platformPerTest((started) => ({ platform, url, admin } = started))

describe("docs/projects.md's first example", () => {
  /** Its steps: as written, or with the line it leaves commented out taken in. */
  const example = (uncomment: boolean): WorkflowJob => {
    const block = yamlBlocks(projects)[0]!.text
    return {
      steps: parse(uncomment ? block.replace(/^(\s*)# (org-id: .*?)\s+#.*$/m, '$1$2') : block) as WorkflowJob['steps'],
    }
  }

  it('a user in two organizations: the step fails naming `org-id`, and the line the example shows makes it pass', async () => {
    const org = platform.defaultOrgId
    const other = platform.addOrganization({ name: 'Data Team' }).id
    const mine = platform.addProject({ org_id: other, name: 'warehouse' }).id
    const user = platform.addUser({ organizations: { [org]: 'member', [other]: 'admin' } })
    const key = platform.addKey('two-orgs', { user }).key
    const context = { secrets: { NEON_API_KEY: key }, vars: { NEON_ORG_ID: other }, inputs: { 'api-host': url } }

    const asWritten = await runJob(example(false), context)
    expect(asWritten.conclusion).toBe('failure')
    expect(errorLines(asWritten.steps[0]!.result!.stdout)).toEqual([
      expect.stringMatching(
        /^::error::The step's key is a personal key whose user belongs to 2 organizations: .*set `org-id`/,
      ),
    ])

    // The line it leaves commented out says when it is needed.
    expect(example(false).steps[0]!.with).not.toHaveProperty('org-id')
    expect(projects).toContain(
      "    # org-id: ${{ vars.NEON_ORG_ID }}   # needed when the key's user is in several organizations\n",
    )
    const withOrg = await runJob(example(true), context)
    expect(withOrg.steps[0]!.inputs!['org-id']).toBe(other)
    expect(withOrg.conclusion).toBe('success')
    expect(JSON.parse(withOrg.steps[0]!.outputs['project-ids']!)).toEqual([mine])
  })
})

describe("the README's key for this job only", () => {
  it('takes the longest run ids and job ids a runner gives: the key is made, named within the 64 characters', async () => {
    const project = platform.addProject().id
    const runId = String(2n ** 63n - 1n)
    const run = await runJob(recipeJob(readme, '### A key for this job only'), {
      secrets: { NEON_DEPLOY_MINTER_KEY: admin.key },
      vars: { NEON_PROJECT_ID: project },
      inputs: { 'api-host': url },
      github: { run_id: runId, run_attempt: '999', job: `deploy_${'j'.repeat(93)}` },
      standIns: { 'npm run migrate': 'test -n "$NEON_API_KEY" && echo "migrating with the job key"' },
    })
    expect(run.steps.map((s) => [s.title, s.outcome])).toEqual([
      ['job-key', 'success'],
      ['npm run migrate', 'success'],
    ])
    const made = platform.keys().find((k) => k.id === Number(run.steps[0]!.outputs['key-id']))!
    expect(made.name).toMatch(new RegExp(`^deploy-${runId}-999~exp-\\d{8}T\\d{4}Z$`))
    expect(made.name.length).toBeLessThanOrEqual(64)
  })
})
