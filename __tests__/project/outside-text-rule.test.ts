// The lint rule that keeps raw outside text out of the log (lint/outside-text.js): it reports exactly the lines of
// __tests__/fixtures/outside-text.ts marked `// raw`, and nothing that went through untrusted() or quoted().
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'
import outsideText from '../../lint/outside-text.js'
import { ROOT } from '../../scripts/run-step.ts'

const FIXTURE = join(ROOT, '__tests__', 'fixtures', 'outside-text.ts')

describe('lint rule local/outside-text', () => {
  it('reports every raw interpolation of outside text into the log, and nothing else', async () => {
    const eslint = new ESLint({
      cwd: ROOT,
      overrideConfigFile: true,
      overrideConfig: [
        {
          files: ['**/*.ts'],
          languageOptions: { parser: tseslint.parser, parserOptions: { projectService: true, tsconfigRootDir: ROOT } },
          plugins: { local: { rules: { 'outside-text': outsideText } } },
          rules: { 'local/outside-text': 'error' },
        },
      ],
    })
    const [result] = await eslint.lintFiles([FIXTURE])
    const marked = readFileSync(FIXTURE, 'utf8')
      .split('\n')
      .flatMap((line, i) => (/\/\/ raw$/.test(line) ? [i + 1] : []))
    expect(marked.length).toBeGreaterThan(10)
    expect(result!.messages.map((m) => [m.line, m.ruleId])).toEqual(marked.map((line) => [line, 'local/outside-text']))
  }, 60_000)
})
