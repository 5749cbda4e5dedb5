/**
 * Where a mutation run's progress is kept between runs and machines: the branch `mutation-results`,
 * whose one file is Stryker's incremental report, gzipped (each mutant's result, and the code and
 * tests it was found with). It is a cache of hours of work, not part of the action, so it stays
 * out of main's tree and out of every archive of a tag that `uses:` downloads.
 *
 * Reading takes the newer of the local branch and origin's (after fetching origin's); saving
 * commits with git plumbing (hash-object, mktree, commit-tree, update-ref), so neither the working
 * tree nor the index changes, whatever branch is checked out.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'

export const RESULTS_BRANCH = 'mutation-results'
/** The report's name in the branch's tree. */
export const RESULTS_FILE = 'incremental.json.gz'

const LOCAL = `refs/heads/${RESULTS_BRANCH}`
const ORIGIN = `refs/remotes/origin/${RESULTS_BRANCH}`

function git(root: string, args: string[], input?: string | Buffer): string {
  return execFileSync('git', args, { cwd: root, input, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] }).trim()
}

function tryGit(root: string, args: string[]): string | undefined {
  try {
    return git(root, args)
  } catch {
    return undefined
  }
}

/** The commit a ref points at, or undefined when there is no such ref. */
function commitOf(root: string, ref: string): string | undefined {
  return tryGit(root, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`])
}

/**
 * Brings origin's branch up to date, when there is an origin. Offline, or with no such branch
 * there, the local branch (if any) is all there is: not an error.
 */
function fetchOrigin(root: string): void {
  if (tryGit(root, ['remote', 'get-url', 'origin']) === undefined) return
  try {
    execFileSync('git', ['fetch', '--quiet', '--no-tags', 'origin', `+${LOCAL}:${ORIGIN}`], {
      cwd: root,
      stdio: 'ignore',
      timeout: 60_000,
      env: { ...process.env, GIT_TERMINAL_PROMPT: '0' },
    })
  } catch {
    // Kept as it was.
  }
}

/** The heads of the branch, local and origin's, leaving out one the other already contains. */
function heads(root: string): string[] {
  const found = [...new Set([LOCAL, ORIGIN].map((ref) => commitOf(root, ref)).filter((c): c is string => c !== undefined))]
  if (found.length < 2) return found
  const [a, b] = found as [string, string]
  const contains = (older: string, newer: string) => tryGit(root, ['merge-base', '--is-ancestor', older, newer]) !== undefined
  if (contains(a, b)) return [b]
  if (contains(b, a)) return [a]
  return found
}

/** Seconds since the epoch at which a commit was made. */
const committedAt = (root: string, commit: string) => Number(git(root, ['log', '-1', '--format=%ct', commit]))

/**
 * Writes the branch's report to `working` (Stryker's incremental file), unless `working` is newer:
 * a run stopped on this machine since. Says what it did.
 */
export function loadResults(root: string, working: string, options: { fetch?: boolean } = {}): string {
  if (options.fetch !== false) fetchOrigin(root)
  const newest = heads(root).sort((a, b) => committedAt(root, b) - committedAt(root, a))[0]
  if (newest === undefined) return `No branch ${RESULTS_BRANCH} here or on origin: every mutant is tested.`
  if (existsSync(working) && statSync(working).mtimeMs >= committedAt(root, newest) * 1000) {
    return `Going on from ${working}, newer than branch ${RESULTS_BRANCH}.`
  }
  const stored = execFileSync('git', ['cat-file', 'blob', `${newest}:${RESULTS_FILE}`], { cwd: root, maxBuffer: 1 << 30 })
  mkdirSync(dirname(working), { recursive: true })
  writeFileSync(working, gunzipSync(stored))
  return `Going on from branch ${RESULTS_BRANCH} (${newest.slice(0, 12)}).`
}

/**
 * Commits `working` to the branch as its one file, on top of the local branch and origin's, so
 * nothing either holds is lost and pushing it is a fast-forward. Says what it did.
 */
export function saveResults(root: string, working: string): string {
  if (!existsSync(working)) throw new Error(`${working} does not exist: there is no run to save.`)
  // Minified: Stryker is the only reader, and it compresses to a tenth.
  const report = gzipSync(JSON.stringify(JSON.parse(readFileSync(working, 'utf8'))), { level: 9 })
  const blob = git(root, ['hash-object', '-w', '--stdin'], report)
  const parents = heads(root)
  if (parents.length === 1 && tryGit(root, ['rev-parse', `${parents[0]}:${RESULTS_FILE}`]) === blob) {
    return `Branch ${RESULTS_BRANCH} already holds these results.`
  }
  const tree = git(root, ['mktree'], `100644 blob ${blob}\t${RESULTS_FILE}\n`)
  const message = `Mutation results at ${git(root, ['rev-parse', '--short', 'HEAD'])}`
  const commit = git(root, ['commit-tree', tree, ...parents.flatMap((p) => ['-p', p]), '-m', message])
  // Only if the local branch has not moved since it was read.
  git(root, ['update-ref', '-m', 'mutation results saved', LOCAL, commit, commitOf(root, LOCAL) ?? ''])
  return `Saved to branch ${RESULTS_BRANCH} (${commit.slice(0, 12)}); share it with: git push origin ${RESULTS_BRANCH}`
}
