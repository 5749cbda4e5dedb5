/**
 * `npm run bench [-- --only steps,bundle,organization,tripwire,creators,gate,tests] [--runs N]`: how fast and how big the committed dist/ is, as a
 * Markdown report (docs/performance.md). It never fails on a number. A section is one entry of SECTIONS: a name for
 * `--only`, a title, and a function that returns its Markdown.
 * - steps: each command run as a runner runs it (scripts/run-step.ts, the wall clock, no compile cache) beside its
 *   floor: a bare Node script that sends the same requests with Node's own `fetch`, one after another (the same
 *   count, methods, paths, queries, bodies and credentials, recorded from the command's run just before it in the same
 *   round); the idle post step beside `node -e 0`. Round-robin: "÷ floor" is the median of each run over its floor's
 *   run of the same round. CPU time and peak RSS come from a few more rounds with a preload that reports
 *   process.resourceUsage() at exit, which costs a millisecond or two, so the timed runs go without it.
 * - bundle: every chunk of dist/.
 * - organization: list-operations over an organization of 500 projects, the emulator enforcing the service's rate
 *   limits (emulator/limits.ts), beside the least time those limits take to admit the requests the step sent.
 * - tripwire: matching 5,000 keys against 5,000 ranges (src/keys/networks.ts, in this process).
 * - creators: matching 5,000 keys against 5,000 members of an organization (src/keys/creators.ts, in this process).
 * - gate: the idle gate (`operation-ids: pending`) on projects of 2,000 and 20,000 records, with nothing pending and
 *   with one operation pending at the far end that finishes 3 s after the step starts.
 * - tests: `npm test` itself, once, part by part as package.json writes it, with the CPU time each part took.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { GitHubEmulator, type GitHubRequestLogEntry } from '../emulator/github.ts'
import { PlatformEmulator, SERVICE_RATE_LIMITS, type RequestLogEntry } from '../emulator/platform.ts'
import { seedOrganizationHistory } from '../emulator/seed.ts'
import type { ApiKey } from '../src/api/types.ts'
import { blockList } from '../src/base/networks.ts'
import { madeBySomeoneWhoLeft, membersById } from '../src/keys/creators.ts'
import { usedFromElsewhere } from '../src/keys/networks.ts'
import { SAVED_LIFE } from '../src/keys/ledger.ts'
import {
  BUNDLE,
  ROOT,
  parseFileCommands,
  stepCommand,
  stepEnvironment,
  stripMasks,
  type StepOptions,
} from './run-step.ts'

const args = process.argv.slice(2)
const option = (name: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : undefined)
const RUNS = Number(option('runs') ?? 15)
const WARMUPS = 2
const USAGE_ROUNDS = 3

const work = mkdtempSync(join(tmpdir(), 'neon-action-bench-'))
const USAGE_PRELOAD = join(work, 'usage.mjs')
writeFileSync(
  USAGE_PRELOAD,
  "import { writeFileSync } from 'node:fs'\n" +
    'process.on("exit", () => { const u = process.resourceUsage(); ' +
    'writeFileSync(process.env.BENCH_USAGE, JSON.stringify({ cpuMs: (u.userCPUTime + u.systemCPUTime) / 1000, rssKiB: u.maxRSS })) })\n',
)
/** A command's floor: its requests (a JSON file of url, method, headers, body), one after another, with `fetch`. */
const REPLAY = join(work, 'replay.mjs')
writeFileSync(
  REPLAY,
  "import { readFileSync } from 'node:fs'\n" +
    "for (const request of JSON.parse(readFileSync(process.argv[2], 'utf8')))\n" +
    '  await (await fetch(request.url, request)).text()\n',
)

/** A process to measure: node's arguments and environment, and for a step of the action, its output file. */
interface Command {
  args: string[]
  env: Record<string, string>
  output?: string
  /** The exit code it must end with: 0 unless said. */
  exitCode?: number
}

let counter = 0
const freshDir = () => mkdtempSync(join(work, `${++counter}-`))

