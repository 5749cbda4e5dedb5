/**
 * What one paged listing has seen, so that paging which goes wrong ends it instead of looping:
 * the service may hand out a cursor a second time (a cycle), or pages that hold only records
 * already read. Every listing of the action (projects, the waiter's pages, list-operations)
 * asks the same two questions of each page; each decides what to say and in which order to ask.
 */
export class PagingGuard {
  private readonly cursors = new Set<string>()
  /** The ids of the pages remembered, oldest first; remembering all of them, one set holds every page's. */
  private readonly pages: Set<string>[] = []
  private readonly remember: number
  private count = 0

  /**
   * `from`: the cursor the listing starts at, when it does not start at the head of the list.
   * `pages`: how many of the last pages' ids to remember (default all). A listing that streams
   * what it reads remembers a few, so that its memory does not grow with the list: a record that
   * paging hands out again turns up at the edge of the page before, and a page of nothing new
   * repeats the one before it.
   */
  constructor(from?: string, options: { pages?: number } = {}) {
    if (from !== undefined) this.cursors.add(from)
    this.remember = options.pages ?? Number.POSITIVE_INFINITY
    if (this.remember === Number.POSITIVE_INFINITY) this.pages.push(new Set())
  }

  /** How many different records the listing has read (of the pages it remembers, when it remembers a few). */
  get seen(): number {
    return this.count
  }

  /** The items of a page whose ids the listing has not read before (a page's own repeats included); from now on they count as read. */
  unseen<T>(items: readonly T[], idOf: (item: T) => string): T[] {
    const everything = this.remember === Number.POSITIVE_INFINITY
    const page = everything ? this.pages[0]! : new Set<string>()
    const fresh: T[] = []
    for (const item of items) {
      const id = idOf(item)
      if (page.has(id) || this.pages.some((ids) => ids !== page && ids.has(id))) continue
      page.add(id)
      fresh.push(item)
    }
    this.count += fresh.length
    if (!everything) {
      this.pages.push(page)
      if (this.pages.length > this.remember) this.pages.shift()
    }
    return fresh
  }

  /** Whether the listing was handed `cursor` before; from now on it was. */
  repeated(cursor: string): boolean {
    if (this.cursors.has(cursor)) return true
    this.cursors.add(cursor)
    return false
  }
}
