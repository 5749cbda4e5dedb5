// Every command against the platform's published description (openapi/neon-api-v2.yaml) served by Prism, with every
// answer cut to the fields the description requires (emulator/required-only.ts): the leanest answers the platform may
// give, from the vendor's own examples rather than the emulator's. Prism answers 422 to a request the description does
// not allow, so each step's requests are checked too. One Prism serves the whole file, behind a front that records
// each exchange (__tests__/support/prism.ts).
// A static mock answers the same example whatever the id in the path, and GET /auth, which has no example, with the
// first value of its enum, `keycloak`, which is no kind of API key. Where that makes a case meaningless, the test says
// so and checks that the step fails closed.
// End to end: each step is a child process, as a runner starts it (scripts/run-step.ts), on the committed
// bundle dist/index.js (E2E_ENTRY=source runs src/ instead).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { platformContract } from '../../emulator/contract.ts'
import { answersCutToRequired } from '../../emulator/required-only.ts'
import { errorLines, runStep, type StepOptions, type StepResult } from '../../scripts/run-step.ts'
import { startPrism, type Exchange, type PrismServer } from '../support/prism.ts'
import { savedLife } from '../support/saved-state.ts'

/** The ids the description's examples use. */
const ORG = 'org-morning-bread-81040908'
/** The organization of the members the example of GET /organizations/{org_id}/members lists. */
const MEMBERS_ORG = 'my-organization-morning-bread-81040908'
const PROJECT = 'spring-example-302709'
const BRANCH = 'br-wispy-meadow-118737'
const OPERATIONS = `/projects/${PROJECT}/operations`
/** The example of an operation in a list (the Operation schema's). */
const LISTED_OPERATION = 'd8ac46eb-a757-42b1-9907-f78322ee394e'
/** The example answer of GET /projects/{project_id}/operations/{operation_id}, whatever the id asked for. */
const READ_OPERATION = 'a07f8772-1877-4da9-a939-3a3ae62d1d8d'
/** The listed keys, the key every create answers, and the key every revocation answers. */
const LISTED_KEYS = [165432, 165433]
const CREATED_KEY = 165434
const REVOKED_KEY = 165435
const CREATED_VALUE = '9v1faketcjbl4sn1013keyd43n2a8qlfakeog8yvp40hx16keyjo1bpds4y2dfms3'
/** Where every listed key was last used from. */
const ADDRESS = '192.0.2.255'
/** GET /projects lists these two, whatever the organization. */
const LISTED_PROJECTS = ['shiny-wind-028834', 'winter-boat-259881']

const contract = platformContract()
let dir: string
let prism: PrismServer

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'neon-prism-'))
  const file = join(dir, 'neon-api-v2.required-only.json')
  writeFileSync(file, JSON.stringify(answersCutToRequired(contract.description)))
  prism = await startPrism(file)
}, 45_000)

afterAll(async () => {
  await prism?.stop()
  rmSync(dir, { recursive: true, force: true })
})

interface PrismStep extends StepResult {
  /** What the step asked Prism, and what it was answered. */
  calls: Exchange[]
}

type Inputs = Record<string, string>

async function step(inputs: Inputs, options?: StepOptions): Promise<PrismStep> {
  const result = await runStep({ 'api-key': 'napi_prism_test', 'api-host': prism.url, ...inputs }, options)
  const calls = prism.take()
  expectLeanAnswers(calls)
  return { ...result, calls }
}

/**
 * Every request was one the description allows (Prism answers 422 to any other), and every answer is one it allows
 * that holds only required fields: the cut copy works, answers Prism makes from schemas included.
 */
function expectLeanAnswers(calls: Exchange[]): void {
  const problems = calls.flatMap(({ method, path, status, body }) => {
    const call = contract.find(method, path)
    if (!call) return [`${method} ${path}: not in the description`]
    if (status >= 300) return [`${method} ${path} answered ${status}: ${JSON.stringify(body)}`]
    const schema = contract.answerSchema(call, status)
    const cut = schema ? contract.cutToRequired(body, schema) : body
    const extra = JSON.stringify(cut) === JSON.stringify(body) ? [] : [`${method} ${path}: optional fields`]
    return [...contract.checkAnswer(method, path, status, body), ...extra]
  })
  expect(problems).toEqual([])
}

const requests = (result: PrismStep) => result.calls.map((c) => `${c.method} ${c.path}`)

function expectSuccess(result: PrismStep): void {
  expect({ code: result.code, errors: errorLines(result.stdout) }).toEqual({ code: 0, errors: [] })
}

