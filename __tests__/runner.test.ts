/**
 * src/runner/protocol.ts speaks the runner's protocol in place of @actions/core, so every function it
 * has must leave exactly what @actions/core's function of the same name leaves: the same bytes
 * on stdout, in the file-command files, in the summary, the same exit code and errors.
 */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals'
import * as core from '@actions/core'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as runner from '../src/runner/protocol.ts'

/** Command data that a naive writer would let end its line or forge another command. */
const TRICKY = ['plain', '', '100% done', 'a\nb', 'a\r\nb', '::error::forged', 'a:b,c', '%0A', ' padded ', 'ünïcödé ✓']

const saved = { ...process.env }
let dir: string

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'neon-action-runner-'))
  for (const name of Object.keys(process.env)) {
    if (/^(INPUT_|GITHUB_|RUNNER_DEBUG$)/.test(name)) delete process.env[name]
  }
})

afterEach(() => {
  process.env = { ...saved }
  process.exitCode = undefined
  rmSync(dir, { recursive: true, force: true })
})

/** What `act` writes to stdout, and the exit code it sets. */
function observe(act: () => void): { stdout: string; exitCode: typeof process.exitCode } {
  let stdout = ''
  const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stdout += String(chunk)
    return true
  })
  try {
    process.exitCode = undefined
    act()
  } finally {
    spy.mockRestore()
  }
  const exitCode = process.exitCode
  process.exitCode = undefined
  return { stdout, exitCode }
}

/** Both implementations, side by side, with the random heredoc delimiters made comparable. */
function same(act: (impl: typeof runner | typeof core) => void): void {
  const theirs = observe(() => act(core))
  const ours = observe(() => act(runner))
  expect(ours).toEqual(theirs)
}

const normalise = (text: string) => text.replace(/ghadelimiter_[0-9a-f-]{36}/g, 'ghadelimiter_<uuid>')

describe('workflow commands on stdout', () => {
  it.each(TRICKY)('info, debug, notice, warning, error and setSecret escape %j as @actions/core does', (text) => {
    for (const fn of ['info', 'debug', 'notice', 'warning', 'error', 'setSecret'] as const) same((impl) => impl[fn](text))
  })

  it('setFailed writes one ::error:: line and sets exit code 1, as @actions/core does', () => {
    same((impl) => impl.setFailed('It failed:\nsee 100%'))
    expect(observe(() => runner.setFailed('x')).exitCode).toBe(1)
  })

  it('writes command properties as @actions/core does: escaped, empty ones left out', () => {
    same((impl) => impl.setOutput('a:b,c\r\n100%', 'v'))
    const ours = observe(() => runner.issueCommand('save-state', { name: 'a:b,c\r\n100%', empty: '', other: 'x' }, 'v'))
    expect(ours.stdout).toBe('::save-state name=a%3Ab%2Cc%0D%0A100%25,other=x::v\n')
    expect(observe(() => runner.issueCommand('x', { empty: '' }, 'm')).stdout).toBe('::x ::m\n')
  })

  it.each(TRICKY)('setOutput and saveState without file commands fall back to commands for %j', (text) => {
    same((impl) => impl.setOutput('out', text))
    same((impl) => impl.saveState('st', text))
  })
})

describe('file commands', () => {
  it.each<['setOutput' | 'saveState', string]>([
    ['setOutput', 'GITHUB_OUTPUT'],
    ['saveState', 'GITHUB_STATE'],
  ])('%s appends heredocs to %s as @actions/core does', (fn, variable) => {
    const file = (who: string) => join(dir, `${who}-${variable}`)
    const write = (impl: typeof runner | typeof core, who: string) => {
      writeFileSync(file(who), '')
      process.env[variable] = file(who)
      for (const [i, text] of TRICKY.entries()) impl[fn](`name-${i}`, text)
    }
    same((impl) => write(impl, impl === core ? 'core' : 'ours'))
    expect(normalise(readFileSync(file('ours'), 'utf8'))).toBe(normalise(readFileSync(file('core'), 'utf8')))
    // Each value has its own delimiter.
    const delimiters = readFileSync(file('ours'), 'utf8').match(/ghadelimiter_[0-9a-f-]{36}/g) ?? []
    expect(new Set(delimiters).size).toBe(TRICKY.length)
  })

  it('fails as @actions/core does when the file is missing', () => {
    process.env.GITHUB_OUTPUT = join(dir, 'absent')
    expect(() => runner.setOutput('a', 'b')).toThrow(`Missing file at path: ${join(dir, 'absent')}`)
    expect(() => core.setOutput('a', 'b')).toThrow(`Missing file at path: ${join(dir, 'absent')}`)
  })
})

describe('inputs and debug', () => {
  it.each([
    ['api-key', '  napi_x \n'],
    ['key name', 'spaced'],
    ['Project-ID', 'p-1'],
    ['missing', undefined],
  ])('getInput(%j) reads and trims as @actions/core does', (name, value) => {
    if (value !== undefined) process.env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value
    expect(runner.getInput(name)).toBe(core.getInput(name))
    expect(runner.getInput(name)).toBe(value?.trim() ?? '')
  })

  it.each([['1'], ['true'], ['0'], [undefined]])('isDebug with RUNNER_DEBUG=%j agrees with @actions/core', (value) => {
    if (value !== undefined) process.env.RUNNER_DEBUG = value
    expect(runner.isDebug()).toBe(core.isDebug())
    expect(runner.isDebug()).toBe(value === '1')
  })
})

describe('job summary', () => {
  it('appends as core.summary.addRaw().write() does', async () => {
    const html = '<h3>Projects</h3>\n<table>\n</table>\n'
    for (const [who, write] of [
      ['core', () => core.summary.addRaw(html).write()],
      ['ours', () => runner.appendSummary(html)],
    ] as const) {
      process.env.GITHUB_STEP_SUMMARY = join(dir, `${who}-summary`)
      writeFileSync(process.env.GITHUB_STEP_SUMMARY, 'before\n')
      await write()
      await write()
    }
    expect(readFileSync(join(dir, 'ours-summary'), 'utf8')).toBe(readFileSync(join(dir, 'core-summary'), 'utf8'))
    expect(readFileSync(join(dir, 'ours-summary'), 'utf8')).toBe(`before\n${html}${html}`)
  })

  // core.summary keeps the first path it found, so its errors are compared as its source words them.
  it('fails with the messages of @actions/core when the file is not set or not there', async () => {
    const messageOf = (write: Promise<unknown>) =>
      write.then(
        () => 'no error',
        (error: Error) => error.message,
      )
    delete process.env.GITHUB_STEP_SUMMARY
    expect(await messageOf(runner.appendSummary('x'))).toBe(
      'Unable to find environment variable for $GITHUB_STEP_SUMMARY. Check if your runtime environment supports job summaries.',
    )
    process.env.GITHUB_STEP_SUMMARY = join(dir, 'absent')
    expect(await messageOf(runner.appendSummary('x'))).toBe(
      `Unable to access summary file: '${join(dir, 'absent')}'. Check if the file has correct read/write permissions.`,
    )
  })
})