/** One step of the committed bundle, as a runner starts it. */
function actionStep(
  inputs: Record<string, string>,
  options: Pick<StepOptions, 'env' | 'state' | 'time'> = {},
): Command {
  const { env, files } = stepEnvironment(freshDir(), inputs, options)
  const command = stepCommand({ entry: 'bundle', time: options.time ?? 'real', state: options.state })
  return { args: command.args, env: { ...env, ...command.env }, output: files.GITHUB_OUTPUT }
}

const bareNode = (args: string[], env: Record<string, string> = {}): Command => ({
  args,
  env: { PATH: process.env.PATH ?? '', ...env },
})

/**
 * Runs a command; the clock runs from spawn to exit, everything it needs being ready before. A step that ends otherwise
 * than it should (it fails, or one meant to refuse its inputs does not) stops the bench: its figure would mean nothing.
 */
async function measure(label: string, { args, env, output, exitCode = 0 }: Command, usage = false) {
  const usageFile = join(work, 'usage.json')
  const argv = usage ? ['--import', pathToFileURL(USAGE_PRELOAD).href, ...args] : args
  rmSync(usageFile, { force: true })
  const started = performance.now()
  const child = spawn(process.execPath, argv, { env: usage ? { ...env, BENCH_USAGE: usageFile } : env, cwd: work })
  let stdout = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  const exited = new Promise<[number | null, number]>((done) =>
    child.on('exit', (code) => done([code, performance.now() - started])),
  )
  await new Promise((done) => child.on('close', done))
  const [code, wallMs] = await exited
  if (code !== exitCode)
    throw new Error(`bench: the measured step "${label}" exited ${code}:\n${stripMasks(stdout).slice(-2000)}`)
  const outputs = output ? parseFileCommands(readFileSync(output, 'utf8')) : {}
  return {
    wallMs,
    outputs,
    ...(usage ? (JSON.parse(readFileSync(usageFile, 'utf8')) as { cpuMs: number; rssKiB: number }) : {}),
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length / 2
  return sorted.length % 2 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}
const ms = (value: number) => (value >= 1000 ? `${(value / 1000).toFixed(1)} s` : `${Math.round(value)} ms`)
const table = (headers: string[], rows: string[][]) =>
  [headers, headers.map(() => '---'), ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n')

// ---- each command beside its floor ------------------------------------------------------------

/** A request as a floor sends it again with `fetch`. */
interface Replayed {
  url: string
  method: string
  headers: Record<string, string>
  body?: string
}

/** The headers a floor sends again: the credential and what says what the body is. */
const REPLAYED_HEADERS = ['authorization', 'content-type', 'accept', 'x-github-api-version']

/** How a request the emulators logged is sent again; its body is read once the command has ended. */
function replayed(origin: string, entry: RequestLogEntry | GitHubRequestLogEntry, prefix: string): () => Replayed {
  const query = new URLSearchParams(entry.query).toString()
  const url = `${origin}${prefix}${entry.path}${query ? `?${query}` : ''}`
  const headers: Record<string, string> = {}
  for (const name of REPLAYED_HEADERS) if (entry.headers[name] !== undefined) headers[name] = entry.headers[name]
  return () => {
    const body = typeof entry.body === 'string' || entry.body === undefined ? entry.body : JSON.stringify(entry.body)
    return { url, method: entry.method, headers, ...(body === undefined ? {} : { body }) }
  }
}

async function stepsSection(): Promise<string> {
  const platform = new PlatformEmulator()
  const github = new GitHubEmulator()
  const url = await platform.start()
  await github.start()
  // Every request of a command, the platform's and GitHub's, in the order they arrived: its floor sends them again.
  let sent: (() => Replayed)[] = []
  const { origin: platformOrigin, pathname: apiPath } = new URL(url)
  platform.onRequest((entry) => sent.push(replayed(platformOrigin, entry, apiPath)))
  github.onRequest((entry) => sent.push(replayed(new URL(github.url).origin, entry, '')))
  try {
    const admin = platform.addKey('bench-admin')
    const orgId = platform.defaultOrgId
    platform.addProjects(56)
    const project = platform.addProject().id
    platform.addHistory(project, 300)
    const finished = platform.addOperation(project, { status: 'finished' })
    const step = (inputs: Record<string, string>, options: Pick<StepOptions, 'env' | 'state'> = {}) =>
      actionStep({ 'api-key': admin.key, 'api-host': url, ...inputs }, options)
    const newKeyId = (name: string) => String(platform.addKey(name).id)
    const post = (state: Record<string, string> = {}) => ({ state })
    const secret = { 'secret-name': 'NEON_API_KEY', 'github-token': github.token }
    const day = { 'project-id': project, since: '24h' }
    const NODE = '`node -e 0`'
    /** Each step: what it is, and the process that runs it; `node -e 0` is the idle post step's floor. */
    const steps: [string, () => Command][] = [
      ['post step, nothing to revoke', () => step({ command: 'list-projects' }, post())],
      [
        'post step, one job key to revoke',
        () =>
          step(
            { command: 'create-key', 'key-name': 'bench-job', 'revoke-after-job': 'true' },
            post({
              [SAVED_LIFE]: JSON.stringify({
                name: 'bench-job',
                known: [],
                pending: [],
                jobKey: Number(newKeyId('bench-job')),
              }),
            }),
          ),
      ],
      ['`list-projects`, 57 projects, `org-id` given', () => step({ command: 'list-projects', 'org-id': orgId })],
      ['`list-keys`', () => step({ command: 'list-keys' })],
      ['`create-key`', () => step({ command: 'create-key', 'key-name': 'bench-key' })],
      ['`revoke-key` (one id)', () => step({ command: 'revoke-key', 'key-id': newKeyId('bench-revoke') })],
      ['`rotate-key` (no secret)', () => step({ command: 'rotate-key', 'key-name': 'bench-rotate' })],
      [
        '`rotate-key`, one repository secret',
        () =>
          step(
            { command: 'rotate-key', 'key-name': 'bench-secret', ...secret },
            { env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: 'o/r' } },
          ),
      ],
      [
        '`wait-for-operations` (one, finished)',
        () => step({ command: 'wait-for-operations', 'project-id': project, 'operation-ids': finished }),
      ],
      ['`list-operations`, one project, a day', () => step({ command: 'list-operations', ...day })],
      ['`prune-keys`, dry run', () => step({ command: 'prune-keys', 'unused-for': '90d' })],
      // Loading alone: the packages and the action's code, then a refusal of the inputs, before any request.
      ['a step refusing its inputs, no request', () => ({ ...step({ command: 'no-such-command' }), exitCode: 1 })],
    ]
    type Samples = Record<'wall' | 'cpu' | 'rss', number[]>
    const fresh = (): Samples => ({ wall: [], cpu: [], rss: [] })
    const sampled = () => ({ step: fresh(), floor: fresh(), requests: new Array<number>() })
    const samples = new Map(steps.map(([label]) => [label, sampled()]))
    const node = fresh()
    const keep = (into: Samples, run: Awaited<ReturnType<typeof measure>>, usage: boolean) => {
      if (!usage) return void into.wall.push(run.wallMs)
      into.cpu.push(run.cpuMs!)
      into.rss.push(run.rssKiB!)
    }
    // Round-robin, so that the machine's drift spreads evenly over the cases; each floor right after its step.
    for (let round = 0; round < WARMUPS + RUNS + USAGE_ROUNDS; round++) {
      const usage = round >= WARMUPS + RUNS
      const timed = round >= WARMUPS
      for (const [label, command] of steps) {
        const child = command()
        sent = []
        const run = await measure(label, child, usage)
        const requests = sent.map((request) => request())
        const file = join(work, 'requests.json')
        writeFileSync(file, JSON.stringify(requests))
        const floor = label === steps[0]![0] ? bareNode(['-e', '0']) : bareNode([REPLAY, file])
        sent = []
        const floorRun = await measure(`the floor of ${label}`, floor, usage)
        if (sent.length !== requests.length)
          throw new Error(`bench: the floor of "${label}" sent ${sent.length} requests, not ${requests.length}`)
        if (!timed) continue
        const sample = samples.get(label)!
        keep(sample.step, run, usage)
        keep(sample.floor, floorRun, usage)
        if (!usage) sample.requests.push(requests.length)
      }
      const bare = await measure(NODE, bareNode(['-e', '0']), usage)
      if (timed) keep(node, bare, usage)
    }
    const mib = (kib: number[]) => `${(median(kib) / 1024).toFixed(0)} MiB`
    const rows = steps.map(([label], index) => {
      const { step: own, floor, requests } = samples.get(label)!
      const ratio = median(own.wall.map((wall, i) => wall / floor.wall[i]!)).toFixed(2)
      const floorName = index === 0 ? NODE : `${median(requests)} with \`fetch\``
      return [
        label,
        ms(median(own.wall)),
        `${ms(median(floor.wall))} (${floorName})`,
        `${ratio}×`,
        ms(median(own.cpu)),
        mib(own.rss),
        String(median(requests)),
      ]
    })
    rows.push([NODE, ms(median(node.wall)), '', '', ms(median(node.cpu)), mib(node.rss), '0'])
    return (
      `${RUNS} timed rounds after ${WARMUPS} warm-ups. Each step's floor is a bare Node script that sends the ` +
      "step's requests again with Node's `fetch`, one after another, right after the step in the same round " +
      "(`node -e 0` for the idle post step); ÷ floor: the median of each run over its floor's run. CPU (user + " +
      `system) and peak RSS: the step's, medians of ${USAGE_ROUNDS} more rounds; requests count GitHub's too.\n\n` +
      table(['step', 'wall (median)', 'floor (median)', '÷ floor', 'CPU', 'peak RSS', 'requests'], rows)
    )
  } finally {
    await platform.stop()
    await github.stop()
  }
}

// ---- the bundle -------------------------------------------------------------------------------

function bundleSection(): string {
  const dist = join(BUNDLE, '..')
  const files = (readdirSync(dist, { recursive: true }) as string[])
    .map((file) => ({ file: file.split('\\').join('/'), bytes: statSync(join(dist, file)).size }))
    .sort((a, b) => b.bytes - a.bytes)
  const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`
  const sum = (pattern: RegExp) =>
    kB(files.filter((f) => pattern.test(f.file)).reduce((total, f) => total + f.bytes, 0))
  const chunks = files.filter((f) => f.file.endsWith('.js'))
  return (
    `The code, every \`dist/*.js\`: ${sum(/\.js$/)}; the source maps beside it: ${sum(/\.map$/)}.\n\n` +
    table(
      ['chunk', 'size'],
      chunks.map((f) => [`\`${f.file}\``, kB(f.bytes)]),
    )
  )
}

