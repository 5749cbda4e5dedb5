/**
 * The layout of a job summary as a reader first sees it, folds closed: the table rows outside `<details>`, and where
 * a sentence stands against the first table or fold.
 */
export interface SummaryLayout {
  /** Table rows (`<tr>`, headers included) a reader sees before opening any fold. */
  openRows: number
  /** Where the first table or fold starts; the summary's length when it has none. */
  firstTable: number
  /** The summary with every fold's content taken out, as it shows with folds closed. */
  closed: string
}

export function summaryLayout(summary: string): SummaryLayout {
  const closed = summary.replace(/(<details><summary>[^<]*<\/summary>)[\s\S]*?<\/details>/g, '$1</details>')
  const openRows = closed.match(/<tr>/g)?.length ?? 0
  const starts = [summary.indexOf('<table>'), summary.indexOf('<details>')].filter((i) => i >= 0)
  return { openRows, firstTable: starts.length > 0 ? Math.min(...starts) : summary.length, closed }
}
