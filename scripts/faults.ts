/**
 * `npm run faults -- [--runs N] [--seed S] [--schedule JSON] [--action DIR]`: explores schedules of faults against the
 * action, and checks the four promises of a key's life (src/keys/life.ts) after each one.
 *
 * A schedule is a scenario (create-key with and without `revoke-after-job`, rotate-key into one target and into
 * three, prune-keys) and what goes wrong while it runs: at some requests (counted from the first request of the main
 * step, on the platform and on GitHub alike) a lost answer (the work was done), a dropped request (it was not), a
 * status (500, 502, 503, 423, 429) or a hang (the work is done once the step has ended). A fault other than a hang
 * strikes its request once, or as many times in a row as one of the retry policies tries (`REPEATS`), so it outlasts
 * that policy. At one request of the main step a moment: the request is held, and the runner cancels the
 * step (SIGINT, then SIGTERM and SIGKILL as the runner sends them) or kills it with no signal. The held request is then
 * answered, carried out late, or never. In create-key, another job may make a key of the same name at some request
 * and use it at once; the run must never revoke it. The post step always runs next, as the runner runs it
 * (`post-if: always()`), with the main step's saved state. A schedule may also plant state: a `STATE_*` of every name
 * the post step reads, naming a key the run must not revoke, in the environment of both steps, as an earlier step
 * does through `$GITHUB_ENV`. Beside the four promises, a target that rotate-key's `secret-results` calls `stored`
 * must hold the new key.
 *
 * The gate scenario runs wait-for-operations on a generated history: finished records, a few operations that may be
 * pending (running, scheduling, cancelling, failed and retried or stuck, a status the action does not know) at any
 * place in the list, pages the service caps, a record listed away from its `created_at`, faults on any request. Its
 * promise: the gate never ends `finished` while an operation it was asked about is pending.
 *
 * Each step runs as a runner starts it: the bundle that action.yml's `runs` names (or DIR/action.yml's), a child
 * process on a virtual clock (scripts/run-step.ts), against fresh platform and GitHub emulators. fast-check draws the
 * schedules from the seed and shrinks a failing one. The last line is `explored N schedules, M fault points,
 * K violations`; on a violation the script exits 1 and prints the seed and the schedule, which `--schedule` replays.
 */
import { parseArgs } from 'node:util'
import type { ChildProcess } from 'node:child_process'
import fc from 'fast-check'
import { GitHubEmulator } from '../emulator/github.ts'
import type { RequestHold } from '../emulator/faults.ts'
import { PlatformEmulator, type TimelineStep } from '../emulator/platform.ts'
import { RETRY_POLICIES } from '../src/http/retry.ts'
import { withExpiry } from '../src/keys/expiry.ts'
import { SAVED_LIFE } from '../src/keys/ledger.ts'
import { actionOf, errorLines, runStep, type StepResult } from './run-step.ts'

const FAULTS = ['lost', 'drop', 500, 502, 503, 423, 429, 'hang'] as const
type FaultKind = (typeof FAULTS)[number]
interface FaultPoint {
  /** The request it strikes: 0 is the main step's first request. */
  at: number
  fault: FaultKind
  /** How many times in a row it strikes that request (its method and path), retries included; 1 when absent. */
  times?: number
}
/**
 * Once, or as many times as each retry policy tries (src/http/retry.ts), so that a fault outlasts every policy: a
 * secret write needs three failed attempts in a row before its target is `uncertain`. A hang strikes once.
 */
const REPEATS = [
  ...new Set([1, ...Object.values(RETRY_POLICIES).flatMap((p) => ('attempts' in p ? [p.attempts] : []))]),
].sort((a, b) => a - b)
interface Moment {
  /** The request of the main step that is held while the runner cancels or kills the step. */
  at: number
  signal: 'cancel' | 'kill'
  /** What becomes of the held request: answered at once, carried out after the step ended, or never carried out. */
  held: 'answered' | 'late' | 'never'
}
interface Schedule {
  scenario: ScenarioName | 'gate'
  faults: FaultPoint[]
  moment?: Moment
  /** An earlier step planted a `STATE_*` of every name the post step reads. */
  planted?: boolean
  /** The gate scenario's history. */
  history?: GateHistory
  /** create-key: at this request, another job makes a key of the same name and uses it at once. */
  neighbour?: number
}