// ---- an organization's operations under the rate limits ---------------------------------------

/** The least time the service's limits take to admit `routes` in order, each as early as they allow. */
function rateLimitFloorMs(routes: string[]): number {
  const { perMinute, perRoutePerSecond } = SERVICE_RATE_LIMITS
  const account: number[] = []
  const byRoute = new Map<string, number[]>()
  let at = 0
  for (const route of routes) {
    const sent = byRoute.get(route) ?? byRoute.set(route, []).get(route)!
    if (account.length >= perMinute) at = Math.max(at, account[account.length - perMinute]! + 60_000)
    if (sent.length >= perRoutePerSecond) at = Math.max(at, sent[sent.length - perRoutePerSecond]! + 1000)
    account.push(at)
    sent.push(at)
  }
  return at
}

async function organizationSection(): Promise<string> {
  const rows: string[][] = []
  for (const { since, rate, maxOperations, binds } of [
    { since: '24h', rate: 1, maxOperations: 1000, binds: 'the 40 a second binds' },
    {
      since: '3d',
      rate: 4,
      maxOperations: 100_000,
      binds: 'the minute binds; time 4× as fast for the step and the emulator',
    },
  ]) {
    const origin = Date.now()
    const platform = new PlatformEmulator({ now: () => origin + (Date.now() - origin) * rate, rateLimits: {} })
    const url = await platform.start()
    try {
      const key = platform.addKey('bench-admin').key
      seedOrganizationHistory(platform, { orgId: platform.defaultOrgId, projects: 500, operations: 3000, days: 7 })
      const inputs = { command: 'list-operations', 'api-key': key, 'api-host': url, 'org-id': platform.defaultOrgId }
      const command = actionStep(
        { ...inputs, 'project-ids': 'all', since, 'max-operations': String(maxOperations) },
        { time: rate === 1 ? 'real' : { mode: 'scale', rate } },
      )
      platform.clearRequests()
      const run = await measure(`list-operations, since ${since}`, command)
      const answered = platform.requests.filter((r) => r.status !== 429)
      const floor = rateLimitFloorMs(
        answered.map((r) => `${r.method} ${r.path.replace(/^\/projects\/[^/]+\//, '/projects/{}/')}`),
      )
      const time = run.wallMs * rate
      rows.push([
        `\`${since}\` (${binds})`,
        Number(run.outputs['operation-count']).toLocaleString('en-US'),
        platform.requests.length.toLocaleString('en-US'),
        String(platform.requests.length - answered.length),
        `${ms(time)}${rate === 1 ? '' : ' (simulated)'}`,
        ms(floor),
        `${(time / floor).toFixed(2)}×`,
      ])
    } finally {
      await platform.stop()
    }
  }
  return (
    'Every project of an organization of 500 (3,000 operations each over 7 days, `project-ids: all`), the emulator ' +
    `enforcing ${SERVICE_RATE_LIMITS.perMinute} requests a minute and ${SERVICE_RATE_LIMITS.perRoutePerSecond} a second per route. ` +
    "Time runs from spawn to exit; the floor is the least time the limits take to admit the step's requests.\n\n" +
    table(['since', 'operations listed', 'requests', '429s', 'time', 'floor', '÷ floor'], rows)
  )
}

