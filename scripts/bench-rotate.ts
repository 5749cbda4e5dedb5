/**
 * `node scripts/bench-rotate.ts [--runs N] [--bundle DIR]…`: what rotate-key costs when it stores
 * the new key as a GitHub secret, for one or more builds side by side (default: dist/), against
 * the local platform and GitHub emulators started in this process. Each build runs as a runner
 * runs it (`node DIR/index.js`, scripts/run-step.ts's environment, the wall clock), round-robin
 * so that the machine's drift spreads evenly over the builds, after one warm-up round.
 *
 * Cases: one repository secret (`secret-name` alone: every build since secrets were first
 * stored takes it), and, for builds that take `secret-targets`, three targets (a repository, an
 * environment, an organization secret for two repositories). Prints, per build, the size of its
 * .js files, the median and range of the wall time of each case, and the median difference to
 * the first build, paired by round.
 *
 * To compare with an earlier build: `git archive <commit> dist | tar -x -C /tmp/old` and pass
 * `--bundle /tmp/old/dist --bundle dist`. It never fails on a number; it stops if a step fails.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { GitHubEmulator } from '../emulator/github.ts'
import { PlatformEmulator } from '../emulator/platform.ts'
import { ROOT, actionYaml, parseFileCommands, stepEnvironment } from './run-step.ts'

const args = process.argv.slice(2)
const runsAt = args.indexOf('--runs')
const RUNS = runsAt >= 0 ? Number(args[runsAt + 1]) : 15
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('--runs needs a positive integer')
const bundles = args.flatMap((a, i) => (a === '--bundle' ? [resolve(args[i + 1] ?? '')] : []))
if (bundles.length === 0) bundles.push(join(ROOT, 'dist'))

const SECRET = 'NEON_API_KEY'
const ORG = 'bench-org'
const THREE_TARGETS = `${ORG}/api\n${ORG}/web:production\norg:${ORG}`

interface Case {
  name: string
  inputs: Record<string, string>
  targets: number
}
const CASES: Case[] = [
  { name: 'one repository secret', inputs: { 'key-name': 'bench-one' }, targets: 1 },
  {
    name: '3 targets (repository, environment, organization)',
    inputs: { 'key-name': 'bench-three', 'secret-targets': THREE_TARGETS },
    targets: 3,
  },
]

function bytesOf(dir: string): number {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .reduce((sum, f) => sum + statSync(join(dir, f)).size, 0)
}

/** Whether the build knows an input: an older build refuses `secret-targets`, so that case is left out for it. */
function takes(dir: string, input: string): boolean {
  return readdirSync(dir).some((f) => f.endsWith('.js') && readFileSync(join(dir, f), 'utf8').includes(input))
}

const platform = new PlatformEmulator()
const github = new GitHubEmulator()
const url = await platform.start()
await github.start()
const admin = platform.addKey('bench-admin')
github.addEnvironment(ORG, 'web', 'production')
github.store({ organization: ORG }, SECRET, 'napi_old', { visibility: 'selected', repositories: [`${ORG}/api`, `${ORG}/web`] })

async function rotateOnce(bundle: string, c: Case): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'neon-bench-rotate-'))
  // action.yml of this tree names the inputs; an older build reads only those it knows.
  const inputs = Object.fromEntries(
    Object.entries({
      command: 'rotate-key',
      'api-key': admin.key,
      'api-host': url,
      'secret-name': SECRET,
      'github-token': github.token,
      ...c.inputs,
    }).filter(([name]) => name in actionYaml.inputs),
  )
  const { env, files } = stepEnvironment(dir, inputs, { env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: `${ORG}/api` } })
  const started = performance.now()
  const child = spawn(process.execPath, [join(bundle, 'index.js')], { env, cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] })
  let log = ''
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()))
  const code = await new Promise<number | null>((done) => child.on('exit', done))
  const wall = performance.now() - started
  const outputs = parseFileCommands(readFileSync(files.GITHUB_OUTPUT, 'utf8'))
  rmSync(dir, { recursive: true, force: true })
  if (code !== 0 || !outputs['key-id']) {
    throw new Error(`${bundle}, ${c.name}: exit ${code}\n${log.replace(/^::add-mask::.*\n?/gm, '')}`)
  }
  return wall
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

const samples = new Map<string, number[]>()
const key = (bundle: string, c: Case) => `${bundle}\n${c.name}`
const plan = bundles.flatMap((b) => CASES.filter((c) => c.targets === 1 || takes(b, 'secret-targets')).map((c) => ({ b, c })))
for (let round = 0; round <= RUNS; round++) {
  for (const { b, c } of plan) {
    const wall = await rotateOnce(b, c)
    // Round 0 warms the machine and the emulators up.
    if (round > 0) samples.set(key(b, c), [...(samples.get(key(b, c)) ?? []), wall])
  }
}
await platform.stop()
await github.stop()

console.log(`rotate-key storing secrets, Node ${process.version}, ${RUNS} runs each (round-robin, after 1 warm-up round)\n`)
console.log('| build | .js bytes | case | median | min – max | paired Δ to the first build |')
console.log('|---|---|---|---|---|---|')
for (const b of bundles) {
  for (const c of CASES) {
    const own = samples.get(key(b, c))
    if (!own) continue
    const first = samples.get(key(bundles[0]!, c))
    const delta = first && b !== bundles[0] ? `${median(own.map((w, i) => w - first[i]!)).toFixed(1)} ms` : ''
    console.log(
      `| ${b.replace(`${ROOT}/`, '')} | ${bytesOf(b).toLocaleString('en-US')} | ${c.name} | ${median(own).toFixed(1)} ms | ` +
        `${Math.min(...own).toFixed(0)} – ${Math.max(...own).toFixed(0)} ms | ${delta} |`,
    )
  }
}
