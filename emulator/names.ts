// Identifiers and secrets shaped like the service's own. Each name takes a source of whole
// numbers below `n`: the system's by default, a seeded one where a seed must give the same names.
import { randomInt } from 'node:crypto'

/** A whole number from 0 up to, not including, `n`. */
export type RandomBelow = (n: number) => number

const ADJECTIVES = [
  'falling',
  'aged',
  'bold',
  'calm',
  'cool',
  'damp',
  'dawn',
  'divine',
  'empty',
  'fancy',
  'floral',
  'frosty',
  'gentle',
  'green',
  'hidden',
  'icy',
  'jolly',
  'late',
  'lively',
  'lucky',
  'misty',
  'muddy',
  'noisy',
  'old',
  'patient',
  'plain',
  'proud',
  'quiet',
  'red',
  'round',
  'shy',
  'silent',
  'small',
  'snowy',
  'solitary',
  'steep',
  'still',
  'summer',
  'sweet',
  'tight',
  'twilight',
  'wandering',
  'weathered',
  'white',
  'wild',
  'winter',
  'wispy',
  'withered',
  'young',
]
const NOUNS = [
  'sun',
  'mud',
  'bird',
  'breeze',
  'brook',
  'bush',
  'cake',
  'cell',
  'cherry',
  'cloud',
  'credit',
  'darkness',
  'dawn',
  'dew',
  'dream',
  'dust',
  'feather',
  'field',
  'fire',
  'firefly',
  'flower',
  'fog',
  'forest',
  'frog',
  'frost',
  'glade',
  'glitter',
  'grass',
  'haze',
  'hill',
  'lab',
  'lake',
  'leaf',
  'meadow',
  'moon',
  'morning',
  'night',
  'paper',
  'pine',
  'pond',
  'rain',
  'resonance',
  'river',
  'sea',
  'shadow',
  'shape',
  'silence',
  'sky',
  'smoke',
  'snow',
  'sound',
  'star',
  'sunset',
  'surf',
  'thunder',
  'tree',
  'union',
  'violet',
  'water',
  'wave',
  'wildflower',
  'wind',
  'wood',
]
const LOWER_ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789'

function pick<T>(items: readonly T[], random: RandomBelow): T {
  return items[random(items.length)] as T
}

function randomChars(length: number, alphabet = LOWER_ALNUM, random: RandomBelow = randomInt): string {
  let out = ''
  for (let i = 0; i < length; i++) out += alphabet[random(alphabet.length)]
  return out
}

function words(random: RandomBelow): string {
  return `${pick(ADJECTIVES, random)}-${pick(NOUNS, random)}`
}

function eightDigits(random: RandomBelow): string {
  return String(10_000_000 + random(90_000_000))
}

/** e.g. falling-sun-12345678 */
export function projectId(random: RandomBelow = randomInt): string {
  return `${words(random)}-${eightDigits(random)}`
}

/** e.g. org-quiet-river-12345678 */
export function organizationId(random: RandomBelow = randomInt): string {
  return `org-${words(random)}-${eightDigits(random)}`
}

/** e.g. br-wispy-meadow-a5kd0r2p */
export function branchId(random: RandomBelow = randomInt): string {
  return `br-${words(random)}-${randomChars(8, LOWER_ALNUM, random)}`
}

/** e.g. ep-cool-darkness-a1b2c3d4 */
export function endpointId(random: RandomBelow = randomInt): string {
  return `ep-${words(random)}-${randomChars(8, LOWER_ALNUM, random)}`
}

/** A random key value; only ever shown once, at creation. */
export function apiKeyValue(): string {
  return `napi_${randomChars(60)}`
}

/**
 * A key name as the action writes it for a key that expires at `expiresAtMs` (docs/keys.md,
 * "Expiry you can see"): `<name>~exp-YYYYMMDDTHHMMZ`, UTC, rounded up to the minute. Written here on its
 * own, so a test can check the action reads the documented form, not only its own output.
 */
export function expiringKeyName(name: string, expiresAtMs: number): string {
  const at = new Date(Math.ceil(expiresAtMs / 60_000) * 60_000)
  const two = (n: number) => String(n).padStart(2, '0')
  const stamp = `${at.getUTCFullYear()}${two(at.getUTCMonth() + 1)}${two(at.getUTCDate())}T${two(at.getUTCHours())}${two(at.getUTCMinutes())}Z`
  return `${name}~exp-${stamp}`
}
