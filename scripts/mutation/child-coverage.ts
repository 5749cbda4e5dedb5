/**
 * A preload for the action's process during a mutation tool's dry run (`npm run mutate`), never
 * shipped: the mutation tool counts which mutants each test reaches, but only in its own process.
 * The action runs in a child process, so at exit this writes the child's counts to the file named
 * by MUTATION_COVERAGE_FILE, and scripts/run-step.ts adds them to the test that ran the child.
 */
import { writeFileSync } from 'node:fs'

const file = process.env.MUTATION_COVERAGE_FILE
process.on('exit', () => {
  const coverage = (globalThis as { __stryker__?: { mutantCoverage?: unknown } }).__stryker__?.mutantCoverage
  if (file && coverage) writeFileSync(file, JSON.stringify(coverage))
})
