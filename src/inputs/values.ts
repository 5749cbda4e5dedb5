// Each reader throws an InputError naming its input. An empty value never allows more: a mistyped expression gives one.
import { MAX_KEY_NAME_LENGTH, PLATFORM_ID } from '../api/ids.ts'
import { InputError } from '../base/errors.ts'
import { hasControlCharacters, quoted, untrusted } from '../base/text.ts'
import type { Environment } from '../http/proxy.ts'

/** '' when not set, as getInput gives. */
export type InputReader = (name: string) => string

export interface RunnerEnvironment {
  /** GITHUB_REPOSITORY: owner/repo. */
  repository?: string
  /** GITHUB_API_URL. */
  apiUrl?: string
  /** None may send a credential in clear. */
  proxies?: Environment
  /** The names of the step's INPUT_* variables, without the prefix: the runner passes every `with:` entry. */
  inputNames?: readonly string[]
}

const MAX_SEARCH_LENGTH = 256

export function readSeconds(
  read: InputReader,
  input: string,
  fallback: number,
  minimum: number,
  maximum: number,
): number {
  const raw = read(input).trim()
  if (!raw) return fallback
  const value = /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : Number.NaN
  const rule =
    minimum > 0
      ? `a number of seconds from ${minimum} to ${maximum}`
      : `a positive number of seconds, at most ${maximum}`
  if (!Number.isFinite(value) || value < minimum || value <= 0 || value > maximum) {
    throw new InputError(`Input \`${input}\` is ${quoted(raw)}: it must be ${rule} (default ${fallback}).`)
  }
  return value
}

export function readKeyName(read: InputReader): string | undefined {
  const value = read('key-name').trim()
  if (!value) return undefined
  const length = [...value].length
  if (length > MAX_KEY_NAME_LENGTH) {
    throw new InputError(
      `Input \`key-name\` is ${length} characters long: it must be 1 to ${MAX_KEY_NAME_LENGTH} characters.`,
    )
  }
  if (hasControlCharacters(value)) {
    throw new InputError('Input `key-name` must be a single line without control characters.')
  }
  return value
}

export function readKeyId(read: InputReader): number | undefined {
  const raw = read('key-id').trim()
  if (!raw) return undefined
  const value = /^[1-9]\d*$/.test(raw) ? Number(raw) : Number.NaN
  if (!Number.isSafeInteger(value)) {
    throw new InputError(
      `Input \`key-id\` is ${quoted(raw)}: it must be a positive integer, the id of an API key (see list-keys).`,
    )
  }
  return value
}

/** `message` says what the command needs it for. */
export function readProjectId(read: InputReader, message: string): string {
  const value = readOptionalProjectId(read)
  if (!value) throw new InputError(message)
  return value
}

export function readOptionalProjectId(read: InputReader): string | undefined {
  const value = read('project-id').trim()
  if (!value) return undefined
  if (!PLATFORM_ID.test(value)) {
    throw new InputError(
      `Input \`project-id\` is ${quoted(value)}: it must be 1 to 60 lower-case letters, digits or hyphens.`,
    )
  }
  return value
}

export function readOrgId(read: InputReader): string | undefined {
  const value = read('org-id').trim()
  if (!value) return undefined
  if (!PLATFORM_ID.test(value)) {
    throw new InputError(
      `Input \`org-id\` is ${quoted(value, 80)}: it must be an organization id, 1 to 60 lower-case letters, digits or hyphens (e.g. org-quiet-river-12345678).`,
    )
  }
  return value
}

/** One line, bounded. */
export function readSearch(read: InputReader): string | undefined {
  const value = read('search').trim()
  if (!value) return undefined
  const length = [...value].length
  if (length > MAX_SEARCH_LENGTH) {
    throw new InputError(
      `Input \`search\` is ${length} characters long: it must be 1 to ${MAX_SEARCH_LENGTH} characters.`,
    )
  }
  if (hasControlCharacters(value)) throw new InputError('Input `search` must be one line without control characters.')
  return value
}

/** `fallback` when empty: an unset input and an expression that came out empty look the same. */
export function readBoolean(read: InputReader, input: string, fallback = false): boolean {
  const raw = read(input).trim()
  if (!raw) return fallback
  if (/^(false|False|FALSE)$/.test(raw)) return false
  if (/^(true|True|TRUE)$/.test(raw)) return true
  throw new InputError(`Input \`${input}\` is ${quoted(raw)}: it must be true or false.`)
}

const DURATION_UNITS: Readonly<Record<string, number>> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 }

/** `90m`, `2h`, `7d`, `2w` in ms; undefined for anything else. */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d{1,7})([mhdw])$/.exec(text)
  if (!match) return undefined
  return Number(match[1]) * DURATION_UNITS[match[2]!]!
}

/** Undefined when empty. */
export function readDuration(
  read: InputReader,
  input: string,
  range: { min: string; max: string },
): number | undefined {
  const raw = read(input).trim()
  if (!raw) return undefined
  const ms = parseDuration(raw)
  if (ms === undefined || ms < parseDuration(range.min)! || ms > parseDuration(range.max)!) {
    throw new InputError(
      `Input \`${input}\` is ${quoted(raw, 80)}: it must be a whole number and a unit, ` +
        `m (minutes), h (hours), d (days) or w (weeks), from ${untrusted(range.min)} to ${untrusted(range.max)}, e.g. 2h or 7d.`,
    )
  }
  return ms
}

export function requireInput<T>(value: T | undefined, message: string): T {
  if (value === undefined) throw new InputError(message)
  return value
}

/** A JSON array of strings (what `toJSON` gives), or one entry a line; a YAML list works too. */
export function listEntries(raw: string, input: string): string[] {
  const text = raw.trim()
  const items = jsonArrayItems(text, input, 'pass a JSON array of strings, or one entry a line.')
  if (items === undefined) {
    return text
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'))
      .map((line) => line.replace(/^-\s+/, '').trim())
      .map((line) => (/^(["'])(.*)\1$/.exec(line)?.[2] ?? line).trim())
  }
  return items.map((item, i) => {
    if (typeof item !== 'string')
      throw new InputError(`Input \`${input}\`: item ${i + 1} of the JSON array is not a string.`)
    // An expression that came out empty gives an empty item: never skipped, unlike a blank line.
    if (item.trim() === '') throw new InputError(`Input \`${input}\`: item ${i + 1} of the JSON array is empty.`)
    return item.trim()
  })
}

/** Undefined when it does not start with `[`. */
export function jsonArrayItems(text: string, input: string, hint: string): unknown[] | undefined {
  if (!text.startsWith('[')) return undefined
  try {
    // JSON that starts with "[" is an array.
    return JSON.parse(text) as unknown[]
  } catch {
    throw new InputError(`Input \`${input}\` starts with "[" but is not valid JSON: ${hint}`)
  }
}
