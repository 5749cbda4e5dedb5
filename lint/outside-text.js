/**
 * ESLint rule `local/outside-text`: text from outside the action (the platform's records and
 * messages, free-text inputs, other libraries' error messages) reaches the log only through
 * `untrusted()` or `quoted()` (src/base/text.ts). The runner reads the log as a command channel, so a
 * raw interpolation of such text can forge annotations, mask words or stop command processing.
 *
 * What is checked: every argument of the log functions (`info`, `warning`, `error`, `notice`,
 * `debug`, `setFailed`), and everything written to a name that carries log text (TEXT_NAMES:
 * an argument to a parameter so named, as `new ApiError(message)`, a property, a variable), and
 * what a producer of log text (PRODUCER: `describe…`, `excerptOf`, `formatDuration`) returns.
 *
 * A part of such text is accepted when the checker can see it is safe: a literal; a number,
 * boolean or string-literal type; a call of `untrusted`/`quoted` or of a producer; a read of a
 * TEXT_NAMES name (checked where it was written), or of `.message` on the action's own errors;
 * a const whose initialiser is safe; and compositions of these (templates, `+`, `?:`, `??`,
 * string methods on safe text, `.join` of safe parts). Anything else is reported: wrap it.
 */
import ts from 'typescript'

/** The log functions of @actions/core and of the action's Logger. */
const SINKS = new Set(['info', 'warning', 'error', 'notice', 'debug', 'setFailed'])
/** Names that carry text meant for the log: checked where written, trusted where read. */
const TEXT_NAMES = new Set([
  'message',
  'failure',
  'warning',
  'reason',
  'hint',
  'purpose',
  'notFound',
  'notFoundHint',
  'redirectHint',
  'forbidden',
  'where',
  'field',
  'input',
  'excerpt',
])
/** Functions that return safe text whatever they are given. */
const SAFE_CALLS = new Set(['untrusted', 'quoted', 'messageOf', 'encodeURIComponent', 'randomUUID'])
/** Functions that produce log text: what they return is checked, and calling them is trusted. */
const PRODUCER = /^(describe\w*|excerptOf|formatDuration)$/
/** Constant tables of the platform's own text (Node's HTTP status texts). */
const SAFE_TABLES = new Set(['STATUS_CODES'])
/** String methods that keep text safe when the string and the arguments are. */
const STRING_METHODS = new Set([
  'trim',
  'trimStart',
  'trimEnd',
  'replace',
  'replaceAll',
  'slice',
  'substring',
  'toLowerCase',
  'toUpperCase',
  'padStart',
  'padEnd',
])
const SAFE_TYPE_FLAGS =
  ts.TypeFlags.NumberLike |
  ts.TypeFlags.BigIntLike |
  ts.TypeFlags.BooleanLike |
  ts.TypeFlags.StringLiteral |
  ts.TypeFlags.Undefined |
  ts.TypeFlags.Null |
  ts.TypeFlags.Void |
  ts.TypeFlags.Never
