// src/github/sealed-box.ts: the action seals secret values itself (Node’s X25519, @noble’s BLAKE2b and XSalsa20-Poly1305);
// GitHub opens them with libsodium, so libsodium’s `crypto_box_seal_open` is the judge: it must open every box.
// Unit tests, in this process.
import { beforeAll, describe, expect, it } from '@jest/globals'
import { randomBytes, randomInt } from 'node:crypto'
import sodium from 'libsodium-wrappers'
import { SEALED_BOX_OVERHEAD, sealedBox } from '../../src/github/sealed-box.ts'

beforeAll(async () => {
  await sodium.ready
})

/** GitHub's limit on a secret's value. */
const MAX_SECRET_BYTES = 48 * 1024

function opened(box: Uint8Array, pair: { publicKey: Uint8Array; privateKey: Uint8Array }): Uint8Array {
  return sodium.crypto_box_seal_open(box, pair.publicKey, pair.privateKey)
}

describe('sealedBox', () => {
  it.each([0, 1, 15, 16, 17, 31, 32, 33, 63, 64, 65, 1000, MAX_SECRET_BYTES - 1, MAX_SECRET_BYTES])(
    'libsodium opens a box of %i bytes, and finds the value',
    (length) => {
      const pair = sodium.crypto_box_keypair()
      const value = new Uint8Array(randomBytes(length))
      const box = sealedBox(value, pair.publicKey)
      expect(box).toHaveLength(length + SEALED_BOX_OVERHEAD)
      expect(Buffer.from(opened(box, pair)).equals(Buffer.from(value))).toBe(true)
    },
  )

  it('libsodium opens every box of 500 random keys and values', () => {
    for (let i = 0; i < 500; i++) {
      const pair = sodium.crypto_box_keypair()
      const value = new Uint8Array(randomBytes(randomInt(0, 4096)))
      expect(Buffer.from(opened(sealedBox(value, pair.publicKey), pair)).equals(Buffer.from(value))).toBe(true)
    }
  })

  it('is libsodium’s format: the ephemeral public key, then crypto_box under the nonce BLAKE2b(epk ‖ pk) of 24 bytes', () => {
    const pair = sodium.crypto_box_keypair()
    const value = sodium.from_string('napi_0123456789abcdef')
    const box = sealedBox(value, pair.publicKey)
    const ephemeral = box.subarray(0, sodium.crypto_box_PUBLICKEYBYTES)
    const nonce = sodium.crypto_generichash(
      sodium.crypto_box_NONCEBYTES,
      new Uint8Array([...ephemeral, ...pair.publicKey]),
      null,
    )
    const inner = sodium.crypto_box_open_easy(
      box.subarray(sodium.crypto_box_PUBLICKEYBYTES),
      nonce,
      ephemeral,
      pair.privateKey,
    )
    expect(sodium.to_string(inner)).toBe('napi_0123456789abcdef')
    expect(SEALED_BOX_OVERHEAD).toBe(sodium.crypto_box_SEALBYTES)
  })

  it('uses a new ephemeral key for every box', () => {
    const pair = sodium.crypto_box_keypair()
    const value = sodium.from_string('napi_same')
    const first = sealedBox(value, pair.publicKey)
    const second = sealedBox(value, pair.publicKey)
    expect(Buffer.from(first.subarray(0, 32)).equals(Buffer.from(second.subarray(0, 32)))).toBe(false)
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(false)
  })

  it('a box for another key does not open', () => {
    const pair = sodium.crypto_box_keypair()
    const other = sodium.crypto_box_keypair()
    const box = sealedBox(sodium.from_string('napi_x'), other.publicKey)
    expect(() => opened(box, pair)).toThrow()
  })

  it.each([0, 31, 33, 64])('refuses a public key of %i bytes', (length) => {
    expect(() => sealedBox(new Uint8Array(1), new Uint8Array(length))).toThrow(
      `A sealed box needs a 32-byte X25519 public key; GitHub sent ${length} bytes.`,
    )
  })
})
