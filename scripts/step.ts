/**
 * `npm start` and `npm run step`: the committed dist/index.js run the way a runner runs it (scripts/run-step.ts), its
 * main step and then its post step, against a freshly started platform emulator seeded as `npm run emulator` seeds it
 * (emulator/seed.ts, with busy projects for list-operations) and a GitHub emulator for the secrets rotate-key stores
 * (GITHUB_REPOSITORY is octo-org/deploys). Prints what a workflow author sees: each step's log, outputs and job summary,
 * and the requests it sent.
 *
 *   npm run step -- command=wait-for-operations operation-ids=pending [input=value…] [--rate-limits[=fixed]]
 *                   [--sub-action] [--local-action]
 *     One step, of the root action with `command`, or with `--sub-action` of that command's own action (its folder's
 *     action.yml: only the inputs it declares, a post step only where it has one). `api-key` and `api-host` default to
 *     the emulator's, wait-for-operations' `project-id` to the project whose operations move, rotate-key's
 *     `github-token` to the GitHub emulator's. `${{ … }}` in a value reads what the emulators offer (recipeContexts),
 *     so a README recipe's `with:` plays as written. `--local-action` runs both steps of the root action from src/
 *     through @github/local-action instead (scripts/local-action.ts).
 *   npm start
 *     Every command, then every recipe of the README played the same way (through the command's own action, as the
 *     recipe names it), then the README's deploy gate,
 *     docs/deploy-gates.md's two gates and docs/offboarding.md's weekly check run as a workflow runs them
 *     (scripts/workflow.ts). Some of them fail on purpose, each with the error it shows off; it ends with a tally and
 *     exits 1 when anything else failed, or one of those passed, naming it.
 *   npm start -- --jobs
 *     Only the jobs run as a workflow runs them: the part that needs bash, curl and jq.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { GitHubEmulator } from '../emulator/github.ts'
import { COMMAND_NAMES } from '../src/commands/registry.ts'
import { PlatformEmulator } from '../emulator/platform.ts'
import { seedAccount, seedOrganizationHistory } from '../emulator/seed.ts'
import { runLocalAction } from './local-action.ts'
import { ROOT, actionOf, runStep, stripMasks, type StepResult } from './run-step.ts'
import { RECIPE_TOOLS, brokenTools, toolsMessage } from './tools.ts'
import { interpolate, recipeJob, runJob, subActionOf, usesThisAction, type Scope } from './workflow.ts'

const USAGE =
  'usage: npm run step -- command=<command> [input=value…] [--rate-limits[=sliding|fixed]] [--sub-action] [--local-action]; npm start [-- --jobs] plays them all'
/** The workflow's repository: where rotate-key stores its secret unless `secret-targets` says. */
const REPOSITORY = 'octo-org/deploys'

/**
 * Prints the usage after `message`: on stdout and exit 0 for --help, on stderr and exit 2 for a mistake. It lists the
 * inputs of the action that runs: with --sub-action, the command's own.
 */
function fail(message: string, code = 2, action?: string): never {
  const names = Object.keys(actionOf(action).inputs)
  ;(code === 0 ? process.stdout : process.stderr).write(
    `${message}\n${USAGE}\ninputs${action ? ` of ${action}/action.yml` : ''}: ${names.join(', ')}\n`,
  )
  process.exit(code)
}

const inputs: Record<string, string> = {}
let rateLimits: 'sliding' | 'fixed' | undefined
let localAction = false
let subAction = false
let jobsOnly = false
for (const arg of process.argv.slice(2)) {
  if (arg === '--local-action') localAction = true
  else if (arg === '--jobs') jobsOnly = true
  else if (arg === '--sub-action') subAction = true
  else if (arg === '--rate-limits' || arg === '--rate-limits=sliding') rateLimits = 'sliding'
  else if (arg === '--rate-limits=fixed') rateLimits = 'fixed'
  else if (arg === '-h' || arg === '--help') fail('Runs steps of the action against a fresh emulator.', 0)
  else {
    const at = arg.indexOf('=')
    if (at <= 0) fail(`not an input=value pair: ${arg}`)
    inputs[arg.slice(0, at)] = arg.slice(at + 1)
  }
}
const playEverything = Object.keys(inputs).length === 0
if (!playEverything && !inputs.command) fail('command= is required')
if (jobsOnly && !playEverything) fail('--jobs plays the jobs of npm start: give no input')
if (subAction) {
  if (localAction) fail('--sub-action and --local-action: give one (local-action runs the root action)')
  if (!(COMMAND_NAMES as string[]).includes(inputs.command!))
    fail(`--sub-action: no command ${inputs.command} has its own action`)
}
// Checked once every flag is read, so that a name is checked against the action that runs.
const runs = subAction ? inputs.command : undefined
for (const name of Object.keys(inputs))
  if (!(name in actionOf(runs).inputs) && !(runs && name === 'command'))
    fail(`${runs ? `${runs}/` : ''}action.yml has no input ${JSON.stringify(name)}`, 2, runs)

