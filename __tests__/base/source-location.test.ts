// src/base/source-location.ts: where in src/ an unexpected error happened, from a .ts frame as it is, from a bundled
// file through the source map beside it (a small map in the form ncc writes), and never from a bundled package’s code.
// Unit tests, in this process.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { frameLocation, sourceLocationOf } from '../../src/base/source-location.ts'

let dist: string

beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'neon-action-maps-'))
  // As ncc writes it (scripts/bundle.ts): one mapping a line, at its column 0, to a line of the source. Line 1 is
  // src/commands/keys.ts line 5; line 2 undici; line 3 a package with a src/ folder of its own; line 4 src/main.ts
  // line 28; line 5 webpack's runtime.
  const map = {
    version: 3,
    file: '7.index.js',
    sources: [
      '.././src/commands/keys.ts',
      '.././node_modules/undici/lib/core/util.js',
      '.././node_modules/pkg/src/index.js',
      '.././src/main.ts',
      '../webpack/bootstrap',
    ],
    names: [],
    mappings: 'AAIA;ACMA;ACPA;ACwBA;AC3BA',
    sourceRoot: '',
  }
  writeFileSync(join(dist, '7.index.js'), 'x\n'.repeat(5))
  writeFileSync(join(dist, '7.index.js.map'), JSON.stringify(map))
  writeFileSync(join(dist, 'nomap.index.js'), 'x')
})

afterAll(() => rmSync(dist, { recursive: true, force: true }))

const at = (file: string, line: number, column: number) => `    at run (${pathToFileURL(file).href}:${line}:${column})`

describe('one stack frame', () => {
  it('in a .ts file under src/ is that file, line and column', () => {
    expect(frameLocation('    at run (file:///home/runner/work/neon-api-action/src/main.ts:27:5)')).toBe(
      'src/main.ts:27:5',
    )
    expect(frameLocation('    at file:///w/src/commands/keys.ts:3:1')).toBe('src/commands/keys.ts:3:1')
  })

  it('on a Windows runner, whose paths have backslashes, is the same src/ location', () => {
    expect(frameLocation('    at run (D:\\a\\neon-api-action\\src\\runner\\state.ts:4:2)')).toBe(
      'src/runner/state.ts:4:2',
    )
    expect(frameLocation('    at run (D:\\a\\neon-api-action\\node_modules\\x\\src\\y.ts:4:2)')).toBeUndefined()
  })

  it('of a checkout that itself sits under a src/ folder counts from the last src/', () => {
    expect(frameLocation('    at run (/home/me/src/neon-api-action/src/runner/state.ts:4:2)')).toBe(
      'src/runner/state.ts:4:2',
    )
  })

  it("in a bundled file is the src/ line its map says, wherever in the line; in a package's code or webpack's, nothing", () => {
    const file = join(dist, '7.index.js')
    expect([frameLocation(at(file, 1, 1)), frameLocation(at(file, 1, 30))]).toEqual([
      'src/commands/keys.ts:5:1',
      'src/commands/keys.ts:5:1',
    ])
    expect([frameLocation(at(file, 2, 5)), frameLocation(at(file, 3, 5)), frameLocation(at(file, 5, 1))]).toEqual([
      undefined,
      undefined,
      undefined,
    ])
    expect(frameLocation(at(file, 4, 12))).toBe('src/main.ts:28:1')
  })

  it('is nothing in node_modules, in Node itself, in a file without a map, or in what is not a frame', () => {
    expect(frameLocation('    at issue (file:///w/node_modules/@actions/core/src/core.ts:1:1)')).toBeUndefined()
    expect(
      frameLocation('    at process.processTicksAndRejections (node:internal/process/task_queues:105:5)'),
    ).toBeUndefined()
    expect(frameLocation(at(join(dist, 'nomap.index.js'), 1, 1))).toBeUndefined()
    expect(frameLocation('Error: boom')).toBeUndefined()
  })
})

describe('an error', () => {
  it("is located at its first frame in the action's own code", () => {
    const error = new Error('boom')
    error.stack = [
      'Error: boom',
      '    at issueFileCommand (file:///w/node_modules/@actions/core/lib/file-command.js:17:15)',
      at(join(dist, '7.index.js'), 2, 12),
      at(join(dist, '7.index.js'), 3, 8),
      at(join(dist, '7.index.js'), 4, 35),
      '    at file:///w/src/index.ts:12:1',
    ].join('\n')
    expect(sourceLocationOf(error)).toBe('src/main.ts:28:1')
  })

  it('with no frame in src/, or no stack, has no location', () => {
    const error = new Error('boom')
    error.stack = 'Error: boom\n    at frame (file.js:1:1)'
    expect([
      sourceLocationOf(error),
      sourceLocationOf('a string'),
      sourceLocationOf({ stack: 'at (src/x.ts:1:1)' }),
    ]).toEqual([undefined, undefined, undefined])
  })
})
