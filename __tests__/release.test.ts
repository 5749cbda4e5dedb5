import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFileSync, spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { parse } from 'yaml'
import { ROOT } from '../scripts/run-step.ts'

/**
 * A release as the workflow makes it, on a throw-away clone: prepare a version, commit, tag, then
 * run the `run:` lines of .github/workflows/release.yml that call scripts/release.ts, in the
 * workflow's order, with a bare repository standing in for GitHub.
 */
const WORKFLOW = parse(readFileSync(join(ROOT, '.github/workflows/release.yml'), 'utf8')) as {
  on: { push: { tags: string[] } }
  permissions: Record<string, string>
  env: Record<string, string>
  jobs: Record<string, { needs?: string; permissions: Record<string, string>; steps: { run?: string; uses?: string; name?: string }[] }>
}
/** What the release needs from the project: the files it reads and changes, and the bundle. */
const RELEASE_FILES = ['package.json', 'package-lock.json', 'CHANGELOG.md', 'src/base/version.ts', 'scripts/release.ts', 'dist']
const REPOSITORY = 'octo-org/neon-api-action'
/** The project's version now (released, in the throw-away clone), and the releases after it. */
const CURRENT = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version
const patch = (add: number) => CURRENT.replace(/\d+$/, (n) => String(Number(n) + add))
const NEXT = patch(1)
const LATER = patch(2)
const MAJOR = `v${CURRENT.split('.')[0]}`
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

let base: string
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
function runScript(script: string, tag: string, runnerTemp: string) {
  const env = { ...gitEnv, TAG: tag, RUNNER_TEMP: runnerTemp, GITHUB_REPOSITORY: REPOSITORY, GITHUB_ACTIONS: 'true' }
  return spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], { cwd: clone, env, encoding: 'utf8' })
}

/** The `run:` lines of the workflow that call the release script, job by job in `needs` order. */
function releaseScriptSteps(): { job: string; name: string; script: string }[] {
  const order: string[] = []
  const visit = (job: string) => {
    if (order.includes(job)) return
    const needs = WORKFLOW.jobs[job]!.needs
    if (needs) visit(needs)
    order.push(job)
  }
  Object.keys(WORKFLOW.jobs).forEach(visit)
  return order.flatMap((job) =>
    WORKFLOW.jobs[job]!.steps.filter((s) => s.run?.includes('scripts/release.ts')).map((s) => ({
      job,
      name: s.name ?? s.run!,
      script: s.run!,
    })),
  )
}

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'neon-action-release-'))
  // The project as it is, released as its version (and the major tag), with one entry waiting.
  const seed = join(base, 'seed')
  for (const file of RELEASE_FILES) {
    mkdirSync(dirname(join(seed, file)), { recursive: true })
    cpSync(join(ROOT, file), join(seed, file), { recursive: true })
  }
  // The release starts from a CHANGELOG whose latest section is the current version, with entries
  // waiting under Unreleased (right after a release there are none yet: one is added).
  const changelogPath = join(seed, 'CHANGELOG.md')
  const changelog = readFileSync(changelogPath, 'utf8')
  const versions = ['package.json', 'package-lock.json', 'src/base/version.ts'].map((f) => readFileSync(join(seed, f), 'utf8'))
  expect(changelog).toMatch(new RegExp(`\\n## Unreleased\\n[\\s\\S]*\\n## ${escaped(CURRENT)}\\b`))
  expect(versions.every((text) => text.includes(CURRENT))).toBe(true)
  if (/\n## Unreleased\n\s*\n## /.test(changelog)) {
    writeFileSync(changelogPath, changelog.replace('\n## Unreleased\n', '\n## Unreleased\n\n- A change waiting for the release.\n'))
  }
  git(base, 'init', '--quiet', '--initial-branch=main', seed)
  git(seed, 'add', '--all')
  git(seed, 'commit', '--quiet', '--message', 'The project')
  git(seed, 'tag', `v${CURRENT}`)
  git(seed, 'tag', MAJOR)
  origin = join(base, 'origin.git')
  git(base, 'clone', '--quiet', '--bare', seed, origin)
  clone = join(base, 'clone')
  git(base, 'clone', '--quiet', origin, clone)
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
    expect(writes.map(([name, job]) => [name, job.permissions])).toEqual([['release', { contents: 'write' }]])
    const testSteps = WORKFLOW.jobs.test!.steps.map((s) => s.run ?? s.uses!.replace(/@.*/, ''))
    expect(testSteps.indexOf('npm test')).toBeLessThan(testSteps.indexOf('node scripts/release.ts dist'))
    const releaseSteps = WORKFLOW.jobs.release!.steps.map((s) => s.run ?? '')
    const at = (text: string) => releaseSteps.findIndex((run) => run.includes(text))
    expect([at('release.ts notes'), at('gh release create'), at('release.ts major-tag')]).toEqual([3, 4, 5])
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
    expect(readFileSync(join(clone, 'src/base/version.ts'), 'utf8')).toContain(`export const ACTION_VERSION = '${NEXT}'\n`)
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
    const agree = `v${NEXT}: package.json, package-lock.json, src/base/version.ts and CHANGELOG.md agree on ${NEXT}.`
    expect(logs).toEqual([
      agree,
      'dist/ is what src/ builds.',
      agree,
      '',
      `Moved ${MAJOR} from ${git(clone, 'rev-parse', `v${CURRENT}^{commit}`)} to ${released} (v${NEXT}) on origin.`,
    ])
    expect(readFileSync(join(runnerTemp, 'release-notes.md'), 'utf8')).toBe(
      `${unreleased}\n\n---\n\nPin this release by its commit, as a step that holds an API key should be pinned, or follow \`@${MAJOR}\` for every ${MAJOR} release:\n\n` +
        `\`\`\`yaml\nuses: ${REPOSITORY}@${released} # v${NEXT}\n\`\`\`\n`,
    )
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
    writeFileSync(changelog, readFileSync(changelog, 'utf8').replace('## Unreleased\n', '## Unreleased\n\n- A late fix.\n'))
    const late = runScript('node scripts/release.ts check "$TAG"', `v${NEXT}`, base)
    expect(late.stderr).toBe(`::error::CHANGELOG.md still has entries under "## Unreleased": move them into "## ${NEXT}" before tagging.\n`)
    git(clone, 'checkout', '--quiet', '--', 'CHANGELOG.md')
    expect(runScript('node scripts/release.ts check "$TAG"', `v${NEXT}`, base).status).toBe(0)
  })
})
