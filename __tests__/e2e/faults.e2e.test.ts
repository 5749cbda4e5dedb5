// The fault exploration (scripts/faults.ts, `npm run faults`) with a fixed seed, and what it found: a rotation killed
// while its secret write was held left a valid key that no output, secret or error named.
// End to end: each step is a child process, as a runner starts it (scripts/run-step.ts), on the committed bundle
// dist/index.js (E2E_ENTRY=source runs src/ instead), against the platform and GitHub emulators.
import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { parse, stringify } from 'yaml'
import { GitHubEmulator } from '../../emulator/github.ts'
import { PlatformEmulator } from '../../emulator/platform.ts'
import { ROOT, errorLines, runStep } from '../../scripts/run-step.ts'
import { tempDirPerTest } from '../support/temp-dir.ts'

let copy = ''
tempDirPerTest('neon-action-faults-', (dir) => (copy = dir))

/** Runs `npm run faults -- <args>` as its own process; resolves with its exit code and log. */
function faults(args: string[]): Promise<{ code: number | null; stdout: string }> {
  const child = spawn(process.execPath, [join(ROOT, 'scripts', 'faults.ts'), ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let stdout = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout })))
}

const lastLine = (log: string) => log.trimEnd().split('\n').at(-1)

describe('npm run faults', () => {
  it('explores 12 schedules from seed 7 after a clean run of each of the 5 scenarios: faults strike, and every promise of a key life holds', async () => {
    const run = await faults(['--runs', '12', '--seed', '7'])
    expect(lastLine(run.stdout)).toMatch(/^explored 17 schedules, \d+ fault points, 0 violations$/)
    const points = Number(/, (\d+) fault points/.exec(run.stdout)![1])
    expect(points).toBeGreaterThan(10)
    expect(run.code).toBe(0)
  }, 180_000)

  it('fails naming promise 1 when action.yml declares no post step: the job key stays valid', async () => {
    const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as { runs: Record<string, string> }
    delete action.runs.post
    delete action.runs['post-if']
    writeFileSync(join(copy, 'action.yml'), stringify(action))
    symlinkSync(join(ROOT, 'dist'), join(copy, 'dist'))
    const run = await faults(['--action', copy, '--runs', '200', '--seed', '7'])
    expect(run.stdout).toContain('create-key with revoke-after-job breaks a promise with no fault at all:\n  1. key ')
    expect(run.stdout).toMatch(
      /^ {2}1\. key \d+, made by this run, is valid, in no output or secret, and named in no error$/m,
    )
    expect(run.stdout).toContain(`replay it: npm run faults -- --action '${copy}' --schedule '{"scenario":`)
    expect(lastLine(run.stdout)).toMatch(/^explored \d+ schedules, \d+ fault points, [1-9]\d* violations$/)
    expect(run.code).toBe(1)
  }, 60_000)

  it.each([
    [
      'state an earlier step planted, and a kill at the first request of a rotation',
      '{"scenario":"rotate-key into one target","faults":[],"moment":{"at":0,"signal":"kill","held":"never"},"planted":true}',
    ],
    [
      'a rotation killed while it writes a secret, then a post step whose list of keys fails ten times in a row',
      '{"scenario":"rotate-key into three targets","faults":[{"at":9,"fault":"lost","times":10}],"moment":{"at":8,"signal":"kill","held":"never"}}',
    ],
    [
      'the idle gate, with a running operation behind 100 finished records',
      '{"scenario":"gate","history":{"finished":100,"operations":[{"at":100,"kind":"running","endsAfter":2,"listedNewest":false}],"onFailed":"wait","mode":"pending"},"faults":[]}',
    ],
  ])(
    'replays %s: every promise holds (each broke before: the state saved first, the key a secret may hold named, the gate read deep)',
    async (_, schedule) => {
      const run = await faults(['--schedule', schedule])
      expect(lastLine(run.stdout)).toMatch(/^explored 1 schedules, \d+ fault points, 0 violations$/)
      expect(run.code).toBe(0)
    },
  )

  it('refuses a count of runs that is not a whole number', async () => {
    const run = await faults(['--runs', 'many'])
    expect(run.code).not.toBe(0)
    expect(run.stdout).not.toContain('explored')
  })
})

describe('a rotation killed while its secret write is held', () => {
  let platform: PlatformEmulator
  let github: GitHubEmulator
  let url: string
  /** The secret was written an hour before the rotation. */
  let githubShift: number

  beforeEach(async () => {
    platform = new PlatformEmulator()
    githubShift = -3_600_000
    github = new GitHubEmulator({ now: () => Date.now() + githubShift })
    url = await platform.start()
    await github.start()
  })

  afterEach(async () => {
    await platform.stop()
    await github.stop()
  })

  it('the post step fails naming the new key as maybe valid, and revokes nothing', async () => {
    const admin = platform.addKey('admin')
    const current = platform.addKey('ci-deploy', { createdAt: Date.now() - 86_400_000 })
    github.store({ repository: 'octo-org/deploys' }, 'NEON_API_KEY', current.key)
    githubShift = 0
    const inputs = {
      command: 'rotate-key',
      'api-key': admin.key,
      'api-host': url,
      'key-name': 'ci-deploy',
      'secret-name': 'NEON_API_KEY',
      'github-token': github.token,
      'keep-previous': '0',
    }
    const env = { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: 'octo-org/deploys' }
    const write = github.holdNext()
    let child: ChildProcess | undefined
    const running = runStep(inputs, { env, onSpawn: (c) => (child = c) })
    await write.reached
    // The runner's machine dies: no signal, no clean-up. The write is never carried out.
    child!.kill('SIGKILL')
    const main = await running
    write.abort()
    const made = platform.keys().find((k) => k.name === 'ci-deploy' && k.id !== current.id)!
    expect(platform.isKeyValid(made.id)).toBe(true)
    expect(JSON.parse(main.state['unsettled-keys']!)).toMatchObject({ storing: [made.id] })

    const post = await runStep(inputs, { env, state: main.state })
    expect(post.code).toBe(1)
    expect(errorLines(post.stdout)).toEqual([
      expect.stringContaining(`The main step stopped while it wrote key ${made.id} named "ci-deploy" to a secret`),
    ])
    // A secret may hold the new key, so it stays valid; the old key, which the secret holds, was never touched.
    expect(platform.isKeyValid(made.id)).toBe(true)
    expect(platform.isKeyValid(current.id)).toBe(true)
    expect(github.stored({ repository: 'octo-org/deploys' }, 'NEON_API_KEY')?.value).toBe(current.key)
  })
})
