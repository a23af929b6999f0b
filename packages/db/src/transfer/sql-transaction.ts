// Statements on the database's own driver (pg or PGlite), beside Prisma, for
// statements whose parameters or results are large: a transaction (the
// import's writes) and single reads (the export's pages). Prisma turns each
// statement's parameters into JSON text and parses them back (twice) before
// the driver sees them, and builds its own copies of the rows it returns; those
// copies outlive V8's young collections. An import's message batches through
// Prisma promoted ~1.8 KB to the old generation per line, through pg ~0.2 KB;
// an export of a 53.5 MB file raised the heap's peak by 70-87 MiB with its
// pages through Prisma, 16-19 MiB through pg (BENCHMARKS.md, issue 30).
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

/** Runs one statement on its own (no transaction); its rows as the driver gives them (`Row` is the caller's word for their shape). */
export type SqlQuery = <Row>(statement: SqlStatement) => Promise<Row[]>

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

/** The statement's result on a pool or one of its clients. */
function pgQuery(queryable: pg.Pool | pg.PoolClient, { text, values }: SqlStatement): Promise<pg.QueryResult> {
  // pg's callback form: with its promise form each statement's parameter (a batch's 32 KiB of lines) outlived young
  // collections (promoted: 23.8 against 6.6 MiB per 32,000-line import); the cause inside pg is not pinned down
  return new Promise((resolve, reject) => {
    queryable.query(text, [...values], (error: Error | undefined, result: pg.QueryResult) => (error ? reject(error) : resolve(result)))
  })
}

/** Single statements on the pool (each on whichever client is free). */
export function pgQueries(pool: pg.Pool): SqlQuery {
  return async <Row>(statement: SqlStatement) => (await pgQuery(pool, statement)).rows as Row[]
}

/** Single statements on an in-process PGlite (queued behind a transaction that holds its session). */
export function pgliteQueries(pglite: PGlite): SqlQuery {
  return async <Row>({ text, values }: SqlStatement) => (await pglite.query<Row>(text, [...values])).rows
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
        return pgQuery(client, { text, values }).then((result) => result.rowCount ?? 0)
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
