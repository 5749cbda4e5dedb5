/**
 * `npm run bench [-- --runs N] [--scale-runs N] [--waiter-runs N] [--scale 10000,100000]`: how
 * fast and how big the committed dist/ is, against the local platform emulator (started in
 * this process), side by side with the floors, in one run.
 * `npm run bench -- --only rate-limits [--jobs N] [--window sliding|fixed|both] [--bundle PATH]`
 * runs only the last section: many deploy gates of one account under the enforced rate limits.
 * `npm run bench -- --only list-operations` runs only the list-operations section.
 * `--baseline DIR` (either mode): DIR is a checkout of another revision with its dist/ built
 * (`git worktree add DIR main`, or `git archive main | tar -x -C DIR` plus `npm ci`); its
 * bundle runs side by side with this one, in the same run, for the figures "before and after".
 *
 * Method
 * - Every measured step is a child process started the way a runner starts the action:
 *   `node dist/index.js` with INPUT_* variables (action.yml defaults filled in, as in
 *   scripts/run-step.ts), the GITHUB_OUTPUT / GITHUB_STATE / GITHUB_STEP_SUMMARY files, STATE_*
 *   for a post step, and a fresh working directory. Wall time runs from just before spawn() to
 *   the child's `exit` event (performance.now()); setting up the files happens before the
 *   clock starts.
 * - Quick steps (every command, the post step with nothing to do and with a key to revoke, and
 *   the floors) are run round-robin: 2 warm-up rounds, then N timed rounds (default 15). The
 *   timed runs are exactly the runner's command line. With `--baseline`, the steps that have a
 *   target over their floor (BASELINE_CASES) run on the baseline's bundle too, in the same rounds.
 * - CPU time (user + system) and peak RSS come from a few extra runs (min(N, 3)) with a tiny
 *   preload, `node --import <tmp>/usage.mjs`, that writes process.resourceUsage() to fd 3 on
 *   exit; the preload costs ~1–2 ms of start-up, which is why it is kept out of the timed runs.
 *   One more run per step, with a preload that records every file the ESM loader loads, tells
 *   which chunks of dist/ the step loads.
 * - The floors: a bare Node script with one global fetch (GET {url}/projects?org_id=…&limit=400, Bearer
 *   header, prints the body's length), written to a temp file at run time; the same with a
 *   second fetch of the page after it (what a second request costs); and `node -e 0`.
 * - Scale (list-projects on 10,000 and 100,000 projects) and the waiter run with the usage
 *   preload on every run: their figures are hundreds of ms or more. At scale, the emulator
 *   (in this process, on the same cores) serves every page, so wall time includes its work;
 *   the action's CPU time does not.
 * - Every measured step must succeed (exit code 0 and the expected outputs); if one does not,
 *   the bench stops with an error, since its figure would be meaningless. No figure ever fails it.
 *
 * - Rate limits: N (default 100) `wait-for-operations` jobs of one account, started together
 *   as a matrix would start them, against an emulator that enforces the service's limits (700
 *   requests a minute, 40 a second per route) in sliding and in calendar-minute windows. Time
 *   runs GATE_TIME_RATE times as fast for both: the children through the virtual-time preload
 *   (scale mode, outside the bundle), the emulator through its `now` option, so "700 a minute"
 *   means the same to both. Each job waits for its own branch's create_branch and start_compute
 *   operations, which finish at times spread over GATE_FINISH_S. A job that fails is counted,
 *   not fatal: that count is the figure. `--bundle` points the section at another build (the
 *   code before a change, to compare); with `--baseline`, the baseline's fleet runs right
 *   before this one's in each window. The same fleet also runs as a model (modelledGates):
 *   deterministic, without processes, for figures that do not depend on the machine's load; with
 *   `--baseline`, the model runs the baseline's PollPace (DIR/src/operations/pacing.ts, or
 *   src/commands/pacing.ts in a build from before the rooms) too.
 *
 * - list-operations: (1) one project's day of operations (`since: 24h`) for three sizes of day:
 *   the requests sent beside the pages the day needs (floor(n / 1000) + 1, pages of 1,000 read
 *   until one reaches past the day); (2) every project of an organization of 500 (the emulator's
 *   `seedOrganizationHistory`) against the enforced limits (700 a minute, 40 a second per route):
 *   a day back (the 40 a second binds), in real time, and three days back (two pages a project:
 *   the minute binds), with time 4× as fast for the step and the emulator as in the rate-limit
 *   section. The floor is the time the limiter itself needs to admit the step's requests, in the
 *   order the emulator logged them, each as early as its windows allow (answers taking no time):
 *   wall (or simulated) time over it is the figure; (3) peak RSS (usage preload) of one project
 *   listed whole with 10,000, 50,000 and 100,000 operations: the records stream to operations-file.
 * Output: one table on stdout, and the same figures (plus the raw samples) in .bench/latest.json
 * (.bench/rate-limits.json for `--only rate-limits`).
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { performance } from 'node:perf_hooks'
import { GitHubEmulator } from '../emulator/github.ts'
import { RateLimiter } from '../emulator/limits.ts'
import { PlatformEmulator, SERVICE_RATE_LIMITS } from '../emulator/platform.ts'
import { seedOrganizationHistory } from '../emulator/seed.ts'
import type { RequestLogEntry } from '../emulator/platform.ts'
import { IS_POST, JOB_KEY_ID } from '../src/runner/state.ts'
import { PollPace } from '../src/operations/pacing.ts'
import { BUNDLE, ROOT, parseFileCommands, stepCommand, stepEnvironment, type StepFiles } from './run-step.ts'

// ---- settings ---------------------------------------------------------------------------------

function flag(name: string, fallback: number): number {
  const raw = flagText(name)
  if (raw === undefined) return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} wants a positive integer, got ${String(raw)}`)
  return value
}

function flagText(name: string): string | undefined {
  const args = process.argv.slice(2)
  const at = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`))
  if (at < 0) return undefined
  return args[at]!.includes('=') ? args[at]!.split('=')[1] : args[at + 1]
}

const DIST = join(ROOT, 'dist')
function textFlag<T extends string>(name: string, allowed: readonly T[] | undefined, fallback: T): T {
  const args = process.argv.slice(2)
  const at = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`))
  if (at < 0) return fallback
  const raw = args[at]!.includes('=') ? args[at]!.slice(args[at]!.indexOf('=') + 1) : args[at + 1]
  if (raw === undefined || (allowed !== undefined && !(allowed as readonly string[]).includes(raw))) {
    throw new Error(`--${name} wants ${allowed ? allowed.join(' or ') : 'a value'}, got ${String(raw)}`)
  }
  return raw as T
}

const ONLY = textFlag('only', ['all', 'rate-limits', 'list-operations'], 'all')
const RUNS = flag('runs', 15)
const WARMUPS = 2
const USAGE_RUNS = Math.min(RUNS, 3)
const SCALE_RUNS = flag('scale-runs', Math.min(RUNS, 3))
const WAITER_RUNS = flag('waiter-runs', Math.min(RUNS, 5))

const SMALL_ACCOUNT_PROJECTS = 57
const SCALE_SIZES = (flagText('scale') ?? '10000,100000').split(',').map((n) => {
  const value = Number(n)
  if (!Number.isInteger(value) || value < 1) throw new Error(`--scale wants positive integers separated by commas, got ${n}`)
  return value
})
const WAITER_SIZES = [1, 10, 40, 200]
const WAITER_HISTORY = 2000
/** The action's clock speed-up for the waiter: a 1 s poll lasts 50 ms of real time. */
const WAITER_TIME_SCALE = 0.05
const WAITER_POLL_S = 1
const POLL_REAL_MS = WAITER_POLL_S * 1000 * WAITER_TIME_SCALE
/** The awaited operations all finish this long (real ms) after the child is spawned, plus a stagger. */
const WAITER_FINISH_AFTER_MS = 300

/** The rate-limit section: jobs of one account, windows, and the build they run. */
const GATE_JOBS = flag('jobs', 100)
const GATE_WINDOWS: ('sliding' | 'fixed')[] = ((w) => (w === 'both' ? ['sliding', 'fixed'] : [w]))(
  textFlag('window', ['sliding', 'fixed', 'both'], 'both'),
)
const GATE_BUNDLE = textFlag('bundle', undefined, BUNDLE)
/** Another revision's checkout, with dist/ built, measured beside this one. */
const BASELINE_DIR = flagText('baseline')
const BASELINE_BUNDLE = BASELINE_DIR === undefined ? undefined : join(BASELINE_DIR, 'dist', 'index.js')
/** Both the children and the emulator run this many times as fast as real time. */
const GATE_TIME_RATE = 4
const GATE_PROJECTS = 10
const GATE_HISTORY = 200
const GATE_POLL_S = 5
const GATE_TIMEOUT_S = 600
/** The jobs' operations finish at times spread evenly over this span (simulated seconds after every job has polled once). */
const GATE_FINISH_S = [90, 210] as const
/** Steady state: every job is running and none of their operations has finished. */
const GATE_STEADY_S = [0, 90] as const

