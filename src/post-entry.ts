import { quoted } from './base/text.ts'
import { postStepHasWork } from './runner/state.ts'

/**
 * The post step's entry (action.yml `runs.post`). The runner runs it after every use of the action, and mostly it has
 * nothing to do. Only create-key and rotate-key leave work for it: a job-scoped key to revoke, or a create or a
 * rotation cut short. Their saved state says so. Any other command saves no state, so a `STATE_*` variable in its
 * post step was planted by an earlier step (the runner copies `$GITHUB_ENV` into every later step): each one is named
 * in a warning and left alone. The toolkit and the rest of the action load only when there is work.
 */
const KEY_COMMANDS = new Set(['create-key', 'rotate-key'])

const command = (process.env.INPUT_COMMAND ?? '').trim()
try {
  if (KEY_COMMANDS.has(command)) {
    if (postStepHasWork()) await (await import('./post.ts')).run()
  } else {
    for (const name of Object.keys(process.env).filter((n) => n.startsWith('STATE_'))) warnOfPlanted(name)
  }
} catch (error) {
  await (await import('./step.ts')).failStep('The post step', error)
}

/** A warning, as the toolkit writes one: `%`, CR and LF escaped, so the text is data the runner shows as it is. */
function warnOfPlanted(variable: string): void {
  const message =
    `${quoted(variable, 100)} is set, but this command (${quoted(command, 40)}) saves no state: ` +
    'an earlier step of the job set it. The post step left it alone.'
  process.stdout.write(`::warning::${message.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}\n`)
}