// ---- the tripwire -----------------------------------------------------------------------------

function tripwireSection(): string {
  const count = 5000
  // Ranges as GitHub lists them: IPv4 /24s and IPv6 /48s; the keys' last uses half inside them, half outside.
  const ranges = Array.from({ length: count }, (_, i) =>
    i % 5 === 4 ? `2001:db8:${i.toString(16)}::/48` : `10.${i >> 8}.${i & 255}.0/24`,
  )
  const addresses = Array.from({ length: count }, (_, i) =>
    i % 2 ? `10.${(i >> 8) & 255}.${i & 255}.7` : `203.0.${i >> 8}.${i & 255}`,
  )
  const keys = addresses.map((address, id) => ({ id, last_used_from_addr: address }) as ApiKey)
  const took = { build: [] as number[], match: [] as number[] }
  let flagged = 0
  for (let round = 0; round < WARMUPS + RUNS; round++) {
    const started = performance.now()
    const list = blockList(ranges)
    const built = performance.now()
    flagged = keys.filter((key) => usedFromElsewhere(key, list)).length
    if (round < WARMUPS) continue
    took.build.push(built - started)
    took.match.push(performance.now() - built)
  }
  const median1 = (values: number[]) => `${median(values).toFixed(1)} ms`
  return (
    `${count} ranges (4 in 5 IPv4) and ${count} keys, half of them last used outside the ranges (${flagged} flagged), ` +
    `in this process (src/keys/networks.ts); medians of ${RUNS} rounds after ${WARMUPS} warm-ups.\n\n` +
    table(
      ['what', 'median'],
      [
        ['one `BlockList` of the ranges', median1(took.build)],
        ['every key matched against it', median1(took.match)],
      ],
    )
  )
}

