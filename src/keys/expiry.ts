/**
 * An expiry written into a key's name: the platform's keys never expire, and have no field for it (docs/keys.md).
 *
 *     <name>~exp-YYYYMMDDTHHMMZ        e.g. deploy-42~exp-20261122T1400Z
 *
 * UTC, rounded up to the minute, so a key never expires before the time asked for. Only this exact form, with a real
 * time, counts: a near miss does not.
 */

const EXPIRY_MARK = '~exp-'
/** `~exp-` and `YYYYMMDDTHHMMZ`. */
export const EXPIRY_SUFFIX_LENGTH = EXPIRY_MARK.length + 14

const MINUTE_MS = 60_000
/** The form has four digits for the year. */
const LAST_YEAR = 9999
// Stryker disable next-line Regex: equivalent, as expiryOf() writes the time back and compares it
const SUFFIX = /^([\s\S]+)~exp-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})Z$/

/** `expiresAt` in ms since the epoch, rounded up to the minute. */
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

/** Undefined unless the name ends with the form, naming a real time (not month 13, 25:00, February 30). */
export function expiryOf(name: string): number | undefined {
  const match = SUFFIX.exec(name)
  if (!match) return undefined
  const [year, month, day, hour, minute] = match.slice(2).map(Number) as [number, number, number, number, number]
  const at = Date.UTC(year, month - 1, day, hour, minute)
  // Date.UTC rolls over: month 13 becomes January. Only a real time writes back as it was read.
  if (Number.isNaN(at) || year < 1970 || expirySuffix(at) !== name.slice(-EXPIRY_SUFFIX_LENGTH)) return undefined
  return at
}

/** So a later step need not parse the name. */
export function expiresAtOutput(expiresAt: number | undefined): { 'expires-at'?: string } {
  return expiresAt === undefined ? {} : { 'expires-at': new Date(expiresAt).toISOString().replace('.000Z', 'Z') }
}
