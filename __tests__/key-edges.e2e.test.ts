import { afterEach, beforeEach, expect, it } from '@jest/globals'
import { PlatformEmulator } from '../emulator/platform.ts'
import { MAX_KNOWN_KEYS } from '../src/key-ledger.ts'
import { errorLines, runStep } from '../scripts/run-step.ts'

/** create-key at the edges of what it accepts from the platform and of what it can keep track of. */
let platform: PlatformEmulator
let url: string
let admin: { id: number; key: string }

beforeEach(async () => {
  platform = new PlatformEmulator()
  url = await platform.start()
  admin = platform.addKey('admin')
})

afterEach(async () => {
  await platform.stop()
})

const step = (inputs: Record<string, string>) => runStep({ 'api-key': admin.key, 'api-host': url, ...inputs })

it.each([' napi_leading', 'napi_trailing\n', 'napi_in side'])(
  'a created key whose value is not one printable token (%j) is revoked at once',
  async (value) => {
    platform.inject({ method: 'POST', path: '/api_keys', kind: 'transform', transform: (body) => ({ ...(body as object), key: value }) })
    const result = await step({ command: 'create-key', 'key-name': 'odd' })
    const made = platform.keys().find((k) => k.name === 'odd')!
    expect(errorLines(result.stdout)).toEqual([
      `::error::The platform answered key ${made.id} with a value that is not a printable token. That key was revoked at once, and no new key is left valid. Run the step again, or report it with the key id.`,
    ])
    expect(made.revoked).toBe(true)
  },
)

it(`keeps track of up to ${MAX_KNOWN_KEYS} keys of the name, and refuses to create beside more`, async () => {
  for (let i = 0; i < MAX_KNOWN_KEYS; i++) platform.addKey('crowded')
  const made = await step({ command: 'create-key', 'key-name': 'crowded' })
  expect(errorLines(made.stdout)).toEqual([])
  expect(made.outputs['key-id']).toBeDefined()
  const refused = await step({ command: 'create-key', 'key-name': 'crowded' })
  expect(errorLines(refused.stdout)).toEqual([
    `::error::${MAX_KNOWN_KEYS + 1} keys are named "crowded" already, more than the ${MAX_KNOWN_KEYS} this step can keep track of to find a new key after a lost answer or a cancellation. Revoke the ones no longer used, or choose another \`key-name\`.`,
  ])
  expect(platform.keys().filter((k) => k.name === 'crowded')).toHaveLength(MAX_KNOWN_KEYS + 1)
})
