import { IS_POST, postStepHasWork, savedState } from './runner/state.ts'

/**
 * The entry of both steps. The main step saves a state that tells the post step apart. The post step runs after
 * every use of the action, and mostly has nothing to do. It decides that from the runner's STATE_* variables alone,
 * and only then loads its code. Everything else is in chunks of the bundle that only these imports load: the
 * action's code with every command, the packages (the toolkit, undici), and each step's module. Each step's module
 * (main.ts, post.ts) exports `run()`, as local runners of actions expect.
 */
const post = savedState(IS_POST) === 'true'
try {
  if (!post) await (await import('./main.ts')).run()
  else if (postStepHasWork()) await (await import('./post.ts')).run()
} catch (error) {
  // Each step catches the failures it expects. Anything else (a runner file it cannot write, a chunk of the bundle
  // that does not load) ends the step the same way: one line that says where in src/, and a summary.
  await (await import('./step.ts')).failStep(post ? 'The post step' : 'The step', error)
}
