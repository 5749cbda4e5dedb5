// The promises at the top of src/keys/life.ts, one test (or more) each, and the scenarios that broke them, with
// faults placed on single requests (a lost answer, a held request, a rewritten answer) and no timing.
// End to end: each step is a child process, as a runner starts it (scripts/run-step.ts), on the committed
// bundle dist/index.js (E2E_ENTRY=source runs src/ instead), against the platform and GitHub emulators.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import type { ChildProcess } from 'node:child_process'
import { GitHubEmulator } from '../../emulator/github.ts'
import { PlatformEmulator } from '../../emulator/platform.ts'
import { errorLines, runStep, type StepOptions, type StepResult } from '../../scripts/run-step.ts'
import { expectNoKeyLeak } from '../support/leaks.ts'

let platform: PlatformEmulator
let github: GitHubEmulator
let url: string
let admin: { id: number; key: string }
/** Added to the platform's clock: a test moves it so keys get distinct creation times. */
let platformShift: number
/** GitHub's clock: the secret's updated_at and the Date of each answer. */
let githubNow: number
const OWNER = 'octo-org'
const REPO = 'deploys'
const SECRET = 'NEON_API_KEY'

beforeEach(async () => {
  platformShift = 0
  platform = new PlatformEmulator({ now: () => Date.now() + platformShift })
  githubNow = Date.parse('2026-11-21T10:00:00Z')
  github = new GitHubEmulator({ now: () => githubNow })
  url = await platform.start()
  await github.start()
  admin = platform.addKey('admin')
})

afterEach(async () => {
  await platform.stop()
  await github.stop()
})

const githubEnv = (repository = `${OWNER}/${REPO}`) => ({ GITHUB_API_URL: github.url, GITHUB_REPOSITORY: repository })
const step = (inputs: Record<string, string>, options: StepOptions = {}) =>
  runStep({ 'api-key': admin.key, 'api-host': url, ...inputs }, { env: githubEnv(), ...options })
const validIds = (name: string) =>
  platform
    .keys()
    .filter((k) => k.name === name && !k.revoked)
    .map((k) => k.id)
const revokedIds = (name: string) =>
  platform
    .keys()
    .filter((k) => k.name === name && k.revoked)
    .map((k) => k.id)
const storeInputs = () => ({ 'secret-name': SECRET, 'github-token': github.token })
/** Lets the emulators finish what a released request started. */
const settled = () => new Promise((resolve) => setImmediate(resolve))

