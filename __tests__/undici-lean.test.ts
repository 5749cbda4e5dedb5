import { describe, expect, it } from '@jest/globals'
import { execFile } from 'node:child_process'
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { ROOT } from '../scripts/run-step.ts'

/**
 * The bundle's `undici` (src/api/undici-lean.ts) holds only the names that the packages the
 * bundle may hold import from undici's entry. A package that starts to take another name, or the
 * whole entry, fails this test rather than finding `undefined` in a user's job.
 */

/** Packages the bundle may hold: package-lock.json's, less the development-only ones and undici itself. */
function bundledPackages(): string[] {
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean }> }
  return Object.entries(lock.packages)
    .filter(([path, entry]) => path !== '' && !entry.dev && path !== 'node_modules/undici')
    .map(([path]) => join(ROOT, path))
}

/** A package's JavaScript files, without the packages nested in it (they are entries of their own). */
function scripts(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : scripts(path)
    return /\.[cm]?js$/.test(entry.name) ? [path] : []
  })
}

const NAMED = [
  /\bimport\s*\{([^}]*)\}\s*from\s*['"]undici['"]/g,
  /\bexport\s*\{([^}]*)\}\s*from\s*['"]undici['"]/g,
  /\b(?:const|let|var)\s*\{([^}]*)\}\s*=\s*require\(\s*['"]undici['"]\s*\)/g,
]
const WHOLE = [
  /\bimport\s+[\w$]+\s*,?[^;'"]*from\s*['"]undici['"]/,
  /\bimport\s*\*\s*as\s+[\w$]+\s+from\s*['"]undici['"]/,
  /\bexport\s*\*\s*from\s*['"]undici['"]/,
  /\bimport\(\s*['"]undici['"]\s*\)/,
]

/** What each file takes from undici's entry: names, or `whole` when it takes the entry itself. */
function undiciImports(): { names: Map<string, string[]>; whole: string[] } {
  const names = new Map<string, string[]>()
  const whole: string[] = []
  for (const file of bundledPackages().flatMap(scripts)) {
    const text = readFileSync(file, 'utf8')
    if (!text.includes('undici')) continue
    const where = file.slice(ROOT.length + 1)
    let found = 0
    for (const pattern of NAMED) {
      for (const match of text.matchAll(pattern)) {
        found++
        for (const part of match[1]!.split(',')) {
          const name = part.trim().split(/\s+as\s+|\s*:\s*/)[0]!
          if (name) names.set(name, [...(names.get(name) ?? []), where])
        }
      }
    }
    // `const undici_1 = require("undici")`, as TypeScript compiles an import: the names read from it.
    let takesWhole = false
    for (const [, variable] of text.matchAll(/\b(?:const|let|var)\s+([\w$]+)\s*=\s*require\(\s*['"]undici['"]\s*\)/g)) {
      found++
      for (const use of text.matchAll(new RegExp(`(?<![\\w$.])${variable!.replace(/\$/g, '\\$')}\\b(\\.[\\w$]+)?`, 'g'))) {
        if (use.index === text.indexOf(`${variable}`)) continue
        if (use[1]) names.set(use[1].slice(1), [...(names.get(use[1].slice(1)) ?? []), where])
        else takesWhole = true
      }
    }
    const requires = [...text.matchAll(/\brequire\(\s*['"]undici['"]\s*\)/g)].length
    if (takesWhole || WHOLE.some((pattern) => pattern.test(text)) || requires > found) whole.push(where)
    else if (found === 0 && /['"]undici['"]/.test(text)) whole.push(where)
  }
  return { names, whole }
}

describe("the bundle's undici", () => {
  it('exports every name the bundled packages import from undici, and none of them takes the whole entry', async () => {
    const lean = (await import('../src/api/undici-lean.ts')) as Record<string, unknown>
    const { names, whole } = undiciImports()
    // The scan finds what is known to be there: @actions/http-client's ProxyAgent.
    expect(names.get('ProxyAgent')).toContain('node_modules/@actions/http-client/lib/index.js')
    expect(whole).toEqual([])
    const missing = [...names].filter(([name]) => typeof lean[name] !== 'function').map(([name, files]) => `${name} (${files.join(', ')})`)
    expect(missing).toEqual([])
  })

  it("is undici's own ProxyAgent, and loading it leaves undici's entry unevaluated", async () => {
    const script = [
      "const lean = await import('./src/api/undici-lean.ts')",
      "const evaluated = () => (globalThis[Symbol.for('undici.globalDispatcher.2')] ? 'evaluated' : 'not evaluated')",
      'const before = evaluated()',
      "const undici = await import('undici')",
      'console.log(JSON.stringify([Object.keys(lean), before, lean.ProxyAgent === undici.ProxyAgent]))',
    ].join('\n')
    const run = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' })
    expect(JSON.parse(run.stdout)).toEqual([['ProxyAgent'], 'not evaluated', true])
  })
})
