/**
 * Remembers what one paged listing has read, so that broken paging ends the listing instead of looping. The service
 * may hand out a cursor a second time (a cycle), or send pages of records already read. Every listing of the action
 * (projects, the waiter's pages, list-operations) asks both questions of each page, and words the answer itself.
 */
export class PagingGuard {
  private readonly cursors = new Set<string>()
  private readonly ids = new Set<string>()

  /** `from` is the cursor the listing starts at, when it does not start at the top of the list. */
  constructor(from?: string) {
    if (from !== undefined) this.cursors.add(from)
  }

  /** How many different records the listing has read. */
  get seen(): number {
    return this.ids.size
  }

  /** Drops the items already read, repeats within the page included, and counts the rest as read. */
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

  /** Whether the listing got `cursor` before. From now on, it has. */
  repeated(cursor: string): boolean {
    if (this.cursors.has(cursor)) return true
    this.cursors.add(cursor)
    return false
  }
}
