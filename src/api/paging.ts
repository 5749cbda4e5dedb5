/**
 * What one paged listing has seen, so that paging which goes wrong ends it instead of looping:
 * the service may hand out a cursor a second time (a cycle), or pages that hold only records
 * already read. Every listing of the action (projects, the waiter's pages, list-operations)
 * asks the same two questions of each page; each decides what to say and in which order to ask.
 */
export class PagingGuard {
  private readonly cursors = new Set<string>()
  /** The ids of every page read. */
  private readonly ids = new Set<string>()

  /** `from`: the cursor the listing starts at, when it does not start at the head of the list. */
  constructor(from?: string) {
    if (from !== undefined) this.cursors.add(from)
  }

  /** How many different records the listing has read. */
  get seen(): number {
    return this.ids.size
  }

  /** The items of a page whose ids the listing has not read before (a page's own repeats included); from now on they count as read. */
  unseen<T>(items: readonly T[], idOf: (item: T) => string): T[] {
    const fresh: T[] = []
    for (const item of items) {
      const id = idOf(item)
      if (this.ids.has(id)) continue
      this.ids.add(id)
      fresh.push(item)
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
