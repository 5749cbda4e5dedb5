// The documentation's examples, checked the way a workflow author will use them: README.md and docs/ are copied into
// real workflows. Every ```yaml block must parse; a step of this action may pass only inputs its action.yml declares (the
// root's, or for a command's own action, `uses: <owner>/neon-api-action/<command>@v1`, that folder's) and read only
// outputs it declares; no `run:` script holds `${{ }}` (GitHub's hardening guide: pass values through `env:`); a
// workflow that rotates keys has a `concurrency:` group; and every relative link leads to a file and heading that exist.
// Used by __tests__/project/docs.test.ts and workflows.test.ts; the examples are found by scripts/lint-workflows.ts.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { parse } from 'yaml'
import { COMMAND_NAMES } from '../../src/commands/registry.ts'
import { documentationFiles, isWorkflow } from '../../scripts/lint-workflows.ts'
import { actionOf } from '../../scripts/run-step.ts'
import { commandOf, subActionOf, usesThisAction } from '../../scripts/workflow.ts'

export interface ActionSpec {
  inputs: Record<string, { required?: boolean }>
  outputs: Record<string, unknown>
}

/** Each command's own action (`<command>/action.yml`), by command. */
export function subActionSpecs(): Record<string, ActionSpec> {
  return Object.fromEntries(COMMAND_NAMES.map((command) => [command, actionOf(command)]))
}

type Step = Record<string, unknown> & { id?: string; uses?: string; run?: string; with?: Record<string, unknown> }
type Job = Record<string, unknown> & { steps?: Step[] }

/** The jobs of an example: a workflow's, a `jobs:` map, a job, or a list of steps (one job each). */
function jobsOf(value: unknown): Job[] {
  if (Array.isArray(value)) return [{ steps: value as Step[] }]
  if (typeof value !== 'object' || value === null) return []
  const record = value as Record<string, unknown>
  if (typeof record.jobs === 'object' && record.jobs !== null) return Object.values(record.jobs as Record<string, Job>)
  if (Array.isArray(record.steps)) return [record]
  return []
}

/** Every `run:` script in a parsed YAML value, with where it is. */
export function runScripts(value: unknown, path = ''): { path: string; script: string }[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => runScripts(item, `${path}[${i}]`))
  if (typeof value !== 'object' || value === null) return []
  return Object.entries(value).flatMap(([key, item]) =>
    key === 'run' && typeof item === 'string'
      ? [{ path: `${path}.run`, script: item }]
      : runScripts(item, `${path}.${key}`),
  )
}

/** The steps of this action in one example. */
export function actionSteps(text: string): Step[] {
  return jobsOf(parse(text)).flatMap((job) => (Array.isArray(job.steps) ? job.steps.filter(usesThisAction) : []))
}

/**
 * What is wrong with one example, as sentences; none when it is right. A step of the root action is checked against
 * `action`, one of a command's own action against `subActions[command]` (default: each folder's action.yml).
 */
export function problemsOf(
  text: string,
  action: ActionSpec,
  commands: readonly string[],
  subActions: Readonly<Record<string, ActionSpec>> = subActionSpecs(),
): string[] {
  let value: unknown
  try {
    value = parse(text)
  } catch (error) {
    return [`not valid YAML: ${(error as Error).message.split('\n')[0]}`]
  }
  const problems: string[] = []
  const jobs = jobsOf(value)
  const workflow = isWorkflow(value) ? value : undefined
  const complete = workflow !== undefined
  /** The action.yml a step of this action runs, and its path for the sentences. */
  const declared = (step: Step): { spec: ActionSpec; file: string } => {
    const sub = subActionOf(step)
    if (sub === undefined) return { spec: action, file: 'action.yml' }
    const spec = subActions[sub]
    if (!spec) throw new Error(`no action.yml given for the sub-action ${sub}`)
    return { spec, file: `${sub}/action.yml` }
  }
  for (const job of jobs) {
    const steps = Array.isArray(job.steps) ? job.steps : []
    const ids = new Map(steps.filter((s) => typeof s.id === 'string').map((s) => [s.id!, s]))
    for (const step of steps.filter(usesThisAction)) {
      const { spec, file } = declared(step)
      const inputs = Object.keys(step.with ?? {})
      for (const name of inputs)
        if (!(name in spec.inputs)) problems.push(`input \`${name}\` is not declared in ${file}`)
      for (const [name, input] of Object.entries(spec.inputs)) {
        if (input.required && !inputs.includes(name)) problems.push(`required input \`${name}\` is missing`)
      }
      const command = step.with?.command
      if (
        subActionOf(step) === undefined &&
        typeof command === 'string' &&
        !command.includes('${{') &&
        !commands.includes(command)
      ) {
        problems.push(`command \`${command}\` is not one of ${commands.join(', ')}`)
      }
    }
    // steps.<id>.outputs.<name> anywhere in the job: its env, with, if, and the job's outputs.
    for (const [, id, name] of JSON.stringify(job).matchAll(/\bsteps\.([\w-]+)\.outputs\.([\w-]+)/g)) {
      const step = ids.get(id!)
      if (!step) {
        // A list of steps may continue a job shown before it; a workflow is whole.
        if (complete) problems.push(`\`steps.${id}.outputs.${name}\`: no step has the id \`${id}\``)
      } else if (usesThisAction(step) && !(name! in declared(step).spec.outputs)) {
        problems.push(`\`steps.${id}.outputs.${name}\`: ${declared(step).file} declares no output \`${name}\``)
      }
    }
  }
  for (const { path, script } of runScripts(value)) {
    if (script.includes('${{')) problems.push(`${path} holds \${{ }} in a run: script: pass the value through env:`)
  }
  const rotates = jobs.some((job) => Array.isArray(job.steps) && job.steps.some((s) => commandOf(s) === 'rotate-key'))
  if (rotates || /\bcommand:\s*rotate-key\b/.test(text)) {
    const grouped =
      workflow !== undefined &&
      ('concurrency' in workflow || Object.values(workflow.jobs).some((job) => 'concurrency' in job))
    if (!grouped) problems.push('rotates keys without a `concurrency:` group: show it as a whole workflow with one')
  }
  return problems
}

/** A heading's anchor as GitHub makes it. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')
}

/** The anchors a Markdown file's headings give, with GitHub's -1, -2… for repeats. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>()
  let fenced = false
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced
    const heading = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)
    if (!heading) continue
    const anchor = anchorOf(heading[1]!)
    let unique = anchor
    for (let n = 1; anchors.has(unique); n++) unique = `${anchor}-${n}`
    anchors.add(unique)
  }
  return anchors
}

/** Relative links whose file or heading does not exist, as `file: link`. */
export function brokenLinks(root: string, files = documentationFiles(root)): string[] {
  const broken: string[] = []
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8').replace(/^```[\s\S]*?^```/gm, '')
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(target!)) continue
      const [path, anchor] = target!.split('#') as [string, string | undefined]
      const resolved = path ? resolve(dirname(join(root, file)), path) : join(root, file)
      if (!existsSync(resolved)) {
        broken.push(`${file}: ${target} (no file ${relative(root, resolved)})`)
      } else if (
        anchor !== undefined &&
        resolved.endsWith('.md') &&
        !anchorsOf(readFileSync(resolved, 'utf8')).has(anchor)
      ) {
        broken.push(`${file}: ${target} (no heading with the anchor #${anchor})`)
      }
    }
  }
  return broken
}
