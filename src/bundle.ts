import { postStepHasWork } from './keys/ledger.ts'

/**
 * What scripts/bundle.ts compiles: one loader for each step, so the two steps share one copy of the action's code.
 * action.yml's dist/index.js calls `mainStep`, dist/post-entry.js `postStep`. Each step's module (main.ts, post.ts)
 * exports `run()`, as local runners of actions expect.
 */
export async function mainStep(): Promise<void> {
  await runStep(() => import('./main.ts'), 'The step')
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
