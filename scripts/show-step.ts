/**
 * What a workflow author sees of one step of the action: its log as the runner shows it, its
 * outputs and its job summary, printed for `npm start` and `npm run step`.
 */
import { stripMasks, type StepResult } from './run-step.ts'

export const bold = (text: string) => (process.stdout.isTTY ? `\x1b[1m${text}\x1b[0m` : text)
export const dim = (text: string) => (process.stdout.isTTY ? `\x1b[2m${text}\x1b[0m` : text)

/** The log as the runner shows it: masked values become ***, debug lines stay hidden. */
export function shown(text: string, masked: string[]): string {
  let out = stripMasks(text).replace(/^::debug::.*\n?/gm, '')
  for (const secret of masked) if (secret) out = out.split(secret).join('***')
  return out
}

/** The summary's HTML as plain text rows. */
export function summaryText(html: string): string {
  return html
    .replace(/<\/t[hd]>/g, ' | ')
    .replace(/<tr>/g, '| ')
    .replace(/<\/(tr|h\d|p)>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/\n{2,}/g, '\n')
    .trim()
}

function truncate(value: string, max = 160): string {
  return value.length > max ? `${value.slice(0, max)}… (${value.length} characters)` : value
}

/** The step's inputs (secrets as ***), log, outputs, summary and exit code. */
export function printStep(title: string, inputs: Record<string, string>, step: StepResult): void {
  console.log(`\n${bold(`▶ ${title}`)}`)
  const shownInputs = Object.entries(inputs)
    .filter(([name]) => name !== 'api-host')
    .map(([name, value]) => `${name}: ${name === 'api-key' || name === 'github-token' ? '***' : truncate(value, 60)}`)
  console.log(dim(`  with: ${shownInputs.join(', ')}`))
  console.log(shown(step.stdout, step.masked).trimEnd().replace(/^/gm, '  │ '))
  const outputs = Object.entries(step.outputs)
  if (outputs.length) {
    console.log('  outputs:')
    for (const [name, value] of outputs) console.log(`    ${name} = ${truncate(shown(value, step.masked))}`)
  }
  if (step.summary) console.log(`  summary:\n${summaryText(step.summary).replace(/^/gm, '    ')}`)
  console.log(dim(`  exit code ${step.code}`))
}
