/**
 * Releases, one step at a time: the release workflow (.github/workflows/release.yml) calls each
 * step, and a maintainer runs the same steps locally. Plain Node 24 with no dependencies, so the
 * release job needs no `npm ci`. Nothing is pushed unless `--push` says so.
 *
 *   node scripts/release.ts prepare 1.2.3 [--date YYYY-MM-DD]
 *       bumps package.json, package-lock.json and src/base/version.ts, and turns the CHANGELOG's
 *       "## Unreleased" into the section "## 1.2.3 (date)" under a new, empty "## Unreleased".
 *       The version is newer than package.json's, or package.json's own while it has no tag (the
 *       first release).
 *   node scripts/release.ts check v1.2.3
 *       the tag, package.json, package-lock.json, src/base/version.ts and the CHANGELOG agree;
 *       an existing tag points at the commit checked out, and that commit is on main (origin/main,
 *       or the local main when there is no remote-tracking branch).
 *   node scripts/release.ts dist
 *       the committed dist/ is what src/ builds (run after `npm run bundle` or `npm test`).
 *   node scripts/release.ts notes v1.2.3
 *       prints the release notes: the CHANGELOG section, and the commit to pin.
 *   node scripts/release.ts major-tag v1.2.3 [--push] [--remote origin]
 *       moves v1 to the release's commit, unless a newer v1 release exists; dry without --push.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)))
const VERSION_FILE = 'src/base/version.ts'
const VERSION_PATTERN = /^(\d+)\.(\d+)\.(\d+)$/
const TAG_PATTERN = /^v(\d+\.\d+\.\d+)$/
const VERSION_CONSTANT = /^export const ACTION_VERSION = '([^']*)'$/m
const UNRELEASED = '## Unreleased'
/** A release section's heading: `## 1.2.3`, optionally with its date. */
const SECTION_HEADING = /^## (\d+\.\d+\.\d+)(?: \((\d{4}-\d{2}-\d{2})\))?[ \t]*$/

/** A refusal a maintainer can act on: printed as one line, exit status 1. */
class ReleaseError extends Error {}

interface Package {
  version: string
  repository?: { url?: string } | string
  packages?: Record<string, { version?: string }>
}

const read = (root: string, path: string) => readFileSync(join(root, path), 'utf8')
const readJson = (root: string, path: string) => JSON.parse(read(root, path)) as Package
/** As npm writes them: two spaces, a final new line. */
const writeJson = (root: string, path: string, value: unknown) =>
  writeFileSync(join(root, path), `${JSON.stringify(value, null, 2)}\n`)

function git(root: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim()
}

/** The commit a ref names, or undefined when there is no such ref. */
function commitOf(root: string, ref: string): string | undefined {
  try {
    return git(root, 'rev-parse', '--verify', '--quiet', `${ref}^{commit}`)
  } catch {
    return undefined
  }
}

function versionOfTag(tag: string): string {
  const match = TAG_PATTERN.exec(tag)
  if (!match)
    throw new ReleaseError(
      `The tag ${JSON.stringify(tag)} is not a release tag: it must be v<major>.<minor>.<patch>, e.g. v1.2.3.`,
    )
  return match[1]!
}

const nextPatch = (version: string) => version.replace(/\d+$/, (n) => String(Number(n) + 1))

function compareVersions(a: string, b: string): number {
  const parts = (v: string) => VERSION_PATTERN.exec(v)!.slice(1).map(Number)
  const [x, y] = [parts(a), parts(b)]
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! - y[i]!
  return 0
}

/** The CHANGELOG split into its `## ` sections, each with its heading and body. */
function changelogSections(text: string): { heading: string; body: string }[] {
  const sections: { heading: string; body: string }[] = []
  for (const line of text.split('\n')) {
    if (line.startsWith('## ')) sections.push({ heading: line, body: '' })
    else if (sections.length) sections.at(-1)!.body += `${line}\n`
  }
  return sections
}

