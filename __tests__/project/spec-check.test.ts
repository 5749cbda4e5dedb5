// npm run spec:check (scripts/spec.ts) as the weekly workflow runs it, in a child process, but against local copies of
// the pinned descriptions, changed the way a new version could change them: nothing is downloaded. Which changes it
// names (scripts/spec-reads.ts) is tested in this process, on the same changed copies. Then the pins themselves:
// GitHub's is exactly what githubSubset cuts, and the platform's types are what openapi-typescript makes.
import { describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript'
import { parse } from 'yaml'
import { ROOT } from '../../scripts/run-step.ts'
import { GITHUB_CALLS, githubSubset, PLATFORM_CALLS, SOURCES } from '../../scripts/spec.ts'
import { changesInReads } from '../../scripts/spec-reads.ts'
import { tempDirPerTest } from '../support/temp-dir.ts'

const NEON = join(ROOT, SOURCES.neon.pinned)
const GITHUB = join(ROOT, SOURCES.github.pinned)
const neonPin = parse(readFileSync(NEON, 'utf8'))
const githubText = readFileSync(GITHUB, 'utf8')

let dir: string
tempDirPerTest('spec-check-', (made) => (dir = made))

/** Runs the check with these options. npm is kept offline: a download would fail, not pass. */
function check(...args: string[]) {
  const env = { ...process.env, npm_config_offline: 'true' }
  const script = join(ROOT, 'scripts/spec.ts')
  const run = spawnSync(process.execPath, [script, 'check', ...args], { cwd: ROOT, env, encoding: 'utf8' })
  return { status: run.status, out: run.stdout, err: run.stderr }
}

/** Runs the check against a copy of a pin, changed, written as JSON into the test's folder. */
function checkChanged(which: 'neon' | 'github', change: (spec: any) => void) {
  const copy = which === 'neon' ? structuredClone(neonPin) : JSON.parse(githubText)
  change(copy)
  const file = join(dir, `${which}.json`)
  writeFileSync(file, JSON.stringify(copy))
  return check(`--${which}`, file)
}

/** The changes the check names for a pin changed so, in the order it prints them: computed here, in this process. */
function namedChanges(which: 'neon' | 'github', change: (spec: any) => void): string[] {
  const pin = which === 'neon' ? neonPin : JSON.parse(githubText)
  const copy = structuredClone(pin)
  change(copy)
  return changesInReads(structuredClone(pin), copy, which === 'neon' ? PLATFORM_CALLS : GITHUB_CALLS)
}

/** The lines that name a change: each starts with the call. */
function changeLines(out: string): string[] {
  return out.split('\n').filter((line) => /^(GET|POST|PUT|DELETE) \//.test(line))
}

const OPERATIONS = 'GET /projects/{project_id}/operations 200: operations[]'
const OPERATION = 'GET /projects/{project_id}/operations/{operation_id} 200: operation'

describe('npm run spec:check', () => {
  it('finds no change between the pins and themselves, and names the versions it compared', () => {
    const { status, out, err } = check('--neon', NEON, '--github', GITHUB)
    expect(err).toBe('')
    expect(out).toContain(`@neondatabase/api-client: the pin, ${SOURCES.neon.version}, against ${NEON}\n`)
    expect(out).toContain(`@octokit/openapi: the pin, ${SOURCES.github.version}, against ${GITHUB}\n`)
    expect(out.match(/^No change in what the action reads\.$/gm)).toHaveLength(2)
    expect(changeLines(out)).toEqual([])
    expect(status).toBe(0)
  })

  it('names a field of an answer that became required, in each call that answers with it', () => {
    const { status, out } = checkChanged('neon', (spec) => spec.components.schemas.Operation.required.push('branch_id'))
    const line = 'branch_id became required'
    expect(changeLines(out)).toEqual([`${OPERATIONS}.${line}`, `${OPERATION}.${line}`])
    expect(out).toContain('2 changes in what the action reads.')
    expect(status).toBe(1)
  })

  it('leaves out what changed in calls the action does not make, and counts them', () => {
    const { status, out } = checkChanged('neon', (spec) => {
      delete spec.paths['/projects/{project_id}/advisors']
      spec.components.schemas.Operation.description = 'Described anew'
    })
    expect(changeLines(out)).toEqual([])
    expect(out).toContain('No change in what the action reads.\n')
    expect(out).toContain('Not listed: changes in 1 other call, which the action does not make.\n')
    expect(status).toBe(0)
  })

  it('refuses --write with a local file: a pin moves only to a published version', () => {
    const { status, out, err } = check('--write', '--neon', NEON)
    expect(err).toContain('--write takes no file')
    expect(out).toBe('')
    expect(status).toBe(2)
  })
})

describe('the changes it names, in what the action reads', () => {
  it('names a field the action reads that is gone, in personal and organization keys alike', () => {
    const lines = namedChanges('neon', (spec) => {
      delete spec.components.schemas.ApiKeysListResponseItem.properties.last_used_from_addr
    })
    // An organization's key is a personal key's fields and its project (allOf).
    expect(lines).toEqual([
      'GET /api_keys 200: [].last_used_from_addr removed',
      'GET /organizations/{org_id}/api_keys 200: [].last_used_from_addr removed',
    ])
  })

  it('names a new value of an enum', () => {
    const lines = namedChanges('neon', (spec) => spec.components.schemas.OperationStatus.enum.push('paused'))
    const line = 'status has a new enum value "paused"'
    expect(lines).toEqual([`${OPERATIONS}.${line}`, `${OPERATION}.${line}`])
  })

  it('names a call the action makes that is gone, once', () => {
    const path = '/projects/{project_id}/operations/{operation_id}'
    const lines = namedChanges('neon', (spec) => delete spec.paths[path].get)
    expect(lines).toEqual([`GET ${path} removed`])
  })

  it('reads parameters, request bodies, types, formats, nullable, and fields that allOf and $ref bring in', () => {
    const lines = namedChanges('neon', (spec) => {
      const { schemas } = spec.components
      spec.paths['/projects/{project_id}/operations'].get.parameters[1].schema.maximum = 100
      schemas.ApiKeyCreateRequest.properties.key_name.maxLength = 32
      schemas.ApiKeyCreateRequest.properties.scope = { type: 'string' }
      schemas.ApiKeyCreateRequest.required.push('scope')
      schemas.Operation.properties.failures_count.type = 'number'
      schemas.Operation.properties.created_at.format = 'date'
      schemas.ApiKeysListResponseItem.properties.last_used_at.nullable = false
      // Beside its $ref: OpenAPI 3.0 ignores it, but tools read it.
      schemas.PaginationResponse.properties.pagination.nullable = true
    })
    // In the order of the calls (an organization's keys are built on a personal key's), then what is new.
    expect(lines).toEqual([
      'GET /api_keys 200: [].last_used_at is no longer nullable',
      'POST /api_keys request body: key_name maxLength 64 became 32',
      'GET /organizations/{org_id}/api_keys 200: [].last_used_at is no longer nullable',
      'POST /organizations/{org_id}/api_keys request body: key_name maxLength 64 became 32',
      'GET /projects 200: pagination became nullable',
      'GET /projects/{project_id}/operations parameter limit (query) maximum 1000 became 100',
      `${OPERATIONS}.failures_count type integer became number`,
      `${OPERATIONS}.created_at format date-time became date`,
      'GET /projects/{project_id}/operations 200: pagination became nullable',
      `${OPERATION}.failures_count type integer became number`,
      `${OPERATION}.created_at format date-time became date`,
      'POST /api_keys request body: scope added, required',
      'POST /organizations/{org_id}/api_keys request body: scope added, required',
    ])
  })

  it("reads GitHub's calls the same way", () => {
    const lines = namedChanges('github', (spec) => {
      delete spec.components.schemas['actions-public-key'].properties.key
    })
    // The Dependabot stores have a public key of their own.
    const repo = '/repos/{owner}/{repo}'
    const stores = [`${repo}/actions`, `${repo}/environments/{environment_name}`, '/orgs/{org}/actions']
    expect(lines).toEqual(stores.map((store) => `GET ${store}/secrets/public-key 200: key removed`))
  })
})

describe('the pins', () => {
  it("GitHub's is exactly what githubSubset cuts from it", () => {
    expect(`${JSON.stringify(githubSubset(JSON.parse(githubText)), null, 2)}\n`).toBe(githubText)
  })

  it("the platform's types are what openapi-typescript makes of its description (npm run spec:types)", async () => {
    const made = COMMENT_HEADER + astToString(await openapiTS(pathToFileURL(NEON)))
    expect(made).toBe(readFileSync(join(ROOT, 'openapi/neon-api-v2.d.ts'), 'utf8'))
  })
})
