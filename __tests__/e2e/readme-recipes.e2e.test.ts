// The README's quick start, read from the Markdown and run as a runner runs it (scripts/workflow.ts), as a new user
// would copy it: a child process per step of the action on the committed bundle,
// against the platform emulator. The deploy gates: readme.test.ts; the health check: list-operations-recipes.e2e.test.ts.
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import type { PlatformEmulator } from '../../emulator/platform.ts'
import { ROOT, errorLines } from '../../scripts/run-step.ts'
import { runJob, yamlBlocks, type WorkflowJob } from '../../scripts/workflow.ts'
import { platformPerTest } from '../support/platform-per-test.ts'

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')

let platform: PlatformEmulator
let url: string
platformPerTest((started) => ({ platform, url } = started))

describe("the README's quick start", () => {
  /** The quick start's steps: as written, or with the line it leaves commented out taken in. */
  const quickStart = (uncomment: boolean): WorkflowJob => {
    const block = yamlBlocks(readme.slice(readme.indexOf('\n## Quick start\n')))[0]!.text
    return { steps: parse(uncomment ? block.replace(/^(\s*)# (org-id: .*?)\s+#.*$/m, '$1$2') : block) as WorkflowJob['steps'] }
  }

  it('a user in two organizations: the step fails naming `org-id`, and the line the quick start shows makes it pass', async () => {
    const org = platform.defaultOrgId
    const other = platform.addOrganization({ name: 'Data Team' }).id
    const mine = platform.addProject({ org_id: other, name: 'warehouse' }).id
    const user = platform.addUser({ organizations: { [org]: 'member', [other]: 'admin' } })
    const key = platform.addKey('two-orgs', { user }).key
    const context = { secrets: { NEON_API_KEY: key }, vars: { NEON_ORG_ID: other }, inputs: { 'api-host': url } }

    const asWritten = await runJob(quickStart(false), context)
    expect(asWritten.conclusion).toBe('failure')
    expect(errorLines(asWritten.steps[0]!.result!.stdout)).toEqual([
      expect.stringMatching(/^::error::The step's key is a personal key whose user belongs to 2 organizations: .*set `org-id`/),
    ])

    // The line it leaves commented out says when it is needed.
    expect(quickStart(false).steps[0]!.with).not.toHaveProperty('org-id')
    expect(readme).toContain("    # org-id: ${{ vars.NEON_ORG_ID }}   # needed when the key's user is in several organizations\n")
    const withOrg = await runJob(quickStart(true), context)
    expect(withOrg.steps[0]!.inputs!['org-id']).toBe(other)
    expect(withOrg.conclusion).toBe('success')
    expect(JSON.parse(withOrg.steps[0]!.outputs['project-ids']!)).toEqual([mine])
  })
})
