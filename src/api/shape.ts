/** A field the action relies on must be there with the right type, or the request fails with a clear message. */
export class ShapeError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ShapeError'
  }
}

export type Json = Record<string, unknown>

export function object(value: unknown, where: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ShapeError(`${where} is not an object`)
  }
  return value as Json
}

export function array(value: unknown, where: string): unknown[] {
  if (!Array.isArray(value)) throw new ShapeError(`${where} is not an array`)
  return value
}

export function string(record: Json, field: string, where: string): string {
  const value = record[field]
  if (typeof value !== 'string') throw new ShapeError(`${where}.${field} is ${describe(value)}, not a string`)
  return value
}

export function integer(record: Json, field: string, where: string): number {
  const value = record[field]
  // Stryker disable next-line ConditionalExpression: equivalent, isSafeInteger() is false for a non-number
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    throw new ShapeError(`${where}.${field} is ${describe(value)}, not an integer`)
  }
  return value
}

export function optionalString(record: Json, field: string): string | undefined {
  const value = record[field]
  return typeof value === 'string' ? value : undefined
}

function describe(value: unknown): string {
  if (value === undefined) return 'missing'
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  return `a ${typeof value}`
}
