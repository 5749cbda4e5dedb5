/**
 * The main step's entry (action.yml `runs.main`). It runs the command and reads no saved state (`STATE_*`): an earlier
 * step can plant such a variable, since the runner copies what a step writes to `$GITHUB_ENV` into every later step.
 * The post step has an entry of its own (post-entry.ts). Each step's module (main.ts, post.ts) exports `run()`, as
 * local runners of actions expect.
 */
try {
  await (await import('./main.ts')).run()
} catch (error) {
  // main.ts catches the failures it expects. Anything else (a runner file it cannot write, a chunk of the bundle that
  // does not load) ends the step the same way: one line that says where in src/, and a summary.
  await (await import('./step.ts')).failStep('The step', error)
}