describe('1. a clean-up never revokes a key that existed before the step, or that another job may hold', () => {
  it('a key an earlier step made seconds before stays valid after a lost create answer', async () => {
    const earlier = platform.addKey('nightly')
    platform.inject({ method: 'POST', path: '/api_keys', kind: 'drop', when: 'after' })
    const result = await step({ command: 'create-key', 'key-name': 'nightly' })
    expect(errorLines(result.stdout)).toEqual([])
    const made = Number(result.outputs['key-id'])
    expect(validIds('nightly').sort()).toEqual([earlier.id, made].sort())
    // Only the lost attempt's key went: it was not in the snapshot taken before the create.
    expect(revokedIds('nightly')).toHaveLength(1)
    expect(revokedIds('nightly')).not.toContain(earlier.id)
  })

  it("another job's fresh key of the same name: nothing is revoked, and the step fails naming both keys", async () => {
    let concurrent: { id: number } | undefined
    platform.onRequest((r) => {
      if (r.method === 'POST' && !concurrent) concurrent = platform.addKey('nightly')
    })
    platform.inject({ method: 'POST', path: '/api_keys', kind: 'drop', when: 'after' })
    const result = await step({ command: 'create-key', 'key-name': 'nightly' })
    expect(result.code).toBe(1)
    const lost = platform.keys().find((k) => k.name === 'nightly' && k.id !== concurrent!.id)!
    expect(validIds('nightly')).toEqual([concurrent!.id, lost.id])
    expect(errorLines(result.stdout)).toEqual([
      expect.stringMatching(
        new RegExp(
          `Creating key "nightly" may have succeeded without an answer\\. Keys named "nightly" that this run cannot account for are valid: ${concurrent!.id}, ${lost.id}\\. ` +
            "None was revoked: this step cannot tell them from another job's\\. " +
            'Revoke the ones you do not expect \\(revoke-key with `key-id`\\), and give each job its own `key-name`\\. ' +
            'The post step looks again when the job ends\\.$',
        ),
      ),
    ])
    expect(result.outputs.key).toBeUndefined()
  })

  it.each([
    ['create-key', {}],
    ['create-key, revoked after the job', { 'revoke-after-job': 'true' }],
    ['rotate-key', {}],
  ])(
    "%s: a create answer naming a key that was there before is not this step's key, and that key is never revoked",
    async (_label, extra) => {
      const bystander = platform.addKey('deploy')
      const command = _label.split(',')[0]!
      platform.inject({
        method: 'POST',
        path: '/api_keys',
        kind: 'transform',
        transform: (body) => ({ ...(body as object), id: bystander.id }),
      })
      const result = await step({ command, 'key-name': 'deploy', ...extra })
      expect(result.code).toBe(1)
      expect(errorLines(result.stdout)).toEqual([
        expect.stringMatching(
          new RegExp(
            `^::error::The platform answered the create with key ${bystander.id}, which was there before this step`,
          ),
        ),
      ])
      expect(platform.isKeyValid(bystander.id)).toBe(true)
      // The key the platform really made was found by the snapshot, and revoked: none is left valid and unknown.
      expect(validIds('deploy')).toEqual([bystander.id])
      expect(result.outputs.key).toBeUndefined()
      const post = await step({ command, 'key-name': 'deploy', ...extra }, { state: result.state })
      expect(post.code).toBe(0)
      expect(platform.isKeyValid(bystander.id)).toBe(true)
    },
  )

  it('a key of that name in use is never taken for the lost attempt', async () => {
    let used: { id: number; key: string } | undefined
    platform.inject({ method: 'POST', path: '/api_keys', kind: 'drop', when: 'before' })
    // While the clean-up's list is held, another job makes a key of that name and uses it.
    platform.onRequest((r) => {
      if (r.method === 'POST' && !used) {
        const hold = platform.hold({ method: 'GET', path: '/api_keys' })
        void hold.reached.then(async () => {
          used = platform.addKey('nightly')
          await fetch(`${url}/projects?org_id=${platform.defaultOrgId}`, {
            headers: { authorization: `Bearer ${used.key}` },
          })
          hold.release()
        })
      }
    })
    const result = await step({ command: 'create-key', 'key-name': 'nightly' })
    expect(result.code).toBe(1)
    expect(errorLines(result.stdout)[0]).toContain(
      `Keys named "nightly" that this run cannot account for are valid: ${used!.id} (in use). `,
    )
    expect(platform.isKeyValid(used!.id)).toBe(true)
  })

  it('a key of that name whose list gives the address of its use, but not the time, is in use too', async () => {
    let used: { id: number } | undefined
    platform.inject({ method: 'POST', path: '/api_keys', kind: 'drop', when: 'before' })
    platform.onRequest((r) => {
      if (r.method === 'POST' && !used) {
        // Another job makes a key of that name and uses it. The list leaves out when, as the description allows.
        used = platform.addKey('nightly', { createdAt: platform.now(), lastUsedAt: platform.now() })
        platform.inject({ method: 'GET', path: '/api_keys', kind: 'rewrite', set: { last_used_at: null }, times: 9 })
      }
    })
    const result = await step({ command: 'create-key', 'key-name': 'nightly' })
    expect(result.code).toBe(1)
    expect(errorLines(result.stdout)[0]).toContain(
      `Keys named "nightly" that this run cannot account for are valid: ${used!.id} (in use). `,
    )
    expect(platform.isKeyValid(used!.id)).toBe(true)
  })
})

