/**
 * `npm run trials`: two rotate-key runs of the same workflow started 0, 100 and 500 ms apart (a
 * scheduled run and a manual one with no `concurrency:` group), 20 trials each, against the local
 * platform and GitHub emulators. Each run is the committed bundle (dist/index.js) in its own
 * process, on the wall clock: this is a measurement of real overlaps, not a test. It prints, per
 * gap, how often the secret ended holding a revoked key, how many new keys were left valid outside
 * the secret, and whether a log named each of them.
 *
 *   node scripts/overlap-trials.ts [--trials N] [--keep-previous K]
 */
import { GitHubEmulator } from '../emulator/github.ts'
import { PlatformEmulator } from '../emulator/platform.ts'
import { runStep, type StepResult } from './run-step.ts'

const OWNER = 'octo-org'
const REPO = 'deploys'
const SECRET = 'NEON_API_KEY'
/** The name rotate-key takes by default for this repository and secret. */
const KEY_NAME = `gha:${OWNER}/${REPO}:${SECRET}`
const GAPS_MS = [0, 100, 500]

interface Trial {
  /** The secret ended holding a key that is still valid. */
  secretValid: boolean
  /** New keys of the two runs that are valid, not in the secret, and not kept on purpose (keep-previous). */
  unstored: number
  /** Of those, the ones no log of either run names. */
  unnamed: number
  /** New keys a run kept valid on purpose, as the newest key it replaced (keep-previous). */
  kept: number
  /** How many of the two runs failed (said so with an error). */
  failed: number
}

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(name)
  if (at < 0) return fallback
  const value = Number(process.argv[at + 1])
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} needs a whole number`)
  return value
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function trial(gapMs: number, keepPrevious: number): Promise<Trial> {
  const platform = new PlatformEmulator()
  const github = new GitHubEmulator()
  const url = await platform.start()
  await github.start()
  try {
    const current = platform.addKey(KEY_NAME)
    github.setSecret(OWNER, REPO, SECRET, current.key)
    const run = () =>
      runStep(
        {
          command: 'rotate-key',
          'api-key': current.key,
          'api-host': url,
          'secret-name': SECRET,
          'github-token': github.token,
          'keep-previous': String(keepPrevious),
        },
        { entry: 'bundle', time: 'real', env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: `${OWNER}/${REPO}` } },
      )
    const first = run()
    await sleep(gapMs)
    const results: StepResult[] = await Promise.all([first, run()])
    const stored = github.secret(OWNER, REPO, SECRET)
    const storedId = stored === undefined ? undefined : platform.keyIdOf(stored)
    const logs = results.map((r) => r.stdout).join('\n')
    const fresh = platform.keys().filter((k) => !k.revoked && k.id !== current.id && k.id !== storedId)
    const kept = fresh.filter((k) => logs.includes(`Kept API key ${k.id} valid until the next rotation`))
    const unstored = fresh.filter((k) => !kept.includes(k))
    return {
      secretValid: stored !== undefined && platform.isKeyValid(stored),
      unstored: unstored.length,
      unnamed: unstored.filter((k) => !new RegExp(`\\b${k.id}\\b`).test(logs)).length,
      kept: kept.length,
      failed: results.filter((r) => r.code !== 0).length,
    }
  } finally {
    await platform.stop()
    await github.stop()
  }
}

async function main(): Promise<void> {
  const trials = option('--trials', 20)
  const keepPrevious = option('--keep-previous', 1)
  console.log(`Two overlapping rotate-key runs (dist/index.js, wall clock), keep-previous ${keepPrevious}, ${trials} trials per gap.\n`)
  console.log(
    '| runs started apart | secret holds a revoked key | new keys left valid outside the secret (most in one trial) | of those, named in no log | new keys kept by keep-previous | trials with both runs failing / one |',
  )
  console.log('|---|---|---|---|---|---|')
  for (const gap of GAPS_MS) {
    const outcomes: Trial[] = []
    for (let i = 0; i < trials; i++) outcomes.push(await trial(gap, keepPrevious))
    const count = (test: (t: Trial) => boolean) => outcomes.filter(test).length
    const most = Math.max(...outcomes.map((t) => t.unstored))
    const sum = (field: (t: Trial) => number) => outcomes.reduce((n, t) => n + field(t), 0)
    console.log(
      `| ${gap} ms | ${count((t) => !t.secretValid)} of ${trials} | ${sum((t) => t.unstored)} (${most}) | ${sum((t) => t.unnamed)} | ` +
        `${sum((t) => t.kept)} | ${count((t) => t.failed === 2)} / ${count((t) => t.failed === 1)} of ${trials} |`,
    )
  }
}

await main()
