// Identifiers and secrets shaped like the service's own.
import { randomInt } from 'node:crypto'

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

function pick<T>(items: readonly T[]): T {
  return items[randomInt(items.length)] as T
}

export function randomChars(length: number, alphabet = LOWER_ALNUM): string {
  let out = ''
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)]
  return out
}

function words(): string {
  return `${pick(ADJECTIVES)}-${pick(NOUNS)}`
}

/** e.g. falling-sun-12345678 */
export function projectId(): string {
  return `${words()}-${String(randomInt(10_000_000, 100_000_000))}`
}

/** e.g. org-quiet-river-12345678 */
export function organizationId(): string {
  return `org-${words()}-${String(randomInt(10_000_000, 100_000_000))}`
}

/** e.g. br-wispy-meadow-a5kd0r2p */
export function branchId(): string {
  return `br-${words()}-${randomChars(8)}`
}

/** e.g. ep-cool-darkness-a1b2c3d4 */
export function endpointId(): string {
  return `ep-${words()}-${randomChars(8)}`
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
