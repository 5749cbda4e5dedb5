/**
 * ESLint rule `local/public-entries`: a package is imported only through what it exports for its
 * users. `undici` or `@actions/core` alone is its entry; `pkg/sub` is allowed only when the
 * package's `exports` map names `./sub` (or a pattern that covers it) and the name is not one
 * the package marks private with a leading `_` (as @noble's `_md.js`). A file inside a package
 * that its `exports` do not name (`undici/lib/…`) is its private code: a minor release may move
 * or change it without a word, and the type checker cannot see that. Every way of naming a module
 * is checked: `import` and `export … from`, `import()` of a literal, `require`, a function Node's
 * `createRequire` made, their `.resolve`, and `import.meta.resolve`. A package's `package.json` is
 * its public manifest, allowed unless its `exports` leave it out. Node's own modules (`node:…`)
 * and relative imports are not checked.
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

/** The text of a string literal, or of a template literal without `${}`; undefined for anything else. */
function literalText(node) {
  if (node?.type === 'Literal' && typeof node.value === 'string') return node.value
  if (node?.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked ?? undefined
  return undefined
}

/** The name a callee is called by: `f` for `f(…)`, `resolve` for `a.resolve(…)`. */
function nameOf(node) {
  if (node.type === 'Identifier') return node.name
  const named = node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier'
  if (named) return node.property.name
  return undefined
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
    /** Reports `node`, a module specifier, when it names a file of a package that the package does not export. */
    const check = (node) => {
      const specifier = literalText(node)
      if (specifier === undefined) return
      if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return
      const parts = specifier.split('/')
      const nameLength = specifier.startsWith('@') ? 2 : 1
      if (parts.length <= nameLength) return
      const name = parts.slice(0, nameLength).join('/')
      const rest = parts.slice(nameLength)
      const manifest = manifestOf(name, dirname(context.filename))
      const subpath = `./${rest.join('/')}`
      if (manifest && exported(manifest.exports, subpath) && !rest.some((part) => part.startsWith('_'))) return
      // The manifest is the package's public description (its `bin`, its version), unless `exports` keeps it in.
      if (manifest && subpath === './package.json' && manifest.exports === undefined) return
      context.report({ node, messageId: 'deep', data: { source: specifier, name } })
    }
    // Node's `createRequire`, under the names it is imported by, and the functions it made: each loads and resolves
    // a module as `require` does.
    const makers = new Set(['createRequire'])
    const requires = new Set(['require'])
    const isMaker = (callee) => makers.has(nameOf(callee) ?? '')
    /** Whether `callee` loads or resolves a module: `require`, a function createRequire made, or their `.resolve`. */
    const loads = (callee) => {
      const target = callee.type === 'MemberExpression' && nameOf(callee) === 'resolve' ? callee.object : callee
      if (target.type === 'Identifier') return requires.has(target.name)
      if (target.type === 'CallExpression') return isMaker(target.callee)
      return false
    }
    const isImportMetaResolve = (callee) =>
      callee.type === 'MemberExpression' && callee.object.type === 'MetaProperty' && nameOf(callee) === 'resolve'
    return {
      ImportDeclaration(node) {
        if (['module', 'node:module'].includes(node.source.value)) {
          for (const specifier of node.specifiers) {
            const maker = specifier.type === 'ImportSpecifier' && nameOf(specifier.imported) === 'createRequire'
            if (maker) makers.add(specifier.local.name)
          }
        }
        check(node.source)
      },
      ImportExpression: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      VariableDeclarator(node) {
        const made = node.init?.type === 'CallExpression' && isMaker(node.init.callee)
        if (made && node.id.type === 'Identifier') requires.add(node.id.name)
      },
      CallExpression(node) {
        if (loads(node.callee) || isImportMetaResolve(node.callee)) check(node.arguments[0])
      },
    }
  },
}

export default rule
