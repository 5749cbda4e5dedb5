/**
 * Runs the committed bundle the way a GitHub runner does: a child process with INPUT_* variables
 * (defaults filled in from action.yml), and the GITHUB_OUTPUT, GITHUB_STATE and
 * GITHUB_STEP_SUMMARY files; the post step gets the saved state as STATE_* variables.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'

export const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)))
export const BUNDLE = join(ROOT, 'dist', 'index.js')

interface ActionYaml {
  inputs: Record<string, { description: string; default?: string; required?: boolean }>
  outputs: Record<string, { description: string }>
  runs: Record<string, string>
}

export const actionYaml = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as ActionYaml

export interface StepResult {
  code: number | null
  stdout: string
  stderr: string
  outputs: Record<string, string>
  state: Record<string, string>
  summary: string
  /** Values the step asked the runner to mask (`::add-mask::`). */
  masked: string[]
  /**
   * Every byte the step left behind that a person or a later step can read, for leak checks:
   * the log without its `::add-mask::` commands (the runner consumes them), the output, state
   * and summary files.
   */
  everything: string
}

export interface StepOptions {
  /** Extra environment (GITHUB_API_URL, GITHUB_REPOSITORY…). */
  env?: Record<string, string>
  /** Saved state of the main step: present means this is the post step. */
  state?: Record<string, string>
  /** The action's clock speed-up; 0.01 makes a 1 s poll interval last 10 ms. */
  timeScale?: number
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
  options: Omit<StepOptions, 'timeScale'> & { timeScale?: number } = {},
): { env: Record<string, string>; files: StepFiles } {
  const files: StepFiles = { GITHUB_OUTPUT: join(dir, 'output'), GITHUB_STATE: join(dir, 'state'), GITHUB_STEP_SUMMARY: join(dir, 'summary') }
  for (const file of Object.values(files)) writeFileSync(file, '')
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? dir,
    RUNNER_TEMP: dir,
    GITHUB_ACTIONS: 'true',
    ...files,
    ...options.env,
  }
  // A runner does not set it: only tests and the bench run the action's clock faster.
  if (options.timeScale !== undefined) env.NEON_ACTION_TIME_SCALE = String(options.timeScale)
  for (const name of Object.keys(inputs)) {
    if (!(name in actionYaml.inputs)) throw new Error(`action.yml has no input ${name}`)
  }
  for (const [name, spec] of Object.entries(actionYaml.inputs)) {
    const value = inputs[name] ?? spec.default
    if (value !== undefined) env[`INPUT_${name.toUpperCase()}`] = value
  }
  for (const [name, value] of Object.entries(options.state ?? {})) env[`STATE_${name}`] = value
  return { env, files }
}

export async function runStep(inputs: Record<string, string>, options: StepOptions = {}): Promise<StepResult> {
  const dir = mkdtempSync(join(tmpdir(), 'neon-action-step-'))
  const { env, files } = stepEnvironment(dir, inputs, { ...options, timeScale: options.timeScale ?? 0.01 })
  const child = spawn(process.execPath, [BUNDLE], { env, cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  const code = await new Promise<number | null>((done) => child.on('close', done))
  const raw = {
    output: readFileSync(files.GITHUB_OUTPUT, 'utf8'),
    state: readFileSync(files.GITHUB_STATE, 'utf8'),
    summary: readFileSync(files.GITHUB_STEP_SUMMARY, 'utf8'),
  }
  rmSync(dir, { recursive: true, force: true })
  return {
    code,
    stdout,
    stderr,
    outputs: parseFileCommands(raw.output),
    state: parseFileCommands(raw.state),
    summary: raw.summary,
    masked: [...stdout.matchAll(/^::add-mask::(.*)$/gm)].map((m) => m[1]!),
    everything: [stripMasks(stdout), stderr, raw.output, raw.state, raw.summary].join('\n'),
  }
}

/** The log as the runner shows it: `::add-mask::` commands are consumed, not printed. */
export function stripMasks(log: string): string {
  return log.replace(/^::add-mask::.*\n?/gm, '')
}

/** The `::error::` lines of a step's log. */
export function errorLines(stdout: string): string[] {
  return stdout.split('\n').filter((l) => l.startsWith('::error::'))
}
