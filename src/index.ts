import * as core from '@actions/core'
import { IS_POST_STATE, run } from './main.js'
import { post } from './post.js'

/** One bundle serves both steps; main saves a state that tells the post step apart. */
if (core.getState(IS_POST_STATE) === 'true') await post()
else await run()
