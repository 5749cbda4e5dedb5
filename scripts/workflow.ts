/**
 * Runs one job of a GitHub workflow the way the README and docs/ write it, so their recipes can be
 * tried against the local emulator (`npm start`, and a test): `run:` steps in bash with their
 * `env:`, in one workspace, with a GITHUB_OUTPUT file as a runner gives them; `uses:` steps of this
 * action through runStep (a child process, as a runner runs it): the root action, or a command's own action
 * (`uses: <owner>/neon-api-action/wait-for-operations@v1`, its folder's action.yml). Every step has the job's one
 * RUNNER_TEMP, as on a runner: a file the action writes there is still there for the steps after it. Never shipped.
 *
 * Expressions: `${{ … }}` in `env:` and `with:` values, and `if:`, with the contexts `secrets`,
 * `vars`, `env` and `steps.<id>.outputs.<name>` / `.outcome` / `.conclusion` (and `github`, `strategy` and
 * `inputs` where the caller stands in for them, as scripts/step.ts does), string and number
 * literals, `==`, `!=`, `&&`, `||`, `!`, parentheses, and `success()`, `failure()`, `always()`,
 * `cancelled()`: what the README's recipes use, with GitHub's rules (a missing value is null,
 * `||` and `&&` give an operand, strings compare case-insensitively).
 */
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'yaml'
import { COMMAND_NAMES, type Command } from '../src/commands/registry.ts'
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
  /** The `strategy` context of a matrix leg (`strategy.job-index`). */
  strategy?: Record<string, string>
  /** Called after each step, e.g. to change the emulator between two steps. */
  afterStep?: (step: StepRecord) => void | Promise<void>
}

export interface StepRecord {
  id?: string
  title: string
  kind: 'run' | 'uses'
  /** The action's inputs (secrets included: print them masked). */
  inputs?: Record<string, string>
  outcome: 'success' | 'failure' | 'skipped'
  conclusion: 'success' | 'failure' | 'skipped'
  outputs: Record<string, string>
  /** A `run:` step's stdout and stderr; for `uses:`, see `result`. */
  log: string
  result?: StepResult
}

type Value = string | number | boolean | null

/**
 * `uses: ./`, or this action from any owner at any ref; or a command's own action, in the folder named after it
 * (`./wait-for-operations`, `<owner>/neon-api-action/wait-for-operations@v1`). Group 1 or 2: that command.
 */
const FOLDER = COMMAND_NAMES.join('|')
const THIS_ACTION = new RegExp(`^(?:\\.(?:/(${FOLDER}))?/?|[^/@\\s]+/neon-api-action(?:/(${FOLDER}))?@\\S+)$`)

/** Whether a step uses this action: the root action or one of the commands' own actions. */
export function usesThisAction(step: { uses?: unknown }): boolean {
  return typeof step.uses === 'string' && THIS_ACTION.test(step.uses)
}

/** The command whose own action a step uses (its folder: `wait-for-operations`…); undefined for the root action or another action. */
export function subActionOf(step: { uses?: unknown }): Command | undefined {
  const match = typeof step.uses === 'string' ? THIS_ACTION.exec(step.uses) : null
  return (match?.[1] ?? match?.[2]) as Command | undefined
}

/** The command a step of this action runs: its sub-action's, else its `command:` input as written (a string). */
export function commandOf(step: { uses?: unknown; with?: Record<string, unknown> }): string | undefined {
  if (!usesThisAction(step)) return undefined
  const command = step.with?.command
  return subActionOf(step) ?? (typeof command === 'string' ? command : undefined)
}

