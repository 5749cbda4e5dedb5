import { PlatformEmulator } from '../../emulator/platform.ts'

/**
 * An emulator whose clock moves one second with each read of operations. The action runs on
 * virtual time in end-to-end tests, so the emulator cannot follow the wall clock: this way an
 * operation that finishes "after 3 s" finishes on the 4th poll, however fast the machine is.
 */
export function polledPlatform(start = Date.parse('2026-11-21T10:00:00Z')): PlatformEmulator {
  let now = start
  const platform = new PlatformEmulator({ now: () => now })
  platform.onRequest((request) => {
    if (/^\/projects\/[^/]+\/operations/.test(request.path)) now += 1000
  })
  return platform
}
