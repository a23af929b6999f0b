// The ThreadTransfer port (@threadline/engine/storage): export and import as
// JSON Lines, streamed (export-thread.ts, its pages on the driver;
// import-thread.ts in a transaction on the driver; sql-transaction.ts).
import type { ThreadTransfer } from '@threadline/engine/storage'
import type { PrismaClient } from '../generated/prisma/client.ts'
import { exportThreadLines } from './export-thread.ts'
import { importThreadLines } from './import-thread.ts'
import type { RunInSqlTransaction, SqlQuery } from './sql-transaction.ts'

export function createThreadTransfer(prisma: PrismaClient, transaction: RunInSqlTransaction, query: SqlQuery): ThreadTransfer {
  return {
    exportThread: (input) => exportThreadLines(prisma, query, input),
    importThread: (lines, input) => importThreadLines(prisma, transaction, lines, input),
  }
}
