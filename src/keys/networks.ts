/**
 * The tripwire: keys last used from outside the networks they are expected to be used from, by the
 * platform's record of each key's last use (`last_used_from_addr`; it keeps no other). Node's
 * BlockList matches, an IPv4 address written as IPv6 (`::ffff:10.1.2.3`) as the IPv4 address.
 */
import { isIP, type BlockList } from 'node:net'
import { blockList, parseBlock, type Block } from '../base/networks.ts'
import type { ApiKey } from '../api/types.ts'
import { quoted, untrusted } from '../base/text.ts'
import { readRunnerRanges } from '../github/meta.ts'
import type { CommandContext } from '../runner/context.ts'
import { formatDate } from '../runner/summary.ts'

/** The word of `expected-networks` for the ranges of GitHub-hosted runners, read from GitHub's meta API. */
export const GITHUB_ACTIONS = 'github-actions'

/** Addresses and CIDR blocks; with `github-actions`, GitHub's API (GITHUB_API_URL, api.github.com when unset) and a token to read it. */
export type ExpectedNetworks = {
  blocks: string[]
  github?: { apiUrl?: string | undefined; token?: string | undefined }
}

/** An address or a CIDR block; or, as a clause, why `entry` is neither. */
export function parseNetwork(entry: string): Block | string {
  const block = parseBlock(entry)
  if (block) return block
  const address = entry.split('/')[0] ?? ''
  const version = isIP(address)
  if (version !== 0) return `an IPv${version} block has a prefix length from 0 to ${version === 4 ? 32 : 128}`
  return /^[\d.]+$/.test(address)
    ? 'an IPv4 address is four numbers from 0 to 255'
    : `it is no IP address, CIDR block or the word ${GITHUB_ACTIONS} (host names are not resolved)`
}

/**
 * Never a key never used; always one whose address the action cannot read, which is in no network.
 * A use the platform recorded with no address (empty, or none) is one from nowhere the action can
 * place: flagged, so that a platform that stops recording addresses cannot silence the tripwire.
 */
export function usedFromElsewhere(key: ApiKey, expected: BlockList): boolean {
  const address = key.last_used_from_addr ?? ''
  if (address === '') return key.last_used_at !== null
  const version = isIP(address)
  return version === 0 || !expected.check(address, version === 4 ? 'ipv4' : 'ipv6')
}

/** Whether the address of the key's last use is one the action can place in a network: an IP address. */
export function hasReadableAddress(key: ApiKey): boolean {
  return isIP(key.last_used_from_addr ?? '') !== 0
}

/** Where the key was last used from, for a log line: quoted and bounded, or that the platform recorded no address. */
function describeAddress(key: ApiKey, max: number): string {
  const address = key.last_used_from_addr ?? ''
  return address === '' ? 'no address the platform recorded' : quoted(address, max)
}

/** The expected networks as the step could read them: `unreadableRanges` counts GitHub's ranges left out, which were no address or block. */
export interface OpenNetworks {
  list: BlockList
  unreadableRanges: number
}

/** The blocks given and, with `github-actions`, the ranges GitHub lists now, as one list. */
export async function openExpectedNetworks(ctx: CommandContext, expected: ExpectedNetworks): Promise<OpenNetworks> {
  const { github } = expected
  const ranges = github
    ? await readRunnerRanges({ ...github, clock: ctx.clock, connections: ctx.client.connections }, ctx.client.deadline)
    : { blocks: [], unreadable: 0 }
  const runners = github ? ` and ${ranges.blocks.length} ranges of GitHub-hosted runners (GitHub's meta API)` : ''
  ctx.log.info(`Expected networks: ${expected.blocks.length} address(es) and block(s)${runners}.`)
  // A range of GitHub's the action cannot read is left out: an address in it counts as unexpected.
  if (ranges.unreadable > 0) {
    const first =
      typeof ranges.firstUnreadable === 'string'
        ? ranges.firstUnreadable
        : (JSON.stringify(ranges.firstUnreadable) ?? '')
    ctx.log.warning(
      `GitHub's meta API lists ${ranges.unreadable} range(s) of GitHub-hosted runners that are no address or CIDR block ` +
        `(the first: ${quoted(first, 80)}): they are left out, so a key last used from one of them counts as used from an ` +
        'unexpected network.',
    )
  }
  return { list: blockList([...expected.blocks, ...ranges.blocks]), unreadableRanges: ranges.unreadable }
}

export function describeUnexpectedUse(key: ApiKey): string {
  // The description lets a list leave the time out even where it gives an address.
  const when =
    key.last_used_at === null
      ? 'at a time the platform did not give'
      : `at ${untrusted(formatDate(key.last_used_at), 40)}`
  return `API key ${key.id} ${quoted(key.name, 80)}, last used from ${describeAddress(key, 80)} ${when}`
}
