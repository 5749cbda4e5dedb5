// The committed bundle (dist/, src/bundle.ts its entry) starts light: no libsodium or Octokit, each command loads only its
// own chunks, the idle post step runs from its entry and dist/bundle.js alone; and it reads like the source, its maps leading
// back to src/. Child processes on dist/ (or a copy of it with chunks left out), against the platform emulator.
import { describe, expect, it } from '@jest/globals'
import { execFile } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs'
import { SourceMap } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { PlatformEmulator } from '../../emulator/platform.ts'
import { errorLines, runStep, BUNDLE, ROOT, stepEnvironment } from '../../scripts/run-step.ts'
import { platformPerTest } from '../support/platform-per-test.ts'
import { jobKeyState } from '../support/saved-state.ts'

let platform: PlatformEmulator

const { base } = platformPerTest((started) => ({ platform } = started))

describe('start-up stays light', () => {
  const dist = join(BUNDLE, '..')
  /** Node's arguments that make it say on stderr, at exit, whether undici's entry was evaluated (it installs a global dispatcher). */
  const REPORT_UNDICI_ENTRY = [
    '--import',
    "data:text/javascript,process.on('exit', () => process.stderr.write(`undici entry: ${globalThis[Symbol.for('undici.globalDispatcher.2')] ? '' : 'not '}evaluated\\n`))",
  ]
  /** The two entries action.yml runs: two lines each, that call a loader of dist/bundle.js (scripts/bundle.ts). */
  const ENTRIES = ['index.js', 'post-entry.js']
  /** What ncc wrote: dist/bundle.js (webpack's runtime and the loaders) and its chunks. */
  const files = () => readdirSync(dist).filter((f) => f.endsWith('.js') && !ENTRIES.includes(f))
  /** The files a file of dist/ was built from, as its map names them: `.././src/…`, `.././node_modules/<package>/…`. */
  const sourcesOf = (file: string) =>
    (JSON.parse(readFileSync(join(dist, `${file}.map`), 'utf8')) as { sources: string[] }).sources
  /** What only the chunks a plain command must never load hold: one marker each. */
  const NOT_FOR_PLAIN_COMMANDS: Record<string, string> = {
    'the secret store': 'GitHub never confirmed it',
    'the sealed box': 'hsalsa',
  }

  it('libsodium and Octokit are not bundled: the action seals and speaks to GitHub itself', () => {
    const sources = files().flatMap(sourcesOf)
    const packages = new Set(
      sources.map((source) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source)?.[1]).filter(Boolean),
    )
    expect([...packages].filter((name) => /libsodium|octokit/.test(name!))).toEqual([])
    expect([...packages]).toEqual(
      expect.arrayContaining(['@actions/core', '@noble/ciphers', '@noble/hashes', 'undici']),
    )
  })

  it('commands other than rotate-key with a secret run without the secret store and the sealed box', async () => {
    const holding = (marker: string) => files().filter((f) => readFileSync(join(dist, f), 'utf8').includes(marker))
    const left = new Set<string>()
    for (const [what, marker] of Object.entries(NOT_FOR_PLAIN_COMMANDS)) {
      const chunks = holding(marker)
      // Each is a chunk of its own, loaded only when needed: never the entry itself.
      expect([what, chunks.length > 0, chunks.includes('bundle.js')]).toEqual([what, true, false])
      for (const chunk of chunks) left.add(chunk)
    }
    const dir = mkdtempSync(join(tmpdir(), 'neon-action-main-only-'))
    cpSync(dist, join(dir, 'dist'), { recursive: true, filter: (src) => ![...left].some((c) => src.endsWith(`/${c}`)) })
    platform.addProjects(3)
    for (const command of ['list-projects', 'list-keys', 'create-key']) {
      const { env } = stepEnvironment(dir, { ...base(), command, 'key-name': 'light' })
      // Async: the emulator answers from this very process.
      const run = await promisify(execFile)(process.execPath, [join(dir, 'dist', 'index.js')], {
        env,
        encoding: 'utf8',
      })
      expect([command, /::error::.*/.exec(run.stdout)?.[0], run.stderr]).toEqual([command, undefined, ''])
    }
    rmSync(dir, { recursive: true, force: true })
  })

  it("every command is in one chunk with the rest of the action's code; GitHub's code and the packages are chunks of their own", () => {
    const holding = (source: string) => files().filter((f) => sourcesOf(f).includes(`.././${source}`))
    const commands = readdirSync(join(ROOT, 'src', 'commands')).map((f) => `src/commands/${f}`)
    const [main] = holding('src/settings.ts')
    expect(commands.map((command) => [command, holding(command)])).toEqual(commands.map((command) => [command, [main]]))
    expect([holding('src/step.ts'), holding('src/api/client.ts')]).toEqual([[main], [main]])
    // Loaded by rotate-key storing secrets only; the packages (the toolkit, undici), by every step but the idle post step.
    const github = holding('src/github/secret-stores.ts')
    const packages = holding('node_modules/undici/index.js')
    expect([github.length, packages.length, main === 'bundle.js']).toEqual([1, 1, false])
    expect(new Set([main, github[0], packages[0], 'bundle.js']).size).toBe(4)
  })

  it('the post step with nothing to revoke runs from its entry and the runtime alone, silently and without a request', async () => {
    // The webpack runtime with the loaders is about 16 kB as ncc writes it; the client and undici are hundreds.
    const light = [...ENTRIES, 'bundle.js']
    expect(light.map((file) => statSync(join(dist, file)).size).reduce((a, b) => a + b)).toBeLessThan(32_000)
    const dir = mkdtempSync(join(tmpdir(), 'neon-action-post-only-'))
    mkdirSync(join(dir, 'dist'))
    for (const file of [...light, 'package.json']) cpSync(join(dist, file), join(dir, 'dist', file))
    const { env } = stepEnvironment(dir, { ...base(), command: 'create-key', 'key-name': 'light' }, { state: {} })
    const run = await promisify(execFile)(
      process.execPath,
      [...REPORT_UNDICI_ENTRY, join(dir, 'dist', 'post-entry.js')],
      {
        env,
        encoding: 'utf8',
      },
    )
    // Neither the toolkit nor undici: @actions/core loads undici's entry (through @actions/http-client) as it loads.
    expect([run.stdout, run.stderr, platform.requests.length]).toEqual(['', 'undici entry: not evaluated\n', 0])
    rmSync(dir, { recursive: true, force: true })
  })

  it("a command step loads the toolkit, and with it undici's entry: what the idle post step is spared", async () => {
    platform.addProjects(1)
    const { env } = stepEnvironment(mkdtempSync(join(tmpdir(), 'neon-action-command-')), {
      ...base(),
      command: 'list-projects',
    })
    const run = await promisify(execFile)(process.execPath, [...REPORT_UNDICI_ENTRY, BUNDLE], { env, encoding: 'utf8' })
    expect([/::error::.*/.exec(run.stdout)?.[0], run.stderr]).toEqual([undefined, 'undici entry: evaluated\n'])
    rmSync(env.RUNNER_TEMP!, { recursive: true, force: true })
  })

  it('the bundle holds one undici: the toolkit sends through the very copy the action does (package.json `overrides`)', () => {
    // In every undici since 6 (lib/global.js): a second copy of any version would hold it too.
    const marker = 'undici.globalDispatcher.1'
    expect(files().flatMap((f) => readFileSync(join(dist, f), 'utf8').split(marker).slice(1)).length).toBe(1)
  })

  /** Each line's own source, as its file's map names it; '' for webpack's own lines (a module's head, its exports). */
  function lineSources(file: string, lines: string[]): string[] {
    type Payload = ConstructorParameters<typeof SourceMap>[0]
    const payload = JSON.parse(readFileSync(join(dist, `${file}.map`), 'utf8')) as Payload
    const map = new SourceMap(payload)
    return lines.map((_, i) => {
      const entry = map.findEntry(i, 0)
      return 'originalSource' in entry && entry.generatedLine === i ? entry.originalSource : ''
    })
  }
  /** The line numbers of each module of a chunk, a line of three stars between slashes and an id opens it. */
  function modulesOf(lines: string[]): number[][] {
    const starts = lines.flatMap((line, i) => (/^\/\*\*\*\/ \d+:$/.test(line) ? [i] : []))
    return starts.map((from, k) => lines.map((_, i) => i).slice(from, starts[k + 1] ?? lines.length))
  }
  /** The package a source is from (`@actions/core`, `undici`), `src` for the action's own, undefined for none. */
  const packageOf = (source: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)\/|\/(src)\//.exec(source)?.slice(1).join('')
  /** A top-level declaration of a concatenated module, as webpack names it there (`lib_HttpClient`, …). */
  const DECLARED = /^(?:async )?(?:function\*?|class|const|let|var) ([\w$]+)/

  it('nothing in the bundle calls @actions/http-client, which runs on undici 8 though it declares undici ^6', () => {
    // package.json `overrides`, docs/audit.md "Deliberate departures": @actions/core imports the client for OIDC tokens
    // (getIDToken), which the action never asks for. webpack then concatenates the client into the toolkit's module and
    // leaves every name it declares unused: the client's code runs only its own top level, as the toolkit loads. Other
    // modules reach a module only through its exports, which are lines of that module too.
    const found: { file: string; names: string[]; packages: string[]; uses: string[] }[] = []
    for (const file of files()) {
      const lines = readFileSync(join(dist, file), 'utf8').split('\n')
      const sources = lineSources(file, lines)
      for (const module of modulesOf(lines)) {
        const own = new Set(module.filter((i) => packageOf(sources[i]!) === '@actions/http-client'))
        if (own.size === 0) continue
        const names = [...own].flatMap((i) => DECLARED.exec(lines[i]!)?.[1] ?? [])
        const alternatives = names.map((name) => name.replace(/\$/g, '\\$')).join('|')
        const named = new RegExp(`(?<![\\w$.'"])(${alternatives})(?![\\w$'"])`)
        const outside = module.filter((i) => !own.has(i))
        const uses = outside.filter((i) => named.test(lines[i]!)).map((i) => `${sources[i]}: ${lines[i]!.trim()}`)
        const packages = [...new Set(module.flatMap((i) => packageOf(sources[i]!) ?? []))].sort()
        found.push({ file, names, packages, uses })
      }
    }
    // One module holds the client, the toolkit's (no code of the action's); no line outside the client names it.
    expect(found).toEqual([
      {
        file: expect.any(String),
        names: expect.arrayContaining(['lib_HttpClient', 'HttpClientError']),
        packages: ['@actions/core', '@actions/exec', '@actions/http-client', '@actions/io'],
        uses: [],
      },
    ])
  })

  it('from the bundle, the post step loads its chunk and revokes the job-scoped key', async () => {
    const job = platform.addKey('job')
    const step = await runStep(
      { ...base(), command: 'create-key', 'key-name': 'job', 'revoke-after-job': 'true' },
      { entry: 'bundle', state: jobKeyState(job.id) },
    )
    expect([step.code, errorLines(step.stdout)]).toEqual([0, []])
    expect(step.stdout).toContain(`Revoked the job-scoped API key ${job.id}.`)
    expect(platform.isKeyValid(job.id)).toBe(false)
  })

  it("every file of the bundle is readable: lines of source length, the action's names and comments kept", () => {
    let lines = 0
    let long = 0
    for (const file of files()) {
      const text = readFileSync(join(dist, file), 'utf8')
      const fileLines = text.split('\n')
      lines += fileLines.length
      long += fileLines.filter((line) => line.length > 300).length
      // A minified file is a few lines of thousands of characters each.
      expect([file, text.length / fileLines.length < 100]).toEqual([file, true])
    }
    expect(long / lines).toBeLessThan(0.01)
    const entry = readFileSync(join(dist, 'bundle.js'), 'utf8')
    expect(entry).toContain('function postStepHasWork(env = process.env) {')
    expect(entry).toContain('/** Whether the main step left work for the post step. */')
  })

  // Not in mutation runs (E2E_ENTRY=source): the sandbox's src/ holds the mutants, its lines not those dist/ was built from.
  const againstSrc = process.env.E2E_ENTRY === 'source' ? it.skip : it
  againstSrc(
    "every file has a source map beside it, without the sources' text, that leads each line of the action's code to its line in src/",
    () => {
      for (const file of files()) {
        const map = JSON.parse(readFileSync(join(dist, `${file}.map`), 'utf8')) as {
          sources: string[]
          sourcesContent?: unknown
        }
        expect([file, map.sourcesContent, map.sources.length > 0]).toEqual([file, undefined, true])
      }
      // A line of src/ that the bundle holds as it is: the generated line maps back to it.
      const state = readFileSync(join(ROOT, 'src', 'keys', 'ledger.ts'), 'utf8').split('\n')
      const chunk = join(dist, 'bundle.js')
      const generated = readFileSync(chunk, 'utf8').split('\n')
      const at = generated.findIndex((line) => line.startsWith('function postStepHasWork('))
      const map = new SourceMap(
        JSON.parse(readFileSync(`${chunk}.map`, 'utf8')) as ConstructorParameters<typeof SourceMap>[0],
      )
      const entry = map.findEntry(at, 0)
      expect([
        'originalSource' in entry && entry.originalSource,
        'originalLine' in entry && entry.originalLine,
      ]).toEqual([
        '.././src/keys/ledger.ts',
        state.findIndex((line) => line.startsWith('export function postStepHasWork(')),
      ])
    },
  )
})