describe('2. a success is claimed only after it was checked', () => {
  it('when the list after the clean-up fails, the step says it could not confirm, and names what it revoked', async () => {
    platform.inject({ method: 'POST', path: '/api_keys', kind: 'drop', when: 'after', times: 2 })
    // Lists: the snapshot, the clean-up after each lost answer, then the confirmation, which fails.
    let lists = 0
    platform.onRequest((r) => {
      if (r.method === 'GET' && r.path === '/api_keys' && ++lists === 4) {
        platform.inject({ method: 'GET', path: '/api_keys', kind: 'status', status: 500, times: 99 })
      }
    })
    const result = await step({ command: 'create-key', 'key-name': 'doomed' })
    expect(result.code).toBe(1)
    const [first, second] = revokedIds('doomed')
    expect(errorLines(result.stdout)).toEqual([
      expect.stringMatching(
        new RegExp(
          `Revoked keys ${first}, ${second}, made by the attempts whose answers were lost\\. Listing the keys to look for a key named "doomed" that a lost create may have made failed: Could not list API keys: the platform answered 500 .* Run list-keys, and revoke a key named "doomed" that you do not expect\\.$`,
        ),
      ),
    ])
    expect(result.stdout).not.toContain('is left valid: a list')
  })
})

describe('3. the Actions secret never holds a revoked key', () => {
  let current: { id: number; key: string }

  beforeEach(() => {
    current = platform.addKey('ci-deploy')
    github.setSecret(OWNER, REPO, SECRET, current.key)
    // The rotation runs a minute after the secret was last written.
    githubNow += 60_000
  })

  const rotate = (inputs: Record<string, string> = {}) =>
    step({ command: 'rotate-key', 'api-key': current.key, 'key-name': 'ci-deploy', ...storeInputs(), ...inputs })

  it('a write GitHub applied but whose answer was lost, then a secondary rate limit: uncertain, and no key is revoked', async () => {
    github.loseAnswerNext()
    github.secondaryRateLimitNext(2, 1)
    const result = await rotate({ 'keep-previous': '0' })
    expect(result.code).toBe(1)
    expect(github.requests.filter((r) => r.method === 'PUT').map((r) => r.status)).toEqual([0, 403, 403])
    const stored = github.secret(OWNER, REPO, SECRET)!
    expect(platform.isKeyValid(stored)).toBe(true)
    expect(platform.isKeyValid(current.id)).toBe(true)
    expect(result.outputs['key-id']).toBe(String(platform.keyIdOf(stored)))
    expect(JSON.parse(result.outputs['secret-results']!)).toMatchObject([{ status: 'uncertain' }])
    expectNoKeyLeak(result, [current.key, github.token])
  })

  it('a write GitHub carries out after the step stopped waiting for it: the new key is never revoked', async () => {
    const held = github.holdNext()
    // The step's timeout runs out while GitHub holds the write, within the write's own 30 s.
    const result = await step(
      {
        command: 'rotate-key',
        'api-key': current.key,
        'key-name': 'ci-deploy',
        ...storeInputs(),
        'keep-previous': '0',
        timeout: '20',
      },
      { time: { mode: 'jump', rate: 20 } },
    )
    expect(result.code).toBe(1)
    held.release()
    await settled()
    const stored = github.secret(OWNER, REPO, SECRET)!
    expect(stored).not.toBe(current.key)
    expect(platform.isKeyValid(stored)).toBe(true)
    expect(result.outputs['key-id']).toBe(String(platform.keyIdOf(stored)))
    expect(JSON.parse(result.outputs['secret-results']!)).toEqual([{ target: `${OWNER}/${REPO}`, status: 'uncertain' }])
    expect(platform.isKeyValid(current.id)).toBe(true)
  })

  it('a write whose answer was lost, then a 422: the lost write may still land, so no key is revoked and the new one is named', async () => {
    github.loseAnswerNext(1, { applied: false })
    github.failNext(422, 1, 'Bad request - key_id does not match the current public key')
    const result = await rotate()
    expect(result.code).toBe(1)
    const made = platform.keys().find((k) => k.name === 'ci-deploy' && k.id !== current.id)!
    expect(errorLines(result.stdout)).toEqual([
      expect.stringMatching(
        new RegExp(
          `GitHub answered 422 .*The write may still have gone through: .* Nothing was revoked: the new key ${made.id} stays valid, as do the old keys\\.`,
        ),
      ),
    ])
    expect(result.outputs['key-id']).toBe(String(made.id))
    expect(github.secret(OWNER, REPO, SECRET)).toBe(current.key)
    expect(validIds('ci-deploy')).toEqual([current.id, made.id])
  })
})