// ---- keys of people who left -----------------------------------------------------------------

function creatorsSection(): string {
  const count = 5000
  // Members as the platform lists them, one in 10 deactivated; half the keys made by someone no longer among them,
  // their ids in capitals, which are compared without case.
  const members = Array.from({ length: count }, (_, i) => ({
    user_id: userId(i),
    role: 'editor',
    deactivated: i % 10 === 9,
  }))
  const keys = Array.from(
    { length: count },
    (_, id) => ({ id, created_by: { id: userId(id + count / 2).toUpperCase() } }) as ApiKey,
  )
  const took = { build: [] as number[], match: [] as number[] }
  let flagged = 0
  for (let round = 0; round < WARMUPS + RUNS; round++) {
    const started = performance.now()
    const byId = membersById(members)
    const built = performance.now()
    flagged = keys.filter((key) => madeBySomeoneWhoLeft(key, byId)).length
    if (round < WARMUPS) continue
    took.build.push(built - started)
    took.match.push(performance.now() - built)
  }
  const median1 = (values: number[]) => `${median(values).toFixed(1)} ms`
  return (
    `${count} members (1 in 10 deactivated) and ${count} keys, half of them made by someone who is no member (${flagged} flagged), ` +
    `in this process (src/keys/creators.ts); medians of ${RUNS} rounds after ${WARMUPS} warm-ups.\n\n` +
    table(
      ['what', 'median'],
      [
        ['the members by user id', median1(took.build)],
        ['every key matched against them', median1(took.match)],
      ],
    )
  )
}