const platform = new PlatformEmulator(rateLimits ? { rateLimits: { window: rateLimits } } : {})
const account = seedAccount(platform, 12)
const busy = seedOrganizationHistory(platform, { orgId: account.orgId, projects: 6, operations: 400, days: 3 })
const github = new GitHubEmulator()
const url = await platform.start()
await github.start()
const githubEnv = { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: REPOSITORY }

/** Every name of a context reads `value`; with none, every name is missing (empty). */
const everyName = <T>(value?: T): Record<string, T> =>
  new Proxy({}, { get: (_, name) => (typeof name === 'string' ? value : undefined) })

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
      event_name: 'workflow_dispatch',
      run_id: String(Math.floor(Date.now() / 1000)),
      run_attempt: '1',
      job: 'step',
    },
    inputs: {},
  }
}

/**
 * One step as a runner runs it, its post step after it; prints both and the requests they sent. With `action` (a
 * command's name), that command's own action runs, from its folder, and `given` holds no `command`.
 */
async function play(title: string, given: Record<string, string>, action?: string): Promise<StepResult> {
  let operations: string | undefined
  if (Object.values(given).some((value) => /\bsteps\.[\w-]+\.outputs\.operations\b/.test(value))) {
    const made = platform.createBranch(account.operationsProject, { endpoints: ['read_write'] })
    console.log(
      dim(
        `\nMade branch ${made.branch.id} of project ${account.operationsProject}, as the step before a deploy gate would.`,
      ),
    )
    operations = JSON.stringify(made.operations)
  }
  const all: Record<string, string> = { 'api-key': account.admin.key, 'api-host': url }
  for (const [name, value] of Object.entries(given)) {
    try {
      all[name] = interpolate(value, recipeContexts(name, operations))
    } catch (error) {
      fail(`input ${name}: ${(error as Error).message}`)
    }
  }
  const command = action ?? all.command
  if (command === 'wait-for-operations') all['project-id'] ??= account.operationsProject
  if (command === 'rotate-key' && all['secret-name'] !== undefined) all['github-token'] ??= github.token
  platform.clearRequests()
  github.clearRequests()
  let result: StepResult
  if (localAction) {
    const run = await runLocalAction(all, { env: githubEnv })
    process.stdout.write(run.stdout + run.stderr)
    if (run.summary) console.log(`  summary:\n${summaryText(run.summary).replace(/^/gm, '    ')}`)
    result = { ...run, state: {}, masked: [], everything: '' }
  } else {
    const options = {
      entry: 'bundle',
      time: 'real',
      env: githubEnv,
      ...(action === undefined ? {} : { action }),
    } as const
    result = await runStep(all, options)
    printStep(action === undefined ? title : `${title} (${action}/action.yml)`, all, result)
    // A runner runs a post step only where the action declares one: the root action's always, a command's own where
    // the command has post-step work.
    if (actionOf(action).runs.post !== undefined) {
      const post = await runStep(all, { ...options, state: result.state })
      if (post.stdout || post.code !== 0) printStep('its post step', {}, post)
      // Exits as the step did: a post step that failed (a job key left valid) is a failure too.
      if (result.code === 0 && post.code !== 0) result = { ...result, code: post.code }
    }
  }
  const sent = new Map<string, number>()
  for (const r of [...platform.requests, ...github.requests])
    sent.set(`${r.method} ${r.path} → ${r.status}`, (sent.get(`${r.method} ${r.path} → ${r.status}`) ?? 0) + 1)
  console.log(dim(`  requests sent to the platform: ${platform.requests.length}, to GitHub: ${github.requests.length}`))
  for (const [request, n] of sent) console.log(dim(`    ${request}${n > 1 ? ` (×${n})` : ''}`))
  return result
}

// ---- what a workflow author sees ---------------------------------------------------------------

const [bold, dim] = [1, 2].map(
  (code) => (text: string) => (process.stdout.isTTY ? `\x1b[${code}m${text}\x1b[0m` : text),
) as [(text: string) => string, (text: string) => string]
const truncate = (value: string, max = 160) =>
  value.length > max ? `${value.slice(0, max)}… (${value.length} characters)` : value

