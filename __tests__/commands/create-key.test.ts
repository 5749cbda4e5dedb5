// src/commands/create-key.ts (with src/keys/life.ts): every fault of the create and its clean-up (a lost answer, a
// failed list or revocation, a key the platform makes late, the runner's signal) placed on one request; the test reads
// what the step says, saves, masks and leaves valid.
// In process, against the platform emulator over HTTP, with one manual clock for both.
import { describe, expect, it } from '@jest/globals'
import { EventEmitter } from 'node:events'
import type { PlatformEmulator } from '../../emulator/platform.ts'
import type { PlatformClient } from '../../src/api/client.ts'
import { RequestError } from '../../src/http/errors.ts'
import { watchStepTime } from '../../src/runner/time.ts'
import { StepCancelled } from '../../src/base/errors.ts'
import type { CommandContext } from '../../src/runner/context.ts'
import { runCreateKey, type CreateKeySettings } from '../../src/commands/create-key.ts'
import { MAX_KNOWN_KEYS } from '../../src/keys/ledger.ts'
import { SAVED_LIFE } from '../../src/keys/ledger.ts'
import type { CapturedLog, ManualClock } from '../support/clock.ts'
import { inProcess, inProcessPerTest } from '../support/in-process.ts'
import { PAYLOADS } from '../support/injection.ts'
import { errorOf, settings } from '../support/settings.ts'

let platform: PlatformEmulator
let clock: ManualClock
let log: CapturedLog
let client: PlatformClient
let ctx: CommandContext
let saved: Array<[string, string]>
let masked: string[]
let notices: string[]
let signals: EventEmitter

const NAME = 'ci'
const PERSONAL_ADVICE = (id: number) =>
  `API key ${id} is a personal key: it reaches every project of every organization its user belongs to. ` +
  'A job that works on one project is safer with a project-scoped key, ' +
  "which an organization admin's personal key makes: set `project-id` (and `org-id` if you know it)."

inProcessPerTest((run) => {
  ;({ platform, clock, log, client, ctx, saved, masked, notices } = run)
  signals = new EventEmitter()
  ctx.time = watchStepTime({ log: log.logger, clock, timeoutMs: 600_000, signals })
})

const create = (options: Partial<CreateKeySettings> = {}) =>
  runCreateKey(ctx, { keyName: NAME, revokeAfterJob: false, ...options })
/** The error a command fails with. */
const failure = async (run: Promise<unknown>): Promise<Error> => {
  const outcome = await run.then(
    () => undefined,
    (error: unknown) => error,
  )
  if (!(outcome instanceof Error)) throw new Error('the command did not fail')
  return outcome
}
/** The request id the n-th request (from 1) of that method and path sent. */
const requestId = (method: string, path: string, n = 1): string => {
  const sent = platform.requests.filter((r) => r.method === method && r.path === path)
  return sent[n - 1]!.headers['x-request-id']!
}
const requestsOf = (method: string, path: string | RegExp) =>
  platform.requests.filter(
    (r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)),
  )
/** The ledger as saved for the post step, one entry per save. */
const ledgerSaves = () => saved.filter(([name]) => name === SAVED_LIFE).map(([, value]) => value)
const record = (
  known: number[],
  pending: number[],
  extra: { org?: string; project?: string; jobKey?: number; look?: true } = {},
  name = NAME,
) => JSON.stringify({ name, known, pending, ...extra })
/** A record saved while a key of the run may be unknown: a create in flight, or one whose key was not found. */
const looking = (known: number[], pending: number[], extra: { org?: string; project?: string } = {}) =>
  record(known, pending, { ...extra, look: true })
const valid = (name = NAME) =>
  platform
    .keys()
    .filter((k) => k.name === name && !k.revoked)
    .map((k) => k.id)
const revoked = (name = NAME) =>
  platform
    .keys()
    .filter((k) => k.name === name && k.revoked)
    .map((k) => k.id)

const lostCreate = (n: number, name = NAME) =>
  `Could not create an API key named "${name}": the connection to the platform failed (UND_ERR_SOCKET). (request id ${requestId('POST', '/api_keys', n)})`
const badRequest = (what: string, id: string) =>
  `Could not ${what}: the platform answered 400 Bad Request: "bad request". (request id ${id})`
const listRefused = (n: number) => badRequest('list API keys', requestId('GET', '/api_keys', n))
const createRefused = (n: number, name = NAME) =>
  badRequest(`create an API key named "${name}"`, requestId('POST', '/api_keys', n))
