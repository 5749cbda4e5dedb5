/**
 * `npm run bundle`: dist/ from src/, as users run it and as ncc writes it, not minified: a
 * reviewer reads and diffs it like the source. ncc compiles src/bundle.ts into dist/bundle.js and
 * one chunk file per dynamic import, which Node loads only when the import runs. The two entries
 * that action.yml runs, dist/index.js (the main step, src/main.ts) and dist/post-entry.js (the
 * post step, src/post.ts), are two lines each that call one of its loaders: ncc builds one
 * entry at a time, and so the two steps share one copy of the action's code. CI rebuilds
 * dist/ and compares it with the committed one (`node scripts/release.ts dist`), so the build is
 * deterministic: ncc's module and chunk ids are, and files left from an earlier build are
 * removed first.
 *
 * ncc runs through its programmatic API, `require('@vercel/ncc')(input, options)`, as its README
 * documents it. This script writes what it returns as ncc's own `ncc build` does: `index.js` and
 * its map, then each asset (the chunks and their maps, the licenses, the package.json that makes
 * the chunks ES modules).
 *
 * Each file gets ncc's source map (`<file>.map`): each generated line maps to the line of src/ or
 * of a bundled package it came from. When a step fails on something unexpected, its one error
 * line names where in src/: src/base/source-location.ts reads the map then, never at start-up,
 * and passes over the lines that come from node_modules. The maps are kept as ncc writes them but
 * for `sourcesContent`, a copy of the text of every file bundled, which a location never needs
 * and which would make the maps ten times the size.
 */
import ncc from '@vercel/ncc'
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const DIST = join(ROOT, 'dist')
/** What an earlier build wrote and this one writes again: the entries, `<id>.index.js`, and their maps. */
const BUILT = /\.js(\.map)?$/

/** A source map without the text of the files it maps. */
function withoutSources(map: string): string {
  const { sourcesContent: _, ...rest } = JSON.parse(map) as { sourcesContent?: unknown }
  return JSON.stringify(rest)
}

// ncc takes what it is not given (its cache, the assets' base) from the working directory, as `ncc build` run here.
process.chdir(ROOT)
// Types are `npm run typecheck`'s to check: ncc's own check took 15 s of each `npm test`. Transpiled one file at a time,
// src/ is read as ES modules by src/tsconfig.json, the nearest to the entry.
const options = { sourceMap: true, sourceMapRegister: false, license: 'licenses.txt', transpileOnly: true }
let built: Awaited<ReturnType<typeof ncc>>
try {
  built = await ncc(join(ROOT, 'src', 'bundle.ts'), options)
} catch (error) {
  // The stack alone: Node would print the line that threw too, a line of ncc's minified code.
  console.error(error instanceof Error ? error.stack : error)
  process.exit(1)
}
const { code, map, assets } = built
for (const file of readdirSync(DIST)) if (BUILT.test(file)) rmSync(join(DIST, file))
writeFileSync(join(DIST, 'bundle.js'), code)
if (map !== undefined) writeFileSync(join(DIST, 'bundle.js.map'), withoutSources(map))
/** An entry of action.yml's `runs`: it runs one step's entry in src/ from the bundle. */
const entry = (source: string, loader: string) =>
  `// Written by scripts/bundle.ts: runs ${source} from the bundle (dist/bundle.js).\n` +
  `import { ${loader} } from './bundle.js'\n\nawait ${loader}()\n`
writeFileSync(join(DIST, 'index.js'), entry('src/main.ts, the main step,', 'mainStep'))
writeFileSync(join(DIST, 'post-entry.js'), entry('src/post.ts, the post step,', 'postStep'))
for (const [name, asset] of Object.entries(assets)) {
  // ncc hands the entry's map back as an asset too, under its own name for the entry: bundle.js.map is that map.
  if (name === 'index.js.map') continue
  const path = join(DIST, name)
  mkdirSync(dirname(path), { recursive: true })
  const source = name.endsWith('.js.map') ? withoutSources(asset.source.toString()) : asset.source
  writeFileSync(path, source, asset.permissions === undefined ? {} : { mode: asset.permissions })
}
console.log(`dist/: index.js, post-entry.js, bundle.js and ${Object.keys(assets).length} assets`)
