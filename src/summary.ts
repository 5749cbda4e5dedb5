/**
 * Job-summary HTML. Every cell is escaped: names come from the platform and must not be able
 * to inject markup. Key values never reach this module.
 */

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

export function heading(text: string, level = 3): string {
  return `<h${level}>${escapeHtml(text)}</h${level}>\n`
}

export function paragraph(text: string): string {
  return `<p>${escapeHtml(text)}</p>\n`
}

/** `code` cells show ids in monospace. */
export type Cell = string | number | { code: string } | null | undefined

/** A table; past `maxRows` rows it ends with a line saying how many were left out. */
export function table(headers: string[], rows: Cell[][], maxRows = 200): string {
  const head = `<tr>${headers.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr>`
  const body = rows
    .slice(0, maxRows)
    .map((row) => `<tr>${row.map((cell) => `<td>${renderCell(cell)}</td>`).join('')}</tr>`)
    .join('\n')
  const more = rows.length > maxRows ? paragraph(`…and ${rows.length - maxRows} more (all of them are in the step's outputs).`) : ''
  return `<table>\n${head}\n${body}\n</table>\n${more}`
}

function renderCell(cell: Cell): string {
  if (cell === null || cell === undefined || cell === '') return '—'
  if (typeof cell === 'object') return `<code>${escapeHtml(cell.code)}</code>`
  return escapeHtml(String(cell))
}

/** "2026-11-21 10:00 UTC" from an ISO timestamp; the raw text when it is not one. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return ''
  const ms = Date.parse(iso)
  if (Number.isNaN(ms)) return iso
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`
}