describe('4. rotate-key revokes only keys it replaced', () => {
  let current: { id: number; key: string }

  beforeEach(() => {
    current = platform.addKey('ci-deploy')
    github.setSecret(OWNER, REPO, SECRET, current.key)
    // Each create comes a minute after the last: the keys' created_at tell them apart.
    platform.onRequest((r) => {
      if (r.method === 'POST') platformShift += 60_000
    })
  })

  const inputs = () => ({ command: 'rotate-key', 'api-key': current.key, 'key-name': 'ci-deploy', ...storeInputs() })

  it('two overlapping rotations never leave the secret holding a revoked key, and name the key left unstored', async () => {
    // Run A is held while it stores its key; run B starts then, and runs to the end.
    const heldA = github.holdNext()
    const runA = step(inputs())
    await heldA.reached
    const b = await step(inputs())
    heldA.release()
    const a = await runA
    const [idA, idB] = [Number(a.outputs['key-id']), Number(b.outputs['key-id'])]

    const stored = github.secret(OWNER, REPO, SECRET)!
    expect(platform.isKeyValid(stored)).toBe(true)
    expect(platform.keyIdOf(stored)).toBe(idA)
    // B replaced the keys of its snapshot (the old one and A's), keeping the newest, A's.
    expect(JSON.parse(b.outputs['revoked-key-ids']!)).toEqual([current.id])
    // A saw B's key appear after it stored its own: it revoked nothing and says so, naming B's key.
    expect(JSON.parse(a.outputs['revoked-key-ids']!)).toEqual([])
    expect(errorLines(a.stdout)).toEqual([
      `::error::key ${idB} named "ci-deploy" appeared during this run, after its list from before the create ` +
        '(seen after storing the new key). ' +
        'So another rotation of the same keys is running at the same time, and this run revoked no old key. ' +
        'Give the workflow a `concurrency:` group (with cancel-in-progress: false), so rotations never overlap. ' +
        'The next rotation revokes what is left.',
    ])
    // At most one new key is valid and not stored: B's, named above.
    expect([idA, idB].filter((id) => platform.isKeyValid(id) && id !== platform.keyIdOf(stored))).toEqual([idB])
  })

  it('a key of that name that appears during the run: no old key is revoked, the secret is not written, the new key is revoked', async () => {
    let other: { id: number } | undefined
    platform.onRequest((r) => {
      if (r.method === 'POST' && !other) other = platform.addKey('ci-deploy')
    })
    const result = await step({ ...inputs(), 'keep-previous': '0' })
    expect(result.code).toBe(1)
    const made = platform.keys().find((k) => k.name === 'ci-deploy' && k.id !== current.id && k.id !== other!.id)!
    expect(errorLines(result.stdout)).toEqual([
      `::error::Rotation stopped: key ${other!.id} named "ci-deploy" appeared during this run, ` +
        'after its list from before the create (seen when the new key proved itself). ' +
        'So another rotation of the same keys is running at the same time, and this run revoked no old key. ' +
        'Give the workflow a `concurrency:` group (with cancel-in-progress: false), so rotations never overlap. ' +
        `The next rotation revokes what is left. The new key ${made.id} was revoked. No old key was revoked.`,
    ])
    expect(validIds('ci-deploy')).toEqual([current.id, other!.id])
    expect(github.requests.filter((r) => r.method === 'PUT')).toHaveLength(0)
    expect(github.secret(OWNER, REPO, SECRET)).toBe(current.key)
  })
})