// ---- child processes --------------------------------------------------------------------------

const work = mkdtempSync(join(tmpdir(), 'neon-action-bench-'))
const USAGE_PRELOAD = join(work, 'usage.mjs')
writeFileSync(
  USAGE_PRELOAD,
  [
    "import { writeSync } from 'node:fs'",
    'process.on("exit", () => {',
    '  const u = process.resourceUsage()',
    '  try { writeSync(3, JSON.stringify({ maxRssKiB: u.maxRSS, cpuMs: (u.userCPUTime + u.systemCPUTime) / 1000 })) } catch {}',
    '})',
    '',
  ].join('\n'),
)
const LOADS_PRELOAD = join(work, 'loads.mjs')
writeFileSync(
  LOADS_PRELOAD,
  [
    "import { writeSync } from 'node:fs'",
    "import { registerHooks } from 'node:module'",
    'const loaded = []',
    'registerHooks({ load(url, context, nextLoad) { loaded.push(url); return nextLoad(url, context) } })',
    'process.on("exit", () => {',
    '  try { writeSync(3, JSON.stringify({ loaded })) } catch {}',
    '})',
    '',
  ].join('\n'),
)
const fetchFloor = (pages: number) => {
  const file = join(work, `fetch-${pages}.mjs`)
  writeFileSync(
    file,
    [
      'let cursor',
      'let total = 0',
      `for (let page = 0; page < ${pages}; page++) {`,
      '  const res = await fetch(`${process.argv[2]}/projects?org_id=${process.argv[3]}&limit=400${cursor ? `&cursor=${cursor}` : ""}`, { headers: { authorization: `Bearer ${process.env.BENCH_KEY}` } })',
      '  const text = await res.text()',
      '  if (!res.ok) { console.error(res.status, text); process.exit(1) }',
      '  cursor = JSON.parse(text).pagination?.cursor',
      '  total += text.length',
      '}',
      'console.log(total)',
      '',
    ].join('\n'),
  )
  return file
}
const ONE_FETCH = fetchFloor(1)
const TWO_FETCHES = fetchFloor(2)

interface Run {
  code: number | null
  signal: NodeJS.Signals | null
  wallMs: number
  /** Date.now() at the child's exit, for the waiter's latency. */
  exitAt: number
  /** With the usage preload: KiB and ms. */
  maxRssKiB?: number
  cpuMs?: number
  /** With the loads preload: files of dist/ the step loaded, in order. */
  loaded?: string[]
  stdout: string
  stderr: string
  outputs: Record<string, string>
  outputBytes: number
  summaryBytes: number
}

interface Spec {
  args: string[]
  env: Record<string, string>
  cwd: string
  files?: StepFiles
  /** The dist/ of the bundle it runs, for the files it loads. */
  dist?: string
}

type Preload = 'none' | 'usage' | 'loads'

let runCounter = 0

/** The runner's environment for one step of the action (as scripts/run-step.ts builds it). */
function actionSpec(
  inputs: Record<string, string>,
  options: { timeScale?: number; state?: Record<string, string>; env?: Record<string, string> } = {},
): Spec {
  const dir = join(work, `step-${++runCounter}`)
  mkdirSync(dir)
  const { env, files } = stepEnvironment(dir, inputs, { state: options.state, env: options.env })
  // The waiter runs on the virtual-time preload (outside the bundle), `1 / timeScale` times as fast.
  const { timeScale } = options
  const command = stepCommand({ entry: 'bundle', time: timeScale === undefined ? 'real' : { mode: 'scale', rate: 1 / timeScale } })
  return { args: command.args, env: { ...env, ...command.env }, cwd: dir, files, dist: DIST }
}

/** The same step, run by the `--baseline` bundle. */
function onBaseline(spec: Spec): Spec {
  return { ...spec, args: [...spec.args.slice(0, -1), BASELINE_BUNDLE!], dist: join(BASELINE_BUNDLE!, '..') }
}

/** The quick steps that also run on the `--baseline` bundle: the ones with a target over their floor. */
const BASELINE_CASES = new Set(['list-projects', 'create-key', 'wait-for-operations', 'post-idle'])

function plainSpec(args: string[], extraEnv: Record<string, string> = {}): Spec {
  const dir = join(work, `step-${++runCounter}`)
  mkdirSync(dir)
  return { args, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? dir, ...extraEnv }, cwd: dir }
}

async function execute(spec: Spec, preload: Preload): Promise<Run> {
  const file = preload === 'usage' ? USAGE_PRELOAD : preload === 'loads' ? LOADS_PRELOAD : undefined
  const args = file ? ['--import', pathToFileURL(file).href, ...spec.args] : spec.args
  const stdio: ('ignore' | 'pipe')[] = file ? ['ignore', 'pipe', 'pipe', 'pipe'] : ['ignore', 'pipe', 'pipe']
  let stdout = ''
  let stderr = ''
  let report = ''
  const started = performance.now()
  const child = spawn(process.execPath, args, { env: spec.env, cwd: spec.cwd, stdio })
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  const fd3 = child.stdio[3]
  if (fd3 && 'setEncoding' in fd3)
    (fd3 as NodeJS.ReadableStream).setEncoding('utf8').on('data', (chunk: string | Buffer) => (report += String(chunk)))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; wallMs: number; exitAt: number }>((done) =>
    child.on('exit', (code, signal) => done({ code, signal, wallMs: performance.now() - started, exitAt: Date.now() })),
  )
  const closed = new Promise<void>((done) => child.on('close', () => done()))
  const { code, signal, wallMs, exitAt } = await exited
  await closed
  const outputText = spec.files ? readFileSync(spec.files.GITHUB_OUTPUT, 'utf8') : ''
  const summaryBytes = spec.files ? statSync(spec.files.GITHUB_STEP_SUMMARY).size : 0
  rmSync(spec.cwd, { recursive: true, force: true })
  const run: Run = {
    code,
    signal,
    wallMs,
    exitAt,
    stdout,
    stderr,
    outputs: parseFileCommands(outputText),
    outputBytes: Buffer.byteLength(outputText),
    summaryBytes,
  }
  if (file) {
    let parsed: { maxRssKiB?: number; cpuMs?: number; loaded?: string[] }
    try {
      parsed = JSON.parse(report) as typeof parsed
    } catch {
      throw new Error(`the ${preload} preload reported nothing usable for: node ${args.join(' ')}`)
    }
    run.maxRssKiB = parsed.maxRssKiB
    run.cpuMs = parsed.cpuMs
    run.loaded = parsed.loaded
      ?.filter((url) => url.startsWith('file:'))
      .map((url) => relative(spec.dist ?? DIST, fileURLToPath(url)))
      .filter((f) => !f.startsWith('..'))
  }
  return run
}

/** A measured step that did not do its job makes its figure meaningless: stop loudly. */
function mustSucceed(label: string, run: Run, check: (run: Run) => string | undefined): void {
  const problem = run.code !== 0 ? `exit code ${run.code}${run.signal ? ` (signal ${run.signal})` : ''}` : check(run)
  if (problem === undefined) return
  // Without `::add-mask::` lines: they carry the key, and a runner would not show them either.
  const tail = (text: string) =>
    text
      .replace(/^::add-mask::.*\n?/gm, '')
      .trimEnd()
      .split('\n')
      .slice(-15)
      .join('\n')
  throw new Error(
    `bench: the measured step "${label}" failed: ${problem}\n--- stdout (tail)\n${tail(run.stdout)}\n--- stderr (tail)\n${tail(run.stderr)}`,
  )
}

function jsonArrayLength(text: string | undefined): number | undefined {
  if (text === undefined) return undefined
  try {
    const value: unknown = JSON.parse(text)
    return Array.isArray(value) ? value.length : undefined
  } catch {
    return undefined
  }
}

// ---- statistics and formatting ----------------------------------------------------------------

interface Stats {
  n: number
  median: number
  min: number
  max: number
  p10: number
  p90: number
}

function quantile(sorted: number[], q: number): number {
  const at = (sorted.length - 1) * q
  const lo = Math.floor(at)
  const hi = Math.ceil(at)
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo)
}

function stats(values: number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b)
  return {
    n: sorted.length,
    median: quantile(sorted, 0.5),
    min: sorted[0]!,
    max: sorted[sorted.length - 1]!,
    p10: quantile(sorted, 0.1),
    p90: quantile(sorted, 0.9),
  }
}

const num = (value: number, digits = 1) => value.toFixed(digits)
const ms = (value: number) => (value >= 1000 ? `${num(value / 1000, 2)} s` : `${num(value, value < 10 ? 2 : 1)} ms`)
const range = (s: Stats, f: (v: number) => string) => `${f(s.min)} – ${f(s.max)}`
const mib = (kib: number) => `${num(kib / 1024, 1)} MiB`
const bytes = (n: number) => n.toLocaleString('en-US')