/** The action's clock runs this many times as fast as the wall clock while a request is in flight. */
const RATE = 30
/** The runner's SIGTERM and kill come 7.5 s and 10 s after its SIGINT, on the action's clock. */
const TERM_AFTER_MS = 7_500 / RATE
const KILL_AFTER_MS = 10_000 / RATE

const OWNER = 'octo-org'
const REPOSITORY = `${OWNER}/deploys`
const SECRET = 'NEON_API_KEY'
const DAY_MS = 86_400_000

/** One scenario on fresh emulators: the step's inputs, and what the promises allow it. */
interface World {
  inputs: Record<string, string>
  /** Keys there before the run that it may revoke. */
  mayRevoke: Set<number>
  /** Keys there before the run that jobs may still hold: never revoked. */
  mustStay: number[]
  /** The secrets the run writes: each must hold a valid key when it ends, and a key it holds is known. */
  secrets: Array<() => string | undefined>
  /** Whether the key of the `key-id` output may stay valid (not for a job's key, which the post step revokes). */
  outputKeyStays: boolean
  /** A key the run must leave valid: planted state names it as the post step's to revoke. */
  victim: number
  /** Whether another job may make a key of the run's name while it runs (`Schedule.neighbour`). */
  neighbours?: boolean
}

type ScenarioName = keyof typeof SCENARIOS

const SCENARIOS = {
  'create-key': (platform: PlatformEmulator): World => {
    const admin = platform.addKey('admin')
    const earlier = platform.addKey('ci-job', { createdAt: Date.now() - DAY_MS })
    return {
      inputs: { command: 'create-key', 'api-key': admin.key, 'key-name': 'ci-job' },
      mayRevoke: new Set(),
      mustStay: [],
      secrets: [],
      outputKeyStays: true,
      victim: earlier.id,
      neighbours: true,
    }
  },
  'create-key with revoke-after-job': (platform: PlatformEmulator): World => {
    const world = SCENARIOS['create-key'](platform)
    return { ...world, inputs: { ...world.inputs, 'revoke-after-job': 'true' }, outputKeyStays: false }
  },
  'rotate-key into one target': (platform: PlatformEmulator, github: GitHubEmulator): World => {
    const admin = platform.addKey('admin')
    const older = platform.addKey('ci-deploy', { createdAt: Date.now() - 2 * DAY_MS })
    const newer = platform.addKey('ci-deploy', { createdAt: Date.now() - DAY_MS })
    github.store({ repository: REPOSITORY }, SECRET, newer.key)
    return {
      inputs: {
        command: 'rotate-key',
        'api-key': admin.key,
        'key-name': 'ci-deploy',
        'secret-name': SECRET,
        'github-token': github.token,
      },
      mayRevoke: new Set([older.id]),
      // keep-previous is 1: the newest key it replaces stays valid for the jobs that hold it.
      mustStay: [newer.id],
      secrets: [() => github.stored({ repository: REPOSITORY }, SECRET)?.value],
      outputKeyStays: true,
      victim: newer.id,
    }
  },
  'rotate-key into three targets': (platform: PlatformEmulator, github: GitHubEmulator): World => {
    // The step runs with the key it rotates, which every target holds, and keeps none of the old keys.
    const current = platform.addKey('ci-deploy', { createdAt: Date.now() - DAY_MS })
    const bystander = platform.addKey('ci-reader', { createdAt: Date.now() - DAY_MS })
    github.addEnvironment(OWNER, 'web', 'production')
    const places = [
      { repository: `${OWNER}/api` },
      { repository: `${OWNER}/web`, environment: 'production' },
      { organization: OWNER },
    ]
    for (const place of places)
      github.store(place, SECRET, current.key, { visibility: 'selected', repositories: [`${OWNER}/api`] })
    return {
      inputs: {
        command: 'rotate-key',
        'api-key': current.key,
        'key-name': 'ci-deploy',
        'secret-name': SECRET,
        'secret-targets': `${OWNER}/api\n${OWNER}/web:production\norg:${OWNER}`,
        'keep-previous': '0',
        'github-token': github.token,
      },
      mayRevoke: new Set([current.id]),
      mustStay: [],
      secrets: places.map((place) => () => github.stored(place, SECRET)?.value),
      outputKeyStays: true,
      victim: bystander.id,
    }
  },
  'prune-keys': (platform: PlatformEmulator): World => {
    const admin = platform.addKey('admin')
    const old = { createdAt: Date.now() - 3 * DAY_MS }
    const expired = [1, 2].map(() => platform.addKey(withExpiry('ci-job', Date.now() - 2 * DAY_MS), old).id)
    const lasting = platform.addKey('ci-job', old)
    return {
      inputs: { command: 'prune-keys', 'api-key': admin.key, 'key-name': 'ci-job', 'dry-run': 'false' },
      mayRevoke: new Set(expired),
      mustStay: [lasting.id, admin.id],
      secrets: [],
      outputKeyStays: true,
      victim: lasting.id,
    }
  },
}

