/**
 * The published API descriptions the action is written against, pinned in openapi/ (see its README).
 *
 * The platform's description is pinned whole. GitHub's is large (13 MB), so only the calls the
 * action makes are pinned, with the parts of `components` they use.
 *
 * `node scripts/spec.ts check` (npm run spec:check) compares each pin with the newest version of its package, in what
 * the action reads, and exits 1 when that changed. `--help` says more.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { parse } from 'yaml'
import { changesInReads, otherCallsChanged } from './spec-reads.ts'

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)))

/** Where each pinned description comes from: a package in the npm registry, and a file in it. */
export const SOURCES = {
  neon: {
    package: '@neondatabase/api-client',
    version: '2.7.3',
    file: 'public-v2-for-users.gen.yaml',
    pinned: 'openapi/neon-api-v2.yaml',
  },
  github: {
    package: '@octokit/openapi',
    version: '23.0.2',
    file: 'generated/api.github.com.json',
    pinned: 'openapi/github-api.json',
  },
} as const

/**
 * The calls the action makes to the platform (src/api/endpoints.ts): method and path, as the
 * description writes them. The contract test (__tests__/api/contract.test.ts) fails when an
 * endpoint function calls anything else, so this list stays the action's.
 */
export const PLATFORM_CALLS: ReadonlyArray<readonly [method: string, path: string]> = [
  ['get', '/auth'],
  ['get', '/users/me/organizations'],
  ['get', '/api_keys'],
  ['post', '/api_keys'],
  ['delete', '/api_keys/{key_id}'],
  ['get', '/organizations/{org_id}/api_keys'],
  ['post', '/organizations/{org_id}/api_keys'],
  ['delete', '/organizations/{org_id}/api_keys/{key_id}'],
  ['get', '/organizations/{org_id}/members'],
  ['get', '/projects'],
  ['get', '/projects/{project_id}'],
  ['get', '/projects/{project_id}/branches/{branch_id}'],
  ['get', '/projects/{project_id}/operations'],
  ['get', '/projects/{project_id}/operations/{operation_id}'],
]

/** The calls the action makes to GitHub (src/github/): method and path, as GitHub's description writes them. */
export const GITHUB_CALLS: ReadonlyArray<readonly [method: string, path: string]> = [
  ['get', '/meta'],
  ['get', '/repos/{owner}/{repo}'],
  ...secretCalls('/repos/{owner}/{repo}/actions/secrets'),
  ...secretCalls('/repos/{owner}/{repo}/environments/{environment_name}/secrets'),
  ...secretCalls('/repos/{owner}/{repo}/dependabot/secrets'),
  ...secretCalls('/orgs/{org}/actions/secrets'),
  ['get', '/orgs/{org}/actions/secrets/{secret_name}/repositories'],
  ['put', '/orgs/{org}/actions/secrets/{secret_name}/repositories'],
  ...secretCalls('/orgs/{org}/dependabot/secrets'),
  ['get', '/orgs/{org}/dependabot/secrets/{secret_name}/repositories'],
  ['put', '/orgs/{org}/dependabot/secrets/{secret_name}/repositories'],
]

/** A store's public key, and reading and writing one secret. */
function secretCalls(base: string): Array<readonly [string, string]> {
  return [
    ['get', `${base}/public-key`],
    ['get', `${base}/{secret_name}`],
    ['put', `${base}/{secret_name}`],
  ]
}

type Json = Record<string, unknown>

/**
 * The part of GitHub's description that the action's calls use: those operations, and every
 * component they refer to, directly or through other components. Keys keep the source's order.
 */
