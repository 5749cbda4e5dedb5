import { run as post } from './post.ts'
import { IS_POST, savedState } from './runner/state.ts'

/**
 * The entry of both steps: the main step saves a state that tells the post step apart. The
 * main step's code is a chunk of the bundle, loaded only here, so the post step (which runs
 * after every use of the action, mostly with nothing to do) loads next to nothing. Each entry
 * module exports `run()`, as local runners of actions expect.
 */
if (savedState(IS_POST) === 'true') await post()
else await (await import('./main.ts')).run()
