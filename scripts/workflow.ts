/**
 * Runs one job of a GitHub workflow the way the README and docs/ write it, so their recipes can be
 * tried against the local emulator (`npm start`, and a test): `run:` steps in bash with their
 * `env:`, in one workspace, with a GITHUB_OUTPUT file as a runner gives them; `uses:` steps of this
 * action through runStep (a child process, as a runner runs it). Never shipped.
 *
 * Expressions: `${{ … }}` in `env:` and `with:` values, and `if:`, with the contexts `secrets`,
 * `vars`, `env` and `steps.<id>.outputs.<name>` / `.outcome` / `.conclusion` (and `github` and
 * `inputs` where the caller stands in for them, as scripts/step.ts does), string and number
 * literals, `==`, `!=`, `&&`, `||`, `!`, parentheses, and `success()`, `failure()`, `always()`,
 * `cancelled()`: what the README's recipes use, with GitHub's rules (a missing value is null,
 * `||` and `&&` give an operand, strings compare case-insensitively).
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'yaml'
import { parseFileCommands, runStep, type StepOptions, type StepResult } from './run-step.ts'

interface WorkflowStep {
  id?: string
  name?: string
  if?: string
  run?: string
  uses?: string
  with?: Record<string, string | number | boolean>
  env?: Record<string, string | number | boolean>
  'continue-on-error'?: boolean
}

export interface WorkflowJob {
  env?: Record<string, string | number | boolean>
  steps: WorkflowStep[]
}

export interface JobContext {
  secrets: Record<string, string>
  vars: Record<string, string>
  /** Job `env:` values to replace (the API host, pointed at the emulator). */
  env?: Record<string, string>
  /** Inputs every step of the action gets unless it sets them (`api-host`: the emulator's URL). */
  inputs?: Record<string, string>
  /**
   * Scripts that stand in for steps of these names: a `run:` step the demo does not have (a
   * migration), or a step of another action (create-branch-action), whose `with:` values the
   * script reads as INPUT_<NAME>, as a runner hands them to an action.
   */
  standIns?: Record<string, string>
  /** How `uses:` steps of the action run, and what they get besides (GITHUB_API_URL). */
  step?: Pick<StepOptions, 'time' | 'entry' | 'env'>
  /** The `github` context, where a recipe reads it (`github.run_id`). */
  github?: Record<string, string>
  /** Called after each step, e.g. to change the emulator between two steps. */
  afterStep?: (step: StepRecord) => void | Promise<void>
}

export interface StepRecord {
  id?: string
  title: string
  kind: 'run' | 'uses'
  /** The script that ran, or the action's inputs (secrets included: print them masked). */
  script?: string
  inputs?: Record<string, string>
  outcome: 'success' | 'failure' | 'skipped'
  conclusion: 'success' | 'failure' | 'skipped'
  outputs: Record<string, string>
  /** A `run:` step's stdout and stderr; for `uses:`, see `result`. */
  log: string
  result?: StepResult
}

type Value = string | number | boolean | null

/** `uses: ./`, or this action from any owner at any ref. */
export function usesThisAction(step: { uses?: unknown }): boolean {
  return typeof step.uses === 'string' && /^(?:\.\/?|[^/@\s]+\/neon-api-action@\S+)$/.test(step.uses)
}

/** The `jobs.<name>` of the first YAML block after a heading of a Markdown text (README.md, docs/). */
export function recipeJob(markdown: string, heading: string, job?: string): WorkflowJob {
  const at = markdown.indexOf(`\n${heading}\n`)
  if (at < 0) throw new Error(`no heading ${JSON.stringify(heading)}`)
  const block = yamlBlocks(markdown.slice(at)).at(0)
  if (!block) throw new Error(`no YAML block after ${JSON.stringify(heading)}`)
  const parsed = parse(block.text) as { jobs?: Record<string, WorkflowJob> }
  const jobs = parsed.jobs ?? {}
  const found = job === undefined ? Object.values(jobs)[0] : jobs[job]
  if (!found) throw new Error(`the YAML block after ${JSON.stringify(heading)} has no job ${job ?? ''}`)
  return found
}

/** Every ```yaml block of a Markdown text, with the line it starts on. */
export function yamlBlocks(markdown: string): { line: number; text: string }[] {
  const blocks: { line: number; text: string }[] = []
  const lines = markdown.split('\n')
  for (let i = 0; i < lines.length; i++) {
    if (!/^```ya?ml\s*$/.test(lines[i]!)) continue
    const start = i + 1
    while (i + 1 < lines.length && !/^```\s*$/.test(lines[i + 1]!)) i++
    blocks.push({ line: start + 1, text: lines.slice(start, i + 1).join('\n') })
    i++
  }
  return blocks
}

