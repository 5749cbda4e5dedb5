/**
 * Runs the action the way a GitHub runner does: a child process with INPUT_* variables
 * (defaults filled in from action.yml), and the GITHUB_OUTPUT, GITHUB_STATE and
 * GITHUB_STEP_SUMMARY files; the post step gets the saved state as STATE_* variables. The
 * entry is the built bundle's, as action.yml's `runs` names it (`main`, or `post` for the post
 * step: what users run), or the same loader of src/bundle.ts (which Node 24 runs as it is) when
 * `E2E_ENTRY=source` is set: a change to src/ is then tested without a build, and a mutation tool
 * sees every module (scripts/mutation/environment.cjs).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parse } from 'yaml'

export const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)))
export const BUNDLE = join(ROOT, 'dist', 'index.js')
/** Each step's entry in src/, as scripts/bundle.ts builds it into the file action.yml's `runs` names. */
const SOURCE_ENTRIES = {
  main: ['--input-type=module', '--eval', sourceEntry('mainStep')],
  post: ['--input-type=module', '--eval', sourceEntry('postStep')],
}
/** The preload that reports mutant coverage from the action's process (scripts/mutation/child-coverage.ts). */
const MUTATION_COVERAGE = join(ROOT, 'scripts', 'mutation', 'child-coverage.ts')
/** A step's loader of src/bundle.ts, as dist/index.js and dist/post-entry.js call it. */
function sourceEntry(loader: 'mainStep' | 'postStep'): string {
  return `import { ${loader} } from ${JSON.stringify(pathToFileURL(join(ROOT, 'src', 'bundle.ts')).href)}\nawait ${loader}()\n`
}
/** The preload that makes the action's time virtual (scripts/virtual-time.ts). */
const VIRTUAL_TIME = join(ROOT, 'scripts', 'virtual-time.ts')

interface ActionYaml {
  description: string
  inputs: Record<string, { description: string; default?: string; required?: boolean }>
  outputs: Record<string, { description: string }>
  runs: Record<string, string>
}

export const actionYaml = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as ActionYaml

/**
 * The action.yml of the root action, or of the action in folder `action`: a sub-action (`wait-for-operations`…), or
 * any folder by its absolute path (a copy of the action that a check changes, as scripts/faults.ts runs).
 */
export function actionOf(action: string | undefined): ActionYaml {
  if (action === undefined) return actionYaml
  return parse(readFileSync(resolve(ROOT, action, 'action.yml'), 'utf8')) as ActionYaml
}

export interface StepResult {
  code: number | null
  stdout: string
  stderr: string
  outputs: Record<string, string>
  state: Record<string, string>
  summary: string
  /** Why the process ended with no exit code (`code` null): killed at the end of its lifetime, or by a signal. */
  stopped?: string
  /** Values the step asked the runner to mask (`::add-mask::`). */
  masked: string[]
  /**
   * Every byte the step left behind that a person or a later step can read, for leak checks:
   * the log without its `::add-mask::` commands (the runner consumes them), the output, state
   * and summary files, and every other file the step wrote under RUNNER_TEMP (`keys-file`…).
   */
  everything: string
}

export interface StepOptions {
  /** Extra environment (GITHUB_API_URL, GITHUB_REPOSITORY…). */
  env?: Record<string, string>
  /** Saved state of the main step: present means this is the post step (action.yml's `runs.post`). */
  state?: Record<string, string>
  /**
   * The action's time: `jump` (default) skips every wait while no request is in flight, and
   * runs `rate` times as fast while one is; `scale` only runs `rate` times as fast; `real` is
   * the wall clock. `start` (ms since the epoch): where the action's clock starts, default now. `cancel`: the test
   * plays the runner's cancel on the action's clock, with SIGUSR2 once the emulator holds a request.
   */
  time?: { mode: 'jump' | 'scale'; rate?: number; start?: number; cancel?: boolean } | 'real'
  /** A sub-action's folder (`wait-for-operations`…) or an action's absolute path: its action.yml's inputs and `runs`, always from the bundle. */
  action?: string
  /**
   * Inputs its action.yml does not declare, passed as a runner passes any `with:` entry (`INPUT_<NAME>`, upper case,
   * spaces to `_`): a typo, as a user makes it. The step's `inputs` must be declared.
   */
  undeclared?: Record<string, string>
  /** `bundle`: action.yml's `runs`, as users run them; `source`: the entries in src/. Default: E2E_ENTRY, else `bundle`. */
  entry?: 'source' | 'bundle'
  /**
   * Called with the action's process as soon as it starts: a test can watch its log as it comes
   * (`child.stdout`) and signal it as the runner does on cancel (`child.kill('SIGINT')`).
   */
  onSpawn?: (child: ChildProcess) => void
  /** How long the process may run before it is killed; default CHILD_LIFETIME_MS. */
  lifetimeMs?: number
}

