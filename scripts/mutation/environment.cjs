// The jest environment for `npm run mutate` only (stryker.config.json), never for `npm test`.
//
// A mutant needs one failing test to count as killed, but the mutation tool turns jest's bail
// off and runs every test that reaches the mutant. Most of those tests start the action in a
// child process, so a killed mutant would cost as much as a surviving one. This environment
// skips the rest of a mutant's tests once one has failed.
//
// During the initial run it also writes, per test file, which mutants that file's tests reached
// (in the test, or at module load), so scripts/mutation/sequencer.mjs can leave out files that
// cannot see a mutant instead of loading them.
// The mutants are in src/, not in the bundle: the end-to-end tests run src/main.ts and src/post.ts
// (scripts/run-step.ts). Set before any test environment copies the process's variables.
process.env.E2E_ENTRY = 'source'

const { mkdirSync, writeFileSync } = require('node:fs')
const { createHash } = require('node:crypto')
const { join } = require('node:path')
const { TestEnvironment } = require('jest-environment-node')

// What this environment shares with runner.cjs and sequencer.mjs: the active mutant, which mutant a test last failed
// under (kept on the process, so that every plugin sees it however jest loads them), and where the initial run leaves
// each test file's mutants (read by sequencer.mjs).
const FILES_DIRECTORY = '.mutation-files'
const FAILED_UNDER = Symbol.for('neon-action.mutation.failed-under')
/** The mutant being tested, or undefined during the initial run. */
const activeMutant = () => process.env.__STRYKER_ACTIVE_MUTANT__
/** Whether a test has already failed under the active mutant: it is killed, so the rest need not run. */
const failedUnderActiveMutant = () => activeMutant() !== undefined && process[FAILED_UNDER] === activeMutant()

function fullName(test) {
  const names = []
  for (let block = test.parent; block?.parent; block = block.parent) names.unshift(block.name)
  return [...names, test.name].join(' ')
}

class MutationEnvironment extends TestEnvironment {
  #rootDir
  #testPath
  #names = new Set()
  #staticBefore = {}

  constructor(config, context) {
    super(config, context)
    this.#rootDir = config.projectConfig.rootDir
    this.#testPath = context.testPath
  }

  #coverage() {
    return this.global.__stryker__?.mutantCoverage
  }

  async setup() {
    await super.setup()
    this.#staticBefore = { ...this.#coverage()?.static }
  }

  async handleTestEvent(event) {
    if (activeMutant() === undefined) {
      if (event.name === 'test_start') this.#names.add(fullName(event.test))
      return
    }
    if (event.name === 'test_start' && failedUnderActiveMutant()) event.test.mode = 'skip'
    if (event.name === 'test_done' && event.test.errors.length > 0) process[FAILED_UNDER] = activeMutant()
  }

  async teardown() {
    const coverage = this.#coverage()
    if (activeMutant() === undefined && coverage) {
      const mutants = new Set()
      for (const [id, count] of Object.entries(coverage.static ?? {}))
        if (count > (this.#staticBefore[id] ?? 0)) mutants.add(id)
      for (const name of this.#names) for (const id of Object.keys(coverage.perTest?.[name] ?? {})) mutants.add(id)
      const directory = join(this.#rootDir, FILES_DIRECTORY)
      mkdirSync(directory, { recursive: true })
      const file = createHash('sha256').update(this.#testPath).digest('hex').slice(0, 16)
      writeFileSync(
        join(directory, `${file}.json`),
        JSON.stringify({ testPath: this.#testPath, mutants: [...mutants] }),
      )
    }
    await super.teardown()
  }
}

module.exports = Object.assign(MutationEnvironment, { FILES_DIRECTORY, activeMutant, failedUnderActiveMutant })