describe('5. keep-previous', () => {
  it('keeps the newest replaced key valid, so a deploy still running with it finishes; the next rotation revokes it', async () => {
    const oldest = platform.addKey('ci-deploy')
    platformShift += 3_600_000
    const previous = platform.addKey('ci-deploy')
    platformShift += 3_600_000
    const first = await step({ command: 'rotate-key', 'api-key': previous.key, 'key-name': 'ci-deploy' })
    expect(errorLines(first.stdout)).toEqual([])
    expect(JSON.parse(first.outputs['revoked-key-ids']!)).toEqual([oldest.id])
    expect(first.stdout).toContain(`Kept API key ${previous.id} valid until the next rotation (keep-previous: 1).`)
    expect(first.summary).toContain('kept (keep-previous: 1)')
    // A deploy job that started with the previous key polls again after the rotation.
    const poll = await step({ command: 'list-keys', 'api-key': previous.key })
    expect(poll.code).toBe(0)

    platformShift += 3_600_000
    const second = await step({ command: 'rotate-key', 'api-key': first.outputs.key!, 'key-name': 'ci-deploy' })
    expect(JSON.parse(second.outputs['revoked-key-ids']!)).toEqual([previous.id])
    expect(validIds('ci-deploy')).toEqual([Number(first.outputs['key-id']), Number(second.outputs['key-id'])])
  })

  it('0 revokes every replaced key at once', async () => {
    const older = platform.addKey('ci-deploy')
    const old = platform.addKey('ci-deploy')
    const result = await step({ command: 'rotate-key', 'key-name': 'ci-deploy', 'keep-previous': '0' })
    expect(JSON.parse(result.outputs['revoked-key-ids']!)).toEqual([older.id, old.id])
    expect(validIds('ci-deploy')).toEqual([Number(result.outputs['key-id'])])
  })
})

describe('6. the rotation key name is unique to the repository, environment and secret', () => {
  it('two repositories storing the same secret name rotate different keys, and never revoke each other', async () => {
    const rotateIn = (repository: string) =>
      step({ command: 'rotate-key', ...storeInputs(), 'keep-previous': '0' }, { env: githubEnv(repository) })
    const app = await rotateIn('octo-org/app')
    const api = await rotateIn('octo-org/api')
    const appAgain = await rotateIn('octo-org/app')
    for (const result of [app, api, appAgain]) expect(errorLines(result.stdout)).toEqual([])
    const names = (result: StepResult) => platform.keys().find((k) => k.id === Number(result.outputs['key-id']))!.name
    expect([names(app), names(api)]).toEqual(['gha:octo-org/app:NEON_API_KEY', 'gha:octo-org/api:NEON_API_KEY'])
    expect(JSON.parse(appAgain.outputs['revoked-key-ids']!)).toEqual([Number(app.outputs['key-id'])])
    expect(platform.isKeyValid(api.outputs.key!)).toBe(true)
    expect(github.secret('octo-org', 'api', SECRET)).toBe(api.outputs.key)
  })
})

