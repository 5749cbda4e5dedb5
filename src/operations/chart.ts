/**
 * The gantt chart in list-operations' job summary, a ```mermaid block. HTML escapes mean nothing to Mermaid, so server
 * text is cut down to letters, digits, `_` and `-`, and no line starts with it: it cannot become a keyword, a comment,
 * a directive, a statement or the block's end (docs/security.md).
 */
import type { Operation } from '../api/types.ts'
import { consoleWord, durationOf, isKnownStatus, statusGroup, type StatusGroup } from './status.ts'

/** The caption counts the rest. */
export const MAX_BARS = 30
export const MAX_NAME = 40

export interface ChartOptions {
  /** Where a bar still in progress ends. By default, the latest time in the records. */
  now?: number
  maxBars?: number
  /** The whole listing's counts, for the caption, when `operations` is only a part. */
  listed?: { total: number; failed: number; undrawable: number }
}

type Kind = 'failed' | 'in-progress' | 'done' | 'unknown'

interface Bar {
  op: Operation
  kind: Kind
  startMs: number
  /** So far, for one in progress. */
  durationMs: number
  /** Keeps the order stable. */
  order: number
}

const KIND: Readonly<Record<StatusGroup, Kind>> = { failure: 'failed', pending: 'in-progress', success: 'done' }

const TAG: Readonly<Record<Kind, string>> = { failed: 'crit, ', 'in-progress': 'active, ', done: 'done, ', unknown: '' }

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
/** The date format has four-digit years, and Date puts a year under 100 in the 1900s. */
const FIRST_MS = Date.parse('0100-01-01T00:00:00Z')
const LAST_MS = Date.parse('9999-12-31T23:59:59Z')

/** A NaN time cannot be drawn. */
export function drawable(startMs: number, durationMs: number): boolean {
  return startMs >= FIRST_MS && startMs + Math.max(0, durationMs) <= LAST_MS
}

/** '' when there is nothing to draw. Blank lines around the block keep it out of any HTML block. */
export function operationsChart(operations: readonly Operation[], options: ChartOptions = {}): string {
  const maxBars = Math.max(1, Math.floor(options.maxBars ?? MAX_BARS))
  const placed = place(operations, options.now)
  if (placed.length === 0) return ''
  const drawn = mostTelling(placed, maxBars)

  const firstMs = Math.min(...drawn.map((bar) => bar.startMs))
  const lastMs = Math.max(...drawn.map((bar) => bar.startMs + bar.durationMs))
  const spanMs = Math.max(lastMs - firstMs, MINUTE)
  // A few seconds in a day's chart is under a pixel: every bar is this wide at least, its label giving the real time.
  const minimumMs = Math.ceil(spanMs / 250)

  const lines = [
    'gantt',
    `  title Operations by start time, UTC (${range(firstMs, lastMs)})`,
    '  dateFormat YYYY-MM-DD HH:mm:ss',
    `  axisFormat ${axisFormat(spanMs)}`,
    '  todayMarker off',
  ]
  for (const [project, bars] of byProject(drawn)) {
    lines.push(`  section ${safeName(project, 'unknown project')}`)
    for (const bar of bars.sort((a, b) => a.startMs - b.startMs || a.order - b.order)) {
      const endMs = Math.min(bar.startMs + Math.max(bar.durationMs, minimumMs), LAST_MS)
      lines.push(`    ${label(bar)} :${TAG[bar.kind]}${wallClock(bar.startMs)}, ${wallClock(endMs)}`)
    }
  }
  const scale = { widened: drawn.filter((bar) => bar.durationMs < minimumMs).length, minimumMs }
  const note = caption(placed, drawn, operations.length, options.listed, scale)
  return `\n\`\`\`mermaid\n${lines.join('\n')}\n\`\`\`\n\n${note}`
}

function place(operations: readonly Operation[], now: number | undefined): Bar[] {
  const bars: Bar[] = []
  let latestMs = -Infinity
  operations.forEach((op, order) => {
    const startMs = Date.parse(op.created_at)
    const durationMs = Math.max(0, durationOf(op))
    if (!drawable(startMs, durationMs)) return
    // Keyed by group, not status: a status such as "constructor" cannot match an object's own keys.
    const kind = isKnownStatus(op.status) ? KIND[statusGroup(op.status)] : 'unknown'
    latestMs = Math.max(latestMs, startMs + durationMs)
    bars.push({ op, kind, startMs, durationMs, order })
  })
  const nowMs = now ?? latestMs
  for (const bar of bars) if (bar.kind === 'in-progress') bar.durationMs = Math.max(bar.durationMs, nowMs - bar.startMs)
  return bars
}