/** Fails with one clear `::error::` line holding `text`. */
function expectFailure(result: PrismStep, text: string): void {
  expect(result.code).toBe(1)
  expect(errorLines(result.stdout)).toEqual([expect.stringContaining(text)])
}

const json = (value: string | undefined): unknown => JSON.parse(value ?? 'null')

describe('list-projects', () => {
  it("without org-id: the key's only organization, then its projects", async () => {
    const result = await step({ command: 'list-projects' })
    expectSuccess(result)
    // An Organization has no example: Prism makes `"string"` of its id.
    expect(result.outputs['org-id']).toBe('string')
    expect(json(result.outputs['project-ids'])).toEqual(LISTED_PROJECTS)
    expect(result.calls.map((c) => [c.path, c.query])).toEqual([
      ['/users/me/organizations', {}],
      ['/projects', { org_id: 'string', limit: '400' }],
    ])
  })

  it('with org-id', async () => {
    const result = await step({ command: 'list-projects', 'org-id': ORG })
    expectSuccess(result)
    expect(result.outputs['org-id']).toBe(ORG)
    expect(json(result.outputs['project-ids'])).toEqual(LISTED_PROJECTS)
    const projects = json(result.outputs.projects) as Array<Record<string, unknown>>
    expect(projects.map((p) => p.name)).toEqual(LISTED_PROJECTS)
    expect(result.calls.map((c) => c.query)).toEqual([{ org_id: ORG, limit: '400' }])
  })
})

describe('list-keys', () => {
  it('personal keys: a use whose time the cut answer leaves out has a last_used_at of null, beside its address', async () => {
    // With expected-networks: both keys were last used from 192.0.2.255, outside 10.0.0.0/8.
    const result = await step({ command: 'list-keys', 'expected-networks': '10.0.0.0/8' })
    expectSuccess(result)
    const noTime = { last_used_at: null, last_used_from_addr: ADDRESS, scope: 'personal' }
    expect(json(result.outputs.keys)).toEqual(LISTED_KEYS.map((id) => expect.objectContaining({ id, ...noTime })))
    expect(requests(result)).toEqual(['GET /api_keys'])
    expect(json(result.outputs['unexpected-use-key-ids'])).toEqual(LISTED_KEYS)
    const warnings = result.stdout.split('\n').filter((l) => l.startsWith('::warning::'))
    expect(warnings.filter((l) => l.includes(`"${ADDRESS}"`))).toHaveLength(2)
  })

  it("an organization's keys", async () => {
    const result = await step({ command: 'list-keys', 'org-id': ORG })
    expectSuccess(result)
    const keys = json(result.outputs.keys)
    expect(keys).toEqual(LISTED_KEYS.map((id) => expect.objectContaining({ id, scope: 'organization' })))
    expect(result.outputs['org-id']).toBe(ORG)
    expect(requests(result)).toEqual([`GET /organizations/${ORG}/api_keys`])
  })

  it('with expected-creators: both keys were made by John Smith, who is not among the members the example lists', async () => {
    const result = await step({ command: 'list-keys', 'org-id': MEMBERS_ORG, 'expected-creators': 'members' })
    expectSuccess(result)
    expect(json(result.outputs['unexpected-creator-key-ids'])).toEqual(LISTED_KEYS)
    const creator = { id: '629982cc-de05-43db-ae16-28f2399c4910', name: 'John Smith' }
    expect(json(result.outputs.keys)).toEqual(
      LISTED_KEYS.map((id) => expect.objectContaining({ id, created_by: creator })),
    )
    // The answer cut to its required fields has no `pagination`: one page.
    expect(requests(result)).toEqual([
      `GET /organizations/${MEMBERS_ORG}/members`,
      `GET /organizations/${MEMBERS_ORG}/api_keys`,
    ])
    expect(result.everything).not.toContain('@email.com')
  })

  it("with expected-creators, for another organization: the example's members are not its members, and the step fails", async () => {
    const result = await step({ command: 'list-keys', 'org-id': ORG, 'expected-creators': 'members' })
    expectFailure(result, `list of organization ${ORG} with a member of organization ${MEMBERS_ORG}.`)
    expect(requests(result)).toEqual([`GET /organizations/${ORG}/members`])
  })
})

