// docs/audit.md, the reviewer's map of every path a secret takes, names every file of src/ that handles one. The files
// are found in the code, with TypeScript's own reading of it, not taken from the map: a file handles a secret when it
// reads or writes a field that holds one, builds an Authorization header, or masks, redacts or seals a value.
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { relative } from 'node:path'
import ts from 'typescript'
import { ROOT } from '../../scripts/run-step.ts'

/**
 * The fields that hold a secret, by the type that declares them: the api-key and the github-token in the settings and
 * the clients' options, a new key's value in the platform's create answer, and a proxy's credentials.
 */
const SECRET_FIELDS = new Map<string, readonly string[]>([
  ['apiKey', ['InputSettings', 'ClientOptions', 'RequestTarget']],
  ['githubToken', ['*']],
  ['token', ['GitHubClientOptions', 'SecretStorage', 'ExpectedNetworks', 'GitHubReadOptions', 'MembersOptions']],
  ['key', ['ApiKeyCreateResponse', 'CreatedApiKey']],
  ['authorization', ['ProxyRoute', 'Route']],
  ['credentials', ['*']],
])
/** Functions that read a secret, or take one to mask, redact or seal it. */
const SECRET_FUNCTIONS = new Set([
  'readGitHubToken',
  'maskSecret',
  'registerSecret',
  'redactSecrets',
  'sealedBox',
  'mask',
  'proxySecrets',
])
/**
 * Types whose values carry a secret: a new key as the platform answers it; a request with its headers and an answer
 * with its body as they cross the wire (the Authorization header; a create answer's key); and the settings that hold
 * the github-token (the secret stores, and the networks read with GitHub's meta API).
 */
const SECRET_TYPES = new Set([
  'CreatedApiKey',
  'HttpRequest',
  'Received',
  'Answer',
  'SecretStorage',
  'ExpectedNetworks',
])
/** Headers that carry a credential. */
const SECRET_HEADERS = /^(proxy-)?authorization$/i

function sourceFiles(): { program: ts.Program; files: ts.SourceFile[] } {
  const config = ts.getParsedCommandLineOfConfigFile(
    `${ROOT}/tsconfig.json`,
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  )!
  const program = ts.createProgram({
    rootNames: config.fileNames.filter((f) => f.includes('/src/')),
    options: config.options,
  })
  return { program, files: program.getSourceFiles().filter((f) => relative(ROOT, f.fileName).startsWith('src/')) }
}

/**
 * The names a property is declared in: its interface, type or class, and the properties around it (the generated
 * types nest a schema in `components.schemas`).
 */
function ownersOf(declaration: ts.Declaration): string[] {
  const names: string[] = []
  for (let node: ts.Node | undefined = declaration.parent; node; node = node.parent) {
    if (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node) || ts.isClassDeclaration(node))
      names.push(node.name?.text ?? '')
    if (ts.isPropertySignature(node)) names.push(node.name.getText())
  }
  return names
}

/** The property a name stands for: in an object literal, the property of the type the literal is made for. */
function propertyOf(node: ts.Identifier, checker: ts.TypeChecker): ts.Symbol | undefined {
  const parent = node.parent
  if ((ts.isPropertyAssignment(parent) || ts.isShorthandPropertyAssignment(parent)) && parent.name === node) {
    return checker.getContextualType(parent.parent)?.getProperty(node.text)
  }
  return checker.getSymbolAtLocation(node)
}

/**
 * The secret-carrying type a value has: its own, a member of a union, what a promise holds, or what a function it is
 * returns.
 */
function secretTypeIn(type: ts.Type, checker: ts.TypeChecker, depth = 0): string | undefined {
  const name = type.aliasSymbol?.name ?? type.getSymbol()?.name
  if (name !== undefined && SECRET_TYPES.has(name)) return name
  if (depth > 2) return undefined
  const parts = [
    ...(type.isUnion() ? type.types : []),
    ...checker.getTypeArguments(type as ts.TypeReference),
    ...type.getCallSignatures().map((signature) => signature.getReturnType()),
  ]
  for (const part of parts) {
    const found = secretTypeIn(part, checker, depth + 1)
    if (found !== undefined) return found
  }
  return undefined
}

