// The sub-actions (<command>/action.yml) agree with the command registry and the root action.yml.
import { describe, expect, it } from '@jest/globals'
import { existsSync, mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { parse } from 'yaml'
import { COMMANDS, COMMAND_NAMES, COMMON_OUTPUTS } from '../../src/commands/registry.ts'
import { ROOT, actionYaml } from '../../scripts/run-step.ts'
import { drift, subActionFiles } from '../../scripts/sub-actions.ts'

interface SubAction {
  inputs: Record<string, { description: string; default?: string; required?: boolean }>
  outputs: Record<string, { description: string }>
  runs: Record<string, string>
}
const subAction = (command: string) => parse(readFileSync(join(ROOT, command, 'action.yml'), 'utf8')) as SubAction

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
    for (const name of ['api-key', 'api-host', 'timeout']) expect(action.inputs[name]).toEqual(actionYaml.inputs[name])
    for (const [name, input] of Object.entries(action.inputs)) {
      if (!['api-key', 'api-host', 'timeout'].includes(name)) expect(COMMANDS[command].inputs).toContain(name)
      expect(input).toEqual(actionYaml.inputs[name])
    }
    expect(Object.keys(action.inputs).length).toBe(COMMANDS[command].inputs.length + 3)
    for (const [name, output] of Object.entries(action.outputs)) {
      expect([...COMMANDS[command].outputs, ...COMMON_OUTPUTS]).toContain(name)
      expect(output).toEqual(actionYaml.outputs[name])
      // The root's description names the commands that set an output, or says every command may.
      expect(output.description).toMatch(new RegExp(`${command}|Every command`))
    }
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
