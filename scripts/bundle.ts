/**
 * `npm run bundle`: dist/ from src/, as users run it and as ncc writes it, not minified: a
 * reviewer reads and diffs it like the source. ncc compiles src/index.ts into dist/index.js and
 * one chunk file per dynamic import, which Node loads only when the import runs. CI rebuilds
 * dist/ and compares it with the committed one (`node scripts/release.ts dist`), so the build is
 * deterministic: ncc's module and chunk ids are, and chunks left from an earlier build are
 * removed first.
 *
 * Each file gets ncc's source map (`<file>.map`): each generated line maps to the line of src/ or
 * of a bundled package it came from. When a step fails on something unexpected, its one error
 * line names where in src/: src/base/source-location.ts reads the map then, never at start-up,
 * and passes over the lines that come from node_modules. The maps are kept as ncc writes them but
 * for `sourcesContent`, a copy of the text of every file bundled, which a location never needs
 * and which would make the maps ten times the size.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const DIST = join(ROOT, 'dist')
/** How ncc names a chunk: `<id>.index.js`. */
const CHUNK = /^\d+\.index\.js$/

for (const file of readdirSync(DIST)) if (CHUNK.test(file) || file.endsWith('.js.map')) rmSync(join(DIST, file))

const ncc = createRequire(import.meta.url).resolve('@vercel/ncc/dist/ncc/cli.js')
const build = spawnSync(
  process.execPath,
  [ncc, 'build', 'src/index.ts', '-o', 'dist', '--source-map', '--no-source-map-register', '--license', 'licenses.txt'],
  { cwd: ROOT, stdio: 'inherit' },
)
if (build.status !== 0) process.exit(build.status ?? 1)

for (const file of readdirSync(DIST).filter((f) => f.endsWith('.js.map'))) {
  const path = join(DIST, file)
  const { sourcesContent: _, ...map } = JSON.parse(readFileSync(path, 'utf8')) as { sourcesContent?: unknown }
  writeFileSync(path, JSON.stringify(map))
}
