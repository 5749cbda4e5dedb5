import { randomUUID } from 'node:crypto'
import { appendFileSync } from 'node:fs'
import { EOL } from 'node:os'
import { POST_STEP_STATE, postStepHasWork } from './keys/ledger.ts'

/**
 * What scripts/bundle.ts compiles: one loader for each step, so the two steps share one copy of the action's code.
 * action.yml's dist/index.js calls `mainStep`, dist/post-entry.js `postStep`. Each step's module (main.ts, post.ts)
 * exports `run()`, as local runners of actions expect.
 */
export async function mainStep(): Promise<void> {
  emptyPostStepState()
  await runStep(() => import('./main.ts'), 'The step')
}

/**
 * Saves every name the post step reads, empty, before any other code loads. The runner replaces only the names a main
 * step saved, so a step that fails or is cancelled while it loads would hand a state planted through `$GITHUB_ENV` to
 * its post step. Written as @actions/core's saveState writes it, without loading the toolkit first.
 */
function emptyPostStepState(): void {
  const file = process.env.GITHUB_STATE
  if (!file) return
  const delimiter = `ghadelimiter_${randomUUID()}`
  for (const name of POST_STEP_STATE) appendFileSync(file, `${name}<<${delimiter}${EOL}${EOL}${delimiter}${EOL}`)
}

/** Most post steps have nothing to do: the toolkit and the action load only when the main step saved work. */
export async function postStep(): Promise<void> {
  if (postStepHasWork()) await runStep(() => import('./post.ts'), 'The post step')
}

/** A step catches the failures it expects. Anything else (a runner file it cannot write, a chunk that does not load) ends it the same way: one line that says where in src/, and a summary. */
async function runStep(load: () => Promise<{ run: () => Promise<void> }>, what: string): Promise<void> {
  try {
    await (await load()).run()
  } catch (error) {
    await (await import('./step.ts')).failStep(what, error)
  }
}
