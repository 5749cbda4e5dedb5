// The committed bundle (dist/, src/index.ts its entry) starts light: no libsodium or Octokit, each command loads only its
// own chunks, the idle post step runs from a small dist/index.js alone, and every file is minified. Child processes
// on dist/ (or a copy of it with chunks left out), against the platform emulator.
import { describe, expect, it } from '@jest/globals'
import { execFile } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { PlatformEmulator } from '../../emulator/platform.ts'
import { errorLines, runStep, BUNDLE, stepEnvironment } from '../../scripts/run-step.ts'
import { platformPerTest } from '../support/platform-per-test.ts'

let platform: PlatformEmulator
let url: string
let admin: { id: number; key: string }

platformPerTest((started) => ({ platform, url, admin } = started))

const base = () => ({ 'api-key': admin.key, 'api-host': url })

describe('start-up stays light', () => {
  const dist = join(BUNDLE, '..')
  /** Node's arguments that make it say on stderr, at exit, whether undici's entry was evaluated (it installs a global dispatcher). */
  const REPORT_UNDICI_ENTRY = [
    '--import',
    "data:text/javascript,process.on('exit', () => process.stderr.write(`undici entry: ${globalThis[Symbol.for('undici.globalDispatcher.2')] ? '' : 'not '}evaluated\\n`))",
  ]
  const files = () => readdirSync(dist).filter((f) => f.endsWith('.js'))
  /** What only the chunks a plain command must never load hold: one marker each. */
  const NOT_FOR_PLAIN_COMMANDS: Record<string, string> = {
    'the secret store': 'GitHub refused the token',
    'the sealed box': 'hsalsa',
    "the post step's revoke": 'Revoked the job-scoped API key',
  }

  it('libsodium and Octokit are not bundled: the action seals and speaks to GitHub itself', () => {
    const holding = (marker: string) => files().filter((f) => readFileSync(join(dist, f), 'utf8').includes(marker))
    expect([holding('crypto_box_seal'), holding('getOctokit'), holding('@octokit')]).toEqual([[], [], []])
  })

  it('commands other than rotate-key with a secret run without the secret store, the sealed box and the post-step chunks', async () => {
    const holding = (marker: string) => files().filter((f) => readFileSync(join(dist, f), 'utf8').includes(marker))
    const left = new Set<string>()
    for (const [what, marker] of Object.entries(NOT_FOR_PLAIN_COMMANDS)) {
      const chunks = holding(marker)
      // Each is a chunk of its own, loaded only when needed: never the entry itself.
      expect([what, chunks.length > 0, chunks.includes('index.js')]).toEqual([what, true, false])
      for (const chunk of chunks) left.add(chunk)
    }
    const dir = mkdtempSync(join(tmpdir(), 'neon-action-main-only-'))
    cpSync(dist, join(dir, 'dist'), { recursive: true, filter: (src) => ![...left].some((c) => src.endsWith(`/${c}`)) })
    platform.addProjects(3)
    for (const command of ['list-projects', 'list-keys', 'create-key']) {
      const { env } = stepEnvironment(dir, { ...base(), command, 'key-name': 'light' })
      // Async: the emulator answers from this very process.
      const run = await promisify(execFile)(process.execPath, [join(dir, 'dist', 'index.js')], { env, encoding: 'utf8' })
      expect([command, /::error::.*/.exec(run.stdout)?.[0], run.stderr]).toEqual([command, undefined, ''])
    }
    rmSync(dir, { recursive: true, force: true })
  })

  it("list-projects runs without the other commands' chunks: each step loads only the command it runs", async () => {
    const holding = (marker: string) => files().filter((f) => readFileSync(join(dist, f), 'utf8').includes(marker))
    /** A sentence only each other command's module holds. */
    const OTHER_COMMANDS: Record<string, string> = {
      'the key commands': 'The key value is in the step output ',
      'the waiter': 'Timed out waiting for operations',
      'the prune': 'No key is selected: nothing was revoked.',
      'the rotation': 'No old key to revoke.',
    }
    const left = new Set<string>()
    for (const [what, marker] of Object.entries(OTHER_COMMANDS)) {
      const chunks = holding(marker)
      expect([what, chunks.length > 0, chunks.includes('index.js')]).toEqual([what, true, false])
      for (const chunk of chunks) left.add(chunk)
    }
    const dir = mkdtempSync(join(tmpdir(), 'neon-action-projects-only-'))
    cpSync(dist, join(dir, 'dist'), { recursive: true, filter: (src) => ![...left].some((c) => src.endsWith(`/${c}`)) })
    platform.addProjects(3)
    const { env } = stepEnvironment(dir, { ...base(), command: 'list-projects' })
    const run = await promisify(execFile)(process.execPath, [join(dir, 'dist', 'index.js')], { env, encoding: 'utf8' })
    expect(/::error::.*/.exec(run.stdout)?.[0]).toBeUndefined()
    expect(run.stdout).toMatch(/Found \d+ project\(s\)\./)
    rmSync(dir, { recursive: true, force: true })
  })

  it('the post step with nothing to revoke runs from a small dist/index.js alone, silently and without a request', async () => {
    // The webpack runtime and the state check are about 6 kB; the client and undici are hundreds.
    expect(statSync(BUNDLE).size).toBeLessThan(16_000)
    const dir = mkdtempSync(join(tmpdir(), 'neon-action-post-only-'))
    mkdirSync(join(dir, 'dist'))
    for (const file of ['index.js', 'package.json']) cpSync(join(dist, file), join(dir, 'dist', file))
    const { env } = stepEnvironment(dir, { ...base(), command: 'create-key', 'key-name': 'light' }, { state: { isPost: 'true' } })
    const run = await promisify(execFile)(process.execPath, [...REPORT_UNDICI_ENTRY, join(dir, 'dist', 'index.js')], {
      env,
      encoding: 'utf8',
    })
    // Neither the toolkit nor undici: @actions/core loads undici's entry (through @actions/http-client) as it loads.
    expect([run.stdout, run.stderr, platform.requests.length]).toEqual(['', 'undici entry: not evaluated\n', 0])
    rmSync(dir, { recursive: true, force: true })
  })

  it("a command step loads the toolkit, and with it undici's entry: what the idle post step is spared", async () => {
    platform.addProjects(1)
    const { env } = stepEnvironment(mkdtempSync(join(tmpdir(), 'neon-action-command-')), { ...base(), command: 'list-projects' })
    const run = await promisify(execFile)(process.execPath, [...REPORT_UNDICI_ENTRY, BUNDLE], { env, encoding: 'utf8' })
    expect([/::error::.*/.exec(run.stdout)?.[0], run.stderr]).toEqual([undefined, 'undici entry: evaluated\n'])
    rmSync(env.RUNNER_TEMP!, { recursive: true, force: true })
  })

  it('the bundle holds one undici: the toolkit sends through the very copy the action does (package.json `overrides`)', () => {
    // In every undici since 6 (lib/global.js): a second copy of any version would hold it too.
    const marker = 'undici.globalDispatcher.1'
    expect(files().flatMap((f) => readFileSync(join(dist, f), 'utf8').split(marker).slice(1)).length).toBe(1)
  })

  it('from the bundle, the post step loads its chunk and revokes the job-scoped key', async () => {
    const job = platform.addKey('job')
    const step = await runStep(
      { ...base(), command: 'create-key', 'key-name': 'job', 'revoke-after-job': 'true' },
      { entry: 'bundle', state: { isPost: 'true', 'job-scoped-key-id': String(job.id) } },
    )
    expect([step.code, errorLines(step.stdout)]).toEqual([0, []])
    expect(step.stdout).toContain(`Revoked the job-scoped API key ${job.id}.`)
    expect(platform.isKeyValid(job.id)).toBe(false)
  })

  it('every file of the bundle is minified', () => {
    for (const file of files()) {
      const text = readFileSync(join(dist, file), 'utf8')
      // ncc's unminified chunks keep webpack's `/***/` module markers and short, indented lines.
      const lines = text.split('\n').length
      expect([file, text.includes('/***/'), text.length / lines > 200]).toEqual([file, false, true])
    }
  })
})