/** The log as the runner shows it: masked values become ***, debug lines stay hidden. */
function shown(text: string, masked: string[]): string {
  let out = stripMasks(text).replace(/^::debug::.*\n?/gm, '')
  for (const secret of masked) if (secret) out = out.split(secret).join('***')
  return out
}

/** The summary's HTML as plain text rows. */
function summaryText(html: string): string {
  return html
    .replace(/<\/t[hd]>/g, ' | ')
    .replace(/<tr>/g, '| ')
    .replace(/<\/(tr|h\d|p)>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/\n{2,}/g, '\n')
    .trim()
}

/** The step's inputs (secrets as ***), log, outputs, summary and exit code. */
function printStep(title: string, inputs: Record<string, string>, step: StepResult): void {
  console.log(`\n${bold(`▶ ${title}`)}`)
  const shownInputs = Object.entries(inputs)
    .filter(([name]) => name !== 'api-host')
    .map(
      ([name, value]) =>
        `${name}: ${name === 'api-key' || name === 'github-token' ? '***' : truncate(value.replace(/\n/g, '\\n'), 60)}`,
    )
  if (shownInputs.length) console.log(dim(`  with: ${shownInputs.join(', ')}`))
  console.log(shown(step.stdout, step.masked).trimEnd().replace(/^/gm, '  │ '))
  const outputs = Object.entries(step.outputs)
  if (outputs.length) console.log('  outputs:')
  for (const [name, value] of outputs) console.log(`    ${name} = ${truncate(shown(value, step.masked))}`)
  if (step.summary) console.log(`  summary:\n${summaryText(step.summary).replace(/^/gm, '    ')}`)
  console.log(step.stopped === undefined ? dim(`  exit code ${step.code}`) : bold(`  no exit code: ${step.stopped}`))
}

// ---- what npm start expects ------------------------------------------------------------------

/** Why a step or job fails on purpose, and the `::error::` it shows off: failing with any other is a real failure. */
interface OnPurpose {
  because: string
  error: RegExp
}

/** What each step and job played did: nothing unexpected, or what was. */
const verdicts: { title: string; onPurpose: boolean; unexpected?: string }[] = []

/** Notes whether a step or job ended as it should, and says so under it when it did not, or failed on purpose. */
function judge(title: string, passed: boolean, log: string, onPurpose?: OnPurpose, failedAt?: string): void {
  let unexpected: string | undefined
  if (!onPurpose) unexpected = passed ? undefined : `failed${failedAt ? ` at its step "${failedAt}"` : ''}`
  else if (passed) unexpected = `passed, but should fail on purpose: ${onPurpose.because}`
  else if (!onPurpose.error.test(log))
    unexpected = `failed, but not with the error it plays on purpose (${onPurpose.because})`
  verdicts.push({ title, onPurpose: onPurpose !== undefined, unexpected })
  if (unexpected) console.log(bold(`  ✗ unexpected: ${unexpected}`))
  else if (onPurpose) console.log(dim(`  ✓ failed on purpose, as expected: ${onPurpose.because}`))
}

/** The last lines of npm start: how many did what they should, then each that did not; exit 1 if any. */
function tally(): void {
  const unexpected = verdicts.filter((v) => v.unexpected)
  const onPurpose = verdicts.filter((v) => !v.unexpected && v.onPurpose).length
  const passed = verdicts.length - unexpected.length - onPurpose
  console.log(
    `\n${bold('steps and jobs played:')} ${passed} passed as expected, ${onPurpose} failed on purpose as expected, ` +
      `${unexpected.length} unexpected`,
  )
  for (const v of unexpected) console.log(`  ✗ "${v.title}" ${v.unexpected}`)
  if (unexpected.length) process.exitCode = 1
}