/** The command line of the action's process, with the virtual-time preload when asked for. */
export function stepCommand(options: Pick<StepOptions, 'time' | 'entry' | 'state' | 'action'> = {}): {
  args: string[]
  env: Record<string, string>
} {
  const step = options.state === undefined ? 'main' : 'post'
  const time = options.time ?? { mode: 'jump' }
  // `E2E_ENTRY=source` runs the end-to-end tests from src/: no build needed, and what mutation testing requires.
  const chosen = options.entry ?? (process.env.E2E_ENTRY || 'bundle')
  if (chosen !== 'bundle' && chosen !== 'source')
    throw new Error(`E2E_ENTRY is "${chosen}": it must be bundle (action.yml's runs) or source (the entries in src/)`)
  const action = options.action
  const entry =
    action !== undefined
      ? [resolve(ROOT, action, actionOf(action).runs[step]!)]
      : chosen === 'bundle'
        ? [join(ROOT, actionYaml.runs[step]!)]
        : SOURCE_ENTRIES[step]
  if (time === 'real') return { args: entry, env: {} }
  return {
    args: ['--import', pathToFileURL(VIRTUAL_TIME).href, ...entry],
    env: {
      VIRTUAL_TIME: time.mode,
      VIRTUAL_TIME_RATE: String(time.rate ?? 1),
      ...(time.start === undefined ? {} : { VIRTUAL_TIME_START: String(time.start) }),
      ...(time.cancel ? { VIRTUAL_TIME_CANCEL: '1' } : {}),
    },
  }
}

/** Reads a runner file command file (`name<<delimiter … delimiter`). */
export function parseFileCommands(text: string): Record<string, string> {
  const values: Record<string, string> = {}
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line)
    if (heredoc) {
      const [, name, delimiter] = heredoc
      const body: string[] = []
      for (i++; i < lines.length && lines[i] !== delimiter; i++) body.push(lines[i]!)
      values[name!] = body.join('\n')
    } else if (line.includes('=')) {
      const at = line.indexOf('=')
      values[line.slice(0, at)] = line.slice(at + 1)
    }
  }
  return values
}

export interface StepFiles {
  GITHUB_OUTPUT: string
  GITHUB_STATE: string
  GITHUB_STEP_SUMMARY: string
}

/**
 * The environment a runner gives one step of the action, in `dir`: INPUT_* for every input
 * (action.yml's defaults filled in), empty file-command files, and STATE_* for a post step.
 */
export function stepEnvironment(
  dir: string,
  inputs: Record<string, string>,
  options: Pick<StepOptions, 'env' | 'state' | 'action' | 'undeclared'> = {},
): { env: Record<string, string>; files: StepFiles } {
  const yaml = actionOf(options.action)
  const files: StepFiles = {
    GITHUB_OUTPUT: join(dir, 'output'),
    GITHUB_STATE: join(dir, 'state'),
    GITHUB_STEP_SUMMARY: join(dir, 'summary'),
  }
  for (const file of [files.GITHUB_OUTPUT, files.GITHUB_STATE, files.GITHUB_STEP_SUMMARY]) writeFileSync(file, '')
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? dir,
    RUNNER_TEMP: dir,
    GITHUB_ACTIONS: 'true',
    ...files,
    ...options.env,
  }
  // A mutation tool tells the action's process which mutant is active through this variable.
  if (process.env.__STRYKER_ACTIVE_MUTANT__ !== undefined)
    env.__STRYKER_ACTIVE_MUTANT__ = process.env.__STRYKER_ACTIVE_MUTANT__
  for (const name of Object.keys(inputs)) {
    if (!(name in yaml.inputs)) throw new Error(`${options.action ?? '.'}/action.yml has no input ${name}`)
  }
  for (const [name, spec] of Object.entries(yaml.inputs)) {
    const value = inputs[name] ?? spec.default
    if (value !== undefined) env[`INPUT_${name.toUpperCase()}`] = value
  }
  for (const [name, value] of Object.entries(options.undeclared ?? {})) {
    if (name in yaml.inputs) throw new Error(`${options.action ?? '.'}/action.yml declares ${name}: pass it in inputs`)
    env[`INPUT_${name.toUpperCase().replaceAll(' ', '_')}`] = value
  }
  for (const [name, value] of Object.entries(options.state ?? {})) env[`STATE_${name}`] = value
  return { env, files }
}

/**
 * Node's compile cache for the action's processes: hundreds of tests start the same modules, and
 * the cache halves each start. Only the tests use it; the bench measures starts without it.
 */
const COMPILE_CACHE = join(tmpdir(), 'neon-action-compile-cache')

