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
  // The project as it is, released once as v1.0.0 (and v1).
  const seed = join(base, 'seed')
  for (const file of RELEASE_FILES) {
    mkdirSync(dirname(join(seed, file)), { recursive: true })
    cpSync(join(ROOT, file), join(seed, file), { recursive: true })
  }
  // The release starts from a CHANGELOG whose latest section is 1.0.0 and whose entries since wait.
  const changelog = readFileSync(join(seed, 'CHANGELOG.md'), 'utf8')
  const versions = ['package.json', 'package-lock.json', 'src/base/version.ts'].map((f) => readFileSync(join(seed, f), 'utf8'))
  expect(changelog).toContain('\n## Unreleased\n')
  expect(versions.every((text) => text.includes('1.0.0'))).toBe(true)
  git(base, 'init', '--quiet', '--initial-branch=main', seed)
  git(seed, 'add', '--all')
  git(seed, 'commit', '--quiet', '--message', 'The project')
  git(seed, 'tag', 'v1.0.0')
  git(seed, 'tag', 'v1')
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

  it("prepare, tag v1.0.1, and the workflow's steps: the notes are the CHANGELOG section, and v1 moves to the release", () => {
    const unreleased = /\n## Unreleased\n([\s\S]*?)\n## 1\.0\.0\n/.exec(readFileSync(join(clone, 'CHANGELOG.md'), 'utf8'))![1]!.trim()
    const prepared = runScript('node scripts/release.ts prepare 1.0.1 --date 2026-11-25', 'v1.0.1', base)
    expect([prepared.status, prepared.stderr]).toEqual([0, ''])
    expect(prepared.stdout).toContain('Prepared 1.0.1')
    expect(
      git(clone, 'diff', '--stat')
        .split('\n')
        .slice(0, -1)
        .map((line) => line.split('|')[0]!.trim()),
    ).toEqual(['CHANGELOG.md', 'package-lock.json', 'package.json', 'src/base/version.ts'])
    const changelog = readFileSync(join(clone, 'CHANGELOG.md'), 'utf8')
    expect(changelog).toContain(`\n## Unreleased\n\n## 1.0.1 (2026-11-25)\n\n${unreleased}\n\n## 1.0.0\n`)
    expect(readFileSync(join(clone, 'src/base/version.ts'), 'utf8')).toContain("export const ACTION_VERSION = '1.0.1'\n")
    const lock = JSON.parse(readFileSync(join(clone, 'package-lock.json'), 'utf8'))
    expect([lock.version, lock.packages[''].version]).toEqual(['1.0.1', '1.0.1'])
    git(clone, 'commit', '--quiet', '--all', '--message', 'Release 1.0.1')
    git(clone, 'tag', '--annotate', 'v1.0.1', '--message', 'v1.0.1')
    git(clone, 'push', '--quiet', 'origin', 'main', 'v1.0.1')
    const released = git(clone, 'rev-parse', 'v1.0.1^{commit}')
    expect(git(origin, 'rev-parse', 'v1^{commit}')).toBe(git(origin, 'rev-parse', 'v1.0.0^{commit}'))

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
      const result = runScript(step.script, 'v1.0.1', runnerTemp)
      expect([step.name, result.status, result.stderr]).toEqual([step.name, 0, ''])
      return result.stdout.trim()
    })
    expect(logs).toEqual([
      'v1.0.1: package.json, package-lock.json, src/base/version.ts and CHANGELOG.md agree on 1.0.1.',
      'dist/ is what src/ builds.',
      'v1.0.1: package.json, package-lock.json, src/base/version.ts and CHANGELOG.md agree on 1.0.1.',
      '',
      `Moved v1 from ${git(clone, 'rev-parse', 'v1.0.0^{commit}')} to ${released} (v1.0.1) on origin.`,
    ])
    expect(readFileSync(join(runnerTemp, 'release-notes.md'), 'utf8')).toBe(
      `${unreleased}\n\n---\n\nPin this release by its commit, as a step that holds an API key should be pinned, or follow \`@v1\` for every v1 release:\n\n` +
        `\`\`\`yaml\nuses: ${REPOSITORY}@${released} # v1.0.1\n\`\`\`\n`,
    )
    expect(git(origin, 'rev-parse', 'v1^{commit}')).toBe(released)
  })

  it('refuses a tag the files do not agree with, naming each file, before anything is released', () => {
    const result = runScript('node scripts/release.ts check "$TAG"', 'v1.0.2', base)
    expect(result.status).toBe(1)
    expect(result.stderr).toBe(
      '::error::v1.0.2 is version 1.0.2, but package.json says 1.0.1, package-lock.json says 1.0.1, package-lock.json (packages[""]) says 1.0.1, ' +
        'src/base/version.ts says 1.0.1: run `node scripts/release.ts prepare 1.0.2`.\n',
    )
    expect(runScript('node scripts/release.ts check "$TAG"', '1.0.1', base).stderr).toContain('is not a release tag')
  })

  it('an older release of the same major version leaves the major tag where it is; without --push nothing moves', () => {
    const v1 = git(origin, 'rev-parse', 'v1^{commit}')
    const older = runScript('node scripts/release.ts major-tag v1.0.0 --push', 'v1.0.0', base)
    expect([older.status, older.stdout.trim()]).toEqual([0, 'v1.0.0 is not the newest v1 release (v1.0.1 is): v1 stays where it is.'])
    const dry = runScript('node scripts/release.ts major-tag v1.0.1', 'v1.0.1', base)
    expect(dry.stdout.trim()).toMatch(
      /^Would move v1 from [0-9a-f]{40} to [0-9a-f]{40} \(v1\.0\.1\)\. Run with --push to move it on origin\.$/,
    )
    expect(git(origin, 'rev-parse', 'v1^{commit}')).toBe(v1)
  })

  it('a dist/ that differs from the committed one stops the release', () => {
    writeFileSync(join(clone, 'dist', 'index.js'), '// changed\n', { flag: 'a' })
    const result = runScript('node scripts/release.ts dist', 'v1.0.1', base)
    expect(result.status).toBe(1)
    expect(result.stderr).toContain("::error::dist/ is not what 'npm run bundle' builds from src/.")
    expect(result.stderr).toContain('M dist/index.js')
    git(clone, 'checkout', '--quiet', '--', 'dist')
  })

  it('a tag that is not the commit checked out, or entries left under Unreleased, stop the check', () => {
    git(clone, 'commit', '--quiet', '--allow-empty', '--message', 'Later')
    const later = runScript('node scripts/release.ts check "$TAG"', 'v1.0.1', base)
    expect([later.status, later.stderr]).toEqual([
      1,
      expect.stringMatching(
        /^::error::v1\.0\.1 points at [0-9a-f]{40}, but the commit checked out is [0-9a-f]{40}: check out v1\.0\.1 first\.\n$/,
      ),
    ])
    git(clone, 'reset', '--quiet', '--hard', 'v1.0.1')
    const changelog = join(clone, 'CHANGELOG.md')
    writeFileSync(changelog, readFileSync(changelog, 'utf8').replace('## Unreleased\n', '## Unreleased\n\n- A late fix.\n'))
    const late = runScript('node scripts/release.ts check "$TAG"', 'v1.0.1', base)
    expect(late.stderr).toBe('::error::CHANGELOG.md still has entries under "## Unreleased": move them into "## 1.0.1" before tagging.\n')
    git(clone, 'checkout', '--quiet', '--', 'CHANGELOG.md')
    expect(runScript('node scripts/release.ts check "$TAG"', 'v1.0.1', base).status).toBe(0)
  })
})