export async function runJob(job: WorkflowJob, context: JobContext): Promise<{ steps: StepRecord[]; conclusion: 'success' | 'failure' }> {
  const workspace = mkdtempSync(join(tmpdir(), 'neon-action-workflow-'))
  const records: StepRecord[] = []
  const byId: Record<string, { outputs: Record<string, string>; outcome: string; conclusion: string }> = {}
  const jobEnv: Record<string, string> = {}
  const scope = (): Scope => ({ secrets: context.secrets, vars: context.vars, env: jobEnv, steps: byId, records, github: context.github })
  for (const [name, value] of Object.entries(job.env ?? {})) jobEnv[name] = context.env?.[name] ?? interpolate(String(value), scope())
  try {
    for (const step of job.steps) {
      const title = step.name ?? step.id ?? step.run?.split('\n')[0] ?? step.uses ?? 'step'
      const standIn = context.standIns?.[title]
      const kind = step.run !== undefined || standIn !== undefined ? 'run' : 'uses'
      let record: StepRecord
      if (!truthy(evaluate(step.if ?? 'success()', scope()))) {
        record = { id: step.id, title, kind, outcome: 'skipped', conclusion: 'skipped', outputs: {}, log: '' }
      } else {
        const env = { ...jobEnv }
        for (const [name, value] of Object.entries(step.env ?? {})) env[name] = interpolate(String(value), { ...scope(), env })
        for (const [name, value] of Object.entries(step.with ?? {})) {
          env[`INPUT_${name.toUpperCase()}`] = interpolate(String(value), { ...scope(), env })
        }
        record =
          kind === 'run'
            ? await runScript(step, title, standIn ?? step.run!, env, workspace)
            : await runAction(step, title, env, scope(), context)
        if (record.outcome === 'failure' && step['continue-on-error'] === true) record.conclusion = 'success'
      }
      records.push(record)
      if (step.id) byId[step.id] = { outputs: record.outputs, outcome: record.outcome, conclusion: record.conclusion }
      await context.afterStep?.(record)
    }
  } finally {
    rmSync(workspace, { recursive: true, force: true })
  }
  return { steps: records, conclusion: records.some((r) => r.conclusion === 'failure') ? 'failure' : 'success' }
}

async function runScript(step: WorkflowStep, title: string, script: string, env: Record<string, string>, cwd: string): Promise<StepRecord> {
  const output = join(cwd, '.github-output')
  writeFileSync(output, '')
  const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? cwd, GITHUB_OUTPUT: output, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (log += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (log += chunk))
  const code = await new Promise<number | null>((done) => child.on('close', done))
  const outcome = code === 0 ? 'success' : 'failure'
  const outputs = parseFileCommands(readFileSync(output, 'utf8'))
  return { id: step.id, title, kind: 'run', script, outcome, conclusion: outcome, outputs, log }
}

async function runAction(
  step: WorkflowStep,
  title: string,
  env: Record<string, string>,
  scope: Scope,
  context: JobContext,
): Promise<StepRecord> {
  if (!usesThisAction(step)) throw new Error(`step ${JSON.stringify(title)} uses ${String(step.uses)}: only this action's steps run here`)
  const inputs: Record<string, string> = { ...context.inputs }
  for (const [name, value] of Object.entries(step.with ?? {})) inputs[name] = interpolate(String(value), { ...scope, env })
  const result = await runStep(inputs, { ...context.step })
  const outcome = result.code === 0 ? 'success' : 'failure'
  return { id: step.id, title, kind: 'uses', inputs, outcome, conclusion: outcome, outputs: result.outputs, log: '', result }
}

// ---- expressions ------------------------------------------------------------------------------

/** What an expression can read. */
export interface Scope {
  secrets: Record<string, string>
  vars: Record<string, string>
  env: Record<string, string>
  steps: Record<string, { outputs: Record<string, string>; outcome: string; conclusion: string }>
  records: StepRecord[]
  /** The `github` context, where the caller stands in for it. */
  github?: Record<string, string>
  /** A manual run's `inputs`, where the caller stands in for them. */
  inputs?: Record<string, string>
}

/** `${{ … }}` replaced by the expression's value, as a string ('' for null). */
export function interpolate(text: string, scope: Scope): string {
  return text.replace(/\$\{\{(.*?)\}\}/g, (_, expression: string) => {
    const value = evaluate(expression, scope)
    return value === null ? '' : String(value)
  })
}

