/**
 * Runs the action's main step, then its post step, through `@github/local-action`, the toolkit's
 * local runner: it replaces @actions/core with its own, so it shows the outputs the step set, hides
 * what the step masked, and hands the state the main step saved to the post step. Both steps run
 * from src/ (main.ts and post.ts, each exporting `run()`) in one process, as local-action does;
 * inputs go in through a dotenv file, as INPUT_* lines. Its `code` is the step's, as a runner's
 * would be: 1 when the main or the post step failed.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ROOT, actionYaml } from './run-step.ts'

/** local-action's command line; its entry paths are safest absolute. */
const LOCAL_ACTION = join(ROOT, 'node_modules', '@github', 'local-action', 'bin', 'local-action.js')
const MAIN_ENTRY = join(ROOT, 'src', 'main.ts')
const POST_ENTRY = join(ROOT, 'src', 'post.ts')

/** The dotenv file local-action reads: one INPUT_<NAME>=value line an input, and the runner's files. */
function dotenv(inputs: Record<string, string>, env: Record<string, string>): string {
  for (const name of Object.keys(inputs)) {
    if (!(name in actionYaml.inputs)) throw new Error(`action.yml has no input ${name}`)
  }
  const lines = Object.entries({
    ...env,
    ...Object.fromEntries(Object.entries(inputs).map(([n, v]) => [`INPUT_${n.toUpperCase()}`, v])),
  })
  for (const [name, value] of lines)
    if (/[\r\n"]/.test(value)) throw new Error(`${name}: a dotenv line holds no line break or quote`)
  return lines.map(([name, value]) => `${name}="${value}"\n`).join('')
}

export async function runLocalAction(inputs: Record<string, string>, options: { env?: Record<string, string> } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'neon-action-local-'))
  const summaryFile = join(dir, 'summary')
  writeFileSync(summaryFile, '')
  const envFile = join(dir, '.env')
  writeFileSync(envFile, dotenv(inputs, { GITHUB_STEP_SUMMARY: summaryFile, RUNNER_TEMP: dir, ...options.env }))
  const child = spawn(process.execPath, [LOCAL_ACTION, 'run', ROOT, MAIN_ENTRY, envFile, '--post', POST_ENTRY], {
    cwd: ROOT,
    // Only what local-action needs to find npm, tsx and this package: the action's environment is the dotenv file.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? dir, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  const code = await new Promise<number | null>((done) => child.on('close', done))
  const summary = readFileSync(summaryFile, 'utf8')
  rmSync(dir, { recursive: true, force: true })
  // local-action exits 0 whatever the steps did, and keeps setFailed's exit code to itself: it prints the failure as an
  // `::error::` line, and the action writes no such line but through setFailed (its own text never starts a line with ::).
  const stepsLog = stdout.slice(stdout.indexOf('Running Action'), stdout.lastIndexOf('Action Outputs'))
  const failed = /^::error::/m.test(stepsLog)
  // The outputs local-action captured: the rows of its "Action Outputs" table at the end (console.table of name and
  // value), not lines the action may have printed itself; and the job summary file both steps wrote to.
  const table = stdout.slice(stdout.lastIndexOf('Action Outputs'))
  const outputs = Object.fromEntries(
    [...table.matchAll(/^│ \d+\s+│ '([^']*)'\s+│ '(.*)'\s+│$/gm)].map((m) => [m[1]!, m[2]!]),
  )
  return { code: code === 0 && failed ? 1 : code, stdout, stderr, outputs, summary }
}
