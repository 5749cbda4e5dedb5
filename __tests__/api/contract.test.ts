// The contract test: every call the action makes to the platform (src/api/endpoints.ts), against the platform's
// published description (openapi/neon-api-v2.yaml). Each request must be one the description allows. Each answer the
// description gives as an example, whole and cut to its required fields, must be read without error. Without a field
// the action relies on, an answer must fail, naming the field. Unit tests, in this process.
import { describe, expect, it } from '@jest/globals'
import type { PlatformClient, RequestSpec } from '../../src/api/client.ts'
import * as endpoints from '../../src/api/endpoints.ts'
import { ShapeError } from '../../src/api/shape.ts'
import { platformContract, type ApiContract } from '../../emulator/contract.ts'
import { PLATFORM_CALLS } from '../../scripts/spec.ts'
import { fakeClient } from '../support/fake-client.ts'

type Call = (client: PlatformClient) => Promise<unknown>

const ORG = 'org-example-12345'
/** The organization of the members the description's example lists. */
const MEMBERS_ORG = 'my-organization-morning-bread-81040908'
const PROJECT = 'spring-example-302709'

/**
 * How the test calls each endpoint function. An endpoint function that is not here fails the test below: adding an
 * endpoint to the action adds it here.
 */
const CALLS: Record<string, Call> = {
  getAuth: (c) => endpoints.getAuth(c),
  listMyOrganizations: (c) => endpoints.listMyOrganizations(c),
  listApiKeys: (c) => endpoints.listApiKeys(c),
  createApiKey: (c) => endpoints.createApiKey(c, 'ci-deploy'),
  revokeApiKey: (c) => endpoints.revokeApiKey(c, 165435),
  listOrgApiKeys: (c) => endpoints.listOrgApiKeys(c, ORG),
  createOrgApiKey: (c) => endpoints.createOrgApiKey(c, ORG, 'ci-deploy', PROJECT),
  revokeOrgApiKey: (c) => endpoints.revokeOrgApiKey(c, ORG, 165435),
  // The example hands out `pagination.next`: the page after it holds no member. Its members are of MEMBERS_ORG.
  listOrganizationMembers: (c) => endpoints.listOrganizationMembers(thenNoMembers(c), MEMBERS_ORG),
  listAllProjects: (c) => endpoints.listAllProjects(c, { orgId: ORG, search: 'spring' }),
  getProject: (c) => endpoints.getProject(c, PROJECT),
  getBranch: (c) => endpoints.getBranch(c, PROJECT, 'br-wispy-meadow-118737'),
  listOperations: (c) => endpoints.listOperations(c, PROJECT, { limit: endpoints.OPERATIONS_PAGE_LIMIT }),
  getOperation: (c) => endpoints.getOperation(c, PROJECT, 'a07f8772-1877-4da9-a939-3a3ae62d1d8d'),
}

/**
 * The fields of each answer the action relies on, named as its reader names them below `response`: without one of
 * them, reading the answer fails and names it. Every other field the description requires may be missing: the action
 * does not read it, or reads it with a default (an operation's `failures_count` is then 0).
 */
const RELIED_ON: Record<string, string[]> = {
  getAuth: ['account_id', 'auth_method'],
  listMyOrganizations: ['organizations', 'organizations[0].id'],
  listApiKeys: ['[0].id', '[0].name', '[0].created_at'],
  createApiKey: ['id', 'key'],
  revokeApiKey: ['id'],
  listOrgApiKeys: ['[0].id', '[0].name', '[0].created_at'],
  createOrgApiKey: ['id', 'key'],
  revokeOrgApiKey: ['id'],
  listOrganizationMembers: ['members', 'members[0].member', 'members[0].member.user_id'],
  listAllProjects: ['projects', 'projects[0].id', 'projects[0].name'],
  getProject: ['project', 'project.id', 'project.name'],
  getBranch: ['branch', 'branch.id'],
  listOperations: [
    'operations',
    ...['id', 'project_id', 'action', 'status', 'created_at'].map((field) => `operations[0].${field}`),
  ],
  getOperation: [
    'operation',
    ...['id', 'project_id', 'action', 'status', 'created_at'].map((field) => `operation.${field}`),
  ],
}

const contract = platformContract()

/** A client that sends its first request through `client`, and answers every later one with a page of no members. */
function thenNoMembers(client: PlatformClient): PlatformClient {
  let sent = 0
  const send = <T>(spec: RequestSpec<T>): Promise<T> =>
    sent++ === 0 ? client.send(spec) : Promise.resolve(spec.parse({ members: [] }))
  return { send } as unknown as PlatformClient
}

/** The request a call sends, and the call as the description lists it. */
async function requestOf(call: Call): Promise<{ spec: RequestSpec<unknown>; template: string; method: string }> {
  const { client, specs } = fakeClient([])
  await call(client).catch(() => undefined)
  const spec = specs[0]!
  const described = contract.find(spec.method, spec.path)
  if (!described) throw new Error(`${spec.method} ${spec.path} is not in the description`)
  return { spec, template: described.template, method: described.method }
}

/** What went wrong reading an answer with a call's own reader: undefined when it was read. */
async function readingFails(call: Call, answer: unknown): Promise<string | undefined> {
  const { client } = fakeClient([answer])
  try {
    await call(client)
    return undefined
  } catch (error) {
    if (error instanceof ShapeError) return error.message
    throw error
  }
}

