// Releases as a maintainer and the workflow make them, on throw-away clones with a bare repository standing in for
// GitHub: the first release by docs/releasing.md's commands, then a later one, each followed by the `run:` lines of
// .github/workflows/release.yml that call scripts/release.ts, in the workflow's order.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFileSync, spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parse } from 'yaml'
import { ROOT } from '../../scripts/run-step.ts'

const WORKFLOW = parse(readFileSync(join(ROOT, '.github/workflows/release.yml'), 'utf8')) as {
  on: { push: { tags: string[] } }
  permissions: Record<string, string>
  env: Record<string, string>
  jobs: Record<
    string,
    {
      needs?: string
      permissions: Record<string, string>
      steps: { run?: string; uses?: string; name?: string; with?: Record<string, unknown> }[]
    }
  >
}
/** What the release needs from the project: the files it reads and changes, and the bundle. */
const RELEASE_FILES = [
  'package.json',
  'package-lock.json',
  'CHANGELOG.md',
  'src/base/version.ts',
  'scripts/release.ts',
  'dist',
]
const REPOSITORY = 'octo-org/neon-api-action'
/** The project's version now (its first release, in the throw-away clones), and the releases after it. */
const CURRENT = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version
const patch = (add: number) => CURRENT.replace(/\d+$/, (n) => String(Number(n) + add))
const NEXT = patch(1)
const LATER = patch(2)
const MAJOR = `v${CURRENT.split('.')[0]}`
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

let base: string
/** The repository standing in for GitHub, and a maintainer's clone of it, shared by the releases in order. */
let origin: string
let clone: string
const gitEnv = {
  PATH: process.env.PATH ?? '',
  HOME: '/nonexistent',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_AUTHOR_NAME: 'Release Test',
  GIT_AUTHOR_EMAIL: 'release@example.com',
  GIT_COMMITTER_NAME: 'Release Test',
  GIT_COMMITTER_EMAIL: 'release@example.com',
}
const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, env: gitEnv, encoding: 'utf8' }).trim()

/** Runs one step's script as a runner would (bash -e), with the workflow's TAG. */
function runScript(script: string, tag: string, runnerTemp: string, cwd = clone) {
  const env = { ...gitEnv, TAG: tag, RUNNER_TEMP: runnerTemp, GITHUB_REPOSITORY: REPOSITORY, GITHUB_ACTIONS: 'true' }
  return spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], { cwd, env, encoding: 'utf8' })
}

/** The jobs of the workflow in `needs` order. */
function jobsInOrder(): string[] {
  const order: string[] = []
  const visit = (job: string) => {
    if (order.includes(job)) return
    const needs = WORKFLOW.jobs[job]!.needs
    if (needs) visit(needs)
    order.push(job)
  }
  Object.keys(WORKFLOW.jobs).forEach(visit)
  return order
}

/** The `run:` lines of the workflow that call the release script, job by job in `needs` order. */
function releaseScriptSteps(): { job: string; name: string; script: string }[] {
  return jobsInOrder().flatMap((job) =>
    WORKFLOW.jobs[job]!.steps.filter((s) => s.run?.includes('scripts/release.ts')).map((s) => ({
      job,
      name: s.name ?? s.run!,
      script: s.run!,
    })),
  )
}

/**
 * A new repository holding the project as it is, committed on main, a bare clone of it standing in
 * for GitHub, and a maintainer's clone of that: no tag anywhere.
 */
