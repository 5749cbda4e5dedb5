import { afterEach, beforeEach } from '@jest/globals'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * A fresh folder in the system's temporary folder for each test, its name starting with `prefix`:
 * where the code under test writes its files (a step's RUNNER_TEMP, a command's file folder).
 * Handed to `use` before the test; removed after it, once the test has read what was written.
 */
export function tempDirPerTest(prefix: string, use: (dir: string) => void): void {
  let dir: string | undefined
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), prefix))
    use(dir)
  })
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true })
  })
}
