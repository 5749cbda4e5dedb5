import { postStepHasWork } from './runner/state.ts'

/**
 * The post step: revoke the job-scoped key that create-key made, however the job ended, and any
 * new key the main step made but never handed out. It runs after every use of the action, so it
 * decides from its saved state alone whether there is work, and only then loads the code that
 * revokes (a chunk of the bundle). With nothing saved it does nothing and says nothing.
 */
export async function run(): Promise<void> {
  if (!postStepHasWork()) return
  const { cleanUpAfterJob } = await import('./post-cleanup.ts')
  await cleanUpAfterJob()
}
