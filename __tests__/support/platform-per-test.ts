import { afterEach, beforeEach } from '@jest/globals'
import { PlatformEmulator } from '../../emulator/platform.ts'
import { runStep, type StepOptions, type StepResult } from '../../scripts/run-step.ts'

export interface StartedPlatform {
  platform: PlatformEmulator
  /** The emulator's API base URL, for `api-host`. */
  url: string
  /** A personal key named `admin`: the step's key in most tests. */
  admin: { id: number; key: string }
}

export interface PlatformPerTestOptions {
  /** Makes each test's emulator, not started yet; default `new PlatformEmulator()`. */
  platform?: () => PlatformEmulator
}

/** The steps of a test, on the platform started for it. */
export interface PlatformSteps {
  /** The inputs every step starts from: `api-key`, the `admin` key, and `api-host`, the emulator's URL. */
  base: () => { 'api-key': string; 'api-host': string }
  /** Runs a step (scripts/run-step.ts) with `base()` and then `inputs`, which may replace either. */
  step: (inputs: Record<string, string>, options?: StepOptions) => Promise<StepResult>
}

/**
 * What most end-to-end tests start from: a fresh platform emulator on a free port for each test,
 * with a personal key named `admin`, handed to `use` before the test and stopped after it. The
 * steps it hands back run with that key against that emulator.
 */
export function platformPerTest(
  use: (started: StartedPlatform) => void,
  options: PlatformPerTestOptions = {},
): PlatformSteps {
  let platform: PlatformEmulator | undefined
  let started: StartedPlatform | undefined
  beforeEach(async () => {
    platform = options.platform ? options.platform() : new PlatformEmulator()
    const url = await platform.start()
    started = { platform, url, admin: platform.addKey('admin') }
    use(started)
  })
  afterEach(async () => {
    await platform?.stop()
  })
  const base = () => ({ 'api-key': started!.admin.key, 'api-host': started!.url })
  return { base, step: (inputs, stepOptions = {}) => runStep({ ...base(), ...inputs }, stepOptions) }
}
