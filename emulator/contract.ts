// The published API descriptions (openapi/), as a checker: is a request one the description
// allows, and is an answer one it allows? The emulators check what they are sent and what they
// answer, so the tests meet the platform and GitHub as their contracts describe them, not as the
// emulator's author pictured them. The contract test and the Prism test use it too.
import { createHash } from 'node:crypto'
import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Ajv, type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'
import { sample } from 'openapi-sampler'
import { load as parseYaml } from 'js-yaml'

type Json = Record<string, unknown>
type Schema = Json

/** The keys of a path item that are calls. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']

/** What a local `$ref` (`#/components/schemas/Operation`) names in a description; undefined when nothing. */
export function pointerTarget(description: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`only local references are read: ${ref}`)
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((at, part) => (at as Json | undefined)?.[part], description)
}

/** A call the description lists: its path as the description writes it, and the operation. */
export interface DescribedCall {
  method: string
  template: string
  operation: Json
  /** The values of the path's parameters, by name. */
  pathParams: Record<string, string>
}

export interface CheckedRequest {
  method: string
  /** The path below the API's base, without the query. */
  path: string
  query: Record<string, string>
  /** The decoded JSON body, when there is one. */
  body?: unknown
}

export class ApiContract {
  readonly description: Json
  private readonly ajv: Ajv
  private readonly validators = new Map<string, ValidateFunction>()
  private readonly routes: Array<{ method: string; template: string; pattern: RegExp; literals: number }>

  constructor(description: Json) {
    this.description = description
    // OpenAPI 3.0 schemas carry `example`, `x-…` and `discriminator`: not JSON Schema keywords, so not strict.
    this.ajv = new Ajv({ strict: false, allErrors: true, discriminator: false, validateSchema: false })
    addFormats.default(this.ajv)
    this.ajv.addSchema(description, 'api')
    this.routes = []
    for (const [template, item] of Object.entries(description.paths as Record<string, Json>)) {
      for (const method of Object.keys(item).filter((key) => HTTP_METHODS.includes(key))) {
        const segments = template.split('/').slice(1)
        const pattern = new RegExp(
          '^' + segments.map((s) => '/' + (/^\{.+\}$/.test(s) ? '([^/]+)' : escapeRegExp(s))).join('') + '$',
        )
        this.routes.push({ method, template, pattern, literals: segments.filter((s) => !s.startsWith('{')).length })
      }
    }
    // A literal segment wins over a parameter: /projects/shared is not /projects/{project_id}.
    this.routes.sort((a, b) => b.literals - a.literals)
  }

  /** The described call a method and path are, or undefined when the description has none. */
  find(method: string, path: string): DescribedCall | undefined {
    const lower = method.toLowerCase()
    for (const route of this.routes) {
      if (route.method !== lower) continue
      const match = route.pattern.exec(path)
      if (!match) continue
      const names = [...route.template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!)
      const pathParams: Record<string, string> = {}
      names.forEach((name, i) => (pathParams[name] = decoded(match[i + 1]!)))
      const operation = (this.description.paths as Record<string, Json>)[route.template]![lower] as Json
      return { method: lower, template: route.template, operation, pathParams }
    }
    return undefined
  }

  /** What is wrong with a request, by the description: an empty list when nothing is. */
  checkRequest(request: CheckedRequest): string[] {
    const call = this.find(request.method, request.path)
    const name = `${request.method.toUpperCase()} ${request.path}`
    if (!call) return [`${name}: the description has no such call`]
    const problems: string[] = []
    const parameters = ((call.operation.parameters ?? []) as Json[]).map((p) => this.resolve(p))
    for (const parameter of parameters) {
      const where = parameter.in as string
      const key = parameter.name as string
      if (where !== 'path' && where !== 'query') continue
      const raw = where === 'path' ? call.pathParams[key] : request.query[key]
      if (raw === undefined) {
        if (parameter.required === true) problems.push(`${name}: the ${where} parameter ${key} is missing`)
        continue
      }
      const schema = this.resolve((parameter.schema ?? {}) as Json)
      const value = coerce(raw, schema)
      const validate = this.validator(`#/parameters/${call.template}/${call.method}/${where}/${key}`, schema)
      if (!validate(value)) problems.push(`${name}: the ${where} parameter ${key}=${raw} ${describeErrors(validate)}`)
    }
    const known = new Set(parameters.filter((p) => p.in === 'query').map((p) => p.name as string))
    for (const key of Object.keys(request.query)) {
      if (!known.has(key)) problems.push(`${name}: the query parameter ${key} is not in the description`)
    }
    const body = this.resolve((call.operation.requestBody ?? {}) as Json)
    const bodySchema = ((body.content as Json | undefined)?.['application/json'] as Json | undefined)?.schema
    if (bodySchema === undefined) {
      if (request.body !== undefined) problems.push(`${name}: the description takes no JSON body`)
    } else if (request.body === undefined) {
      if (body.required === true) problems.push(`${name}: the JSON body is missing`)
    } else {
      const validate = this.validator(`#/bodies/${call.template}/${call.method}`, bodySchema as Json)
      if (!validate(request.body)) problems.push(`${name}: the body ${describeErrors(validate)}`)
    }
    return problems
  }