// ---- the gate ---------------------------------------------------------------------------------

/** How an operation of a generated history may be pending, and how it moves on. */
const GATE_KINDS = [
  'running',
  'scheduling',
  'cancelling',
  'failed, then retried',
  'failed for good',
  'unknown status',
] as const
interface GateOperation {
  /** How many finished records stand in front of it, newest first. */
  at: number
  kind: (typeof GATE_KINDS)[number]
  /** When it ends, in seconds of the emulator's clock from the step's start. */
  endsAfter: number
  /** Its `created_at` says it is the newest, wherever the list puts it. */
  listedNewest: boolean
}
interface GateHistory {
  finished: number
  operations: GateOperation[]
  /** The most records the service puts on a page, whatever the step asks. */
  pageCap?: number
  onFailed: 'wait' | 'fail'
  /** `operation-ids: pending`, or the generated operations' ids. */
  mode: 'pending' | 'ids'
}
const GATE_SPACING_MS = 10_000
const GATE_TIMEOUT = '60'

const gateSchedules: fc.Arbitrary<Schedule> = fc.record({
  scenario: fc.constant('gate' as const),
  history: fc.record(
    {
      finished: fc.nat({ max: 1200 }),
      operations: fc.array(
        fc.record({
          at: fc.nat({ max: 1200 }),
          kind: fc.constantFrom(...GATE_KINDS),
          endsAfter: fc.integer({ min: 1, max: 40 }),
          listedNewest: fc.boolean(),
        }),
        { minLength: 1, maxLength: 3 },
      ),
      pageCap: fc.constantFrom(50, 100, 333),
      onFailed: fc.constantFrom('wait' as const, 'fail' as const),
      mode: fc.constantFrom('pending' as const, 'ids' as const),
    },
    { requiredKeys: ['finished', 'operations', 'onFailed', 'mode'] },
  ),
  faults: faultPoints(40),
})