/** A list request fails (400, not retried) when it is the n-th list of the personal keys. */
const failListNumber = (n: number) => {
  let lists = 0
  platform.onRequest((r) => {
    if (r.method === 'GET' && r.path === '/api_keys' && ++lists === n)
      platform.inject({ method: 'GET', path: '/api_keys', kind: 'status', status: 400 })
  })
}
/** Runs `act` when the n-th request of that method and path arrives, before the platform handles it. */
const onNth = (method: string, path: string, n: number, act: () => void) => {
  let seen = 0
  platform.onRequest((r) => {
    if (r.method === method && r.path === path && ++seen === n) act()
  })
}
const NOT_PRINTABLE = (id: number) => `The platform answered key ${id} with a value that is not a printable token.`
const dropCreate = (when: 'before' | 'after', times = 1) =>
  platform.inject({ method: 'POST', path: '/api_keys', kind: 'drop', when, times })

describe('create-key hands out a new key', () => {
  it('a personal key: masked, named in the log with its scope, advised against, and the ledger saved before the create then cleared', async () => {
    let savedWhenSent: string[] = []
    onNth('POST', '/api_keys', 1, () => (savedWhenSent = ledgerSaves()))
    const result = await create()
    const made = platform.keys().find((k) => k.name === NAME)!
    const value = result.outputs.key!
    expect(result.outputs).toStrictEqual({ key: value, 'key-id': String(made.id) })
    expect(platform.keyIdOf(value)).toBe(made.id)
    expect(valid()).toEqual([made.id])
    expect(masked).toEqual([value])
    expect(log.info).toEqual([`Created API key ${made.id} named "ci" (personal).`])
    expect(log.warning).toEqual([])
    expect(notices).toEqual([PERSONAL_ADVICE(made.id)])
    // Saved before the create was sent, so the post step looks for a key of that name if the step dies now.
    expect(savedWhenSent).toEqual([record([], []), looking([], [])])
    expect(ledgerSaves()).toEqual([record([], []), looking([], []), record([], [made.id]), record([made.id], []), ''])
    expect(saved.map(([name]) => name)).toEqual(Array(5).fill(SAVED_LIFE))
    expect(result.summary).toBe(
      '<h3>API key created</h3>\n<table>\n<tr><th>id</th><th>name</th><th>scope</th><th>lifetime</th></tr>\n' +
        `<tr><td><code>${made.id}</code></td><td>ci</td><td>personal</td><td>until revoked</td></tr>\n</table>\n` +
        '<p>The key value is in the step output <code>key</code>, masked in logs. It is shown nowhere else.</p>\n',
    )
    expect(requestsOf('GET', '/api_keys')).toHaveLength(1)
  })

  it('an organization key revoked when the job ends, with an expiry in its name: state for the post step, lifetime in log and summary', async () => {
    const org = platform.defaultOrgId
    const result = await create({ orgId: org, revokeAfterJob: true, expiresInMs: 3_600_000 })
    const name = 'ci~exp-20261121T1100Z'
    const made = platform.keys().find((k) => k.name === name)!
    expect(made.org_id).toBe(org)
    expect(result.outputs).toStrictEqual({
      key: result.outputs.key,
      'key-id': String(made.id),
      'expires-at': '2026-11-21T11:00:00Z',
      'org-id': org,
    })
    expect(log.info).toEqual([
      `Organization ${org}: from the \`org-id\` input.`,
      `Created API key ${made.id} named "${name}" (organization ${org}); it is revoked when the job ends; it expires 2026-11-21 11:00 UTC by its name.`,
    ])
    expect(notices).toEqual([])
    const orgRecord = (known: number[], pending: number[], extra = {}) =>
      record(known, pending, { org, ...extra }, name)
    expect(saved).toEqual([
      [SAVED_LIFE, orgRecord([], [])],
      [SAVED_LIFE, orgRecord([], [], { look: true })],
      [SAVED_LIFE, orgRecord([], [made.id])],
      [SAVED_LIFE, orgRecord([], [made.id], { jobKey: made.id })],
      [SAVED_LIFE, orgRecord([made.id], [], { jobKey: made.id })],
    ])
    expect(result.summary).toContain(
      `<tr><td><code>${made.id}</code></td><td>${name}</td><td>organization ${org}</td><td>this job (expires 2026-11-21 11:00 UTC)</td></tr>`,
    )
  })

  it.each([
    [{ expiresInMs: 2 * 3_600_000 }, '2026-11-21T12:00:00Z'],
    [{ expiresInMs: 90_000 }, '2026-11-21T10:02:00Z'],
    [{}, undefined],
  ])('expires-at: %j gives %j, the time its name carries', async (options, expiresAt) => {
    const result = await create(options)
    expect(result.outputs['expires-at']).toBe(expiresAt)
  })

  it.each([
    [{ revokeAfterJob: true }, 'ci', '; it is revoked when the job ends', 'this job'],
    [
      { expiresInMs: 90_000 },
      'ci~exp-20261121T1002Z',
      '; it expires 2026-11-21 10:02 UTC by its name',
      'expires 2026-11-21 10:02 UTC',
    ],
  ])('lifetime %j: said in the log and the summary', async (options, name, said, lifetime) => {
    const result = await create(options)
    const id = platform.keys().find((k) => k.name === name)!.id
    expect(log.info).toEqual([`Created API key ${id} named "${name}" (personal)${said}.`])
    expect(result.summary).toContain(
      `<tr><td><code>${id}</code></td><td>${name}</td><td>personal</td><td>${lifetime}</td></tr>`,
    )
  })

  it('a project-scoped key: its organization found from the project, its scope named, the project in the ledger', async () => {
    const org = platform.defaultOrgId
    const project = platform.addProject().id
    const result = await create({ projectId: project })
    const made = platform.keys().find((k) => k.name === NAME)!
    expect(made.project_id).toBe(project)
    expect(result.outputs['org-id']).toBe(org)
    expect(log.info).toEqual([
      `Organization ${org}: the owner of project ${project}.`,
      `Created API key ${made.id} named "ci" (project ${project}).`,
    ])
    expect(ledgerSaves()).toEqual([
      record([], [], { org, project }),
      looking([], [], { org, project }),
      record([], [made.id], { org, project }),
      record([made.id], [], { org, project }),
      '',
    ])
    expect(notices).toEqual([])
  })
})

