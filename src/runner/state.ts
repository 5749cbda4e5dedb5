/**
 * Everything the main step hands to the post step, in one place. The runner gives saved state back to the post step
 * as `STATE_<name>`. A key value is never saved here, and the main step never reads it.
 */

/** The id of a job-scoped key that create-key made with `revoke-after-job: true`. The post step revokes it. */
export const JOB_KEY_ID = 'job-scoped-key-id'
/** What the post step needs to find a key the main step left valid (keys/ledger.ts). */
export const UNSETTLED_KEYS = 'unsettled-keys'

/**
 * Every name the post step reads. An earlier step can plant `STATE_<name>` through `$GITHUB_ENV`, and the runner
 * replaces only the names the main step saved. So the main step saves each one, empty, before anything can fail.
 */
export const POST_STEP_STATE = [JOB_KEY_ID, UNSETTLED_KEYS] as const

/** One value of the main step's saved state by name, '' when not saved. */
export type StateReader = (name: string) => string

/**
 * One value of the main step's saved state, read from `STATE_<name>` without the toolkit. The post step's entry uses
 * it to tell whether it has work, at no start-up cost.
 */
function savedState(name: string, env: NodeJS.ProcessEnv = process.env): string {
  return env[`STATE_${name}`] ?? ''
}

/** Whether the post step has anything to do, from the saved state alone. */
export function postStepHasWork(read: StateReader = savedState): boolean {
  return read(JOB_KEY_ID) !== '' || read(UNSETTLED_KEYS) !== ''
}
