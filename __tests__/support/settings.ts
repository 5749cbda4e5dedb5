import { expect } from '@jest/globals'
import { InputError } from '../../src/base/errors.ts'
import type { InputReader, RunnerEnvironment } from '../../src/inputs/values.ts'
import { readSettings } from '../../src/settings.ts'

/**
 * A step's inputs as the runner gives them, read by readSettings: what the tests of the input
 * readers (__tests__/inputs/, __tests__/settings.test.ts) start from. The step's key is given,
 * and the runner's repository is octo-org/deploys.
 */

/** Reads `inputs`; an input not given is empty, as @actions/core reads it. */
export function reader(inputs: Record<string, string>): InputReader {
  return (name) => inputs[name] ?? ''
}

const REPOSITORY: RunnerEnvironment = { repository: 'octo-org/deploys' }

/**
 * The settings of `inputs`. `masked` hears what is masked; `read` reads them another way (white
 * space around each); `runner`: the runner's variables, other than octo-org/deploys.
 */
export function settings(
  inputs: Record<string, string>,
  options: {
    masked?: string[]
    read?: (inputs: Record<string, string>) => InputReader
    runner?: RunnerEnvironment
  } = {},
) {
  const read = options.read ?? reader
  return readSettings(
    read({ 'api-key': 'napi_secret', ...inputs }),
    (secret) => options.masked?.push(secret),
    options.runner ?? REPOSITORY,
  )
}

/** The message of the InputError that `inputs` are refused with; fails the test when they are not. */
export function errorOf(inputs: Record<string, string>, runner?: RunnerEnvironment): string {
  try {
    settings(inputs, runner ? { runner } : {})
  } catch (error) {
    expect(error).toBeInstanceOf(InputError)
    return (error as Error).message
  }
  throw new Error('expected an InputError')
}