function table(headers: string[], rows: string[][], rightAligned: boolean[]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (rightAligned[i] ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd()
  return [line(headers), widths.map((w) => '─'.repeat(w)).join('  '), ...rows.map(line)].map((l) => `  ${l}`).join('\n')
}

// ---- rate limits: many deploy gates of one account ----------------------------------------------

/** The build a figure is of: this checkout's (or `--bundle`), or the `--baseline` one. */
type Build = 'this' | 'baseline'

interface GateRun {
  build: Build
  window: 'sliding' | 'fixed'
  jobs: number
  failed: number
  /** The first error line of each failed job, counted. */
  failures: Record<string, number>
  requests: number
  answered429: number
  /** Simulated seconds until every job had polled once (100 processes starting), from the emulator's start. */
  startUpS: number
  /** Arrivals (answered or refused) and answered requests a minute, in GATE_STEADY_S after start-up. */
  steadyPerMinute: number
  steadyAnsweredPerMinute: number
  /** The busiest minute of the run (arrivals), counted from the start. */
  peakPerMinute: number
  /** Simulated seconds from an operation's finish to its job's exit. */
  latencyS: Stats
  simulatedS: number
  wallS: number
}

async function rateLimitedGates(window: 'sliding' | 'fixed', build: Build): Promise<GateRun> {
  const bundle = build === 'baseline' ? BASELINE_BUNDLE! : GATE_BUNDLE
  const origin = Date.now()
  const simulated = (realMs: number) => origin + (realMs - origin) * GATE_TIME_RATE
  const platform = new PlatformEmulator({ now: () => simulated(Date.now()), rateLimits: { window } })
  emulators.push(platform)
  const url = await platform.start()
  const projects = Array.from({ length: GATE_PROJECTS }, () => {
    const id = platform.addProject().id
    platform.addHistory(id, GATE_HISTORY)
    return id
  })
  const jobs = Array.from({ length: GATE_JOBS }, (_, j) => {
    const projectId = projects[j % GATE_PROJECTS]!
    // One key per job, all of one account (they share its limits): the request log tells the jobs apart.
    const key = platform.addKey(`bench-gate-${j}`)
    const ids = ['create_branch', 'start_compute'].map((action, k) =>
      platform.addOperation(projectId, {
        action,
        branch_id: `br-gate-${String(j).padStart(8, '0')}`,
        status: k === 0 ? 'running' : 'scheduling',
      }),
    )
    const dir = join(work, `gate-${window}-${j}`)
    mkdirSync(dir)
    const inputs = {
      command: 'wait-for-operations',
      'api-key': key.key,
      'api-host': url,
      'project-id': projectId,
      'operation-ids': ids.join(','),
      'poll-interval': String(GATE_POLL_S),
      timeout: String(GATE_TIMEOUT_S),
    }
    const { env, files } = stepEnvironment(dir, inputs)
    const command = stepCommand({ entry: 'bundle', time: { mode: 'scale', rate: GATE_TIME_RATE } })
    const args = [...command.args.slice(0, -1), bundle]
    return { keyId: key.id, ids, finishedAt: NaN, spec: { args, env: { ...env, ...command.env }, cwd: dir, files } satisfies Spec }
  })
  const started = performance.now()
  const running = Promise.all(jobs.map((job) => execute(job.spec, 'none')))
  let done = false
  void running.finally(() => (done = true))

  // The measurement starts once every job has polled: starting 100 processes on a small machine
  // takes a while, and is not what is measured (the congestion of the first polls still counts).
  const waiting = new Set(jobs.map((job) => job.keyId))
  for (let seen = 0; !done && waiting.size > 0;) {
    for (; seen < platform.requests.length; seen++) waiting.delete(platform.requests[seen]!.keyId ?? -1)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  const seed = simulated(Date.now())
  const timers = jobs.map((job, j) => {
    const finishAt = seed + 1000 * (GATE_FINISH_S[0] + ((GATE_FINISH_S[1] - GATE_FINISH_S[0]) * j) / Math.max(1, GATE_JOBS - 1))
    return setTimeout(
      () => {
        for (const id of job.ids) platform.setOperation(id, { status: 'finished' })
        job.finishedAt = simulated(Date.now())
      },
      (finishAt - seed) / GATE_TIME_RATE,
    )
  })
  const runs = await running
  for (const timer of timers) clearTimeout(timer)
  const wallS = (performance.now() - started) / 1000
  await platform.stop()

  const failures: Record<string, number> = {}
  let failed = 0
  runs.forEach((run) => {
    if (run.code === 0 && run.outputs.status === 'finished') return
    failed++
    const line = run.stdout.split('\n').find((l) => l.startsWith('::error::')) ?? `exit code ${run.code}, status ${run.outputs.status}`
    // Ids and request ids differ from job to job: count the kind of failure.
    const kind = line.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '…').replace(/[a-z]+-[a-z]+-\d{8}/g, '…')
    failures[kind] = (failures[kind] ?? 0) + 1
  })
  const log = platform.requests
  const inSteady = log.filter((r) => r.at >= seed + GATE_STEADY_S[0] * 1000 && r.at < seed + GATE_STEADY_S[1] * 1000)
  const steadyMinutes = (GATE_STEADY_S[1] - GATE_STEADY_S[0]) / 60
  const perMinute = new Map<number, number>()
  for (const r of log) {
    const minute = Math.floor((r.at - origin) / 60_000)
    perMinute.set(minute, (perMinute.get(minute) ?? 0) + 1)
  }
  // Detection latency of the jobs that saw their operations finish (a failed job may exit before).
  const latencies = runs.flatMap((run, j) => {
    const finishedAt = jobs[j]!.finishedAt
    return Number.isNaN(finishedAt) || run.outputs.status !== 'finished' ? [] : [(simulated(run.exitAt) - finishedAt) / 1000]
  })
  return {
    build,
    window,
    jobs: GATE_JOBS,
    failed,
    failures,
    requests: log.length,
    answered429: log.filter((r) => r.status === 429).length,
    startUpS: (seed - origin) / 1000,
    steadyPerMinute: inSteady.length / steadyMinutes,
    steadyAnsweredPerMinute: inSteady.filter((r) => r.status !== 429).length / steadyMinutes,
    peakPerMinute: Math.max(...perMinute.values()),
    latencyS: stats(latencies.length > 0 ? latencies : [NaN]),
    simulatedS: (simulated(Math.max(...runs.map((r) => r.exitAt))) - origin) / 1000,
    wallS,
  }
}

/** Matrix jobs start within this many seconds of each other, in the model. */
const MODEL_START_SPREAD_S = 30
const MODEL_SEEDS = 10

interface ModelRun {
  build: Build
  window: 'sliding' | 'fixed'
  /** Means over the seeds. */
  answered429: number
  steadyAnsweredPerMinute: number
  /** Over every job of every seed. */
  latencyS: Stats
}

/**
 * The same fleet as a model: the action's own PollPace and the emulator's RateLimiter on one
 * simulated clock, without processes, so the figures do not depend on the machine's load (on a
 * shared 2-core machine 100 processes starve each other, and the runs above vary by a factor of
 * two). Each job sends one request a poll, as for two awaited operations, sleeps what PollPace
 * says after an answer or a 429, and detects its operations on its first answered poll after
 * they finish. Seeded, so every run gives the same figures.
 */
/** What the model needs of a PollPace; a build from before the first poll went out at once has `firstDelay`. */
interface Pace {
  afterAnswer(): number
  afterCongestion(retryAfterMs: number | undefined): number
  firstDelay?(): number
}
type PaceClass = new (baseMs: number, random: () => number) => Pace

function modelledGates(window: 'sliding' | 'fixed', build: Build, Pace: PaceClass): ModelRun {
  let n429 = 0
  let answered = 0
  const latencies: number[] = []
  for (let seed = 1; seed <= MODEL_SEEDS; seed++) {
    let state = seed * 7919
    const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    const limiter = new RateLimiter({ ...SERVICE_RATE_LIMITS, window })
    const start = MODEL_START_SPREAD_S * 1000
    const jobs = Array.from({ length: GATE_JOBS }, (_, j) => {
      const pace = new Pace(GATE_POLL_S * 1000, random)
      const finish = start + 1000 * (GATE_FINISH_S[0] + ((GATE_FINISH_S[1] - GATE_FINISH_S[0]) * j) / Math.max(1, GATE_JOBS - 1))
      return { pace, next: random() * start + (pace.firstDelay?.() ?? 0), finish, done: false }
    })
    for (;;) {
      let job: (typeof jobs)[number] | undefined
      for (const candidate of jobs) if (!candidate.done && (job === undefined || candidate.next < job.next)) job = candidate
      if (job === undefined) break
      const at = job.next
      const verdict = limiter.admit('GET /projects/{}/operations', at)
      if (!verdict.ok) {
        n429++
        job.next = at + job.pace.afterCongestion(verdict.retryAfterSeconds * 1000)
        continue
      }
      if (at >= start + GATE_STEADY_S[0] * 1000 && at < start + GATE_STEADY_S[1] * 1000) answered++
      if (at >= job.finish) {
        job.done = true
        latencies.push((at - job.finish) / 1000)
      } else job.next = at + job.pace.afterAnswer()
    }
  }
  return {
    build,
    window,
    answered429: n429 / MODEL_SEEDS,
    steadyAnsweredPerMinute: answered / MODEL_SEEDS / ((GATE_STEADY_S[1] - GATE_STEADY_S[0]) / 60),
    latencyS: stats(latencies),
  }
}

async function rateLimitSection(): Promise<{ settings: Record<string, unknown>; model: ModelRun[]; runs: GateRun[] }> {
  const builds: Build[] = BASELINE_DIR === undefined ? ['this'] : ['baseline', 'this']
  const baselinePace =
    BASELINE_DIR === undefined
      ? undefined
      : ((await import(pathToFileURL(baselinePacing(BASELINE_DIR)).href)) as { PollPace: PaceClass }).PollPace
  const model = GATE_WINDOWS.flatMap((window) =>
    builds.map((build) => modelledGates(window, build, build === 'baseline' ? baselinePace! : PollPace)),
  )
  const runs: GateRun[] = []
  for (const window of GATE_WINDOWS) for (const build of builds) runs.push(await rateLimitedGates(window, build))
  const buildName = (build: Build) =>
    build === 'baseline' ? `baseline (${relative(ROOT, BASELINE_DIR!) || BASELINE_DIR})` : relative(ROOT, GATE_BUNDLE) || GATE_BUNDLE
  console.log(
    `\nRate limits: ${GATE_JOBS} wait-for-operations jobs of one account started together (${GATE_PROJECTS} projects, ` +
      `poll-interval ${GATE_POLL_S} s, timeout ${GATE_TIMEOUT_S} s), against 700 requests a minute and 40 a second per route;\n` +
      `time ${GATE_TIME_RATE}× as fast for the jobs and the emulator; operations finish over ${GATE_FINISH_S[0]}–${GATE_FINISH_S[1]} s; ` +
      `bundle ${builds.map(buildName).join(' and ')}. Steady state: ${GATE_STEADY_S[0]}–${GATE_STEADY_S[1]} s (simulated).`,
  )
  console.log(
    table(
      [
        'build',
        'window',
        'jobs failed',
        '429s answered',
        'requests/min (steady)',
        'answered/min (steady)',
        'peak/min',
        'detection latency p50 (p10–p90, max)',
        'start-up',
        'simulated',
        'wall',
      ],
      runs.map((r) => [
        r.build,
        r.window,
        `${r.failed} of ${r.jobs}`,
        String(r.answered429),
        num(r.steadyPerMinute, 0),
        num(r.steadyAnsweredPerMinute, 0),
        String(r.peakPerMinute),
        `${num(r.latencyS.median, 1)} s (${num(r.latencyS.p10, 1)}–${num(r.latencyS.p90, 1)}, ${num(r.latencyS.max, 1)})`,
        `${num(r.startUpS, 0)} s`,
        `${num(r.simulatedS, 0)} s`,
        `${num(r.wallS, 1)} s`,
      ]),
      [false, false, true, true, true, true, true, true, true, true, true],
    ),
  )
  for (const r of runs)
    for (const [kind, n] of Object.entries(r.failures)) console.log(`  ${r.build}, ${r.window}: ${n} × ${kind.slice(0, 220)}`)
  console.log(
    `\n  The same fleet as a model (the action's PollPace, the emulator's RateLimiter, one simulated clock, no processes; ` +
      `jobs start over ${MODEL_START_SPREAD_S} s; means of ${MODEL_SEEDS} seeds; each build's PollPace from its src/, not --bundle's):`,
  )
  console.log(
    table(
      ['build', 'window', '429s answered', 'answered/min (steady)', 'detection latency p50 (p10–p90, max)'],
      model.map((m) => [
        m.build,
        m.window,
        num(m.answered429, 0),
        num(m.steadyAnsweredPerMinute, 0),
        `${num(m.latencyS.median, 1)} s (${num(m.latencyS.p10, 1)}–${num(m.latencyS.p90, 1)}, ${num(m.latencyS.max, 1)})`,
      ]),
      [false, false, true, true, true],
    ),
  )
  return {
    settings: {
      jobs: GATE_JOBS,
      projects: GATE_PROJECTS,
      timeRate: GATE_TIME_RATE,
      pollIntervalS: GATE_POLL_S,
      timeoutS: GATE_TIMEOUT_S,
      finishS: GATE_FINISH_S,
      steadyS: GATE_STEADY_S,
      bundle: GATE_BUNDLE,
      baseline: BASELINE_DIR,
      modelStartSpreadS: MODEL_START_SPREAD_S,
      modelSeeds: MODEL_SEEDS,
    },
    model,
    runs,
  }
}

// ---- list-operations -------------------------------------------------------------------------------

/** Days of one project's operations, per day: a quiet project, a busy one, and one of a CI that makes branches all day. */
const LIST_DAY_SIZES = [300, 2_500, 9_500]
const LIST_ORG_PROJECTS = 500
const LIST_ORG_OPERATIONS = 3000
const LIST_ORG_DAYS = 7
const LIST_MEMORY_SIZES = [1_000, 10_000, 50_000, 100_000]
/** The old generation the last run is held to: what the listing keeps, whatever V8 would grow to. */
const LIST_HEAP_LIMIT_MB = 16

/**
 * The least time in which the service's limits admit `routes` (one a request, in order): each as
 * soon as its windows allow, the account's minute (700) and its route's second (40), sliding as
 * the emulator counts them. Answers take no time here.
 */
function rateLimitFloorMs(routes: readonly string[]): number {
  const account: number[] = []
  const byRoute = new Map<string, number[]>()
  let at = 0
  for (const route of routes) {
    const sent = byRoute.get(route) ?? []
    byRoute.set(route, sent)
    const minute = account.length >= SERVICE_RATE_LIMITS.perMinute ? account[account.length - SERVICE_RATE_LIMITS.perMinute]! + 60_000 : 0
    const second =
      sent.length >= SERVICE_RATE_LIMITS.perRoutePerSecond ? sent[sent.length - SERVICE_RATE_LIMITS.perRoutePerSecond]! + 1000 : 0
    at = Math.max(at, minute, second)
    account.push(at)
    sent.push(at)
  }
  return at
}

interface OrgListing {
  label: string
  since: string
  timeRate: number
  exitCode: number | null
  listed: number
  requests: number
  operationPages: number
  answered429: number
  absorbed: number
  wallS: number
  simulatedS: number
  floorS: number
}

async function listOperationsSection(): Promise<Record<string, unknown>> {
  // (1) A day of one project.
  const day = emulator()
  const dayUrl = await day.start()
  const dayKey = day.addKey('bench-admin').key
  const days: { perDay: number; inDay: number; needed: number; requests: number; wallMs: number }[] = []
  for (const perDay of LIST_DAY_SIZES) {
    const project = day.addProject().id
    day.addOperationHistory(project, { count: perDay * 3, days: 3, seed: 1 })
    const inDay = day
      .operations(project)
      .filter((o) => Date.parse(o.created_at) >= Math.floor((Date.now() - 86_400_000) / 1000) * 1000).length
    day.clearRequests()
    const spec = actionSpec({
      command: 'list-operations',
      'api-key': dayKey,
      'api-host': dayUrl,
      'project-id': project,
      since: '24h',
      'max-operations': '100000',
    })
    const run = await execute(spec, 'none')
    mustSucceed(`list-operations (a day of ${perDay})`, run, (r) =>
      Number(r.outputs['operation-count']) > 0 ? undefined : 'no operation-count',
    )
    const listed = Number(run.outputs['operation-count'])
    // The step started a moment after the count above: the day may have lost its oldest second.
    days.push({ perDay, inDay: listed, needed: Math.floor(listed / 1000) + 1, requests: day.requests.length, wallMs: run.wallMs })
    if (Math.abs(listed - inDay) > 2) throw new Error(`bench: listed ${listed} of a day that holds ${inDay}`)
  }
  await day.stop()

  // (2) An organization of 500 projects under the enforced limits.
  const orgListing = async (label: string, since: string, timeRate: number, maxOperations: number): Promise<OrgListing> => {
    const origin = Date.now()
    const simulated = (realMs: number) => origin + (realMs - origin) * timeRate
    const platform = new PlatformEmulator({ now: () => simulated(Date.now()), rateLimits: {} })
    emulators.push(platform)
    const orgUrl = await platform.start()
    const key = platform.addKey('bench-admin').key
    const org = seedOrganizationHistory(platform, {
      orgId: platform.defaultOrgId,
      projects: LIST_ORG_PROJECTS,
      operations: LIST_ORG_OPERATIONS,
      days: LIST_ORG_DAYS,
    })
    const inputs = {
      command: 'list-operations',
      'api-key': key,
      'api-host': orgUrl,
      'org-id': org.orgId,
      'project-ids': 'all',
      since,
      'max-operations': String(maxOperations),
    }
    const spec = actionSpec(inputs, timeRate === 1 ? {} : { timeScale: 1 / timeRate })
    platform.clearRequests()
    const run = await execute(spec, 'none')
    await platform.stop()
    const log = platform.requests
    const answered = log.filter((r) => r.status !== 429)
    const absorbed = /; (\d+) answered 429 and were sent again/.exec(run.stdout)?.[1]
    return {
      label,
      since,
      timeRate,
      exitCode: run.code,
      listed: Number(run.outputs['operation-count'] ?? NaN),
      requests: log.length,
      operationPages: log.filter((r) => OPERATIONS_PATH.test(r.path)).length,
      answered429: log.length - answered.length,
      absorbed: Number(absorbed ?? 0),
      wallS: run.wallMs / 1000,
      simulatedS: (run.wallMs * timeRate) / 1000,
      floorS: rateLimitFloorMs(answered.map((r) => `${r.method} ${r.path.replace(/^\/projects\/[^/]+\//, '/projects/{}/')}`)) / 1000,
    }
  }
  const org = [
    await orgListing('24h (40 a second binds)', '24h', 1, 1000),
    await orgListing(`3d, max-operations 100000; time ${GATE_TIME_RATE}× as fast (the minute binds)`, '3d', GATE_TIME_RATE, 100_000),
  ]
  for (const o of org)
    if (o.exitCode !== 0) throw new Error(`bench: list-operations of ${LIST_ORG_PROJECTS} projects (${o.label}) exited ${o.exitCode}`)

  // (3) Memory as the operations grow.
  const mem = emulator()
  const memUrl = await mem.start()
  const memKey = mem.addKey('bench-admin').key
  const memory: { operations: number; heapLimitMb?: number; maxRssKiB: number; requests: number; wallMs: number }[] = []
  const listWhole = async (count: number, heapLimitMb?: number) => {
    const project = mem.addProject().id
    mem.addOperationHistory(project, { count, days: 30, seed: 2 })
    mem.clearRequests()
    const inputs = { command: 'list-operations', 'api-key': memKey, 'api-host': memUrl, 'project-id': project, 'max-operations': '100000' }
    const spec = actionSpec(inputs, heapLimitMb === undefined ? {} : { env: { NODE_OPTIONS: `--max-old-space-size=${heapLimitMb}` } })
    const run = await execute(spec, 'usage')
    mustSucceed(`list-operations (${count} operations)`, run, (r) =>
      r.outputs['operation-count'] === String(count) ? undefined : `operation-count ${r.outputs['operation-count']}`,
    )
    memory.push({ operations: count, heapLimitMb, maxRssKiB: run.maxRssKiB!, requests: mem.requests.length, wallMs: run.wallMs })
  }
  for (const count of LIST_MEMORY_SIZES) await listWhole(count)
  await listWhole(LIST_MEMORY_SIZES.at(-1)!, LIST_HEAP_LIMIT_MB)
  await mem.stop()

  console.log(`\nlist-operations: one project's day (since: 24h), pages of 1,000 read until one reaches past the day`)
  console.log(
    table(
      ['operations a day', 'listed (the last 24 h)', 'pages it needs', 'requests sent', 'wall'],
      days.map((d) => [bytes(d.perDay), bytes(d.inDay), String(d.needed), String(d.requests), ms(d.wallMs)]),
      [true, true, true, true, true],
    ),
  )
  console.log(
    `\nlist-operations: every project of an organization of ${LIST_ORG_PROJECTS} (${bytes(LIST_ORG_OPERATIONS)} operations each over ` +
      `${LIST_ORG_DAYS} days), project-ids: all, the emulator enforcing 700 requests a minute and 40 a second per route;\n` +
      'floor: the time the limits need to admit the same requests, each as early as they allow (answers taking no time).',
  )
  console.log(
    table(
      [
        'since',
        'exit',
        'listed',
        'requests (operation pages)',
        '429s answered',
        '429s absorbed',
        'wall',
        'time (simulated)',
        'floor',
        '÷ floor',
      ],
      org.map((o) => [
        o.label,
        String(o.exitCode),
        bytes(o.listed),
        `${o.requests} (${o.operationPages})`,
        String(o.answered429),
        String(o.absorbed),
        `${num(o.wallS, 1)} s`,
        `${num(o.simulatedS, 1)} s`,
        `${num(o.floorS, 1)} s`,
        `${num(o.simulatedS / o.floorS, 2)}×`,
      ]),
      [false, true, true, true, true, true, true, true, true, true],
    ),
  )
  console.log(
    '\nlist-operations: one project listed whole (max-operations: 100000), peak RSS with the usage preload; the last run ' +
      `with V8's old generation held to ${LIST_HEAP_LIMIT_MB} MiB (--max-old-space-size), which a listing that kept its records would exceed`,
  )
  console.log(
    table(
      ['operations', 'heap limit', 'requests', 'peak RSS', 'wall'],
      memory.map((m) => [
        bytes(m.operations),
        m.heapLimitMb === undefined ? '—' : `${m.heapLimitMb} MiB`,
        String(m.requests),
        mib(m.maxRssKiB),
        ms(m.wallMs),
      ]),
      [true, true, true, true, true],
    ),
  )
  return { days, organization: org, memory }
}

// ---- the bench ---------------------------------------------------------------------------------

const OPERATIONS_PATH = /^\/projects\/[^/]+\/operations(\/|$)/

interface QuickCase {
  name: string
  label: string
  /** What its wall time is set against: the one-fetch floor for a command, `node -e 0` for the post step. */
  floor?: 'floor-fetch' | 'floor-fetch-2' | 'floor-node'
  spec: () => Spec
  check: (run: Run) => string | undefined
  requests: number[]
  wall: number[]
  rss: number[]
  cpu: number[]
  loaded: string[]
}

/** Every emulator started, so that a failed step does not leave a server holding the process open. */
const emulators: PlatformEmulator[] = []
function emulator(): PlatformEmulator {
  const started = new PlatformEmulator()
  emulators.push(started)
  return started
}

async function main(): Promise<void> {
  const startedAt = new Date()
  const cpu = cpus()
  console.log(`neon-api-action bench · Node ${process.version} · ${startedAt.toISOString()}`)
  console.log(`${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'} · ${process.platform}-${process.arch} · bundle ${relative(ROOT, BUNDLE)}`)
  if (ONLY === 'list-operations') {
    const listOperations = await listOperationsSection()
    rmSync(work, { recursive: true, force: true })
    const outDir = join(ROOT, '.bench')
    mkdirSync(outDir, { recursive: true })
    writeFileSync(
      join(outDir, 'list-operations.json'),
      `${JSON.stringify({ node: process.version, date: startedAt.toISOString(), ...listOperations }, null, 2)}\n`,
    )
    console.log(`\nJSON: .bench/list-operations.json · bench took ${num((Date.now() - startedAt.getTime()) / 1000, 1)} s`)
    return
  }
  if (ONLY === 'rate-limits') {
    const rateLimits = await rateLimitSection()
    rmSync(work, { recursive: true, force: true })
    const outDir = join(ROOT, '.bench')
    mkdirSync(outDir, { recursive: true })
    writeFileSync(
      join(outDir, 'rate-limits.json'),
      `${JSON.stringify({ node: process.version, date: startedAt.toISOString(), ...rateLimits }, null, 2)}\n`,
    )
    console.log(`\nJSON: .bench/rate-limits.json · bench took ${num((Date.now() - startedAt.getTime()) / 1000, 1)} s`)
    return
  }

  // Bundle sizes: dist/index.js and every other .js chunk in dist/ (source maps are read only after a failure).
  const chunksOf = (dist: string) =>
    (readdirSync(dist, { recursive: true }) as string[])
      .filter((f) => /\.[cm]?js$/.test(f))
      .map((f) => {
        const text = readFileSync(join(dist, f), 'utf8')
        return { file: f.split('\\').join('/'), bytes: statSync(join(dist, f)).size, lines: text.split('\n').length }
      })
      .sort((a, b) => (a.file === 'index.js' ? -1 : b.file === 'index.js' ? 1 : b.bytes - a.bytes))
  const chunks = chunksOf(DIST)
  const baselineChunks = BASELINE_BUNDLE === undefined ? undefined : chunksOf(join(BASELINE_BUNDLE, '..'))
  const totalBytes = (list: { bytes: number }[]) => list.reduce((sum, c) => sum + c.bytes, 0)

  // The small account, for the quick steps.
  const platform = emulator()
  const url = await platform.start()
  const admin = platform.addKey('bench-admin')
  // The last of them is the project of wait-for-operations.
  platform.addProjects(SMALL_ACCOUNT_PROJECTS - 1)
  const idleProject = platform.addProject().id
  const finishedOperation = platform.addOperation(idleProject, { status: 'finished' })
  const base = { 'api-key': admin.key, 'api-host': url }
  let lastKeyId = 0
  // GitHub, for rotate-key storing secrets: a repository, an environment, an organization secret for two repositories.
  const github = new GitHubEmulator()
  await github.start()
  github.addEnvironment('bench-org', 'web', 'production')
  github.store({ organization: 'bench-org' }, 'NEON_API_KEY', 'napi_old', {
    visibility: 'selected',
    repositories: ['bench-org/api', 'bench-org/web'],
  })
  const secretBase = { ...base, command: 'rotate-key', 'secret-name': 'NEON_API_KEY', 'github-token': github.token }
  const githubEnv = { env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: 'bench-org/api' } }
  const allStored = (r: Run, n: number) => {
    const results = (JSON.parse(r.outputs['secret-results'] ?? '[]') as { status: string }[]).map((x) => x.status)
    return results.length === n && results.every((x) => x === 'stored') ? undefined : `secret-results ${r.outputs['secret-results']}`
  }

  const seeds: Omit<QuickCase, 'requests' | 'wall' | 'rss' | 'cpu' | 'loaded'>[] = [
    {
      // With org-id, as the floor's fetch names org_id: one request.
      name: 'list-projects',
      label: `list-projects (${SMALL_ACCOUNT_PROJECTS} projects, org-id given)`,
      floor: 'floor-fetch',
      spec: () => actionSpec({ ...base, command: 'list-projects', 'org-id': platform.defaultOrgId }),
      check: (r) => {
        const n = jsonArrayLength(r.outputs['project-ids'])
        return n === SMALL_ACCOUNT_PROJECTS ? undefined : `project-ids has ${String(n)} ids, expected ${SMALL_ACCOUNT_PROJECTS}`
      },
    },
    {
      // Without org-id the organization is resolved first (GET /users/me/organizations).
      name: 'list-projects-resolved',
      label: `list-projects (${SMALL_ACCOUNT_PROJECTS} projects, organization resolved)`,
      floor: 'floor-fetch-2',
      spec: () => actionSpec({ ...base, command: 'list-projects' }),
      check: (r) => {
        const n = jsonArrayLength(r.outputs['project-ids'])
        return n === SMALL_ACCOUNT_PROJECTS ? undefined : `project-ids has ${String(n)} ids, expected ${SMALL_ACCOUNT_PROJECTS}`
      },
    },
    {
      name: 'list-keys',
      label: 'list-keys',
      floor: 'floor-fetch',
      spec: () => actionSpec({ ...base, command: 'list-keys' }),
      check: (r) => ((jsonArrayLength(r.outputs.keys) ?? 0) >= 1 ? undefined : 'keys output is not a non-empty JSON array'),
    },
    {
      name: 'create-key',
      label: 'create-key',
      floor: 'floor-fetch',
      spec: () => actionSpec({ ...base, command: 'create-key', 'key-name': 'bench-key' }),
      check: (r) => (/^\d+$/.test(r.outputs['key-id'] ?? '') && r.outputs.key ? undefined : 'no key-id / key output'),
    },
    {
      name: 'revoke-key',
      label: 'revoke-key (one id)',
      floor: 'floor-fetch',
      spec: () => {
        lastKeyId = platform.addKey('bench-revoke').id
        return actionSpec({ ...base, command: 'revoke-key', 'key-id': String(lastKeyId) })
      },
      check: () => (platform.isKeyValid(lastKeyId) ? `key ${lastKeyId} is still valid` : undefined),
    },
    {
      name: 'rotate-key',
      label: 'rotate-key (no secret)',
      floor: 'floor-fetch',
      spec: () => actionSpec({ ...base, command: 'rotate-key', 'key-name': 'bench-rotate' }),
      check: (r) => (/^\d+$/.test(r.outputs['key-id'] ?? '') && r.outputs['revoked-key-ids'] ? undefined : 'no key-id / revoked-key-ids'),
    },
    {
      name: 'rotate-key-secret',
      label: 'rotate-key (one repository secret; GitHub requests counted)',
      floor: 'floor-fetch',
      spec: () => actionSpec({ ...secretBase, 'key-name': 'bench-rotate-secret' }, githubEnv),
      check: (r) => allStored(r, 1),
    },
    {
      name: 'rotate-key-targets',
      label: 'rotate-key (3 targets: repository, environment, organization; GitHub requests counted)',
      floor: 'floor-fetch',
      spec: () =>
        actionSpec(
          { ...secretBase, 'key-name': 'bench-rotate-targets', 'secret-targets': 'bench-org/api\nbench-org/web:production\norg:bench-org' },
          githubEnv,
        ),
      check: (r) => allStored(r, 3),
    },
    {
      name: 'wait-for-operations',
      label: 'wait-for-operations (1, finished)',
      floor: 'floor-fetch',
      spec: () => actionSpec({ ...base, command: 'wait-for-operations', 'project-id': idleProject, 'operation-ids': finishedOperation }),
      check: (r) => (r.outputs.status === 'finished' ? undefined : `status output ${JSON.stringify(r.outputs.status)}`),
    },
    {
      name: 'post-idle',
      label: 'post step, nothing to revoke',
      floor: 'floor-node',
      spec: () => actionSpec({ ...base, command: 'list-projects' }, { state: { [IS_POST]: 'true' } }),
      check: (r) => (r.stdout === '' && r.stderr === '' ? undefined : 'the post step with nothing to do wrote to the log'),
    },
    {
      name: 'post-revoke',
      label: 'post step, one job key to revoke',
      floor: 'floor-node',
      spec: () => {
        lastKeyId = platform.addKey('bench-job').id
        const state = { [IS_POST]: 'true', [JOB_KEY_ID]: String(lastKeyId) }
        return actionSpec({ ...base, command: 'create-key', 'key-name': 'bench-job', 'revoke-after-job': 'true' }, { state })
      },
      check: () => (platform.isKeyValid(lastKeyId) ? `key ${lastKeyId} is still valid` : undefined),
    },
    {
      name: 'floor-fetch',
      label: 'floor: bare node, one fetch',
      spec: () => plainSpec([ONE_FETCH, url, platform.defaultOrgId], { BENCH_KEY: admin.key }),
      check: (r) => (Number(r.stdout.trim()) > 0 ? undefined : `printed ${JSON.stringify(r.stdout.trim())}, not a length`),
    },
    {
      name: 'floor-fetch-2',
      label: 'floor: bare node, two fetches (+ empty page)',
      spec: () => plainSpec([TWO_FETCHES, url, platform.defaultOrgId], { BENCH_KEY: admin.key }),
      check: (r) => (Number(r.stdout.trim()) > 0 ? undefined : `printed ${JSON.stringify(r.stdout.trim())}, not a length`),
    },
    {
      name: 'floor-node',
      label: 'floor: node -e 0',
      spec: () => plainSpec(['-e', '0']),
      check: () => undefined,
    },
  ]
  if (BASELINE_BUNDLE !== undefined) {
    // Right after the floors, so that each round runs both builds of a step on the same machine state.
    for (const seed of seeds.filter((c) => BASELINE_CASES.has(c.name))) {
      seeds.push({ ...seed, name: `baseline:${seed.name}`, label: `baseline: ${seed.label}`, spec: () => onBaseline(seed.spec()) })
    }
  }
  const cases: QuickCase[] = seeds.map((c) => ({ ...c, requests: [], wall: [], rss: [], cpu: [], loaded: [] }))

  const once = async (c: QuickCase, preload: Preload): Promise<Run> => {
    const spec = c.spec()
    platform.clearRequests()
    github.clearRequests()
    const run = await execute(spec, preload)
    mustSucceed(c.label, run, c.check)
    c.requests.push(platform.requests.length + github.requests.length)
    return run
  }
  // Round-robin, so that drift (CPU frequency, caches, the growing key list) spreads evenly.
  for (let i = 0; i < WARMUPS; i++) for (const c of cases) await once(c, 'none')
  for (const c of cases) c.requests.length = 0
  for (let i = 0; i < RUNS; i++) for (const c of cases) c.wall.push((await once(c, 'none')).wallMs)
  for (let i = 0; i < USAGE_RUNS; i++) {
    for (const c of cases) {
      const run = await once(c, 'usage')
      c.rss.push(run.maxRssKiB!)
      c.cpu.push(run.cpuMs!)
    }
  }
  for (const c of cases) c.loaded = (await once(c, 'loads')).loaded ?? []
  await platform.stop()
  await github.stop()

  // Scale: list-projects on large accounts.
  const scale: {
    projects: number
    wall: number[]
    cpu: number[]
    rss: number[]
    requests: number[]
    outputBytes: number
    summaryBytes: number
  }[] = []
  for (const size of SCALE_SIZES) {
    const big = emulator()
    const bigUrl = await big.start()
    const bigKey = big.addKey('bench-admin')
    big.addProjects(size)
    const row = {
      projects: size,
      wall: [] as number[],
      cpu: [] as number[],
      rss: [] as number[],
      requests: [] as number[],
      outputBytes: 0,
      summaryBytes: 0,
    }
    for (let i = 0; i < SCALE_RUNS; i++) {
      const spec = actionSpec({ command: 'list-projects', 'api-key': bigKey.key, 'api-host': bigUrl })
      big.clearRequests()
      const run = await execute(spec, 'usage')
      // Past the output limit the list is only in projects-file (removed with the step's directory).
      mustSucceed(`list-projects (${size} projects)`, run, (r) =>
        r.outputs['projects-file'] && r.stdout.includes(`Found ${size} project(s).`)
          ? undefined
          : `no projects-file output, or not ${size} projects found`,
      )
      row.wall.push(run.wallMs)
      row.cpu.push(run.cpuMs!)
      row.rss.push(run.maxRssKiB!)
      row.requests.push(big.requests.length)
      row.outputBytes = run.outputBytes
      row.summaryBytes = run.summaryBytes
    }
    scale.push(row)
    await big.stop()
  }

  // The waiter.
  const waitPlatform = emulator()
  const waitUrl = await waitPlatform.start()
  const waitKey = waitPlatform.addKey('bench-admin')
  interface WaiterSample {
    rounds: number
    requests: number
    requestsPerRound: number
    latencyMs: number
    /** From the arrival of the last poll request to the child's exit: the step's wind-down. */
    lastPollToExitMs: number
    /** Every request of the run, not only the operation reads. */
    allRequests: number
    wallMs: number
    maxRssKiB: number
    maxGapInRoundMs: number
    minGapBetweenRoundsMs: number
  }
  const waiter: { size: number; samples: WaiterSample[] }[] = []
  for (const size of WAITER_SIZES) {
    const samples: WaiterSample[] = []
    for (let i = 0; i < WAITER_RUNS; i++) {
      // A fresh project per run, with a realistic history behind the awaited operations.
      const projectId = waitPlatform.addProject().id
      waitPlatform.addHistory(projectId, WAITER_HISTORY)
      const spec = actionSpec(
        {
          command: 'wait-for-operations',
          'api-key': waitKey.key,
          'api-host': waitUrl,
          'project-id': projectId,
          'poll-interval': String(WAITER_POLL_S),
        },
        { timeScale: WAITER_TIME_SCALE },
      )
      // Operation k is created at seed + k µs (the emulator keeps creation times unique); its
      // finish step is placed so that every one of them turns `finished` at exactly `finishAt`.
      const seed = Date.now()
      // Staggered over one poll interval, so that the runs sample every phase of the poll cycle
      // (the latency depends mostly on where in the cycle the operations finish).
      const finishAt = seed + WAITER_FINISH_AFTER_MS + (i * POLL_REAL_MS) / WAITER_RUNS
      const ids: string[] = []
      for (let k = 0; k < size; k++) {
        const createdAt = seed + k / 1000
        ids.push(
          waitPlatform.addOperation(projectId, {
            action: 'start_compute',
            createdAt,
            timeline: [
              { afterMs: 0, status: 'running' },
              { afterMs: finishAt - createdAt, status: 'finished' },
            ],
          }),
        )
      }
      spec.env['INPUT_OPERATION-IDS'] = ids.join(',')
      waitPlatform.clearRequests()
      const run = await execute(spec, 'usage')
      mustSucceed(`wait-for-operations (${size} operations)`, run, (r) => {
        if (r.outputs.status !== 'finished') return `status output ${JSON.stringify(r.outputs.status)}, expected "finished"`
        const n = jsonArrayLength(r.outputs.operations)
        return n === size ? undefined : `operations output has ${String(n)} records, expected ${size}`
      })
      if (waitPlatform.operation(ids[ids.length - 1]!)?.status !== 'finished')
        throw new Error('bench: the last awaited operation is not finished at exit')
      const polls = waitPlatform.requests.filter((r: RequestLogEntry) => OPERATIONS_PATH.test(r.path))
      // Rounds from the request log: the requests of one round follow each other back to back
      // (each one is sent when the previous answer arrives), while between two rounds the action
      // sleeps a whole poll interval (50 ms real). So a gap of more than half an interval between
      // two arrivals starts a new round. The largest gap inside a round and the smallest gap
      // between rounds are kept in the JSON, to show the split is clear-cut.
      let rounds = polls.length > 0 ? 1 : 0
      let maxIn = 0
      let minBetween = Infinity
      for (let j = 1; j < polls.length; j++) {
        const gap = polls[j]!.at - polls[j - 1]!.at
        if (gap > POLL_REAL_MS / 2) {
          rounds++
          minBetween = Math.min(minBetween, gap)
        } else maxIn = Math.max(maxIn, gap)
      }
      samples.push({
        rounds,
        requests: polls.length,
        requestsPerRound: rounds ? polls.length / rounds : 0,
        // From the moment the last operation finished (its scheduled finish) to the child's exit.
        latencyMs: run.exitAt - finishAt,
        lastPollToExitMs: polls.length ? run.exitAt - polls[polls.length - 1]!.at : NaN,
        allRequests: waitPlatform.requests.length,
        wallMs: run.wallMs,
        maxRssKiB: run.maxRssKiB!,
        maxGapInRoundMs: maxIn,
        minGapBetweenRoundsMs: minBetween,
      })
    }
    waiter.push({ size, samples })
  }
  await waitPlatform.stop()

  // ---- report ----------------------------------------------------------------------------------

  const wallStats = new Map(cases.map((c) => [c.name, stats(c.wall)]))
  const rssStats = new Map(cases.map((c) => [c.name, stats(c.rss)]))
  const cpuStats = new Map(cases.map((c) => [c.name, stats(c.cpu)]))
  const median = (name: string) => wallStats.get(name)!.median
  const sizeOf = new Map(chunks.map((c) => [c.file, c.bytes]))
  const baselineSizeOf = new Map((baselineChunks ?? []).map((c) => [c.file, c.bytes]))
  const loadedBytes = (c: QuickCase) =>
    c.loaded.reduce((sum, f) => sum + ((c.name.startsWith('baseline:') ? baselineSizeOf : sizeOf).get(f) ?? 0), 0)
  const short = (file: string) => (file === 'index.js' ? 'index' : file.replace(/\.index\.js$/, ''))
  const byName = new Map(cases.map((c) => [c.name, c]))
  /** Paired: each timed run over its floor's run of the same round, so drift of the machine cancels out. */
  const pairedRatio = (name: string, floor: string) => {
    const floorRuns = byName.get(floor)!.wall
    return stats(byName.get(name)!.wall.map((w, i) => w / floorRuns[i]!)).median
  }
  const ratio = (c: QuickCase) => (c.floor ? pairedRatio(c.name, c.floor) : undefined)

  console.log(`\nWall time, spawn → exit: median, min – max and p10 – p90 of ${RUNS} runs (after ${WARMUPS} warm-ups, round-robin);`)
  console.log(
    '÷ floor: median of the paired ratios (each run over the floor run of its round) to the one-fetch floor (commands)\n' +
      'or to node -e 0 (the post step);',
  )
  console.log(`CPU (user + system) and peak RSS: medians of ${USAGE_RUNS} extra runs with the usage preload; loads: files of dist/ loaded.`)
  console.log(
    table(
      ['step', 'median', 'min – max', 'p10 – p90', '÷ floor', 'CPU', 'peak RSS', 'requests', 'loads', 'loaded kB'],
      cases.map((c) => {
        const w = wallStats.get(c.name)!
        const r = ratio(c)
        return [
          c.label,
          ms(w.median),
          range(w, ms),
          `${ms(w.p10)} – ${ms(w.p90)}`,
          r === undefined ? '' : `${num(r, 2)}× ${c.floor === 'floor-node' ? 'node -e 0' : 'fetch'}`,
          ms(cpuStats.get(c.name)!.median),
          mib(rssStats.get(c.name)!.median),
          String(stats(c.requests).median),
          c.loaded.length ? c.loaded.map(short).join(' ') : '—',
          c.loaded.length ? num(loadedBytes(c) / 1000, 1) : '—',
        ]
      }),
      [false, true, true, true, true, true, true, true, false, true],
    ),
  )
  const postIdle = median('post-idle')
  const listProjects = median('list-projects')
  const fetchFloor = median('floor-fetch')
  const nodeFloor = median('floor-node')
  const listRequests = stats(byName.get('list-projects')!.requests).median
  const postIdleRatio = pairedRatio('post-idle', 'floor-node')
  const listProjectsRatio = pairedRatio('list-projects', 'floor-fetch')
  const secondRequestMs = stats(byName.get('floor-fetch-2')!.wall.map((w, i) => w - byName.get('floor-fetch')!.wall[i]!)).median
  console.log('\n  paired medians:')
  console.log(`  post step with nothing to do ÷ node -e 0: ${num(postIdleRatio, 2)}×  (medians ${ms(postIdle)} and ${ms(nodeFloor)})`)
  console.log(
    `  list-projects ÷ one-fetch floor:          ${num(listProjectsRatio, 2)}×  (medians ${ms(listProjects)} and ${ms(fetchFloor)}; ${listRequests} request(s))`,
  )
  console.log(`  list-projects ÷ node -e 0:                ${num(pairedRatio('list-projects', 'floor-node'), 2)}×`)
  console.log(`  a second request (two fetches − one):     ${ms(secondRequestMs)}`)

  const targets = [...BASELINE_CASES].map((name) => {
    const c = byName.get(name)!
    const over = (n: string) => (byName.has(n) ? `${num(pairedRatio(n, c.floor!), 2)}×` : '')
    return [c.label, c.floor === 'floor-node' ? 'node -e 0' : 'one fetch', over(name), over(`baseline:${name}`)]
  })
  console.log(
    `\n  targets, each step ÷ its floor (paired medians; the aim is at most 1.3×)${baselineChunks ? ', beside the baseline' : ''}:`,
  )
  console.log(table(['step', 'floor', 'this', 'baseline'], targets, [false, false, true, true]))
  console.log(
    `  whole bundle, every dist/*.js: ${bytes(totalBytes(chunks))} bytes` +
      (baselineChunks ? ` (baseline ${bytes(totalBytes(baselineChunks))} bytes)` : ''),
  )

  console.log('\nBundle: every file of dist/ that Node loads, and which of the steps above loaded it')
  console.log(
    table(
      ['file', 'bytes', 'kB', 'lines', 'loaded by'],
      chunks.map((chunk) => {
        const by = cases.filter((c) => c.loaded.includes(chunk.file)).map((c) => c.name)
        return [chunk.file, bytes(chunk.bytes), num(chunk.bytes / 1000, 1), bytes(chunk.lines), by.length ? by.join(', ') : '(none above)']
      }),
      [false, true, true, true, false],
    ),
  )

  console.log(`\nScale: list-projects (pages of 400), ${SCALE_RUNS} run(s) each with the usage preload; output: the GITHUB_OUTPUT file`)
  console.log(
    table(
      ['projects', 'wall', 'min – max', 'CPU', 'peak RSS (max)', 'requests', 'output', 'summary'],
      scale.map((row) => {
        const wall = stats(row.wall)
        return [
          bytes(row.projects),
          ms(wall.median),
          range(wall, ms),
          ms(stats(row.cpu).median),
          mib(stats(row.rss).max),
          String(stats(row.requests).median),
          `${num(row.outputBytes / 1e6, 2)} MB`,
          `${num(row.summaryBytes / 1e3, 1)} kB`,
        ]
      }),
      [true, true, true, true, true, true, true, true],
    ),
  )

  console.log(
    `\nWaiter: wait-for-operations, poll-interval ${WAITER_POLL_S} s at time scale ${WAITER_TIME_SCALE} (= ${POLL_REAL_MS} ms real), ` +
      `${WAITER_HISTORY} history records;\nall operations finish at one moment, ${WAITER_FINISH_AFTER_MS} ms after spawn + a stagger of 0–${POLL_REAL_MS} ms over the runs. ` +
      `Median (min – max) of ${WAITER_RUNS} runs each.`,
  )
  const waiterRows = waiter.map(({ size, samples }) => {
    const lat = stats(samples.map((s) => s.latencyMs))
    const rpr = stats(samples.map((s) => s.requestsPerRound))
    const rounds = stats(samples.map((s) => s.rounds))
    const rss = stats(samples.map((s) => s.maxRssKiB))
    const wall = stats(samples.map((s) => s.wallMs))
    const tail = stats(samples.map((s) => s.lastPollToExitMs))
    return {
      size,
      row: [
        String(size),
        `${num(rounds.median, 0)} (${num(rounds.min, 0)}–${num(rounds.max, 0)})`,
        `${num(rpr.median, 2)} (${num(rpr.min, 2)}–${num(rpr.max, 2)})`,
        `${num(lat.median, 0)} ms (${num(lat.min, 0)}–${num(lat.max, 0)})`,
        `${num(lat.median / POLL_REAL_MS, 2)} (${num(lat.min / POLL_REAL_MS, 2)}–${num(lat.max / POLL_REAL_MS, 2)})`,
        `${num(tail.median, 0)} ms`,
        ms(wall.median),
        mib(rss.max),
      ],
      stats: {
        rounds,
        requestsPerRound: rpr,
        latencyMs: lat,
        latencyPerPoll: stats(samples.map((s) => s.latencyMs / POLL_REAL_MS)),
        lastPollToExitMs: tail,
        wallMs: wall,
        maxRssKiB: rss,
      },
    }
  })
  console.log(
    table(
      [
        'awaited ops',
        'poll rounds',
        'requests/round',
        'detection latency',
        '÷ poll interval',
        'last poll → exit',
        'wall',
        'peak RSS (max)',
      ],
      waiterRows.map((r) => r.row),
      [true, true, true, true, true, true, true, true],
    ),
  )
  console.log(
    `  rounds: request-log arrivals split where the gap exceeds ${POLL_REAL_MS / 2} ms (half a poll); latency: the operations' finish → exit\n` +
      '  (= waiting for the next poll + that poll + the step\'s wind-down, which "last poll → exit" shows).',
  )

  const listOperations = await listOperationsSection()
  const rateLimits = await rateLimitSection()
  rmSync(work, { recursive: true, force: true })

  const result = {
    node: process.version,
    date: startedAt.toISOString(),
    cpu: { count: cpu.length, model: cpu[0]?.model },
    settings: { runs: RUNS, warmups: WARMUPS, usageRuns: USAGE_RUNS, scaleRuns: SCALE_RUNS, waiterRuns: WAITER_RUNS },
    units: { time: 'ms', maxRss: 'KiB', size: 'bytes' },
    quick: Object.fromEntries(
      cases.map((c) => [
        c.name,
        {
          label: c.label,
          wallMs: wallStats.get(c.name),
          overFloor: ratio(c),
          floor: c.floor,
          cpuMs: cpuStats.get(c.name),
          maxRssKiB: rssStats.get(c.name),
          requests: stats(c.requests).median,
          loaded: c.loaded,
          samplesMs: c.wall,
          samplesCpuMs: c.cpu,
          samplesRssKiB: c.rss,
        },
      ]),
    ),
    bundleBytes: totalBytes(chunks),
    baselineBundleBytes: baselineChunks === undefined ? undefined : totalBytes(baselineChunks),
    baseline: BASELINE_DIR,
    pairedRatios: {
      postIdleOverNodeE0: postIdleRatio,
      listProjectsOverOneFetch: listProjectsRatio,
      listProjectsOverNodeE0: pairedRatio('list-projects', 'floor-node'),
      secondRequestMs,
    },
    bundle: chunks,
    scale: scale.map((row) => ({
      projects: row.projects,
      wallMs: stats(row.wall),
      cpuMs: stats(row.cpu),
      maxRssKiB: stats(row.rss),
      requests: stats(row.requests).median,
      outputBytes: row.outputBytes,
      summaryBytes: row.summaryBytes,
      samplesMs: row.wall,
      samplesCpuMs: row.cpu,
      samplesRssKiB: row.rss,
    })),
    waiter: {
      pollIntervalS: WAITER_POLL_S,
      timeScale: WAITER_TIME_SCALE,
      pollRealMs: POLL_REAL_MS,
      historyRecords: WAITER_HISTORY,
      finishAfterSpawnMs: WAITER_FINISH_AFTER_MS,
      finishStagger: `run i (0-based) of n adds i × ${POLL_REAL_MS} / n ms`,
      roundsMethod: `request-log gaps > ${POLL_REAL_MS / 2} ms start a new round`,
      sizes: waiterRows.map((r) => ({ awaited: r.size, ...r.stats, samples: waiter.find((w) => w.size === r.size)!.samples })),
    },
    listOperations,
    rateLimits,
  }
  const outDir = join(ROOT, '.bench')
  mkdirSync(outDir, { recursive: true })
  writeFileSync(join(outDir, 'latest.json'), `${JSON.stringify(result, (_k, v: unknown) => (v === Infinity ? null : v), 2)}\n`)
  console.log(
    `\nJSON: ${relative(process.cwd(), join(outDir, 'latest.json')) || '.bench/latest.json'} · bench took ${num((Date.now() - startedAt.getTime()) / 1000, 1)} s`,
  )
}

try {
  await main()
} catch (error) {
  for (const started of emulators) await started.stop()
  rmSync(work, { recursive: true, force: true })
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
}

/** Where a build's PollPace is: src/operations/ now, src/commands/ in a build from before the rooms. */
function baselinePacing(dir: string): string {
  const now = join(dir, 'src', 'operations', 'pacing.ts')
  return existsSync(now) ? now : join(dir, 'src', 'commands', 'pacing.ts')
}
