// ESLint flat config: typescript-eslint's type-checked rules over the action, the emulator,
// the scripts and the tests. Formatting is Prettier's job (npm run format:check).
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import outsideText from './lint/outside-text.js'
import publicEntries from './lint/public-entries.js'

export default tseslint.config(
  { ignores: ['dist/', 'coverage/', 'reports/', '.stryker-tmp/', 'node_modules/', 'openapi/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // A package is imported only through what it exports for its users, never its private files.
    plugins: { local: { rules: { 'outside-text': outsideText, 'public-entries': publicEntries } } },
    rules: { 'local/public-entries': 'error' },
  },
  {
    // The log is a command channel: text from outside reaches it only through src/base/text.ts.
    files: ['src/**/*.ts'],
    rules: { 'local/outside-text': 'error' },
  },
  // src/ in layers, each importing only from the layers below it: base (text, errors, clock) ←
  // http (the one transport) ← api (the platform) and github (its client, secret stores), which
  // never import each other ← runner (context, saved state, outputs, summary, cancellation) ←
  // keys (the key rules) and operations (status, pacing, waiter, listing), which never import each
  // other ← inputs (the input readers) ← commands (one file each, and the registry) ← the entry
  // files at the top (index, main, post, step, settings).
  ...layers({
    base: ['http', 'api', 'github', 'runner', 'keys', 'operations', 'inputs', 'commands'],
    http: ['api', 'github', 'runner', 'keys', 'operations', 'inputs', 'commands'],
    api: ['github', 'runner', 'keys', 'operations', 'inputs', 'commands'],
    github: ['api', 'runner', 'keys', 'operations', 'inputs', 'commands'],
    runner: ['github', 'keys', 'operations', 'inputs', 'commands'],
    keys: ['operations', 'inputs', 'commands'],
    operations: ['keys', 'github', 'inputs', 'commands'],
    inputs: ['commands'],
    commands: [],
  }),
  {
    // A command never imports another: what two commands share lives in the room it belongs to.
    files: ['src/commands/*.ts'],
    ignores: ['src/commands/registry.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*.ts'],
              message: 'src/commands/ is a lower layer than the entry files (see eslint.config.js).',
            },
            {
              group: ['./*', '!./registry.ts'],
              message: 'A command never imports another command: move what they share to its room.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read JSON outputs and emulator answers, which are `any` by nature.
    files: ['__tests__/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  { files: ['**/*.js', '**/*.mjs', '**/*.cjs'], ...tseslint.configs.disableTypeChecked },
  {
    // The mutation tool's jest plugins (npm run mutate) are plain Node modules.
    files: ['scripts/mutation/*.cjs', 'scripts/mutation/*.mjs'],
    languageOptions: { globals: { process: 'readonly' } },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
)

/** One config per folder of src/: no import from the folders above it, nor from src/'s top. */
function layers(above) {
  return Object.entries(above).map(([folder, forbidden]) => ({
    files: [`src/${folder}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...forbidden.map((name) => `../${name}/*`), '../*.ts'],
              message: `src/${folder}/ is a lower layer: it may import only from ${folder === 'base' ? 'itself' : 'the layers below it'} (see eslint.config.js).`,
            },
          ],
        },
      ],
    },
  }))
}
