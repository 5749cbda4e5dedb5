// Written by scripts/bundle.ts: runs src/main.ts, the main step, from the bundle (dist/bundle.js).
import { mainStep } from './bundle.js'

await mainStep()
