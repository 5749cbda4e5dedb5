// emulator/required-only.ts: a copy of the platform's description whose answers hold only required fields, for Prism
// (__tests__/e2e/contract-prism.e2e.test.ts). Its examples and its schemas lose every field the description leaves
// optional, requests are described as before, and every cut example is still an answer the description allows.
import { beforeAll, describe, expect, it } from '@jest/globals'
import { sample } from 'openapi-sampler'
import { ApiContract, platformContract } from '../../emulator/contract.ts'
import { answersCutToRequired } from '../../emulator/required-only.ts'

type Json = Record<string, any>

const published = platformContract()
let cut: Json
let lean: ApiContract

beforeAll(() => {
  cut = answersCutToRequired(published.description)
  lean = new ApiContract(cut)
})

const answer = (description: Json, path: string, method: string, status = '200'): Json =>
  description.paths[path][method].responses[status].content['application/json']

describe('answers cut to their required fields', () => {
  it("an operation's example loses branch_id, endpoint_id and error, and keeps its id and status", () => {
    const path = '/projects/{project_id}/operations/{operation_id}'
    const whole = answer(published.description, path, 'get').example.operation
    const lean = answer(cut, path, 'get').example.operation
    expect(whole.branch_id).toBe('br-bitter-sound-247814')
    const required = 'action created_at failures_count id project_id status total_duration_ms updated_at'.split(' ')
    expect(Object.keys(lean).sort()).toEqual(required.sort())
    expect(lean).toMatchObject({ id: whole.id, status: whole.status })
  })

  it('a listed key loses last_used_at, in the example on the schema of the list', () => {
    const whole = answer(published.description, '/api_keys', 'get').schema.example as Json[]
    const lean = answer(cut, '/api_keys', 'get').schema.example as Json[]
    expect(whole[0]!.last_used_at).toBe('2022-11-15T20:22:51Z')
    expect(lean.map((key) => key.id)).toEqual(whole.map((key) => key.id))
    expect(lean.every((key) => !('last_used_at' in key) && typeof key.last_used_from_addr === 'string')).toBe(true)
  })

  it('a schema an answer uses keeps only its required properties, so answers made from it hold only those', () => {
    const operation = cut.components.schemas.Operation
    expect(Object.keys(operation.properties).sort()).toEqual([...operation.required].sort())
    expect(operation.example).not.toHaveProperty('branch_id')
    expect(Object.keys(cut.components.schemas.ApiKeysListResponseItem.properties)).not.toContain('last_used_at')
    // Only required ones: a project's list item without org_id, which the description leaves optional.
    expect(sample(cut.components.schemas.ProjectListItem, { skipReadOnly: true }, cut)).not.toHaveProperty('org_id')
    // An optional field of an answer made of allOf parts goes too: project_id of a new organization key.
    const created = lean.merged(answer(cut, '/organizations/{org_id}/api_keys', 'post').schema)
    expect(Object.keys(created.properties as Json)).not.toContain('project_id')
  })

  it('a schema only requests use is left whole: an organization key is still asked for with its project_id', () => {
    const asPublished = (published.description.components as Json).schemas.OrgApiKeyCreateRequest
    expect(cut.components.schemas.OrgApiKeyCreateRequest).toEqual(asPublished)
    const request = { method: 'POST', path: '/organizations/org-x/api_keys', query: {} }
    expect(lean.checkRequest({ ...request, body: { key_name: 'ci', project_id: 'Not A Project' } })).toEqual([
      'POST /organizations/org-x/api_keys: the body /project_id must match pattern "^[a-z0-9-]{1,60}$"',
    ])
  })

  it('every cut example of an answer is one the published description allows; the original is left whole', () => {
    const before = JSON.stringify(published.description)
    const examplesOf = (contract: ApiContract, path: string, method: string, status: string): unknown[] => {
      const response = (contract.description.paths as Json)[path][method].responses[status] as Json
      const media = (contract.resolve(response).content as Json | undefined)?.['application/json'] as Json | undefined
      const named = Object.values((media?.examples ?? {}) as Record<string, Json>).map((e) => e.value as unknown)
      return [media?.example, ...named].filter((e) => e !== undefined)
    }
    const added: string[] = []
    let examples = 0
    for (const [path, item] of Object.entries(published.description.paths as Json)) {
      for (const [method, operation] of Object.entries(item as Json)) {
        for (const status of Object.keys((operation as Json).responses ?? {}).filter((s) => /^2\d\d$/.test(s))) {
          const concrete = path.replace(/\{[^}]+\}/g, 'x')
          const whole = examplesOf(published, path, method, status)
          examplesOf(lean, path, method, status).forEach((example, i) => {
            examples++
            // The published examples have faults of their own (an invitation's invited_by is no uuid):
            // the cut adds none.
            const known = new Set(published.checkAnswer(method, concrete, Number(status), whole[i]))
            added.push(...published.checkAnswer(method, concrete, Number(status), example).filter((p) => !known.has(p)))
          })
        }
      }
    }
    expect(examples).toBeGreaterThan(30)
    expect(added).toEqual([])
    expect(JSON.stringify(published.description)).toBe(before)
  })
})
