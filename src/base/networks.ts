/** Addresses and CIDR blocks, as NO_PROXY and `expected-networks` write them. */
import { BlockList, isIP } from 'node:net'

export type Block = { address: string; prefix: number; family: 'ipv4' | 'ipv6' }

/** Undefined for anything else: a host name is never resolved. */
export function parseBlock(entry: string): Block | undefined {
  const [address = '', prefix, ...more] = entry.split('/')
  const version = isIP(address)
  const max = version === 4 ? 32 : 128
  const bits = prefix === undefined ? max : /^\d{1,3}$/.test(prefix) && more.length === 0 ? Number(prefix) : Number.NaN
  return version !== 0 && bits <= max ? { address, prefix: bits, family: version === 4 ? 'ipv4' : 'ipv6' } : undefined
}

/** Entries that are not addresses or blocks are left out. */
export function blockList(entries: ReadonlyArray<string | Block>): BlockList {
  const list = new BlockList()
  for (const entry of entries) {
    const block = typeof entry === 'string' ? parseBlock(entry) : entry
    if (block) list.addSubnet(block.address, block.prefix, block.family)
  }
  return list
}
