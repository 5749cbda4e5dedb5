// The action under the toolkit's local runner, `@github/local-action` (scripts/local-action.ts), which replaces
// @actions/core with its own to capture what a step does: main then post in one process, from src/ through tsx, against
// the emulator. An action that wrote the runner's files itself would show no outputs there, print the new key in plain
// lines, and leave a job-scoped key valid (the post step never saw the main step's state). That a step that fails is a
// failure, though local-action exits 0 whatever the step did, __tests__/project/scripts/step.test.ts shows through
// `npm run step -- --local-action`.
import { describe, expect, it } from '@jest/globals'
import type { PlatformEmulator } from '../../emulator/platform.ts'
import { runLocalAction } from '../../scripts/local-action.ts'
import { platformPerTest } from '../support/platform-per-test.ts'

let platform: PlatformEmulator
let url: string
let admin: { id: number; key: string }

platformPerTest((started) => ({ platform, url, admin } = started))

/** local-action starts tsx through npm, then the action: seconds, on a busy machine more. */
const SLOW = 90_000

describe('@github/local-action runs main, then post', () => {
  it(
    'create-key with revoke-after-job: the outputs are captured, the key masked, and the post step revokes it with the state main saved',
    async () => {
      const run = await runLocalAction({
        command: 'create-key',
        'api-key': admin.key,
        'api-host': url,
        'key-name': 'local-job',
        'revoke-after-job': 'true',
      })
      const made = platform.keys().find((k) => k.name.startsWith('local-job'))!
      expect(run.code).toBe(0)
      expect(run.outputs['key-id']).toBe(String(made.id))
      // local-action keeps what the step masked out of its log, and out of outputs, as a runner does in job outputs.
      expect(run.stdout).toContain('::warning::Skip output key since it may contain secret.')
      expect(run.stdout).not.toContain('No outputs were set!')
      expect(run.stdout).not.toMatch(/::add-mask::|::save-state/)
      for (const secret of [admin.key, 'napi_']) expect(run.stdout + run.stderr).not.toContain(secret)
      // The post step got the main step's state from the toolkit, and revoked the key.
      const post = run.stdout.slice(run.stdout.indexOf('Running Post Step'))
      expect(post).toContain(`::info::Revoked the job-scoped API key ${made.id}.`)
      expect(made.revoked).toBe(true)
      expect(platform.isKeyValid(admin.id)).toBe(true)
      expect(run.summary).toContain('<h3>API key created</h3>')
    },
    SLOW,
  )
})
