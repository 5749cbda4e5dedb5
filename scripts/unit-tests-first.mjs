// Jest test order for `npm run mutate`: unit tests first, end-to-end tests last. With bail on,
// a mutant that a unit test kills then costs only the unit tests, not a child process per test.
import Sequencer from '@jest/test-sequencer'

export default class UnitTestsFirst extends Sequencer.default {
  sort(tests) {
    const endToEnd = (test) => (/\.e2e\.test\.ts$/.test(test.path) ? 1 : 0)
    return [...tests].sort((a, b) => endToEnd(a) - endToEnd(b) || a.path.localeCompare(b.path))
  }
}