function project(dir: string): { origin: string; clone: string } {
  const seed = join(dir, 'seed')
  for (const file of RELEASE_FILES) {
    mkdirSync(dirname(join(seed, file)), { recursive: true })
    cpSync(join(ROOT, file), join(seed, file), { recursive: true })
  }
  // The project just before `prepare`: once the project has released its version, that section goes
  // back under Unreleased, so these tests pass on the release commit too. Right after a release
  // there is nothing under Unreleased: one entry is added.
  const changelogPath = join(seed, 'CHANGELOG.md')
  let changelog = readFileSync(changelogPath, 'utf8').replace(
    new RegExp(`^## ${escaped(CURRENT)}\\b.*\\n\\n?`, 'm'),
    '',
  )
  if (/\n## Unreleased\n\s*(\n## |$)/.test(changelog)) {
    changelog = changelog.replace('\n## Unreleased\n', '\n## Unreleased\n\n- A change waiting for the release.\n')
  }
  writeFileSync(changelogPath, changelog)
  const versions = ['package.json', 'package-lock.json', 'src/base/version.ts'].map((f) =>
    readFileSync(join(seed, f), 'utf8'),
  )
  expect(versions.every((text) => text.includes(CURRENT))).toBe(true)
  git(dir, 'init', '--quiet', '--initial-branch=main', seed)
  git(seed, 'add', '--all')
  git(seed, 'commit', '--quiet', '--message', 'The project')
  const bare = join(dir, 'origin.git')
  git(dir, 'clone', '--quiet', '--bare', seed, bare)
  const maintainer = join(dir, 'clone')
  git(dir, 'clone', '--quiet', bare, maintainer)
  return { origin: bare, clone: maintainer }
}

/**
 * A runner's checkout of a pushed tag, as actions/checkout makes it: with `fetch-depth: 0` every
 * branch (as origin/*) and every tag, otherwise only the tag, that deep; then the tag, detached.
 */
function runnerCheckout(from: string, tag: string, fetchDepth: number): string {
  const dir = mkdtempSync(join(base, 'runner-'))
  git(dir, 'init', '--quiet')
  git(dir, 'remote', 'add', 'origin', pathToFileURL(from).href)
  if (fetchDepth === 0)
    git(dir, 'fetch', '--quiet', 'origin', '+refs/heads/*:refs/remotes/origin/*', '+refs/tags/*:refs/tags/*')
  else
    git(dir, 'fetch', '--quiet', '--no-tags', `--depth=${fetchDepth}`, 'origin', `+refs/tags/${tag}:refs/tags/${tag}`)
  git(dir, 'checkout', '--quiet', '--detach', `refs/tags/${tag}`)
  return dir
}

/** The `fetch-depth` a job's checkout step asks for (actions/checkout's default is 1). */
function fetchDepthOf(job: string): number {
  const checkout = WORKFLOW.jobs[job]!.steps.find((s) => s.uses?.startsWith('actions/checkout@'))!
  return Number(checkout.with?.['fetch-depth'] ?? 1)
}

/**
 * The workflow on a pushed tag: each job in its own runner checkout, its release-script steps in
 * order, stopping at the first that fails, as a runner does.
 */
function runWorkflow(from: string, tag: string, runnerTemp: string) {
  const checkouts = new Map(jobsInOrder().map((job) => [job, runnerCheckout(from, tag, fetchDepthOf(job))]))
  const results: { step: string; status: number | null; stdout: string; stderr: string }[] = []
  for (const step of releaseScriptSteps()) {
    const result = runScript(step.script, tag, runnerTemp, checkouts.get(step.job))
    results.push({
      step: `${step.job}: ${step.name}`,
      status: result.status,
      stdout: result.stdout.trim(),
      stderr: result.stderr,
    })
    if (result.status !== 0) break
  }
  return results
}

/** The lines of the ```sh block under "## The first release" in docs/releasing.md. */
function firstReleaseCommands(): string[] {
  const docs = readFileSync(join(ROOT, 'docs/releasing.md'), 'utf8')
  const block = /\n## The first release\n[\s\S]*?\n```sh\n([\s\S]*?)\n```\n/.exec(docs)
  expect(block).not.toBeNull()
  return block![1]!.split('\n').filter((line) => line.trim())
}

const agree = (version: string) =>
  `v${version}: package.json, package-lock.json, src/base/version.ts and CHANGELOG.md agree on ${version}.`
const pinNotes = (body: string, commit: string, tag: string) =>
  `${body}\n\n---\n\n\`gh release verify ${tag} -R ${REPOSITORY}\` checks GitHub's attestation of this release: its tag, commit and asset. ` +
  `Pin the release by that commit, as a step that holds an API key should be pinned, or follow \`@${MAJOR}\` for every ${MAJOR} release:\n\n` +
  `\`\`\`yaml\nuses: ${REPOSITORY}@${commit} # ${tag}\n\`\`\`\n`

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'neon-action-release-'))
  ;({ origin, clone } = project(mkdtempSync(join(base, 'project-'))))
})

