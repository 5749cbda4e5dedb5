// Timestamp formats the service uses: records carry second precision, while
// the operations cursor carries fractional seconds.

/** ISO 8601 UTC at second precision, e.g. 2026-11-21T10:00:00Z. */
export function isoSeconds(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z')
}

/** ISO 8601 UTC with microseconds, e.g. 2026-11-21T10:00:00.123456Z, from microseconds since the epoch. */
export function isoMicros(us: number): string {
  const wholeSeconds = Math.floor(us / 1_000_000)
  const fraction = us - wholeSeconds * 1_000_000
  return `${isoSeconds(wholeSeconds * 1000).slice(0, -1)}.${String(fraction).padStart(6, '0')}Z`
}

const TIMESTAMP = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/

/** Parses an ISO 8601 timestamp with optional fractional seconds into microseconds since the epoch. */
export function parseTimestampMicros(text: string): number | undefined {
  const match = TIMESTAMP.exec(text)
  if (!match) return undefined
  const wholeMs = Date.parse(`${match[1]}${match[3]}`)
  if (Number.isNaN(wholeMs)) return undefined
  const fraction = Number((match[2] ?? '').padEnd(6, '0').slice(0, 6))
  return wholeMs * 1000 + fraction
}
