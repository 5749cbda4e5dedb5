// Written by scripts/bundle.ts: runs src/index.ts, the main step, from the bundle (dist/steps.js).
import { mainStep } from './steps.js'

await mainStep()
