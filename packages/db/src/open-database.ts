// The one way to open the database: embedded PGlite (memory:// or a data
// folder) or a PostgreSQL server, migrated unless told not to.
import { PGlite } from '@electric-sql/pglite'
import { vector as pgvector } from '@electric-sql/pglite-pgvector'
import { PrismaPg } from '@prisma/adapter-pg'
import { StorageError, type IndexJobStore, type LLMCallLog } from '@threadline/engine'
import type { MemoryStorage, ThreadQueries, ThreadTransfer, VectorStore } from '@threadline/engine/storage'
import pg from 'pg'
import { PrismaPGlite } from 'pglite-prisma-adapter'
import { parseDatabaseUrl, resolveDatabaseUrl } from './database-url.ts'
import { lockDataFolder } from './embedded/data-folder-lock.ts'
import { startEmbeddedServer } from './embedded/embedded-server.ts'
import { yieldToRequests, type YieldToRequests } from './embedded/requests-first.ts'
import { PrismaClient } from './generated/prisma/client.ts'
import { applyMigrations, type MigrationSources } from './migrations/apply-migrations.ts'
import { pgliteMigrationFactory, postgresMigrationFactory } from './migrations/migration-adapters.ts'
import { createLLMCallLog } from './calls/llm-call-log.ts'
import { createIndexJobStore, oneSessionPacing } from './indexing/index-job-store.ts'
import { createThreadQueries } from './queries/thread-queries.ts'
import { pgliteQueries, pgliteTransactions, pgQueries, pgTransactions, type RunInSqlTransaction, type SqlQuery } from './transfer/sql-transaction.ts'
import { createThreadTransfer } from './transfer/thread-transfer.ts'
import { connectionStatementName } from './storage/connection-statements.ts'
import { createPrismaStorage } from './storage/prisma-storage.ts'

export type DatabaseKind = 'pglite' | 'postgres'

/**
 * PGlite is one session: a long read outside a transaction goes as pages of
 * this many rows, other requests' statements between them (issue 33). A page
 * of a thread's structure costs ~30-80 ms there (50k rows: ~3.4 s in one statement).
 */
const PGLITE_PAGE_ROWS = 1_000

/**
 * The longest an index job's statement waits for the embedded connection to
 * be free of requests: under a steady stream of requests the job still
 * writes a few vectors a second.
 */
const REQUESTS_FIRST_MAX_WAIT_MS = 250

export type Database = {
  storage: MemoryStorage
  /**
   * Always present. On a PostgreSQL server without pgvector every method
   * rejects with VectorExtensionMissingError (naming the extension and what is
   * missing), so the engine tells "no semantic recall here" by that error.
   */
  vector: VectorStore
  /** the admin UI's read model: the threads explorer's listing and the resources that own threads */
  threadQueries: ThreadQueries
  /** thread export and import as JSON Lines, streamed both ways (docs/export-format.md) */
  threadTransfer: ThreadTransfer
  /** recorded LLM calls (issue 14): a call with its attempts and events per transaction */
  callLog: LLMCallLog
  /** background indexing (issue 16): the durable job queue, claimed with FOR UPDATE SKIP LOCKED */
  indexJobs: IndexJobStore
  kind: DatabaseKind
  prisma: PrismaClient
  /** a transaction on the driver itself, for statements with large parameters (the import's; see transfer/sql-transaction.ts) */
  sqlTransaction: RunInSqlTransaction
  /** a statement on the driver itself, for reads with large results (the export's pages; see transfer/sql-transaction.ts) */
  sqlQuery: SqlQuery
  /** Releases the Prisma client and the pool or PGlite instance. */
  close(): Promise<void>
}

export type OpenDatabaseOptions = {
  /** Apply pending migrations first (default true). */
  migrate?: boolean
  /**
   * Called with each statement sent to the server, before it goes (tests count
   * a request's round trips with it). PostgreSQL and the embedded server only:
   * memory:// runs in-process, with no round trips.
   */
  onQuery?: (sql: string) => void
}

type Connection = {
  kind: DatabaseKind
  prisma: PrismaClient
  sqlTransaction: RunInSqlTransaction
  sqlQuery: SqlQuery
  /** where requests share one connection with background work: the work waits for them */
  yieldToRequests?: YieldToRequests
  migrate(sources?: MigrationSources): Promise<string[]>
  release(): Promise<void>
}

// memory:// lives and dies with this process: PGlite in-process is enough.
async function connectMemoryPGlite(): Promise<Connection> {
  const pglite = new PGlite('memory://', { extensions: { vector: pgvector } })
  await pglite.waitReady
  return {
    kind: 'pglite',
    prisma: new PrismaClient({ adapter: new PrismaPGlite(pglite) }),
    sqlTransaction: pgliteTransactions(pglite),
    sqlQuery: pgliteQueries(pglite),
    migrate: (sources) => applyMigrations(pgliteMigrationFactory(pglite), sources),
    // Without close() the process hangs for seconds after the client is gone.
    release: () => pglite.close(),
  }
}

