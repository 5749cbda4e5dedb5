/**
 * Outputs within the runner's limits. An output passed on through `env:` or another action's `with:` fails past
 * 128 KiB (one environment variable). An expression's result is capped at 10 MiB, and GitHub documents 1 MB an output.
 * Every output goes through one gate on its way out (boundOutputs). An output over OUTPUT_LIMIT_BYTES is not set, and
 * never cut short. A list output (`projects`, `project-ids`, `keys`, `operations`) always has its whole list in a file
 * under RUNNER_TEMP, whose path is an output too. Any other output over the limit goes into the `outputs-file`.
 */
import { randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { appendFile, rm, writeFile } from 'node:fs/promises'
import { pipeline } from 'node:stream/promises'
import { join } from 'node:path'
import { ActionError, messageOf } from '../base/errors.ts'
import { mayHoldSecret, redactSecrets, untrusted } from '../base/text.ts'

/** The new key's output: its value is the one secret an output carries. */
const KEY_OUTPUT = 'key'

/** Largest output, in bytes: half of the 128 KiB one environment variable may hold. */
export const OUTPUT_LIMIT_BYTES = 64 * 1024

/** Whether an output value can be passed on through `env:` or `with:`. */
function fitsOutput(value: string): boolean {
  return Buffer.byteLength(value, 'utf8') <= OUTPUT_LIMIT_BYTES
}

/** The lists the action writes to files of their own. */
type ListName = 'projects' | 'keys' | 'operations' | 'outputs'

function listFilePath(dir: string, list: ListName): string {
  return join(dir, `neon-${list}-${randomUUID()}.json`)
}

function listFileError(list: ListName, dir: string, error: unknown): ActionError {
  return new ActionError(`Could not write the ${list} file in ${untrusted(dir)} (RUNNER_TEMP): ${messageOf(error)}`)
}

/** Writes a list's JSON to a file of its own in `dir` (RUNNER_TEMP) and returns the file's path. */
export async function writeListFile(dir: string, list: ListName, json: string): Promise<string> {
  const path = listFilePath(dir, list)
  try {
    await writeFile(path, redactJson(json), { encoding: 'utf8', mode: 0o600 })
  } catch (error) {
    throw listFileError(list, dir, error)
  }
  return path
}

/**
 * A record as JSON for an output or a list file, with every secret in its strings replaced, pieces of secrets too.
 * A server may have cut a secret short, and a later step may print the output. Each string is redacted on its own.
 * Redacting the whole JSON text could run past a value's end: `Bearer …` takes every printable character up to a
 * space, quotes and brackets included.
 */
export function recordJson(record: unknown): string {
  const json = JSON.stringify(record)
  // Most records hold nothing to replace, and one look at the whole text tells.
  if (!mayHoldSecret(json) && redactSecrets(json) === json) return json
  return JSON.stringify(record, (_key, value: unknown) =>
    typeof value === 'string' ? redactSecrets(value, { pieces: true }) : value,
  )
}

/** JSON text with every secret in its string values replaced; text that is not JSON, as text. */
function redactJson(text: string): string {
  // Usually there is nothing to replace. The text then stays unparsed, which is the only way to keep it exact.
  if (!mayHoldSecret(text) && redactSecrets(text) === text) return text
  let value: unknown
  try {
    value = JSON.parse(text) as unknown
  } catch {
    return redactSecrets(text, { pieces: true })
  }
  return recordJson(value)
}

/**
 * A list file written while the list is read, so the list is never held in memory. It has a section per project.
 * Each section goes to a part file of its own, and finish() joins the parts in order into one JSON array.
 * So the records keep the projects' order, however their pages come in.
 */
export class ListFileWriter {
  readonly path: string
  private readonly dir: string
  private readonly list: ListName
  /** The part file of each section that has records, by section. */
  private readonly parts = new Map<number, string>()

  constructor(dir: string, list: ListName) {
    this.dir = dir
    this.list = list
    this.path = listFilePath(dir, list)
  }

  /** Appends records (each as recordJson gives it) to a section. */
  async add(section: number, records: readonly string[]): Promise<void> {
    if (records.length === 0) return
    const known = this.parts.get(section)
    const part = known ?? `${this.path}.part-${section}`
    try {
      await appendFile(part, `${known === undefined ? '' : ','}${records.join(',')}`, { encoding: 'utf8', mode: 0o600 })
    } catch (error) {
      throw listFileError(this.list, this.dir, error)
    }
    this.parts.set(section, part)
  }

  /** Joins the sections in order into the list file; returns its path. */
  async finish(): Promise<string> {
    const out = createWriteStream(this.path, { encoding: 'utf8', mode: 0o600 })
    try {
      const sections = [...this.parts.entries()].sort(([a], [b]) => a - b)
      await pipeline(async function* () {
        yield '['
        let first = true
        for (const [, part] of sections) {
          if (!first) yield ','
          first = false
          for await (const chunk of createReadStream(part)) yield chunk as Buffer
        }
        yield ']'
      }, out)
    } catch (error) {
      throw listFileError(this.list, this.dir, error)
    } finally {
      await this.discardParts()
    }
    return this.path
  }

  /** Removes what was written: the listing did not finish. */
  async discard(): Promise<void> {
    await this.discardParts()
    await rm(this.path, { force: true })
  }

  private async discardParts(): Promise<void> {
    await Promise.all([...this.parts.values()].map((part) => rm(part, { force: true })))
    this.parts.clear()
  }
}

/** The list outputs, each with the output that names the file holding the whole list. */
type WholeListFile = 'projects-file' | 'keys-file' | 'operations-file'
const WHOLE_LIST_FILES: Readonly<Record<string, WholeListFile>> = {
  projects: 'projects-file',
  'project-ids': 'projects-file',
  keys: 'keys-file',
  operations: 'operations-file',
}

/**
 * Keeps every output within OUTPUT_LIMIT_BYTES, whatever the platform sent. An output over it is not set, and the log
 * says where its value is. A list output is in its whole-list file, which is always set and documented for long lists.
 * A `note` (a plain log line) says so: a warning would show on every run that reads the file, and nobody could act on
 * it. Any other output goes under its name into one JSON object in the `outputs-file` (under `dir`, RUNNER_TEMP).
 * A warning says so, since a later step that reads the output finds it empty. A JSON value stays JSON there.
 * `key` is never near the limit: a key value over 1,024 characters is refused.
 */
export async function boundOutputs(
  outputs: Readonly<Record<string, string>>,
  dir: string,
  oversized: Readonly<Record<string, number>> = {},
): Promise<{ outputs: Record<string, string>; warnings: string[]; notes: string[] }> {
  const set: Record<string, string> = {}
  const spilled: Record<string, unknown> = {}
  const over: string[] = []
  /** The list outputs over the limit, by the output naming their whole-list file. */
  const inListFile = new Map<WholeListFile | '', string[]>()
  const notHeld = (name: string, bytes: number) => {
    const listFile = WHOLE_LIST_FILES[name]
    const key = listFile !== undefined && outputs[listFile] !== undefined ? listFile : ''
    inListFile.set(key, [...(inListFile.get(key) ?? []), describeBytes(name, bytes)])
  }
  for (const [name, given] of Object.entries(outputs)) {
    // Replace any secret the server echoed into a record or a code. `key` is the new key itself, so it stays.
    const value = name === KEY_OUTPUT ? given : redactJson(given)
    const listFile = WHOLE_LIST_FILES[name]
    if (fitsOutput(value)) set[name] = value
    else if (listFile !== undefined && outputs[listFile] !== undefined) notHeld(name, Buffer.byteLength(value, 'utf8'))
    else {
      spilled[name] = asJson(value)
      over.push(describeBytes(name, Buffer.byteLength(value, 'utf8')))
    }
  }
  // Outputs the command knew were over the limit and did not hold: only their size is known.
  for (const [name, bytes] of Object.entries(oversized)) notHeld(name, bytes)
  const limit = `over the ${OUTPUT_LIMIT_BYTES} bytes an output may hold to be passed on through env: or with:.`
  const warnings: string[] = []
  const notes: string[] = []
  for (const [listFile, names] of inListFile) {
    const where = listFile
      ? ` Every record is in the file named by the \`${listFile}\` output: ${untrusted(outputs[listFile] ?? '', 1000)}`
      : ''
    const line = `Not set: ${untrusted(names.join(' and '), Number.POSITIVE_INFINITY)}, ${limit}${where}`
    if (listFile) notes.push(line)
    else warnings.push(line)
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
  return { outputs: set, warnings, notes }
}

function describeBytes(name: string, bytes: number): string {
  return `\`${untrusted(name)}\` (${bytes} bytes)`
}

function asJson(value: string): unknown {
  try {
    return JSON.parse(value) as unknown
  } catch {
    return value
  }
}
