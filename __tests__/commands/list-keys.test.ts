// src/commands/list-keys.ts: an organization's keys and a user's, in the log, the outputs, the keys file and the summary.
// In process, against the platform emulator over HTTP, with one manual clock for both.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { EventEmitter } from 'node:events'
import type { PlatformEmulator } from '../../emulator/platform.ts'
import { watchCancellation } from '../../src/runner/cancellation.ts'
import type { CommandContext } from '../../src/runner/context.ts'
import { runListKeys } from '../../src/commands/list-keys.ts'
import type { CapturedLog, ManualClock } from '../support/clock.ts'
import { inProcess, type InProcess } from '../support/in-process.ts'

let platform: PlatformEmulator
let clock: ManualClock
let log: CapturedLog
let ctx: CommandContext
let signals: EventEmitter

let run: InProcess

beforeEach(async () => {
  signals = new EventEmitter()
  run = await inProcess()
  ;({ platform, clock, log, ctx } = run)
  ctx.cancellation = watchCancellation({ log: log.logger, clock, signals })
})

afterEach(() => run.stop())

describe('list-keys', () => {
  let dir: string

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'neon-keys-inprocess-'))
  })

  afterEach(() => {
    rmSync(dir, { recursive: true, force: true })
  })

  it("an organization's keys: counted in the log, every one in the file and the output, each row in the summary", async () => {
    const org = platform.defaultOrgId
    const project = platform.addProject().id
    const deploy = platform.addOrgKey(org, 'deploy').id
    const scoped = platform.addOrgKey(org, 'preview', { projectId: project }).id
    const result = await runListKeys(ctx, { orgId: org, fileDir: dir })
    expect(log.info).toEqual([`Organization ${org}: from the \`org-id\` input.`, `Found 2 API key(s) of organization ${org}.`])
    const path = result.outputs['keys-file']!
    expect(basename(path)).toMatch(/^neon-keys-[0-9a-f-]{36}\.json$/)
    expect(readFileSync(path, 'utf8')).toBe(result.outputs.keys)
    expect(JSON.parse(result.outputs.keys!)).toMatchObject([
      { id: deploy, scope: 'organization' },
      { id: scoped, scope: 'project', project_id: project },
    ])
    expect(result.outputs['org-id']).toBe(org)
    expect(result.summary).toBe(
      `<h3>API keys of organization ${org} (2)</h3>\n<table>\n` +
        '<tr><th>id</th><th>name</th><th>scope</th><th>created</th><th>last used</th><th>from</th></tr>\n' +
        `<tr><td><code>${deploy}</code></td><td>deploy</td><td>organization</td><td>2026-11-21 10:00 UTC</td><td>—</td><td>—</td></tr>\n` +
        `<tr><td><code>${scoped}</code></td><td>preview</td><td>project ${project}</td><td>2026-11-21 10:00 UTC</td><td>—</td><td>—</td></tr>\n` +
        '</table>\n',
    )
  })

  it('personal keys past the rows a summary shows: the rest are said to be in `keys-file`', async () => {
    for (let i = 0; i < 201; i++) platform.addKey('bulk')
    const result = await runListKeys(ctx, { fileDir: dir })
    expect(log.info).toEqual(['Found 202 API key(s).'])
    expect(result.summary.startsWith('<h3>API keys (202)</h3>\n<table>\n')).toBe(true)
    expect(result.summary.endsWith('</table>\n<p>…and 2 more (all of them are in <code>keys-file</code>).</p>\n')).toBe(true)
    expect(result.outputs['org-id']).toBeUndefined()
  })
})
