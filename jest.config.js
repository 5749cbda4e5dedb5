/** ES modules, each `.ts` file stripped of its types by Node (scripts/jest-strip-types.ts): docs/developing.md, "Toolchain". */
import { availableParallelism } from 'node:os'

export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': '<rootDir>/scripts/jest-strip-types.ts' },
  testMatch: ['<rootDir>/__tests__/**/*.test.ts'],
  // The emulators check requests and answers against the published descriptions (openapi/).
  setupFilesAfterEnv: ['<rootDir>/__tests__/support/contract-check.ts'],
  // The mutation tool's sandbox is a copy of the project.
  modulePathIgnorePatterns: ['<rootDir>/.stryker-tmp/'],
  testTimeout: 20000,
  // Most test files wait on a child process or a server more than they compute: two files a core keep the cores busy,
  // where jest's default (the cores less one) leaves one of two idle (docs/developing.md, "Tests and time").
  maxWorkers: 2 * availableParallelism(),
}