describe('the snapshot before the create', () => {
  it(`${MAX_KNOWN_KEYS} keys of that name already are kept track of`, async () => {
    for (let i = 0; i < MAX_KNOWN_KEYS; i++) platform.addKey(NAME)
    const result = await create()
    expect(valid()).toHaveLength(MAX_KNOWN_KEYS + 1)
    expect(valid()).toContain(Number(result.outputs['key-id']))
  })

  it(`one more than ${MAX_KNOWN_KEYS} and nothing is created or saved`, async () => {
    for (let i = 0; i <= MAX_KNOWN_KEYS; i++) platform.addKey(NAME)
    const error = await failure(create())
    expect(error.message).toBe(
      `${MAX_KNOWN_KEYS + 1} keys are named "ci" already, more than the ${MAX_KNOWN_KEYS} this step can keep track of ` +
        'to find a new key after a lost answer or a cancellation. Revoke the ones no longer used, or choose another `key-name`.',
    )
    expect(requestsOf('POST', '/api_keys')).toEqual([])
    expect(saved).toEqual([])
  })
})

describe('after a lost create answer', () => {
  it("the lost attempt's key is revoked and the key created once more; the ledger saved after each change", async () => {
    dropCreate('after')
    const result = await create()
    const [lost, made] = [100_001, 100_002]
    expect(result.outputs['key-id']).toBe(String(made))
    expect(valid()).toEqual([made])
    expect(revoked()).toEqual([lost])
    expect(log.warning).toEqual([
      `The answer to creating key "ci" was lost (network). Revoked key ${lost} named "ci": a create whose answer was lost made it, ` +
        'and nobody can read its value. Creating it once more.',
    ])
    expect(ledgerSaves()).toEqual([
      record([], []),
      looking([], []),
      // The lost key was found and revoked: none of this run can be unknown until the next create leaves.
      record([], []),
      looking([], []),
      record([], [made]),
      record([made], []),
      '',
    ])
    // Found and revoked: nothing is left to look for after the second create.
    expect(requestsOf('GET', '/api_keys')).toHaveLength(2)
  })

  it('none found: after the second create the step looks once more, and the post step is left to look again', async () => {
    dropCreate('before')
    const result = await create()
    const made = Number(result.outputs['key-id'])
    expect(log.warning).toEqual([
      'The answer to creating key "ci" was lost (network). No key of that attempt is there yet. Creating it once more.',
    ])
    expect(log.info).toEqual([
      'No other new key named "ci" is there; the post step looks once more when the job ends.',
      `Created API key ${made} named "ci" (personal).`,
    ])
    expect(ledgerSaves()).toEqual([record([], []), looking([], []), looking([], [made]), looking([made], [])])
    expect(requestsOf('GET', '/api_keys')).toHaveLength(3)
  })

  it('a key the lost attempt made late is found after the second create and revoked; nothing is left for the post step', async () => {
    dropCreate('before')
    let late = 0
    onNth('POST', '/api_keys', 2, () => (late = platform.addKey(NAME).id))
    const result = await create()
    const made = Number(result.outputs['key-id'])
    expect(log.info).toEqual([
      `Key ${made} was created. Revoked key ${late} named "ci": a create whose answer was lost made it, and nobody can read its value.`,
      `Created API key ${made} named "ci" (personal).`,
    ])
    expect(valid()).toEqual([made])
    expect(revoked()).toEqual([late])
    expect(ledgerSaves()).toEqual([
      record([], []),
      looking([], []),
      looking([], [made]),
      record([], [made]),
      record([made], []),
      '',
    ])
  })

  it('a late key whose revocation fails is named in a warning, and left to the post step', async () => {
    dropCreate('before')
    let late = 0
    onNth('POST', '/api_keys', 2, () => {
      late = platform.addKey(NAME).id
      platform.inject({ method: 'DELETE', path: `/api_keys/${late}`, kind: 'status', status: 400 })
    })
    const result = await create()
    const made = Number(result.outputs['key-id'])
    expect(log.warning.at(-1)).toBe(
      `Key ${made} was created. A lost create made key ${late} named "ci", which is valid, and nobody can read its value. ` +
        `Revoking it failed: ${badRequest(`revoke API key ${late}`, requestId('DELETE', `/api_keys/${late}`))} ` +
        'The post step looks again when the job ends.',
    )
    expect(valid().sort()).toEqual([late, made].sort())
    expect(ledgerSaves().at(-1)).toBe(looking([made], []))
  })

  it('when the look for a late key cannot list the keys, a warning says the post step looks again', async () => {
    dropCreate('before')
    failListNumber(3)
    const result = await create()
    expect(result.outputs['key-id']).toBe('100001')
    expect(log.warning.at(-1)).toBe(
      `Key 100001 was created. Listing the keys to look for a key named "ci" that a lost create may have made failed: ${listRefused(3)} ` +
        'Run list-keys, and revoke a key named "ci" that you do not expect. The post step looks again when the job ends.',
    )
    expect(ledgerSaves().at(-1)).toBe(looking([100_001], []))
  })

  it.each([
    [
      'two keys of that name appeared',
      () => [platform.addKey(NAME).id, platform.addKey(NAME).id],
      (ids: number[]) => ids.join(', '),
    ],
    [
      'a key of that name in use appeared',
      () => [platform.addKey(NAME, { lastUsedAt: clock.now() }).id],
      (ids: number[]) => `${ids[0]} (in use)`,
    ],
  ])('%s after the second create: none is revoked, and a warning names them', async (_, appear, named) => {
    dropCreate('before')
    let strangers: number[] = []
    onNth('POST', '/api_keys', 2, () => (strangers = appear()))
    const result = await create()
    const made = Number(result.outputs['key-id'])
    expect(log.warning.at(-1)).toBe(
      `Key ${made} was created. Keys named "ci" that this run cannot account for are valid: ${named(strangers)}. ` +
        "None was revoked: this step cannot tell them from another job's. Revoke the ones you do not expect " +
        '(revoke-key with `key-id`), and give each job its own `key-name`. The post step looks again when the job ends.',
    )
    expect(valid().sort()).toEqual([...strangers, made].sort())
  })

  it('when the clean-up cannot list the keys, the step fails saying what to look for', async () => {
    dropCreate('after')
    failListNumber(2)
    const error = await failure(create())
    expect(error.message).toBe(
      `${lostCreate(1)} Creating key "ci" may have succeeded without an answer. ` +
        `Listing the keys to look for a key named "ci" that a lost create may have made failed: ${listRefused(2)} ` +
        'Run list-keys, and revoke a key named "ci" that you do not expect. The post step looks again when the job ends.',
    )
    expect(valid()).toEqual([100_001])
    expect(ledgerSaves()).toEqual([record([], []), looking([], [])])
  })

  it('when the clean-up cannot list the keys, the keys of that name from before are named as ones to keep', async () => {
    const earlier = [platform.addKey(NAME).id, platform.addKey(NAME).id]
    dropCreate('after')
    failListNumber(2)
    const error = await failure(create())
    expect(error.message).toBe(
      `${lostCreate(1)} Creating key "ci" may have succeeded without an answer. ` +
        `Listing the keys to look for a key named "ci" that a lost create may have made failed: ${listRefused(2)} ` +
        `Run list-keys, and revoke a key named "ci" other than keys ${earlier.join(', ')} that you do not expect. ` +
        'The post step looks again when the job ends.',
    )
    expect(ledgerSaves()).toEqual([record(earlier, []), looking(earlier, [])])
  })

  it("when revoking the lost attempt's key fails, the step fails naming it", async () => {
    dropCreate('after')
    platform.inject({ method: 'DELETE', path: '/api_keys/100001', kind: 'status', status: 400 })
    const error = await failure(create())
    expect(error.message).toBe(
      `${lostCreate(1)} Creating key "ci" may have succeeded without an answer. ` +
        'A lost create made key 100001 named "ci", which is valid, and nobody can read its value. ' +
        `Revoking it failed: ${badRequest('revoke API key 100001', requestId('DELETE', '/api_keys/100001'))} ` +
        'The post step looks again when the job ends.',
    )
    expect(valid()).toEqual([100_001])
    expect(requestsOf('POST', '/api_keys')).toHaveLength(1)
    expect(ledgerSaves()).toEqual([record([], []), looking([], [])])
  })
})

