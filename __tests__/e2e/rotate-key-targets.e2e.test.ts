// rotate-key into several secret targets as a workflow runs it: a repository, an environment and an organization secret
// (its visibility and repositories kept) in one rotation, with its outputs, summary and masks; a target that refuses the
// key, what the post step is left, and the run after the fix. The rest (a write whose answer is lost, a target that
// cannot be prepared, keep-previous after a failure) is tested in process (__tests__/commands/rotate-key.test.ts,
// __tests__/github/secret-stores.test.ts).
// End to end: each step is a child process, as a runner starts it (scripts/run-step.ts), on the committed
// bundle dist/index.js (E2E_ENTRY=source runs src/ instead), against the platform and GitHub emulators.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { GitHubEmulator } from '../../emulator/github.ts'
import { PlatformEmulator } from '../../emulator/platform.ts'
import { errorLines, runStep } from '../../scripts/run-step.ts'
import { expectNoKeyLeak } from '../support/leaks.ts'

const ORG = 'octo-org'
const SECRET = 'NEON_API_KEY'
const REQUEST_ID = /^[0-9A-F-]{36}$/

let platform: PlatformEmulator
let github: GitHubEmulator
let url: string
let githubNow: number
/** The key the workflow runs with, and which every target holds now. */
let current: { id: number; key: string }

beforeEach(async () => {
  platform = new PlatformEmulator()
  githubNow = Date.parse('2026-11-21T10:00:00Z')
  github = new GitHubEmulator({ now: () => githubNow })
  url = await platform.start()
  await github.start()
})

afterEach(async () => {
  await platform.stop()
  await github.stop()
})

const THREE = [`${ORG}/api`, `${ORG}/web:production`, `org:${ORG}`]

/** Three targets of three kinds holding the current key: a repository, an environment, an organization secret for two repositories. */
function threeTargets(): void {
  // Made a day ago: keep-previous tells it from the keys the runs make by created_at, never a tie.
  current = platform.addKey('ci-deploy', { createdAt: Date.now() - 86_400_000 })
  github.addEnvironment(ORG, 'web', 'production')
  github.store({ repository: `${ORG}/api` }, SECRET, current.key)
  github.store({ repository: `${ORG}/web`, environment: 'production' }, SECRET, current.key)
  github.store({ organization: ORG }, SECRET, current.key, {
    visibility: 'selected',
    repositories: [`${ORG}/api`, `${ORG}/worker`],
  })
  // The rotation runs a minute after the secrets were last written.
  githubNow += 60_000
}

const rotate = (inputs: Record<string, string>) =>
  runStep(
    {
      command: 'rotate-key',
      'api-key': current.key,
      'api-host': url,
      'key-name': 'ci-deploy',
      'secret-name': SECRET,
      'github-token': github.token,
      ...inputs,
    },
    { env: { GITHUB_API_URL: github.url } },
  )

const validNamed = (name: string) =>
  platform
    .keys()
    .filter((k) => k.name === name && !k.revoked)
    .map((k) => k.id)
const heldBy = () => [
  github.stored({ repository: `${ORG}/api` }, SECRET)?.value,
  github.stored({ repository: `${ORG}/web`, environment: 'production' }, SECRET)?.value,
  github.stored({ organization: ORG }, SECRET)?.value,
]
const results = (outputs: Record<string, string>) =>
  JSON.parse(outputs['secret-results'] ?? 'null') as Array<Record<string, unknown>>