  /** What is wrong with an answer to a call the description has: an empty list when nothing is. */
  checkAnswer(method: string, path: string, status: number, body: unknown): string[] {
    const call = this.find(method, path)
    const name = `${method.toUpperCase()} ${path} answered ${status}`
    if (!call) return []
    const schema = this.answerSchema(call, status)
    if (schema === undefined) {
      const listed = Object.keys(call.operation.responses ?? {}).join(', ')
      return status < 300 ? [`${name}: the description lists no such answer (it lists ${listed})`] : []
    }
    if (schema === null) return []
    const validate = this.validator(`#/answers/${call.template}/${call.method}/${status}`, schema)
    return validate(body) ? [] : [`${name}: ${describeErrors(validate)}`]
  }

  /**
   * The JSON schema of an answer: the status's own, or `default`. Undefined when the description
   * has neither; null when the answer has no JSON body.
   */
  answerSchema(call: DescribedCall, status: number): Schema | null | undefined {
    const responses = (call.operation.responses ?? {}) as Json
    const response = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default
    if (response === undefined) return undefined
    const content = this.resolve(response as Json).content as Json | undefined
    const json = content?.['application/json'] as Json | undefined
    return json?.schema === undefined ? null : (json.schema as Schema)
  }

  /**
   * The examples the description gives for an answer: the response's own, or else one made from
   * its schema and the examples of its parts (openapi-sampler, as API reference pages make them).
   */
  answerExamples(call: DescribedCall, status: number): unknown[] {
    const responses = (call.operation.responses ?? {}) as Json
    const response = responses[String(status)]
    if (response === undefined) return []
    const json = (this.resolve(response as Json).content as Json | undefined)?.['application/json'] as Json | undefined
    if (json?.schema === undefined) return []
    const examples: unknown[] = []
    if (json.example !== undefined) examples.push(json.example)
    for (const named of Object.values((json.examples ?? {}) as Record<string, Json>)) {
      const example = this.resolve(named)
      if (example.value !== undefined) examples.push(example.value)
    }
    if (examples.length === 0) examples.push(sample(json.schema as never, { skipReadOnly: true }, this.description))
    return examples
  }

  /**
   * A value cut down to the fields its schema requires, at every depth: what the contract lets
   * the platform leave out, left out.
   */
  cutToRequired(value: unknown, schema: Schema): unknown {
    const resolved = this.merged(schema)
    if (Array.isArray(value)) {
      const items = resolved.items as Schema | undefined
      return items === undefined ? value : value.map((item) => this.cutToRequired(item, items))
    }
    if (typeof value !== 'object' || value === null) return value
    const properties = resolved.properties as Record<string, Schema> | undefined
    // A map (additionalProperties) or a free object: nothing in it is a described field.
    if (properties === undefined) return value
    const required = new Set((resolved.required ?? []) as string[])
    const cut: Json = {}
    for (const [key, child] of Object.entries(value)) {
      if (!required.has(key)) continue
      cut[key] = properties[key] === undefined ? child : this.cutToRequired(child, properties[key])
    }
    return cut
  }

  /** A schema with its `$ref` followed and its `allOf` joined: properties and required fields together. */
  merged(schema: Schema): Schema {
    const resolved = this.resolve(schema)
    if (!Array.isArray(resolved.allOf)) return resolved
    const parts = (resolved.allOf as Schema[]).map((part) => this.merged(part))
    const properties: Json = { ...(resolved.properties as Json | undefined) }
    const required = new Set((resolved.required ?? []) as string[])
    for (const part of parts) {
      Object.assign(properties, part.properties)
      for (const field of (part.required ?? []) as string[]) required.add(field)
    }
    const joined: Schema = { ...resolved, type: 'object', properties, required: [...required] }
    delete joined.allOf
    return joined
  }

  /** Follows `$ref` to the part of the description it names. */
  resolve(node: Json): Json {
    let current = node
    for (let hops = 0; typeof current.$ref === 'string' && hops < 32; hops++) {
      current = pointerTarget(this.description, current.$ref) as Json
    }
    return current
  }