describe('giving up on the create', () => {
  it('a second lost answer: both keys revoked, and a list taken after shows none left', async () => {
    dropCreate('after', 2)
    const error = await failure(create())
    expect(error).not.toBeInstanceOf(StepCancelled)
    expect(error.message).toBe(
      `${lostCreate(2)} Revoked keys 100001, 100002, made by the attempts whose answers were lost. ` +
        'No new key named "ci" is left valid: a list taken after the clean-up shows none.',
    )
    expect(valid()).toEqual([])
    expect(revoked()).toEqual([100_001, 100_002])
    expect(ledgerSaves()).toEqual([
      record([], []),
      looking([], []),
      record([], []),
      looking([], []),
      record([], []),
      '',
    ])
    expect(requestsOf('GET', '/api_keys')).toHaveLength(4)
  })

  it('a second lost answer, no key of either attempt found: the post step is left to look for one made late', async () => {
    dropCreate('before', 2)
    const error = await failure(create())
    expect(error.message).toBe(
      `${lostCreate(2)} No new key named "ci" is left valid: a list taken after the clean-up shows none ` +
        '(if the platform carries out a lost create late, the post step looks for its key for 30 s and revokes it).',
    )
    expect(log.warning).toHaveLength(1)
    expect(ledgerSaves()).toEqual([record([], []), looking([], [])])
  })

  it('a create refused outright fails at once, and the ledger is cleared', async () => {
    platform.inject({ method: 'POST', path: '/api_keys', kind: 'status', status: 400 })
    const error = await failure(create())
    expect(error).toBeInstanceOf(RequestError)
    expect(error.message).toBe(createRefused(1))
    expect(ledgerSaves()).toEqual([record([], []), looking([], []), ''])
    expect(requestsOf('GET', '/api_keys')).toHaveLength(1)
  })

  it('a create refused after a lost answer: the revoked key is named, and the list taken after shows none left', async () => {
    dropCreate('after')
    platform.inject({ method: 'POST', path: '/api_keys', kind: 'status', status: 400 })
    const error = await failure(create())
    expect(error.message).toBe(
      `${createRefused(2)} Revoked key 100001, made by the attempts whose answers were lost. ` +
        'No new key named "ci" is left valid: a list taken after the clean-up shows none.',
    )
    expect(ledgerSaves()).toEqual([record([], []), looking([], []), record([], []), looking([], []), ''])
  })

  it('a key of that name that appeared meanwhile is named, and not revoked', async () => {
    dropCreate('after')
    platform.inject({ method: 'POST', path: '/api_keys', kind: 'status', status: 400 })
    let stranger = 0
    onNth('GET', '/api_keys', 3, () => (stranger = platform.addKey(NAME).id))
    const error = await failure(create())
    expect(error.message).toBe(
      `${createRefused(2)} Revoked key 100001, made by the attempts whose answers were lost. ` +
        `Keys named "ci" that this run cannot account for are valid: ${stranger}. ` +
        "None was revoked: this step cannot tell them from another job's. " +
        'Revoke the ones you do not expect (revoke-key with `key-id`), and give each job its own `key-name`.',
    )
    expect(valid()).toEqual([stranger])
    expect(ledgerSaves()).toEqual([record([], []), looking([], []), record([], []), looking([], []), ''])
  })

  it('when the list after the clean-up fails, the step says it could not confirm', async () => {
    dropCreate('after')
    platform.inject({ method: 'POST', path: '/api_keys', kind: 'status', status: 400 })
    failListNumber(3)
    const error = await failure(create())
    expect(error.message).toBe(
      `${createRefused(2)} Revoked key 100001, made by the attempts whose answers were lost. ` +
        `Listing the keys to look for a key named "ci" that a lost create may have made failed: ${listRefused(3)} ` +
        'Run list-keys, and revoke a key named "ci" that you do not expect.',
    )
    expect(ledgerSaves()).toEqual([record([], []), looking([], []), record([], []), looking([], []), ''])
  })

  it("the step's timeout running out during a lost create: the clean-up still runs, within its grace, and no create is sent again", async () => {
    ctx.client = client.withDeadline(clock.now() + 10_000)
    dropCreate('after')
    onNth('POST', '/api_keys', 1, () => clock.advance(10_000))
    const error = await failure(create())
    expect(error.message).toBe(
      `${lostCreate(1)} Revoked key 100001, made by the attempts whose answers were lost. ` +
        'No new key named "ci" is left valid: a list taken after the clean-up shows none.',
    )
    expect(requestsOf('POST', '/api_keys')).toHaveLength(1)
    expect(revoked()).toEqual([100_001])
  })
})

