// Organizations seen from whole steps: a job key scoped to one project, made by the main step and revoked by the post
// step from its saved state, and a key in two organizations failing with one error line that no organization name can
// forge. What each command does with each kind of key is tested in process: __tests__/commands/organizations.test.ts
// and __tests__/commands/list-projects.test.ts.
// End to end: each step is a child process, as a runner starts it (scripts/run-step.ts), on the committed
// bundle dist/index.js (E2E_ENTRY=source runs src/ instead), against the platform emulator.
import { describe, expect, it } from '@jest/globals'
import type { PlatformEmulator } from '../../emulator/platform.ts'
import { errorLines, stripMasks } from '../../scripts/run-step.ts'
import { expectNoKeyLeak } from '../support/leaks.ts'
import { platformPerTest } from '../support/platform-per-test.ts'
import { savedLife } from '../support/saved-state.ts'

let platform: PlatformEmulator
let org: string
/** A personal key of an admin of `org`, the default organization. */
let admin: { id: number; key: string }

const { step } = platformPerTest((started) => {
  ;({ platform, admin } = started)
  org = platform.defaultOrgId
})

/** The requests the step made, as "METHOD /path?query"; pages after the first of a list left out. */
const requests = () =>
  platform.requests
    .filter((r) => r.query.cursor === undefined)
    .map((r) => {
      const query = new URLSearchParams(r.query).toString()
      return `${r.method} ${r.path}${query ? `?${query}` : ''}`
    })

const lines = (stdout: string, prefix: string) =>
  stripMasks(stdout)
    .split('\n')
    .filter((l) => l.startsWith(prefix))

describe('list-projects resolves the organization', () => {
  it('a personal key in two organizations fails before listing, naming both, with text from the service made harmless', async () => {
    const other = platform.addOrganization({ name: '::warning::Beta\nInc' }).id
    const user = platform.addUser({ organizations: { [org]: 'member', [other]: 'admin' } })
    const personal = platform.addKey('two-orgs', { user })
    const result = await step({ command: 'list-projects', 'api-key': personal.key })
    expect(result.code).toBe(1)
    const errors = errorLines(result.stdout)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toContain("The step's key is a personal key whose user belongs to 2 organizations:")
    expect(errors[0]).toContain(`"Emulator Org" (${org})`)
    expect(errors[0]).toContain(`(${other})`)
    expect(errors[0]).toContain('set `org-id` to the id of the one to use')
    expect(errors[0]).not.toContain('::warning::')
    expect(lines(result.stdout, '::warning::')).toEqual([])
    expect(requests()).toEqual(['GET /users/me/organizations'])
    expect(result.outputs['org-id']).toBeUndefined()
  })
})

describe('project-scoped job keys', () => {
  it('create-key with project-id makes a key of that one project, and the post step revokes it', async () => {
    const target = platform.addProject().id
    const inputs = { command: 'create-key', 'key-name': 'job-1', 'project-id': target, 'revoke-after-job': 'true' }
    const created = await step(inputs)
    expect(errorLines(created.stdout)).toEqual([])
    const id = Number(created.outputs['key-id'])
    const key = created.outputs.key!
    expect(platform.keys().find((k) => k.id === id)).toMatchObject({
      kind: 'organization',
      org_id: org,
      project_id: target,
      revoked: false,
    })
    expect(created.outputs['org-id']).toBe(org)
    // The organization is looked up from the project; the body is what the API document says.
    // The snapshot of the organization's keys comes just before the create (the post step's ledger).
    expect(requests()).toEqual([
      `GET /projects/${target}`,
      `GET /organizations/${org}/api_keys`,
      `POST /organizations/${org}/api_keys`,
    ])
    expect(savedLife(created.state)).toMatchObject({ org, project: target, jobKey: id })
    expect(created.summary).toContain(`project ${target}`)
    // A scoped key needs no advice; a personal one gets it (__tests__/commands/organizations.test.ts).
    expect(lines(created.stdout, '::notice::')).toEqual([])

    platform.clearRequests()
    const post = await step(inputs, { state: created.state })
    expect(errorLines(post.stdout)).toEqual([])
    expect(post.stdout).toContain(`Revoked the job-scoped API key ${id}.`)
    // The post step revokes the key by its saved id, in the organization it saved.
    expect(requests()).toEqual([`DELETE /organizations/${org}/api_keys/${id}`])
    expect(platform.isKeyValid(key)).toBe(false)
    expect(platform.isKeyValid(admin.id)).toBe(true)
    for (const result of [created, post]) expectNoKeyLeak(result, [admin.key])
    expectNoKeyLeak(post, [key])
  })
})
