/**
 * libsodium's sealed box (`crypto_box_seal`), the form GitHub takes secrets in, built from Node's X25519 and two
 * audited @noble primitives instead of libsodium (docs/audit.md). The box is epk ‖ tag ‖ ciphertext, with the nonce
 * BLAKE2b-192(epk ‖ pk).
 */
import { createPublicKey, diffieHellman, generateKeyPairSync } from 'node:crypto'
import { hsalsa, xsalsa20poly1305 } from '@noble/ciphers/salsa.js'
import { blake2b } from '@noble/hashes/blake2.js'
import { ActionError } from '../base/errors.ts'

const KEY_BYTES = 32
const NONCE_BYTES = 24
const TAG_BYTES = 16
/** The ephemeral public key and the tag. */
export const SEALED_BOX_OVERHEAD = KEY_BYTES + TAG_BYTES

/** "expand 32-byte k" as HSalsa20 takes it: four words in the host's order. */
const SIGMA = new Uint32Array(Uint8Array.from(new TextEncoder().encode('expand 32-byte k')).buffer)

/** Only the holder of `recipient`'s private key can open it. */
export function sealedBox(value: Uint8Array, recipient: Uint8Array): Uint8Array {
  if (recipient.length !== KEY_BYTES) {
    throw new ActionError(`A sealed box needs a 32-byte X25519 public key; GitHub sent ${recipient.length} bytes.`)
  }
  const ephemeral = generateKeyPairSync('x25519')
  const epk = Buffer.from(ephemeral.publicKey.export({ format: 'jwk' }).x ?? '', 'base64url')
  const recipientKey = createPublicKey({
    key: { kty: 'OKP', crv: 'X25519', x: Buffer.from(recipient).toString('base64url') },
    format: 'jwk',
  })
  const shared = diffieHellman({ privateKey: ephemeral.privateKey, publicKey: recipientKey })
  const key = boxKey(shared)
  shared.fill(0)
  const nonce = blake2b(concat(epk, recipient), { dkLen: NONCE_BYTES })
  const sealed = xsalsa20poly1305(key, nonce).encrypt(value)
  key.fill(0)
  return concat(epk, sealed)
}

/** crypto_box_beforenm: HSalsa20 of the shared secret with a zero input. */
function boxKey(shared: Uint8Array): Uint8Array {
  const words = new Uint32Array(8)
  hsalsa(SIGMA, new Uint32Array(Uint8Array.from(shared).buffer), new Uint32Array(4), words)
  return new Uint8Array(words.buffer)
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length)
  out.set(a, 0)
  out.set(b, a.length)
  return out
}