describe('cancellation', () => {
  it('a signal before the first create: nothing is created, and the ledger is cleared', async () => {
    onNth('GET', '/api_keys', 1, () => signals.emit('SIGINT'))
    const error = await failure(create())
    expect(error).toBeInstanceOf(StepCancelled)
    expect(error.message).toBe('The runner cancelled the step (SIGINT) before it could create key "ci".')
    expect(requestsOf('POST', '/api_keys')).toEqual([])
    expect(ledgerSaves()).toEqual([record([], []), ''])
  })

  it("a signal during a lost create: the lost attempt's key is revoked, and no create is sent again", async () => {
    dropCreate('after')
    onNth('POST', '/api_keys', 1, () => signals.emit('SIGINT'))
    const error = await failure(create())
    // The step fails for the lost answer; the signal was said in its own warning.
    expect(error).not.toBeInstanceOf(StepCancelled)
    expect(log.warning).toEqual([
      'The runner cancelled the step (SIGINT). The step starts nothing new. It finishes or undoes the key work in flight before it stops.',
    ])
    expect(error.message).toBe(
      `${lostCreate(1)} Revoked key 100001, made by the attempts whose answers were lost. ` +
        'No new key named "ci" is left valid: a list taken after the clean-up shows none.',
    )
    expect(requestsOf('POST', '/api_keys')).toHaveLength(1)
    expect(valid()).toEqual([])
  })

  it('a signal just before the second create: it is not sent, and a list taken after shows none left', async () => {
    dropCreate('before')
    ctx.log = {
      ...log.logger,
      warning: (message) => {
        log.logger.warning(message)
        if (message.startsWith('The answer to creating key')) signals.emit('SIGINT')
      },
    }
    const error = await failure(create())
    expect(error).toBeInstanceOf(StepCancelled)
    expect(error.message).toBe(
      'The runner cancelled the step (SIGINT) before it could create key "ci". No new key named "ci" is left valid: ' +
        'a list taken after the clean-up shows none (if the platform carries out a lost create late, the post step looks for its key ' +
        'for 30 s and revokes it).',
    )
    expect(requestsOf('POST', '/api_keys')).toHaveLength(1)
    expect(ledgerSaves()).toEqual([record([], []), looking([], [])])
  })

  it('a signal while the platform holds the create: cut 5 s later, the post step left to look for its key', async () => {
    const own = await inProcess({ deadlinesInClockTime: true })
    try {
      const ownSignals = new EventEmitter()
      own.ctx.time = watchStepTime({ log: own.log.logger, clock: own.clock, timeoutMs: 600_000, signals: ownSignals })
      own.ctx.client = own.clientWith({ time: own.ctx.time })
      const held = own.platform.hold({ method: 'POST', path: '/api_keys' })
      const run = failure(runCreateKey(own.ctx, { keyName: NAME, revokeAfterJob: false }))
      await held.reached
      ownSignals.emit('SIGINT')
      // The runner's grace for the answer, on the step's clock.
      expect(own.clock.deadlines.at(-1)).toBe(5_000)
      own.clock.advance(5_000)
      const error = await run
      const sent = own.platform.requests.find((r) => r.method === 'POST')!.headers['x-request-id']
      expect(error).toBeInstanceOf(StepCancelled)
      const said = [
        'Could not create an API key named "ci": the runner cancelled the step, and no answer to POST /api_keys',
        `came before the step had to stop waiting. (request id ${sent}) No new key named "ci" is left valid:`,
        'a list taken after the clean-up shows none (if the platform carries out a lost create late,',
        'the post step looks for its key for 30 s and revokes it).',
      ]
      expect(error.message).toBe(said.join(' '))
      const ledger = own.saved.filter(([name]) => name === SAVED_LIFE).map(([, value]) => value)
      // Saved before the create left, so a kill during the clean-up still leaves it.
      expect(ledger).toEqual([record([], []), looking([], [])])
      // The clean-up and the list after it, each within the runner's grace.
      expect(own.platform.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
        'GET /api_keys',
        'POST /api_keys',
        'GET /api_keys',
        'GET /api_keys',
      ])
    } finally {
      await own.stop()
    }
  })

  it('a signal while the key is made: it is revoked instead of handed out', async () => {
    onNth('POST', '/api_keys', 1, () => signals.emit('SIGINT'))
    const error = await failure(create({ revokeAfterJob: true }))
    expect(error).toBeInstanceOf(StepCancelled)
    expect(error.message).toBe(
      'The runner cancelled the step (SIGINT) before it could hand out the new key. The new key 100001 was revoked.',
    )
    expect(revoked()).toEqual([100_001])
    expect(saved).toEqual([
      [SAVED_LIFE, record([], [])],
      [SAVED_LIFE, looking([], [])],
      [SAVED_LIFE, record([], [100_001])],
      [SAVED_LIFE, record([], [100_001], { jobKey: 100_001 })],
      [SAVED_LIFE, record([], [])],
      [SAVED_LIFE, ''],
    ])
  })
})

