import { run as main } from './main.ts'
import { run as post } from './post.ts'
import { IS_POST, savedState } from './state.ts'

/**
 * The entry of both steps: the main step saves a state that tells the post step apart. Each
 * entry module exports `run()`, as local runners of actions expect.
 */
if (savedState(IS_POST) === 'true') await post()
else await main()