const TOKEN = /\s*(?:(\(|\)|!=|==|&&|\|\||!|,)|'((?:[^']|'')*)'|(-?\d+(?:\.\d+)?)\b|([A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)*))/y

type Token = { kind: 'op'; text: string } | { kind: 'value'; value: Value } | { kind: 'name'; text: string }

function tokenize(source: string): Token[] {
  const text = source.trim().replace(/^\$\{\{([\s\S]*)\}\}$/, '$1')
  const tokens: Token[] = []
  TOKEN.lastIndex = 0
  while (TOKEN.lastIndex < text.length) {
    if (/^\s*$/.test(text.slice(TOKEN.lastIndex))) break
    const at = TOKEN.lastIndex
    const match = TOKEN.exec(text)
    if (!match) throw new Error(`expression ${JSON.stringify(source)}: cannot read from ${JSON.stringify(text.slice(at))}`)
    if (match[1] !== undefined) tokens.push({ kind: 'op', text: match[1] })
    else if (match[2] !== undefined) tokens.push({ kind: 'value', value: match[2].replace(/''/g, "'") })
    else if (match[3] !== undefined) tokens.push({ kind: 'value', value: Number(match[3]) })
    else if (['true', 'false', 'null'].includes(match[4]!)) tokens.push({ kind: 'value', value: JSON.parse(match[4]!) as Value })
    else tokens.push({ kind: 'name', text: match[4]! })
  }
  return tokens
}

/** Evaluates a GitHub expression (with or without `${{ }}`). */
function evaluate(source: string, scope: Scope): Value {
  const tokens = tokenize(source)
  let i = 0
  const peek = (text: string) => tokens[i]?.kind === 'op' && (tokens[i] as { text: string }).text === text
  const expect = (text: string) => {
    if (!peek(text)) throw new Error(`expression ${JSON.stringify(source)}: expected ${text}`)
    i++
  }
  const or = (): Value => {
    let value = and()
    while (peek('||')) {
      i++
      const right = and()
      value = truthy(value) ? value : right
    }
    return value
  }
  const and = (): Value => {
    let value = equality()
    while (peek('&&')) {
      i++
      const right = equality()
      value = truthy(value) ? right : value
    }
    return value
  }
  const equality = (): Value => {
    const left = unary()
    if (peek('==') || peek('!=')) {
      const negate = peek('!=')
      i++
      const same = equal(left, unary())
      return negate ? !same : same
    }
    return left
  }
  const unary = (): Value => {
    if (peek('!')) {
      i++
      return !truthy(unary())
    }
    return primary()
  }
  const primary = (): Value => {
    const token = tokens[i++]
    if (!token) throw new Error(`expression ${JSON.stringify(source)} ends too soon`)
    if (token.kind === 'value') return token.value
    if (token.kind === 'op') {
      if (token.text !== '(') throw new Error(`expression ${JSON.stringify(source)}: unexpected ${token.text}`)
      const value = or()
      expect(')')
      return value
    }
    if (peek('(')) {
      i++
      expect(')')
      return status(token.text, scope)
    }
    return lookup(token.text, scope)
  }
  const value = or()
  if (i < tokens.length) throw new Error(`expression ${JSON.stringify(source)}: unexpected text after the expression`)
  return value
}

function status(name: string, scope: Scope): boolean {
  const failed = scope.records.some((r) => r.conclusion === 'failure')
  switch (name) {
    case 'success':
      return !failed
    case 'failure':
      return failed
    case 'always':
      return true
    case 'cancelled':
      return false
    default:
      throw new Error(`the function ${name}() is not supported here`)
  }
}

function lookup(path: string, scope: Scope): Value {
  const [context, ...rest] = path.split('.')
  const contexts = {
    secrets: scope.secrets,
    vars: scope.vars,
    env: scope.env,
    steps: scope.steps,
    github: scope.github,
    inputs: scope.inputs,
  }
  let value: unknown = Object.hasOwn(contexts, context!) ? contexts[context as keyof typeof contexts] : undefined
  if (value === undefined) throw new Error(`the context ${context} is not supported here`)
  for (const key of rest) value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined
  return value === undefined ? null : (value as Value)
}

function truthy(value: Value): boolean {
  return value !== null && value !== false && value !== '' && value !== 0
}

/** GitHub compares strings case-insensitively, and null as ''. */
function equal(a: Value, b: Value): boolean {
  const text = (v: Value) => (v === null ? '' : String(v).toLowerCase())
  return text(a) === text(b)
}
