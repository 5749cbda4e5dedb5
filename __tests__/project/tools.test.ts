// `npm test` first checks the tools besides Node that the recipes and tests call (scripts/tools.ts), and says in one
// line what is missing instead of failing a dozen tests. Run as npm runs it, a child process, on a PATH made for the
// test.
import { describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { ROOT } from '../../scripts/run-step.ts'
import { TOOL_NAMES } from '../../scripts/tools.ts'

function check(path: string): { status: number | null; stdout: string; stderr: string } {
  const { NODE_OPTIONS: _, ...env } = process.env
  return spawnSync(process.execPath, [join(ROOT, 'scripts', 'tools.ts')], {
    cwd: ROOT,
    env: { ...env, PATH: path },
    encoding: 'utf8',
  })
}

function withBin<T>(files: Record<string, string>, use: (bin: string) => T): T {
  const bin = mkdtempSync(join(tmpdir(), 'tools-'))
  try {
    for (const [name, script] of Object.entries(files)) {
      writeFileSync(join(bin, name), script)
      chmodSync(join(bin, name), 0o755)
    }
    return use(bin)
  } finally {
    rmSync(bin, { recursive: true, force: true })
  }
}

// Windows runs a program by name only as .exe or .com: a script cannot stand in for jq there.
const withStubs = process.platform === 'win32' ? it.skip : it

describe('the tools check that npm test starts with', () => {
  it('says nothing and exits 0 when every tool works', () => {
    expect(check(process.env.PATH ?? '')).toMatchObject({ status: 0, stdout: '', stderr: '' })
  })

  withStubs.each([
    ['exits 127', '#!/bin/sh\necho "jq: error while loading shared libraries" >&2\nexit 127\n'],
    ['prints something else', '#!/bin/sh\necho "{}"\n'],
  ])('a jq that %s: one line naming jq and how to install it, and exit 1', (_, script) => {
    const result = withBin({ jq: script }, (bin) => check(`${bin}${delimiter}${process.env.PATH ?? ''}`))
    expect(result.stderr).toBe(
      'npm test needs bash, curl, jq, git, openssl on PATH; missing or not working here: jq ' +
        '(e.g. apt-get install jq, or brew install jq)\n',
    )
    expect(result).toMatchObject({ status: 1, stdout: '' })
  })

  it('with none of them on PATH, names them all in one line', () => {
    const result = withBin({}, (bin) => check(bin))
    expect(result.stderr).toMatch(/^npm test needs .*: bash, curl, jq, git, openssl \(e\.g\. apt-get install bash /)
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1)
    expect(result.status).toBe(1)
  })

  it("checks what the README's Developing says the recipes and tests use besides Node", () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
    const at = readme.indexOf('\n## Developing\n')
    const developing = readme.slice(at, readme.indexOf('\n## ', at + 1))
    expect(developing.replace(/\s+/g, ' ')).toContain(
      `Besides Node they use ${TOOL_NAMES.slice(0, -1).join(', ')} and ${TOOL_NAMES.at(-1)}: \`npm test\` first names any that is missing.`,
    )
  })

  it('runs before the bundle and the tests', () => {
    const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { test: string } }
    expect(scripts.test).toMatch(/^node scripts\/tools\.ts && /)
  })
})
