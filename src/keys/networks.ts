/**
 * The tripwire (docs/tripwire.md). The platform records only the address of a key's last use, so that is all it
 * reads. Node's BlockList matches `::ffff:10.1.2.3` as 10.1.2.3.
 */
import { isIP, type BlockList } from 'node:net'
import { blockList, parseBlock, type Block } from '../base/networks.ts'
import type { ApiKey } from '../api/types.ts'
import { quoted, untrusted } from '../base/text.ts'
import { readRunnerRanges } from '../github/meta.ts'
import type { CommandContext } from '../runner/context.ts'
import { formatDate } from '../runner/summary.ts'

/** In `expected-networks`: the ranges of GitHub-hosted runners, from GitHub's meta API. */
export const GITHUB_ACTIONS = 'github-actions'

/** With `github-actions`: GitHub's API and a token to read it. */
export type ExpectedNetworks = {
  blocks: string[]
  github?: { apiUrl?: string | undefined; token?: string | undefined }
}

/** A block, or a clause that says why `entry` is neither an address nor a CIDR block. */
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
 * An address the action cannot read is in no network. A use with no address is flagged too, so a platform that stops
 * recording addresses cannot silence the tripwire.
 */
export function usedFromElsewhere(key: ApiKey, expected: BlockList): boolean {
  const address = key.last_used_from_addr ?? ''
  if (address === '') return key.last_used_at !== null
  const version = isIP(address)
  return version === 0 || !expected.check(address, version === 4 ? 'ipv4' : 'ipv6')
}

export function hasReadableAddress(key: ApiKey): boolean {
  return isIP(key.last_used_from_addr ?? '') !== 0
}

function describeAddress(key: ApiKey, max: number): string {
  const address = key.last_used_from_addr ?? ''
  return address === '' ? 'no address the platform recorded' : quoted(address, max)
}

/** `unreadableRanges`: GitHub's ranges left out, as no address or block. */
export interface OpenNetworks {
  list: BlockList
  unreadableRanges: number
}

/** The blocks given, and with `github-actions` the ranges that GitHub lists now. */
export async function openExpectedNetworks(ctx: CommandContext, expected: ExpectedNetworks): Promise<OpenNetworks> {
  const { github } = expected
  const ranges = github
    ? await readRunnerRanges({ ...github, clock: ctx.clock, connections: ctx.client.connections }, ctx.client.deadline)
    : { blocks: [], unreadable: 0 }
  const runners = github ? ` and ${ranges.blocks.length} ranges of GitHub-hosted runners (GitHub's meta API)` : ''
  ctx.log.info(`Expected networks: ${expected.blocks.length} address(es) and block(s)${runners}.`)
  if (ranges.unreadable > 0) {
    const first =
      typeof ranges.firstUnreadable === 'string'
        ? ranges.firstUnreadable
        : (JSON.stringify(ranges.firstUnreadable) ?? '')
    ctx.log.warning(
      `GitHub's meta API lists ${ranges.unreadable} range(s) of GitHub-hosted runners that are no address or CIDR block, ` +
        `or a block wider than any network (the first: ${quoted(first, 80)}). They are left out. ` +
        'So a key last used from one of them counts as used from an unexpected network.',
    )
  }
  return { list: blockList([...expected.blocks, ...ranges.blocks]), unreadableRanges: ranges.unreadable }
}

export function describeUnexpectedUse(key: ApiKey): string {
  const when =
    key.last_used_at === null
      ? 'at a time the platform did not give'
      : `at ${untrusted(formatDate(key.last_used_at), 40)}`
  return `API key ${key.id} ${quoted(key.name, 80)}, last used from ${describeAddress(key, 80)} ${when}`
}
