// Comments in src/ that point at a file point at one that is there: a stale pointer sends a reviewer nowhere. A name
// is looked for beside the file that names it, under src/ and at the top of the repository; a line that names a
// dependency cites that package's own files and is left alone.
import { describe, expect, it } from '@jest/globals'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { ROOT } from '../../scripts/run-step.ts'

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    return entry.isDirectory() ? sources(path) : /\.ts$/.test(entry.name) ? [path] : []
  })
}

/** Every `name.ext` a comment of `file` names, on lines that name no dependency. */
function namedFiles(file: string): string[] {
  const comments = readFileSync(file, 'utf8').match(/\/\/.*$|\/\*[\s\S]*?\*\//gm) ?? []
  const lines = comments
    .flatMap((comment) => comment.split('\n'))
    .filter((line) => !/undici|@actions\/|@noble\/|node_modules|curl/.test(line))
  return lines.flatMap((line) =>
    [...line.matchAll(/(?<![\w@/.:-])((?:[\w.-]+\/)*[\w-]+\.(?:ts|js|md|json|ya?ml))\b/g)].map((m) => m[1]!),
  )
}

describe('comments in src/', () => {
  it('name only files that exist', () => {
    const missing = sources(join(ROOT, 'src')).flatMap((file) =>
      namedFiles(file)
        .filter((name) => ![dirname(file), join(ROOT, 'src'), ROOT].some((dir) => existsSync(join(dir, name))))
        .map((name) => `${relative(ROOT, file)} names ${name}`),
    )
    expect(missing).toEqual([])
  })

  it('are read: a pointer to a file that is not there is found', () => {
    expect(namedFiles(join(ROOT, 'src', 'post.ts')).length).toBeGreaterThan(0)
  })
})