/** Longer than any test may take (jest.config.js): a child left by a test that timed out is killed. */
const CHILD_LIFETIME_MS = 60_000

type Counts = Record<string, number>
interface MutantCoverage {
  static: Counts
  perTest: Record<string, Counts>
}
/** What a mutation tool's instrumented code shares with the test process (`npm run mutate`). */
const mutation = () =>
  (globalThis as { __stryker__?: { currentTestId?: string; mutantCoverage?: MutantCoverage } }).__stryker__

/** Adds the mutants the action's process reached (the file it wrote at exit, if any) to the test that started it. */
function addChildCoverage(file: string): void {
  const { currentTestId, mutantCoverage } = mutation() ?? {}
  if (!mutantCoverage || !existsSync(file)) return
  const child = JSON.parse(readFileSync(file, 'utf8')) as MutantCoverage
  const target = currentTestId ? (mutantCoverage.perTest[currentTestId] ??= {}) : mutantCoverage.static
  for (const counts of [child.static, ...Object.values(child.perTest)]) {
    for (const [id, n] of Object.entries(counts)) target[id] = (target[id] ?? 0) + n
  }
}

export async function runStep(inputs: Record<string, string>, options: StepOptions = {}): Promise<StepResult> {
  const dir = mkdtempSync(join(tmpdir(), 'neon-action-step-'))
  const { env, files } = stepEnvironment(dir, inputs, options)
  const command = stepCommand(options)
  // During a mutation tool's dry run, the child reports the mutants it reached.
  const coverageFile = join(dir, 'mutant-coverage.json')
  if (mutation()?.mutantCoverage && process.env.__STRYKER_ACTIVE_MUTANT__ === undefined) {
    command.args.unshift('--import', pathToFileURL(MUTATION_COVERAGE).href)
    command.env.MUTATION_COVERAGE_FILE = coverageFile
  }
  const child = spawn(process.execPath, command.args, {
    env: { NODE_COMPILE_CACHE: COMPILE_CACHE, ...env, ...command.env },
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  // The kill is only a safety net: a test that hangs fails on its own timeout, and its child
  // process must not live on after it. Our own timer, not spawn's `timeout`, so the result can say why.
  const lifetimeMs = options.lifetimeMs ?? CHILD_LIFETIME_MS
  let outlived = false
  const kill = setTimeout(() => {
    outlived = true
    child.kill('SIGKILL')
  }, lifetimeMs)
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  options.onSpawn?.(child)
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((done) =>
    child.on('close', (exitCode, exitSignal) => done([exitCode, exitSignal])),
  )
  clearTimeout(kill)
  const raw = {
    output: readFileSync(files.GITHUB_OUTPUT, 'utf8'),
    state: readFileSync(files.GITHUB_STATE, 'utf8'),
    summary: readFileSync(files.GITHUB_STEP_SUMMARY, 'utf8'),
  }
  if (command.env.MUTATION_COVERAGE_FILE) addChildCoverage(coverageFile)
  const stepFiles = new Set([files.GITHUB_OUTPUT, files.GITHUB_STATE, files.GITHUB_STEP_SUMMARY, coverageFile])
  const written = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !stepFiles.has(join(entry.parentPath, entry.name)))
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'))
  rmSync(dir, { recursive: true, force: true })
  return {
    code,
    stdout,
    stderr,
    outputs: parseFileCommands(raw.output),
    state: parseFileCommands(raw.state),
    summary: raw.summary,
    ...(code === null && {
      stopped: outlived
        ? `killed after ${lifetimeMs / 1000} s, the longest a step may run here. A runner would wait up to its ` +
          '`timeout`: set a shorter one to see how the step ends.'
        : `ended by ${signal}.`,
    }),
    masked: [...stdout.matchAll(/^::add-mask::(.*)$/gm)].map((m) => m[1]!),
    everything: [stripMasks(stdout), stderr, raw.output, raw.state, raw.summary, ...written].join('\n'),
  }
}

/** The log as the runner shows it: `::add-mask::` commands are consumed, not printed. */
export function stripMasks(log: string): string {
  return log.replace(/^::add-mask::.*\n?/gm, '')
}

/** Resolves once the process has written a line of its log that matches `pattern` (or ended first: then it rejects). */
export function logLine(child: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = ''
    const onData = (chunk: string) => {
      seen += chunk
      const line = seen.split('\n').find((l) => pattern.test(l))
      if (line === undefined) return
      child.stdout?.off('data', onData)
      resolve(line)
    }
    child.stdout?.on('data', onData)
    child.once('close', () => reject(new Error(`the step ended without a log line matching ${pattern}`)))
  })
}

/** The `::error::` lines of a step's log. */
export function errorLines(stdout: string): string[] {
  return stdout.split('\n').filter((l) => l.startsWith('::error::'))
}