afterAll(() => {
  rmSync(base, { recursive: true, force: true })
})

describe('the release workflow', () => {
  it('runs on a pushed tag v1.2.3, tests before it releases, and only the release job may write', () => {
    expect(WORKFLOW.on).toEqual({ push: { tags: ['v*.*.*'] } })
    expect(WORKFLOW.permissions).toEqual({})
    expect(WORKFLOW.env).toEqual({ TAG: '${{ github.ref_name }}' })
    expect(WORKFLOW.jobs.release!.needs).toBe('test')
    const writes = Object.entries(WORKFLOW.jobs).filter(([, job]) => Object.values(job.permissions).includes('write'))
    // The release job alone writes: the release and the major tag, and the attestation of what it ships.
    expect(writes.map(([name, job]) => [name, job.permissions])).toEqual([
      ['release', { contents: 'write', 'id-token': 'write', attestations: 'write' }],
    ])
    const testSteps = WORKFLOW.jobs.test!.steps.map((s) => s.run ?? s.uses!.replace(/@.*/, ''))
    expect(testSteps.indexOf('npm test')).toBeLessThan(testSteps.indexOf('node scripts/release.ts dist'))
    const releaseSteps = WORKFLOW.jobs.release!.steps.map((s) => s.run ?? s.uses!.replace(/@.*/, ''))
    const at = (text: string) => releaseSteps.findIndex((step) => step.includes(text))
    expect([
      at('release.ts notes'),
      at('git archive'),
      at('actions/attest'),
      at('gh release create'),
      at('release.ts major-tag'),
    ]).toEqual([3, 4, 5, 6, 7])
  })
})

