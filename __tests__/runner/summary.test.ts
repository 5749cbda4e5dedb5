// src/runner/summary.ts: the job summary’s HTML: hostile cells kept in their place, bounds, dates.
// Unit tests, in this process.
import { describe, expect, it } from '@jest/globals'
import {
  MAX_DATE_TEXT,
  MAX_ROWS,
  TABLE_BUDGET,
  docsPage,
  formatDate,
  heading,
  paragraph,
  table,
  tableOf,
  type Cell,
} from '../../src/runner/summary.ts'
import { HOSTILE, INVISIBLE, MARKDOWN, PAYLOADS } from '../support/injection.ts'
import { markdownOutsideHtml } from '../support/markdown.ts'

const hostile = [
  ...PAYLOADS,
  HOSTILE,
  MARKDOWN,
  '<img src=https://evil.example/t.png>',
  '</table>\n\n# out',
  '\u2028\u2029\u0085',
]

describe('job summary', () => {
  it('keeps every hostile value inside its cell: nothing renders as a heading, link or image', () => {
    const rows: Cell[][] = hostile.map((value) => [{ code: value }, value, value])
    const summary =
      heading(`Keys ${MARKDOWN}`) + table(['id', MARKDOWN, 'from'], rows) + paragraph(`failed: ${MARKDOWN}`)
    expect(markdownOutsideHtml(summary)).toEqual([])
    // HTML blocks: a blank line only around the fold of a long table, and only the action's own line breaks.
    const unfolded = summary.replace(/<details><summary>[^<\n]*<\/summary>\n\n|\n<\/details>\n\n/g, '')
    expect(unfolded).not.toMatch(/\n\s*\n/)
    expect(summary).not.toMatch(/[\r\u2028\u2029\u0085]/)
    expect(unfolded.split('\n')).toHaveLength(hostile.length + 6)
    expect(summary).not.toContain('<img')
  })

  it('shows what the platform sent, escaped, and cuts long cells', () => {
    const summary = table(['name'], [['a\nb <i>'], ['x'.repeat(5000)], [`ci-\u202egnp.exe\u2066${INVISIBLE.join('')}`]])
    expect(summary).toContain('<td>a\\nb &#60;i&#62;</td>')
    // A bidi override would show "ci-exe.png".
    expect(summary).toContain('<td>ci-\\u202egnp.exe\\u2066\\u202a')
    expect(INVISIBLE.filter((c) => summary.includes(c))).toEqual([])
    expect(summary).toContain(`<td>${'x'.repeat(200)}…</td>`)
  })

  it('a paragraph shows code parts in monospace, escaped like the text around them', () => {
    expect(paragraph('In the output ', { code: 'key' }, ', masked.')).toBe(
      '<p>In the output <code>key</code>, masked.</p>\n',
    )
    expect(paragraph('a <b>', { code: '<i>\n' }, '')).toBe('<p>a &#60;b&#62;<code>&#60;i&#62;\\n</code></p>\n')
    expect(markdownOutsideHtml(paragraph(MARKDOWN, { code: MARKDOWN }))).toEqual([])
  })

  it("a page of the action's docs is a link where its URL is known, and its path in monospace otherwise", () => {
    const url = 'https://github.com/octo-org/neon-api-action/blob/v1/docs/tripwire.md#when-it-fires'
    expect(paragraph('Read ', ...docsPage(url, 'When the tripwire fires', 'docs/tripwire.md'), '.')).toBe(
      `<p>Read <a href="${url}">When the tripwire fires</a>.</p>\n`,
    )
    expect(paragraph('Read ', ...docsPage(undefined, 'When the tripwire fires', 'docs/tripwire.md'), '.')).toBe(
      '<p>Read When the tripwire fires (<code>docs/tripwire.md</code> in the action&#39;s repository).</p>\n',
    )
    // An address is escaped like any text: it cannot end the attribute.
    expect(paragraph({ link: '<b>x</b>', href: 'https://x/"><script>' })).toBe(
      '<p><a href="https://x/&#34;&#62;&#60;script&#62;">&#60;b&#62;x&#60;/b&#62;</a></p>\n',
    )
  })

  it('an empty table has no blank line', () => {
    expect(table(['id'], [])).toBe('<table>\n<tr><th>id</th></tr>\n</table>\n')
    expect(markdownOutsideHtml(heading('None') + table(['id'], []) + paragraph('after'))).toEqual([])
  })

  it('formats only the rows it shows, and says where the rest are', () => {
    const records = Array.from({ length: 10_000 }, (_, i) => i)
    let formatted = 0
    const summary = tableOf(
      ['n'],
      records,
      (n) => {
        formatted++
        return [n]
      },
      { rest: 'projects-file' },
    )
    expect(formatted).toBe(MAX_ROWS)
    expect(summary).toContain(`…and ${10_000 - MAX_ROWS} more (all of them are in projects-file).`)
  })

  it('shows at most the rows asked for, and says the rest are in the outputs when no place is named', () => {
    expect(table(['n'], [[1], [2], [3]], 2)).toBe(
      '<table>\n<tr><th>n</th></tr>\n<tr><td>1</td></tr>\n<tr><td>2</td></tr>\n</table>\n' +
        '<p>…and 1 more (all of them are in the step&#39;s outputs).</p>\n',
    )
  })

  it('a row that stands for several records counts them all in what is left out', () => {
    const rows = [
      { name: 'a', count: 26 },
      { name: 'b', count: 1 },
      { name: 'c', count: 3 },
    ]
    const summary = tableOf(['name'], rows, (row) => [row.name], { maxRows: 2, total: 40, count: (row) => row.count })
    expect(summary).toBe(
      '<table>\n<tr><th>name</th></tr>\n<tr><td>a</td></tr>\n<tr><td>b</td></tr>\n</table>\n' +
        '<p>…and 13 more (all of them are in the step&#39;s outputs).</p>\n',
    )
    expect(tableOf(['name'], rows, (row) => [row.name], { count: (row) => row.count })).not.toContain('more')
  })

  it('shows an empty, null or missing cell as a dash, and a code cell in monospace', () => {
    expect(table(['a', 'b', 'c', 'd', 'e'], [['', null, undefined, 0, { code: 'x' }]])).toBe(
      '<table>\n<tr><th>a</th><th>b</th><th>c</th><th>d</th><th>e</th></tr>\n' +
        '<tr><td>—</td><td>—</td><td>—</td><td>0</td><td><code>x</code></td></tr>\n</table>\n',
    )
  })

  it('formats a date to the minute in UTC, keeps text that is not one, and shows nothing for none', () => {
    expect(formatDate('2026-11-21T10:00:59.999+02:00')).toBe('2026-11-21 08:00 UTC')
    expect(formatDate('last week')).toBe('last week')
    // Not ISO, though Date.parse reads them: a year 2042, a day without a time.
    expect(formatDate('42')).toBe('42')
    expect(formatDate(42 as unknown as string)).toBe('42')
    expect(formatDate('2026-11-21')).toBe('2026-11-21')
    expect(formatDate(null)).toBe('')
    expect(formatDate(undefined)).toBe('')
    expect(formatDate('')).toBe('')
  })

  it('keeps text that is no date short and on one line, however long it was: it is shown in errors as well as cells', () => {
    expect(formatDate('Q'.repeat(100_000))).toBe(`${'Q'.repeat(MAX_DATE_TEXT)}…`)
    expect(formatDate(`2026-11-21T${'9'.repeat(100_000)}`)).toHaveLength(MAX_DATE_TEXT + 1)
    expect(formatDate('yesterday\n::error::x')).toBe('yesterday\\n::error::x')
  })

  it('stays far below the 1 MiB the runner accepts, whatever the cells hold', () => {
    const worst = '<\u0001'.repeat(100)
    const rows: Cell[][] = Array.from({ length: 1000 }, () => Array.from({ length: 7 }, () => worst))
    const summary = heading('Operations') + table(['a', 'b', 'c', 'd', 'e', 'f', 'g'], rows)
    expect(summary.length).toBeLessThan(TABLE_BUDGET + 10_000)
    expect(summary).toMatch(/…and \d+ more/)
  })
})
