// A transaction on the database's own driver (pg or PGlite), beside Prisma,
// for statements whose parameters are large: Prisma turns each statement's
// parameters into JSON text and parses them back (twice) before the driver
// sees them, and those copies outlive V8's young collections. An import's
// message batches through Prisma promoted ~1.8 KB to the old generation per
// line, through pg ~0.2 KB (BENCHMARKS.md, "Issue 30: what the import promotes").
import type { PGlite } from '@electric-sql/pglite'
import { StorageError } from '@threadline/engine'
import type pg from 'pg'

/** One statement: its text with $1.. placeholders and the values (`Prisma.sql` makes one). */
export type SqlStatement = { text: string; values: readonly unknown[] }

export type SqlTransaction = {
  /** Runs the statement in the transaction; the rows it wrote. */
  execute(statement: SqlStatement): Promise<number>
}

/** Runs `work` in one transaction: committed when it resolves, rolled back when it throws or outlives `timeoutMs`. */
export type RunInSqlTransaction = <T>(work: (tx: SqlTransaction) => Promise<T>, options: { timeoutMs: number }) => Promise<T>

function closedError(): StorageError {
  return new StorageError('The transaction is closed (it ended or timed out); the statement was not run')
}

/** `work` settled, or a StorageError once `timeoutMs` passed. */
async function withinTimeout<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StorageError(`The transaction ran longer than ${timeoutMs} ms and was rolled back`)), timeoutMs)
  })
  try {
    return await Promise.race([work, expired])
  } finally {
    clearTimeout(timer)
  }
}

/** Transactions on a client of the pool (a PostgreSQL server, or the embedded server over the wire protocol). */
export function pgTransactions(pool: pg.Pool): RunInSqlTransaction {
  return async (work, { timeoutMs }) => {
    const client = await pool.connect()
    let open = true
    // closed before COMMIT or ROLLBACK is queued, so a late statement of a timed-out `work` never runs outside the transaction
    const end = (command: 'COMMIT' | 'ROLLBACK') => {
      open = false
      return client.query(command)
    }
    const tx: SqlTransaction = {
      execute({ text, values }) {
        if (!open) return Promise.reject(closedError())
        // pg's callback form: with its promise form each statement's parameter (a batch's 32 KiB of lines) outlived young
        // collections (promoted: 23.8 against 6.6 MiB per 32,000-line import); the cause inside pg is not pinned down
        return new Promise((resolve, reject) => {
          client.query(text, [...values], (error: Error | undefined, result: pg.QueryResult | undefined) =>
            error ? reject(error) : resolve(result?.rowCount ?? 0),
          )
        })
      },
    }
    let broken: Error | undefined
    try {
      await client.query('BEGIN')
      const result = await withinTimeout(work(tx), timeoutMs)
      await end('COMMIT')
      return result
    } catch (error) {
      await end('ROLLBACK').catch((rollbackError: unknown) => {
        broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError))
      })
      throw error
    } finally {
      // a connection whose ROLLBACK failed is dropped, not pooled
      client.release(broken)
    }
  }
}

/** Transactions on an in-process PGlite (its transaction holds its one session, as Prisma's adapter does). */
export function pgliteTransactions(pglite: PGlite): RunInSqlTransaction {
  return (work, { timeoutMs }) =>
    pglite.transaction(async (session) => {
      let open = true
      const tx: SqlTransaction = {
        async execute({ text, values }) {
          if (!open) throw closedError()
          return (await session.query(text, [...values])).affectedRows ?? 0
        },
      }
      try {
        return await withinTimeout(work(tx), timeoutMs)
      } finally {
        open = false
      }
    })
}
