// Which mutant a test last failed under, shared by scripts/mutation/environment.cjs (which
// records failures and skips tests) and scripts/mutation/runner.cjs (which skips test files).
// Kept on the process, so that both see it however jest loads them.
const ACTIVE_MUTANT = '__STRYKER_ACTIVE_MUTANT__'
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

module.exports = { ACTIVE_MUTANT, activeMutant, recordFailure, failedUnderActiveMutant }