describe('a new key that must not stay valid is revoked at once', () => {
  const answerKey = (value: (key: string) => string) =>
    platform.inject({
      method: 'POST',
      path: '/api_keys',
      kind: 'transform',
      transform: (body) => ({ ...(body as Record<string, unknown>), key: value((body as { key: string }).key) }),
    })

  it('an empty value: never masked, and revoked', async () => {
    answerKey(() => '')
    const error = await failure(create())
    expect(error.message).toBe(
      `${NOT_PRINTABLE(100_001)} That key was revoked at once, and no new key is left valid. Run the step again, or report it with the key id.`,
    )
    expect(masked).toEqual([])
    expect(valid()).toEqual([])
    expect(ledgerSaves()).toEqual([record([], []), looking([], []), record([], [100_001]), record([], []), ''])
  })

  it.each([
    ['a leading space', (key: string) => ` ${key}`],
    ['a trailing space', (key: string) => `${key} `],
    ['a space inside', (key: string) => `${key.slice(0, 5)} ${key.slice(5)}`],
    ['2,000 characters, more than any key and than an output should carry', () => 'k'.repeat(2000)],
  ])('a value with %s: masked, and revoked', async (_, value) => {
    answerKey(value)
    const error = await failure(create())
    expect(error.message).toBe(
      `${NOT_PRINTABLE(100_001)} That key was revoked at once, and no new key is left valid. Run the step again, or report it with the key id.`,
    )
    expect(masked).toHaveLength(1)
    expect(valid()).toEqual([])
  })

  it('after an earlier lost answer, the step says the post step looks for the key that attempt may have made', async () => {
    dropCreate('before')
    answerKey((key) => `${key}\n`)
    const error = await failure(create())
    expect(error.message).toBe(
      `${NOT_PRINTABLE(100_001)} That key was revoked at once, and an earlier attempt lost its answer, and the post step looks for the key it may have made. ` +
        'Run the step again, or report it with the key id.',
    )
    expect(ledgerSaves().at(-1)).toBe(looking([], []))
  })

  it('when revoking it fails, the step says so, and the key stays for the post step', async () => {
    answerKey((key) => `${key} `)
    platform.inject({ method: 'DELETE', path: '/api_keys/100001', kind: 'status', status: 400 })
    const error = await failure(create())
    expect(error.message).toBe(
      `${NOT_PRINTABLE(100_001)} Revoking the new key 100001 failed too ` +
        `(${badRequest('revoke API key 100001', requestId('DELETE', '/api_keys/100001'))}): the post step tries again, or revoke it by hand.`,
    )
    expect(valid()).toEqual([100_001])
    expect(ledgerSaves()).toEqual([record([], []), looking([], []), record([], [100_001])])
  })

  it('a key the platform says is not there (404) counts as revoked', async () => {
    answerKey((key) => `${key} `)
    platform.inject({ method: 'DELETE', path: '/api_keys/100001', kind: 'status', status: 404 })
    const error = await failure(create())
    expect(error.message).toBe(
      `${NOT_PRINTABLE(100_001)} That key was revoked at once, and no new key is left valid. Run the step again, or report it with the key id.`,
    )
    expect(ledgerSaves().at(-1)).toBe('')
  })

  it('a key scoped to another project than asked', async () => {
    const org = platform.defaultOrgId
    const project = platform.addProject().id
    platform.inject({
      method: 'POST',
      path: `/organizations/${org}/api_keys`,
      kind: 'transform',
      transform: (body) => ({ ...(body as Record<string, unknown>), project_id: 'p-other-1' }),
    })
    const error = await failure(create({ projectId: project }))
    expect(error.message).toBe(
      `The platform was asked for a key scoped to project ${project} and answered key 100001 scoped to project "p-other-1". ` +
        'That key was revoked at once, and no new key is left valid. Run the step again, or report it with the key id.',
    )
    expect(valid()).toEqual([])
  })

  it('a key with no project when one was asked', async () => {
    const org = platform.defaultOrgId
    const project = platform.addProject().id
    platform.dropKeyScope()
    const error = await failure(create({ projectId: project }))
    expect(error.message).toBe(
      `The platform was asked for a key scoped to project ${project} and answered key 100001 with no project, so it would reach every project of organization ${org}. ` +
        'That key was revoked at once, and no new key is left valid. Run the step again, or report it with the key id.',
    )
  })
})

