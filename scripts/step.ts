/**
 * `npm run step -- command=list-projects [name=value…] [--rate-limits[=fixed]] [--local-action]`:
 * one step of the committed dist/index.js, run the way a runner runs it (INPUT_* with action.yml's
 * defaults, the GITHUB_OUTPUT, GITHUB_STATE and GITHUB_STEP_SUMMARY files), against a freshly
 * started emulator seeded as `npm run emulator` seeds it. Prints the log, the outputs, the job
 * summary and the requests the step sent. `api-key` and `api-host` default to the emulator's, and
 * wait-for-operations' `project-id` to the project whose operations move. `--local-action` runs
 * the main step and then the post step from src/ through `@github/local-action` instead
 * (scripts/local-action.ts), and prints what it shows.
 *
 *   npm run step -- command=wait-for-operations operation-ids=pending poll-interval=1
 *   npm run step -- command=create-key key-name=try-me
 *   npm run step -- --local-action command=create-key key-name=try-me revoke-after-job=true
 */
import { PlatformEmulator } from '../emulator/platform.ts'
import { seedAccount } from '../emulator/seed.ts'
import { runLocalAction } from './local-action.ts'
import { actionYaml, runStep } from './run-step.ts'
import { printStep, summaryText } from './show-step.ts'

const USAGE = 'usage: npm run step -- command=<command> [input=value…] [--rate-limits[=sliding|fixed]] [--local-action]'

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
const { admin, operationsProject } = seedAccount(platform, 12)
const url = await platform.start()
const all: Record<string, string> = { 'api-key': admin.key, 'api-host': url, ...inputs }
if (all.command === 'wait-for-operations' && all['project-id'] === undefined) all['project-id'] = operationsProject
try {
  if (localAction) {
    const result = await runLocalAction(all)
    process.stdout.write(result.stdout)
    process.stderr.write(result.stderr)
    if (result.summary) console.log(`  summary:\n${summaryText(result.summary).replace(/^/gm, '    ')}`)
    process.exitCode = result.code ?? 1
  } else {
    const result = await runStep(all, { entry: 'bundle', time: 'real' })
    printStep(`${all.command} (dist/index.js, against the emulator at ${url})`, all, result)
    process.exitCode = result.code ?? 1
  }
  const sent = new Map<string, number>()
  for (const r of platform.requests)
    sent.set(`${r.method} ${r.path} → ${r.status}`, (sent.get(`${r.method} ${r.path} → ${r.status}`) ?? 0) + 1)
  const lines = [...sent].map(([request, n]) => `    ${request}${n > 1 ? ` (×${n})` : ''}`)
  console.log(`  requests the steps sent: ${platform.requests.length}${lines.length ? `\n${lines.join('\n')}` : ''}`)
} finally {
  await platform.stop()
}
