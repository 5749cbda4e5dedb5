// The jest test order for `npm run mutate` only (stryker.config.json): unit tests first, then the
// end-to-end tests, so a mutant a unit test kills costs no child process
// (scripts/mutation/environment.cjs skips a mutant's tests after the first failure).
//
// While a mutant is active, test files that did not reach it in the initial run are left out:
// the mutation tool already runs only the tests that reach it, but jest would still load every
// test file to find them.
import Sequencer from '@jest/test-sequencer'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import MutationEnvironment from './environment.cjs'

const { FILES_DIRECTORY, activeMutant } = MutationEnvironment

/** mutant id → the test files that reached it, read once per process. */
let filesByMutant

function readFilesByMutant(rootDir) {
  const map = new Map()
  const directory = join(rootDir, FILES_DIRECTORY)
  if (!existsSync(directory)) return map
  for (const name of readdirSync(directory)) {
    const { testPath, mutants } = JSON.parse(readFileSync(join(directory, name), 'utf8'))
    for (const id of mutants) {
      if (!map.has(id)) map.set(id, new Set())
      map.get(id).add(testPath)
    }
  }
  return map
}

export default class MutationSequencer extends Sequencer.default {
  sort(tests) {
    const endToEnd = (test) => (/\.e2e\.test\.ts$/.test(test.path) ? 1 : 0)
    const sorted = [...tests].sort((a, b) => endToEnd(a) - endToEnd(b) || a.path.localeCompare(b.path))
    const mutant = activeMutant()
    if (mutant === undefined || sorted.length === 0) return sorted
    filesByMutant ??= readFilesByMutant(sorted[0].context.config.rootDir)
    const files = filesByMutant.get(mutant)
    // Unknown to the initial run: run every file rather than miss one.
    if (!files) return sorted
    const reaching = sorted.filter((test) => files.has(test.path))
    return reaching.length > 0 ? reaching : sorted
  }
}
