// Long reads in pages on a single-session database (issue 33). PGlite is ONE
// session: a statement reading a 50k-message thread's structure held it for
// seconds while every other request queued behind it. Where the storage is
// told so (StorageContext.interleaveRows), a whole-selection read outside a
// transaction runs as pages of that many rows, each its own statement, so
// other requests' statements run between them. Pages follow the effective
// order (depth DESC, then (created_at, id)) by keyset: each one is an index
// range scan from where the last ended, never a walk from the start.
import type { MessageSelection } from '@threadline/engine/storage'
import { Prisma } from '../generated/prisma/client.ts'
import type { Db, StorageContext } from './context.ts'
import { withoutSorts } from './without-sorts.ts'

/** A row's place in effective order: its level's depth (the root level is the deepest, read first), then (createdAt, id). */
export type EffectivePosition = { depth: number; createdAt: Date; id: string }

/**
 * The rows of level `l` after `from`: on `from`'s level after its (created_at,
 * id), on the later (shallower) levels all, on the earlier ones none. ONE row
 * comparison per level (no OR), so it stays an index range scan.
 */
export function afterPositionSql(m: string, l: string, from: EffectivePosition): Prisma.Sql {
  const [mr, lr] = [Prisma.raw(m), Prisma.raw(l)]
  return Prisma.sql`${lr}.depth <= ${from.depth} AND (${mr}.created_at, ${mr}.id) > (
    CASE WHEN ${lr}.depth = ${from.depth} THEN ${from.createdAt}::timestamptz ELSE '-infinity'::timestamptz END,
    CASE WHEN ${lr}.depth = ${from.depth} THEN ${from.id} ELSE '' END)`
}

export type Page<R> = { rows: R[]; last: EffectivePosition | undefined }

/** Runs a page's statement (see pageStatement). */
export type PageStatement = <T>(statement: (db: Db) => Promise<T>) => Promise<T>

/** Reads `selection` (a page: with `limit`, after `from`) through `run`, and where the last row lies. */
export type PageReader<R> = (run: PageStatement, selection: MessageSelection, from?: EffectivePosition) => Promise<Page<R>>

/**
 * Reads the whole selection: in pages of `ctx.interleaveRows` where that is
 * set, no transaction is open (a transaction holds the session anyway) and
 * the selection is not itself cut (last/limit/offset); else in one statement.
 */
export async function readInPages<R>(ctx: StorageContext, selection: MessageSelection, readPage: PageReader<R>): Promise<R[]> {
  const pageRows = ctx.interleaveRows
  const cut = Boolean(selection.last) || selection.limit !== undefined || selection.offset !== undefined
  if (pageRows === undefined || ctx.inTransaction || cut) return (await readPage((statement) => statement(ctx.db), selection)).rows
  // a page walks the (thread_id, created_at, id) index from the position and stops after the page (planned with a
  // sort, every page was O(thread): a 20k-row read paged took 2-4x one statement)
  const run: PageStatement = (statement) => withoutSorts(ctx, statement)
  const rows: R[] = []
  let from: EffectivePosition | undefined
  for (;;) {
    const page = await readPage(run, { ...selection, limit: pageRows }, from)
    for (const row of page.rows) rows.push(row)
    if (page.rows.length < pageRows || page.last === undefined) return rows
    from = page.last
  }
}
