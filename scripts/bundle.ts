/**
 * `npm run bundle`: dist/ from src/, as users run it. ncc compiles src/index.ts into
 * dist/index.js and one chunk file per dynamic import, which Node loads only when the import
 * runs. `ncc --minify` minifies only dist/index.js, so every chunk then goes through terser
 * with the very options ncc uses. CI rebuilds dist/ and compares it with the committed one, so
 * the build must be deterministic: chunks left from an earlier build are removed first, and
 * terser's output depends only on its input.
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

for (const file of readdirSync(DIST)) if (CHUNK.test(file)) rmSync(join(DIST, file))

const ncc = createRequire(import.meta.url).resolve('@vercel/ncc/dist/ncc/cli.js')
const build = spawnSync(process.execPath, [ncc, 'build', 'src/index.ts', '-o', 'dist', '--minify', '--license', 'licenses.txt'], {
  cwd: ROOT,
  stdio: 'inherit',
})
if (build.status !== 0) process.exit(build.status ?? 1)

for (const file of readdirSync(DIST)
  .filter((f) => CHUNK.test(f))
  .sort()) {
  const path = join(DIST, file)
  const source = readFileSync(path, 'utf8')
  const { code } = await minify(source, TERSER_OPTIONS)
  if (code === undefined) throw new Error(`terser gave no output for dist/${file}`)
  writeFileSync(path, code)
  const size = (text: string) => Buffer.byteLength(text).toLocaleString('en-US')
  console.log(`minified dist/${file}: ${size(source)} → ${size(code)} bytes`)
}
