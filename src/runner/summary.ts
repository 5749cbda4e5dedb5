/**
 * Job-summary HTML. After a blank line the summary renders Markdown (links, images), and names come from the
 * platform, so every piece of text is escaped, kept on one line and bounded. Key values never reach this module.
 */
import { oneLine } from '../base/text.ts'

const MAX_CELL_LENGTH = 200
const MAX_TEXT_LENGTH = 4000
export const MAX_ROWS = 200
/** A longer table is folded under `<details>`, so the verdict above it stays on the first screen. */
export const FOLD_ROWS = 10
/** In characters: the runner drops a summary over 1 MiB. */
export const TABLE_BUDGET = 512 * 1024

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

function htmlText(text: string, max: number): string {
  return escapeHtml(oneLine(text, max))
}

export function heading(text: string, level = 3): string {
  return `<h${level}>${htmlText(text, MAX_TEXT_LENGTH)}</h${level}>\n`
}

/** Text, an id or a name in monospace, or a link. */
export type Part = string | { code: string } | { link: string; href: string }

/** Markdown is not read inside an HTML block, so a sentence's `quoted` parts are made monospace here. */
export function paragraph(...parts: Part[]): string {
  const html = parts
    .flatMap((part): Part[] => (typeof part === 'string' ? withCode(part) : [part]))
    .map((part) =>
      typeof part === 'string'
        ? htmlText(part, MAX_TEXT_LENGTH)
        : 'link' in part
          ? `<a href="${escapeHtml(part.href)}">${htmlText(part.link, MAX_CELL_LENGTH)}</a>`
          : renderCell(part),
    )
    .join('')
  return `<p>${html}</p>\n`
}

/** A link to the page at the version that ran, when `url` is known; else the page's path. */
export function docsPage(url: string | undefined, text: string, page: string): Part[] {
  return url === undefined ? [`${text} (`, { code: page }, " in the action's repository)"] : [{ link: text, href: url }]
}

/** As it is when its backticks do not pair up. */
function withCode(text: string): Array<string | { code: string }> {
  const parts = text.split('`')
  if (parts.length % 2 === 0) return [text]
  return parts.flatMap((part, i): Array<string | { code: string }> =>
    i % 2 === 1 ? [{ code: part }] : part === '' ? [] : [part],
  )
}

/** GitHub reads Markdown inside `<details>` (a chart) only after a blank line below `<summary>` and above the end. */
export function folded(title: string, html: string): string {
  if (!html) return ''
  return `<details><summary>${htmlText(title, MAX_TEXT_LENGTH)}</summary>\n\n${html}\n</details>\n\n`
}

/** `code` cells show ids in monospace. */
export type Cell = string | number | { code: string } | null | undefined

/** Rows already made. */
export function table(headers: string[], rows: readonly Cell[][], maxRows = MAX_ROWS): string {
  return tableOf(headers, rows, (row) => row, { maxRows })
}

/**
 * `toRow` runs only for a record shown. Past `maxRows` rows or about TABLE_BUDGET characters, a line says how many
 * were left out and where they all are (`rest`). `total` counts records beyond `records`; `count`, those a row holds.
 */
export function tableOf<T>(
  headers: string[],
  records: readonly T[],
  toRow: (record: T) => Cell[],
  options: { maxRows?: number; rest?: string; total?: number; count?: (record: T) => number; title?: string } = {},
): string {
  const maxRows = options.maxRows ?? MAX_ROWS
  const count = options.count ?? (() => 1)
  const lines = [`<tr>${headers.map((h) => `<th>${htmlText(h, MAX_CELL_LENGTH)}</th>`).join('')}</tr>`]
  let size = 0
  let shown = 0
  let stoodFor = 0
  for (const record of records) {
    if (shown >= maxRows || size >= TABLE_BUDGET) break
    const line = `<tr>${toRow(record)
      .map((cell) => `<td>${renderCell(cell)}</td>`)
      .join('')}</tr>`
    lines.push(line)
    size += line.length
    shown++
    stoodFor += count(record)
  }
  const all = records.reduce((sum, record) => sum + count(record), 0)
  const left = Math.max(all, options.total ?? 0) - stoodFor
  const more =
    left > 0 ? paragraph(`…and ${left} more (all of them are in ${options.rest ?? "the step's outputs"}).`) : ''
  const html = `<table>\n${lines.join('\n')}\n</table>\n${more}`
  return shown > FOLD_ROWS ? folded(`${options.title ?? 'The table'}: ${shown} rows`, html) : html
}

function renderCell(cell: Cell): string {
  if (cell === null || cell === undefined || cell === '') return '—'
  if (typeof cell === 'object' && typeof cell.code === 'string')
    return `<code>${htmlText(cell.code, MAX_CELL_LENGTH)}</code>`
  // A server may send any JSON where text was expected (`{}` for a region). It is shown as JSON.
  return htmlText(typeof cell === 'object' ? JSON.stringify(cell) : String(cell), MAX_CELL_LENGTH)
}

/** It goes into errors and log lines, not only cells. */
export const MAX_DATE_TEXT = 64

/**
 * "2026-11-21 10:00 UTC". Other text stays, cut to MAX_DATE_TEXT: Date.parse would read "42" as 2042. The result is
 * still outside text for the log.
 */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return ''
  const ms = typeof iso === 'string' && /^\d{4}-\d\d-\d\dT/.test(iso) ? Date.parse(iso) : Number.NaN
  if (Number.isNaN(ms)) return oneLine(String(iso), MAX_DATE_TEXT)
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`
}
