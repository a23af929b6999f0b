// A statement in a short transaction with sorts disabled, for PGlite: it has no
// autovacuum, so no statistics, and its planner then guesses a condition is
// rare and sorts every row that meets it (a thread's page after a position, a
// common word's matches) instead of walking the index in order and stopping
// at the LIMIT. Used by the paged reads (interleaved-reads.ts) and full-text
// recall (full-text.ts).
import type { Db, StorageContext } from './context.ts'

export function withoutSorts<T>(ctx: StorageContext, statement: (db: Db) => Promise<T>): Promise<T> {
  return ctx.root.$transaction(async (tx) => {
    await tx.$executeRaw`SET LOCAL enable_sort = off`
    return statement(tx)
  })
}
