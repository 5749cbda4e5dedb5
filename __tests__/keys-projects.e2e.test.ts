import { describe, expect, it } from '@jest/globals'
import { type PlatformEmulator } from '../emulator/platform.ts'
import { execFile } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { BUNDLE, errorLines, runStep, stepEnvironment, stripMasks } from '../scripts/run-step.ts'
import { platformPerTest } from './support/platform-per-test.ts'

let platform: PlatformEmulator
let admin: { id: number; key: string }
let url: string

platformPerTest((started) => ({ platform, url, admin } = started))

const base = () => ({ 'api-key': admin.key, 'api-host': url })

describe('create-key', () => {
  it('creates a key, masks it before it ever appears, and sets key and key-id', async () => {
    const step = await runStep({ ...base(), command: 'create-key', 'key-name': 'deploy-bot' })
    expect(step.code).toBe(0)
    const key = step.outputs.key!
    const id = Number(step.outputs['key-id'])
    expect(platform.isKeyValid(key)).toBe(true)
    expect(platform.keys().find((k) => k.id === id)?.name).toBe('deploy-bot')
    // The mask command comes before any other appearance of the value in the log.
    const maskAt = step.stdout.indexOf(`::add-mask::${key}`)
    expect(maskAt).toBeGreaterThanOrEqual(0)
    expect(step.stdout.indexOf(key)).toBe(maskAt + '::add-mask::'.length)
    expect(step.stdout.split(key)).toHaveLength(2)
    // The API key was masked first of all.
    expect(step.stdout.split('\n')[0]).toBe(`::add-mask::${admin.key}`)
    expect(step.summary).toContain('API key created')
    expect(step.summary).toContain(String(id))
    expect(step.summary).not.toContain(key)
    expect(step.state).toEqual({ isPost: 'true', 'unsettled-keys': '' })
  })

  it('sends the identifying headers on every request', async () => {
    await runStep({ ...base(), command: 'create-key', 'key-name': 'headers' })
    const request = platform.requests.find((r) => r.method === 'POST')!
    expect(request.headers['user-agent']).toMatch(/^neon-api-action\/\d+\.\d+\.\d+ /)
    expect(request.headers.accept).toBe('application/json')
    expect(request.headers['content-type']).toBe('application/json')
    expect(request.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    expect(request.keyId).toBe(admin.id)
  })
})

describe('revoke-key', () => {
  it('revokes by id', async () => {
    const victim = platform.addKey('old')
    const step = await runStep({ ...base(), command: 'revoke-key', 'key-id': String(victim.id) })
    expect(step.code).toBe(0)
    expect(JSON.parse(step.outputs['revoked-key-ids']!)).toEqual([victim.id])
    expect(platform.isKeyValid(victim.id)).toBe(false)
    expect(platform.isKeyValid(admin.id)).toBe(true)
  })

  it('revokes every key with exactly that name, and no other', async () => {
    const a = platform.addKey('ci')
    const b = platform.addKey('ci')
    const other = platform.addKey('ci-2')
    const step = await runStep({ ...base(), command: 'revoke-key', 'key-name': 'ci' })
    expect(step.code).toBe(0)
    expect(JSON.parse(step.outputs['revoked-key-ids']!).sort()).toEqual([a.id, b.id].sort())
    expect(platform.isKeyValid(a.id) || platform.isKeyValid(b.id)).toBe(false)
    expect(platform.isKeyValid(other.id)).toBe(true)
  })

  it("revoking a name that includes the step's own key revokes that key last, so all go", async () => {
    const own = platform.addKey('shared')
    const older = platform.addKey('shared')
    const step = await runStep({ 'api-key': own.key, 'api-host': url, command: 'revoke-key', 'key-name': 'shared' })
    expect(errorLines(step.stdout)).toEqual([])
    expect(JSON.parse(step.outputs['revoked-key-ids']!)).toEqual([older.id, own.id])
  })

  it('warns and revokes nothing when no key has that name', async () => {
    const step = await runStep({ ...base(), command: 'revoke-key', 'key-name': 'nobody' })
    expect(step.code).toBe(0)
    expect(step.outputs['revoked-key-ids']).toBe('[]')
    expect(step.stdout).toContain('::warning::No API key is named "nobody"; nothing was revoked.')
  })

  it('fails with one error naming an unknown key id', async () => {
    const step = await runStep({ ...base(), command: 'revoke-key', 'key-id': '424242' })
    expect(step.code).toBe(1)
    const errors = errorLines(step.stdout)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(
      /^::error::Could not revoke API key 424242: API key 424242 was not found \(404\); it is not a personal key of the step's user; an organization or project-scoped key is revoked through its organization: set `org-id`\. \(request id [0-9a-f-]{36}\)$/,
    )
    expect(step.stdout).not.toMatch(/\n\s+at /)
  })
})

describe('list-keys', () => {
  it('lists keys without any secret value, with last use', async () => {
    const other = platform.addKey('reader')
    const step = await runStep({ ...base(), command: 'list-keys' })
    expect(step.code).toBe(0)
    const keys = JSON.parse(step.outputs.keys!) as Array<Record<string, unknown>>
    expect(keys.map((k) => k.id).sort()).toEqual([admin.id, other.id].sort())
    expect(Object.keys(keys[0]!).sort()).toEqual(['created_at', 'id', 'last_used_at', 'last_used_from_addr', 'name', 'scope'])
    expect(keys.map((k) => k.scope)).toEqual(['personal', 'personal'])
    const self = keys.find((k) => k.id === admin.id)!
    expect(self.last_used_from_addr).toBe('127.0.0.1')
    expect(step.everything).not.toContain(other.key)
    expect(step.summary).toContain('<th>last used</th>')
    expect(step.summary).toContain('reader')
  })
})

describe('list-projects', () => {
  it('follows the cursor through every page', async () => {
    const ids = platform.addProjects(57)
    const step = await runStep({ ...base(), command: 'list-projects' })
    expect(step.code).toBe(0)
    expect(JSON.parse(step.outputs['project-ids']!)).toEqual(ids)
    const projects = JSON.parse(step.outputs.projects!) as Array<{ id: string; region_id: string }>
    expect(projects).toHaveLength(57)
    expect(projects[0]!.region_id).toBeTruthy()
    const pages = platform.requests.filter((r) => r.path === '/projects')
    expect(pages[0]!.query.limit).toBe('400')
    expect(step.summary).toContain('Projects (57)')
  })

  it('reads 450 projects in two pages: the second, short, is the last', async () => {
    platform.addProjects(450)
    const step = await runStep({ ...base(), command: 'list-projects' })
    expect(JSON.parse(step.outputs['project-ids']!)).toHaveLength(450)
    expect(platform.requests.filter((r) => r.path === '/projects')).toHaveLength(2)
  })
})

describe('errors', () => {
  it('a wrong API key gives one clear error line', async () => {
    const step = await runStep({ command: 'list-projects', 'api-key': 'napi_wrong', 'api-host': url })
    expect(step.code).toBe(1)
    const errors = errorLines(step.stdout)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(/^::error::The platform refused the API key \(401 Unauthorized\): it is missing, invalid or revoked\./)
    expect(step.masked).toEqual(['napi_wrong'])
    expect(step.everything).not.toContain('napi_wrong')
  })

  it('a revoked API key is refused the same way', async () => {
    const old = platform.addKey('old')
    await runStep({ ...base(), command: 'revoke-key', 'key-id': String(old.id) })
    const step = await runStep({ command: 'list-keys', 'api-key': old.key, 'api-host': url })
    expect(errorLines(step.stdout)[0]).toContain('401 Unauthorized')
  })

  it.each([
    [{ command: 'rotate-everything' }, /`command` is "rotate-everything"/],
    [{ command: 'revoke-key', 'key-id': 'abc' }, /`key-id` is "abc": it must be a positive integer/],
    [{ command: 'create-key', 'key-name': 'k'.repeat(65) }, /`key-name` is 65 characters long/],
    [{ command: 'wait-for-operations', 'project-id': 'UPPER' }, /`project-id` is "UPPER"/],
  ])('bad input %j: one error line and no request', async (inputs, expected) => {
    const step = await runStep({ ...base(), ...(inputs as Record<string, string>) })
    expect(step.code).toBe(1)
    const errors = errorLines(step.stdout)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(expected)
    expect(platform.requests).toHaveLength(0)
  })

  it('refuses plain http to a host that is not loopback, before any request', async () => {
    const step = await runStep({ command: 'list-keys', 'api-key': admin.key, 'api-host': 'http://example.com/api/v2' })
    expect(errorLines(step.stdout)[0]).toMatch(/plain http to example\.com/)
    expect(step.masked[0]).toBe(admin.key)
    expect(step.everything).not.toContain(admin.key)
  })
})

describe('post step', () => {
  it('does nothing, quietly, when main saved no key', async () => {
    const step = await runStep({ ...base(), command: 'list-keys' }, { state: { isPost: 'true' } })
    expect(step.code).toBe(0)
    expect(stripMasks(step.stdout)).toBe('')
    expect(platform.requests).toHaveLength(0)
  })
})

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
      const run = await promisify(execFile)(process.execPath, [...REPORT_UNDICI_ENTRY, join(dir, 'dist', 'index.js')], {
        env,
        encoding: 'utf8',
      })
      // @actions/core imports undici's entry, for an OIDC client the action never uses: the bundle leaves that client out.
      expect([command, /::error::.*/.exec(run.stdout)?.[0], run.stderr]).toEqual([command, undefined, 'undici entry: not evaluated\n'])
    }
    // Nor does it hold it (its mock agent): nothing the bundle holds imports undici's entry (src/runner/toolkit-unused.ts).
    expect(holding('MockAgent')).toEqual([])
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
    const run = await promisify(execFile)(process.execPath, [join(dir, 'dist', 'index.js')], { env, encoding: 'utf8' })
    expect([run.stdout, run.stderr, platform.requests.length]).toEqual(['', '', 0])
    rmSync(dir, { recursive: true, force: true })
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
