// A cancel while the step waits before it sends a request again (GitHub's secondary rate limit, the platform's
// Retry-After): the wait ends at the runner's SIGINT, and the step undoes what it must and fails saying what it did,
// long before the runner's kill. The action runs on the real clock here, so a wait that does not end at the signal
// lasts its 30 or 60 s and is killed at the end of the runner's grace: the test then fails on what is left.
// End to end: each step is a child process, as a runner starts it (scripts/run-step.ts), on the committed
// bundle dist/index.js (E2E_ENTRY=source runs src/ instead), against the platform and GitHub emulators.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import type { ChildProcess } from 'node:child_process'
import { GitHubEmulator } from '../../emulator/github.ts'
import { PlatformEmulator } from '../../emulator/platform.ts'
import { errorLines, logLine, runStep, type StepResult } from '../../scripts/run-step.ts'
import { expectNoKeyLeak } from '../support/leaks.ts'

let platform: PlatformEmulator
let github: GitHubEmulator
let url: string
let current: { id: number; key: string }
let before: Set<number>
const OWNER = 'octo-org'
const SECRET = 'NEON_API_KEY'
const TARGETS = [`${OWNER}/deploys`, `${OWNER}/web`]

beforeEach(async () => {
  platform = new PlatformEmulator()
  github = new GitHubEmulator()
  url = await platform.start()
  await github.start()
  current = platform.addKey('ci-deploy')
  for (const target of TARGETS) {
    const [owner, repo] = target.split('/') as [string, string]
    github.setSecret(owner, repo, SECRET, current.key)
  }
  before = new Set(platform.keys().map((k) => k.id))
})

afterEach(async () => {
  await platform.stop()
  await github.stop()
})

const inputs = () => ({
  command: 'rotate-key',
  'api-key': current.key,
  'api-host': url,
  'key-name': 'ci-deploy',
  'secret-name': SECRET,
  'secret-targets': TARGETS.join('\n'),
  'github-token': github.token,
  'keep-previous': '0',
})
const env = () => ({ GITHUB_API_URL: github.url, GITHUB_REPOSITORY: `${OWNER}/deploys` })

/**
 * The runner's cancel: SIGINT, SIGTERM 7.5 s later, a kill 2.5 s after that. A step that ends
 * sooner never sees the later two.
 */
function cancelAsTheRunnerDoes(child: ChildProcess): void {
  const timers = [setTimeout(() => child.kill('SIGTERM'), 7_500), setTimeout(() => child.kill('SIGKILL'), 10_000)]
  child.once('close', () => timers.forEach(clearTimeout))
  child.kill('SIGINT')
}

/** Runs the main step on the real clock and cancels it once its log shows `waiting`. */
async function cancelledWhile(waiting: RegExp): Promise<StepResult> {
  let child: ChildProcess | undefined
  const run = runStep(inputs(), { env: env(), time: 'real', onSpawn: (c) => (child = c) })
  await logLine(child!, waiting)
  cancelAsTheRunnerDoes(child!)
  return run
}

const post = (main: StepResult) => runStep(inputs(), { env: env(), state: main.state })

/** Valid keys made by the step that no secret and no output holds. */
function unaccounted(...results: StepResult[]): number[] {
  const held = [
    ...TARGETS.map((t) => {
      const [owner, repo] = t.split('/') as [string, string]
      return github.secret(owner, repo, SECRET)
    }),
    ...results.map((r) => r.outputs.key),
  ]
  const ids = new Set(held.flatMap((value) => (value === undefined ? [] : [platform.keyIdOf(value)])))
  return platform
    .keys()
    .filter((k) => !k.revoked && !before.has(k.id) && !ids.has(k.id))
    .map((k) => k.id)
}

