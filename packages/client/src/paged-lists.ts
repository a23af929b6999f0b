// The paged lists, and how each pages: by the previous page's `nextCursor`,
// or by page number up to `pageCount`. `iterate` walks every page of one.
import type { ThreadlineOutputs } from './generated/api-types.ts'

/** Each paged list's procedure and the field its page's items are in. */
export const PAGED_LISTS = {
  messages: { list: 'items', search: 'items' },
  threads: { list: 'items', messages: 'items' },
  calls: { list: 'calls' },
  indexing: { list: 'items' },
} as const satisfies { [Group in keyof ThreadlineOutputs]?: { [Procedure in keyof ThreadlineOutputs[Group]]?: keyof ThreadlineOutputs[Group][Procedure] } }

export type PagedLists = typeof PAGED_LISTS

type Page = { nextCursor?: string | null; page?: number; pageCount?: number } & Record<string, unknown>

/** Every item of every page: `fetchPage` is called with the input plus `cursor` or `page` until the last page. */
export async function* iteratePages<Item>(
  input: Record<string, unknown>,
  itemsField: string,
  fetchPage: (input: Record<string, unknown>) => Promise<unknown>,
): AsyncGenerator<Item, void, undefined> {
  let next: Record<string, unknown> = { ...input }
  for (;;) {
    const page = (await fetchPage(next)) as Page
    const items = (page[itemsField] ?? []) as Item[]
    for (const item of items) yield item
    if ('nextCursor' in page) {
      if (!page.nextCursor || items.length === 0) return
      next = { ...input, cursor: page.nextCursor }
    } else {
      const current = page.page ?? 1
      if (items.length === 0 || current >= (page.pageCount ?? current)) return
      next = { ...input, page: current + 1 }
    }
  }
}