/** The first job of the first YAML block after a heading of a Markdown text (README.md, docs/). */
export function recipeJob(markdown: string, heading: string): WorkflowJob {
  const at = markdown.indexOf(`\n${heading}\n`)
  const block = at < 0 ? undefined : yamlBlocks(markdown.slice(at)).at(0)
  const job = block && Object.values((parse(block.text) as { jobs?: Record<string, WorkflowJob> }).jobs ?? {})[0]
  if (!job) throw new Error(`no heading ${JSON.stringify(heading)} with a YAML block of a job after it`)
  return job
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

export async function runJob(
  job: WorkflowJob,
  context: JobContext,
): Promise<{ steps: StepRecord[]; conclusion: 'success' | 'failure' }> {
  const workspace = mkdtempSync(join(tmpdir(), 'neon-action-workflow-'))
  const runnerTemp = join(workspace, '.runner-temp')
  mkdirSync(runnerTemp)
  const records: StepRecord[] = []
  const byId: Scope['steps'] = {}
  const jobEnv: Record<string, string> = {}
  const { secrets, vars, github, strategy } = context
  const scope = (env = jobEnv): Scope => ({ secrets, vars, env, steps: byId, records, github, strategy })
  for (const [name, value] of Object.entries(job.env ?? {}))
    jobEnv[name] = context.env?.[name] ?? interpolate(String(value), scope())
  try {
    for (const step of job.steps) {
      const title = step.name ?? step.id ?? step.run?.split('\n')[0] ?? step.uses ?? 'step'
      const script = context.standIns?.[title] ?? step.run
      const kind = script === undefined ? 'uses' : 'run'
      let record: StepRecord = {
        id: step.id,
        title,
        kind,
        outcome: 'skipped',
        conclusion: 'skipped',
        outputs: {},
        log: '',
      }
      if (truthy(evaluate(step.if ?? 'success()', scope()))) {
        const env: Record<string, string> = { RUNNER_TEMP: runnerTemp, ...jobEnv }
        for (const [name, value] of Object.entries(step.env ?? {})) env[name] = interpolate(String(value), scope(env))
        const inputs: Record<string, string> = {}
        for (const [name, value] of Object.entries(step.with ?? {}))
          inputs[name] = interpolate(String(value), scope(env))
        if (script !== undefined) {
          // A stand-in for another action's step reads its `with:` as a runner hands them to an action.
          for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value
          record = { ...record, ...(await runScript(script, env, workspace)) }
        } else {
          if (!usesThisAction(step))
            throw new Error(
              `step ${JSON.stringify(title)} uses ${String(step.uses)}: only this action's steps run here`,
            )
          // A command's own action runs from its folder (its action.yml's inputs and runs), as a runner runs it.
          const action = subActionOf(step)
          const result = await runStep(
            { ...context.inputs, ...inputs },
            { ...context.step, env: { RUNNER_TEMP: runnerTemp }, ...(action === undefined ? {} : { action }) },
          )
          const outcome = result.code === 0 ? 'success' : 'failure'
          record = {
            ...record,
            inputs: { ...context.inputs, ...inputs },
            outcome,
            conclusion: outcome,
            outputs: result.outputs,
            result,
          }
        }
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

/** A `run:` script in bash, as a runner runs it, with a GITHUB_OUTPUT file. */
async function runScript(script: string, env: Record<string, string>, cwd: string): Promise<Partial<StepRecord>> {
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
  const outcome = (await new Promise<number | null>((done) => child.on('close', done))) === 0 ? 'success' : 'failure'
  return { outcome, conclusion: outcome, outputs: parseFileCommands(readFileSync(output, 'utf8')), log }
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
  /** The `strategy` context, where the caller stands in for it. */
  strategy?: Record<string, string>
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

const TOKEN =
  /\s*(?:(\(|\)|!=|==|&&|\|\||!|,)|'((?:[^']|'')*)'|(-?\d+(?:\.\d+)?)\b|([A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)*))/y

type Token = { kind: 'op'; text: string } | { kind: 'value'; value: Value } | { kind: 'name'; text: string }

function tokenize(source: string): Token[] {
  const text = source.trim().replace(/^\$\{\{([\s\S]*)\}\}$/, '$1')
  const tokens: Token[] = []
  TOKEN.lastIndex = 0
  while (TOKEN.lastIndex < text.length) {
    if (/^\s*$/.test(text.slice(TOKEN.lastIndex))) break
    const at = TOKEN.lastIndex
    const match = TOKEN.exec(text)
    if (!match)
      throw new Error(`expression ${JSON.stringify(source)}: cannot read from ${JSON.stringify(text.slice(at))}`)
    if (match[1] !== undefined) tokens.push({ kind: 'op', text: match[1] })
    else if (match[2] !== undefined) tokens.push({ kind: 'value', value: match[2].replace(/''/g, "'") })
    else if (match[3] !== undefined) tokens.push({ kind: 'value', value: Number(match[3]) })
    else if (['true', 'false', 'null'].includes(match[4]!))
      tokens.push({ kind: 'value', value: JSON.parse(match[4]!) as Value })
    else tokens.push({ kind: 'name', text: match[4]! })
  }
  return tokens
}

/** Evaluates a GitHub expression (with or without `${{ }}`). */
function evaluate(source: string, scope: Scope): Value {
  const tokens = tokenize(source)
  let i = 0
  const fail = (problem: string): never => {
    throw new Error(`expression ${JSON.stringify(source)}: ${problem}`)
  }
  const take = (op: string) =>
    tokens[i]?.kind === 'op' && (tokens[i] as { text: string }).text === op ? ++i > 0 : false
  /** Left-associative operators of one precedence, over the operands `next` reads. */
  const binary =
    (ops: string[], next: () => Value, combine: (op: string, left: Value, right: Value) => Value) => (): Value => {
      let value = next()
      for (let op = ops.find(take); op !== undefined; op = ops.find(take)) value = combine(op, value, next())
      return value
    }
  const primary = (): Value => {
    const token = tokens[i++] ?? fail('it ends too soon')
    if (token.kind === 'value') return token.value
    if (token.kind === 'op') {
      if (token.text !== '(') fail(`unexpected ${token.text}`)
      const value = or()
      return take(')') ? value : fail('expected )')
    }
    if (!take('(')) return lookup(token.text, scope)
    return take(')') ? status(token.text, scope) : fail('expected )')
  }
  const unary = (): Value => (take('!') ? !truthy(unary()) : primary())
  const equality = binary(['==', '!='], unary, (op, left, right) => equal(left, right) === (op === '=='))
  const and = binary(['&&'], equality, (_, left, right) => (truthy(left) ? right : left))
  const or = binary(['||'], and, (_, left, right) => (truthy(left) ? left : right))
  const value = or()
  return i < tokens.length ? fail('unexpected text after the expression') : value
}

/** The status functions: `success()`, `failure()`, `always()`, `cancelled()`. */
function status(name: string, scope: Scope): boolean {
  const failed = scope.records.some((r) => r.conclusion === 'failure')
  const value = ({ success: !failed, failure: failed, always: true, cancelled: false } as Record<string, boolean>)[name]
  if (value === undefined) throw new Error(`the function ${name}() is not supported here`)
  return value
}

function lookup(path: string, scope: Scope): Value {
  const [context, ...rest] = path.split('.')
  const contexts: Record<string, unknown> = { ...scope, records: undefined }
  let value = Object.hasOwn(contexts, context!) ? contexts[context!] : undefined
  if (value === undefined) throw new Error(`the context ${context} is not supported here`)
  for (const key of rest)
    value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined
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