const TEXT_TYPE_FLAGS = ts.TypeFlags.StringLike | ts.TypeFlags.Any | ts.TypeFlags.Unknown

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Text from outside the action reaches the log only through untrusted() or quoted().' },
    messages: {
      raw:
        '`{{text}}` may hold text from outside the action (the platform, a free-text input, another library): ' +
        'pass it through untrusted() or quoted() from src/base/text.ts before it can reach the log.',
    },
    schema: [],
  },
  create(context) {
    const services = context.sourceCode.parserServices
    if (!services?.program || !services.esTreeNodeToTSNodeMap) return {}
    const checker = services.program.getTypeChecker()
    const reported = new Set()

    const typeOf = (node) => services.getTypeAtLocation(node)
    const isSafeType = (type) => {
      if (type.isUnion()) return type.types.every(isSafeType)
      if (type.isIntersection()) return type.types.some(isSafeType)
      return (type.flags & SAFE_TYPE_FLAGS) !== 0
    }
    const mayBeText = (type) => {
      if (type.isUnion() || type.isIntersection()) return type.types.some(mayBeText)
      return (type.flags & TEXT_TYPE_FLAGS) !== 0
    }
    /** Declared in the action's own code, not in a library or the standard types. */
    const isOwnType = (type) => {
      const symbol = checker.getNonNullableType(type).getSymbol()
      const declarations = symbol?.getDeclarations() ?? []
      return (
        declarations.length > 0 && declarations.every((d) => !d.getSourceFile().fileName.includes('/node_modules/'))
      )
    }
    const nameOf = (node) => {
      if (!node) return undefined
      if (node.type === 'Identifier') return node.name
      if (node.type === 'Literal' && typeof node.value === 'string') return node.value
      if (node.type === 'MemberExpression' && !node.computed) return node.property.name
      return undefined
    }

    /** The first part of `node` that is not known to be safe, or null. */
    const unsafePart = (node, depth = 0) => {
      switch (node.type) {
        case 'Literal':
          return null
        case 'TemplateLiteral':
          return firstUnsafe(node.expressions, depth)
        case 'ConditionalExpression':
          return firstUnsafe([node.consequent, node.alternate], depth)
        case 'LogicalExpression':
          // `a && b` is `b` or a falsy value.
          return firstUnsafe(node.operator === '&&' ? [node.right] : [node.left, node.right], depth)
        case 'BinaryExpression':
          return node.operator === '+'
            ? firstUnsafe([node.left, node.right], depth)
            : isSafeType(typeOf(node))
              ? null
              : node
        case 'ChainExpression':
        case 'TSNonNullExpression':
        case 'TSAsExpression':
        case 'TSSatisfiesExpression':
          return unsafePart(node.expression, depth)
        case 'CallExpression':
          return isSafeCall(node, depth) ? null : node
        case 'MemberExpression':
          return isSafeMember(node) ? null : node
        case 'Identifier':
          return isSafeIdentifier(node, depth) ? null : node
        default:
          return isSafeType(typeOf(node)) ? null : node
      }
    }
    const firstUnsafe = (nodes, depth) => {
      for (const node of nodes) {
        const bad = unsafePart(node, depth)
        if (bad) return bad
      }
      return null
    }

    const isSafeCall = (node, depth) => {
      const name = nameOf(node.callee)
      if (name !== undefined && (SAFE_CALLS.has(name) || PRODUCER.test(name))) return true
      if (node.callee.type === 'Identifier' && name === 'String') return firstUnsafe(node.arguments, depth) === null
      if (node.callee.type === 'MemberExpression') {
        const receiver = node.callee.object
        if (name === 'join') return firstUnsafe(node.arguments, depth) === null && isSafeList(receiver, depth)
        if (STRING_METHODS.has(name)) return firstUnsafe([receiver, ...node.arguments], depth) === null
        if ((typeOf(receiver).flags & ts.TypeFlags.NumberLike) !== 0) return true
      }
      return isSafeType(typeOf(node))
    }
    /** An array of safe text: of a safe element type, or mapped by a function that returns safe text. */
    const isSafeList = (node, depth) => {
      if (node.type === 'CallExpression' && nameOf(node.callee) === 'map') {
        const mapper = node.arguments[0]
        if (mapper?.type === 'Identifier' && PRODUCER.test(mapper.name)) return true
        if (mapper && (mapper.type === 'ArrowFunctionExpression' || mapper.type === 'FunctionExpression')) {
          return mapper.body.type !== 'BlockStatement' && unsafePart(mapper.body, depth) === null
        }
      }
      const element = checker.getIndexTypeOfType(checker.getNonNullableType(typeOf(node)), ts.IndexKind.Number)
      return element !== undefined && isSafeType(element)
    }
    const isSafeMember = (node) => {
      if (SAFE_TABLES.has(nameOf(node.object))) return true
      if (!node.computed && TEXT_NAMES.has(node.property.name) && isOwnType(typeOf(node.object))) return true
      if (!node.computed && node.property.name === 'message' && isOwnType(typeOf(node.object))) return true
      return isSafeType(typeOf(node))
    }
    const isSafeIdentifier = (node, depth) => {
      if (TEXT_NAMES.has(node.name) || isSafeType(typeOf(node))) return true
      const declaration = services.getSymbolAtLocation(node)?.valueDeclaration
      // `const { warning: sizeWarning } = …`: the property was checked where it was written.
      if (
        declaration &&
        ts.isBindingElement(declaration) &&
        declaration.propertyName &&
        TEXT_NAMES.has(declaration.propertyName.getText())
      ) {
        return true
      }
      if (
        depth < 5 &&
        declaration &&
        ts.isVariableDeclaration(declaration) &&
        declaration.initializer &&
        (ts.getCombinedNodeFlags(declaration) & ts.NodeFlags.Const) !== 0
      ) {
        const initializer = services.tsNodeToESTreeNodeMap.get(declaration.initializer)
        return initializer !== undefined && unsafePart(initializer, depth + 1) === null
      }
      return false
    }

    const check = (node) => {
      // An object's text-carrying properties are checked one by one; a function is no text.
      if (
        node.type === 'ObjectExpression' ||
        node.type === 'ArrowFunctionExpression' ||
        node.type === 'FunctionExpression'
      )
        return
      const bad = unsafePart(node)
      if (!bad || reported.has(bad)) return
      reported.add(bad)
      const text = context.sourceCode.getText(bad)
      context.report({
        node: bad,
        messageId: 'raw',
        data: { text: text.length > 60 ? `${text.slice(0, 57)}...` : text },
      })
    }

    /** Arguments of a log function, and arguments to parameters that carry log text. */
    const checkArguments = (node) => {
      const name = nameOf(node.callee)
      if (name !== undefined && SAFE_CALLS.has(name)) return
      const sink = name !== undefined && SINKS.has(name)
      // Parameter names count in the action's own functions and in Error constructors, not in
      // other libraries' (libsodium's `message` is a byte array).
      let parameters = []
      const signature = checker.getResolvedSignature(services.esTreeNodeToTSNodeMap.get(node))
      const declaration = signature?.getDeclaration()
      const own = declaration !== undefined && !declaration.getSourceFile().fileName.includes('/node_modules/')
      if (signature && (own || /Error$/.test(name ?? '')))
        parameters = signature.getParameters().map((p) => p.getName())
      node.arguments.forEach((argument, i) => {
        if (argument.type === 'SpreadElement') return
        if (TEXT_NAMES.has(parameters[i]) || (sink && mayBeText(typeOf(argument)))) check(argument)
      })
    }

    /** The name of the function a node sits in, when it is a producer of log text. */
    const producerOf = (node) => {
      for (let at = node.parent; at; at = at.parent) {
        if (
          at.type === 'FunctionDeclaration' ||
          at.type === 'FunctionExpression' ||
          at.type === 'ArrowFunctionExpression'
        ) {
          const name =
            at.id?.name ?? (at.parent?.type === 'VariableDeclarator' ? nameOf(at.parent.id) : nameOf(at.parent?.key))
          return name !== undefined && PRODUCER.test(name)
        }
      }
      return false
    }

    return {
      CallExpression: checkArguments,
      NewExpression: checkArguments,
      Property(node) {
        if (
          node.parent.type === 'ObjectExpression' &&
          TEXT_NAMES.has(nameOf(node.key)) &&
          node.value.type !== 'AssignmentPattern'
        ) {
          check(node.value)
        }
      },
      VariableDeclarator(node) {
        if (node.init && TEXT_NAMES.has(nameOf(node.id))) check(node.init)
      },
      AssignmentExpression(node) {
        if (TEXT_NAMES.has(nameOf(node.left))) check(node.right)
      },
      ReturnStatement(node) {
        if (node.argument && producerOf(node)) check(node.argument)
      },
      ArrowFunctionExpression(node) {
        if (node.body.type !== 'BlockStatement' && producerOf(node.body)) check(node.body)
      },
    }
  },
}
