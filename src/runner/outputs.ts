/**
 * Outputs within the runner's limits. An output passed on through `env:` or another action's `with:` fails past
 * 128 KiB (one environment variable). An expression's result is capped at 10 MiB, and GitHub documents 1 MB an output.
 * Every output goes through one gate on its way out (boundOutputs). An output over OUTPUT_LIMIT_BYTES is not set, and
 * never cut short. A list output (`projects`, `project-ids`, `keys`, `operations`) always has its whole list in a file
 * under RUNNER_TEMP, whose path is an output too. Any other output over the limit goes into the `outputs-file`.
 */
import { randomUUID } from 'node:crypto'
import { appendFile, open, rm, writeFile, type FileHandle } from 'node:fs/promises'
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
 * A server may have cut a secret short, and a later step may print the output. Each string is redacted on its own,
 * and so is each field name: a server may echo a secret as a name too. Redacting the whole JSON text could run past
 * a value's end: `Bearer …` takes every printable character up to a space, quotes and brackets included.
 */
export function recordJson(record: unknown): string {
  const json = JSON.stringify(record)
  // Most records hold nothing to replace, and one look at the whole text tells.
  if (!mayHoldSecret(json) && redactSecrets(json) === json) return json
  const redact = (text: string) => redactSecrets(text, { pieces: true })
  return JSON.stringify(record, (_key, value: unknown) => {
    if (typeof value === 'string') return redact(value)
    // JSON.stringify goes on into the copy, so the names at every depth are redacted.
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      return Object.fromEntries(Object.entries(value).map(([name, field]) => [redact(name), field]))
    return value
  })
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
 * A list file written while the list is read, so a long list is never held in memory. It has a section per project,
 * and the records keep the projects' order, however their pages come in. Up to MEMORY_BYTES the sections stay in
 * memory and finish() writes the file at once: most lists are short, and one write costs less than a file per
 * section. Past that, each section goes to a part file of its own, and finish() joins the parts in order.
 */
export class ListFileWriter {
  readonly path: string
  private readonly dir: string
  private readonly list: ListName
  /** The records of each section while the list is short: JSON texts, each of them records joined by commas. */
  private readonly held = new Map<number, string[]>()
  private heldBytes = 0
  /** The part file of each section that has records, once the list has grown past MEMORY_BYTES. */
  private readonly parts = new Map<number, string>()

  constructor(dir: string, list: ListName) {
    this.dir = dir
    this.list = list
    this.path = listFilePath(dir, list)
  }

  /** Appends records (each as recordJson gives it) to a section. */
  async add(section: number, records: readonly string[]): Promise<void> {
    if (records.length === 0) return
    const text = records.join(',')
    if (this.parts.size === 0 && this.heldBytes + text.length <= MEMORY_BYTES) {
      this.held.set(section, [...(this.held.get(section) ?? []), text])
      this.heldBytes += text.length
      return
    }
    for (const [heldSection, texts] of this.held) await this.appendToPart(heldSection, texts.join(','))
    this.held.clear()
    await this.appendToPart(section, text)
  }

  /** Joins the sections in order into the list file; returns its path. */
  async finish(): Promise<string> {
    try {
      if (this.parts.size === 0) {
        const sections = [...this.held.entries()].sort(([a], [b]) => a - b).map(([, texts]) => texts.join(','))
        await writeFile(this.path, `[${sections.join(',')}]`, { encoding: 'utf8', mode: 0o600 })
        return this.path
      }
      const out = await open(this.path, 'w', 0o600)
      try {
        await out.write('[')
        const sections = [...this.parts.entries()].sort(([a], [b]) => a - b)
        for (const [index, [, part]] of sections.entries()) {
          if (index > 0) await out.write(',')
          await copyInto(out, part)
        }
        await out.write(']')
      } finally {
        await out.close()
      }
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

  private async appendToPart(section: number, text: string): Promise<void> {
    const known = this.parts.get(section)
    const part = known ?? `${this.path}.part-${section}`
    try {
      await appendFile(part, `${known === undefined ? '' : ','}${text}`, { encoding: 'utf8', mode: 0o600 })
    } catch (error) {
      throw listFileError(this.list, this.dir, error)
    }
    this.parts.set(section, part)
  }

  private async discardParts(): Promise<void> {
    this.held.clear()
    this.heldBytes = 0
    await Promise.all([...this.parts.values()].map((part) => rm(part, { force: true })))
    this.parts.clear()
  }
}

/** How much of a list the writer keeps in memory, in characters of JSON, before it writes part files. */
export const MEMORY_BYTES = 4 * 1024 * 1024

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

/** The bytes a copy reads at a time: a section is never held in memory whole. */
const COPY_CHUNK_BYTES = 1024 * 1024

/** Appends a file to an open one, a chunk at a time. */
async function copyInto(out: FileHandle, path: string): Promise<void> {
  const source = await open(path, 'r')
  try {
    const buffer = Buffer.alloc(COPY_CHUNK_BYTES)
    for (;;) {
      const { bytesRead } = await source.read(buffer, 0, buffer.length)
      if (bytesRead === 0) return
      await out.write(buffer.subarray(0, bytesRead))
    }
  } finally {
    await source.close()
  }
}
