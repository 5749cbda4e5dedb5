/**
 * `npm run mutate`: Stryker over all of src/ (stryker.config.json), resumable. A whole run takes
 * hours on two cores, so its progress is kept: Stryker's incremental report (each mutant's result,
 * and the code and tests it was found with) is kept in reports/stryker-incremental.json, and shared
 * through the branch `mutation-results` (scripts/mutation/results-branch.ts), out of main's tree. A
 * run starts from the newer of the two, tests only the mutants that were never tested or whose code
 * or tests changed, and keeps the report when it ends, also when it is stopped with Ctrl-C: Stryker
 * then saves what it finished. Arguments go on to Stryker.
 *
 * At the end it prints the score of every mutant in the report (scripts/mutation/score.ts).
 *
 * `--retest-timeouts` first forgets every result that a busy machine may have made up: a mutant
 * counted as timed out that was not caught in an endless loop, and a kill whose only failure was
 * a test running out of time. Those are tested again; a quiet machine gives their true result.
 *
 * `--save` (`npm run mutate:save`) runs nothing: it commits the report to the branch
 * `mutation-results`, without touching the working tree or the index.
 */
import { spawn } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { loadResults, saveResults } from './mutation/results-branch.ts'
import { printScore } from './mutation/score.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const WORKING = join(ROOT, 'reports', 'stryker-incremental.json')

if (process.argv.includes('--save')) {
  console.log(saveResults(ROOT, WORKING))
  process.exit(0)
}

console.log(loadResults(ROOT, WORKING))

const RETEST_TIMEOUTS = '--retest-timeouts'
const args = process.argv.slice(2)
if (args.includes(RETEST_TIMEOUTS) && existsSync(WORKING)) {
  const report = JSON.parse(readFileSync(WORKING, 'utf8')) as IncrementalReport
  let forgotten = 0
  for (const file of Object.values(report.files)) {
    const kept = file.mutants.filter((m) => !slowResult(m))
    forgotten += file.mutants.length - kept.length
    file.mutants = kept
  }
  writeFileSync(WORKING, JSON.stringify(report))
  console.log(`Testing again ${forgotten} mutant(s) whose result may come from a slow machine.`)
}

const stryker = spawn(
  join(ROOT, 'node_modules', '.bin', 'stryker'),
  ['run', '--incremental', '--incrementalFile', WORKING, ...args.filter((a) => a !== RETEST_TIMEOUTS)],
  {
    cwd: ROOT,
    stdio: 'inherit',
  },
)
// Ctrl-C reaches Stryker too (same process group); wait for it to save its progress.
process.on('SIGINT', () => {})
process.on('SIGTERM', () => stryker.kill('SIGTERM'))

const code = await new Promise<number>((done) => stryker.on('close', (status) => done(status ?? 1)))
if (existsSync(WORKING)) {
  printScore(JSON.parse(readFileSync(WORKING, 'utf8')))
  console.log('To keep these results for other checkouts: npm run mutate:save, then git push origin mutation-results')
}
process.exitCode = code

interface IncrementalReport {
  files: Record<string, { mutants: { status: string; statusReason?: string }[] }>
}

/**
 * A result that time alone may have given: a timeout other than Stryker's endless-loop guard
 * ("Hit limit reached"), or a kill whose reason is only a test exceeding its time.
 */
function slowResult({ status, statusReason = '' }: { status: string; statusReason?: string }): boolean {
  if (status === 'Timeout') return !statusReason.startsWith('Hit limit reached')
  return status === 'Killed' && /^[^\n]*Exceeded timeout of \d+ ms/.test(statusReason)
}
