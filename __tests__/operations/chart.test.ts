// src/operations/chart.ts: the job summary's Mermaid gantt of operations, read back as CommonMark: its bars, order,
// bounds, and hostile server text kept inside the chart.
// Unit tests, in this process.
import { describe, expect, it } from '@jest/globals'
import { Parser } from 'commonmark'
import type { Operation } from '../../src/api/types.ts'
import { MAX_BARS, MAX_NAME, duration, operationsChart, safeName } from '../../src/operations/chart.ts'
import { HOSTILE, MARKDOWN, PAYLOADS } from '../support/injection.ts'

const T0 = Date.parse('2026-11-21T10:00:00Z')
const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z')

let serial = 0
function op(fields: Partial<Operation> & { at?: number; ms?: number } = {}): Operation {
  const { at = T0 - 3_600_000, ms = 2000, ...rest } = fields
  serial++
  return {
    id: `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
    project_id: 'quiet-river-12345678',
    branch_id: 'br-main-a1b2c3d4',
    action: 'start_compute',
    status: 'finished',
    failures_count: 0,
    created_at: iso(at),
    updated_at: iso(at + ms),
    total_duration_ms: ms,
    ...rest,
  }
}

/** The lines inside the fence. */
function blockLines(chart: string): string[] {
  const match = /^\n```mermaid\n([\s\S]*)\n```\n\n/.exec(chart)
  expect(match).not.toBeNull()
  return match![1]!.split('\n')
}

function bars(chart: string): string[] {
  return blockLines(chart).filter((line) => line.startsWith('    '))
}

const WORDS = '(OK|Scheduling|In progress|Error|Cancelling|Cancelled|Skipped|Other status)'
const NAME = '[A-Za-z0-9_-]{1,39}[A-Za-z0-9_…-]?'
const TIME = '\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d'
const DURATION = '\\d+( ms| s|\\.\\d s| min \\d\\d s| h \\d\\d min)'
/** Every line the block may hold: our keywords, and names only where they stand after our own words. */
const LINE = new RegExp(
  [
    '^gantt$',
    `^  title Operations by start time, UTC \\(\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d to (\\d{4}-\\d\\d-\\d\\d )?\\d\\d:\\d\\d\\)$`,
    '^  dateFormat YYYY-MM-DD HH:mm:ss$',
    '^  axisFormat (%H:%M|%a %H:%M|%d %b)$',
    '^  todayMarker off$',
    `^  section (${NAME}|unknown project)$`,
    `^    ${WORDS} (${NAME}|operation) ${DURATION}( so far)? :(crit, |active, |done, )?${TIME}, ${TIME}$`,
  ].join('|'),
)

describe('operations chart', () => {
  it('is an empty string when there is nothing to draw', () => {
    expect(operationsChart([])).toBe('')
    expect(operationsChart([op({ created_at: 'yesterday' }), op({ created_at: '' })])).toBe('')
  })

  it('is a gantt of one section per project, in the order the projects come, each bar from creation to end in UTC', () => {
    const chart = operationsChart(
      [
        op({ project_id: 'b-project', at: T0 - 60_000, ms: 30_000, action: 'apply_config' }),
        op({ project_id: 'a-project', at: T0 - 7_200_000, ms: 1_200_000, action: 'create_branch' }),
        op({ project_id: 'b-project', at: T0 - 3_600_000, ms: 4_500, action: 'suspend_compute' }),
      ],
      { now: T0 },
    )
    expect(blockLines(chart)).toEqual([
      'gantt',
      '  title Operations by start time, UTC (2026-11-21 08:00 to 09:59)',
      '  dateFormat YYYY-MM-DD HH:mm:ss',
      '  axisFormat %H:%M',
      '  todayMarker off',
      '  section b-project',
      // Sorted by start within the section; a short bar drawn 1/250 of the span wide, its real duration in the label.
      '    OK suspend_compute 4.5 s :done, 2026-11-21 09:00:00, 2026-11-21 09:00:28',
      '    OK apply_config 30 s :done, 2026-11-21 09:59:00, 2026-11-21 09:59:30',
      '  section a-project',
      '    OK create_branch 20 min 00 s :done, 2026-11-21 08:00:00, 2026-11-21 08:20:00',
    ])
    // Everything drawn, but one bar is wider than its operation: the caption says the chart is not to scale for it.
    expect(chart.slice(chart.lastIndexOf('```\n\n') + 5)).toBe(
      "<p>The chart is not to scale for short operations. Every bar spans at least 28 s, so 1 operation looks longer than it took. Each bar's label says how long it took.</p>\n",
    )
  })

  it('to scale, with no caption, when every bar is as long as its operation; a 336 ms operation in a day is said to be drawn wider', () => {
    const toScale = operationsChart(
      [op({ at: T0 - 3_600_000, ms: 1_800_000 }), op({ at: T0 - 1_800_000, ms: 1_200_000 })],
      { now: T0 },
    )
    expect(toScale.endsWith('```\n\n')).toBe(true)
    const day = operationsChart(
      [
        op({ at: T0 - 86_400_000, ms: 600_000, action: 'create_branch' }),
        op({ at: T0 - 3_600_000, ms: 336, action: 'check_availability' }),
        op({ at: T0 - 1_800_000, ms: 336, action: 'check_availability' }),
      ],
      { now: T0 },
    )
    // A span of 23.5 h: a bar spans at least 1/250 of it.
    expect(bars(day)).toContain('    OK check_availability 336 ms :done, 2026-11-21 09:00:00, 2026-11-21 09:05:38')
    expect(day).toContain(
      '<p>The chart is not to scale for short operations. Every bar spans at least 5 min 38 s, so 2 operations look longer than they took.',
    )
  })

  it('marks failed ones crit and those in progress active, in the console’s words; in progress runs until now', () => {
    const statuses = [
      'finished',
      'skipped',
      'failed',
      'error',
      'cancelled',
      'scheduling',
      'running',
      'cancelling',
      'paused',
    ]
    const chart = operationsChart(
      statuses.map((status, i) => op({ status, at: T0 - (i + 1) * 600_000, ms: 1000 })),
      { now: T0 },
    )
    const lines = bars(chart)
    const line = (word: string) => lines.find((l) => l.startsWith(`    ${word} `))!
    expect(line('OK')).toContain(':done, ')
    expect(line('Skipped')).toContain(':done, ')
    expect(lines.filter((l) => l.startsWith('    Error ')).every((l) => l.includes(':crit, '))).toBe(true)
    expect(lines.filter((l) => l.startsWith('    Error '))).toHaveLength(2)
    expect(line('Cancelled')).toContain(':crit, ')
    // Created 60, 70 and 80 minutes ago, still going at T0.
    expect(line('Scheduling')).toBe(
      '    Scheduling start_compute 1 h 00 min so far :active, 2026-11-21 09:00:00, 2026-11-21 10:00:00',
    )
    expect(line('In progress')).toBe(
      '    In progress start_compute 1 h 10 min so far :active, 2026-11-21 08:50:00, 2026-11-21 10:00:00',
    )
    expect(line('Cancelling')).toContain(':active, ')
    // A status it does not know is not shown raw, and not drawn as success.
    expect(line('Other status')).toMatch(/ :2026-/)
    expect(chart).not.toContain('paused')
    expect(lines).toHaveLength(statuses.length)
  })

  it('takes total_duration_ms, else updated_at - created_at; in progress without `now`, until the latest time in the records', () => {
    const noTotal = op({ at: T0 - 600_000, ms: 0 })
    noTotal.updated_at = iso(T0 - 600_000 + 95_000)
    delete noTotal.total_duration_ms
    const chart = operationsChart([
      noTotal,
      op({ status: 'running', at: T0 - 300_000, ms: 0 }),
      op({ at: T0 - 100_000, ms: 40_000 }),
    ])
    expect(bars(chart)).toEqual([
      expect.stringContaining('OK start_compute 1 min 35 s :done, 2026-11-21 09:50:00, 2026-11-21 09:51:35'),
      expect.stringContaining(
        'In progress start_compute 4 min 00 s so far :active, 2026-11-21 09:55:00, 2026-11-21 09:59:00',
      ),
      expect.stringContaining('OK start_compute 40 s'),
    ])
  })

  it(`draws at most ${MAX_BARS} bars: failed first (newest first), then in progress, then the longest; the caption counts the rest`, () => {
    const ops: Operation[] = []
    for (let i = 0; i < 200; i++)
      ops.push(op({ at: T0 - 86_400_000 + i * 400_000, ms: 1000 + i * 10, project_id: `project-${i % 5}` }))
    for (let i = 0; i < 12; i++)
      ops.push(op({ status: i % 2 ? 'failed' : 'error', at: T0 - 80_000_000 + i * 5_000_000, ms: 700 }))
    ops.push(op({ status: 'running', at: T0 - 30_000, ms: 0 }))
    const chart = operationsChart(ops, { now: T0 })
    const drawn = bars(chart)
    expect(drawn).toHaveLength(30)
    expect(drawn.filter((line) => line.includes(':crit, '))).toHaveLength(12)
    expect(drawn.filter((line) => line.includes(':active, '))).toHaveLength(1)
    // The 17 longest of the 200 that went well: 1000 + i * 10 ms for i = 183..199.
    const ok = drawn.filter((line) => line.includes(':done, ')).map((line) => / (\d+\.\d) s /.exec(line)![1])
    expect(ok.sort()).toEqual([
      '2.8',
      '2.8',
      '2.8',
      '2.8',
      '2.8',
      '2.8',
      '2.8',
      '2.9',
      '2.9',
      '2.9',
      '2.9',
      '2.9',
      '2.9',
      '2.9',
      '2.9',
      '2.9',
      '2.9',
    ])
    expect(chart).toContain(
      '<p>The chart shows 30 of 213 operations: those that failed, then those in progress, then the longest. The chart',
    )

    // More failed than bars: the newest of them, and the caption says how many more failed.
    const failures = Array.from({ length: 50 }, (_, i) => op({ status: 'failed', at: T0 - 50 * 60_000 + i * 60_000 }))
    const crowded = operationsChart(failures, { now: T0, maxBars: 10 })
    expect(bars(crowded)).toHaveLength(10)
    expect(bars(crowded)[0]).toContain(':crit, 2026-11-21 09:50:00,')
    expect(crowded).toContain(
      'The chart shows 10 of 50 operations: those that failed, then those in progress, then the longest. 40 more failed.',
    )
    // Records it cannot place are counted too.
    expect(operationsChart([op(), op({ created_at: 'never' })])).toContain(
      '1 could not be drawn (a creation time it cannot read, or a time outside the years 0100 to 9999).',
    )
  })

  it.each<[string, Partial<Operation>]>([
    ['total_duration_ms 2^53 - 1', { total_duration_ms: Number.MAX_SAFE_INTEGER }],
    ['total_duration_ms 1e16', { total_duration_ms: 1e16 }],
    ['total_duration_ms 1e300', { total_duration_ms: 1e300 }],
    ['total_duration_ms Infinity (1e400 in JSON)', { total_duration_ms: Infinity }],
    ['created_at +275760-09-13, the last day a Date holds', { created_at: '+275760-09-13T00:00:00Z' }],
  ])('a record whose bar would end past the last time a Date holds (%s) is left out, and counted', (_, fields) => {
    const chart = operationsChart(
      [op({ at: T0 - 60_000 }), op({ ...fields, status: 'finished' }), op({ at: T0 - 120_000 })],
      { now: T0 },
    )
    const lines = blockLines(chart)
    for (const line of lines) expect(line).toMatch(LINE)
    expect(bars(chart)).toHaveLength(2)
    expect(chart).toContain(
      'The chart shows 2 of 3 operations: those that failed, then those in progress, then the longest. ' +
        '1 could not be drawn (a creation time it cannot read, or a time outside the years 0100 to 9999).',
    )
  })

  it('draws no year it cannot write in four digits: 9999-12-31 beside 2026, updated_at +275760, a start in -271821', () => {
    const far = op({ created_at: '9999-12-31T00:00:00Z', updated_at: '9999-12-31T00:00:01Z', total_duration_ms: 1000 })
    const untilTheEnd = op({ updated_at: '+275760-09-13T00:00:00Z' })
    delete untilTheEnd.total_duration_ms
    const chart = operationsChart(
      [
        op(),
        far,
        untilTheEnd,
        op({ status: 'running', created_at: '-271821-04-20T00:00:00Z', total_duration_ms: 0 }),
        op({ created_at: '0099-12-31T23:59:59Z' }),
      ],
      { now: T0 },
    )
    const lines = blockLines(chart)
    for (const line of lines) expect(line).toMatch(LINE)
    // The bar of 9999-12-31, a few years wide in a span of eight thousand, ends on the last second the format writes.
    expect(bars(chart)).toEqual([
      expect.stringMatching(/:done, 2026-11-21 09:00:00, 20\d\d-/),
      '    OK start_compute 1.0 s :done, 9999-12-31 00:00:00, 9999-12-31 23:59:59',
    ])
    expect(chart).toContain('3 could not be drawn')
  })

  it("a status named like an object's own property is a status it does not know", () => {
    const lines = bars(operationsChart([op({ status: 'constructor' }), op({ status: 'toString' })], { now: T0 }))
    expect(lines).toEqual([
      expect.stringMatching(/^ {4}Other status start_compute 2\.0 s :2026-/),
      expect.stringMatching(/^ {4}Other status /),
    ])
  })

  it('drawn from a selection of a longer listing, the caption counts the whole listing', () => {
    const failed = Array.from({ length: 40 }, (_, i) => op({ status: 'error', at: T0 - (i + 1) * 60_000 }))
    const chart = operationsChart(failed, { now: T0, listed: { total: 5000, failed: 120, undrawable: 0 } })
    expect(bars(chart)).toHaveLength(MAX_BARS)
    expect(chart).toContain(
      '<p>The chart shows 30 of 5000 operations: those that failed, then those in progress, then the longest. 90 more failed. The chart',
    )
  })

  it('sits outside any HTML block: with blank lines around it, between HTML tables it is one mermaid code block', () => {
    const ops = Array.from({ length: 40 }, (_, i) => op({ at: T0 - i * 60_000, status: i % 7 ? 'finished' : 'failed' }))
    const summary = `<h3>Operations</h3>\n<table>\n<tr><td>x</td></tr>\n</table>\n${operationsChart(ops, { now: T0 })}<table>\n<tr><td>y</td></tr>\n</table>\n`
    const nodes: Array<{ type: string; info: string | null }> = []
    const walker = new Parser().parse(summary).walker()
    for (let event = walker.next(); event; event = walker.next()) {
      if (event.entering && event.node.type !== 'document' && event.node.type !== 'html_block')
        nodes.push({ type: event.node.type, info: event.node.info })
    }
    expect(nodes).toEqual([{ type: 'code_block', info: 'mermaid' }])
  })

  it('hostile server text cannot close the fence, add a directive, a link or a statement, or break the syntax', () => {
    const hostile = [
      ...PAYLOADS,
      HOSTILE,
      MARKDOWN,
      '```\n# out',
      '~~~',
      'click br-1 href "https://evil.example/"',
      'x\nclick x call alert()',
      '%%{init: {"securityLevel": "loose"}}%%',
      '%% comment',
      'a --> b',
      'x: crit, 2020-01-01, 2030-01-01',
      'y; section pwned',
      '#anchor',
      '<img src=x onerror=alert(1)>',
      '</pre><script>alert(1)</script>',
      'title owned',
      'section owned',
      'dateFormat X',
      '2026-11-21 10:00:00',
      '\u2028\u2029\u0085\u0000',
      'é😀ü',
      'x'.repeat(5000),
    ]
    const ops = hostile.flatMap((text, i) => [
      op({ action: text, project_id: text, branch_id: text, at: T0 - i * 60_000 }),
      op({ status: text, id: text, at: T0 - i * 60_000 - 30_000 }),
    ])
    for (const maxBars of [MAX_BARS, 100]) {
      const chart = operationsChart(ops, { now: T0, maxBars })
      const lines = blockLines(chart)
      for (const line of lines) expect(line).toMatch(LINE)
      expect(lines.length).toBeLessThan(2 * maxBars + 10)
      // Nothing of the payloads survives as syntax.
      const block = lines.join('\n')
      for (const fragment of [
        '`',
        '~~~',
        '%%',
        '-->',
        '#',
        ';',
        '<',
        '>',
        '"',
        'https:',
        '::',
        '\u2028',
        '\u0000',
        '😀',
      ]) {
        expect(block).not.toContain(fragment)
      }
      expect(block).not.toMatch(/^\s*(click|title owned|section owned|dateFormat X)/m)
      expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(140)
      // The fence is ours, once each way.
      expect(chart.match(/```/g)).toHaveLength(2)
    }
  })

  it('safeName keeps letters, digits, _ and -, bounded; duration reads as people say it', () => {
    expect(safeName('br-main_1', 'x')).toBe('br-main_1')
    expect(safeName('a b::c', 'x')).toBe('a_b_c')
    expect(safeName(':::', 'fallback')).toBe('fallback')
    expect(safeName(undefined, 'fallback')).toBe('fallback')
    expect(safeName('y'.repeat(100), 'x')).toBe(`${'y'.repeat(MAX_NAME - 1)}…`)
    expect([0, 850, 3140, 42_500, 312_000, 7_500_000].map(duration)).toEqual([
      '0 ms',
      '850 ms',
      '3.1 s',
      '42 s',
      '5 min 12 s',
      '2 h 05 min',
    ])
  })

  it('the axis says the day once the span passes a day, and only the date past four days', () => {
    const span = (ms: number) =>
      blockLines(operationsChart([op({ at: T0 - ms }), op({ at: T0 - 1000, ms: 1000 })], { now: T0 })).find((l) =>
        l.includes('axisFormat'),
      )
    expect(span(20 * 3_600_000)).toBe('  axisFormat %H:%M')
    expect(span(3 * 86_400_000)).toBe('  axisFormat %a %H:%M')
    expect(span(7 * 86_400_000)).toBe('  axisFormat %d %b')
  })
})