/** A user id as the platform writes it, a UUID, the same for the same `n`. */
function userId(n: number): string {
  return `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`
}

// ---- the idle gate ----------------------------------------------------------------------------

async function gateSection(): Promise<string> {
  const rows: string[][] = []
  for (const records of [2000, 20_000]) {
    for (const pending of [false, true]) {
      const platform = new PlatformEmulator()
      const url = await platform.start()
      try {
        const key = platform.addKey('bench-admin').key
        const project = platform.addProject().id
        // A record every 20 s: 20,000 records reach back 4.6 days, inside the gate's window of 7.
        platform.addHistory(project, records, 'check_availability', 20_000)
        if (pending) {
          const createdAt = Date.now() - (records + 1) * 20_000
          platform.addOperation(project, {
            createdAt,
            timeline: [
              { afterMs: 0, status: 'running' },
              { afterMs: Date.now() + 3000 - createdAt, status: 'finished' },
            ],
          })
        }
        const command = actionStep({
          command: 'wait-for-operations',
          'api-key': key,
          'api-host': url,
          'project-id': project,
          'operation-ids': 'pending',
          'poll-interval': '1',
        })
        platform.clearRequests()
        const run = await measure(`the idle gate, ${records} records`, command)
        const lists = platform.requests.filter((r) => r.path.endsWith('/operations'))
        const window = lists.filter((r) => r.query.limit === '1000').length
        rows.push([
          records.toLocaleString('en-US'),
          pending ? 'one, at the far end, finishing after 3 s' : 'none',
          String(window),
          String(platform.requests.length),
          ms(run.wallMs),
        ])
      } finally {
        await platform.stop()
      }
    }
  }
  return (
    'The idle gate, `poll-interval: 1`, on the wall clock: the window read once (pages of 1,000), then each poll ' +
    'reads the head of the list and the pending operation by its id.\n\n' +
    table(['records', 'pending', 'window requests', 'requests in all', 'time'], rows)
  )
}

// ---- npm test ---------------------------------------------------------------------------------

/** The CPU time (user + system) of this process's children that have ended, in ms; undefined where /proc is not. */
function childrenCpuMs(): number | undefined {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ')
    // cutime and cstime, in clock ticks of 1/100 s on Linux.
    return (Number(fields[13]) + Number(fields[14])) * 10
  } catch {
    return undefined
  }
}

/**
 * `npm test` as package.json writes it: each part (the tools check, the bundle, jest) run as npm runs a script, in a
 * shell from the project's root with node_modules/.bin first on PATH, timed from spawn to exit with the CPU its
 * processes took; jest also writes its results as JSON, for the counts and the slowest files. Once: it takes minutes.
 */