describe('the first release', () => {
  it("docs/releasing.md's commands release the version package.json names on a clone with no tag: the notes are everything under Unreleased, and the major tag is created", () => {
    expect(git(origin, 'tag', '--list')).toBe('')
    const unreleased = /\n## Unreleased\n([\s\S]*?)(?=\n## |$)/
      .exec(readFileSync(join(clone, 'CHANGELOG.md'), 'utf8'))![1]!
      .trim()
    // The section is written for the version package.json names now; once that is released, the
    // same commands are the first release of whatever it names then.
    const commands = firstReleaseCommands()
    const documented = /release\.ts prepare (\S+)/.exec(commands.join('\n'))![1]!
    const maintainer = commands
      .filter((line) => !line.startsWith('npm '))
      .map((line) => line.split(documented).join(CURRENT))
    expect(maintainer.map((line) => /^(?:git \w+|node scripts\/release\.ts \w+)/.exec(line)![0])).toEqual([
      'git switch',
      'node scripts/release.ts prepare',
      'git commit',
      'git push',
      'node scripts/release.ts check',
      'git tag',
    ])
    const logs = maintainer.map((line) => {
      const result = runScript(line, `v${CURRENT}`, base)
      expect([line, result.status, result.stderr]).toEqual([line, 0, expect.any(String)])
      return result.stdout.trim()
    })
    const released = git(origin, 'rev-parse', `v${CURRENT}^{commit}`)
    expect(logs[1]).toContain(`Prepared ${CURRENT}`)
    expect(logs[4]).toBe(`${agree(CURRENT)}\n${released} is on origin/main.`)
    // The versions already say the version: the release commit changes only the CHANGELOG.
    expect(git(clone, 'show', '--name-only', '--format=', 'HEAD')).toBe('CHANGELOG.md')
    expect(git(origin, 'rev-parse', 'main')).toBe(released)
    const changelog = readFileSync(join(clone, 'CHANGELOG.md'), 'utf8')
    // The notes are compared as text: as one regular expression they are past what V8 compiles.
    const heading = new RegExp(`\\n## Unreleased\\n\\n## ${escaped(CURRENT)} \\(\\d{4}-\\d{2}-\\d{2}\\)\\n\\n`).exec(
      changelog,
    )
    expect(heading).not.toBeNull()
    const section = changelog.slice(heading!.index + heading![0].length)
    expect(section.slice(0, unreleased.length)).toBe(unreleased)
    expect(section.slice(unreleased.length)).toMatch(/^\n(?:\n## |$)/)

    const runnerTemp = mkdtempSync(join(base, 'runner-temp-'))
    const steps = runWorkflow(origin, `v${CURRENT}`, runnerTemp)
    expect(steps.map(({ step, status, stderr }) => [step, status, stderr])).toEqual([
      ['test: Versions agree', 0, ''],
      ['test: The committed dist/ is what src/ builds', 0, ''],
      ['release: Versions agree', 0, ''],
      ['release: Release notes from the CHANGELOG', 0, ''],
      ['release: Move the major tag', 0, ''],
    ])
    expect(steps.map((s) => s.stdout)).toEqual([
      `${agree(CURRENT)}\n${released} is on origin/main.`,
      'dist/ is what src/ builds.',
      `${agree(CURRENT)}\n${released} is on origin/main.`,
      '',
      `Moved ${MAJOR} from (no tag yet) to ${released} (v${CURRENT}) on origin.`,
    ])
    expect(readFileSync(join(runnerTemp, 'release-notes.md'), 'utf8')).toBe(
      pinNotes(unreleased, released, `v${CURRENT}`),
    )
    expect(git(origin, 'rev-parse', `${MAJOR}^{commit}`)).toBe(released)
  })

  it('prepare refuses the released version, an older one, and a section that was never tagged, saying what to do', () => {
    const prepare = (version: string) =>
      runScript(`node scripts/release.ts prepare ${version}`, `v${version}`, base).stderr
    expect(prepare(CURRENT)).toBe(
      `::error::v${CURRENT} is already released (the tag v${CURRENT} exists): give a newer version, e.g. ${NEXT}.\n`,
    )
    expect(prepare('0.0.0')).toBe(
      `::error::0.0.0 is older than package.json's version ${CURRENT}: give a version newer than ${CURRENT}, e.g. ${NEXT}.\n`,
    )
    // A section for the version with no tag, as a CHANGELOG written ahead of its release has.
    git(clone, 'tag', '--delete', `v${CURRENT}`)
    expect(prepare('0.0.0')).toContain(
      `give ${CURRENT} (its first release: v${CURRENT} has no tag yet) or a newer version.`,
    )
    expect(prepare(CURRENT)).toBe(
      `::error::CHANGELOG.md already has a section "## ${CURRENT}", but there is no tag v${CURRENT} here: if it was released, ` +
        `run \`git fetch --tags\`; if not, move its entries under "## Unreleased", delete its heading, and run prepare again.\n`,
    )
    git(clone, 'fetch', '--quiet', '--tags', 'origin')
    expect(git(clone, 'status', '--porcelain')).toBe('')
  })
})

describe("the release's asset", () => {
  it('is what a workflow downloads for the tag, attested, and the one file the release is created with', () => {
    // The first release's tag, which the tests above made.
    const tag = `v${CURRENT}`
    const runnerTemp = mkdtempSync(join(base, 'runner-temp-'))
    const steps = WORKFLOW.jobs.release!.steps
    const archive = steps.find((s) => s.run?.startsWith('git archive'))!
    expect(runScript(archive.run!, tag, runnerTemp).status).toBe(0)
    // The attest step reads the file by expressions, which the runner fills in.
    const attest = steps.find((s) => s.uses?.startsWith('actions/attest@'))!
    const attested = String(attest.with?.['subject-path'])
      .replace('${{ runner.temp }}', runnerTemp)
      .replace('${{ env.TAG }}', tag)
    // As the runner and bash join them, on Windows too.
    const asset = `${runnerTemp}/neon-api-action-${tag}.tar.gz`
    expect(attested).toBe(asset)
    const files = execFileSync('tar', ['-tzf', `neon-api-action-${tag}.tar.gz`], { cwd: runnerTemp, encoding: 'utf8' })
    expect(files.split('\n')).toEqual(
      expect.arrayContaining([`neon-api-action-${tag}/package.json`, `neon-api-action-${tag}/dist/index.js`]),
    )
    // The release is created with that file: gh stands in as a shell function that writes down its arguments.
    const create = steps.find((s) => s.run?.includes('gh release create'))!
    const gh = `gh() { printf '%s\\n' "$@" > "$RUNNER_TEMP/gh-arguments"; }\n`
    expect(runScript(gh + create.run!, tag, runnerTemp).status).toBe(0)
    const args = readFileSync(join(runnerTemp, 'gh-arguments'), 'utf8').trim().split('\n')
    expect(args.slice(0, 4)).toEqual(['release', 'create', tag, asset])
    expect(args).toContain('--verify-tag')
  })
})

describe('a later release', () => {
  beforeAll(() => {
    const changelog = join(clone, 'CHANGELOG.md')
    writeFileSync(
      changelog,
      readFileSync(changelog, 'utf8').replace(
        '\n## Unreleased\n',
        '\n## Unreleased\n\n- A change waiting for the release.\n',
      ),
    )
    git(clone, 'commit', '--quiet', '--all', '--message', 'A change')
    git(clone, 'push', '--quiet', 'origin', 'main')
    // Up to date with GitHub: the major tag the first release's workflow created.
    git(clone, 'fetch', '--quiet', '--tags', 'origin')
  })

  it("prepare, tag the next version, and the workflow's steps: the notes are the CHANGELOG section, and the major tag moves to the release", () => {
    const unreleased = new RegExp(`\\n## Unreleased\\n([\\s\\S]*?)\\n## ${escaped(CURRENT)}\\b`)
      .exec(readFileSync(join(clone, 'CHANGELOG.md'), 'utf8'))![1]!
      .trim()
    const prepared = runScript(`node scripts/release.ts prepare ${NEXT} --date 2026-11-25`, `v${NEXT}`, base)
    expect([prepared.status, prepared.stderr]).toEqual([0, ''])
    expect(prepared.stdout).toContain(`Prepared ${NEXT}`)
    expect(
      git(clone, 'diff', '--stat')
        .split('\n')
        .slice(0, -1)
        .map((line) => line.split('|')[0]!.trim()),
    ).toEqual(['CHANGELOG.md', 'package-lock.json', 'package.json', 'src/base/version.ts'])
    const changelog = readFileSync(join(clone, 'CHANGELOG.md'), 'utf8')
    expect(changelog).toContain(`\n## Unreleased\n\n## ${NEXT} (2026-11-25)\n\n${unreleased}\n\n## ${CURRENT}`)
    expect(readFileSync(join(clone, 'src/base/version.ts'), 'utf8')).toContain(
      `export const ACTION_VERSION = '${NEXT}'\n`,
    )
    const lock = JSON.parse(readFileSync(join(clone, 'package-lock.json'), 'utf8'))
    expect([lock.version, lock.packages[''].version]).toEqual([NEXT, NEXT])
    git(clone, 'commit', '--quiet', '--all', '--message', `Release ${NEXT}`)
    git(clone, 'tag', '--annotate', `v${NEXT}`, '--message', `v${NEXT}`)
    git(clone, 'push', '--quiet', 'origin', 'main', `v${NEXT}`)
    const released = git(clone, 'rev-parse', `v${NEXT}^{commit}`)
    expect(git(origin, 'rev-parse', `${MAJOR}^{commit}`)).toBe(git(origin, 'rev-parse', `v${CURRENT}^{commit}`))

    const runnerTemp = mkdtempSync(join(base, 'runner-temp-'))
    const steps = releaseScriptSteps()
    expect(steps.map((s) => `${s.job}: ${s.name}`)).toEqual([
      'test: Versions agree',
      'test: The committed dist/ is what src/ builds',
      'release: Versions agree',
      'release: Release notes from the CHANGELOG',
      'release: Move the major tag',
    ])
    const logs = steps.map((step) => {
      const result = runScript(step.script, `v${NEXT}`, runnerTemp)
      expect([step.name, result.status, result.stderr]).toEqual([step.name, 0, ''])
      return result.stdout.trim()
    })
    const onMain = `${agree(NEXT)}\n${released} is on origin/main.`
    expect(logs).toEqual([
      onMain,
      'dist/ is what src/ builds.',
      onMain,
      '',
      `Moved ${MAJOR} from ${git(clone, 'rev-parse', `v${CURRENT}^{commit}`)} to ${released} (v${NEXT}) on origin.`,
    ])
    expect(readFileSync(join(runnerTemp, 'release-notes.md'), 'utf8')).toBe(pinNotes(unreleased, released, `v${NEXT}`))
    expect(git(origin, 'rev-parse', `${MAJOR}^{commit}`)).toBe(released)
  })

  it('refuses a tag the files do not agree with, naming each file, before anything is released', () => {
    const result = runScript('node scripts/release.ts check "$TAG"', `v${LATER}`, base)
    expect(result.status).toBe(1)
    expect(result.stderr).toBe(
      `::error::v${LATER} is version ${LATER}, but package.json says ${NEXT}, package-lock.json says ${NEXT}, package-lock.json (packages[""]) says ${NEXT}, ` +
        `src/base/version.ts says ${NEXT}: run \`node scripts/release.ts prepare ${LATER}\`.\n`,
    )
    expect(runScript('node scripts/release.ts check "$TAG"', NEXT, base).stderr).toContain('is not a release tag')
  })

  it('an older release of the same major version leaves the major tag where it is; without --push nothing moves', () => {
    const major = git(origin, 'rev-parse', `${MAJOR}^{commit}`)
    const older = runScript(`node scripts/release.ts major-tag v${CURRENT} --push`, `v${CURRENT}`, base)
    expect([older.status, older.stdout.trim()]).toEqual([
      0,
      `v${CURRENT} is not the newest ${MAJOR} release (v${NEXT} is): ${MAJOR} stays where it is.`,
    ])
    const dry = runScript(`node scripts/release.ts major-tag v${NEXT}`, `v${NEXT}`, base)
    expect(dry.stdout.trim()).toMatch(
      new RegExp(
        `^Would move ${MAJOR} from [0-9a-f]{40} to [0-9a-f]{40} \\(v${escaped(NEXT)}\\)\\. Run with --push to move it on origin\\.$`,
      ),
    )
    expect(git(origin, 'rev-parse', `${MAJOR}^{commit}`)).toBe(major)
  })

  it('a dist/ that differs from the committed one stops the release', () => {
    writeFileSync(join(clone, 'dist', 'index.js'), '// changed\n', { flag: 'a' })
    const result = runScript('node scripts/release.ts dist', `v${NEXT}`, base)
    expect(result.status).toBe(1)
    expect(result.stderr).toContain("::error::dist/ is not what 'npm run bundle' builds from src/.")
    expect(result.stderr).toContain('M dist/index.js')
    git(clone, 'checkout', '--quiet', '--', 'dist')
  })

  it('a tag that is not the commit checked out, or entries left under Unreleased, stop the check', () => {
    git(clone, 'commit', '--quiet', '--allow-empty', '--message', 'Later')
    const later = runScript('node scripts/release.ts check "$TAG"', `v${NEXT}`, base)
    expect([later.status, later.stderr]).toEqual([
      1,
      expect.stringMatching(
        new RegExp(
          `^::error::v${escaped(NEXT)} points at [0-9a-f]{40}, but the commit checked out is [0-9a-f]{40}: check out v${escaped(NEXT)} first\\.\\n$`,
        ),
      ),
    ])
    git(clone, 'reset', '--quiet', '--hard', `v${NEXT}`)
    const changelog = join(clone, 'CHANGELOG.md')
    writeFileSync(
      changelog,
      readFileSync(changelog, 'utf8').replace('## Unreleased\n', '## Unreleased\n\n- A late fix.\n'),
    )
    const late = runScript('node scripts/release.ts check "$TAG"', `v${NEXT}`, base)
    expect(late.stderr).toBe(
      `::error::CHANGELOG.md still has entries under "## Unreleased": move them into "## ${NEXT}" before tagging.\n`,
    )
    git(clone, 'checkout', '--quiet', '--', 'CHANGELOG.md')
    expect(runScript('node scripts/release.ts check "$TAG"', `v${NEXT}`, base).status).toBe(0)
  })
})

describe('a tag that is not on main', () => {
  let side: { origin: string; clone: string }
  let tagged: string
  const tag = `v${CURRENT}`

  beforeAll(() => {
    // A release prepared and tagged on a branch that never reached main, and pushed.
    side = project(mkdtempSync(join(base, 'side-')))
    git(side.clone, 'switch', '--quiet', '--create', 'side')
    expect(runScript(`node scripts/release.ts prepare ${CURRENT}`, tag, base, side.clone).status).toBe(0)
    git(side.clone, 'commit', '--quiet', '--all', '--message', `Release ${CURRENT}`)
    git(side.clone, 'tag', '--annotate', tag, '--message', tag)
    git(side.clone, 'push', '--quiet', 'origin', 'side', tag)
    tagged = git(side.clone, 'rev-parse', `${tag}^{commit}`)
  })

  const notOnMain = (main: string) =>
    `::error::${tag} points at ${tagged}, which is not on ${main}: a release is a tag on main. To release, delete the tag ` +
    `(\`git push --delete origin ${tag}\` and \`git tag -d ${tag}\`), merge the release to main, and tag the commit on main.\n`

  it('stops the workflow at its first step, and nothing is released', () => {
    const steps = runWorkflow(side.origin, tag, mkdtempSync(join(base, 'runner-temp-')))
    expect(steps.map(({ step, status, stderr }) => [step, status, stderr])).toEqual([
      ['test: Versions agree', 1, notOnMain('origin/main')],
    ])
    expect(WORKFLOW.jobs.test!.steps.find((s) => s.run)!.run).toBe('node scripts/release.ts check "$TAG"')
    expect(git(side.origin, 'tag', '--list')).toBe(tag)
  })

  it("is refused by check on a maintainer's clone, against origin/main, or main when there is no origin/main", () => {
    expect(runScript('node scripts/release.ts check "$TAG"', tag, base, side.clone).stderr).toBe(
      notOnMain('origin/main'),
    )
    // Before tagging, the check is of the commit checked out.
    const untagged = `v${NEXT}`
    git(side.clone, 'switch', '--quiet', '--create', 'untagged', 'main')
    expect(runScript(`node scripts/release.ts prepare ${NEXT}`, untagged, base, side.clone).status).toBe(0)
    git(side.clone, 'commit', '--quiet', '--all', '--message', `Release ${NEXT}`)
    const head = git(side.clone, 'rev-parse', 'HEAD')
    expect(runScript('node scripts/release.ts check "$TAG"', untagged, base, side.clone).stderr).toBe(
      `::error::The commit checked out, ${head}, is not on origin/main: a release is a tag on main. To release, merge it to main ` +
        '(`git push origin main`, or a pull request), then `git pull --ff-only` and check again.\n',
    )
    git(side.clone, 'switch', '--quiet', 'side')

    git(side.clone, 'update-ref', '-d', 'refs/remotes/origin/main')
    expect(runScript('node scripts/release.ts check "$TAG"', tag, base, side.clone).stderr).toBe(notOnMain('main'))
    git(side.clone, 'branch', '--force', 'main', tag)
    const passed = runScript('node scripts/release.ts check "$TAG"', tag, base, side.clone)
    expect([passed.status, passed.stdout.trim()]).toEqual([0, `${agree(CURRENT)}\n${tagged} is on main.`])
  })

  it('is refused when the checkout has no main to compare with, as a checkout of the tag alone has', () => {
    const shallow = runnerCheckout(side.origin, tag, 1)
    expect(runScript('node scripts/release.ts check "$TAG"', tag, base, shallow).stderr).toBe(
      `::error::There is no origin/main or main here, so nothing shows that ${tag} is on main: ` +
        'run `git fetch origin main` (in a workflow, check out with fetch-depth: 0).\n',
    )
  })
})