/** The body of the CHANGELOG's section for a version, trimmed. */
function changelogSection(changelog: string, version: string): string {
  const section = changelogSections(changelog).find((s) => SECTION_HEADING.exec(s.heading)?.[1] === version)
  if (!section)
    throw new ReleaseError(
      `CHANGELOG.md has no section "## ${version}": run \`node scripts/release.ts prepare ${version}\`.`,
    )
  const body = section.body.trim()
  if (!body)
    throw new ReleaseError(`CHANGELOG.md's section "## ${version}" is empty: say what changed for a workflow author.`)
  return body
}

function prepare(root: string, version: string, date: string): string[] {
  if (!VERSION_PATTERN.test(version))
    throw new ReleaseError(`${JSON.stringify(version)} is not a version: give <major>.<minor>.<patch>, e.g. 1.2.3.`)
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date))
    throw new ReleaseError(`--date ${JSON.stringify(date)} is not a date: give YYYY-MM-DD.`)
  const pkg = readJson(root, 'package.json')
  const released = (v: string) => commitOf(root, `refs/tags/v${v}`) !== undefined
  if (compareVersions(version, pkg.version) < 0) {
    const give = released(pkg.version)
      ? `a version newer than ${pkg.version}, e.g. ${nextPatch(pkg.version)}`
      : `${pkg.version} (its first release: v${pkg.version} has no tag yet) or a newer version`
    throw new ReleaseError(`${version} is older than package.json's version ${pkg.version}: give ${give}.`)
  }
  // package.json's own version is allowed while it has no tag: the first release is the version
  // the project was written as. The tag is what says a version was released (git fetch --tags).
  if (released(version)) {
    throw new ReleaseError(
      `v${version} is already released (the tag v${version} exists): give a newer version, e.g. ${nextPatch(version)}.`,
    )
  }
  const changelog = read(root, 'CHANGELOG.md')
  const sections = changelogSections(changelog)
  if (sections.some((s) => SECTION_HEADING.exec(s.heading)?.[1] === version)) {
    throw new ReleaseError(
      `CHANGELOG.md already has a section "## ${version}", but there is no tag v${version} here: if it was released, ` +
        `run \`git fetch --tags\`; if not, move its entries under "## Unreleased", delete its heading, and run prepare again.`,
    )
  }
  const unreleased = sections.find((s) => s.heading.trim() === UNRELEASED)
  if (!unreleased?.body.trim()) {
    throw new ReleaseError(
      'CHANGELOG.md has nothing under "## Unreleased": a release says what changed for a workflow author.',
    )
  }
  const at = changelog.split('\n').findIndex((line) => line.trim() === UNRELEASED)
  const lines = changelog.split('\n')
  lines.splice(at, 1, UNRELEASED, '', `## ${version} (${date})`)
  writeFileSync(join(root, 'CHANGELOG.md'), lines.join('\n'))

  writeJson(root, 'package.json', { ...pkg, version })
  const lock = readJson(root, 'package-lock.json')
  writeJson(root, 'package-lock.json', {
    ...lock,
    version,
    packages: { ...lock.packages, '': { ...lock.packages?.[''], version } },
  })
  const source = read(root, VERSION_FILE)
  if (!VERSION_CONSTANT.test(source))
    throw new ReleaseError(`${VERSION_FILE} has no line "export const ACTION_VERSION = '…'".`)
  writeFileSync(
    join(root, VERSION_FILE),
    source.replace(VERSION_CONSTANT, `export const ACTION_VERSION = '${version}'`),
  )
  return [
    `Prepared ${version}: package.json, package-lock.json, ${VERSION_FILE} and CHANGELOG.md. Next:`,
    '  npm run bundle && npm test      # dist/ sends the version in its User-Agent: commit it too',
    `  git commit -am "Release ${version}"   # and merge it to main`,
    `  node scripts/release.ts check v${version}`,
    `  git tag -a v${version} -m v${version} && git push origin v${version}   # the release workflow does the rest`,
  ]
}