/** A job of the README or docs/, run as a workflow runs it; a step of another action stands in as a script. */
async function playJob(
  title: string,
  file: string,
  heading: string,
  standIns: Record<string, string> = {},
  onPurpose?: OnPurpose,
): Promise<void> {
  console.log(`\n${bold(title)}`)
  const job = await runJob(recipeJob(readFileSync(join(ROOT, file), 'utf8'), heading), {
    secrets: { NEON_API_KEY: account.admin.key, NEON_ADMIN_API_KEY: account.admin.key },
    vars: { NEON_PROJECT_ID: account.operationsProject, NEON_ORG_ID: account.orgId },
    env: { NEON_API: url },
    inputs: { 'api-host': url },
    github: { run_id: String(Math.floor(Date.now() / 1000)) },
    // The checkout a gate does for its migration: nothing to check out here.
    standIns: { 'actions/checkout@v6': 'true', Migrate: 'echo "(your migration runs here)"', ...standIns },
    step: { time: 'real', entry: 'bundle' },
  })
  for (const record of job.steps) {
    if (record.outcome === 'skipped') console.log(dim(`\n▷ ${record.title}: skipped (its if: is false)`))
    else if (record.kind === 'uses') printStep(record.title, record.inputs ?? {}, record.result!)
    else {
      console.log(`\n${bold(`▶ ${record.title}`)} ${dim('(run:)')}`)
      if (record.log.trim()) console.log(shown(record.log, []).trimEnd().replace(/^/gm, '  │ '))
      for (const [name, value] of Object.entries(record.outputs)) console.log(`    ${name} = ${truncate(value)}`)
    }
  }
  console.log(`\n  job: ${job.conclusion}`)
  const log = job.steps.map((record) => record.result?.stdout ?? record.log).join('\n')
  const failedAt = job.steps.find((record) => record.outcome === 'failure')?.title
  judge(title, job.conclusion === 'success', log, onPurpose, failedAt)
}

/** The README's recipes that fail on what they find in the seeded account, by heading. */
const README_ON_PURPOSE: Record<string, OnPurpose> = {
  'A daily health check of every project': {
    because: 'the busy projects have failed operations every day',
    error: /^::error::\d+ listed operation\(s\) have a status `fail-on-status` names/m,
  },
  'A daily tripwire for leaked keys': {
    because: 'a seeded CI key was last used from outside the runners and the office',
    error: /^::error::\d+ API key\(s\) were last used from an unexpected network/m,
  },
}

/** The step of this action in each recipe of the README, with its `with:` as written, and the command's own action it uses. */
function readmeRecipes(): [string, Record<string, string>, string | undefined][] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
  const recipes = readme.slice(
    readme.indexOf('\n## Recipes\n'),
    readme.indexOf('\n## ', readme.indexOf('\n## Recipes\n') + 1),
  )
  return [...recipes.matchAll(/^### (.+)$/gm)].map(([, heading]) => {
    const step = recipeJob(readme, `### ${heading}`).steps.find(usesThisAction)!
    const given = Object.fromEntries(Object.entries(step.with ?? {}).map(([name, value]) => [name, String(value)]))
    return [heading!, given, subActionOf(step)]
  })
}

// ---- npm start --------------------------------------------------------------------------------

/** One step of the tour or a README recipe, then whether it ended as it should. */
async function playJudged(
  title: string,
  given: Record<string, string>,
  onPurpose?: OnPurpose,
  action?: string,
): Promise<void> {
  const result = await play(title, given, action)
  judge(title, result.code === 0, result.stdout, onPurpose)
}