describe('rotate-key into several targets', () => {
  it('three targets of three kinds: proven, stored in every one, then the old key revoked', async () => {
    threeTargets()
    const result = await rotate({ 'secret-targets': THREE.join('\n'), 'keep-previous': '0' })
    expect(errorLines(result.stdout)).toEqual([])
    const id = Number(result.outputs['key-id'])
    expect(heldBy()).toEqual([result.outputs.key, result.outputs.key, result.outputs.key])
    expect(github.stored({ organization: ORG }, SECRET)?.repositories).toEqual([`${ORG}/api`, `${ORG}/worker`])
    expect(validNamed('ci-deploy')).toEqual([id])
    expect(JSON.parse(result.outputs['revoked-key-ids']!)).toEqual([current.id])
    // Every target is written before the first old key is revoked.
    const lastStored = result.stdout.lastIndexOf('Stored the new key in secret')
    expect(lastStored).toBeGreaterThan(-1)
    expect(lastStored).toBeLessThan(result.stdout.indexOf(`Revoked API key ${current.id}`))
    expect(results(result.outputs)).toEqual(THREE.map((target) => ({ target, status: 'stored' })))
    expect(result.summary).toContain(`<p>The new key is stored in secret ${SECRET} in all 3 targets.</p>`)
    expect(result.summary).toContain(
      `<tr><td><code>${ORG}/web:production</code></td><td>stored</td><td>—</td><td>—</td><td>—</td></tr>`,
    )
    // What a three-target rotation costs: GitHub reads to prepare each target, one write each.
    expect(github.requests.filter((r) => r.method === 'GET')).toHaveLength(5)
    expect(github.requests.filter((r) => r.method === 'PUT')).toHaveLength(3)
    expect(result.masked).toEqual([current.key, github.token, result.outputs.key])
    expectNoKeyLeak(result, [current.key, github.token])
  })

  it('a 403 on the second target leaves every old key live, says which target failed, and a run after the fix converges', async () => {
    threeTargets()
    github.at(`/repos/${ORG}/web/`).failNext(403, 1, 'Resource not accessible by integration')
    const first = await rotate({ 'secret-targets': THREE.join('\n'), 'keep-previous': '0' })
    expect(first.code).toBe(1)
    const newId = Number(first.outputs['key-id'])
    // Stored where it could be; the environment still holds the old key, which stays valid.
    expect(heldBy()).toEqual([expect.any(String), current.key, expect.any(String)])
    expect(platform.keyIdOf(heldBy()[0]!)).toBe(newId)
    expect(validNamed('ci-deploy')).toEqual([current.id, newId])
    expect(first.outputs['revoked-key-ids']).toBe('[]')
    expect(first.outputs.key).toBeUndefined()
    const [api, web, org] = results(first.outputs)
    expect(api).toEqual({ target: `${ORG}/api`, status: 'stored' })
    expect(web).toEqual({
      target: `${ORG}/web:production`,
      status: 'failed',
      'http-status': 403,
      'request-id': expect.stringMatching(REQUEST_ID),
    })
    expect(org).toEqual({ target: `org:${ORG}`, status: 'stored' })
    const errors = errorLines(first.stdout)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toBe(
      `::error::Rotation stopped: the new key ${newId} is stored in 2 of 3 targets. ` +
        `Could not store secret ${SECRET} in the environment "production" of ${ORG}/web (GitHub request id ${String(web!['request-id'])}): ` +
        'GitHub answered 403 Forbidden: "Resource not accessible by integration". The token needs the repository permission "Environments: read and write" ' +
        '(a fine-grained token, or a GitHub App installed on the repository). The default GITHUB_TOKEN cannot write secrets. ' +
        `Nothing was revoked: the new key ${newId} stays valid, as do the old keys, so every target still holds a valid key. ` +
        'Fix what failed and run rotate-key again: it stores a newer key in every target, then revokes the keys it replaced.',
    )
    expect(first.summary).toContain('<h3>❌ API key not rotated everywhere</h3>')
    expect(first.summary).toContain(
      `<tr><td><code>${ORG}/web:production</code></td><td>failed</td><td>GitHub answered 403 Forbidden: &#34;Resource not accessible by integration&#34;. The token needs the repository permission &#34;Environments: read and write&#34; (a fine-grained token, or a GitHub App installed on th…</td><td>403</td><td><code>${String(web!['request-id'])}</code></td></tr>`,
    )
    // Nothing for the post step to revoke: the new key is in two secrets.
    expect(first.state['unsettled-keys']).toBe('')

    // The fault is gone: a second run stores a newer key everywhere and revokes both.
    githubNow += 60_000
    const second = await rotate({ 'secret-targets': THREE.join('\n'), 'keep-previous': '0' })
    expect(errorLines(second.stdout)).toEqual([])
    expect(heldBy()).toEqual([second.outputs.key, second.outputs.key, second.outputs.key])
    expect(JSON.parse(second.outputs['revoked-key-ids']!).sort()).toEqual([current.id, newId].sort())
    expect(validNamed('ci-deploy')).toEqual([Number(second.outputs['key-id'])])
  })
})
