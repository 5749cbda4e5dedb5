/**
 * What the action reads of an OpenAPI description, and how two versions of it differ there (npm run spec:check,
 * scripts/spec.ts).
 *
 * Of each call the action makes, it reads: that the call is there, its parameters, its request body and its 2xx
 * answers. A body is read field by field, its `$ref`s followed and its `allOf` merged. Each of these is a place with
 * facts: required or not, type, format, nullable, enum, pattern, limits. A fact that changed is one line, and so is a
 * place that is new or gone.
 */

import { HTTP_METHODS, pointerTarget } from '../emulator/contract.ts'

type Json = Record<string, unknown>
type Calls = ReadonlyArray<readonly [method: string, path: string]>
type Facts = Record<string, unknown>

/** A place the action reads (a call, a parameter, a body or one of its fields): what holds it, and what it says. */
interface Place {
  parent?: string
  facts: Facts
}
type Places = Map<string, Place>

/** The words of a schema compared, beside nullable and enum: a change in any of them can break how a value is read. */
const FACTS = ['type', 'format', 'pattern', 'minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems']
/** Facts shown as they are. The others (a pattern, a number) are shown as JSON, so a space in them stays visible. */
const PLAIN_FACTS = new Set(['type', 'format', 'media type', 'refers back to'])

/** Every call a description describes, in its order. */
function callsIn(spec: Json): Calls {
  return Object.entries(spec.paths as Record<string, Json>).flatMap(([path, item]) =>
    HTTP_METHODS.filter((method) => method in item).map((method) => [method, path] as const),
  )
}

/** The value a local `$ref` ("#/components/schemas/Operation") points at. */
function lookUp(spec: Json, ref: string): Json {
  const node = pointerTarget(spec, ref)
  if (typeof node !== 'object' || node === null) throw new Error(`The description has nothing at ${ref}`)
  return node as Json
}

/** A parameter, body or answer, with its `$ref` followed. */
function followed(spec: Json, value: Json): Json {
  return typeof value.$ref === 'string' ? followed(spec, lookUp(spec, value.$ref)) : value
}

/**
 * Each call's parameters, request body and 2xx answers, field by field, as places. A field is named by its path in the
 * body: `operations[].branch_id` is the field `branch_id` of each item of the array `operations`.
 */
function placesRead(spec: Json, calls: Calls): Places {
  const places: Places = new Map()
  for (const [method, path] of calls) {
    const item = (spec.paths as Record<string, Json | undefined>)[path]
    const operation = item?.[method] as Json | undefined
    if (item === undefined || operation === undefined) continue
    const call = `${method.toUpperCase()} ${path}`
    places.set(call, { facts: {} })
    const read = (head: string, schema: unknown, facts: Facts) =>
      describe(spec, (schema ?? {}) as Json, { places, head, path: '', parent: call, facts, stack: [] })
    // Parameters of the path apply to each of its calls; the call's own take their place.
    const parameters = new Map<string, Json>()
    for (const listed of [item.parameters, operation.parameters] as Array<Json[] | undefined>) {
      for (const parameter of (listed ?? []).map((p) => followed(spec, p))) {
        parameters.set(`${String(parameter.name)} (${String(parameter.in)})`, parameter)
      }
    }
    for (const [name, parameter] of parameters) {
      read(`${call} parameter ${name}`, parameter.schema, { required: parameter.required === true })
    }
    if (operation.requestBody !== undefined) {
      const body = followed(spec, operation.requestBody as Json)
      read(`${call} request body`, jsonSchema(body), { required: body.required === true, ...mediaTypes(body) })
    }
    for (const [status, answer] of Object.entries((operation.responses ?? {}) as Record<string, Json>)) {
      if (!/^2(\d\d|XX)$/.test(status)) continue
      const body = followed(spec, answer)
      read(`${call} ${status}`, jsonSchema(body), mediaTypes(body))
    }
  }
  return places
}

/** A body's content: the schema of each media type. */
const contentOf = (body: Json) => (body.content ?? {}) as Record<string, { schema?: Json }>
const mediaTypes = (body: Json): Facts => ({ 'media type': Object.keys(contentOf(body)).join(', ') || '(none)' })
const jsonSchema = (body: Json) => contentOf(body)['application/json']?.schema

interface At {
  places: Places
  /** The call and what of it: `GET /projects 200`. */
  head: string
  /** The field in the body, '' for the body itself. */
  path: string
  parent: string | undefined
  facts: Facts
  /** The `$ref`s followed to get here: one met again is a loop, and is not followed. */
  stack: readonly string[]
}

