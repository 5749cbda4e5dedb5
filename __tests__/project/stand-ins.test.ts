// The bundle replaces some packages by stand-ins (tsconfig.json `paths`, which ncc follows): parts of the toolkit the
// action never calls (src/runner/toolkit-unused.ts). A stand-in must export every name the bundled packages take from the
// package it replaces, or a user's job would find `undefined` where this test finds a missing name.
import { describe, expect, it } from '@jest/globals'
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT } from '../../scripts/run-step.ts'

const TSCONFIG = readFileSync(join(ROOT, 'tsconfig.json'), 'utf8').replace(/^\s*\/\/.*$/gm, '')
const STAND_INS = (JSON.parse(TSCONFIG) as { compilerOptions: { paths: Record<string, string[]> } }).compilerOptions.paths
/** The packages a stand-in replaces: what they import among themselves is not bundled. */
const REPLACED = new Set(Object.keys(STAND_INS).map((specifier) => specifier.split('/').slice(0, 2).join('/')))

/** Packages the bundle may hold: package-lock.json's, less the development-only ones and those replaced. */
function bundledPackages(): string[] {
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean }> }
  return Object.entries(lock.packages)
    .filter(([path, entry]) => path !== '' && !entry.dev && !REPLACED.has(path.replace(/^.*node_modules\//, '')))
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

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

/**
 * What the bundled packages take from `specifier`: the names they import, and for a namespace
 * (`import * as x`, or `require`) the members they read of it. `unknown` lists files that take it
 * in a form this scan cannot read, which the test refuses rather than guess.
 */
function importsOf(specifier: string): { names: Map<string, string[]>; unknown: string[] } {
  const from = `\\s*(?:from\\s*)?['"]${escape(specifier)}['"]`
  const named = [new RegExp(`\\b(?:import|export)\\s*\\{([^}]*)\\}${from}`, 'g')]
  const namespaces = [
    new RegExp(`\\bimport\\s*\\*\\s*as\\s+([\\w$]+)${from}`, 'g'),
    new RegExp(`\\b(?:const|let|var)\\s+([\\w$]+)\\s*=\\s*require\\(\\s*['"]${escape(specifier)}['"]\\s*\\)`, 'g'),
  ]
  const mention = new RegExp(`['"]${escape(specifier)}['"]`, 'g')
  const names = new Map<string, string[]>()
  const unknown: string[] = []
  const add = (name: string, where: string) => names.set(name, [...(names.get(name) ?? []), where])
  for (const file of bundledPackages().flatMap(scripts)) {
    const text = readFileSync(file, 'utf8')
    if (!text.includes(specifier)) continue
    const where = file.slice(ROOT.length + 1)
    let read = 0
    for (const pattern of named) {
      for (const match of text.matchAll(pattern)) {
        read++
        for (const part of match[1]!.split(',')) {
          const name = part.trim().split(/\s+as\s+/)[0]!
          if (name) add(name, where)
        }
      }
    }
    for (const pattern of namespaces) {
      for (const [, variable] of text.matchAll(pattern)) {
        read++
        for (const [, member] of text.matchAll(new RegExp(`(?<![\\w$.])${escape(variable!)}\\.([\\w$]+)`, 'g'))) add(member!, where)
      }
    }
    if ([...text.matchAll(mention)].length > read) unknown.push(where)
  }
  return { names, unknown }
}

describe("the bundle's stand-ins for packages it leaves out", () => {
  it('replace what the toolkit imports for OIDC tokens and platform details', () => {
    expect(Object.keys(STAND_INS).sort()).toEqual(['@actions/exec', '@actions/http-client', '@actions/http-client/lib/auth'])
  })

  for (const [specifier, [standIn]] of Object.entries(STAND_INS)) {
    it(`${specifier}: ${standIn} exports every name the bundled packages take from it, and each throws if used`, async () => {
      const module = (await import(join(ROOT, standIn!))) as Record<string, unknown>
      const { names, unknown } = importsOf(specifier)
      // The scan finds what is known to be there: @actions/core's imports.
      expect([...names.values()].flat().some((where) => where.startsWith('node_modules/@actions/core/'))).toBe(true)
      expect(unknown).toEqual([])
      const missing = [...names]
        .filter(([name]) => typeof module[name] !== 'function')
        .map(([name, files]) => `${name} (${files.join(', ')})`)
      expect(missing).toEqual([])
      for (const name of names.keys()) {
        const use = module[name] as new () => unknown
        expect(() => new use()).toThrow(/is left out of the bundle/)
      }
    })
  }
})
