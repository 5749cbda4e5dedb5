/** ESM + ts-jest: see docs/developing.md, "Toolchain". ts-jest only transpiles, as tsconfig.json sets `isolatedModules`. */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true, diagnostics: false }],
  },
  testMatch: ['<rootDir>/__tests__/**/*.test.ts'],
  // The emulators check requests and answers against the published descriptions (openapi/).
  setupFilesAfterEnv: ['<rootDir>/__tests__/support/contract-check.ts'],
  // The mutation tool's sandbox is a copy of the project.
  modulePathIgnorePatterns: ['<rootDir>/.stryker-tmp/'],
  testTimeout: 20000,
}