  /** A compiled validator for a schema of the description; its `$ref`s point into the description. */
  private validator(key: string, schema: Schema): ValidateFunction {
    let validate = this.validators.get(key)
    if (!validate) {
      validate = this.ajv.compile(rebase(schema))
      this.validators.set(key, validate)
    }
    return validate
  }
}

/** `#/components/…` becomes `api#/components/…`, so a schema compiled alone still finds the description's parts. */
function rebase(schema: unknown): Schema {
  return JSON.parse(JSON.stringify(schema), (key, value: unknown) =>
    key === '$ref' && typeof value === 'string' && value.startsWith('#/') ? `api${value}` : value,
  ) as Schema
}

/** A query or path value as its schema's type, so `limit=10` is checked as 10. */
function coerce(raw: string, schema: Schema): unknown {
  if ((schema.type === 'integer' || schema.type === 'number') && raw.trim() !== '' && !Number.isNaN(Number(raw))) {
    return Number(raw)
  }
  if (schema.type === 'boolean' && (raw === 'true' || raw === 'false')) return raw === 'true'
  if (schema.type === 'array') return raw.split(',')
  return raw
}

function describeErrors(validate: ValidateFunction): string {
  return (validate.errors ?? [])
    .slice(0, 5)
    .map((error) => `${error.instancePath === '' ? '' : `${error.instancePath} `}${error.message ?? 'is not valid'}`)
    .join('; ')
}

/** A path segment with its %-escapes read; as sent when they cannot be. */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

const loaded = new Map<string, ApiContract>()

function load(file: string, read: (text: string) => Json): ApiContract {
  let contract = loaded.get(file)
  if (!contract) {
    contract = new ApiContract(read(readFileSync(new URL(`../openapi/${file}`, import.meta.url), 'utf8')))
    loaded.set(file, contract)
  }
  return contract
}

/**
 * The platform's description (openapi/neon-api-v2.yaml), read once. js-yaml reads it in a tenth of the time `yaml`
 * takes, and a JSON copy in the temp folder, named by the text's hash, in a tenth of that again: each test file reads
 * it anew.
 */
export function platformContract(): ApiContract {
  return load('neon-api-v2.yaml', (text) => {
    const copy = join(tmpdir(), `neon-api-v2-${createHash('sha256').update(text).digest('hex').slice(0, 16)}.json`)
    try {
      return JSON.parse(readFileSync(copy, 'utf8')) as Json
    } catch {
      const json = JSON.stringify(parseYaml(text))
      // Whole or not at all, when several processes write it at once.
      writeFileSync(`${copy}.${process.pid}`, json)
      renameSync(`${copy}.${process.pid}`, copy)
      return JSON.parse(json) as Json
    }
  })
}

/** The part of GitHub's description the action calls (openapi/github-api.json), read once. */
export function githubContract(): ApiContract {
  return load('github-api.json', (text) => JSON.parse(text) as Json)
}

/**
 * Whether the emulators check what they are sent and what they answer. Off unless a test run turns
 * it on (__tests__/support/contract-check.ts): the demo and the bench do without the cost.
 */
let checking = false

export function checkContracts(on: boolean): void {
  checking = on
}

/**
 * Reads a description when checks are on, so an emulator pays for it as it starts, not while it answers: a test's
 * client gives an answer only so long in real time.
 */
export function prepareChecks(contract: () => ApiContract): void {
  if (checking) contract()
}

/**
 * What an emulator saw that its contract does not allow, kept until a test reads it: the tests'
 * set-up fails any test that leaves one here.
 */
const violations: string[] = []

/** Checks a request that reached an emulator, when checks are on. The JSON body is decoded here, if there is one. */
export function checkRequest(
  contract: () => ApiContract,
  request: Omit<CheckedRequest, 'body'> & { body: Buffer },
): void {
  if (!checking) return
  let body: unknown
  if (request.body.length > 0) {
    try {
      body = JSON.parse(request.body.toString('utf8'))
    } catch {
      violations.push(`${request.method} ${request.path}: the body is not JSON`)
      return
    }
  }
  violations.push(...contract().checkRequest({ ...request, body }))
}

/** Checks an emulator's own answer (before any fault a test injected changes it), when checks are on. */
export function checkAnswer(
  contract: () => ApiContract,
  method: string,
  path: string,
  status: number,
  body: unknown,
): void {
  if (checking) violations.push(...contract().checkAnswer(method, path, status, body))
}

/** The violations seen since the last call, which forgets them. */
export function takeViolations(): string[] {
  return violations.splice(0)
}
