/**
 * What scripts/bundle.ts compiles: one loader for each step's entry (index.ts, post-entry.ts), so that the two entries
 * share one copy of the action's code. The bundle writes dist/index.js and dist/post-entry.js, which each call one.
 */
export const mainStep = (): Promise<unknown> => import('./index.ts')
export const postStep = (): Promise<unknown> => import('./post-entry.ts')
