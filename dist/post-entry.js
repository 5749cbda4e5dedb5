// Written by scripts/bundle.ts: runs src/post-entry.ts, the post step, from the bundle (dist/steps.js).
import { postStep } from './steps.js'

await postStep()
