/**
 * The mutation score of a Stryker report (the incremental one, or reports/mutation/mutation.json):
 * per file and in all, over the mutants the report holds. Killed and timed-out mutants are
 * detected; survivors and mutants no test reaches are not; ignored ones and compile or runtime
 * errors do not count, as in Stryker's own score.
 *
 *   node scripts/mutation/score.ts [report.json]
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

interface Report {
  files: Record<string, { mutants: { status: string }[] }>
}

const DETECTED = new Set(['Killed', 'Timeout'])
const UNDETECTED = new Set(['Survived', 'NoCoverage'])

export function printScore(report: unknown): void {
  const { files } = report as Report
  const rows: string[] = []
  let detected = 0
  let undetected = 0
  for (const [file, { mutants }] of Object.entries(files).sort(([a], [b]) => a.localeCompare(b))) {
    const d = mutants.filter((m) => DETECTED.has(m.status)).length
    const u = mutants.filter((m) => UNDETECTED.has(m.status)).length
    const survived = mutants.filter((m) => m.status === 'Survived').length
    const uncovered = mutants.filter((m) => m.status === 'NoCoverage').length
    detected += d
    undetected += u
    rows.push(
      `${file.padEnd(28)} ${percent(d, u).padStart(7)}  ${String(d).padStart(5)} detected, ${survived} survived, ${uncovered} not reached`,
    )
  }
  console.log(rows.join('\n'))
  console.log(
    `${'all'.padEnd(28)} ${percent(detected, undetected).padStart(7)}  ${detected} detected of ${detected + undetected} mutants in the report`,
  )
}

function percent(detected: number, undetected: number): string {
  return detected + undetected === 0 ? '-' : `${((100 * detected) / (detected + undetected)).toFixed(1)}%`
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  printScore(JSON.parse(readFileSync(process.argv[2] ?? 'reports/stryker-incremental.json', 'utf8')))
}
