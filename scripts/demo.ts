/**
 * `npm start`: the action's main job against the local platform emulator, with no account and
 * no network. Each step runs the built dist/index.js the way a GitHub runner does, and this
 * prints what a workflow author would see: the log, the outputs and the job summary.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { GitHubEmulator } from '../emulator/github.ts'
import { expiringKeyName } from '../emulator/names.ts'
import { PlatformEmulator } from '../emulator/platform.ts'
import { seedOrganizationHistory } from '../emulator/seed.ts'
import { ROOT, runStep } from './run-step.ts'
import { bold, dim, printStep as print, shown } from './show-step.ts'
import { recipeJob, runJob, type JobContext } from './workflow.ts'

async function main(): Promise<void> {
  const platform = new PlatformEmulator()
  const url = await platform.start()
  const admin = platform.addKey('workflow-admin')
  const org = platform.defaultOrgId
  const [neighbour] = platform.addProjects(23) as [string]
  const projectId = platform.addProject({ name: 'deploy-target' }).id
  platform.addHistory(projectId, 300)
  // A second organization, and a user who belongs to both.
  const dataOrg = platform.addOrganization({ name: 'Data Team' }).id
  for (const name of ['warehouse', 'warehouse-staging', 'ingest']) platform.addProject({ name, org_id: dataOrg })
  platform.addOrgKey(org, 'nightly-inventory')
  const consultant = platform.addKey('consultant', { user: platform.addUser({ organizations: { [org]: 'member', [dataOrg]: 'admin' } }) })
  console.log(bold('neon-api-action demo'))
  console.log(
    `The platform emulator listens on ${url}: organization ${org} with 24 projects, an admin's personal key and an organization key, ` +
      `organization ${dataOrg} with 3 projects, and a user in both.`,
  )
  console.log('Each step below runs dist/index.js as a GitHub runner would.')

  const base = { 'api-key': admin.key, 'api-host': url }
  const github = new GitHubEmulator()
  await github.start()
  const githubEnv = { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: 'octo-org/deploys' }
  const step = async (title: string, inputs: Record<string, string>, state?: Record<string, string>) => {
    const all = { ...base, ...inputs }
    const result = await runStep(all, { state, time: 'real', entry: 'bundle', env: githubEnv })
    print(title, inputs, result)
    return result
  }

  await step("List every project of the key's organization (resolved: its only one)", { command: 'list-projects' })
  await step('A key whose user is in two organizations must say which: one clear error naming both', {
    command: 'list-projects',
    'api-key': consultant.key,
  })
  await step("List an organization's projects, by name", {
    command: 'list-projects',
    'api-key': consultant.key,
    'org-id': dataOrg,
    search: 'warehouse',
  })

  const created = await step('Create a key for this job', { command: 'create-key', 'key-name': 'demo-job-key', 'revoke-after-job': 'true' })
  await step('List keys: ids, names, last use, never a value', { command: 'list-keys' })

  const now = Date.now()
  const branchOps = [
    platform.addOperation(projectId, {
      action: 'create_branch',
      branch_id: 'br-demo-123456',
      timeline: [
        { afterMs: 0, status: 'running' },
        { afterMs: 1500, status: 'finished' },
      ],
      createdAt: now,
    }),
    platform.addOperation(projectId, {
      action: 'start_compute',
      branch_id: 'br-demo-123456',
      endpoint_id: 'ep-demo-123456',
      timeline: [
        { afterMs: 0, status: 'scheduling' },
        { afterMs: 1000, status: 'running' },
        { afterMs: 2200, status: 'finished' },
      ],
      createdAt: now + 1,
    }),
  ]
  await step("Wait for a new branch's operations (deploy gate)", {
    command: 'wait-for-operations',
    'project-id': projectId,
    'operation-ids': branchOps.join(','),
    'poll-interval': '1',
  })
  await step('Wait until the project is idle', {
    command: 'wait-for-operations',
    'project-id': projectId,
    'operation-ids': 'pending',
    'poll-interval': '1',
  })
  await step('A typo in the workflow (an empty operation-ids) fails the gate, with no request', {
    command: 'wait-for-operations',
    'project-id': projectId,
    'operation-ids': '',
  })

  const failing = platform.addOperation(projectId, {
    action: 'apply_config',
    branch_id: 'br-demo-123456',
    timeline: [
      { afterMs: 0, status: 'running' },
      { afterMs: 500, status: 'failed', failures_count: 1, error: 'role "app" already exists' },
    ],
  })
  await step('A failed operation fails the step and names it', {
    command: 'wait-for-operations',
    'project-id': projectId,
    'operation-ids': failing,
    'poll-interval': '1',
  })

  const ciKey = platform.addKey('ci-deploy')
  const rotated = await step('Rotate the key named ci-deploy, storing the new one in secret NEON_API_KEY', {
    command: 'rotate-key',
    'api-key': ciKey.key,
    'key-name': 'ci-deploy',
    'secret-name': 'NEON_API_KEY',
    'github-token': github.token,
  })
  const stored = github.secret('octo-org', 'deploys', 'NEON_API_KEY')
  console.log(
    `\nSecret NEON_API_KEY holds the new key: ${stored === rotated.outputs.key}; old key ${ciKey.id} valid: ${platform.isKeyValid(ciKey.id)}`,
  )

  // One key, many consumers: two repositories, an environment and an organization secret for two repositories.
  const sharedKey = platform.addKey('shared-deploy')
  github.addEnvironment('octo-org', 'web', 'production')
  github.store({ organization: 'octo-org' }, 'NEON_API_KEY', sharedKey.key, {
    visibility: 'selected',
    repositories: ['octo-org/api', 'octo-org/worker'],
  })
  const everywhere = await step('Rotate a key that four places read, storing it in every one before revoking the old one', {
    command: 'rotate-key',
    'api-key': sharedKey.key,
    'key-name': 'shared-deploy',
    'keep-previous': '0',
    'secret-name': 'NEON_API_KEY',
    'secret-targets': 'octo-org/api\nocto-org/worker\nocto-org/web:production\norg:octo-org',
    'github-token': github.token,
  })
  const organizationSecret = github.stored({ organization: 'octo-org' }, 'NEON_API_KEY')
  console.log(
    `\nThe organization secret holds the new key: ${organizationSecret?.value === everywhere.outputs.key}, ` +
      `still for ${organizationSecret?.repositories?.join(' and ')}; old key ${sharedKey.id} valid: ${platform.isKeyValid(sharedKey.id)}`,
  )

  const jobInputs = { command: 'create-key', 'key-name': 'deploy-job-42', 'project-id': projectId, 'revoke-after-job': 'true' }
  const jobKey = await step('A project-scoped job key: it reaches deploy-target and nothing else', jobInputs)
  const ready = platform.addOperation(projectId, { action: 'apply_config', status: 'finished', createdAt: Date.now() })
  await step('The job key gates its own project', {
    command: 'wait-for-operations',
    'api-key': jobKey.outputs.key!,
    'project-id': projectId,
    'operation-ids': ready,
  })
  const elsewhere = platform.addOperation(neighbour, { status: 'finished' })
  await step('The job key is refused on any other project, even of its own organization', {
    command: 'wait-for-operations',
    'api-key': jobKey.outputs.key!,
    'project-id': neighbour,
    'operation-ids': elsewhere,
  })
  await step("List the organization's keys, with each key's scope", { command: 'list-keys', 'org-id': org })
  await step('Its post step revokes it through its organization', jobInputs, jobKey.state)
  console.log(`\nJob key ${jobKey.outputs['key-id']} valid after the post step: ${platform.isKeyValid(Number(jobKey.outputs['key-id']))}`)

  await step('Revoke keys by name', { command: 'revoke-key', 'key-name': 'nobody-uses-this-name' })
  await step('The post step revokes the job-scoped key', { command: 'create-key', 'key-name': 'demo-job-key' }, created.state)
  console.log(`\nKey ${created.outputs['key-id']} valid after the post step: ${platform.isKeyValid(Number(created.outputs['key-id']))}`)

  // Keys with a past: a job key whose runner died before its post step, a laptop's key idle for
  // months, a key made by hand and never used, and an organization's orphaned project-scoped key.
  const day = 86_400_000
  const hour = 3_600_000
  const past = Date.now()
  platform.addKey(expiringKeyName('job-7781-1-deploy', past - day), { createdAt: past - day - 6 * hour, lastUsedAt: past - day - 5 * hour })
  platform.addKey('old-laptop', { createdAt: past - 300 * day, lastUsedAt: past - 120 * day })
  platform.addKey('test-by-hand', { createdAt: past - 95 * day })
  platform.addOrgKey(org, expiringKeyName('deploy-1200-1', past - 3 * day), { projectId, createdAt: past - 3 * day - hour })
  await step('Key hygiene, dry run: what a sweep would revoke, and why', { command: 'prune-keys', 'unused-for': '90d' })
  await step("The real sweep revokes them, never the step's own key", { command: 'prune-keys', 'unused-for': '90d', 'dry-run': 'false' })
  await step("The organization's sweep finds an orphaned project-scoped job key", {
    command: 'prune-keys',
    'org-id': org,
    'dry-run': 'false',
  })

  await step('A wrong API key gives one clear error', { command: 'list-keys', 'api-key': 'napi_not_a_real_key' })
  await step('A wrong input gives one clear error and sends no request', { command: 'revoke-key', 'key-id': 'twelve' })

  // The README's deploy-gate recipe, read from the README and run as a workflow runs it.
  const recipe = recipeJob(readFileSync(join(ROOT, 'README.md'), 'utf8'), '### A deploy gate in one step')
  const gate = (key: string, afterStep?: JobContext['afterStep']) =>
    runJob(recipe, {
      secrets: { NEON_API_KEY: key },
      vars: { NEON_PROJECT_ID: projectId },
      env: { NEON_API: url },
      inputs: { 'api-host': url },
      standIns: { Migrate: 'echo "(your migration runs here)"' },
      step: { time: 'real', entry: 'bundle' },
      afterStep,
    })
  console.log(
    `\n${bold("The README's deploy-gate recipe, as a workflow runs it (curl creates a branch; the gate waits for its operations)")}`,
  )
  printJob(await gate(admin.key))
  console.log(
    `\n${bold('The same recipe, with its key revoked right after the branch was made: the gate fails closed, and Migrate never runs')}`,
  )
  const gateKey = platform.addKey('deploy-gate')
  printJob(
    await gate(gateKey.key, async (done) => {
      if (done.id !== 'branch') return
      await fetch(`${url}/api_keys/${gateKey.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${admin.key}` } })
    }),
  )

  // The README's daily health check, on an organization whose projects have days of operations.
  const busy = seedOrganizationHistory(platform, { orgId: org, projects: 8, operations: 600, days: 3 })
  console.log(
    `\n${bold("The README's daily health check, as a workflow runs it")} ${dim(`(${busy.projectIds.length} more projects, 600 operations each over 3 days, statuses mixed)`)}`,
  )
  printJob(
    await runJob(recipeJob(readFileSync(join(ROOT, 'README.md'), 'utf8'), '### A daily health check of every project'), {
      secrets: { NEON_API_KEY: admin.key },
      vars: { NEON_ORG_ID: org },
      inputs: { 'api-host': url },
      step: { time: 'real', entry: 'bundle' },
    }),
  )

  // The README's tripwire: two CI keys of the organization, one last used from a GitHub-hosted runner, one from elsewhere.
  const month = Date.now() - 30 * day
  platform.addOrgKey(org, 'ci-deploy', { createdAt: month, lastUsedAt: Date.now() - hour, lastUsedFrom: '198.51.100.23' })
  platform.addOrgKey(org, 'ci-nightly', { createdAt: month, lastUsedAt: Date.now() - 5 * hour, lastUsedFrom: '203.0.113.7' })
  console.log(
    `\n${bold("The README's daily tripwire, as a workflow runs it")} ${dim("(the runners' ranges from the GitHub emulator's meta API)")}`,
  )
  printJob(
    await runJob(recipeJob(readFileSync(join(ROOT, 'README.md'), 'utf8'), '### A daily tripwire for leaked keys'), {
      secrets: { NEON_API_KEY: admin.key },
      vars: { NEON_ORG_ID: org },
      inputs: { 'api-host': url },
      github: { token: github.token },
      step: { time: 'real', entry: 'bundle', env: githubEnv },
    }),
  )

  // The gate after create-branch-action (docs/deploy-gates.md): a script stands in for that action.
  const createBranch = [
    `curl -sSf -X POST "${url}/projects/$INPUT_PROJECT_ID/branches" -H "Authorization: Bearer $INPUT_API_KEY" \\`,
    `  -H 'Content-Type: application/json' -d '{"endpoints":[{"type":"read_write"}]}' > branch.json`,
    'echo "Created branch $(jq -r .branch.id branch.json) (a stand-in for neondatabase/create-branch-action)"',
    'echo "branch_id=$(jq -r .branch.id branch.json)" >> "$GITHUB_OUTPUT"',
  ].join('\n')
  console.log(`\n${bold('The gate after create-branch-action (docs/deploy-gates.md): wait on the new branch, then check its operations')}`)
  printJob(
    await runJob(recipeJob(readFileSync(join(ROOT, 'docs', 'deploy-gates.md'), 'utf8'), '## After create-branch-action'), {
      secrets: { NEON_API_KEY: admin.key },
      vars: { NEON_PROJECT_ID: projectId },
      inputs: { 'api-host': url },
      github: { run_id: String(Math.floor(Date.now() / 1000)) },
      standIns: { 'Create a preview branch': createBranch, Migrate: 'echo "(your migration runs here)"' },
      step: { time: 'real', entry: 'bundle' },
    }),
  )

  await platform.stop()
  await github.stop()
}

function printJob(job: Awaited<ReturnType<typeof runJob>>): void {
  for (const record of job.steps) {
    if (record.outcome === 'skipped') {
      console.log(dim(`\n▷ ${record.title}: skipped (its if: is false)`))
    } else if (record.kind === 'uses') {
      print(record.title, record.inputs ?? {}, record.result!)
    } else {
      console.log(`\n${bold(`▶ ${record.title}`)} ${dim('(run:)')}`)
      if (record.log.trim()) console.log(shown(record.log, []).trimEnd().replace(/^/gm, '  │ '))
      for (const [name, value] of Object.entries(record.outputs)) console.log(`    ${name} = ${value.slice(0, 160)}`)
      console.log(dim(`  ${record.outcome}`))
    }
  }
  console.log(`\n  job: ${job.conclusion}`)
}

await main()
