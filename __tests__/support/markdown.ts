import { Parser } from 'commonmark'

/**
 * A job summary as GitHub reads it: CommonMark with HTML allowed. Returns every node that is
 * not raw HTML (a heading, a link, an image, a paragraph of text…): in a summary made only of
 * HTML blocks, each of them is text that escaped its block and rendered as Markdown.
 */
export function markdownOutsideHtml(summary: string): string[] {
  const found: string[] = []
  const walker = new Parser().parse(summary).walker()
  for (let event = walker.next(); event; event = walker.next()) {
    const { node, entering } = event
    if (!entering || node.type === 'document' || node.type === 'html_block') continue
    found.push(`${node.type}: ${node.literal ?? node.destination ?? ''}`)
  }
  return found
}
