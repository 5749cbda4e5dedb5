/**
 * `npm run trials`: two rotate-key runs of the same workflow started 0, 100 and 500 ms apart (a
 * scheduled run and a manual one with no `concurrency:` group), 20 trials each, against the local
 * platform and GitHub emulators. Each run is the committed bundle (dist/index.js) in its own
 * process, on the wall clock: this is a measurement of real overlaps, not a test. It prints, per
 * gap, how often a secret ended holding a revoked key (a lock-out), how many new keys were left
 * valid outside every secret, and whether a log named each of them.
 *
 * `--targets N` stores the key in N targets (`secret-targets`): the workflow's repository, an
 * organization secret, an environment, then more repositories. With 1 (the default) the run uses
 * `secret-name` alone, the one-target form.
 *
 *   node scripts/overlap-trials.ts [--trials N] [--keep-previous K] [--targets N]
 */
import { GitHubEmulator, type SecretPlace } from '../emulator/github.ts'
import { PlatformEmulator } from '../emulator/platform.ts'
import { defaultRotationKeyName } from '../src/keys/rotation-name.ts'
import { readSecretTargets } from '../src/inputs/secrets.ts'
import { runStep, type StepResult } from './run-step.ts'

const OWNER = 'octo-org'
const REPO = 'deploys'
const SECRET = 'NEON_API_KEY'
const GAPS_MS = [0, 100, 500]

/** The first `n` targets: the workflow's repository, the organization, an environment, more repositories. */
function targetsOf(n: number): { text: string; place: SecretPlace }[] {
  const all = [
    { text: `${OWNER}/${REPO}`, place: { repository: `${OWNER}/${REPO}` } },
    { text: `org:${OWNER}`, place: { organization: OWNER } },
    { text: `${OWNER}/${REPO}:production`, place: { repository: `${OWNER}/${REPO}`, environment: 'production' } },
  ]
  for (let i = all.length; i < n; i++) all.push({ text: `${OWNER}/service-${i}`, place: { repository: `${OWNER}/service-${i}` } })
  return all.slice(0, n)
}

interface Trial {
  /** Every target ended holding a key that is still valid: no lock-out. */
  secretValid: boolean
  /** New keys of the two runs that are valid, in no target, and not kept on purpose (keep-previous). */
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

async function trial(gapMs: number, keepPrevious: number, targetCount: number): Promise<Trial> {
  const platform = new PlatformEmulator()
  const github = new GitHubEmulator()
  const url = await platform.start()
  await github.start()
  try {
    const targets = targetsOf(targetCount)
    const listed = targets.map((t) => t.text).join('\n')
    // The name rotate-key takes by default for these targets and this secret.
    const keyName = defaultRotationKeyName({ name: SECRET, targets: readSecretTargets(listed) })
    const current = platform.addKey(keyName)
    github.addEnvironment(OWNER, REPO, 'production')
    for (const { place } of targets) github.store(place, SECRET, current.key, { visibility: 'private' })
    const run = () =>
      runStep(
        {
          command: 'rotate-key',
          'api-key': current.key,
          'api-host': url,
          'secret-name': SECRET,
          'github-token': github.token,
          'keep-previous': String(keepPrevious),
          ...(targetCount > 1 ? { 'secret-targets': listed } : {}),
        },
        { entry: 'bundle', time: 'real', env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: `${OWNER}/${REPO}` } },
      )
    const first = run()
    await sleep(gapMs)
    const results: StepResult[] = await Promise.all([first, run()])
    const stored = targets.map(({ place }) => github.stored(place, SECRET)?.value)
    const storedIds = new Set(stored.map((value) => (value === undefined ? undefined : platform.keyIdOf(value))))
    const logs = results.map((r) => r.stdout).join('\n')
    const fresh = platform.keys().filter((k) => !k.revoked && k.id !== current.id && !storedIds.has(k.id))
    const kept = fresh.filter((k) => logs.includes(`Kept API key ${k.id} valid until the next rotation`))
    const unstored = fresh.filter((k) => !kept.includes(k))
    return {
      secretValid: stored.every((value) => value !== undefined && platform.isKeyValid(value)),
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
  const targetCount = option('--targets', 1)
  if (targetCount < 1 || targetCount > 50) throw new Error('--targets needs 1 to 50')
  console.log(
    `Two overlapping rotate-key runs (dist/index.js, wall clock), keep-previous ${keepPrevious}, ` +
      `${targetCount} target(s) (${targetsOf(targetCount)
        .map((t) => t.text)
        .join(', ')}), ${trials} trials per gap.\n`,
  )
  console.log(
    '| runs started apart | a secret holds a revoked key (lock-out) | new keys left valid outside every secret (most in one trial) | of those, named in no log | new keys kept by keep-previous | trials with both runs failing / one |',
  )
  console.log('|---|---|---|---|---|---|')
  for (const gap of GAPS_MS) {
    const outcomes: Trial[] = []
    for (let i = 0; i < trials; i++) outcomes.push(await trial(gap, keepPrevious, targetCount))
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