describe('a create the platform fails', () => {
  it('a 500 is reconciled as a lost answer: looked for, then sent again, one key of that name left valid', async () => {
    platform.inject({ method: 'POST', path: '/api_keys', kind: 'status', status: 500 })
    const result = await create()
    expect(valid()).toEqual([Number(result.outputs['key-id'])])
    expect(log.warning).toEqual([
      'The answer to creating key "ci" was lost (http). No key of that attempt is there yet. Creating it once more.',
    ])
    expect(platform.requests.map((r) => `${r.method} ${r.status}`)).toEqual([
      'GET 200',
      'POST 500',
      'GET 200',
      'POST 200',
      'GET 200',
    ])
  })

  it('a 503 is simply sent again: the service did not carry it out', async () => {
    platform.inject({ method: 'POST', path: '/api_keys', kind: 'status', status: 503 })
    const result = await create()
    expect(valid()).toEqual([Number(result.outputs['key-id'])])
    // The one list is the snapshot taken before the create: no clean-up was needed.
    expect(platform.requests.filter((r) => r.path === '/api_keys').map((r) => r.method)).toEqual([
      'GET',
      'POST',
      'POST',
    ])
  })
})

describe("the organization of a project-scoped key comes from the project's record", () => {
  it('fails, creating nothing, when the record names no organization', async () => {
    const project = platform.addProject().id
    platform.inject({ path: `/projects/${project}`, kind: 'rewrite', set: { org_id: null } })
    const error = await failure(create({ projectId: project }))
    expect(error.message).toBe(
      `The platform's record of project ${project} names no organization (org_id), but a project-scoped key belongs to one. Set \`org-id\` to the organization that owns the project.`,
    )
    expect(platform.requests.filter((r) => r.method === 'POST')).toEqual([])
  })

  it('fails when the record names something that is not an organization id', async () => {
    const project = platform.addProject().id
    platform.inject({ path: `/projects/${project}`, kind: 'rewrite', set: { org_id: 'Org/../x' } })
    const error = await failure(create({ projectId: project }))
    expect(error.message).toBe(
      `GET /projects/${project} answered "Org/../x", which is not an organization id: set \`org-id\` to the one to use.`,
    )
    expect(platform.requests.filter((r) => r.method === 'POST')).toEqual([])
  })
})

describe('a hostile key-name', () => {
  it.each(PAYLOADS.filter((p) => /[\r\n]/.test(p)).map((p) => [p]))('%j is refused: one line only', (name) => {
    expect(errorOf({ command: 'create-key', 'key-name': name })).toBe(
      'Input `key-name` must be a single line without control characters.',
    )
  })

  it.each(PAYLOADS.filter((p) => !/[\r\n]/.test(p)).map((p) => [p]))(
    '%j on one line is a name like any other',
    async (name) => {
      expect(settings({ command: 'create-key', 'key-name': name })).toMatchObject({ keyName: name })
      const result = await create({ keyName: name })
      expect(platform.keys().find((k) => String(k.id) === result.outputs['key-id'])?.name).toBe(name)
    },
  )
})
