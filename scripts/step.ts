/**
 * `npm run step -- command=list-projects [name=value…] [--rate-limits[=fixed]] [--local-action]`:
 * one step of the committed dist/index.js, run the way a runner runs it (INPUT_* with action.yml's
 * defaults, the GITHUB_OUTPUT, GITHUB_STATE and GITHUB_STEP_SUMMARY files), against a freshly
 * started platform emulator seeded as `npm run emulator` seeds it (emulator/seed.ts), and a GitHub
 * emulator (emulator/github.ts) for the secrets rotate-key stores: GITHUB_API_URL points at it and
 * GITHUB_REPOSITORY names octo-org/deploys. Prints the log, the outputs, the job summary and the
 * requests the step sent. For list-operations the organization also gets busy projects with days
 * of operations (seedOrganizationHistory). `api-key` and `api-host` default to the platform emulator's,
 * wait-for-operations' `project-id` to the project whose operations move, and rotate-key's
 * `github-token` (with `secret-name`) to the GitHub emulator's. `--local-action` runs the main step
 * and then the post step from src/ through `@github/local-action` instead (scripts/local-action.ts),
 * and prints what it shows.
 *
 * A recipe's `with:` plays as the README writes it: `${{ … }}` in a value stands for what the
 * emulators offer (recipeContexts below), so `api-key=${{ secrets.NEON_API_KEY }}` is the seeded
 * admin's key and `org-id=${{ vars.NEON_ORG_ID }}` the seeded organization.
 *
 *   npm run step -- command=wait-for-operations operation-ids=pending poll-interval=1
 *   npm run step -- command=create-key key-name=try-me
 *   npm run step -- command=rotate-key secret-name=NEON_API_KEY
 *   npm run step -- command=prune-keys 'org-id=${{ vars.NEON_ORG_ID }}' unused-for=90d
 *   npm run step -- --local-action command=create-key key-name=try-me revoke-after-job=true
 */
import { GitHubEmulator } from '../emulator/github.ts'
import { PlatformEmulator } from '../emulator/platform.ts'
import { seedAccount, seedOrganizationHistory } from '../emulator/seed.ts'
import { runLocalAction } from './local-action.ts'
import { actionYaml, runStep } from './run-step.ts'
import { printStep, summaryText } from './show-step.ts'
import { interpolate, type Scope } from './workflow.ts'

