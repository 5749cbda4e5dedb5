/**
 * Outputs within the runner's limits (runner-facts.md). A step output passed on through `env:`
 * or another action's `with:` fails past 128 KiB (one environment variable), an expression's
 * result is capped at 10 MiB, and GitHub documents 1 MB an output. A list output is set only
 * when it fits OUTPUT_LIMIT_BYTES whole, never cut short; the whole list always goes to a file
 * under RUNNER_TEMP, whose path is an output too.
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
export async function writeListFile(dir: string, list: 'projects' | 'keys', json: string): Promise<string> {
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
