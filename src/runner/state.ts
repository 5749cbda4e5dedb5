/**
 * Everything the main step hands to the post step, in one place. The runner gives saved state
 * back to the post step as `STATE_<name>`. A key value is never saved here. Only create-key and
 * rotate-key save state, and the main step never reads it. An earlier step of the job can plant a
 * `STATE_*` variable, so the post step trusts it no further than its own inputs confirm
 * (post-entry.ts, post.ts).
 */

/**
 * The id of a job-scoped key that create-key made with `revoke-after-job: true`. The post step revokes it in the
 * namespace its inputs give, and only when the key's name is one its inputs make.
 */
export const JOB_KEY_ID = 'job-scoped-key-id'
/**
 * What the post step needs to find a key the main step left valid (keys/ledger.ts). create-key and rotate-key save it
 * before a create is sent, and clear it ('') once they are done with their keys.
 */
export const UNSETTLED_KEYS = 'unsettled-keys'

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
