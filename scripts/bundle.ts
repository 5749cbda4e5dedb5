/**
 * `npm run bundle`: dist/ from src/, as users run it. ncc compiles src/index.ts into
 * dist/index.js and one chunk file per dynamic import, which Node loads only when the import
 * runs. `ncc --minify` minifies only dist/index.js, so every chunk then goes through terser
 * with the very options ncc uses. CI rebuilds dist/ and compares it with the committed one, so
 * the build must be deterministic: chunks left from an earlier build are removed first, and
 * terser's output depends only on its input.
 *
 * Each file gets a source map (`<file>.map`) that maps only the action's own code, src/: when a
 * step fails on something unexpected, its one error line names where in src/ (src/base/
 * source-location.ts reads the map then, never at start-up). The code of the packages the bundle
 * holds maps to one stand-in source, so a frame in it is never taken for the src/ code beside
 * it, and the maps stay small.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { minify } from 'terser'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const DIST = join(ROOT, 'dist')
/** How ncc names a chunk: `<id>.index.js`. */
const CHUNK = /^\d+\.index\.js$/
/** ncc's own terser options for dist/index.js (@vercel/ncc, `minify`). */
const TERSER_OPTIONS = { module: true, compress: false, mangle: { keep_classnames: true, keep_fnames: true } } as const
/** A map's source that is the action's own code, as ncc names it from dist/ (`../src/…`, `.././src/…`). */
const OWN_SOURCE = /^\.\.\/(\.\/)?src\//
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
/** What every mapping into a bundled package becomes. */
const PACKAGE_SOURCE = '(a bundled package)'

interface SourceMapV3 {
  version: 3
  file?: string
  sources: string[]
  sourcesContent?: (string | null)[]
  names: string[]
  mappings: string
}

for (const file of readdirSync(DIST)) if (CHUNK.test(file) || file.endsWith('.js.map')) rmSync(join(DIST, file))

const ncc = createRequire(import.meta.url).resolve('@vercel/ncc/dist/ncc/cli.js')
const build = spawnSync(
  process.execPath,
  [ncc, 'build', 'src/index.ts', '-o', 'dist', '--minify', '--source-map', '--no-source-map-register', '--license', 'licenses.txt'],
  { cwd: ROOT, stdio: 'inherit' },
)
if (build.status !== 0) process.exit(build.status ?? 1)

const size = (text: string) => Buffer.byteLength(text).toLocaleString('en-US')
for (const file of readdirSync(DIST)
  .filter((f) => CHUNK.test(f))
  .sort()) {
  const path = join(DIST, file)
  const source = readFileSync(path, 'utf8')
  const map = JSON.parse(readFileSync(`${path}.map`, 'utf8')) as SourceMapV3
  const { code, map: minifiedMap } = await minify(source, {
    ...TERSER_OPTIONS,
    sourceMap: { content: map, url: `${file}.map`, includeSources: false },
  })
  if (code === undefined || typeof minifiedMap !== 'string') throw new Error(`terser gave no output for dist/${file}`)
  writeFileSync(path, code)
  writeFileSync(`${path}.map`, JSON.stringify(ownCodeOnly(JSON.parse(minifiedMap) as SourceMapV3)))
  console.log(`minified dist/${file}: ${size(source)} → ${size(code)} bytes`)
}
const entryMap = join(DIST, 'index.js.map')
writeFileSync(entryMap, JSON.stringify(ownCodeOnly(JSON.parse(readFileSync(entryMap, 'utf8')) as SourceMapV3)))

/**
 * The map with only the mappings into src/; a run of mappings into bundled packages becomes one
 * mapping to PACKAGE_SOURCE, and names and sources' contents go (a location needs neither).
 */
function ownCodeOnly(map: SourceMapV3): SourceMapV3 {
  const kept = map.sources.filter((s) => OWN_SOURCE.test(s))
  const sources = [...kept.map((s) => s.replace(OWN_SOURCE, '../src/')), PACKAGE_SOURCE]
  const index = new Map(kept.map((s, i) => [map.sources.indexOf(s), i]))
  const stranger = sources.length - 1
  const lines = decodeMappings(map.mappings).map((segments) => {
    const out: Segment[] = []
    for (const [column, source, line, sourceColumn] of segments) {
      const own = source === undefined ? undefined : index.get(source)
      if (own !== undefined) out.push([column, own, line!, sourceColumn!])
      else if (out.at(-1)?.[1] !== stranger) out.push([column, stranger, 0, 0])
    }
    return out
  })
  return { version: 3, ...(map.file ? { file: map.file } : {}), sources, names: [], mappings: encodeMappings(lines) }
}

/** A mapping segment, absolute: generated column, then source index, line and column (all 0-based). */
type Segment = [number, number?, number?, number?, number?]

/** Source map v3 `mappings` (base64 VLQ, fields relative to the previous segment) as absolute segments per line. */
function decodeMappings(mappings: string): Segment[][] {
  const state = [0, 0, 0, 0, 0]
  return mappings.split(';').map((line) => {
    state[0] = 0
    return line
      .split(',')
      .filter((s) => s !== '')
      .map((text) => {
        const fields = decodeVlq(text)
        fields.forEach((delta, i) => (state[i]! += delta))
        return state.slice(0, fields.length) as Segment
      })
  })
}

function encodeMappings(lines: Segment[][]): string {
  const previous = [0, 0, 0, 0]
  return lines
    .map((segments) => {
      previous[0] = 0
      return segments
        .map((segment) =>
          segment
            .map((value, i) => {
              const delta = value! - previous[i]!
              previous[i] = value!
              return encodeVlq(delta)
            })
            .join(''),
        )
        .join(',')
    })
    .join(';')
}

function decodeVlq(text: string): number[] {
  const values: number[] = []
  let value = 0
  let shift = 0
  for (const char of text) {
    const digit = BASE64.indexOf(char)
    if (digit < 0) throw new Error(`not a base64 VLQ digit: ${char}`)
    value += (digit & 31) << shift
    if (digit & 32) shift += 5
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1)
      value = 0
      shift = 0
    }
  }
  return values
}

function encodeVlq(value: number): string {
  let rest = value < 0 ? (-value << 1) | 1 : value << 1
  let text = ''
  do {
    const digit = rest & 31
    rest >>>= 5
    text += BASE64[rest > 0 ? digit | 32 : digit]
  } while (rest > 0)
  return text
}
