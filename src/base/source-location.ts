/**
 * Where in src/ an unexpected error comes from, for the line a failed step prints. From dist/, the source map beside
 * each file leads back to src/. It is read only after a failure, so start-up never pays for it.
 */
import { readFileSync } from 'node:fs'
import { SourceMap } from 'node:module'
import { fileURLToPath } from 'node:url'

/** `… (file:///…/dist/90.index.js:1:38965)` or `at file:///…:1:234`. */
const FRAME = /\(?([^\s()]+):(\d+):(\d+)\)?$/
/** The last `src/` counts: the checkout may sit under another. */
const OWN = /^(?:.*\/)?src\/(.+)$/

const maps = new Map<string, SourceMap | undefined>()

/** `src/main.ts:27:5`: the first frame that is the action's own code. */
export function sourceLocationOf(error: unknown): string | undefined {
  if (!(error instanceof Error) || typeof error.stack !== 'string') return undefined
  for (const line of error.stack.split('\n').slice(1)) {
    const location = frameLocation(line)
    if (location) return location
  }
  return undefined
}

/** Undefined unless the line is the action's own code. */
export function frameLocation(stackLine: string): string | undefined {
  const frame = FRAME.exec(stackLine.trim())
  if (!frame) return undefined
  const [, where, line, column] = frame
  let path: string
  try {
    path = where!.startsWith('file:') ? fileURLToPath(where!) : where!
  } catch {
    return undefined
  }
  // Windows paths too: C:\a\src\main.ts reads as C:/a/src/main.ts.
  const file = path.replace(/\\/g, '/')
  if (file.includes('/node_modules/')) return undefined
  const own = OWN.exec(file)
  if (own && /\.[cm]?ts$/.test(file)) return `src/${own[1]}:${line}:${column}`
  if (!file.endsWith('.js')) return undefined
  const entry = mapOf(path)?.findEntry(Number(line) - 1, Number(column) - 1)
  if (!entry || !('originalSource' in entry)) return undefined
  // A package's own src/ folder is not the action's.
  if (/(^|\/)node_modules\//.test(entry.originalSource)) return undefined
  const source = OWN.exec(entry.originalSource)
  return source ? `src/${source[1]}:${entry.originalLine + 1}:${entry.originalColumn + 1}` : undefined
}

function mapOf(file: string): SourceMap | undefined {
  if (!maps.has(file)) {
    let map: SourceMap | undefined
    try {
      map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')) as ConstructorParameters<typeof SourceMap>[0])
    } catch {
      map = undefined
    }
    maps.set(file, map)
  }
  return maps.get(file)
}
