/**
 * Outputs within the runner's limits: one passed on through `env:` or `with:` fails past 128 KiB. An output over the
 * limit is not set, never cut short. A list output always has its whole list in a file, whose path is an output too.
 */
import { randomUUID } from 'node:crypto'
import { appendFile, open, rm, writeFile, type FileHandle } from 'node:fs/promises'
import { join } from 'node:path'
import { ActionError, messageOf } from '../base/errors.ts'
import { mayHoldSecret, redactSecrets, untrusted } from '../base/text.ts'

/** The one secret an output carries. */
const KEY_OUTPUT = 'key'

/** Half of the 128 KiB one environment variable may hold. */
export const OUTPUT_LIMIT_BYTES = 64 * 1024

function fitsOutput(value: string): boolean {
  return Buffer.byteLength(value, 'utf8') <= OUTPUT_LIMIT_BYTES
}

type ListName = 'projects' | 'keys' | 'operations' | 'outputs'

function listFilePath(dir: string, list: ListName): string {
  return join(dir, `neon-${list}-${randomUUID()}.json`)
}

function listFileError(list: ListName, dir: string, error: unknown): ActionError {
  return new ActionError(`Could not write the ${list} file in ${untrusted(dir)} (RUNNER_TEMP): ${messageOf(error)}`)
}

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
 * Every secret in its strings and names replaced, pieces too: a server may have cut one short, and a later step may
 * print the output. Each string is redacted alone: on the whole text, `Bearer …` could run past a value's end.
 */
export function recordJson(record: unknown): string {
  const json = JSON.stringify(record)
  // A fast path: most records hold nothing to replace.
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

function redactJson(text: string): string {
  // Nothing to replace: unparsed, the text stays exact.
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
 * Written while the list is read, so a long list is never held in memory, a section per project in their order. Up
 * to MEMORY_BYTES the sections stay in memory, as most lists are short; past that, each goes to a part file.
 */
export class ListFileWriter {
  readonly path: string
  private readonly dir: string
  private readonly list: ListName
  /** Each section's records while the list is short. */
  private readonly held = new Map<number, string[]>()
  private heldBytes = 0
  /** Each section's part file, once the list has grown past MEMORY_BYTES. */
  private readonly parts = new Map<number, string>()

  constructor(dir: string, list: ListName) {
    this.dir = dir
    this.list = list
    this.path = listFilePath(dir, list)
  }

  /** Records as recordJson gives them. */
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

  /** The listing did not finish. */
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

/** In characters of JSON. */
export const MEMORY_BYTES = 4 * 1024 * 1024

type WholeListFile = 'projects-file' | 'keys-file' | 'operations-file'
const WHOLE_LIST_FILES: Readonly<Record<string, WholeListFile>> = {
  projects: 'projects-file',
  'project-ids': 'projects-file',
  keys: 'keys-file',
  operations: 'operations-file',
}

/**
 * A list output over the limit gets a note: its whole-list file has it, and a warning on every run would help no one.
 * Any other goes to `outputs-file`, with a warning: a later step that reads the output finds it empty.
 */
export async function boundOutputs(
  outputs: Readonly<Record<string, string>>,
  dir: string,
  oversized: Readonly<Record<string, number>> = {},
): Promise<{ outputs: Record<string, string>; warnings: string[]; notes: string[] }> {
  const set: Record<string, string> = {}
  const spilled: Record<string, unknown> = {}
  const over: string[] = []
  /** By the output naming their whole-list file. */
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
  // Of these, only the size is known.
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

/** A section is never held in memory whole. */
const COPY_CHUNK_BYTES = 1024 * 1024

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
