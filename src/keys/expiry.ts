/**
 * An expiry written into a key's name. The platform's keys never expire, and their records have no field for it.
 * So create-key ends the name with one fixed form, and prune-keys reads it back:
 *
 *     <name>~exp-YYYYMMDDTHHMMZ        e.g. deploy-42~exp-20261122T1400Z
 *
 * The time is in UTC, to the minute, rounded up, so a key never expires before the time asked for.
 * The form has 19 characters, so the name before it may have at most 45 of the service's 64.
 * A name expires only when it ends with exactly this form, with a real date and time, after at least one character.
 * People rarely put `~` in names, and a near miss does not count.
 */

const EXPIRY_MARK = '~exp-'
/** `~exp-` and `YYYYMMDDTHHMMZ`. */
export const EXPIRY_SUFFIX_LENGTH = EXPIRY_MARK.length + 14

const MINUTE_MS = 60_000
/** The form has four digits for the year. */
const LAST_YEAR = 9999
// Stryker disable next-line Regex: equivalent, as expiryOf() writes the time back and compares it with the name's end
const SUFFIX = /^([\s\S]+)~exp-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})Z$/

/** `expiresAt` is in ms since the epoch. It is rounded up to the minute. */
export function withExpiry(name: string, expiresAt: number): string {
  return `${name}${expirySuffix(expiresAt)}`
}

export function expirySuffix(expiresAt: number): string {
  const minute = new Date(Math.ceil(expiresAt / MINUTE_MS) * MINUTE_MS)
  if (!Number.isFinite(minute.getTime()) || minute.getUTCFullYear() > LAST_YEAR || minute.getUTCFullYear() < 1970) {
    throw new RangeError(`an expiry must fall between 1970 and ${LAST_YEAR}`)
  }
  const iso = minute.toISOString() // YYYY-MM-DDTHH:MM:00.000Z
  return `${EXPIRY_MARK}${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}Z`
}

/**
 * The expiry in ms since the epoch. Undefined when the name does not end with the form,
 * or when the form names no real time (month 13, 25:00, February 30).
 */
export function expiryOf(name: string): number | undefined {
  const match = SUFFIX.exec(name)
  if (!match) return undefined
  const [year, month, day, hour, minute] = match.slice(2).map(Number) as [number, number, number, number, number]
  const at = Date.UTC(year, month - 1, day, hour, minute)
  // Date.UTC rolls over: month 13 becomes January. Only a real time writes back as it was read.
  if (Number.isNaN(at) || year < 1970 || expirySuffix(at) !== name.slice(-EXPIRY_SUFFIX_LENGTH)) return undefined
  return at
}

/** The `expires-at` output: the name's expiry in ISO 8601 UTC, so a later step need not parse the name. */
export function expiresAtOutput(expiresAt: number | undefined): { 'expires-at'?: string } {
  return expiresAt === undefined ? {} : { 'expires-at': new Date(expiresAt).toISOString().replace('.000Z', 'Z') }
}