/** Each kind's timeline, from its creation: `now` is the step's start and `end` when it ends, in ms after creation. */
const TIMELINES: Record<GateOperation['kind'], (now: number, end: number) => TimelineStep[]> = {
  running: (_, end) => [step(0, 'running'), step(end, 'finished')],
  scheduling: (now, end) => [step(0, 'scheduling'), step((now + end) / 2, 'running'), step(end, 'finished')],
  cancelling: (_, end) => [step(0, 'cancelling'), step(end, 'cancelled')],
  'failed, then retried': (now, end) => [
    step(0, 'running'),
    step(now - 1000, 'failed'),
    step(end, 'running'),
    step(end + 2000, 'finished'),
  ],
  'failed for good': (now) => [step(0, 'running'), step(now - 1000, 'failed')],
  'unknown status': (_, end) => [step(0, 'paused'), step(end, 'finished')],
}
const step = (afterMs: number, status: string): TimelineStep => ({ afterMs: Math.max(0, afterMs), status })

/** Seeds the history in a new project: the finished records every 10 s back from now, the others among them. */
function seedGate(platform: PlatformEmulator, history: GateHistory): { project: string; ids: string[] } {
  const now = platform.now()
  const project = platform.addProject().id
  for (let i = 1; i <= history.finished; i++)
    platform.addOperation(project, { createdAt: now - i * GATE_SPACING_MS, action: 'check_availability' })
  const ids = history.operations.map((operation) => {
    const createdAt = now - Math.min(operation.at, history.finished) * GATE_SPACING_MS - GATE_SPACING_MS / 2
    const timeline = TIMELINES[operation.kind](now - createdAt, now - createdAt + operation.endsAfter * 1000)
    return platform.addOperation(project, {
      createdAt,
      action: 'apply_config',
      timeline,
      ...(operation.listedNewest ? { shownCreatedAt: now } : {}),
    })
  })
  if (history.pageCap !== undefined) platform.capOperationsPages(history.pageCap)
  return { project, ids }
}

/** The gate's promise: it never ends `finished` while an operation it was asked about is pending, or ended badly. */
function checkGate(history: GateHistory, ids: string[], platform: PlatformEmulator, main: StepResult): string[] {
  if (main.outputs.status !== 'finished') return []
  return ids.flatMap((id, i) => {
    const { status } = platform.operation(id)!
    const failedKind = history.operations[i]!.kind.startsWith('failed')
    const pending =
      ['scheduling', 'running', 'cancelling', 'paused'].includes(status) ||
      (status === 'failed' && history.onFailed === 'wait')
    // With on-failed: fail, a failed operation is an end the user chose: a retry after it is not the gate's to see.
    if (pending && !(failedKind && history.onFailed === 'fail'))
      return [`5. the gate ended finished while operation ${id} was ${status}`]
    if (history.mode === 'ids' && ['error', 'cancelled'].includes(status))
      return [`5. the gate ended finished though operation ${id} ended ${status}`]
    return []
  })
}

/** One gate schedule: the emulator's clock moves one second with each read of operations, as the step polls. */
async function exploreGate(schedule: Schedule, action: string | undefined): Promise<Explored> {
  const history = schedule.history!
  let now = Date.now()
  const platform = new PlatformEmulator({ now: () => now })
  platform.onRequest((request) => {
    if (/^\/projects\/[^/]+\/operations/.test(request.path)) now += 1000
  })
  const url = await platform.start()
  const github = new GitHubEmulator()
  await github.start()
  try {
    const { project, ids } = seedGate(platform, history)
    const plan = new FaultPlan(schedule, platform, github)
    const inputs = {
      command: 'wait-for-operations',
      'api-key': platform.addKey('admin').key,
      'api-host': url,
      'project-id': project,
      'operation-ids': history.mode === 'pending' ? 'pending' : JSON.stringify(ids),
      'on-failed': history.onFailed,
      timeout: GATE_TIMEOUT,
    }
    const options = { time: { mode: 'jump', rate: RATE } as const, ...(action === undefined ? {} : { action }) }
    const main = await runStep(inputs, options)
    await plan.stepEnded()
    const requests = { main: plan.mainRequests, all: plan.requests }
    return { violations: checkGate(history, ids, platform, main), points: plan.points, requests, neighbours: false }
  } finally {
    await platform.stop()
    await github.stop()
  }
}