describe('7. what is checked before any request, and what the messages say', () => {
  it.each([
    [
      {},
      { GITHUB_REPOSITORY: '' },
      /^::error::GITHUB_REPOSITORY is not set, so the repository to store the secret in is unknown/,
    ],
    [
      { 'secret-environment': 'prod\u0007' },
      {},
      /^::error::Input `secret-environment` must be the name of an environment/,
    ],
    // Sent as a path segment, `..` would name the repository's own secrets.
    [
      { 'secret-environment': '..' },
      {},
      /^::error::Input `secret-environment` must be the name of an environment.*not `\.` or `\.\.`/,
    ],
    [{ 'secret-environment': '.' }, {}, /^::error::Input `secret-environment` must be the name of an environment/],
    [
      { 'secret-targets': 'octo-org/app:..' },
      {},
      /^::error::Input `secret-targets`, entry 1 \("octo-org\/app:\.\."\), is not a target/,
    ],
  ])('rotate-key with %j and %j: one error, and no request', async (inputs, env, expected) => {
    const result = await step(
      { command: 'rotate-key', 'key-name': 'ci-deploy', ...storeInputs(), ...inputs },
      { env: { ...githubEnv(), ...env } },
    )
    expect(errorLines(result.stdout)).toEqual([expect.stringMatching(expected)])
    expect(platform.requests).toHaveLength(0)
    expect(github.requests).toHaveLength(0)
  })

  it('a runner variable that is missing is named as one, not as an input to correct', async () => {
    const result = await step(
      { command: 'rotate-key', 'key-name': 'ci-deploy', ...storeInputs() },
      { env: { ...githubEnv(), GITHUB_REPOSITORY: '' } },
    )
    expect(result.summary).toContain('The runner sets that variable in a GitHub Actions job')
    expect(result.summary).not.toContain('Correct that input')
  })

  it('a created key that is not a printable token is revoked at once', async () => {
    platform.inject({
      method: 'POST',
      path: '/api_keys',
      kind: 'transform',
      transform: (body) => ({ ...(body as object), key: '' }),
    })
    const result = await step({ command: 'create-key', 'key-name': 'blank', 'revoke-after-job': 'true' })
    const made = platform.keys().find((k) => k.name.startsWith('blank~exp-'))!
    expect(errorLines(result.stdout)).toEqual([
      `::error::The platform answered key ${made.id} with a value that is not a printable token. That key was revoked at once, and no new key is left valid. Run the step again, or report it with the key id.`,
    ])
    expect(made.revoked).toBe(true)
    expect(result.outputs.key).toBeUndefined()
  })

  it('a 401 on the new key names the new key, not the `api-key` input', async () => {
    const current = platform.addKey('ci-deploy')
    platform.onRequest((r) => {
      if (r.method === 'POST')
        platform.inject({ method: 'GET', path: '/api_keys', kind: 'status', status: 401, times: 3 })
    })
    const result = await step({ command: 'rotate-key', 'key-name': 'ci-deploy' })
    const made = platform.keys().find((k) => k.name === 'ci-deploy' && k.id !== current.id)!
    const [error] = errorLines(result.stdout)
    expect(error).toContain(`The platform refused the new key ${made.id} (401 Unauthorized) moments after creating it`)
    expect(error).toContain("The step's own key (`api-key`) was not the problem.")
    expect(error).not.toContain('Check the `api-key` input')
    expect(error).toMatch(new RegExp(`The new key ${made.id} was revoked\\. No old key was revoked\\.$`))
  })

  it('a revocation answered with revoked: false is not reported as revoked', async () => {
    const victim = platform.addKey('victim')
    platform.inject({
      method: 'DELETE',
      path: /^\/api_keys\//,
      kind: 'transform',
      transform: (body) => ({ ...(body as object), revoked: false }),
    })
    const result = await step({ command: 'revoke-key', 'key-id': String(victim.id) })
    expect(result.code).toBe(1)
    expect(result.outputs['revoked-key-ids']).toBe('[]')
    expect(errorLines(result.stdout)).toEqual([
      `::error::The platform answered the revocation of API key ${victim.id} without confirming it (no \`revoked: true\`): the key may still be valid. Check it with list-keys, and revoke it again.`,
    ])
  })
})