/** Adds a schema's place and those of its fields, items and options, each with what its schema says. */
function describe(spec: Json, raw: Json, at: At): void {
  const name = at.path === '' ? at.head : `${at.head}: ${at.path}`
  const { schema, stack, loop } = flattened(spec, raw, at.stack)
  const facts: Facts = { ...at.facts }
  if (loop !== undefined) facts['refers back to'] = loop
  for (const fact of FACTS) if (schema[fact] !== undefined) facts[fact] = schema[fact]
  if (schema.nullable === true) facts.nullable = true
  if (Array.isArray(schema.enum)) facts.enum = schema.enum.map((value) => JSON.stringify(value)).sort()
  at.places.set(name, { parent: at.parent, facts })

  const child = (path: string, value: unknown, own: Facts = {}) =>
    describe(spec, value as Json, { places: at.places, head: at.head, path, parent: name, facts: own, stack })
  const required = new Set(listOf(schema.required))
  for (const [field, value] of Object.entries((schema.properties ?? {}) as Json)) {
    child(at.path === '' ? field : `${at.path}.${field}`, value, { required: required.has(field) })
  }
  if (typeof schema.items === 'object') child(`${at.path}[]`, schema.items)
  if (typeof schema.additionalProperties === 'object') child(`${at.path}{}`, schema.additionalProperties)
  for (const key of ['oneOf', 'anyOf'] as const) {
    const options = schema[key] as Json[] | undefined
    options?.forEach((option, i) => child(`${at.path} (${key} ${i + 1})`.trimStart(), option))
  }
}

const listOf = (value: unknown) => (value ?? []) as string[]

interface Flat {
  schema: Json
  /** The `$ref`s followed, those on the way to it and those it was made of. */
  stack: readonly string[]
  /** The name of the schema met again: a loop, not followed. */
  loop?: string
}

/**
 * A schema with its `$ref` followed and its `allOf` merged into one: their properties and required fields joined, the
 * rest taken from the first part that says it.
 */
function flattened(spec: Json, schema: Json, stack: readonly string[]): Flat {
  const ref = schema.$ref
  if (typeof ref === 'string') {
    if (stack.includes(ref)) return { schema: {}, stack, loop: ref.split('/').pop() }
    const target = flattened(spec, lookUp(spec, ref), [...stack, ref])
    // OpenAPI 3.0 ignores the words beside a `$ref`, but tools read a `nullable: true` there, and 3.1 reads them all.
    const { $ref: _ref, ...beside } = schema
    return { ...target, schema: { ...target.schema, ...beside } }
  }
  if (!Array.isArray(schema.allOf)) return { schema, stack }
  const { allOf, ...own } = schema as Json & { allOf: Json[] }
  let merged: Json = {}
  const followedHere = new Set(stack)
  for (const part of [own, ...allOf]) {
    const flat = flattened(spec, part, stack)
    flat.stack.forEach((followedRef) => followedHere.add(followedRef))
    const properties = { ...(merged.properties as Json | undefined), ...(flat.schema.properties as Json | undefined) }
    const required = [...listOf(merged.required), ...listOf(flat.schema.required)]
    merged = { ...flat.schema, ...merged, properties, required }
  }
  return { schema: merged, stack: [...followedHere] }
}

/** One plain line per change between two readings, in the order of the pinned one. A place new or gone is one line. */
function changes(before: Places, after: Places): string[] {
  const lines: string[] = []
  for (const [name, place] of before) {
    const now = after.get(name)
    if (now === undefined) {
      // Once a field is gone, so are its own fields: the field's line says it.
      if (place.parent === undefined || after.has(place.parent)) lines.push(`${name} removed`)
      continue
    }
    for (const fact of new Set([...Object.keys(place.facts), ...Object.keys(now.facts)])) {
      lines.push(...factChanges(name, fact, place.facts[fact], now.facts[fact]))
    }
  }
  for (const [name, place] of after) {
    if (before.has(name) || (place.parent !== undefined && !before.has(place.parent))) continue
    lines.push(`${name} added${place.facts.required === true ? ', required' : ''}`)
  }
  return lines
}

function factChanges(name: string, fact: string, was: unknown, is: unknown): string[] {
  if (JSON.stringify(was) === JSON.stringify(is)) return []
  if (fact === 'required') return [`${name} became ${is === true ? 'required' : 'optional'}`]
  if (fact === 'nullable') return [`${name} ${is === true ? 'became nullable' : 'is no longer nullable'}`]
  if (fact === 'enum' && Array.isArray(was) && Array.isArray(is)) {
    return [
      ...is.filter((value) => !was.includes(value)).map((value) => `${name} has a new enum value ${String(value)}`),
      ...was.filter((value) => !is.includes(value)).map((value) => `${name} lost its enum value ${String(value)}`),
    ]
  }
  return [`${name} ${fact} ${shown(fact, was)} became ${shown(fact, is)}`]
}

function shown(fact: string, value: unknown): string {
  if (value === undefined) return '(none)'
  // An enum is a list of values already in JSON.
  if (Array.isArray(value)) return value.join(', ')
  return PLAIN_FACTS.has(fact) && typeof value === 'string' ? value : JSON.stringify(value)
}

/** One line per change, between two descriptions, in what the action reads of its calls. */
export function changesInReads(before: Json, after: Json, calls: Calls): string[] {
  return changes(placesRead(before, calls), placesRead(after, calls))
}

/** How many of the calls the action does not make changed, are new, or are gone. */
export function otherCallsChanged(before: Json, after: Json, calls: Calls): number {
  const ours = new Set(calls.map((call) => call.join(' ')))
  const all = new Map([...callsIn(before), ...callsIn(after)].map((call) => [call.join(' '), call]))
  const others = [...all].flatMap(([key, call]) => (ours.has(key) ? [] : [call]))
  const lines = changes(placesRead(before, others), placesRead(after, others))
  // Each line starts with its call's method and path.
  return new Set(lines.map((line) => line.split(' ').slice(0, 2).join(' '))).size
}