/** Up to three fault points among the first `max` + 1 requests, each striking once or as often as a retry policy tries. */
function faultPoints(max: number): fc.Arbitrary<FaultPoint[]> {
  const point = fc
    .record({ at: fc.nat({ max }), fault: fc.constantFrom(...FAULTS), times: fc.constantFrom(...REPEATS) })
    .map(({ times, ...once }): FaultPoint => (times === 1 || once.fault === 'hang' ? once : { ...once, times }))
  return fc.uniqueArray(point, { selector: (p) => p.at, maxLength: 3 })
}

/**
 * The schedules of one scenario. A fault strikes one of the requests the scenario sends without faults (`requests`:
 * those of the main step, and of main and post together), so nearly every fault drawn strikes.
 */
function schedulesOf(scenario: ScenarioName, requests: Requests, neighbours: boolean): fc.Arbitrary<Schedule> {
  return fc.record(
    {
      scenario: fc.constant(scenario),
      faults: faultPoints(requests.all - 1),
      moment: fc.record({
        at: fc.nat({ max: requests.main - 1 }),
        signal: fc.constantFrom('cancel' as const, 'kill' as const),
        held: fc.constantFrom('answered' as const, 'late' as const, 'never' as const),
      }),
      planted: fc.constant(true),
      ...(neighbours ? { neighbour: fc.nat({ max: requests.all - 1 }) } : {}),
    },
    { requiredKeys: ['scenario', 'faults'] },
  )
}

/** How many requests a step sends: the main step's, and the main and post steps' together. */
interface Requests {
  main: number
  all: number
}

/** What one schedule did: the promises it broke, and how many of its faults and moments struck a request. */
interface Explored {
  violations: string[]
  points: number
  requests: Requests
  /** Whether its scenario lets another job make a key of the run's name. */
  neighbours: boolean
}

/** The requests of both emulators, numbered as they arrive, and the faults of the schedule put on them. */
class FaultPlan {
  private next = 0
  private inMain = true
  private readonly hangs: RequestHold[] = []
  private readonly held: Array<{ hold: RequestHold; held: Moment['held'] }> = []
  private child: ChildProcess | undefined
  /** How many requests the main step sent, once it ended. */
  mainRequests = 0
  /** The key another job made (`Schedule.neighbour`), once it did. */
  neighbourKey: number | undefined
  private readonly schedule: Schedule
  private readonly platform: PlatformEmulator
  private readonly github: GitHubEmulator
  /** The name another job gives its key, where the scenario allows one. */
  private readonly neighbourName: string | undefined
  points = 0

  constructor(schedule: Schedule, platform: PlatformEmulator, github: GitHubEmulator, neighbourName?: string) {
    this.schedule = schedule
    this.platform = platform
    this.github = github
    this.neighbourName = neighbourName
    platform.onRequest((entry) => this.arrived('platform', entry.method, entry.path))
    github.onRequest((entry) => this.arrived('github', entry.method, entry.path))
  }

  /** How many requests both steps sent. */
  get requests(): number {
    return this.next
  }

  /** The step's process, to signal at the moment. */
  running(child: ChildProcess): void {
    this.child = child
  }

