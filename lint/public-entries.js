/**
 * ESLint rule `local/public-entries`: a package is imported only through what it exports for its
 * users. `undici` or `@actions/core` alone is its entry; `pkg/sub` is allowed only when the
 * package's `exports` map names `./sub` (or a pattern that covers it) and the name is not one
 * the package marks private with a leading `_` (as @noble's `_md.js`). A file inside a package
 * that its `exports` do not name (`undici/lib/…`) is its private code: a minor release may move
 * or change it without a word, and the type checker cannot see that. Node's own modules
 * (`node:…`) and relative imports are not checked.
 */
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

/** The package.json of `name`, found in the nearest node_modules above `from`; undefined if none. */
function manifestOf(name, from) {
  for (let dir = from; ; dir = dirname(dir)) {
    try {
      return JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8'))
    } catch {
      if (dirname(dir) === dir) return undefined
    }
  }
}

/** Whether `subpath` (`./sub`) is one the `exports` map names, by key or `*` pattern. */
function exported(exports, subpath) {
  if (typeof exports !== 'object' || exports === null || Array.isArray(exports)) return false
  return Object.keys(exports).some((key) => {
    if (!key.includes('*')) return key === subpath
    const [head, tail] = key.split('*')
    return subpath.startsWith(head) && subpath.endsWith(tail) && subpath.length >= head.length + tail.length
  })
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Import a package only through the entry points its `exports` name for its users.' },
    schema: [],
    messages: {
      deep: "'{{source}}' is not an entry point of {{name}} (its package.json `exports`): import what the package exports for its users.",
    },
  },
  create(context) {
    const check = (node) => {
      const source = node.source
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return
      const specifier = source.value
      if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return
      const parts = specifier.split('/')
      const nameLength = specifier.startsWith('@') ? 2 : 1
      if (parts.length <= nameLength) return
      const name = parts.slice(0, nameLength).join('/')
      const rest = parts.slice(nameLength)
      const manifest = manifestOf(name, dirname(context.filename))
      const subpath = `./${rest.join('/')}`
      if (manifest && exported(manifest.exports, subpath) && !rest.some((part) => part.startsWith('_'))) return
      context.report({ node: source, messageId: 'deep', data: { source: specifier, name } })
    }
    return { ImportDeclaration: check, ImportExpression: check, ExportNamedDeclaration: check, ExportAllDeclaration: check }
  },
}

export default rule
