// What a workflow downloads for `uses: <owner>/neon-api-action@<ref>`: GitHub's tarball of the commit, which leaves out
// every path .gitattributes marks `export-ignore`, as `git archive` does. It must hold what the runner runs (every
// action.yml and each file its `runs:` names, and all of dist/: the bundle loads its chunks and reads its source maps)
// and little else. Read from the last commit, so a change counts once it is committed.
import { describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { posix } from 'node:path'
import { gzipSync } from 'node:zlib'
import { parse } from 'yaml'
import { ROOT } from '../../scripts/run-step.ts'

const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, maxBuffer: 256 * 1024 * 1024 })

/** The files of a tar archive, by path (ustar names and prefixes, and the long names of pax headers). */
function tarFiles(tar: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>()
  let paxPath: string | undefined
  for (let at = 0; at + 512 <= tar.length;) {
    const header = tar.subarray(at, at + 512)
    if (header.every((byte) => byte === 0)) break
    const field = (from: number, to: number) => header.subarray(from, to).toString('utf8').split('\0')[0]!
    const size = parseInt(field(124, 136).trim() || '0', 8)
    const type = field(156, 157)
    const body = tar.subarray(at + 512, at + 512 + size)
    if (type === 'x') paxPath = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(body.toString('utf8'))?.[1]
    else if (type === 'g') paxPath = undefined
    else {
      const prefix = field(345, 500)
      const name = paxPath ?? (prefix ? `${prefix}/${field(0, 100)}` : field(0, 100))
      if (type === '0' || type === '') files.set(name, body)
      paxPath = undefined
    }
    at += 512 + Math.ceil(size / 512) * 512
  }
  return files
}

const archive = git('archive', '--format=tar', 'HEAD')
const files = tarFiles(archive)
const tracked = git('ls-tree', '-r', '--name-only', 'HEAD').toString('utf8').trim().split('\n')

describe('what `uses:` downloads (git archive HEAD)', () => {
  it('is under 1.25 MB gzipped, as GitHub sends it', () => {
    expect(gzipSync(archive).length).toBeLessThan(1_250_000)
  })

  it('holds every action.yml, each file its runs: names, and every file of dist/', () => {
    // Anywhere but among the tests' fixtures: a `uses:` of an action in a folder of this repository (`.github/actions/…`
    // included) reads it from the download too.
    const actions = tracked.filter((path) => /(?:^|\/)action\.ya?ml$/.test(path) && !path.startsWith('__tests__/'))
    expect(actions).toContain('action.yml')
    const needed = [...actions, ...tracked.filter((path) => path.startsWith('dist/'))]
    for (const action of actions) {
      const { runs } = parse(files.get(action)?.toString('utf8') ?? '{}') as { runs?: Record<string, unknown> }
      for (const key of ['pre', 'main', 'post'])
        if (typeof runs?.[key] === 'string') needed.push(posix.normalize(posix.join(posix.dirname(action), runs[key])))
    }
    expect(needed).toContain('dist/index.js')
    expect(needed.filter((path) => !files.has(path))).toEqual([])
  })

  it('leaves out the tests, the emulator, the pinned API descriptions, the docs and the scripts', () => {
    const top = new Set([...files.keys()].map((path) => path.split('/')[0]))
    for (const folder of ['__tests__', 'emulator', 'openapi', 'docs', 'scripts', 'lint', '.github'])
      expect([folder, top.has(folder)]).toEqual([folder, false])
    expect([...top].sort()).toEqual(expect.arrayContaining(['LICENSE', 'README.md', 'action.yml', 'dist']))
  })
})