export function githubSubset(full: Json): Json {
  const fullPaths = full.paths as Record<string, Json>
  const paths: Record<string, Json> = {}
  for (const [method, path] of GITHUB_CALLS) {
    const operation = fullPaths[path]?.[method]
    if (operation === undefined) throw new Error(`GitHub's description has no ${method.toUpperCase()} ${path}`)
    paths[path] = { ...paths[path], [method]: operation }
  }
  const used = new Set<string>()
  const pending: unknown[] = [paths]
  const components = full.components as Record<string, Json>
  while (pending.length > 0) {
    for (const ref of referencesIn(pending.pop())) {
      if (used.has(ref)) continue
      used.add(ref)
      const [, , section = '', name = ''] = ref.split('/')
      pending.push(components[section]?.[name])
    }
  }
  const kept: Record<string, Json> = {}
  for (const [section, entries] of Object.entries(components)) {
    const names = Object.keys(entries).filter((name) => used.has(`#/components/${section}/${name}`))
    if (names.length > 0) kept[section] = Object.fromEntries(names.map((name) => [name, entries[name]]))
  }
  const sortedPaths = Object.fromEntries(
    Object.keys(fullPaths).flatMap((path) => (path in paths ? [[path, paths[path]]] : [])),
  )
  return { openapi: full.openapi, info: full.info, servers: full.servers, paths: sortedPaths, components: kept }
}

/** Every `$ref` inside a value. */
function referencesIn(value: unknown): string[] {
  const found: string[] = []
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk)
    else if (typeof node === 'object' && node !== null) {
      for (const [key, child] of Object.entries(node)) {
        if (key === '$ref' && typeof child === 'string') found.push(child)
        else walk(child)
      }
    }
  }
  walk(value)
  return found
}

const HELP = `node scripts/spec.ts check [options]   (npm run spec:check [-- options])

Compares each pinned description in openapi/ with the newest version of its npm package, in what the
action reads: the calls it makes, their parameters, request bodies and 2xx answers, field by field.
Prints one line per change. Exits 1 when what the action reads changed, 0 when it did not, and 2
when it could not compare (a wrong option, or a file or package it could not read).

  --neon <file>    compare the platform's pin with this file (YAML or JSON) instead of the newest version
  --github <file>  compare GitHub's pin with this file (whole, or cut to the action's calls) instead
                   With either, nothing is downloaded, and only the descriptions given are compared.
  --write          move the pins to the newest versions: write openapi/neon-api-v2.yaml as published,
                   openapi/github-api.json (the action's calls and what they use), the types
                   (npm run spec:types), and the versions in scripts/spec.ts and openapi/README.md.
                   Exits 0 once written; the lines printed say what to look at in src/.
`

type Key = keyof typeof SOURCES
type Source = (typeof SOURCES)[Key]
/** A version of a description: its text, and the package version it came from (none for a local file). */
interface Published {
  text: string
  version?: string
  origin: string
}

class UsageError extends Error {}

/** Runs `check` with the command line's options; the exit code: 1 when what the action reads changed. */
function main(args: string[]): number {
  const options = {
    neon: { type: 'string' },
    github: { type: 'string' },
    write: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  } as const
  const { values, positionals } = parseArgs({ args, options, allowPositionals: true })
  if (values.help || positionals.join(' ') !== 'check') {
    console.log(HELP)
    return values.help ? 0 : 2
  }
  const files = { neon: values.neon, github: values.github }
  const offline = files.neon !== undefined || files.github !== undefined
  // A local file has no version to write into SOURCES: a pin moves only to a published version.
  if (values.write && offline) throw new UsageError('--write takes no file: a pin moves only to a published version')
  let changed = false
  for (const key of ['neon', 'github'] as const) {
    const file = files[key]
    if (offline && file === undefined) continue
    const published = file === undefined ? download(SOURCES[key]) : { text: readFileSync(file, 'utf8'), origin: file }
    changed = compare(key, published, file ?? SOURCES[key].file, values.write) || changed
    console.log('')
  }
  if (changed && !values.write) {
    console.log('What the action reads changed. See docs/developing.md, "The published descriptions", for what to do.')
  }
  return changed && !values.write ? 1 : 0
}

