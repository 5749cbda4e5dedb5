/**
 * Outputs within the runner's limits (runner-facts.md). A step output passed on through `env:`
 * or another action's `with:` fails past 128 KiB (one environment variable), an expression's
 * result is capped at 10 MiB, and GitHub documents 1 MB an output. Every output goes through one
 * gate on its way out (boundOutputs): one over OUTPUT_LIMIT_BYTES is not set, never cut short. A
 * list output (`projects`, `project-ids`, `keys`) always has its whole list in a file of its own
 * under RUNNER_TEMP, whose path is an output too, and the warning names that file; any other
 * output over the limit goes into the `outputs-file`.
 */
import { randomUUID } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { ActionError, messageOf } from '../base/errors.ts'
import { redactSecrets, untrusted } from '../base/text.ts'

/** The new key's output: its value is the one secret an output carries. */
const KEY_OUTPUT = 'key'

/** Largest output, in bytes: half of the 128 KiB one environment variable may hold. */
export const OUTPUT_LIMIT_BYTES = 64 * 1024

/** Whether an output value can be passed on through `env:` or `with:`. */
function fitsOutput(value: string): boolean {
  return Buffer.byteLength(value, 'utf8') <= OUTPUT_LIMIT_BYTES
}

/** Writes a list's JSON to a file of its own in `dir` (RUNNER_TEMP) and returns the file's path. */
export async function writeListFile(dir: string, list: 'projects' | 'keys' | 'outputs', json: string): Promise<string> {
  const path = join(dir, `neon-${list}-${randomUUID()}.json`)
  try {
    await writeFile(path, redactSecrets(json), { encoding: 'utf8', mode: 0o600 })
  } catch (error) {
    throw new ActionError(`Could not write the ${list} file in ${untrusted(dir)} (RUNNER_TEMP): ${messageOf(error)}`)
  }
  return path
}

/** The list outputs, each with the output that names the file holding the whole list. */
const WHOLE_LIST_FILES: Readonly<Record<string, 'projects-file' | 'keys-file'>> = {
  projects: 'projects-file',
  'project-ids': 'projects-file',
  keys: 'keys-file',
}

/**
 * Every output of a step within OUTPUT_LIMIT_BYTES, whatever the platform sent. One that is over
 * is not set, and a warning names it and where its value is: a list output, in the file of the
 * whole list it already has; any other, under its name in one JSON object in a file under `dir`
 * (RUNNER_TEMP) whose path is the `outputs-file` output, a JSON value as JSON and any other as a
 * string. (`key` is never near the limit: a key value over 1,024 characters is refused.)
 */
export async function boundOutputs(
  outputs: Readonly<Record<string, string>>,
  dir: string,
): Promise<{ outputs: Record<string, string>; warnings: string[] }> {
  const set: Record<string, string> = {}
  const spilled: Record<string, unknown> = {}
  const over: string[] = []
  /** The list outputs over the limit, by the output naming their whole-list file. */
  const inListFile = new Map<'projects-file' | 'keys-file', string[]>()
  for (const [name, given] of Object.entries(outputs)) {
    // A secret the server echoed into a record or a code is no output's business; `key` is the new key itself.
    const value = name === KEY_OUTPUT ? given : redactSecrets(given)
    const listFile = WHOLE_LIST_FILES[name]
    if (fitsOutput(value)) set[name] = value
    else if (listFile !== undefined && outputs[listFile] !== undefined) {
      inListFile.set(listFile, [...(inListFile.get(listFile) ?? []), describeSize(name, value)])
    } else {
      spilled[name] = asJson(value)
      over.push(describeSize(name, value))
    }
  }
  const limit = `over the ${OUTPUT_LIMIT_BYTES} bytes an output may hold to be passed on through env: or with:.`
  const warnings: string[] = []
  for (const [listFile, names] of inListFile) {
    warnings.push(
      `Not set: ${untrusted(names.join(' and '), Number.POSITIVE_INFINITY)}, ${limit} ` +
        `Every record is in the file named by the \`${listFile}\` output: ${untrusted(outputs[listFile] ?? '', 1000)}`,
    )
  }
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