describe('create-key', () => {
  it('a personal key: masked, and handed to later steps', async () => {
    const result = await step({ command: 'create-key', 'key-name': 'ci-deploy' })
    expectSuccess(result)
    expect(result.outputs).toEqual({ key: CREATED_VALUE, 'key-id': String(CREATED_KEY) })
    expect(result.masked).toContain(CREATED_VALUE)
    expect(requests(result)).toEqual(['GET /api_keys', 'POST /api_keys'])
    expect(result.calls[1]!.requestBody).toEqual({ key_name: 'ci-deploy' })
  })

  it('an organization key', async () => {
    const result = await step({ command: 'create-key', 'key-name': 'ci-deploy', 'org-id': ORG })
    expectSuccess(result)
    expect(result.outputs).toEqual({ key: CREATED_VALUE, 'key-id': String(CREATED_KEY), 'org-id': ORG })
    expect(requests(result)).toEqual([`GET /organizations/${ORG}/api_keys`, `POST /organizations/${ORG}/api_keys`])
  })

  it('with revoke-after-job: the post step revokes the key by the id it saved', async () => {
    const inputs = { command: 'create-key', 'key-name': 'ci-deploy', 'revoke-after-job': 'true' }
    const main = await step(inputs)
    expectSuccess(main)
    expect(savedLife(main.state)).toMatchObject({ jobKey: CREATED_KEY })
    const post = await step(inputs, { state: main.state })
    // Prism's record of the revocation is key 165435's, so the step cannot say that 165434 is gone: it says so.
    expectFailure(post, `with a record of API key ${REVOKED_KEY}`)
    expect(requests(post)).toEqual([`DELETE /api_keys/${CREATED_KEY}`])
  })

  it("with project-id alone: the project's record may leave out org_id; the step asks for org-id first", async () => {
    const result = await step({ command: 'create-key', 'key-name': 'ci-deploy', 'project-id': PROJECT })
    expectFailure(result, 'names no organization (org_id)')
    expect(errorLines(result.stdout)[0]).toContain('Set `org-id`')
    expect(requests(result)).toEqual([`GET /projects/${PROJECT}`])
  })

  it('with project-id and org-id: an answer without project_id is an organization key, revoked at once', async () => {
    const result = await step({ command: 'create-key', 'key-name': 'ci-deploy', 'project-id': PROJECT, 'org-id': ORG })
    // The description says a key is limited to a project only when its project_id is set.
    expectFailure(result, `key ${CREATED_KEY} with no project, so it would reach every project of organization ${ORG}`)
    expect(result.outputs).not.toHaveProperty('key')
    expect(result.calls[1]!.requestBody).toEqual({ key_name: 'ci-deploy', project_id: PROJECT })
    // Prism's record of the revocation is key 165435's, so the step cannot say that 165434 is gone: it says so too.
    expect(errorLines(result.stdout)[0]).toContain(`with a record of API key ${REVOKED_KEY}`)
    expect(requests(result)).toEqual([
      `GET /organizations/${ORG}/api_keys`,
      `POST /organizations/${ORG}/api_keys`,
      `DELETE /organizations/${ORG}/api_keys/${CREATED_KEY}`,
    ])
  })
})

describe('revoke-key', () => {
  // Revoking by key-id works for the one key the revocation's example names: any other id gets key 165435's record,
  // which the step rightly refuses to take for the key it revoked.
  it('a personal key, by key-id', async () => {
    const result = await step({ command: 'revoke-key', 'key-id': String(REVOKED_KEY) })
    expectSuccess(result)
    expect(json(result.outputs['revoked-key-ids'])).toEqual([REVOKED_KEY])
    expect(requests(result)).toEqual([`DELETE /api_keys/${REVOKED_KEY}`])
  })

  it("an organization's key, by key-id", async () => {
    const result = await step({ command: 'revoke-key', 'key-id': String(REVOKED_KEY), 'org-id': ORG })
    expectSuccess(result)
    expect(result.outputs).toEqual({ 'revoked-key-ids': JSON.stringify([REVOKED_KEY]), 'org-id': ORG })
    expect(requests(result)).toEqual([`DELETE /organizations/${ORG}/api_keys/${REVOKED_KEY}`])
  })
})

describe('prune-keys', () => {
  // Over personal keys, the run with dry-run: false below shows what a dry run would: the same requests and outputs.
  it("a dry run over an organization's keys: both keys were used (an address, no time), so neither is unused", async () => {
    const result = await step({ command: 'prune-keys', 'unused-for': '90d', 'org-id': ORG })
    expectSuccess(result)
    expect(json(result.outputs['prunable-key-ids'])).toEqual([])
    expect(json(result.outputs['revoked-key-ids'])).toEqual([])
    expect(requests(result)).toEqual(['GET /auth', `GET /organizations/${ORG}/api_keys`])
  })

  it('dry-run: false over personal keys revokes nothing: a use at a time not given counts as a use now', async () => {
    // Whole, the examples show uses in 2022. Cut, they keep only the address, and a static mock cannot make a key
    // the step may revoke: GET /auth answers `keycloak`, no kind of API key, so the step's key may be any of them.
    const result = await step({ command: 'prune-keys', 'unused-for': '90d', 'dry-run': 'false' })
    expectSuccess(result)
    expect(json(result.outputs['revoked-key-ids'])).toEqual([])
    expect(json(result.outputs['prunable-key-ids'])).toEqual([])
    expect(requests(result)).toEqual(['GET /auth', 'GET /api_keys'])
  })
})

