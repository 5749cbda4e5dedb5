/**
 * Everything the main step hands to the post step, in one place. The runner gives saved state
 * back to the post step as `STATE_<name>`. A key value is never saved here.
 */

/** Set by every main step, so the one bundle knows it runs as the post step. */
export const IS_POST = 'isPost'
/** The id of a job-scoped key that create-key made with `revoke-after-job: true`. */
export const JOB_KEY_ID = 'job-scoped-key-id'
/** The organization of that key, when it is an organization or project-scoped key: the post step revokes it there. */
export const JOB_KEY_ORG_ID = 'job-scoped-key-org-id'
/**
 * What the post step needs to find a key the main step left valid (keys/ledger.ts). create-key and rotate-key save it
 * before a create is sent, and clear it ('') once they are done with their keys.
 */
export const UNSETTLED_KEYS = 'unsettled-keys'

/** One value of the main step's saved state by name, '' when not saved. */
export type StateReader = (name: string) => string

/**
 * One value of the main step's saved state, read from `STATE_<name>` without the toolkit. The entry uses it to tell
 * the post step apart, and whether it has work, at no start-up cost.
 */
export function savedState(name: string, env: NodeJS.ProcessEnv = process.env): string {
  return env[`STATE_${name}`] ?? ''
}

/** Whether the post step has anything to do, from the saved state alone. */
export function postStepHasWork(read: StateReader = savedState): boolean {
  return read(JOB_KEY_ID) !== '' || read(UNSETTLED_KEYS) !== ''
}
