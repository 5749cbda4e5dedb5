import { afterEach, beforeEach } from '@jest/globals'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PlatformEmulator, type RequestLogEntry, type TimelineStep } from '../../emulator/platform.ts'
import { PlatformClient, type ClientOptions } from '../../src/api/client.ts'
import type { WaitOptions } from '../../src/operations/waiter.ts'
import { actionDocs, type CommandContext } from '../../src/runner/context.ts'
import { fixedTime } from '../../src/base/clock.ts'
import { captureLog, manualClock, type CapturedLog, type ManualClock } from './clock.ts'

/**
 * A command run in this process against the emulator over real HTTP, with one manual clock for
 * both: the command's sleeps move the platform's time, so minutes of waiting take milliseconds.
 * What each in-process test of a command starts from.
 */
export interface InProcess {
  platform: PlatformEmulator
  clock: ManualClock
  log: CapturedLog
  /** The step's key. */
  key: { id: number; key: string }
  /** The step's client: the step's key, a 600 s timeout. */
  client: PlatformClient
  /** A new client made as the step's is (its timeout from now), but for `options`; the test closes it. */
  clientWith: (options: Partial<ClientOptions>) => PlatformClient
  /** The command's context, recording what it masks, notices and saves; its files go to a folder of its own, removed by stop(). */
  ctx: CommandContext
  masked: string[]
  notices: string[]
  saved: Array<[string, string]>
  /** Closes the client and stops the emulator. */
  stop(): Promise<void>
}

export interface InProcessOptions {
  /** The step's key; default a personal key named `admin`. */
  key?: (platform: PlatformEmulator, now: number) => { id: number; key: string }
  /** The client's jitter source; default the client's own. */
  random?: () => number
  /** More of the context (its time, with the runner's signals). */
  ctx?: Partial<CommandContext>
  /** Deadlines (a request's own, the end of the runner's grace) fire only when the test moves the clock to them. */
  deadlinesInClockTime?: boolean
}

export async function inProcess(options: InProcessOptions = {}): Promise<InProcess> {
  const clock = manualClock(undefined, { deadlinesInClockTime: options.deadlinesInClockTime })
  const log = captureLog()
  const platform = new PlatformEmulator({ now: clock.now })
  await platform.start()
  const key = options.key ? options.key(platform, clock.now()) : platform.addKey('admin')
  const clientWith = (more: Partial<ClientOptions>) =>
    new PlatformClient({
      baseUrl: platform.url,
      apiKey: key.key,
      userAgent: 'test',
      clock,
      logger: log.logger,
      deadline: clock.now() + 600_000,
      ...(options.random ? { random: options.random } : {}),
      ...more,
    })
  const client = clientWith({})
  const masked: string[] = []
  const notices: string[] = []
  const saved: Array<[string, string]> = []
  const ctx: CommandContext = {
    client,
    clock,
    log: log.logger,
    mask: (secret) => masked.push(secret),
    notice: (message) => notices.push(message),
    saveState: (name, value) => saved.push([name, value]),
    fileDir: mkdtempSync(join(tmpdir(), 'neon-action-in-process-')),
    docs: actionDocs({}),
    time: fixedTime(clock, client.deadline),
    ...options.ctx,
  }
  const stop = async () => {
    await client.close()
    await platform.stop()
    rmSync(ctx.fileDir, { recursive: true, force: true })
  }
  return { platform, clock, log, key, client, clientWith, ctx, masked, notices, saved, stop }
}

/** A fresh `inProcess(options)` for each test, handed to `use` before the test and stopped after it. */
export function inProcessPerTest(use: (run: InProcess) => void, options: InProcessOptions = {}): void {
  let run: InProcess | undefined
  beforeEach(async () => {
    run = await inProcess(options)
    use(run)
  })
  afterEach(async () => {
    await run?.stop()
  })
}

/** How often the waits of `waitsPerTest` poll, in ms. */
export const POLL = 5000

/** The operations of the project a test waits on, and the requests the wait made for them. */
export interface ProjectWaits {
  /** A timeline: `[afterMs, status, extra?]`, each a status the operation takes `afterMs` after it was made. */
  steps: (...pairs: Array<[number, string, Partial<TimelineStep>?]>) => TimelineStep[]
  /** A new operation of the project on `timeline`: create_branch on br-main-1, unless `extra` says otherwise. */
  op: (timeline: TimelineStep[], extra?: Record<string, string>) => string
  /** A wait for `operations` of the project (ids, or `pending` of `branchId`): every POLL ms, 600 s at most, no jitter, `on-failed: wait`. */
  options: (operations: string[] | 'pending', extra?: Partial<WaitOptions> & { branchId?: string }) => WaitOptions
  /** The path of the project's operations list. */
  listPath: () => string
  /** Every request for the project's operations: the list and single reads. */
  operationRequests: () => RequestLogEntry[]
  /** The requests for the project's operations list. */
  listRequests: () => RequestLogEntry[]
}

/**
 * What a test of waiting for operations starts from: `inProcessPerTest` with no jitter, and a new
 * project of the platform whose operations are waited on, both handed to `use` before each test.
 */
export function waitsPerTest(use: (run: InProcess, project: string) => void): ProjectWaits {
  let platform: PlatformEmulator
  let project: string
  inProcessPerTest(
    (run) => {
      platform = run.platform
      project = platform.addProject().id
      use(run, project)
    },
    { random: () => 0 },
  )
  const listPath = () => `/projects/${project}/operations`
  return {
    steps: (...pairs) => pairs.map(([afterMs, status, extra]) => ({ afterMs, status, ...extra })),
    op: (timeline, extra = {}) =>
      platform.addOperation(project, { timeline, action: 'create_branch', branch_id: 'br-main-1', ...extra }),
    options: (operations, extra = {}) => ({
      projectId: project,
      operations:
        operations === 'pending' ? { kind: 'pending', branchId: extra.branchId } : { kind: 'ids', ids: operations },
      pollIntervalMs: POLL,
      timeoutMs: 600_000,
      random: () => 0,
      ...extra,
      onFailed: extra.onFailed ?? 'wait',
    }),
    listPath,
    operationRequests: () => platform.requests.filter((r) => r.path.startsWith(listPath())),
    listRequests: () => platform.requests.filter((r) => r.path === listPath()),
  }
}
