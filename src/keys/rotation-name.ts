import { createHash } from 'node:crypto'
import { MAX_KEY_NAME_LENGTH } from '../api/ids.ts'
import { targetText, type SecretStorage } from '../github/targets.ts'

/**
 * rotate-key's key name when none is given. It is unique to the set of targets and the secret, so two workflows
 * that rotate into different places never rotate or revoke each other's keys. GitHub compares every part without
 * case, so the name does too, and the order of the targets does not count.
 * One target: `gha:<target>:<SECRET>`.
 * Several: `gha:<first target>+<how many more>:<SECRET>~` and 8 hex digits of the SHA-256 of the whole set.
 * A name longer than 64 characters keeps its first 55, then `~` and 8 hex digits of the SHA-256 of the whole name.
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