/** Why a node handles a secret, or undefined. */
function secretAt(node: ts.Node, checker: ts.TypeChecker): string | undefined {
  if (ts.isStringLiteralLike(node) && SECRET_HEADERS.test(node.text)) return `the ${node.text} header`
  if (ts.isFunctionDeclaration(node) && node.name !== undefined && SECRET_FUNCTIONS.has(node.name.text)) {
    return `${node.name.text}(), defined here`
  }
  if (ts.isCallExpression(node)) {
    const callee = ts.isPropertyAccessExpression(node.expression)
      ? node.expression.name.text
      : node.expression.getText()
    if (SECRET_FUNCTIONS.has(callee)) return `${callee}()`
  }
  // A value in the code, not a name in an import or a type: a file that only names the type holds no secret.
  if (ts.isIdentifier(node) && !ts.isImportSpecifier(node.parent) && !ts.isTypeReferenceNode(node.parent)) {
    const name = secretTypeIn(checker.getTypeAtLocation(node), checker)
    if (name !== undefined) return `a value of the type ${name}`
  }
  const owners = ts.isIdentifier(node) ? SECRET_FIELDS.get(node.text) : undefined
  if (!ts.isIdentifier(node) || owners === undefined) return undefined
  if (owners.includes('*')) return node.text
  const symbol = propertyOf(node, checker)
  const declared = [
    ...(symbol?.declarations ?? []),
    ...(symbol ? checker.getRootSymbols(symbol).flatMap((s) => s.declarations ?? []) : []),
  ]
  const owner = declared.flatMap(ownersOf).find((name) => owners.includes(name))
  return owner === undefined ? undefined : `${owner}.${node.text}`
}

/** Every file of src/ that handles a secret, with one reason each. */
function filesHandlingSecrets(): Map<string, string> {
  const { program, files } = sourceFiles()
  const checker = program.getTypeChecker()
  const found = new Map<string, string>()
  for (const file of files) {
    const visit = (node: ts.Node): void => {
      if (found.has(file.fileName)) return
      const why = secretAt(node, checker)
      if (why !== undefined) found.set(file.fileName, why)
      else ts.forEachChild(node, visit)
    }
    visit(file)
  }
  return new Map([...found].map(([file, why]) => [relative(ROOT, file), why]))
}

describe("the reviewer's map (docs/audit.md)", () => {
  const map = readFileSync(`${ROOT}/docs/audit.md`, 'utf8')
  const named = new Set([...map.matchAll(/\]\(\.\.\/(src\/[^)#]+)\)/g)].map((m) => m[1]!))
  const handling = filesHandlingSecrets()

  it('finds the files it must: the settings, both clients, the transport, the proxy, the creation of a key', () => {
    expect([...handling.keys()]).toEqual(
      expect.arrayContaining([
        'src/settings.ts',
        'src/api/client.ts',
        'src/github/client.ts',
        'src/http/proxy.ts',
        'src/keys/life.ts',
        'src/github/sealed-box.ts',
      ]),
    )
  })

  it('names every file of src/ that handles a secret', () => {
    const missing = [...handling].filter(([file]) => !named.has(file)).map(([file, why]) => `${file} (${why})`)
    expect(missing).toEqual([])
  })

  it('names only files that exist', () => {
    const { files } = sourceFiles()
    const existing = new Set(files.map((f) => relative(ROOT, f.fileName)))
    expect([...named].filter((file) => !existing.has(file))).toEqual([])
  })
})

describe("docs/audit.md's deliberate departures", () => {
  it('explain every override of package.json, each under a heading of its own', () => {
    const { overrides } = JSON.parse(readFileSync(`${ROOT}/package.json`, 'utf8')) as { overrides: object }
    const audit = readFileSync(`${ROOT}/docs/audit.md`, 'utf8')
    const departures = audit.slice(
      audit.indexOf('\n## Deliberate departures\n'),
      audit.indexOf('\n## ', audit.indexOf('\n## Deliberate departures\n') + 1),
    )
    const sections = departures.split('\n### ').slice(1)
    for (const name of Object.keys(overrides)) {
      const explained = sections.filter((section) => section.includes(`package.json \`overrides\` (\`"${name}": `))
      expect([name, explained.length]).toEqual([name, 1])
      expect(explained[0]).toMatch(
        /\*\*What it buys\.\*\*[\s\S]*\*\*What could go wrong\.\*\*[\s\S]*\*\*What proves it does not\.\*\*/,
      )
    }
  })
})
