// The verdict first: a failed step's summary says what happened and why before any table, and long tables fold under
// <details> (src/runner/summary.ts, folded). The README's daily health check, on the account `npm run step` seeds
// (scripts/step.ts): 12 projects and 6 busy ones, 18 in all.
import { describe, expect, it } from '@jest/globals'
import type { PlatformEmulator } from '../../emulator/platform.ts'
import { seedAccount, seedOrganizationHistory } from '../../emulator/seed.ts'
import { runListOperations } from '../../src/commands/list-operations.ts'
import type { CommandContext } from '../../src/runner/context.ts'
import { FOLD_ROWS } from '../../src/runner/summary.ts'
import { RequestError } from '../../src/http/errors.ts'
import { commandSummary } from '../../src/step.ts'
import { inProcessPerTest } from '../support/in-process.ts'
import { markdownOutsideHtml } from '../support/markdown.ts'
import { summaryLayout } from '../support/summary-layout.ts'

let platform: PlatformEmulator
let ctx: CommandContext

inProcessPerTest((run) => ({ platform, ctx } = run), { random: () => 0 })

describe("the README's daily health check of 18 projects", () => {
  it('names its verdict and `fail-on-status` before any table, with at most 40 table rows outside <details>', async () => {
    const account = seedAccount(platform, 12)
    seedOrganizationHistory(platform, { orgId: account.orgId, projects: 6, operations: 400, days: 3 })
    const result = await runListOperations(ctx, {
      projects: { kind: 'all', orgId: account.orgId },
      since: { kind: 'ago', ms: 24 * 3_600_000, text: '24h' },
      failOnStatus: ['failed', 'error'],
      maxOperations: 1000,
    })
    expect(result.failure).toBeDefined()
    expect(Number(result.outputs['operation-count'])).toBeGreaterThan(300)
    const summary = commandSummary(result)
    const layout = summaryLayout(summary)
    const verdict = summary.indexOf('have a status <code>fail-on-status</code> names (failed, error), the newest: ')
    expect(verdict).toBeGreaterThan(0)
    expect(verdict).toBeLessThan(layout.firstTable)
    // The heading is the verdict; the ::error:: line fits a screen.
    expect(summary).toMatch(
      /^<h3>❌ \d+ operation\(s\) with status failed or error: the 18 projects of organization [a-z0-9-]+ since [^<]+ UTC<\/h3>\n<p>\d+ listed/,
    )
    expect(result.failure!.length).toBeLessThanOrEqual(300)
    // Each column of the projects' table adds up to the count the text gives in the same words.
    const rows = [
      ...summary.matchAll(/<tr><td><code>[a-z0-9-]+<\/code><\/td><td>\d+<\/td><td>(\d+)<\/td><td>(\d+)<\/td>/g),
    ]
    const sum = (column: number) => rows.reduce((total, row) => total + Number(row[column]), 0)
    expect(rows.length).toBeGreaterThan(1)
    const counts = /<p>\d+ operation\(s\): ([^<]*)<\/p>/.exec(summary)![1]!
    const count = (word: string) => Number(new RegExp(`(\\d+) ${word}\\b`).exec(counts)?.[1] ?? 0)
    expect(summary).toContain('<th>failed</th><th>pending</th>')
    expect(sum(1)).toBe(count('Error'))
    expect(sum(2)).toBe(count('Scheduling') + count('In progress') + count('Cancelling'))
    expect(sum(1) * sum(2)).toBeGreaterThan(0)
    expect(layout.openRows).toBeLessThanOrEqual(40)
    // The chart and the long table of operations are there, folded; the 7 projects with operations are not.
    expect(layout.closed).toContain('<details><summary>When they ran (chart)</summary></details>')
    expect(layout.closed).toMatch(/<details><summary>The operations, failed first: \d+ rows<\/summary><\/details>/)
    // GitHub renders the chart inside the fold: a ```mermaid block, not HTML.
    expect(markdownOutsideHtml(summary)).toEqual([expect.stringMatching(/^code_block: gantt/)])
  })
})

describe('commandSummary', () => {
  const summary = '<h3>Done (3)</h3>\n<p>Details.</p>\n'

  it('is the summary as it is when the step did not fail', () => {
    expect(commandSummary({ summary })).toBe(summary)
  })

  it('puts the failure and what to do right below the heading, above the details; the heading gets ❌', () => {
    expect(commandSummary({ summary, failure: 'It broke.', next: 'Fix it.' })).toBe(
      '<h3>❌ Done (3)</h3>\n<p>It broke.</p>\n<p>Fix it.</p>\n<p>Details.</p>\n',
    )
  })

  it('a heading that has its sign keeps it, whatever its level', () => {
    for (const sign of ['❌', '⚠']) {
      expect(commandSummary({ summary: `<h2>${sign} Broke</h2>\n`, failure: 'It broke.', next: 'Fix it.' })).toBe(
        `<h2>${sign} Broke</h2>\n<p>It broke.</p>\n<p>Fix it.</p>\n`,
      )
    }
  })

  it('names the request id once, in the table below the failure', () => {
    const failedRequest = new RequestError('x', {
      kind: 'http',
      status: 404,
      requestId: 'req-1',
      method: 'DELETE',
      path: '/api_keys/7',
    })
    const html = commandSummary({
      summary,
      failure: 'Could not revoke API key 7: not found (404). (request id req-1)',
      failedRequest,
      next: 'Fix it.',
    })
    expect(html.split('req-1')).toHaveLength(2)
    expect(html).toContain('<p>Could not revoke API key 7: not found (404).</p>\n<table>')
    expect(html).toContain('<td><code>req-1</code></td>')
  })

  it('opens with the failure when the summary has no heading', () => {
    expect(commandSummary({ summary: '<p>Details.</p>\n', failure: 'It broke.', next: 'Fix it.' })).toBe(
      '<p>It broke.</p>\n<p>Fix it.</p>\n<p>Details.</p>\n',
    )
  })
})

describe('folded tables', () => {
  it(`fold past ${FOLD_ROWS} rows`, () => {
    expect(FOLD_ROWS).toBe(10)
  })
})