async function playAll(): Promise<void> {
  // A recipe's run: step that calls a missing or broken tool fails; the tally names the recipe, this says why.
  const broken = brokenTools(RECIPE_TOOLS)
  if (broken.length) console.log(bold(`⚠ ${toolsMessage('npm start', RECIPE_TOOLS, broken)}`))
  const dataOrg = platform.addOrganization({ name: 'Data Team' }).id
  const dataProjects = ['warehouse', 'warehouse-staging', 'ingest']
  for (const name of dataProjects) platform.addProject({ name, org_id: dataOrg })
  const consultant = platform.addKey('consultant', {
    user: platform.addUser({ organizations: { [account.orgId]: 'editor', [dataOrg]: 'admin' } }),
  })
  const leftOver = platform.addKey('left-over')
  const failed = platform.addOperation(account.operationsProject, {
    action: 'apply_config',
    timeline: [{ afterMs: 0, status: 'failed', failures_count: 1, error: 'role "app" already exists' }],
  })
  github.addEnvironment('octo-org', 'web', 'production')
  github.store({ organization: 'octo-org' }, 'NEON_API_KEY', 'napi_old', {
    visibility: 'selected',
    repositories: ['octo-org/api'],
  })
  const threePlaces = {
    'secret-name': 'NEON_API_KEY',
    'secret-targets': 'octo-org/api\nocto-org/web:production\norg:octo-org',
  }
  // Every project of the organization, as list-projects finds them: the account's and the busy ones.
  const projects = `${account.projectIds.length + busy.projectIds.length} projects, ${busy.projectIds.length} busy`
  console.log(
    `${bold('neon-api-action, every command and recipe against the local emulators')}\nThe platform emulator listens on ${url}: ` +
      `organization ${account.orgId} (${projects}, keys with a past) ` +
      `and ${dataOrg} (${dataProjects.length} projects), and a user in both. ` +
      'Each step runs dist/index.js as a GitHub runner would.',
  )
  const tour: [string, Record<string, string>, OnPurpose?][] = [
    ["List every project of the key's organization (resolved: its only one)", { command: 'list-projects' }],
    [
      'A key whose user is in two organizations must say which',
      { command: 'list-projects', 'api-key': consultant.key },
      {
        because: 'no org-id says which of its two organizations',
        error: /^::error::The step's key is a personal key whose user belongs to 2 organizations/m,
      },
    ],
    [
      "List an organization's projects by name",
      { command: 'list-projects', 'api-key': consultant.key, 'org-id': dataOrg, search: 'ware' },
    ],
    ['List keys: ids, names, last use, never a value', { command: 'list-keys' }],
    ["List the organization's keys, with each key's scope", { command: 'list-keys', 'org-id': account.orgId }],
    ['Revoke a key by its id', { command: 'revoke-key', 'key-id': String(leftOver.id) }],
    [
      'A typo (an empty operation-ids) fails the gate, with no request',
      { command: 'wait-for-operations', 'operation-ids': '' },
      { because: 'an empty operation-ids is what a typo gives', error: /^::error::Input `operation-ids` is empty/m },
    ],
    [
      'A failed operation fails the step and names it',
      { command: 'wait-for-operations', 'operation-ids': failed, 'on-failed': 'fail' },
      { because: 'the platform failed its apply_config operation', error: /^::error::.*\bapply_config\b/m },
    ],
    [
      'Rotate a key that three places read, storing it in each',
      { command: 'rotate-key', 'key-name': 'shared', ...threePlaces },
    ],
    ['Key hygiene, dry run: what a sweep would revoke, and why', { command: 'prune-keys', 'unused-for': '90d' }],
    [
      "The real sweep revokes them, never the step's own key",
      { command: 'prune-keys', 'unused-for': '90d', 'dry-run': 'false' },
    ],
    [
      'A wrong API key gives one clear error',
      { command: 'list-keys', 'api-key': 'napi_not_a_real_key' },
      { because: 'the platform refuses the key', error: /^::error::The platform refused the API key \(401/m },
    ],
    [
      'A wrong input gives one clear error and sends no request',
      { command: 'revoke-key', 'key-id': 'twelve' },
      { because: 'a key id is a number', error: /^::error::Input `key-id` is "twelve"/m },
    ],
  ]
  if (!jobsOnly) {
    for (const [title, given, onPurpose] of tour) await playJudged(title, given, onPurpose)
    for (const [heading, given, action] of readmeRecipes())
      await playJudged(`The README's recipe "${heading}"`, given, README_ON_PURPOSE[heading], action)
  }
  await playJob(
    "The README's deploy gate as a workflow runs it: curl makes a branch, the gate waits",
    'README.md',
    '### A deploy gate in one step',
  )
  await playJob(
    "docs/deploy-gates.md's gate that retries and reports, as a workflow runs it",
    'docs/deploy-gates.md',
    '## A gate that retries and reports',
  )
  const createBranch = [
    `curl -sSf -X POST "${url}/projects/$INPUT_PROJECT_ID/branches" -H "Authorization: Bearer $INPUT_API_KEY" \\`,
    `  -H 'Content-Type: application/json' -d '{"endpoints":[{"type":"read_write"}]}' > branch.json`,
    // An assignment of its own: bash -e stops there when jq fails, as create-branch-action fails when it makes no branch,
    // and the gate after it never waits on the whole project.
    'branch_id=$(jq -r .branch.id branch.json)',
    'echo "Created branch $branch_id (a stand-in for neondatabase/create-branch-action)"',
    'echo "branch_id=$branch_id" >> "$GITHUB_OUTPUT"',
  ].join('\n')
  await playJob(
    'The gate after create-branch-action (docs/deploy-gates.md)',
    'docs/deploy-gates.md',
    '## After create-branch-action',
    {
      'Create a preview branch': createBranch,
    },
  )
  await playJob(
    'The weekly check for keys of people who left, then what a sweep would revoke (docs/offboarding.md)',
    'docs/offboarding.md',
    '## A weekly check',
    {},
    {
      because: 'two seeded keys were made by people who are no longer members',
      error: /^::error::\d+ API key\(s\) were made by someone who left the organization/m,
    },
  )
}

try {
  if (playEverything) {
    await playAll()
    tally()
  } else if (subAction) {
    const { command, ...rest } = inputs
    process.exitCode = (await play(command!, rest, command)).code ?? 1
  } else process.exitCode = (await play(inputs.command!, inputs)).code ?? 1
} finally {
  await platform.stop()
  await github.stop()
}