describe('rotate-key into two targets, cancelled while GitHub rate-limits the first write', () => {
  for (const retryAfter of [30, undefined]) {
    const wait =
      retryAfter === undefined ? '60 s (no Retry-After: GitHub asks for a minute)' : `${retryAfter} s (Retry-After)`
    it(`waiting ${wait}: the wait ends at SIGINT, the new key is revoked, the old one stays in both secrets`, async () => {
      github.at(`/repos/${OWNER}/deploys/`).secondaryRateLimitNext(1, retryAfter)
      const main = await cancelledWhile(
        /^::warning::Writing secret NEON_API_KEY to the repository octo-org\/deploys: .*trying again in/,
      )
      expect(main.code).toBe(1)
      const made = platform.keys().find((k) => k.name === 'ci-deploy' && !before.has(k.id))!
      expect(made.revoked).toBe(true)
      const waited = retryAfter === undefined ? '1 min' : `${retryAfter} s`
      expect(errorLines(main.stdout)).toEqual([
        expect.stringMatching(
          new RegExp(
            `^::error::Rotation stopped: Could not store secret ${SECRET} in the repository ${OWNER}/deploys \\(GitHub request id [^)]+\\): ` +
              `GitHub's rate limit refused it \\(403 ".*"\\), and the runner cancelled the step while the write waited ${waited} to be sent again\\. ` +
              `Skipped secret ${SECRET} in the repository ${OWNER}/web: the runner cancelled the step\\. The new key ${made.id} was revoked\\. No old key was revoked\\.$`,
          ),
        ),
      ])
      // Key by key, target by target, in the outputs and the summary too.
      expect(JSON.parse(main.outputs['secret-results']!)).toEqual([
        { target: `${OWNER}/deploys`, status: 'failed', 'http-status': 403, 'request-id': expect.any(String) },
        { target: `${OWNER}/web`, status: 'skipped' },
      ])
      expect(main.summary).toContain('API key not rotated')
      expect(main.summary).toContain(`The new key ${made.id} was revoked.`)
      // The saved state no longer counts the key as handed out: the post step would revoke it.
      expect(main.state['unsettled-keys']).toBe('')
      for (const target of TARGETS) {
        const [owner, repo] = target.split('/') as [string, string]
        expect(github.secret(owner, repo, SECRET)).toBe(current.key)
      }
      expect(platform.isKeyValid(current.id)).toBe(true)
      const after = await post(main)
      expect(errorLines(after.stdout)).toEqual([])
      expect(unaccounted(main, after)).toEqual([])
      expectNoKeyLeak(main, [current.key])
    })
  }

  it('killed during the wait, with no signal heard: the post step names the new key, which a secret may hold, and leaves it valid', async () => {
    github.at(`/repos/${OWNER}/deploys/`).secondaryRateLimitNext(1, 30)
    let child: ChildProcess | undefined
    const run = runStep(inputs(), { env: env(), time: 'real', onSpawn: (c) => (child = c) })
    await logLine(
      child!,
      /^::warning::Writing secret NEON_API_KEY to the repository octo-org\/deploys: .*trying again in 30 s/,
    )
    child!.kill('SIGKILL')
    const main = await run
    const made = platform.keys().find((k) => k.name === 'ci-deploy' && !before.has(k.id))!
    expect(made.revoked).toBe(false)
    // The writes had begun: a target may hold the key, so it is storing, never revoked blindly.
    expect(JSON.parse(main.state['unsettled-keys']!)).toEqual({
      name: 'ci-deploy',
      known: [current.id],
      pending: [],
      storing: [made.id],
    })
    const after = await post(main)
    expect(after.code).toBe(1)
    expect(errorLines(after.stdout)).toEqual([
      expect.stringContaining(`The main step stopped while it wrote key ${made.id} named "ci-deploy" to a secret`),
    ])
    expect(platform.isKeyValid(made.id)).toBe(true)
    expect(github.secret(OWNER, 'deploys', SECRET)).toBe(current.key)
    expect(platform.isKeyValid(current.id)).toBe(true)
    expect(unaccounted(main, after)).toEqual([made.id])
  })
})

describe('a cancel while the platform asks to wait (429, Retry-After 30)', () => {
  it('rotate-key: the new key waits to prove itself; the wait ends at SIGINT and the new key is revoked', async () => {
    const stop = platform.onRequest((r) => {
      if (r.method !== 'POST') return
      stop()
      platform.inject({ method: 'GET', path: '/api_keys', kind: 'status', status: 429, retryAfter: '30' })
    })
    const main = await cancelledWhile(/^::warning::GET \/api_keys: .*retrying in 30 s/)
    expect(main.code).toBe(1)
    const made = platform.keys().find((k) => k.name === 'ci-deploy' && !before.has(k.id))!
    expect(made.revoked).toBe(true)
    expect(errorLines(main.stdout)).toEqual([
      expect.stringMatching(
        new RegExp(
          '^::error::Rotation stopped: Could not list API keys: the platform answered 429 Too Many Requests: "too many requests"\\. ' +
            'The runner cancelled the step while it waited 30 s to send it again\\. \\(request id [^)]+\\) ' +
            `The new key ${made.id} was revoked\\. No old key was revoked\\.$`,
        ),
      ),
    ])
    expect(main.outputs['http-status']).toBe('429')
    expect(platform.isKeyValid(current.id)).toBe(true)
    expect(unaccounted(main, await post(main))).toEqual([])
  })
})
