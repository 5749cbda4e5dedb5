// action.yml, package.json and the documentation agree with the code: versions, defaults, inputs, outputs, commands.
import { describe, expect, it } from '@jest/globals'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { COMMAND_NAMES } from '../../src/commands/registry.ts'
import { DEFAULT_API_HOST } from '../../src/inputs/urls.ts'
import { DEFAULT_KEEP_PREVIOUS, DEFAULT_MAX_REVOKE } from '../../src/inputs/keys.ts'
import { DEFAULT_POLL_INTERVAL_SECONDS } from '../../src/inputs/operations.ts'
import { DEFAULT_TIMEOUT_SECONDS } from '../../src/inputs/common.ts'
import { ACTION_VERSION } from '../../src/base/version.ts'
import { ROOT, actionYaml } from '../../scripts/run-step.ts'

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }
/** The README and every page under docs/ (docs/pending/ holds pages waiting for their place). */
function markdownUnder(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'))
}
const documentation = [readFileSync(join(ROOT, 'README.md'), 'utf8'), ...markdownUnder(join(ROOT, 'docs'))].join('\n')

describe('action.yml, package.json and README agree with the code', () => {
  it('the User-Agent version is the package version', () => {
    expect(ACTION_VERSION).toBe(pkg.version)
  })

  it('runs on node24, an entry each for main and for an always() post step', () => {
    expect(actionYaml.runs).toEqual({
      using: 'node24',
      main: 'dist/index.js',
      post: 'dist/post-entry.js',
      'post-if': 'always()',
    })
  })

  it('declares the defaults the code applies', () => {
    expect(actionYaml.inputs['api-host']!.default).toBe(DEFAULT_API_HOST)
    expect(actionYaml.inputs.timeout!.default).toBe(String(DEFAULT_TIMEOUT_SECONDS))
    expect(actionYaml.inputs['poll-interval']!.default).toBe(String(DEFAULT_POLL_INTERVAL_SECONDS))
    expect(actionYaml.inputs['revoke-after-job']!.default).toBe('false')
    expect(actionYaml.inputs['dry-run']!.default).toBe('true')
    expect(actionYaml.inputs['max-revoke']!.default).toBe(String(DEFAULT_MAX_REVOKE))
    expect(actionYaml.inputs['keep-previous']!.default).toBe(String(DEFAULT_KEEP_PREVIOUS))
  })

  it('describes every input and output, and the tables of the README or docs/ list each of them', () => {
    const described = [...Object.entries(actionYaml.inputs), ...Object.entries(actionYaml.outputs)] as Array<
      [string, { description?: string }]
    >
    for (const [name, spec] of described) {
      expect([name, spec.description ?? '']).toEqual([name, expect.stringMatching(/\w{3,}.{10,}/)])
      // A formatted table pads its cells.
      expect([name, new RegExp(`\\| \`${name}\` +\\|`).test(documentation)]).toEqual([name, true])
    }
  })

  it("the command input names the registry's commands, and no other", () => {
    const [, list = ''] =
      /^What this step does: (.*)\.$/s.exec(actionYaml.inputs.command!.description.replace(/\s+/g, ' ')) ?? []
    const named = list.split(/, | or /)
    expect([...named].sort()).toEqual([...COMMAND_NAMES].sort())
  })
})
