// What every storage function works with: the client to query through (the
// root client, or the interactive transaction it runs in) and the root client
// to open a transaction from.
import type { TransactionOptions } from '@threadline/engine/storage'
import type { Prisma, PrismaClient } from '../generated/prisma/client.ts'
import type { SessionStatements } from './session-statements.ts'
import type { VectorSupport } from './vector-support.ts'

export type Db = PrismaClient | Prisma.TransactionClient

export type StorageContext = {
  db: Db
  root: PrismaClient
  /** true inside `transaction()`: nested transactions reuse `db` instead of opening one */
  inTransaction: boolean
  vectorSupport: VectorSupport
  /**
   * Set where ONE session serves every request (PGlite): rows per statement of
   * a long read outside a transaction (readInPages), and read-only
   * transactions run as plain statements, so other requests interleave.
   */
  interleaveRows?: number
  /** Set where ONE session serves every request (PGlite): hot queries run prepared, planned once. */
  sessionStatements?: SessionStatements
}

// Big clones copy 100k rows in one transaction; PGlite also queues other work
// behind an open transaction, so a generous wait too.
const tenMinutes = 10 * 60 * 1000

/**
 * Runs `fn` atomically: in the caller's transaction when there is one (whose
 * isolation level then applies), else in a new one.
 */
export function atomically<T>(ctx: StorageContext, fn: (ctx: StorageContext) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  if (ctx.inTransaction) return fn(ctx)
  return ctx.root.$transaction((tx) => fn({ ...ctx, db: tx, inTransaction: true }), {
    timeout: tenMinutes,
    maxWait: tenMinutes,
    ...(options.isolationLevel ? { isolationLevel: options.isolationLevel } : {}),
  })
}
