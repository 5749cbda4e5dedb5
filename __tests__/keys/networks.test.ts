// src/keys/networks.ts: the tripwire's rules alone: what an entry of `expected-networks` is, and which keys' last use came
// from outside the expected networks, by the platform's own record of it; and what matching thousands costs.
// Unit tests, in this process.
import { describe, expect, it } from '@jest/globals'
import type { ApiKey } from '../../src/api/types.ts'
import { blockList } from '../../src/base/networks.ts'
import { describeUnexpectedUse, parseNetwork, usedFromElsewhere } from '../../src/keys/networks.ts'

const usedFrom = (address: string | null): ApiKey => ({
  id: 1,
  name: 'ci-deploy',
  created_at: '2026-11-01T00:00:00Z',
  last_used_at: address === null ? null : '2026-11-21T08:00:00Z',
  last_used_from_addr: address ?? '',
})

describe('an entry of expected-networks', () => {
  it('is an IPv4 or IPv6 address or CIDR block', () => {
    expect(parseNetwork('10.0.0.0/8')).toEqual({ address: '10.0.0.0', prefix: 8, family: 'ipv4' })
    expect(parseNetwork('203.0.113.7')).toEqual({ address: '203.0.113.7', prefix: 32, family: 'ipv4' })
    expect(parseNetwork('0.0.0.0/0')).toEqual({ address: '0.0.0.0', prefix: 0, family: 'ipv4' })
    expect(parseNetwork('2001:db8::/32')).toEqual({ address: '2001:db8::', prefix: 32, family: 'ipv6' })
    expect(parseNetwork('2001:db8::1')).toEqual({ address: '2001:db8::1', prefix: 128, family: 'ipv6' })
    expect(parseNetwork('::ffff:10.0.0.0/104')).toEqual({ address: '::ffff:10.0.0.0', prefix: 104, family: 'ipv6' })
  })

  it('is refused with the reason otherwise: a prefix past the family, a number past 255, a host name, a word', () => {
    expect(parseNetwork('10.0.0.0/33')).toBe('an IPv4 block has a prefix length from 0 to 32')
    expect(parseNetwork('2001:db8::/129')).toBe('an IPv6 block has a prefix length from 0 to 128')
    expect(parseNetwork('10.0.0.0/8/8')).toBe('an IPv4 block has a prefix length from 0 to 32')
    for (const entry of ['10.0.0.0/', '10.0.0.0/x', '10.0.0.0/-1', '10.0.0.0/08x']) {
      expect([entry, parseNetwork(entry)]).toEqual([entry, 'an IPv4 block has a prefix length from 0 to 32'])
    }
    for (const entry of ['10.0.0.300', '10.0.0', '010.0.0.1', '10.0.0.300/24']) {
      expect([entry, parseNetwork(entry)]).toEqual([entry, 'an IPv4 address is four numbers from 0 to 255'])
    }
    for (const entry of ['office.example.com', 'github-action', 'actions', '2001:db8::g', '/8']) {
      expect([entry, parseNetwork(entry)]).toEqual([
        entry,
        'it is no IP address, CIDR block or the word github-actions (host names are not resolved)',
      ])
    }
  })
})

describe('a key used from an unexpected network', () => {
  const list = blockList(['10.0.0.0/8', '2001:db8:a11::/48', '192.0.2.9'])

  it("is one whose last use came from outside every expected network, by the platform's record", () => {
    expect(usedFromElsewhere(usedFrom('203.0.113.7'), list)).toBe(true)
    expect(usedFromElsewhere(usedFrom('11.0.0.1'), list)).toBe(true)
    expect(usedFromElsewhere(usedFrom('192.0.2.10'), list)).toBe(true)
    expect(usedFromElsewhere(usedFrom('2001:db8:a12::1'), list)).toBe(true)
    expect(usedFromElsewhere(usedFrom('10.1.2.3'), list)).toBe(false)
    expect(usedFromElsewhere(usedFrom('192.0.2.9'), list)).toBe(false)
    expect(usedFromElsewhere(usedFrom('2001:DB8:A11:7::1'), list)).toBe(false)
  })

  it('an IPv4 address written as IPv6 is the IPv4 address', () => {
    expect(usedFromElsewhere(usedFrom('::ffff:10.1.2.3'), list)).toBe(false)
    expect(usedFromElsewhere(usedFrom('::ffff:a01:203'), list)).toBe(false)
    expect(usedFromElsewhere(usedFrom('::ffff:203.0.113.7'), list)).toBe(true)
  })

  it('never a key never used; always an address the action cannot read, which is in no network', () => {
    expect(usedFromElsewhere(usedFrom(null), list)).toBe(false)
    expect(usedFromElsewhere({ ...usedFrom(null), last_used_from_addr: '' }, list)).toBe(false)
    // What the platform's parser keeps of an address that is no string: its JSON text.
    for (const address of [
      '10.1.2.3:443',
      ' 10.1.2.3',
      'unknown',
      '::error::x',
      'x'.repeat(100_000),
      '["10.0.0.1"]',
      '{}',
      '7',
      'true',
    ]) {
      expect([address.slice(0, 20), usedFromElsewhere(usedFrom(address), list)]).toEqual([address.slice(0, 20), true])
    }
    // No network at all: every key used from anywhere is.
    expect(usedFromElsewhere(usedFrom('10.1.2.3'), blockList([]))).toBe(true)
  })

  it('a use the platform recorded without an address (empty, or left out) is flagged: it is in no expected network', () => {
    expect(usedFromElsewhere(usedFrom(''), list)).toBe(true)
    // A last use the action cannot read is a use all the same.
    expect(usedFromElsewhere({ ...usedFrom(''), last_used_at: 'yesterday' }, list)).toBe(true)
  })

  it("leaves out a range it cannot read (GitHub's data): an address there counts as unexpected", () => {
    const withBad = blockList(['10.0.0.0/33', 'garbage', '10.0.0.0/8'])
    expect(usedFromElsewhere(usedFrom('10.9.9.9'), withBad)).toBe(false)
    expect(usedFromElsewhere(usedFrom('11.0.0.1'), withBad)).toBe(true)
  })

  it('5,000 keys against 5,000 ranges: each key is matched, IPv4 and IPv6 (the time it takes is in npm run bench)', () => {
    const ranges = Array.from({ length: 5000 }, (_, i) =>
      i % 2 ? `${20 + (i >> 8)}.${i & 255}.0.0/16` : `2001:db8:${i.toString(16)}::/48`,
    )
    const keys = Array.from({ length: 5000 }, (_, i) =>
      usedFrom(i % 2 ? `203.0.${i >> 8}.${i & 255}` : `2001:db8:${i.toString(16)}::7`),
    )
    const expected = blockList(ranges)
    const flagged = keys.filter((key) => usedFromElsewhere(key, expected))
    // The IPv4 half is outside every range; each IPv6 key is inside its own.
    expect(flagged).toHaveLength(2500)
    expect(flagged.every((key) => key.last_used_from_addr.startsWith('203.0.'))).toBe(true)
  })

  it('says when the platform gave an address but no time', () => {
    expect(describeUnexpectedUse({ ...usedFrom('192.0.2.255'), last_used_at: null })).toBe(
      'API key 1 "ci-deploy", last used from "192.0.2.255" at a time the platform did not give',
    )
    expect(describeUnexpectedUse(usedFrom('192.0.2.255'))).toBe(
      'API key 1 "ci-deploy", last used from "192.0.2.255" at 2026-11-21 08:00 UTC',
    )
  })
})
