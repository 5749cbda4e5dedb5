import { postStepHasWork } from './runner/state.ts'

/**
 * The post step's entry (action.yml `runs.post`). The runner runs it after every use of the action, and mostly it has
 * nothing to do: only create-key and rotate-key leave work, and their saved state says so. The toolkit and the rest of
 * the action load only when there is work.
 */
const KEY_COMMANDS = new Set(['create-key', 'rotate-key'])

try {
  if (KEY_COMMANDS.has((process.env.INPUT_COMMAND ?? '').trim()) && postStepHasWork())
    await (await import('./post.ts')).run()
} catch (error) {
  await (await import('./step.ts')).failStep('The post step', error)
}
