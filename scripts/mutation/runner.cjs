// The jest runner for `npm run mutate` only (stryker.config.json), never for `npm test`.
//
// jest runs a mutant's test files one after another, and loads each one whole even when the
// environment (scripts/mutation/environment.cjs) skips all its tests because an earlier test
// already killed the mutant. Loading a test file costs more than most mutants' tests, so once a
// test has failed under the active mutant, this runner does not start the remaining files.
const TestRunner = require('jest-runner').default
const { failedUnderActiveMutant } = require('./environment.cjs')

class MutationRunner extends TestRunner {
  async runTests(tests, watcher, options) {
    if (!options.serial) return super.runTests(tests, watcher, options)
    for (const test of tests) {
      if (failedUnderActiveMutant()) return
      await super.runTests([test], watcher, options)
    }
  }
}

module.exports = MutationRunner
