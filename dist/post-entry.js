// Written by scripts/bundle.ts: runs src/post.ts, the post step, from the bundle (dist/bundle.js).
import { postStep } from './bundle.js'

await postStep()