function mostTelling(bars: readonly Bar[], max: number): Bar[] {
  const rank: Record<Kind, number> = { failed: 0, 'in-progress': 1, unknown: 2, done: 3 }
  return [...bars]
    .sort((a, b) => {
      const byKind = rank[a.kind] - rank[b.kind]
      if (byKind !== 0) return byKind
      if (a.kind === 'done') return b.durationMs - a.durationMs || a.order - b.order
      return b.startMs - a.startMs || a.order - b.order
    })
    .slice(0, max)
}

function byProject(bars: readonly Bar[]): Map<string, Bar[]> {
  const groups = new Map<string, Bar[]>()
  for (const bar of [...bars].sort((a, b) => a.order - b.order)) {
    const project = typeof bar.op.project_id === 'string' ? bar.op.project_id : ''
    const group = groups.get(project)
    if (group) group.push(bar)
    else groups.set(project, [bar])
  }
  return groups
}

/** "Error start_compute 12 s": the action's word first, so no line starts with server text. */
function label(bar: Bar): string {
  // A status the action does not know is server text, so it is not shown.
  const word = consoleWord(bar.op.status) ?? 'Other status'
  return `${word} ${safeName(bar.op.action, 'operation')} ${duration(bar.durationMs)}${bar.kind === 'in-progress' ? ' so far' : ''}`
}

/** Each run of other characters becomes one `_`; a name over MAX_NAME ends in `…`. */
export function safeName(text: unknown, fallback: string): string {
  const kept = (typeof text === 'string' ? text : '').replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '')
  if (kept.length === 0) return fallback
  return kept.length > MAX_NAME ? `${kept.slice(0, MAX_NAME - 1)}…` : kept
}

/** "850 ms", "3.1 s", "42 s", "5 min 12 s", "2 h 05 min". */
export function duration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`
  if (ms < 10_000) return `${(Math.floor(ms / 100) / 10).toFixed(1)} s`
  const seconds = Math.floor(ms / 1000)
  if (seconds < 60) return `${seconds} s`
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`
  return `${Math.floor(seconds / 3600)} h ${String(Math.floor(seconds / 60) % 60).padStart(2, '0')} min`
}

/** Times of day while the title's dates tell the day. Over more than a day or so, the day too. */
function axisFormat(spanMs: number): string {
  if (spanMs <= 26 * HOUR) return '%H:%M'
  if (spanMs <= 4 * DAY) return '%a %H:%M'
  return '%d %b'
}

/** UTC without a zone: Mermaid shows it as it is, so the axis shows UTC wherever the reader is. */
function wallClock(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ')
}

function range(firstMs: number, lastMs: number): string {
  const first = wallClock(firstMs).slice(0, 16)
  const last = wallClock(lastMs).slice(0, 16)
  return first.slice(0, 10) === last.slice(0, 10) ? `${first} to ${last.slice(11)}` : `${first} to ${last}`
}

/** What the chart leaves out, and the bars drawn wider than they are. */
function caption(
  placed: readonly Bar[],
  drawn: readonly Bar[],
  given: number,
  listed: ChartOptions['listed'],
  scale: { widened: number; minimumMs: number },
): string {
  const total = listed?.total ?? given
  const left = total - drawn.length
  const parts: string[] = []
  if (left > 0) {
    const failed = listed?.failed ?? placed.filter((bar) => bar.kind === 'failed').length
    const failedLeft = failed - drawn.filter((bar) => bar.kind === 'failed').length
    const notPlaced = listed?.undrawable ?? given - placed.length
    parts.push(
      `The chart shows ${drawn.length} of ${total} operations: those that failed, then those in progress, then the longest.`,
    )
    if (failedLeft > 0) parts.push(`${failedLeft} more failed.`)
    if (notPlaced > 0)
      parts.push(
        `${notPlaced} could not be drawn (a creation time it cannot read, or a time outside the years 0100 to 9999).`,
      )
  }
  if (scale.widened > 0) {
    const many = scale.widened > 1
    const looks = `${scale.widened} operation${many ? 's look' : ' looks'} longer than ${many ? 'they' : 'it'} took`
    const least = duration(scale.minimumMs)
    parts.push(
      `The chart is not to scale for short operations. Every bar spans at least ${least}, so ${looks}. ` +
        "Each bar's label says how long it took.",
    )
  }
  return parts.length > 0 ? `<p>${parts.join(' ')}</p>\n` : ''
}
