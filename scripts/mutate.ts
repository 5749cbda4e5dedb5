/**
 * `npm run mutate`: Stryker over all of src/ (stryker.config.json), resumable. A whole run takes
 * hours on two cores, so its progress is kept in the repository: Stryker's incremental report
 * (each mutant's result, and the code and tests it was found with) is stored compressed in
 * mutation/incremental.json.gz. A run starts from it, tests only the mutants that were never
 * tested or whose code or tests changed, and stores it again when it ends, also when it is
 * stopped with Ctrl-C: Stryker then saves what it finished. Arguments go on to Stryker.
 *
 * At the end it prints the score of every mutant in the report (scripts/mutation/score.ts).
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gunzipSync, gzipSync } from 'node:zlib'
import { printScore } from './mutation/score.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

const STORED = join(ROOT, 'mutation', 'incremental.json.gz')
const WORKING = join(ROOT, 'reports', 'stryker-incremental.json')

// The stored progress, unless this checkout has a newer one of its own.
if (existsSync(STORED) && (!existsSync(WORKING) || statSync(WORKING).mtimeMs < statSync(STORED).mtimeMs)) {
  mkdirSync(dirname(WORKING), { recursive: true })
  writeFileSync(WORKING, gunzipSync(readFileSync(STORED)))
}

const stryker = spawn(
  join(ROOT, 'node_modules', '.bin', 'stryker'),
  ['run', '--incremental', '--incrementalFile', WORKING, ...process.argv.slice(2)],
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
  // Minified: the report is only read by Stryker, and compresses to a tenth.
  const report = JSON.parse(readFileSync(WORKING, 'utf8')) as unknown
  writeFileSync(STORED, gzipSync(JSON.stringify(report), { level: 9 }))
  printScore(report)
}
process.exitCode = code
