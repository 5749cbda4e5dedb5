import { describe, expect, it } from '@jest/globals'
import { InputError } from '../src/base/errors.ts'
import { COMMANDS, COMMAND_NAMES, type Command } from '../src/commands/registry.ts'
import { INPUT_DEFAULTS } from '../src/inputs/common.ts'
import { inputsRead, readSettings } from '../src/settings.ts'
import { actionYaml } from '../scripts/run-step.ts'

/**
 * An input the chosen command does not read: a warning naming the input and the command, or an
 * error (before any request) where ignoring it could surprise. The runner fills in action.yml's
 * defaults for every input, so a value equal to its default says nothing.
 */
const REPOSITORY = { repository: 'octo-org/deploys' }
/** Inputs each command needs to get as far as the check. */
const MINIMAL: Record<Command, Record<string, string>> = {
  'create-key': { 'key-name': 'ci' },
  'revoke-key': { 'key-id': '7' },
  'list-keys': {},
  'list-projects': {},
  'wait-for-operations': { 'project-id': 'p-1', 'operation-ids': '[]' },
  'list-operations': { 'project-id': 'p-1' },
  'rotate-key': { 'key-name': 'ci' },
  'prune-keys': {},
}

/** What the runner passes: action.yml's defaults, then the step's inputs. */
function run(command: Command, inputs: Record<string, string>): { warnings: string[]; error?: string } {
  const defaults = Object.fromEntries(
    Object.entries(actionYaml.inputs).flatMap(([name, spec]) => (spec.default ? [[name, spec.default]] : [])),
  )
  const values: Record<string, string> = { ...defaults, 'api-key': 'napi_secret', command, ...MINIMAL[command], ...inputs }
  const warnings: string[] = []
  try {
    readSettings(
      (name) => values[name] ?? '',
      () => undefined,
      REPOSITORY,
      (message) => warnings.push(message),
    )
  } catch (error) {
    expect(error).toBeInstanceOf(InputError)
    return { warnings, error: (error as Error).message }
  }
  return { warnings }
}

describe('inputs a command does not read', () => {
  it('key-id on list-keys: one warning naming the input and the command', () => {
    expect(run('list-keys', { 'key-id': '42' })).toEqual({
      warnings: ['Input `key-id` is set, but list-keys does not read it: it has no effect on this step.'],
    })
  })

  it('secret-name on create-key: an error, since the user expects a secret that would never be written', () => {
    expect(run('create-key', { 'secret-name': 'NEON_API_KEY' }).error).toBe(
      'Input `secret-name` was given to create-key, which does not take it: create-key never stores the new key in a secret. ' +
        'To keep a key in a GitHub Actions secret, use rotate-key with `secret-name`; or pass the `key` output on yourself.',
    )
    expect(run('create-key', { 'secret-environment': 'prod' }).error).toMatch(
      /^Input `secret-environment` was given to create-key, which does not take it: /,
    )
  })

  it.each<[Command, string, string, RegExp]>([
    ['rotate-key', 'revoke-after-job', 'true', /a rotated key stays valid until the next rotation replaces it/],
    ['revoke-key', 'unused-for', '30d', /revoke-key revokes the keys it names, whether or not they are used/],
    ['revoke-key', 'max-revoke', '5', /revoke-key revokes every key it names, with no limit/],
    ['revoke-key', 'keep-previous', '2', /revoke-key keeps none of the keys it names/],
    ['prune-keys', 'key-id', '7', /prune-keys selects keys by name, expiry and use, never by id/],
  ])('%s with %s: an error', (command, input, value, why) => {
    const { error } = run(command, { [input]: value })
    expect(error).toMatch(new RegExp(`^Input \`${input}\` was given to ${command}, which does not take it: `))
    expect(error).toMatch(why)
  })

  it('a value equal to its action.yml default warns on no command', () => {
    for (const command of COMMAND_NAMES) expect([command, run(command, {})]).toEqual([command, { warnings: [] }])
  })

  it('any other value of a defaulted input warns where the command does not read it', () => {
    expect(run('list-projects', { 'poll-interval': '10', 'dry-run': 'false', 'keep-previous': '0' }).warnings).toEqual([
      'Input `poll-interval` is set, but list-projects does not read it: it has no effect on this step.',
      'Input `keep-previous` is set, but list-projects does not read it: it has no effect on this step.',
      'Input `dry-run` is set, but list-projects does not read it: it has no effect on this step.',
    ])
  })

  it('white space alone is no value', () => {
    expect(run('list-keys', { 'key-id': ' \n', 'max-revoke': ' 50 ' }).warnings).toEqual([])
  })

  it('the table names every input of action.yml, and no other; the defaults are those of action.yml', () => {
    const named = new Set(COMMAND_NAMES.flatMap(inputsRead))
    expect([...named].sort()).toEqual(Object.keys(actionYaml.inputs).sort())
    expect(INPUT_DEFAULTS).toEqual(
      Object.fromEntries(Object.entries(actionYaml.inputs).flatMap(([name, spec]) => (spec.default ? [[name, spec.default]] : []))),
    )
  })
})

describe("each command's row of the table lists what it reads", () => {
  /** Inputs that take each command down every path that reads an input. */
  const PATHS: Record<Command, Array<Record<string, string>>> = {
    'create-key': [{ 'key-name': 'ci', 'revoke-after-job': 'true' }],
    'revoke-key': [{ 'key-id': '7' }, { 'key-name': 'ci' }],
    'list-keys': [{}],
    'list-projects': [{}],
    'wait-for-operations': [
      { 'project-id': 'p-1', 'operation-ids': '[]' },
      { 'project-id': 'p-1', 'operation-ids': 'pending', 'branch-id': 'br-1' },
    ],
    'list-operations': [
      { 'project-ids': 'all', since: '24h', 'operation-statuses': 'failed', 'operation-actions': 'x', 'fail-on-status': 'error' },
    ],
    'rotate-key': [
      // Without a secret, each input that only goes with one is read to refuse it.
      { 'key-name': 'ci' },
      {
        'secret-name': 'NEON_API_KEY',
        'secret-targets': 'org:octo-org',
        'secret-visibility': 'selected',
        'secret-repositories': 'api',
        'github-token': 'ghs_token',
      },
    ],
    'prune-keys': [{}],
  }
  it.each(COMMAND_NAMES.map((command) => [command]))('%s', (command) => {
    const names = new Set<string>()
    for (const inputs of PATHS[command]) {
      const record = (name: string) => (names.add(name), inputs[name] ?? '')
      COMMANDS[command].settings(record, REPOSITORY)
    }
    expect([...names].sort()).toEqual([...COMMANDS[command].inputs].sort())
  })
})
