// The sub-actions (<command>/action.yml) agree with the command registry and the root action.yml, and each
// describes only its own command (scripts/sub-actions.yml).
import { describe, expect, it } from '@jest/globals'
import { existsSync, mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { parse } from 'yaml'
import { COMMANDS, COMMAND_NAMES, COMMON_OUTPUTS } from '../../src/commands/registry.ts'
import { ROOT, actionYaml } from '../../scripts/run-step.ts'
import { DOCS_URL, INPUTS_URL, TEXTS, drift, subActionFiles } from '../../scripts/sub-actions.ts'
import { anchorsOf } from '../support/docs-examples.ts'

interface SubAction {
  description: string
  inputs: Record<string, { description: string; default?: string; required?: boolean }>
  outputs: Record<string, { description: string }>
  runs: Record<string, string>
}
const subAction = (command: string) => parse(readFileSync(join(ROOT, command, 'action.yml'), 'utf8')) as SubAction

/** The middle one of some lengths (the mean of the two middle ones for an even count). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** What in a sub-action's descriptions a tooltip should not show: another command's name, or too many characters. */
function tooltipProblems(command: string, action: Pick<SubAction, 'description' | 'inputs'>): string[] {
  const others = COMMAND_NAMES.filter((other) => other !== command)
  const texts: [string, string][] = [
    ['description', action.description],
    ...Object.entries(action.inputs).map(([name, input]): [string, string] => [name, input.description]),
  ]
  const problems = texts.flatMap(([name, text]) =>
    others.filter((other) => text.includes(other)).map((other) => `${command} ${name} names ${other}`),
  )
  const lengths = Object.values(action.inputs).map((input) => input.description.length)
  if (median(lengths) > 200) problems.push(`${command}: its inputs' median is ${median(lengths)} characters`)
  for (const [name, input] of Object.entries(action.inputs))
    if (input.description.length > 250) problems.push(`${command} ${name}: ${input.description.length} characters`)
  return problems
}

describe('sub-actions', () => {
  it('are as npm run sub-actions writes them', async () => {
    expect(await drift()).toEqual([])
  })

  it('the check names a sub-action that was edited by hand', async () => {
    const copy = mkdtempSync(join(tmpdir(), 'sub-actions-'))
    for (const [path, text] of await subActionFiles()) {
      mkdirSync(dirname(join(copy, path)), { recursive: true })
      writeFileSync(join(copy, path), text)
    }
    const edited = join(copy, 'list-keys', 'action.yml')
    writeFileSync(edited, readFileSync(edited, 'utf8').replace("default: '600'", "default: '60'"))
    expect(await drift(copy)).toEqual([join('list-keys', 'action.yml')])
  })

  it.each(COMMAND_NAMES)('%s has a folder with only its inputs and outputs, as the root has them', (command) => {
    const action = subAction(command)
    expect(action.inputs.command).toBeUndefined()
    for (const name of ['api-key', 'api-host', 'timeout']) expect(action.inputs).toHaveProperty(name)
    for (const [name, input] of Object.entries(action.inputs)) {
      if (!['api-key', 'api-host', 'timeout'].includes(name)) expect(COMMANDS[command].inputs).toContain(name)
      // The root's default and `required`; the words are the command's own (below).
      const { description, ...rest } = input
      const { description: full, ...root } = actionYaml.inputs[name]!
      expect([name, rest]).toEqual([name, root])
      expect(description).not.toBe(full)
    }
    expect(Object.keys(action.inputs).length).toBe(COMMANDS[command].inputs.length + 3)
    for (const [name, output] of Object.entries(action.outputs)) {
      expect([...COMMANDS[command].outputs, ...COMMON_OUTPUTS]).toContain(name)
      expect(output).toEqual(actionYaml.outputs[name])
      // The root's description names the commands that set an output, or says every command may.
      expect(output.description).toMatch(new RegExp(`${command}|Every command`))
    }
  })

  it('each describes only its own command: no input names another, and their median is at most 200 characters', () => {
    expect(COMMAND_NAMES.flatMap((command) => tooltipProblems(command, subAction(command)))).toEqual([])
    for (const command of COMMAND_NAMES) {
      expect(subAction(command).description).toBe(
        `${TEXTS.commands[command]!.description} Every input in full: ${INPUTS_URL}`,
      )
      expect(subAction(command).description).not.toContain(actionYaml.description)
    }
  })

  it("the check finds the root's words in a sub-action, as each had them before it had its own", () => {
    const command = 'wait-for-operations'
    const names = Object.keys(subAction(command).inputs)
    const copied = {
      description: `${command}, as the root action with \`command: ${command}\`. ${actionYaml.description}`,
      inputs: Object.fromEntries(names.map((name) => [name, actionYaml.inputs[name]!])),
    }
    expect(tooltipProblems(command, copied)).toEqual(
      expect.arrayContaining([
        'wait-for-operations project-id names create-key',
        'wait-for-operations branch-id names list-operations',
        expect.stringMatching(/^wait-for-operations: its inputs' median is \d+ characters$/),
        expect.stringMatching(/^wait-for-operations operation-ids: \d+ characters$/),
      ]),
    )
  })

  it('a link in their words leads to a heading of docs/, as this major version publishes it', () => {
    const links = COMMAND_NAMES.flatMap((command) => {
      const action = subAction(command)
      const texts = [action.description, ...Object.values(action.inputs).map((input) => input.description)]
      return texts.flatMap((text) => [...text.matchAll(/https:\/\/\S+?(?=\)?\.?(\s|$))/g)].map((m) => m[0]))
    })
    expect(DOCS_URL).toBe('https://github.com/<owner>/neon-api-action/blob/v1/')
    expect(INPUTS_URL).toBe('https://github.com/<owner>/neon-api-action#inputs')
    expect(links.filter((link) => link === INPUTS_URL)).toHaveLength(COMMAND_NAMES.length)
    expect(anchorsOf(readFileSync(join(ROOT, 'README.md'), 'utf8')).has('inputs')).toBe(true)
    const pages = links.filter((link) => link !== INPUTS_URL)
    expect(pages.length).toBeGreaterThanOrEqual(5)
    for (const link of pages) {
      expect(link.startsWith(DOCS_URL)).toBe(true)
      const [path, anchor] = link.slice(DOCS_URL.length).split('#') as [string, string]
      expect([link, anchorsOf(readFileSync(join(ROOT, path), 'utf8')).has(anchor)]).toEqual([link, true])
    }
  })

  it('npm run sub-actions refuses a command or an input with no words of its own, and words for an input it lacks', async () => {
    const without = structuredClone(TEXTS)
    delete without.commands['list-projects']!.inputs.search
    await expect(subActionFiles(undefined, without)).rejects.toThrow(
      "scripts/sub-actions.yml has no text for list-projects's input search",
    )
    delete without.commands['list-projects']
    await expect(subActionFiles(undefined, without)).rejects.toThrow(
      'scripts/sub-actions.yml has no text for list-projects',
    )
    const stale = structuredClone(TEXTS)
    stale.commands['list-projects']!.inputs['key-name'] = 'Only keys whose names start with this.'
    await expect(subActionFiles(undefined, stale)).rejects.toThrow(
      'scripts/sub-actions.yml: list-projects has no input key-name',
    )
  })

  it.each(COMMAND_NAMES)(
    '%s runs the root entry with its command fixed, and a post step only with post work',
    (command) => {
      const { runs } = subAction(command)
      expect(runs.using).toBe(actionYaml.runs.using)
      expect(readFileSync(join(ROOT, command, runs.main ?? ''), 'utf8')).toContain(
        `process.env.INPUT_COMMAND = '${command}'`,
      )
      expect(readFileSync(join(ROOT, command, runs.main ?? ''), 'utf8')).toContain(
        `import('../${actionYaml.runs.main ?? ''}')`,
      )
      if (command === 'create-key' || command === 'rotate-key') {
        expect(runs['post-if']).toBe('always()')
        expect(readFileSync(join(ROOT, command, runs.post ?? ''), 'utf8')).toContain(
          `import('../${actionYaml.runs.post ?? ''}')`,
        )
      } else {
        expect(runs.post).toBeUndefined()
        expect(existsSync(join(ROOT, command, 'post.mjs'))).toBe(false)
      }
    },
  )

  it('the download keeps the sub-action folders', () => {
    const ignored = readFileSync(join(ROOT, '.gitattributes'), 'utf8')
      .split('\n')
      .filter((line) => line.includes('export-ignore'))
    for (const command of COMMAND_NAMES) {
      expect(ignored.filter((line) => line.startsWith(`/${command}`) || line.startsWith('/*'))).toEqual([])
    }
  })
})