  /** The step ended: hung requests are carried out now, late; a held one as the moment says. */
  async stepEnded(): Promise<void> {
    if (this.inMain) this.mainRequests = this.next
    this.inMain = false
    for (const hold of this.hangs.splice(0)) hold.release()
    for (const { hold, held } of this.held.splice(0)) {
      if (held === 'never') hold.abort()
      else hold.release()
    }
    // The emulators finish what the released requests started.
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve))
    this.platform.clearFaults()
  }

  private arrived(server: 'platform' | 'github', method: string, path: string): void {
    const at = this.next++
    if (this.schedule.neighbour === at && this.neighbourName !== undefined) {
      // A job makes a key to use it: the key is in use before any list can show it.
      this.neighbourKey = this.platform.addKey(this.neighbourName).id
      this.platform.useKey(this.neighbourKey)
      this.points++
    }
    if (server === 'github' && method !== 'GET' && method !== 'PUT') return
    const moment = this.schedule.moment
    if (moment?.at === at && this.inMain) {
      this.points++
      const hold = this.holdThis(server, method, path)
      void hold.reached.then(() => this.signal(moment, hold))
      return
    }
    const point = this.schedule.faults.find((f) => f.at === at)
    if (!point) return
    this.points++
    const times = point.times ?? 1
    if (point.fault === 'hang') this.hangs.push(this.holdThis(server, method, path))
    else if (server === 'platform') this.platformFault(point.fault, method, path, times)
    else this.githubFault(point.fault, method as 'GET' | 'PUT', path, times)
  }

  private holdThis(server: 'platform' | 'github', method: string, path: string): RequestHold {
    return server === 'platform'
      ? this.platform.hold({ method, path })
      : this.github.at(path, method as 'GET' | 'PUT').holdNext()
  }

  private platformFault(fault: Exclude<FaultKind, 'hang'>, method: string, path: string, times: number): void {
    if (fault === 'lost') this.platform.inject({ method, path, times, kind: 'drop', when: 'after' })
    else if (fault === 'drop') this.platform.inject({ method, path, times, kind: 'drop', when: 'before' })
    else this.platform.inject({ method, path, times, kind: 'status', status: fault })
  }

  private githubFault(fault: Exclude<FaultKind, 'hang'>, method: 'GET' | 'PUT', path: string, times: number): void {
    const faults = this.github.at(path, method)
    if (fault === 'lost' || fault === 'drop') faults.loseAnswerNext(times, { applied: fault === 'lost' })
    else faults.failNext(fault, times)
  }

  /** The runner's cancel, or a kill with no signal, while `hold` keeps the request in flight. */
  private signal(moment: Moment, hold: RequestHold): void {
    const child = this.child
    if (!child || child.exitCode !== null || child.signalCode !== null) {
      hold.release()
      return
    }
    if (moment.signal === 'kill') child.kill('SIGKILL')
    else {
      child.kill('SIGINT')
      const timers = [
        setTimeout(() => child.kill('SIGTERM'), TERM_AFTER_MS),
        setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS),
      ]
      child.once('close', () => timers.forEach(clearTimeout))
    }
    if (moment.held === 'answered') hold.release()
    else this.held.push({ hold, held: moment.held })
  }
}

/** Runs one schedule: the main step, then the post step where action.yml declares one, then the four checks. */
async function explore(schedule: Schedule, action: string | undefined): Promise<Explored> {
  if (schedule.scenario === 'gate') return exploreGate(schedule, action)
  const platform = new PlatformEmulator()
  let githubShift = -3_600_000
  // The secrets were written an hour before the run: a write of the run moves their updated_at on.
  const github = new GitHubEmulator({ now: () => Date.now() + githubShift })
  const url = await platform.start()
  await github.start()
  try {
    const world = SCENARIOS[schedule.scenario](platform, github)
    githubShift = 0
    const before = new Map(platform.keys().map((k) => [k.id, k]))
    const plan = new FaultPlan(schedule, platform, github, world.neighbours ? world.inputs['key-name'] : undefined)
    const inputs = { ...world.inputs, 'api-host': url }
    const options = {
      env: {
        GITHUB_API_URL: github.url,
        GITHUB_REPOSITORY: REPOSITORY,
        ...(schedule.planted ? plantedState(world.inputs['key-name']!, world.victim) : {}),
      },
      time: { mode: 'jump', rate: RATE } as const,
      onSpawn: (child: ChildProcess) => plan.running(child),
      ...(action === undefined ? {} : { action }),
    }
    const main = await runStep(inputs, options)
    await plan.stepEnded()
    const hasPost = actionOf(action).runs.post !== undefined
    const post = hasPost ? await runStep(inputs, { ...options, state: main.state }) : undefined
    await plan.stepEnded()
    const steps = post ? { main, post } : { main }
    const requests = { main: plan.mainRequests, all: plan.requests }
    const violations = checkPromises(world, before, platform, steps, plan.neighbourKey)
    return { violations, points: plan.points, requests, neighbours: world.neighbours === true }
  } finally {
    await platform.stop()
    await github.stop()
  }
}