/** Every field of a value, at every depth, named as the readers name them (`operations[0].id`); arrays by their first item. */
function fieldsOf(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.length === 0 ? [] : fieldsOf(value[0], `${prefix}[0]`)
  if (typeof value !== 'object' || value === null) return []
  return Object.entries(value).flatMap(([key, child]) => {
    const name = prefix === '' ? key : `${prefix}.${key}`
    return [name, ...fieldsOf(child, name)]
  })
}

/** A copy of a value without one field, named as fieldsOf names it. */
function without(value: unknown, field: string): unknown {
  const copy = structuredClone(value)
  const steps = field.match(/[^.[\]]+/g)!
  let at = copy as Record<string, unknown>
  for (const step of steps.slice(0, -1)) at = at[step] as Record<string, unknown>
  delete at[steps[steps.length - 1]!]
  return copy
}

/** The description's examples of a call's answer: whole, and cut to their required fields. */
async function examplesOf(call: Call, contractOf: ApiContract = contract): Promise<Array<[string, unknown]>> {
  const { spec } = await requestOf(call)
  const described = contractOf.find(spec.method, spec.path)!
  const schema = contractOf.answerSchema(described, 200)!
  return contractOf.answerExamples(described, 200).flatMap((example, i): Array<[string, unknown]> => [
    [`example ${i + 1}, whole`, example],
    [`example ${i + 1}, cut to its required fields`, contractOf.cutToRequired(example, schema)],
  ])
}

/** Everything wrong with how a call reads the description's answers, by the rules in this file's header. */
async function contractProblems(name: string, call: Call, relied: readonly string[]): Promise<string[]> {
  const problems: string[] = []
  const examples = await examplesOf(call)
  if (examples.length === 0) problems.push(`${name}: the description gives no example of its answer`)
  for (const [which, example] of examples) {
    const failure = await readingFails(call, example)
    if (failure !== undefined) problems.push(`${name}, ${which}: ${failure}`)
  }
  const [, cut] = examples.find(([which]) => which.endsWith('required fields')) ?? []
  for (const field of fieldsOf(cut)) {
    const failure = await readingFails(call, without(cut, field))
    const named = `response${field.startsWith('[') ? '' : '.'}${field}`
    if (relied.includes(field) && (failure === undefined || !failure.includes(named))) {
      problems.push(`${name} without ${named}: ${failure === undefined ? 'read without error' : failure}`)
    }
    if (!relied.includes(field) && failure !== undefined) {
      problems.push(`${name} without ${named}, which the action does not rely on: ${failure}`)
    }
  }
  for (const field of relied.filter((f) => !fieldsOf(cut).includes(f))) {
    problems.push(`${name}: relies on ${field}, which the description does not require`)
  }
  return problems
}

describe('the calls the action makes, against the platform description', () => {
  it('every endpoint function of src/api/endpoints.ts is called here', () => {
    const functions = Object.entries(endpoints)
      .filter(([, value]) => typeof value === 'function')
      .map(([name]) => name)
    expect(functions.sort()).toEqual(Object.keys(CALLS).sort())
    expect(Object.keys(RELIED_ON).sort()).toEqual(Object.keys(CALLS).sort())
  })

  it('they are the calls scripts/spec.ts lists (PLATFORM_CALLS), which the drift check reads', async () => {
    const made = await Promise.all(Object.values(CALLS).map(requestOf))
    const calls = made.map(({ method, template }) => `${method} ${template}`)
    expect(calls.sort()).toEqual(PLATFORM_CALLS.map(([method, path]) => `${method} ${path}`).sort())
  })

  it.each(Object.entries(CALLS))('%s sends a request the description allows', async (_name, call) => {
    const { spec } = await requestOf(call)
    const query = Object.fromEntries(
      Object.entries(spec.query ?? {}).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])),
    )
    expect(contract.checkRequest({ method: spec.method, path: spec.path, query, body: spec.body })).toEqual([])
  })

  it.each(Object.entries(CALLS))(
    "%s reads the description's examples, whole and cut, and fails naming each field it relies on",
    async (name, call) => {
      expect(await contractProblems(name, call, RELIED_ON[name]!)).toEqual([])
    },
  )
})

describe('the contract test can fail', () => {
  it("a reader that requires an operation's branch_id, which the description leaves optional, is caught", async () => {
    const strict: Call = async (client) => {
      const operation = await endpoints.getOperation(client, PROJECT, 'a07f8772-1877-4da9-a939-3a3ae62d1d8d')
      if (typeof operation.branch_id !== 'string') throw new ShapeError('response.operation.branch_id is missing')
      return operation
    }
    expect(await contractProblems('getOperation', strict, RELIED_ON.getOperation!)).toContain(
      'getOperation, example 1, cut to its required fields: response.operation.branch_id is missing',
    )
  })

  it('a field the action claims to rely on, but reads without, is caught; so is one the description leaves optional', async () => {
    const problems = await contractProblems('getOperation', CALLS.getOperation!, [
      ...RELIED_ON.getOperation!,
      'operation.failures_count',
      'operation.branch_id',
    ])
    expect(problems).toEqual([
      'getOperation without response.operation.failures_count: read without error',
      'getOperation: relies on operation.branch_id, which the description does not require',
    ])
  })
})