describe('8. lost answers that clock arithmetic missed', () => {
  /** Valid keys of that name: exactly the one in the output, and the lost attempt's revoked. */
  const expectOnlyTheOutput = (result: StepResult, name: string) => {
    expect(errorLines(result.stdout)).toEqual([])
    expect(validIds(name)).toEqual([Number(result.outputs['key-id'])])
    expect(revokedIds(name)).toHaveLength(1)
  }

  it("the service's clock two minutes behind the runner's", async () => {
    platform.setClockSkew(-120_000)
    platform.inject({ method: 'POST', path: '/api_keys', kind: 'drop', when: 'after' })
    expectOnlyTheOutput(await step({ command: 'create-key', 'key-name': 'nightly' }), 'nightly')
  })

  it('created_at that cannot be read', async () => {
    platform.inject({
      method: 'GET',
      path: '/api_keys',
      times: 99,
      kind: 'transform',
      transform: (body) => (body as Array<Record<string, unknown>>).map((k) => ({ ...k, created_at: 'yesterday' })),
    })
    platform.inject({ method: 'POST', path: '/api_keys', kind: 'drop', when: 'after' })
    expectOnlyTheOutput(await step({ command: 'create-key', 'key-name': 'nightly' }), 'nightly')
  })

  it('a create the service commits after the client gave up: found and revoked once it appears', async () => {
    const late = platform.hold({ method: 'POST', path: '/api_keys' })
    // The service carries the first attempt out just as the second one arrives.
    platform.onRequest((r) => {
      if (r.method === 'POST' && r !== platform.requests.find((q) => q.method === 'POST')) late.release()
    })
    // The action's time runs 20 times as fast: the held request's 30 s deadline lasts 1.5 s, and
    // the step's 600 s timeout 30 s of real time, which no loaded machine spends on the rest.
    const result = await step({ command: 'create-key', 'key-name': 'nightly' }, { time: { mode: 'jump', rate: 20 } })
    expect(result.stdout).toMatch(
      /::warning::The answer to creating key "nightly" was lost \(timeout\)\. No key of that attempt is there yet\. Creating it once more\./,
    )
    expect(result.stdout).toMatch(
      /Revoked key \d+ named "nightly": a create whose answer was lost made it, and nobody can read its value\./,
    )
    expectOnlyTheOutput(result, 'nightly')
  })

  it('a create the service commits after the step ended: the post step revokes it', async () => {
    const late = platform.hold({ method: 'POST', path: '/api_keys' })
    const inputs = { command: 'create-key', 'key-name': 'nightly' }
    const main = await step(inputs, { time: { mode: 'jump', rate: 20 } })
    expect(errorLines(main.stdout)).toEqual([])
    expect(main.stdout).toContain(
      'No other new key named "nightly" is there; the post step looks once more when the job ends.',
    )
    late.release()
    await settled()
    expect(validIds('nightly')).toHaveLength(2)
    const post = await step(inputs, { state: main.state })
    expect(errorLines(post.stdout)).toEqual([])
    expect(post.stdout).toMatch(
      /Revoked key \d+ named "nightly": a create whose answer was lost made it, and nobody can read its value\./,
    )
    expect(validIds('nightly')).toEqual([Number(main.outputs['key-id'])])
    expectNoKeyLeak(post, [admin.key, main.outputs.key!])
  })
})

