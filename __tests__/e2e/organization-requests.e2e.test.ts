// The request the post step of revoke-after-job makes with a personal key, read from the emulator's request log: a row
// of the table in docs/organizations.md ("Requests per command and key kind"). The post step revokes the key by the id
// the main step saved, in the namespace it saved. The row of a project-scoped key is in organizations.e2e.test.ts; the
// rows whose requests a command makes on its own are tested in process: __tests__/commands/organizations.test.ts.
// End to end: each step is a child process, as a runner starts it (scripts/run-step.ts), on the committed
// bundle dist/index.js (E2E_ENTRY=source runs src/ instead), against the platform emulator.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { PlatformEmulator } from '../../emulator/platform.ts'
import { errorLines, runStep } from '../../scripts/run-step.ts'

let platform: PlatformEmulator
let url: string
/** An admin's personal key. */
let personal: string

beforeAll(async () => {
  platform = new PlatformEmulator()
  url = await platform.start()
  personal = platform.addKey('admin').key
})

afterAll(async () => {
  await platform.stop()
})

/** The requests since the last clear, as "METHOD /path?query", without the pages after the first. */
function made(): string[] {
  return platform.requests
    .filter((r) => r.query.cursor === undefined)
    .map((r) => {
      const query = new URLSearchParams(r.query).toString()
      return `${r.method} ${r.path}${query ? `?${query}` : ''}`
    })
}

describe('requests per command and key kind', () => {
  it('the post step of revoke-after-job, personal key', async () => {
    const inputs = {
      'api-key': personal,
      'api-host': url,
      command: 'create-key',
      'key-name': 'job',
      'revoke-after-job': 'true',
    }
    const main = await runStep(inputs)
    const id = Number(main.outputs['key-id'])
    platform.clearRequests()
    const post = await runStep(inputs, { state: main.state })
    expect(errorLines(post.stdout)).toEqual([])
    expect(made()).toEqual([`DELETE /api_keys/${id}`])
  })
})