/** What an earlier step plants through `$GITHUB_ENV`: every state name the post step reads, naming `victim`. */
function plantedState(keyName: string, victim: number): Record<string, string> {
  return {
    [`STATE_${SAVED_LIFE}`]: JSON.stringify({ name: keyName, known: [], pending: [victim], jobKey: victim }),
  }
}

type Before = ReadonlyMap<number, { revoked: boolean }>

/**
 * The four promises of a key's life, after main and post. Each broken one is a sentence that starts with its number.
 * `neighbour`: the key another job made during the run, which the run neither made nor may revoke.
 */
function checkPromises(
  world: World,
  before: Before,
  platform: PlatformEmulator,
  steps: { main: StepResult; post?: StepResult },
  neighbour: number | undefined,
): string[] {
  const keys = platform.keys()
  const errors = Object.values(steps).flatMap((step) => errorLines(step.stdout))
  const namedInError = (id: number) => errors.some((line) => new RegExp(`\\b${id}\\b`).test(line))
  const held = new Set(world.secrets.map((read) => read()))
  const violations: string[] = []
  for (const key of keys) {
    if (before.has(key.id) || key.revoked || key.id === neighbour) continue
    const inOutput = world.outputKeyStays && steps.main.outputs['key-id'] === String(key.id)
    if (!inOutput && !held.has(platform.keyValueOf(key.id)) && !namedInError(key.id))
      violations.push(`1. key ${key.id}, made by this run, is valid, in no output or secret, and named in no error`)
  }
  for (const [n, read] of world.secrets.entries()) {
    const value = read()
    if (value === undefined || !platform.isKeyValid(value))
      violations.push(
        `2. secret target ${n + 1} holds ${value === undefined ? 'no key' : `revoked key ${platform.keyIdOf(value)}`}`,
      )
  }
  violations.push(...falselyStored(world, platform, steps.main.outputs))
  for (const id of world.mustStay) {
    if (!platform.isKeyValid(id)) violations.push(`2. key ${id}, which jobs may still hold, was revoked`)
  }
  for (const key of keys) {
    const was = before.get(key.id)
    if (was && !was.revoked && key.revoked && !world.mayRevoke.has(key.id))
      violations.push(`3. key ${key.id} was revoked, though this run did not make it and was not asked to revoke it`)
  }
  if (neighbour !== undefined && !platform.isKeyValid(neighbour))
    violations.push(`3. key ${neighbour}, which another job made and used during the run, was revoked`)
  for (const [name, step] of Object.entries(steps)) {
    for (const key of keys) violations.push(...leaksOf(name, step, key.id, platform.keyValueOf(key.id) ?? ''))
  }
  return violations
}

/** A target that `secret-results` says is `stored` holds the new key: a workflow trusts that output. */
function falselyStored(world: World, platform: PlatformEmulator, outputs: Record<string, string>): string[] {
  const results = JSON.parse(outputs['secret-results'] ?? '[]') as Array<{ status: string }>
  const made = outputs['key-id'] === undefined ? undefined : platform.keyValueOf(Number(outputs['key-id']))
  return world.secrets.flatMap((read, n) => {
    const value = read()
    if (results[n]?.status !== 'stored' || (made !== undefined && value === made)) return []
    const holds = value === undefined ? 'no key' : `key ${platform.keyIdOf(value)}`
    return [`2. secret target ${n + 1} is stored, says secret-results, but holds ${holds}, not the new key`]
  })
}

