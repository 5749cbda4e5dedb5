import { describe, expect, it } from '@jest/globals'
import { PagingGuard } from '../../src/api/paging.ts'

/** The one paging guard every listing asks: a cursor handed out again, a page with nothing new. */
describe('PagingGuard', () => {
  it('gives each id once, within a page and across pages, and counts what it gave', () => {
    const guard = new PagingGuard()
    const id = (item: { id: string }) => item.id
    expect(guard.unseen([{ id: 'a' }, { id: 'b' }, { id: 'a' }], id)).toEqual([{ id: 'a' }, { id: 'b' }])
    expect(guard.unseen([{ id: 'b' }, { id: 'c' }], id)).toEqual([{ id: 'c' }])
    expect(guard.unseen([{ id: 'c' }], id)).toEqual([])
    expect(guard.seen).toBe(3)
  })

  it('a cursor is repeated from its second time on; the one a listing starts from counts as handed out', () => {
    const guard = new PagingGuard('c-0')
    expect(guard.repeated('c-1')).toBe(false)
    expect(guard.repeated('c-2')).toBe(false)
    expect(guard.repeated('c-1')).toBe(true)
    expect(guard.repeated('c-0')).toBe(true)
    expect(new PagingGuard().repeated('c-0')).toBe(false)
  })
})
