/**
 * `npm run docs:tables`: writes the README's inputs and outputs tables from action.yml, which
 * is the source of truth for both, and the inputs table's "read by" column from the command
 * registry (src/commands/registry.ts); `-- --check` only says whether they differ (exit 1). The
 * tables sit between marker comments, so the text around them is free.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { COMMANDS, COMMAND_NAMES, type Command } from '../src/commands/registry.ts'
import { COMMON_INPUTS } from '../src/inputs/common.ts'
import { ROOT, actionYaml } from './run-step.ts'

type ActionMetadata = Pick<typeof actionYaml, 'inputs' | 'outputs'>

/** One table cell: one line, and a `|` that does not end the cell. */
const cell = (text: string) => text.replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|')

/**
 * The commands in the order action.yml's `command` description names them (the README's commands table), else the
 * registry's.
 */
function commandOrder(action: ActionMetadata): readonly string[] {
  const listed = /^What this step does: (.*)\.$/
    .exec(cell(action.inputs.command?.description ?? ''))?.[1]
    ?.split(/, | or /)
  const known = listed?.filter((name) => (COMMAND_NAMES as string[]).includes(name)) ?? []
  return known.length === COMMAND_NAMES.length ? known : COMMAND_NAMES
}

/**
 * The commands that read an input, as the registry says: `all`, `all but …` when one does not, else their names;
 * `command` only the root action reads (each command's own action fixes it).
 */
export function readBy(name: string, order: readonly string[] = COMMAND_NAMES): string {
  if (name === 'command') return 'the root action'
  const common = (COMMON_INPUTS as readonly string[]).includes(name)
  const reads = (command: string) => common || COMMANDS[command as Command].inputs.includes(name)
  const readers = order.filter(reads)
  if (readers.length === order.length) return 'all'
  const others = order.filter((command) => !reads(command))
  return others.length === 1 ? `all but ${others[0]}` : readers.join(', ')
}

export function inputsTable(action: ActionMetadata): string {
  const order = commandOrder(action)
  const rows = Object.entries(action.inputs).map(([name, input]) => {
    const value = input.required ? 'required' : input.default === undefined ? '' : `\`${cell(input.default)}\``
    return `| \`${name}\` | ${readBy(name, order)} | ${value} | ${cell(input.description)} |`
  })
  return ['| input | read by | default | what it is for |', '|---|---|---|---|', ...rows].join('\n')
}

export function outputsTable(action: ActionMetadata): string {
  const rows = Object.entries(action.outputs).map(([name, output]) => `| \`${name}\` | ${cell(output.description)} |`)
  return ['| output | what it holds |', '|---|---|', ...rows].join('\n')
}

const marker = (name: string) =>
  [`<!-- ${name}: generated from action.yml by npm run docs:tables -->`, `<!-- end of ${name} -->`] as const

/** The README with both tables as action.yml has them. */
export function withTables(readme: string, action: ActionMetadata): string {
  let text = readme
  for (const [name, table] of [
    ['inputs', inputsTable(action)],
    ['outputs', outputsTable(action)],
  ] as const) {
    const [start, end] = marker(name)
    const from = text.indexOf(start)
    const to = text.indexOf(end)
    if (from < 0 || to < from)
      throw new Error(`README.md has no place for the ${name} table: the lines "${start}" and "${end}".`)
    text = `${text.slice(0, from + start.length)}\n${table}\n${text.slice(to)}`
  }
  return text
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const path = join(ROOT, 'README.md')
  const readme = readFileSync(path, 'utf8')
  const generated = withTables(readme, actionYaml)
  if (process.argv.includes('--check')) {
    if (generated !== readme) {
      console.log("README.md's inputs or outputs table is not what action.yml says: run `npm run docs:tables`.")
      process.exitCode = 1
    }
  } else if (generated !== readme) {
    writeFileSync(path, generated)
    console.log('README.md: inputs and outputs tables written from action.yml.')
  }
}
