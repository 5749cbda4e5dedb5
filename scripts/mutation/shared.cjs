// What the jest plugins of `npm run mutate` share: the active mutant, which mutant a test last
// failed under (environment.cjs records failures and skips tests, runner.cjs skips test files;
// kept on the process, so that both see it however jest loads them), and where the initial run
// leaves each test file's mutants (written by environment.cjs, read by sequencer.mjs).
const ACTIVE_MUTANT = '__STRYKER_ACTIVE_MUTANT__'
/** Under the sandbox's root. */
const FILES_DIRECTORY = '.mutation-files'
const FAILED_UNDER = Symbol.for('neon-action.mutation.failed-under')

/** The mutant being tested, or undefined during the initial run. */
function activeMutant() {
  return process.env[ACTIVE_MUTANT]
}

/** Records that a test failed under the active mutant: the mutant is killed. */
function recordFailure() {
  if (activeMutant() !== undefined) process[FAILED_UNDER] = activeMutant()
}

/** Whether a test has already failed under the active mutant, so the rest need not run. */
function failedUnderActiveMutant() {
  return activeMutant() !== undefined && process[FAILED_UNDER] === activeMutant()
}

module.exports = { FILES_DIRECTORY, activeMutant, recordFailure, failedUnderActiveMutant }