describe('9. what a review found: the post step looks only for a key the run may not know, and names what it leaves', () => {
  const DAY = 86_400_000
  /** Valid if it was never this run's, or named in an error. */
  const revokedOrNamed = (id: number, ...steps: StepResult[]) =>
    !platform.isKeyValid(id) || steps.some((s) => errorLines(s.stdout).some((line) => line.includes(String(id))))

  it("rotate-key sees another job's new key and cannot revoke its own at once: the post step leaves the other job's key alone", async () => {
    platform.addKey('ci-deploy', { createdAt: Date.now() - DAY })
    let neighbour: number | undefined
    platform.onRequest((r) => {
      if (r.method === 'POST' && r.path === '/api_keys' && neighbour === undefined) {
        // Another job makes its key of the same name now, and has not used it yet.
        neighbour = platform.addKey('ci-deploy').id
        platform.inject({ method: 'DELETE', path: /^\/api_keys\//, kind: 'status', status: 503, times: 5 })
      }
    })
    const inputs = { command: 'rotate-key', 'key-name': 'ci-deploy' }
    const main = await step(inputs)
    expect(main.code).toBe(1)
    const post = await step(inputs, { state: main.state })
    expect(platform.isKeyValid(neighbour!)).toBe(true)
    expect(platform.requests.filter((r) => r.method === 'DELETE' && r.path.endsWith(`/${neighbour}`))).toEqual([])
    expect(post.code).toBe(0)
  })

  it("rotate-key killed while its new key proves itself: the post step revokes the new key, and leaves another job's alone", async () => {
    platform.addKey('ci-deploy', { createdAt: Date.now() - DAY })
    let neighbour: number | undefined
    let posted = false
    let child: ChildProcess | undefined
    platform.onRequest((r) => {
      if (r.method === 'POST' && r.path === '/api_keys' && !posted) {
        posted = true
        const hold = platform.hold({ method: 'GET', path: '/api_keys' })
        void hold.reached.then(() => {
          neighbour = platform.addKey('ci-deploy').id
          child?.kill('SIGKILL')
          hold.abort()
        })
      }
    })
    const inputs = { command: 'rotate-key', 'key-name': 'ci-deploy' }
    const main = await step(inputs, { onSpawn: (c) => (child = c) })
    expect(main.code).toBeNull()
    const made = platform
      .keys()
      .find((k) => k.name === 'ci-deploy' && k.id !== neighbour && !k.revoked && k.id > 100_001)
    const post = await step(inputs, { state: main.state })
    expect(platform.isKeyValid(neighbour!)).toBe(true)
    expect(made === undefined || !platform.isKeyValid(made.id)).toBe(true)
    expect(post.code).toBe(0)
  })

  it.each([
    ['NODE_TLS_REJECT_UNAUTHORIZED=0', { NODE_TLS_REJECT_UNAUTHORIZED: '0' }],
    ['a proxy it cannot use', { http_proxy: 'socks5://127.0.0.1:1080', https_proxy: 'socks5://127.0.0.1:1080' }],
  ])('a post step that cannot read its settings (%s) names the job key it leaves valid', async (_, env) => {
    const inputs = { command: 'create-key', 'key-name': 'ci-job', 'revoke-after-job': 'true' }
    const main = await step(inputs)
    const jobKey = Number(main.outputs['key-id'])
    const post = await step(inputs, { state: main.state, env: { ...githubEnv(), ...env } })
    expect(post.code).toBe(1)
    expect(platform.isKeyValid(jobKey)).toBe(true)
    expect(errorLines(post.stdout)).toEqual([
      expect.stringContaining(`Nothing was revoked: key ${jobKey} named "ci-job~exp-`),
    ])
  })

  it('a lost create whose key the list shows only later: the post step watches, finds it, and revokes it', async () => {
    const lostId = platform.keys().reduce((max, k) => Math.max(max, k.id), 0) + 1
    platform.inject({ method: 'POST', path: '/api_keys', kind: 'drop', when: 'after' })
    platform.inject({
      method: 'GET',
      path: '/api_keys',
      kind: 'transform',
      times: 6,
      transform: (body) => (body as Array<{ id: number }>).filter((k) => k.id !== lostId),
    })
    const inputs = { command: 'create-key', 'key-name': 'ci-job' }
    const main = await step(inputs)
    const post = await step(inputs, { state: main.state })
    expect(revokedOrNamed(lostId, main, post)).toBe(true)
    expect(platform.isKeyValid(lostId)).toBe(false)
  })

  it('rotate-key killed during its secret write: the post step names the new key even while the list does not show it', async () => {
    const old = platform.addKey('ci-deploy', { createdAt: Date.now() - DAY })
    github.store({ repository: `${OWNER}/${REPO}` }, SECRET, old.key)
    let child: ChildProcess | undefined
    const hold = github.holdNext()
    void hold.reached.then(() => {
      child?.kill('SIGKILL')
      hold.abort()
    })
    const inputs = {
      command: 'rotate-key',
      'key-name': 'ci-deploy',
      'secret-name': SECRET,
      'github-token': github.token,
    }
    const main = await step(inputs, { onSpawn: (c) => (child = c) })
    const newId = Math.max(...platform.keys().map((k) => k.id))
    platform.inject({
      method: 'GET',
      path: '/api_keys',
      kind: 'transform',
      times: 5,
      transform: (body) => (body as Array<{ id: number }>).filter((k) => k.id !== newId),
    })
    const post = await step(inputs, { state: main.state })
    expect(platform.isKeyValid(newId)).toBe(true)
    expect(errorLines(post.stdout)).toEqual([
      expect.stringContaining(`wrote key ${newId} named "ci-deploy" to a secret`),
    ])
  })

  it('a proxy page answering 404 to the revoke is not "already revoked": the job key is named', async () => {
    const inputs = { command: 'create-key', 'key-name': 'ci-job', 'revoke-after-job': 'true' }
    const main = await step(inputs)
    const jobKey = Number(main.outputs['key-id'])
    platform.inject({ method: 'DELETE', path: /^\/api_keys\//, kind: 'html', status: 404, times: 5 })
    const post = await step(inputs, { state: main.state })
    expect(post.code).toBe(1)
    expect(revokedOrNamed(jobKey, post)).toBe(true)
  })
})
