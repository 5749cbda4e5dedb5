import { createHash } from 'node:crypto'
import { MAX_KEY_NAME_LENGTH } from '../api/ids.ts'
import { targetText, type SecretStorage } from '../github/targets.ts'

/**
 * Unique to the targets and the secret, so two workflows that rotate into different places never revoke each other's
 * keys. GitHub compares names without case, so this does too, and the targets' order does not count (docs/rotation.md).
 */
export function defaultRotationKeyName(storage: Pick<SecretStorage, 'name' | 'targets'>): string {
  const secret = storage.name.toUpperCase()
  const texts = storage.targets.map((t) => targetText(t).toLowerCase()).sort()
  const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 8)
  const full =
    texts.length === 1
      ? `gha:${texts[0]}:${secret}`
      : `gha:${texts[0]}+${texts.length - 1}:${secret}~${digest([...texts, secret].join('\n'))}`
  const chars = [...full]
  if (chars.length <= MAX_KEY_NAME_LENGTH) return full
  return `${chars.slice(0, MAX_KEY_NAME_LENGTH - 9).join('')}~${digest(full)}`
}