/** Compares one pin with a version of its description, prints what changed, and moves the pin when told. */
function compare(key: Key, published: Published, name: string, write: boolean): boolean {
  const source = SOURCES[key]
  const pinned = readDescription(readFileSync(join(ROOT, source.pinned), 'utf8'), source.pinned)
  const newer = readDescription(published.text, name)
  console.log(`${source.package}: the pin, ${source.version}, against ${published.origin}`)
  const lines = changesInReads(pinned, newer, key === 'neon' ? PLATFORM_CALLS : GITHUB_CALLS)
  for (const line of lines) console.log(line)
  const total = lines.length === 0 ? 'No change' : count(lines.length, 'change')
  console.log(`${total} in what the action reads.`)
  // GitHub's pin holds only the action's calls: there is nothing elsewhere to count.
  const others = key === 'neon' ? otherCallsChanged(pinned, newer, PLATFORM_CALLS) : 0
  if (others > 0) console.log(`Not listed: changes in ${count(others, 'other call')}, which the action does not make.`)
  const { version } = published
  if (version !== undefined && version !== source.version) {
    if (write) writePin(key, published.text, version)
    else if (lines.length === 0) console.log(`The pin may move to ${version}: npm run spec:check -- --write`)
  }
  return lines.length > 0
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`

/** JSON by the file's name, YAML otherwise. */
function readDescription(text: string, name: string): Json {
  return (name.endsWith('.json') ? JSON.parse(text) : parse(text)) as Json
}

/** The description file of the newest version of a source's package, from the npm registry. */
function download(source: Source): Published {
  const npm = (...args: string[]) => execFileSync('npm', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
  const version = npm('view', source.package, 'version').trim()
  const dir = mkdtempSync(join(tmpdir(), 'spec-'))
  try {
    const packed = npm('pack', `${source.package}@${version}`, '--pack-destination', dir, '--json')
    const tarball = (JSON.parse(packed) as Array<{ filename?: string }>)[0]?.filename
    if (tarball === undefined) throw new Error(`npm pack ${source.package}@${version} made no tarball`)
    execFileSync('tar', ['-xzf', join(dir, tarball), '-C', dir, `package/${source.file}`])
    const text = readFileSync(join(dir, 'package', source.file), 'utf8')
    return { text, version, origin: `${version}, the newest` }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Moves one pin to a published version: its file, its version in SOURCES and openapi/README.md, and the types. */
function writePin(key: Key, published: string, version: string): void {
  const source = SOURCES[key]
  // GitHub's description is cut to the action's calls: githubSubset fails if one of them is gone.
  const text = key === 'neon' ? published : `${JSON.stringify(githubSubset(JSON.parse(published) as Json), null, 2)}\n`
  writeFileSync(join(ROOT, source.pinned), text)
  const name = source.package.replace(/[/.-]/g, '\\$&')
  replaceIn('scripts/spec.ts', new RegExp(`(package: '${name}',\\s*version: ')[^']*'`), `$1${version}'`)
  replaceIn('openapi/README.md', `\`${source.package}\` ${source.version}`, `\`${source.package}\` ${version}`)
  if (key === 'neon') execFileSync('npm', ['run', 'spec:types'], { cwd: ROOT, stdio: 'inherit' })
  console.log(`Moved the pin to ${version}: ${source.pinned}, scripts/spec.ts and openapi/README.md.`)
}

function replaceIn(file: string, from: string | RegExp, to: string): void {
  const text = readFileSync(join(ROOT, file), 'utf8')
  const replaced = text.replace(from, to)
  if (replaced === text) throw new Error(`${file} does not hold ${String(from)}: change it by hand`)
  writeFileSync(join(ROOT, file), replaced)
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    process.exitCode = main(process.argv.slice(2))
  } catch (error) {
    // A wrong option, or a file or package that cannot be read: not a change, so not exit 1.
    console.error(`spec: ${error instanceof Error ? error.message : String(error)}`)
    if (error instanceof UsageError || (error instanceof TypeError && 'code' in error)) console.error(HELP)
    process.exitCode = 2
  }
}
