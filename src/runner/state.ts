/**
 * What the main step hands to the post step: one saved value, never a key's value, that the main step never reads.
 * The runner gives it back to the post step as `STATE_<name>`.
 */

/** A key's life as the post step needs it (keys/ledger.ts, `SavedLife`). */
export const UNSETTLED_KEYS = 'unsettled-keys'

/**
 * Every name the post step reads. An earlier step can plant `STATE_<name>` through `$GITHUB_ENV`, and the runner
 * replaces only the names the main step saved. So the main step saves each one, empty, before anything can fail.
 */
export const POST_STEP_STATE = [UNSETTLED_KEYS] as const

/** Whether the main step left work for the post step, read without the toolkit, at no start-up cost. */
export function postStepHasWork(env: NodeJS.ProcessEnv = process.env): boolean {
  return POST_STEP_STATE.some((name) => (env[`STATE_${name}`] ?? '') !== '')
}