function check(root: string, tag: string): string[] {
  const version = versionOfTag(tag)
  const found: [string, string | undefined][] = [
    ['package.json', readJson(root, 'package.json').version],
    ['package-lock.json', readJson(root, 'package-lock.json').version],
    ['package-lock.json (packages[""])', readJson(root, 'package-lock.json').packages?.['']?.version],
    [VERSION_FILE, VERSION_CONSTANT.exec(read(root, VERSION_FILE))?.[1]],
  ]
  const wrong = found.filter(([, value]) => value !== version)
  if (wrong.length) {
    const list = wrong.map(([file, value]) => `${file} says ${value ?? 'nothing'}`).join(', ')
    throw new ReleaseError(
      `${tag} is version ${version}, but ${list}: run \`node scripts/release.ts prepare ${version}\`.`,
    )
  }
  const changelog = read(root, 'CHANGELOG.md')
  changelogSection(changelog, version)
  const unreleased = changelogSections(changelog).find((s) => s.heading.trim() === UNRELEASED)
  if (unreleased?.body.trim()) {
    throw new ReleaseError(
      `CHANGELOG.md still has entries under "## Unreleased": move them into "## ${version}" before tagging.`,
    )
  }
  const tagged = commitOf(root, `refs/tags/${tag}`)
  const head = commitOf(root, 'HEAD')
  if (tagged && tagged !== head) {
    throw new ReleaseError(
      `${tag} points at ${tagged}, but the commit checked out is ${head ?? 'none'}: check out ${tag} first.`,
    )
  }
  return [
    `${tag}: package.json, package-lock.json, ${VERSION_FILE} and CHANGELOG.md agree on ${version}.`,
    onMain(root, tag, tagged),
  ]
}

/** A release is a tag on main: the tag's commit, or before tagging the commit checked out, must be on main. */
function onMain(root: string, tag: string, tagged: string | undefined): string {
  const commit = tagged ?? commitOf(root, 'HEAD')
  if (!commit) throw new ReleaseError(`There is no commit checked out: check out the commit on main to tag as ${tag}.`)
  // A runner's checkout (fetch-depth: 0) and a maintainer's clone have origin/main; a clone with
  // no remote has only main.
  const main = [
    { name: 'origin/main', ref: 'refs/remotes/origin/main' },
    { name: 'main', ref: 'refs/heads/main' },
  ].find(({ ref }) => commitOf(root, ref))
  if (!main) {
    throw new ReleaseError(
      `There is no origin/main or main here, so nothing shows that ${tag} is on main: ` +
        'run `git fetch origin main` (in a workflow, check out with fetch-depth: 0).',
    )
  }
  if (!isAncestor(root, commit, main.ref)) {
    const what = tagged ? `${tag} points at ${commit}, which` : `The commit checked out, ${commit},`
    const fix = tagged
      ? `delete the tag (\`git push --delete origin ${tag}\` and \`git tag -d ${tag}\`), merge the release to main, and tag the commit on main.`
      : 'merge it to main (`git push origin main`, or a pull request), then `git pull --ff-only` and check again.'
    throw new ReleaseError(`${what} is not on ${main.name}: a release is a tag on main. To release, ${fix}`)
  }
  return `${commit} is on ${main.name}.`
}

function isAncestor(root: string, commit: string, ref: string): boolean {
  try {
    git(root, 'merge-base', '--is-ancestor', commit, ref)
    return true
  } catch (error) {
    // Status 1 means "not an ancestor"; anything else (a shallow history, a broken repository) is
    // not an answer.
    if ((error as { status?: number }).status === 1) return false
    throw error
  }
}

function checkDist(root: string): string[] {
  const changed = git(root, 'status', '--porcelain', '--', 'dist')
  if (changed) {
    throw new ReleaseError(
      `dist/ is not what 'npm run bundle' builds from src/. Run 'npm run bundle' and commit dist/. Changed:\n${changed}`,
    )
  }
  return ['dist/ is what src/ builds.']
}

