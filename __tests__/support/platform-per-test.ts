import { afterEach, beforeEach } from '@jest/globals'
import { PlatformEmulator } from '../../emulator/platform.ts'

export interface StartedPlatform {
  platform: PlatformEmulator
  /** The emulator's API base URL, for `api-host`. */
  url: string
  /** A personal key named `admin`: the step's key in most tests. */
  admin: { id: number; key: string }
}

/**
 * What most end-to-end tests start from: a fresh platform emulator on a free port for each test,
 * with a personal key named `admin`, handed to `use` before the test and stopped after it.
 */
export function platformPerTest(use: (started: StartedPlatform) => void): void {
  let platform: PlatformEmulator | undefined
  beforeEach(async () => {
    platform = new PlatformEmulator()
    const url = await platform.start()
    use({ platform, url, admin: platform.addKey('admin') })
  })
  afterEach(async () => {
    await platform?.stop()
  })
}