/** Every statement a client of the pool sends passes `onQuery` first. */
function observeQueries(pool: pg.Pool, onQuery: ((sql: string) => void) | undefined): void {
  if (onQuery === undefined) return
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown
    Object.assign(client, {
      query: (...args: unknown[]) => {
        // pg takes the SQL text, or a config object with `text`
        const [first] = args
        const text = typeof first === 'string' ? first : (first as { text?: unknown } | undefined)?.text
        onQuery(typeof text === 'string' ? text : '')
        return query(...args)
      },
    })
  })
}

function postgresConnection(kind: DatabaseKind, pool: pg.Pool, release: () => Promise<void>): Connection {
  return {
    kind,
    prisma: new PrismaClient({ adapter: new PrismaPg(pool, { statementNameGenerator: connectionStatementName }) }),
    sqlTransaction: pgTransactions(pool),
    sqlQuery: pgQueries(pool),
    migrate: (sources) => applyMigrations(postgresMigrationFactory(pool), sources),
    release,
  }
}

/**
 * A data folder has one owner process (the lock) and runs in its own thread,
 * served over the PostgreSQL wire protocol: a long statement never blocks the
 * thread that answers requests. One connection, as PGlite is one session.
 */
async function connectEmbedded(dataDir: string, onQuery?: (sql: string) => void): Promise<Connection> {
  const lock = lockDataFolder(dataDir)
  try {
    const server = await startEmbeddedServer(dataDir)
    const pool = new pg.Pool({ host: server.host, port: server.port, user: 'postgres', database: 'postgres', max: 1 })
    observeQueries(pool, onQuery)
    const connection = postgresConnection('pglite', pool, async () => {
      try {
        await pool.end()
        await server.stop()
      } finally {
        lock.release()
      }
    })
    return { ...connection, yieldToRequests: yieldToRequests(pool, REQUESTS_FIRST_MAX_WAIT_MS) }
  } catch (error) {
    lock.release()
    throw error
  }
}

function connectPostgres(url: string, onQuery?: (sql: string) => void): Connection {
  // JIT off: our queries are short OLTP statements whose inflated cost estimates
  // (JSON functions) make PostgreSQL JIT-compile them on every call, which costs
  // far more than the query itself (the threads listing went from ~20 ms to ~500 ms).
  const pool = new pg.Pool({ connectionString: url, max: 10, options: '-c jit=off' })
  observeQueries(pool, onQuery)
  return postgresConnection('postgres', pool, () => pool.end())
}

function connect(url: string | undefined, onQuery?: (sql: string) => void): Promise<Connection> | Connection {
  const location = parseDatabaseUrl(resolveDatabaseUrl(url))
  if (location.kind === 'postgres') return connectPostgres(location.url, onQuery)
  return location.dataDir === 'memory://' ? connectMemoryPGlite() : connectEmbedded(location.dataDir, onQuery)
}

// The engine's message is the whole story (which migration, which SQL error).
async function migrate(connection: Connection, sources?: MigrationSources): Promise<string[]> {
  try {
    return await connection.migrate(sources)
  } catch (error) {
    throw new StorageError(`Applying migrations failed: ${error instanceof Error ? error.message : String(error)}`, error)
  }
}

/** Applies pending migrations and closes again; returns the names just applied. */
export async function migrateDatabase(url?: string, sources?: MigrationSources): Promise<string[]> {
  const connection = await connect(url)
  try {
    return await migrate(connection, sources)
  } finally {
    await connection.release()
  }
}

/**
 * `url`: `memory://` (in-memory PGlite), `file:./folder` (PGlite data folder,
 * relative to the repo root), `postgres://` / `postgresql://` (a server, pooled).
 * Without a url: DATABASE_URL, else `file:<repo root>/.data/threadline`.
 */
export async function openDatabase(url?: string, options: OpenDatabaseOptions = {}): Promise<Database> {
  const connection = await connect(url, options.onQuery)
  let closed: Promise<void> | undefined
  const close = () =>
    (closed ??= (async () => {
      try {
        await connection.prisma.$disconnect()
      } finally {
        await connection.release()
      }
    })())
  if (options.migrate !== false) {
    try {
      await migrate(connection)
    } catch (error) {
      await close()
      throw error
    }
  }
  const { storage, vector } = createPrismaStorage(connection.prisma, connection.kind === 'pglite' ? { interleaveRows: PGLITE_PAGE_ROWS } : {})
  return {
    storage,
    vector,
    threadQueries: createThreadQueries(connection.prisma),
    threadTransfer: createThreadTransfer(connection.prisma, connection.sqlTransaction, connection.sqlQuery),
    callLog: createLLMCallLog(connection.prisma),
    indexJobs: createIndexJobStore(
      connection.prisma,
      connection.kind === 'pglite' ? { ...oneSessionPacing, ...(connection.yieldToRequests ? { yieldToRequests: connection.yieldToRequests } : {}) } : {},
    ),
    kind: connection.kind,
    prisma: connection.prisma,
    sqlTransaction: connection.sqlTransaction,
    sqlQuery: connection.sqlQuery,
    close,
  }
}
