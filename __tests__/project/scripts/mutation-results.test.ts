// scripts/mutation/results-branch.ts: a mutation run's progress travels on the branch `mutation-results`, never in main's
// tree: saved there without touching the checkout, and read back by another clone from origin. On throw-away git repositories.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { loadResults, RESULTS_BRANCH, RESULTS_FILE, saveResults } from '../../../scripts/mutation/results-branch.ts'

let dir: string
let main: string

const git = (root: string, ...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim()
const report = (n: number) => ({
  schemaVersion: '2',
  files: { 'src/a.ts': { mutants: Array.from({ length: n }, (_, i) => ({ id: String(i), status: 'Killed' })) } },
})
const writeReport = (root: string, value: unknown) => {
  mkdirSync(join(root, 'reports'), { recursive: true })
  writeFileSync(join(root, 'reports', 'incremental.json'), JSON.stringify(value, null, 2))
}
const working = (root: string) => join(root, 'reports', 'incremental.json')
/** The report the branch (or another ref) holds. */
const stored = (root: string, ref = RESULTS_BRANCH) =>
  JSON.parse(gunzipSync(execFileSync('git', ['cat-file', 'blob', `${ref}:${RESULTS_FILE}`], { cwd: root })).toString('utf8'))
/** The checkout as git sees it: HEAD, the index, and what is changed or new. */
const checkout = (root: string) => [
  git(root, 'rev-parse', 'HEAD'),
  git(root, 'write-tree'),
  git(root, 'status', '--porcelain', '--untracked-files=all'),
]

function repository(root: string): void {
  mkdirSync(root)
  git(root, 'init', '--quiet', '--initial-branch=main')
  git(root, 'config', 'user.name', 'Mutation Test')
  git(root, 'config', 'user.email', 'mutation@example.com')
  writeFileSync(join(root, 'action.yml'), 'name: x\n')
  git(root, 'add', 'action.yml')
  git(root, 'commit', '--quiet', '-m', 'first')
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mutation-results-'))
  main = join(dir, 'main')
  repository(main)
})

afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

describe('saving a run', () => {
  it('commits the report, gzipped and alone, to the branch, leaving the checkout as it was', () => {
    writeReport(main, report(3))
    writeFileSync(join(main, 'action.yml'), 'name: changed\n')
    const before = checkout(main)
    expect(saveResults(main, working(main))).toMatch(/^Saved to branch mutation-results .*git push origin mutation-results$/)
    expect(checkout(main)).toEqual(before)
    expect(git(main, 'ls-tree', '--name-only', RESULTS_BRANCH)).toBe(RESULTS_FILE)
    expect(stored(main)).toEqual(report(3))
    expect(git(main, 'rev-parse', '--abbrev-ref', 'HEAD')).toBe('main')
  })

  it('adds a commit on top of the last one, and none when nothing changed', () => {
    writeReport(main, report(1))
    saveResults(main, working(main))
    const first = git(main, 'rev-parse', RESULTS_BRANCH)
    expect(saveResults(main, working(main))).toBe('Branch mutation-results already holds these results.')
    expect(git(main, 'rev-parse', RESULTS_BRANCH)).toBe(first)
    writeReport(main, report(2))
    saveResults(main, working(main))
    expect(git(main, 'rev-parse', `${RESULTS_BRANCH}^`)).toBe(first)
    expect(stored(main)).toEqual(report(2))
  })

  it('with no run to save, says so', () => {
    expect(() => saveResults(main, working(main))).toThrow(/there is no run to save/)
  })
})

describe('going on from saved results', () => {
  it('a clone reads them from origin, and its next save is a fast-forward of what it read', () => {
    writeReport(main, report(4))
    saveResults(main, working(main))
    const clone = join(dir, 'clone')
    git(dir, 'clone', '--quiet', main, clone)
    git(clone, 'config', 'user.name', 'Mutation Test')
    git(clone, 'config', 'user.email', 'mutation@example.com')
    expect(git(clone, 'branch', '--list', RESULTS_BRANCH)).toBe('')

    expect(loadResults(clone, working(clone))).toMatch(/^Going on from branch mutation-results/)
    expect(JSON.parse(readFileSync(working(clone), 'utf8'))).toEqual(report(4))

    writeReport(clone, report(5))
    saveResults(clone, working(clone))
    expect(git(clone, 'rev-parse', `${RESULTS_BRANCH}^`)).toBe(git(main, 'rev-parse', RESULTS_BRANCH))
    git(clone, 'push', '--quiet', 'origin', RESULTS_BRANCH)
    expect(stored(main)).toEqual(report(5))
  })

  it('a run stopped here since the last save goes on from its own report', () => {
    writeReport(main, report(1))
    saveResults(main, working(main))
    writeReport(main, report(6))
    const later = Number(git(main, 'log', '-1', '--format=%ct', RESULTS_BRANCH)) + 60
    utimesSync(working(main), later, later)
    expect(loadResults(main, working(main))).toMatch(/^Going on from .*incremental\.json, newer than branch mutation-results/)
    expect(JSON.parse(readFileSync(working(main), 'utf8'))).toEqual(report(6))
  })

  it('saved results newer than the report here replace it', () => {
    writeReport(main, report(1))
    saveResults(main, working(main))
    writeReport(main, report(7))
    const earlier = Number(git(main, 'log', '-1', '--format=%ct', RESULTS_BRANCH)) - 60
    utimesSync(working(main), earlier, earlier)
    loadResults(main, working(main))
    expect(JSON.parse(readFileSync(working(main), 'utf8'))).toEqual(report(1))
  })

  it('with no such branch anywhere, every mutant is tested', () => {
    expect(loadResults(main, working(main))).toBe('No branch mutation-results here or on origin: every mutant is tested.')
  })
})
