import { JOB_KEY_ID, JOB_KEY_ORG_ID, savedState } from './state.ts'

/**
 * The post step: revoke the job-scoped key that create-key made, however the job ended. It runs
 * after every use of the action, so it decides from its saved state alone whether there is
 * work, and only then loads the code that revokes (a chunk of the bundle). With nothing saved
 * it does nothing and says nothing.
 */
export async function run(): Promise<void> {
  const saved = savedState(JOB_KEY_ID)
  if (!saved) return
  const { revokeJobKey } = await import('./revoke-job-key.ts')
  // An organization or project-scoped key is unknown to /api_keys: it is revoked where it lives.
  await revokeJobKey(Number(saved), savedState(JOB_KEY_ORG_ID) || undefined)
}
