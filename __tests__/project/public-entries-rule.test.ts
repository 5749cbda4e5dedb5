// The lint rule that keeps every package behind its public entry points (lint/public-entries.js): it refuses a file a
// package's `exports` do not name and one the package marks private, however the module is named (import, export,
// import(), require, createRequire, import.meta.resolve), and lets through entries, Node's own modules and relative
// imports. ESLint on text, with the project's packages.
import { describe, expect, it } from '@jest/globals'
import { join } from 'node:path'
import { Linter } from 'eslint'
import publicEntries from '../../lint/public-entries.js'
import { ROOT } from '../../scripts/run-step.ts'

function refused(code: string): string[] {
  const linter = new Linter({ configType: 'flat' })
  const messages = linter.verify(
    code,
    [
      {
        files: ['**/*.js'],
        languageOptions: { sourceType: 'module', ecmaVersion: 'latest' },
        plugins: { local: { rules: { 'public-entries': publicEntries } } },
        rules: { 'local/public-entries': 'error' },
      },
    ],
    join(ROOT, 'src', 'example.js'),
  )
  return messages.map((m) => m.message)
}

describe('lint rule local/public-entries', () => {
  it('refuses a private file of a package, however it is imported', () => {
    expect(refused("import Agent from 'undici/lib/dispatcher/agent.js'")).toEqual([
      "'undici/lib/dispatcher/agent.js' is not an entry point of undici (its package.json `exports`): import what the package exports for its users.",
    ])
    expect(refused("const m = await import('@actions/core/lib/command.js')")).toHaveLength(1)
    expect(refused("export { x } from '@actions/http-client/lib/index.js'")).toHaveLength(1)
    expect(refused("import { md } from '@noble/hashes/_md.js'")).toHaveLength(1)
    expect(refused("import x from 'no-such-package/inside.js'")).toHaveLength(1)
  })

  const AGENT = "'undici/lib/dispatcher/agent.js'"
  const CLI = "'@vercel/ncc/dist/ncc/cli.js'"
  it.each([
    ['require', `const { Agent } = require(${AGENT})`],
    ['require.resolve', `const cli = require.resolve(${CLI})`],
    ['a function createRequire made, called at once', `const agent = createRequire(import.meta.url)(${AGENT})`],
    ["createRequire's resolve, called at once", `const cli = createRequire(import.meta.url).resolve(${CLI})`],
    ['a function createRequire made, kept in a name', `const load = createRequire(import.meta.url)\nload(${AGENT})`],
    [
      'createRequire imported under another name',
      `import { createRequire as make } from 'node:module'\nconst load = make(import.meta.url)\nload.resolve(${AGENT})`,
    ],
    ["the module's createRequire", `import module from 'node:module'\nmodule.createRequire(import.meta.url)(${AGENT})`],
    ['import() of a template without substitutions', 'const m = await import(`@actions/core/lib/command.js`)'],
    ['import.meta.resolve', `const path = import.meta.resolve(${CLI})`],
  ])('refuses a private file named through %s', (_label, code) => {
    const deep = /^'[^']+' is not an entry point of (undici|@vercel\/ncc|@actions\/core) /
    expect(refused(code)).toEqual([expect.stringMatching(deep)])
  })

  it('lets through a package’s entry named by require, createRequire, import() and import.meta.resolve', () => {
    const code = [
      "import { createRequire } from 'node:module'",
      "const undici = require('undici')",
      "const ncc = createRequire(import.meta.url)('@vercel/ncc')",
      'const load = createRequire(import.meta.url)',
      "load.resolve('@actions/core')",
      "const blake = await import('@noble/hashes/blake2.js')",
      "const entry = import.meta.resolve('undici')",
      "const local = require('./local.js')",
      'const named = require(someName)',
    ].join('\n')
    expect(refused(code)).toEqual([])
  })

  it('lets through the package.json of a package without `exports`, and refuses one its `exports` leave out', () => {
    const prism = "'@stoplight/prism-cli/package.json'"
    expect(refused(`const manifest = createRequire(import.meta.url).resolve(${prism})`)).toEqual([])
    expect(refused("import manifest from 'yaml/package.json' with { type: 'json' }")).toEqual([])
    expect(refused("const manifest = require.resolve('@actions/core/package.json')")).toHaveLength(1)
  })

  it('lets through entries, the subpaths a package exports, Node’s modules and relative imports', () => {
    const code = [
      "import { Agent } from 'undici'",
      "import * as core from '@actions/core'",
      "import { blake2b } from '@noble/hashes/blake2.js'",
      "import { xsalsa20poly1305 } from '@noble/ciphers/salsa.js'",
      "import { readFileSync } from 'node:fs'",
      "import { BearerCredentialHandler } from '@actions/http-client/lib/auth'",
      "import { run } from './main.ts'",
    ].join('\n')
    expect(refused(code)).toEqual([])
  })
})
