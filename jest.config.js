/** ESM + ts-jest: see docs/developing.md, "Toolchain". */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true, isolatedModules: true, diagnostics: false }],
  },
  testMatch: ['<rootDir>/__tests__/**/*.test.ts'],
  // The mutation tool's sandbox is a copy of the project.
  modulePathIgnorePatterns: ['<rootDir>/.stryker-tmp/'],
  testTimeout: 20000,
}