async function testsSection(): Promise<string> {
  const script = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { test: string } }).scripts
    .test
  const results = join(work, 'jest.json')
  const env = { ...process.env, PATH: `${join(ROOT, 'node_modules', '.bin')}${delimiter}${process.env.PATH ?? ''}` }
  const load = loadavg()[0]!.toFixed(1)
  const rows: string[][] = []
  let wall = 0
  let cpu: number | undefined = 0
  for (const part of script.split(' && ')) {
    const command = /\bjest\b/.test(part) ? `${part} --json --outputFile=${results}` : part
    const cpuBefore = childrenCpuMs()
    const started = performance.now()
    // npm's own shell for scripts where one is set (bash on Windows, as .ci/run sets it).
    const child = spawn(command, { cwd: ROOT, env, shell: process.env.npm_config_script_shell || true })
    let log = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (log += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (log += chunk))
    const code = await new Promise<number | null>((done) => child.on('close', done))
    const took = performance.now() - started
    if (code !== 0) throw new Error(`bench: \`${part}\` of npm test exited ${code}:\n${log.slice(-3000)}`)
    const after = childrenCpuMs()
    const used = cpuBefore === undefined || after === undefined ? undefined : after - cpuBefore
    wall += took
    cpu = cpu === undefined || used === undefined ? undefined : cpu + used
    rows.push([`\`${part}\``, ms(took), used === undefined ? '—' : ms(used)])
  }
  rows.push(['`npm test`', ms(wall), cpu === undefined ? '—' : ms(cpu)])
  const config = join(ROOT, 'jest.config.js')
  const { maxWorkers } = ((await import(pathToFileURL(config).href)) as { default: { maxWorkers: number } }).default
  const jest = JSON.parse(readFileSync(results, 'utf8')) as {
    numTotalTests: number
    numTotalTestSuites: number
    testResults: { name: string; startTime: number; endTime: number }[]
  }
  const slowest = jest.testResults
    .map((file) => ({
      file: file.name
        .slice(ROOT.length + 1)
        .split('\\')
        .join('/'),
      took: file.endTime - file.startTime,
    }))
    .sort((a, b) => b.took - a.took)
    .slice(0, 5)
    .map(({ file, took }) => `\`${file}\` ${ms(took)}`)
  return (
    `${jest.numTotalTests.toLocaleString('en-US')} tests in ${jest.numTotalTestSuites} files, ${maxWorkers} ` +
    `jest workers on ${cpus().length} cores; load average ${load} before, ${loadavg()[0]!.toFixed(1)} after. One run, ` +
    'each part from spawn to exit; CPU is user + system time of all its processes (Linux only).\n\n' +
    table(['part', 'wall', 'CPU'], rows) +
    `\n\nThe slowest files, each from its start to its end in its worker: ${slowest.join(', ')}.`
  )
}

// ---- the report -------------------------------------------------------------------------------

const SECTIONS: Record<string, { title: string; run: () => string | Promise<string> }> = {
  steps: { title: 'Each command beside its floor', run: stepsSection },
  bundle: { title: 'The bundle', run: bundleSection },
  organization: { title: "An organization's operations under the rate limits", run: organizationSection },
  tripwire: { title: 'The tripwire: 5,000 keys against 5,000 ranges', run: tripwireSection },
  creators: { title: 'Keys of people who left: 5,000 keys against 5,000 members', run: creatorsSection },
  gate: { title: 'The idle gate: how far back it reads, and what that costs', run: gateSection },
  tests: { title: '`npm test`', run: testsSection },
}

const only = option('only')?.split(',') ?? Object.keys(SECTIONS)
try {
  for (const name of only)
    if (!(name in SECTIONS)) throw new Error(`--only takes ${Object.keys(SECTIONS).join(', ')}; not ${name}`)
  if (!Number.isInteger(RUNS) || RUNS < 1)
    throw new Error(`--runs takes a positive whole number, not ${option('runs')}`)
  console.log(
    `# neon-api-action bench\n\nNode ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, ` +
      `load average ${loadavg()[0]!.toFixed(1)}, ${new Date().toISOString()}; the committed bundle, dist/.`,
  )
  for (const name of only) console.log(`\n## ${SECTIONS[name]!.title}\n\n${await SECTIONS[name]!.run()}`)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  rmSync(work, { recursive: true, force: true })
}