const USAGE = 'usage: npm run step -- command=<command> [input=value…] [--rate-limits[=sliding|fixed]] [--local-action]'
/** The workflow's repository: where rotate-key stores its secret unless `secret-targets` says. */
const REPOSITORY = 'octo-org/deploys'

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\ninputs: ${Object.keys(actionYaml.inputs).join(', ')}\n`)
  process.exit(2)
}

const inputs: Record<string, string> = {}
let rateLimits: 'sliding' | 'fixed' | undefined
let localAction = false
for (const arg of process.argv.slice(2)) {
  if (arg === '--local-action') localAction = true
  else if (arg === '--rate-limits' || arg === '--rate-limits=sliding') rateLimits = 'sliding'
  else if (arg === '--rate-limits=fixed') rateLimits = 'fixed'
  else if (arg === '-h' || arg === '--help') fail('Runs one step of the action against a fresh emulator.')
  else {
    const at = arg.indexOf('=')
    if (at <= 0) fail(`not an input=value pair: ${arg}`)
    const name = arg.slice(0, at)
    if (!(name in actionYaml.inputs)) fail(`action.yml has no input ${JSON.stringify(name)}`)
    inputs[name] = arg.slice(at + 1)
  }
}
if (!inputs.command) fail('command= is required')

const platform = new PlatformEmulator(rateLimits ? { rateLimits: { window: rateLimits } } : {})
const account = seedAccount(platform, 12)
/** list-operations reads days of operations: the organization gets busy projects, as `npm run emulator -- --history-projects` gives them. */
const HISTORY = { projects: 6, operations: 400, days: 3 }
if (inputs.command === 'list-operations') {
  seedOrganizationHistory(platform, { orgId: account.orgId, ...HISTORY })
  console.log(
    `Added ${HISTORY.projects} projects to organization ${account.orgId}, each with ${HISTORY.operations} operations over the last ` +
      `${HISTORY.days} days, statuses mixed (npm run emulator -- --history-projects ${HISTORY.projects} --history-operations ${HISTORY.operations} --history-days ${HISTORY.days}).`,
  )
}
const github = new GitHubEmulator()
const url = await platform.start()
await github.start()
const githubEnv = { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: REPOSITORY }

/** Every name of a context reads `value`; with none, every name is missing (empty). */
const everyName = <T>(value?: T): Record<string, T> => new Proxy({}, { get: (_, name) => (typeof name === 'string' ? value : undefined) })

/**
 * What a recipe's expressions read in the value of `input`: a secret is the platform emulator's key
 * in `api-key` and the GitHub emulator's token in `github-token`; a variable is the seeded project
 * in `project-id` and the organization in `org-id`; `steps.<id>.outputs.operations` the operations
 * of a branch made on the seeded project just before, as a deploy gate's step before it makes one;
 * `github` a run started by hand in octo-org/deploys (its `token` the GitHub emulator's); a manual run's `inputs` left empty.
 */
function recipeContexts(input: string, operations: string | undefined): Scope {
  const secrets: Record<string, string> = { 'api-key': account.admin.key, 'github-token': github.token }
  const vars: Record<string, string> = { 'project-id': account.operationsProject, 'org-id': account.orgId }
  const outputs: Record<string, string> = operations === undefined ? {} : { operations }
  return {
    secrets: everyName(secrets[input]),
    vars: everyName(vars[input]),
    env: {},
    steps: everyName({ outputs, outcome: 'success', conclusion: 'success' }),
    records: [],
    github: {
      token: github.token,
      repository: REPOSITORY,
      repository_owner: REPOSITORY.split('/')[0]!,
      event_name: 'workflow_dispatch',
      run_id: String(Math.floor(Date.now() / 1000)),
      run_number: '1',
      run_attempt: '1',
      job: 'step',
      workflow: 'npm run step',
    },
    inputs: {},
  }
}

/** The operations of a new branch with a read-write endpoint, as POST /projects/{id}/branches answers them. */
function madeBranchOperations(): string {
  const made = platform.createBranch(account.operationsProject, { endpoints: ['read_write'] })
  console.log(`Made branch ${made.branch.id} of project ${account.operationsProject}, as a deploy gate's step before it would.`)
  return JSON.stringify(made.operations)
}

const operations = Object.values(inputs).some((value) => /\bsteps\.[\w-]+\.outputs\.operations\b/.test(value))
  ? madeBranchOperations()
  : undefined
const given: Record<string, string> = {}
for (const [name, value] of Object.entries(inputs)) {
  try {
    given[name] = interpolate(value, recipeContexts(name, operations))
  } catch (error) {
    fail(`input ${name}: ${(error as Error).message}`)
  }
}
const all: Record<string, string> = { 'api-key': account.admin.key, 'api-host': url, ...given }
if (all.command === 'wait-for-operations' && all['project-id'] === undefined) all['project-id'] = account.operationsProject
if (all.command === 'rotate-key' && all['secret-name'] !== undefined && all['github-token'] === undefined)
  all['github-token'] = github.token

try {
  if (localAction) {
    const result = await runLocalAction(all, { env: githubEnv })
    process.stdout.write(result.stdout)
    process.stderr.write(result.stderr)
    if (result.summary) console.log(`  summary:\n${summaryText(result.summary).replace(/^/gm, '    ')}`)
    process.exitCode = result.code ?? 1
  } else {
    const result = await runStep(all, { entry: 'bundle', time: 'real', env: githubEnv })
    printStep(`${all.command} (dist/index.js, against the emulator at ${url})`, all, result)
    process.exitCode = result.code ?? 1
  }
  printRequests('the platform', platform.requests)
  if (github.requests.length) printRequests(`GitHub (${REPOSITORY})`, github.requests)
} finally {
  await platform.stop()
  await github.stop()
}

function printRequests(to: string, requests: readonly { method: string; path: string; status: number }[]): void {
  const sent = new Map<string, number>()
  for (const r of requests) sent.set(`${r.method} ${r.path} → ${r.status}`, (sent.get(`${r.method} ${r.path} → ${r.status}`) ?? 0) + 1)
  const lines = [...sent].map(([request, n]) => `    ${request}${n > 1 ? ` (×${n})` : ''}`)
  console.log(`  requests the steps sent to ${to}: ${requests.length}${lines.length ? `\n${lines.join('\n')}` : ''}`)
}
