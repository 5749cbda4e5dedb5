/**
 * Outputs within the runner's limits (runner-facts.md). A step output passed on through `env:`
 * or another action's `with:` fails past 128 KiB (one environment variable), an expression's
 * result is capped at 10 MiB, and GitHub documents 1 MB an output. A list output is set only
 * when it fits OUTPUT_LIMIT_BYTES whole, never cut short; the whole list always goes to a file
 * under RUNNER_TEMP, whose path is an output too. Every other output is held to the same limit
 * on its way out (boundOutputs): one that is over goes to a file instead.
 */
import { randomUUID } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { ActionError, messageOf } from '../base/errors.ts'
import { untrusted } from '../base/text.ts'

/** Largest list output, in bytes: half of the 128 KiB one environment variable may hold. */
export const OUTPUT_LIMIT_BYTES = 64 * 1024

/** Whether an output value can be passed on through `env:` or `with:`. */
export function fitsOutput(value: string): boolean {
  return Buffer.byteLength(value, 'utf8') <= OUTPUT_LIMIT_BYTES
}

/** Writes a list's JSON to a file of its own in `dir` (RUNNER_TEMP) and returns the file's path. */
export async function writeListFile(dir: string, list: 'projects' | 'keys' | 'outputs', json: string): Promise<string> {
  const path = join(dir, `neon-${list}-${randomUUID()}.json`)
  try {
    await writeFile(path, json, { encoding: 'utf8', mode: 0o600 })
  } catch (error) {
    throw new ActionError(`Could not write the ${list} file in ${untrusted(dir)} (RUNNER_TEMP): ${messageOf(error)}`)
  }
  return path
}

/** The list outputs of the action. */
export type ListOutput = 'projects' | 'project-ids' | 'keys'

/**
 * The list outputs that fit, and one warning naming those that do not and the file that holds
 * every record (`file.output` is the output with its path).
 */
export function listOutputs(
  candidates: ReadonlyArray<readonly [ListOutput, string]>,
  file: { output: 'projects-file' | 'keys-file'; path: string },
): { outputs: Record<string, string>; warning?: string } {
  const outputs: Record<string, string> = { [file.output]: file.path }
  const left = candidates.filter(([name, value]) => {
    if (!fitsOutput(value)) return true
    outputs[name] = value
    return false
  })
  if (left.length === 0) return { outputs }
  const names = left.map(([name, value]) => `\`${name}\` (${Buffer.byteLength(value, 'utf8')} bytes)`).join(' and ')
  return {
    outputs,
    warning:
      `Not set: ${names}, over the ${OUTPUT_LIMIT_BYTES} bytes an output may hold to be passed on through env: or with:. ` +
      `Every record is in the file named by the \`${file.output}\` output: ${untrusted(file.path, 1000)}`,
  }
}

/** Outputs that hold a key value: never written to a file. */
const SECRET_OUTPUTS: ReadonlySet<string> = new Set(['key'])

/**
 * Every output of a step within OUTPUT_LIMIT_BYTES, whatever the platform sent. One that is over
 * is not set: its value goes, under its name, into one JSON object in a file under `dir`
 * (RUNNER_TEMP), whose path is the `outputs-file` output, and a warning names each. A JSON
 * value is stored as JSON, any other as a string. A key value is never written to a file.
 */
export async function boundOutputs(
  outputs: Readonly<Record<string, string>>,
  dir: string,
): Promise<{ outputs: Record<string, string>; warnings: string[] }> {
  const set: Record<string, string> = {}
  const spilled: Record<string, unknown> = {}
  const over: string[] = []
  const secrets: string[] = []
  for (const [name, value] of Object.entries(outputs)) {
    if (fitsOutput(value)) set[name] = value
    else if (SECRET_OUTPUTS.has(name)) secrets.push(describeSize(name, value))
    else {
      spilled[name] = asJson(value)
      over.push(describeSize(name, value))
    }
  }
  const limit = `over the ${OUTPUT_LIMIT_BYTES} bytes an output may hold to be passed on through env: or with:.`
  const warnings: string[] = []
  if (over.length > 0) {
    let where: string
    try {
      const path = await writeListFile(dir, 'outputs', JSON.stringify(spilled))
      set['outputs-file'] = path
      where =
        over.length === 1
          ? `Its value is in the JSON file named by the \`outputs-file\` output, under its name: ${untrusted(path, 1000)}`
          : `Their values are in the JSON file named by the \`outputs-file\` output, each under its name: ${untrusted(path, 1000)}`
    } catch (error) {
      where = messageOf(error)
    }
    warnings.push(`Not set: ${untrusted(over.join(' and '), Number.POSITIVE_INFINITY)}, ${limit} ${where}`)
  }
  if (secrets.length > 0) {
    warnings.push(
      `Not set: ${untrusted(secrets.join(' and '), Number.POSITIVE_INFINITY)}, ${limit} A key value is never written to a file.`,
    )
  }
  return { outputs: set, warnings }
}

function describeSize(name: string, value: string): string {
  return `\`${untrusted(name)}\` (${Buffer.byteLength(value, 'utf8')} bytes)`
}

function asJson(value: string): unknown {
  try {
    return JSON.parse(value) as unknown
  } catch {
    return value
  }
}