describe('list-operations', () => {
  const operationsOf = (result: PrismStep) => json(result.outputs.operations) as Array<Record<string, unknown>>

  it('of one project', async () => {
    const result = await step({ command: 'list-operations', 'project-id': PROJECT })
    expectSuccess(result)
    expect(operationsOf(result)).toEqual([expect.objectContaining({ id: LISTED_OPERATION, status: 'finished' })])
    expect(operationsOf(result)[0]).not.toHaveProperty('branch_id')
    expect(result.outputs['operation-count']).toBe('1')
    expect(json(result.outputs['status-counts'])).toMatchObject({ finished: 1, failed: 0 })
    expect(result.calls.map((c) => [c.path, c.query])).toEqual([[`/projects/${PROJECT}/operations`, { limit: '1000' }]])
  })

  it('of one branch: an operation without branch_id is of the whole project, and counts for every branch', async () => {
    const result = await step({ command: 'list-operations', 'project-id': PROJECT, 'branch-id': BRANCH })
    expectSuccess(result)
    expect(operationsOf(result).map((o) => o.id)).toEqual([LISTED_OPERATION])
    expect(requests(result)).toEqual([`GET /projects/${PROJECT}/branches/${BRANCH}`, `GET ${OPERATIONS}`])
  })

  it('of every project of an organization', async () => {
    const result = await step({ command: 'list-operations', 'project-ids': 'all', 'org-id': ORG })
    expectSuccess(result)
    expect(result.outputs['operation-count']).toBe('2')
    expect(json(result.outputs['incomplete-project-ids'])).toEqual([])
    const each = LISTED_PROJECTS.map((project) => `GET /projects/${project}/operations`)
    expect(requests(result)).toEqual(['GET /projects', ...each])
  })
})

describe('wait-for-operations', () => {
  const wait = (inputs: Inputs) => step({ command: 'wait-for-operations', 'project-id': PROJECT, ...inputs })

  it('one operation by id: the one the example reads', async () => {
    const result = await wait({ 'operation-ids': READ_OPERATION })
    expectSuccess(result)
    expect(result.outputs.status).toBe('finished')
    expect((json(result.outputs.operations) as Array<{ id: string }>).map((o) => o.id)).toEqual([READ_OPERATION])
    expect(requests(result)).toEqual([`GET ${OPERATIONS}/${READ_OPERATION}`])
  })

  it('two operations by id: one found in the list, the other read on its own', async () => {
    const result = await wait({ 'operation-ids': `${LISTED_OPERATION},${READ_OPERATION}` })
    expectSuccess(result)
    expect(result.outputs.status).toBe('finished')
    expect(json(result.outputs['pending-operation-ids'])).toEqual([])
    expect(requests(result)).toEqual([`GET ${OPERATIONS}`, `GET ${OPERATIONS}/${READ_OPERATION}`])
  })

  it('an answer naming another operation is never taken for the one asked for: the gate does not pass', async () => {
    // Prism answers GET …/operations/d8ac46eb-… with the record of a07f8772-…, as no platform would.
    const result = await wait({ 'operation-ids': LISTED_OPERATION, timeout: '30' })
    expect(result.code).toBe(1)
    expect(result.outputs.status).toBe('error')
    expect(json(result.outputs['pending-operation-ids'])).toEqual([LISTED_OPERATION])
    expect(errorLines(result.stdout).join('\n')).toContain(`with a record of operation ${READ_OPERATION}`)
  })

  it('by id with branch-id: a bad input, by design, with one error and no request', async () => {
    const result = await wait({ 'operation-ids': READ_OPERATION, 'branch-id': BRANCH })
    expectFailure(result, 'Input `branch-id` only applies to `operation-ids: pending`')
    expect(result.calls).toEqual([])
  })

  it.each([
    ['the project', {}, []],
    ['a branch', { 'branch-id': BRANCH }, [`GET /projects/${PROJECT}/branches/${BRANCH}`]],
  ])('pending, for %s: nothing pending', async (_name, branch, before) => {
    const result = await wait({ 'operation-ids': 'pending', ...branch })
    expectSuccess(result)
    expect(result.outputs.status).toBe('finished')
    expect(json(result.outputs['pending-operation-ids'])).toEqual([])
    expect(requests(result)).toEqual([...before, `GET ${OPERATIONS}`])
  })
})