/** owner/name: the runner's repository, or the one package.json names. */
function repositoryName(root: string): string {
  if (process.env.GITHUB_REPOSITORY) return process.env.GITHUB_REPOSITORY
  const repository = readJson(root, 'package.json').repository
  const url = typeof repository === 'string' ? repository : (repository?.url ?? '')
  const match = /github\.com[/:]([^/]+\/[^/]+?)(?:\.git)?$/.exec(url)
  if (!match) throw new ReleaseError('package.json has no GitHub `repository` url, and GITHUB_REPOSITORY is not set.')
  return match[1]!
}

function notes(root: string, tag: string): string[] {
  const version = versionOfTag(tag)
  const body = changelogSection(read(root, 'CHANGELOG.md'), version)
  const commit = commitOf(root, `refs/tags/${tag}`)
  if (!commit) throw new ReleaseError(`There is no tag ${tag} here: tag the release first.`)
  const major = `v${version.split('.')[0]}`
  return [
    body,
    '',
    '---',
    '',
    `\`gh release verify ${tag} -R ${repositoryName(root)}\` checks GitHub's attestation of this release: its tag, commit and asset. ` +
      `Pin the release by that commit, as a step that holds an API key should be pinned, or follow \`@${major}\` for every ${major} release:`,
    '',
    '```yaml',
    `uses: ${repositoryName(root)}@${commit} # ${tag}`,
    '```',
  ]
}

function majorTag(root: string, tag: string, push: boolean, remote: string): string[] {
  const version = versionOfTag(tag)
  const commit = commitOf(root, `refs/tags/${tag}`)
  if (!commit) throw new ReleaseError(`There is no tag ${tag} here: tag the release first.`)
  const major = `v${version.split('.')[0]}`
  const releases = git(root, 'tag', '--list', `${major}.*`)
    .split('\n')
    .map((t) => TAG_PATTERN.exec(t)?.[1])
    .filter((v): v is string => v !== undefined && v.split('.')[0] === version.split('.')[0])
  const newest = releases.reduce((a, b) => (compareVersions(a, b) >= 0 ? a : b), version)
  if (newest !== version)
    return [`${tag} is not the newest ${major} release (v${newest} is): ${major} stays where it is.`]
  const current = commitOf(root, `refs/tags/${major}`)
  const move = `${major} from ${current ?? '(no tag yet)'} to ${commit} (${tag})`
  if (!push) return [`Would move ${move}. Run with --push to move it on ${remote}.`]
  git(root, 'tag', '--force', major, commit)
  git(root, 'push', '--force', remote, `refs/tags/${major}`)
  return [`Moved ${move} on ${remote}.`]
}

const args = process.argv.slice(2)
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined)
const STEPS: Record<string, [needs: string, run: (subject: string) => string[]]> = {
  prepare: [
    'a version, e.g. 1.2.3',
    (version) => prepare(ROOT, version, option('--date') ?? new Date().toISOString().slice(0, 10)),
  ],
  check: ['a tag, e.g. v1.2.3', (tag) => check(ROOT, tag)],
  dist: ['', () => checkDist(ROOT)],
  notes: ['a tag, e.g. v1.2.3', (tag) => notes(ROOT, tag)],
  'major-tag': [
    'a tag, e.g. v1.2.3',
    (tag) => majorTag(ROOT, tag, args.includes('--push'), option('--remote') ?? 'origin'),
  ],
}
try {
  const [command = '', subject = ''] = args
  const [needs, run] = STEPS[command] ?? []
  if (!run)
    throw new ReleaseError(
      'Say what to do: prepare <version>, check <tag>, dist, notes <tag>, or major-tag <tag> [--push].',
    )
  if (needs && !subject) throw new ReleaseError(`${command} needs ${needs}.`)
  for (const line of run(subject)) console.log(line)
} catch (error) {
  if (!(error instanceof ReleaseError)) throw error
  // In a workflow, the refusal becomes an annotation on the run.
  console.error(
    process.env.GITHUB_ACTIONS === 'true' ? `::error::${error.message.replace(/\n/g, '%0A')}` : error.message,
  )
  process.exitCode = 1
}
