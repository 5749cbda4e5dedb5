// A copy of a published description whose answers hold only the fields it marks `required`: what
// the contract lets the platform leave out, left out. Served by a mock server (Prism), it shows
// whether the action copes with the leanest answers the description allows.
import { ApiContract, HTTP_METHODS, pointerTarget } from './contract.ts'

type Json = Record<string, unknown>

const SUBSCHEMA_LISTS = ['allOf', 'oneOf', 'anyOf']

/**
 * The description, copied, with every answer cut to its required fields:
 * - every example of an answer (`example`, `examples[*].value`) and every `example` of a schema an
 *   answer uses, cut with `cutToRequired`;
 * - the `properties` of every schema an answer uses reduced to its `required` ones, so that answers
 *   made from the schemas hold only required fields too.
 * A schema only requests use keeps all its properties, so requests are checked as strictly as before.
 * The description given is left as it was.
 */
export function answersCutToRequired(description: Json): Json {
  const original = new ApiContract(description)
  const copy = structuredClone(description)
  const seen = new Set<Json>()

  const inCopy = (ref: string) => pointerTarget(copy, ref) as Json | undefined

  // The example is cut against the schema as published, before its properties (and its parts') are reduced.
  const cutSchema = (schema: Json): void => {
    if (seen.has(schema)) return
    seen.add(schema)
    if (typeof schema.$ref === 'string') {
      const target = inCopy(schema.$ref)
      if (target) cutSchema(target)
      return
    }
    if (schema.example !== undefined) schema.example = original.cutToRequired(schema.example, schema)
    const children: unknown[] = [schema.items, schema.additionalProperties, schema.not]
    for (const list of SUBSCHEMA_LISTS) if (Array.isArray(schema[list])) children.push(...(schema[list] as unknown[]))
    const properties = schema.properties as Record<string, Json> | undefined
    if (properties) {
      const required = new Set((schema.required ?? []) as string[])
      for (const name of Object.keys(properties)) {
        if (required.has(name)) children.push(properties[name])
        else delete properties[name]
      }
    }
    for (const child of children) if (isObject(child)) cutSchema(child)
  }

  const cutResponse = (response: Json): void => {
    if (typeof response.$ref === 'string') return // a component answer: cut once, below
    for (const media of Object.values((response.content ?? {}) as Record<string, Json>)) {
      const schema = media.schema as Json | undefined
      if (schema === undefined) continue
      if (media.example !== undefined) media.example = original.cutToRequired(media.example, schema)
      for (const [name, named] of Object.entries((media.examples ?? {}) as Record<string, Json>)) {
        const example = original.resolve(named)
        if (example.value === undefined) continue
        const value = original.cutToRequired(example.value, schema)
        ;(media.examples as Record<string, Json>)[name] = { ...example, value }
      }
      cutSchema(schema)
    }
  }

  for (const item of Object.values((copy.paths ?? {}) as Record<string, Json>)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method] as Json | undefined
      for (const response of Object.values((operation?.responses ?? {}) as Record<string, Json>)) cutResponse(response)
    }
  }
  const components = (copy.components ?? {}) as Json
  for (const response of Object.values((components.responses ?? {}) as Record<string, Json>)) cutResponse(response)
  return copy
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
