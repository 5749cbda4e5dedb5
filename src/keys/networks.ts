/**
 * The tripwire: keys last used from outside the networks they are expected to be used from, by the
 * platform's record of each key's last use (`last_used_from_addr`; it keeps no other). Node's
 * BlockList matches, an IPv4 address written as IPv6 (`::ffff:10.1.2.3`) as the IPv4 address.
 */
import { BlockList, isIP } from 'node:net'
import type { ApiKey } from '../api/types.ts'
import { quoted, untrusted } from '../base/text.ts'
import { readRunnerRanges } from '../github/meta.ts'
import type { CommandContext } from '../runner/context.ts'
import { formatDate } from '../runner/summary.ts'

/** The word of `expected-networks` for the ranges of GitHub-hosted runners, read from GitHub's meta API. */
export const GITHUB_ACTIONS = 'github-actions'

/** Addresses and CIDR blocks; with `github-actions`, GitHub's API (GITHUB_API_URL, api.github.com when unset) and a token to read it. */
export type ExpectedNetworks = { blocks: string[]; github?: { apiUrl?: string | undefined; token?: string | undefined } }

/** An address or a CIDR block; or, as a clause, why `entry` is neither. */
export function parseNetwork(entry: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | string {
  const [address = '', prefix, ...more] = entry.split('/')
  const version = isIP(address)
  if (version === 0) {
    return /^[\d.]+$/.test(address)
      ? 'an IPv4 address is four numbers from 0 to 255'
      : `it is no IP address, CIDR block or the word ${GITHUB_ACTIONS} (host names are not resolved)`
  }
  const max = version === 4 ? 32 : 128
  const bits = prefix === undefined ? max : /^\d{1,3}$/.test(prefix) && more.length === 0 ? Number(prefix) : Number.NaN
  return bits <= max
    ? { address, prefix: bits, family: version === 4 ? 'ipv4' : 'ipv6' }
    : `an IPv${version} block has a prefix length from 0 to ${max}`
}

/** One BlockList; an entry it cannot read (GitHub's data) is left out, so an address there counts as unexpected. */
export function networkList(blocks: readonly string[]): BlockList {
  const list = new BlockList()
  for (const n of blocks.map(parseNetwork)) if (typeof n !== 'string') list.addSubnet(n.address, n.prefix, n.family)
  return list
}

/** Never a key never used; always one whose address the action cannot read, which is in no network. */
export function usedFromElsewhere(key: ApiKey, expected: BlockList): boolean {
  const address = key.last_used_from_addr ?? ''
  const version = isIP(address)
  return address !== '' && (version === 0 || !expected.check(address, version === 4 ? 'ipv4' : 'ipv6'))
}

/** The blocks given and, with `github-actions`, the ranges GitHub lists now, as one list. */
export async function openExpectedNetworks(ctx: CommandContext, expected: ExpectedNetworks): Promise<BlockList> {
  const { github } = expected
  const ranges = github
    ? await readRunnerRanges({ ...github, clock: ctx.clock, connections: ctx.client.connections }, ctx.client.deadline)
    : []
  const runners = github ? ` and ${ranges.length} ranges of GitHub-hosted runners (GitHub's meta API)` : ''
  ctx.log.info(`Expected networks: ${expected.blocks.length} address(es) and block(s)${runners}.`)
  return networkList([...expected.blocks, ...ranges])
}

export function describeUnexpectedUse(key: ApiKey): string {
  return `API key ${key.id} ${quoted(key.name, 80)}, last used from ${quoted(key.last_used_from_addr ?? '', 80)} at ${untrusted(formatDate(key.last_used_at), 40)}`
}
