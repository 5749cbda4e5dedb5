/**
 * Remembers what one paged listing has read, so broken paging ends the listing instead of looping: the service may
 * send a cursor twice (a cycle), or pages of records already read.
 */
export class PagingGuard {
  private readonly cursors = new Set<string>()
  private readonly ids = new Set<string>()

  /** `from`: the cursor the listing starts at, if not the top. */
  constructor(from?: string) {
    if (from !== undefined) this.cursors.add(from)
  }

  /** How many different records were read. */
  get seen(): number {
    return this.ids.size
  }

  /** Drops the items already read, repeats within the page too, and marks the rest read. */
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