/** Where step `name` shows the value of key `id` where it may not: the log before its mask, or anywhere else. */
function leaksOf(name: string, step: StepResult, id: number, value: string): string[] {
  if (value === '') return []
  const mask = step.stdout.indexOf(`::add-mask::${value}`)
  const first = step.stdout.indexOf(value)
  const { key: _key, ...otherOutputs } = step.outputs
  const places = [
    ...(first !== -1 && (mask === -1 || first < mask) ? ['the log before its ::add-mask::'] : []),
    ...(mask === -1 && step.stderr.includes(value) ? ['stderr, never masked'] : []),
    ...(step.summary.includes(value) ? ['the summary'] : []),
    ...(Object.values(otherOutputs).some((v) => v.includes(value)) ? ['an output other than key'] : []),
    ...(Object.values(step.state).some((v) => v.includes(value)) ? ['the saved state'] : []),
  ]
  return places.map((place) => `4. the value of key ${id} is in ${place} of the ${name} step`)
}

function describe(schedule: Schedule): string {
  return JSON.stringify(schedule)
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '100' },
      seed: { type: 'string' },
      schedule: { type: 'string' },
      action: { type: 'string' },
    },
  })
  const runs = Number(values.runs)
  const seed = values.seed === undefined ? Date.now() % 2 ** 31 : Number(values.seed)
  if (!Number.isSafeInteger(runs) || runs < 1)
    throw new Error(`--runs must be a positive whole number, not ${values.runs}`)
  if (!Number.isSafeInteger(seed)) throw new Error(`--seed must be a whole number, not ${values.seed}`)
  let explored = 0
  let points = 0
  let violating = 0
  const run = async (schedule: Schedule): Promise<boolean> => {
    const result = await explore(schedule, values.action)
    explored++
    points += result.points
    if (result.violations.length === 0) return true
    violating++
    console.log(`violation in ${describe(schedule)}:\n  ${result.violations.join('\n  ')}`)
    return false
  }
  // A schedule that throws (rather than breaking a promise) is a fault of this script or the emulators: named too.
  let failedToRun: Error | undefined
  if (values.schedule !== undefined) {
    await run(JSON.parse(values.schedule) as Schedule)
  } else {
    // One run of each scenario without faults counts its requests; the schedules are drawn within them.
    const scenarios: Array<fc.Arbitrary<Schedule>> = []
    for (const scenario of Object.keys(SCENARIOS) as ScenarioName[]) {
      const clean = await explore({ scenario, faults: [] }, values.action)
      explored++
      if (clean.violations.length > 0) {
        console.log(`${scenario} breaks a promise with no fault at all:\n  ${clean.violations.join('\n  ')}`)
        violating++
      }
      scenarios.push(schedulesOf(scenario, clean.requests, clean.neighbours))
    }
    const weighted = [
      ...scenarios.map((arbitrary) => ({ arbitrary, weight: 1 })),
      { arbitrary: gateSchedules, weight: 2 },
    ]
    const details = await fc.check(fc.asyncProperty(fc.oneof(...weighted), run), { numRuns: runs, seed })
    if (details.failed && details.counterexample) {
      const [smallest] = details.counterexample
      if (violating === 0)
        failedToRun = details.errorInstance instanceof Error ? details.errorInstance : new Error('unknown')
      const what = violating === 0 ? 'could not be run' : 'breaks a promise'
      console.log(`with seed ${seed}, a schedule ${what}; the smallest such schedule found:\n  ${describe(smallest)}`)
      const on = values.action === undefined ? '' : ` --action '${values.action}'`
      console.log(`replay it: npm run faults --${on} --schedule '${describe(smallest)}'`)
      if (failedToRun !== undefined) console.log(failedToRun.stack ?? failedToRun.message)
    }
  }
  console.log(`explored ${explored} schedules, ${points} fault points, ${violating} violations`)
  return violating === 0 && failedToRun === undefined ? 0 : 1
}

process.exitCode = await main()
