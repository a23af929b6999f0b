// Everything a request needs, built once per server process: the database, the
// Memory instances, operator auth and the rate limiters.
import type { Database } from '@threadline/db'
import {
  createIndexWorker,
  Memory,
  type IndexJobStore,
  type IndexQueue,
  type IndexWorker,
  VectorExtensionMissingError,
  type Embedder,
  type EmbeddingModelInput,
  type LLMCallLog,
  type MemoryOptions,
} from '@threadline/engine'
import type { ThreadQueries, ThreadTransfer } from '@threadline/engine/storage'
import { apiTokenStore, type ApiTokenStore } from './auth/api-tokens.ts'
import { ensureFirstAdmin } from './auth/first-admin.ts'
import { ensureBootstrapToken } from './auth/headless-tokens.ts'
import { concurrencyGate, type ConcurrencyGate } from './auth/concurrency-gate.ts'
import { createOperatorAuth, type OperatorAuth } from './auth/operator-auth.ts'
import { signInThrottle, type SignInThrottle } from './auth/sign-in-throttle.ts'
import { databaseRateLimiter, type RateLimiter } from './auth/rate-limiter.ts'
import { tokenCache, type TokenCache } from './auth/token-cache.ts'
import { readServerConfig, type ServerConfig } from './config.ts'
import { getDatabase } from './db.ts'
import { ruleStore, type RuleStore } from './playground/rule-store.ts'
import { recordedFixtureStore, type RecordedFixtureStore } from './playground/recorded-fixtures.ts'
import { demoProvider, type DemoProvider } from './workbench/demo-provider.ts'
import { createPlaygroundPool, type PlaygroundPool } from './playground/worker/playground-pool.ts'
import { migrationStatus } from './migration-status.ts'
import { auditLog, type AuditLog } from './audit/audit-log.ts'
import { idempotencyStore, type IdempotencyStore } from './idempotency/idempotency-store.ts'

/** How long a verified token is kept, and how many: its revocation never waits for this (trpc.ts `authenticated`). */
const TOKEN_CACHE_TTL_MS = 30_000
const TOKEN_CACHE_ENTRIES = 10_000

export type MemoryScope = 'thread' | 'resource'

export type Services = {
  db: Database
  config: ServerConfig
  /** the server's Memory: resource-scoped working memory, thread-scoped observational memory (the engine's defaults) */
  memory: Memory
  /** what every Memory of the server embeds with; null (the default): recall is full-text alone (mode 'text') */
  embedder: Embedder | null
  /** a Memory whose working memory, observational memory and semantic recall all use `scope` */
  memoryFor(scope: MemoryScope): Memory
  /** the threads explorer's read model: listing with filters and figures, resources with thread counts */
  threadQueries: ThreadQueries
  /** thread export and import as JSON Lines (the REST handler's rest/thread-transfer.ts) */
  threadTransfer: ThreadTransfer
  /** recorded LLM calls (issue 14): what the workbench's turns record, what the calls router reads */
  calls: LLMCallLog
  /** API tokens, as operators manage them */
  apiTokens: ApiTokenStore
  /** the playground's saved custom rules */
  rules: RuleStore
  /** sandboxed playground runs, on worker threads */
  playground: PlaygroundPool
  /** regression fixtures saved from recorded calls, per saved rule (issue 14) */
  recordedFixtures: RecordedFixtureStore
  /** background indexing (issue 16): the durable job queue, shared by every instance on the database */
  indexJobs: IndexJobStore
  /** this instance's index worker: null without an embedder (or pgvector), or with THREADLINE_INDEX_CONCURRENCY=0 */
  indexWorker: IndexWorker | null
  /** false on a PostgreSQL server without pgvector (then recall is full-text alone, whatever the embedder) */
  semanticRecall: boolean
  auth: OperatorAuth
  /** the process's cap on password hashing (auth's hash and verify run through it) */
  passwordChecks: ConcurrencyGate
  /** per API token, in the database (shared by every instance), leased by this instance; re-checks the token at every lease */
  tokenRateLimiter: RateLimiter
  /** verified API tokens of the last few seconds (revocation: see tokenRateLimiter) */
  tokenCache: TokenCache
  /** progressive sign-in delays, per client address and per account (in the database) */
  signInThrottle: SignInThrottle
  /** the workbench's "Demo: scripted replies" provider (a loopback server started on first use) */
  demoProvider: DemoProvider
  /** Idempotency-Key claims of creates, in the database (shared by every instance), kept 24 h */
  idempotency: IdempotencyStore
  /** who did what, when and from where (issue 17): written after each audited action (clones and branches: with it), read by operators */
  audit: AuditLog
}

/** Whether the database can store vectors (PGlite and PostgreSQL with pgvector). */
async function hasVectorSupport(db: Database): Promise<boolean> {
  try {
    await db.vector.listVectorMessageIds(['vector-support-probe'], 'vector-support-probe')
    return true
  } catch (error) {
    if (VectorExtensionMissingError.isInstance(error)) return false
    throw error
  }
}

export type ServicesOptions = {
  /** the rate limiters' and sign-in delays' clock (epoch ms); tests pass one they move by hand */
  now?: () => number
  /**
   * An AI SDK embedding model or an Embedder: recall becomes hybrid (full-text +
   * vectors) where the database has pgvector. Default: the configured
   * THREADLINE_EMBEDDING_MODEL, else none (full-text recall).
   */
  embedder?: EmbeddingModelInput
  /** start the index worker's loops (default true); tests that drive the worker by hand pass false */
  startIndexWorker?: boolean
}

export async function createServices(db: Database, config: ServerConfig, options: ServicesOptions = {}): Promise<Services> {
  const semanticRecall = await hasVectorSupport(db)
  // embedded: health's migration status is read once here, never behind a long statement (migration-status.ts)
  if (db.kind === 'pglite') await migrationStatus(db)
  // Recall is always on: PostgreSQL full-text search needs no extension. Vectors join it
  // (hybrid) only with an embedder AND pgvector; without pgvector the embedder is not used.
  const embedder = semanticRecall ? (options.embedder ?? config.embeddingModel ?? undefined) : undefined
  const memoryOptions = (scope?: MemoryScope): MemoryOptions => ({
    semanticRecall: scope ? { scope } : true,
    workingMemory: { enabled: true, ...(scope ? { scope } : {}) },
    observationalMemory: { enabled: true, ...(scope ? { scope } : {}) },
  })
  // always given: a call asking for vectors on a server without pgvector gets VectorExtensionMissingError
  const vector = db.vector
  // with vectors, saved messages are embedded by a background job (writes stay fast)
  let indexWorker: IndexWorker | null = null
  const indexQueue: IndexQueue | null =
    embedder === undefined
      ? null
      : {
          async enqueue(job) {
            const queued = await db.indexJobs.enqueue(job)
            indexWorker?.wake()
            return queued
          },
        }
  const memoryWith = (scope?: MemoryScope) =>
    new Memory({ storage: db.storage, vector, ...(embedder === undefined ? {} : { embedder }), indexQueue, options: memoryOptions(scope) })
  const memory = memoryWith()
  if (memory.embedder !== null && config.indexing.concurrency > 0) {
    indexWorker = createIndexWorker({ jobs: db.indexJobs, embedder: memory.embedder, ...config.indexing })
    if (options.startIndexWorker !== false) indexWorker.start()
  }
  const scoped = { thread: memoryWith('thread'), resource: memoryWith('resource') }
  await ensureFirstAdmin(db.prisma, config.firstAdmin)
  await ensureBootstrapToken(db.prisma, config.bootstrapToken)
  const passwordChecks = concurrencyGate(config.passwordChecks)
  const tokenRateLimiter = databaseRateLimiter(db.prisma, config.rateLimit, options.now)
  const verifiedTokens = tokenCache({ ttlMs: TOKEN_CACHE_TTL_MS, maxEntries: TOKEN_CACHE_ENTRIES })
  return {
    db,
    config,
    memory,
    embedder: memory.embedder,
    memoryFor: (scope) => scoped[scope],
    threadQueries: db.threadQueries,
    threadTransfer: db.threadTransfer,
    calls: db.callLog,
    // a token revoked here is refused here at once, whatever this instance leased or cached
    apiTokens: apiTokenStore(db.prisma, (id) => {
      tokenRateLimiter.forget(id)
      verifiedTokens.forget(id)
    }),
    rules: ruleStore(db.prisma),
    recordedFixtures: recordedFixtureStore(db.prisma),
    playground: createPlaygroundPool(config.playground),
    indexJobs: db.indexJobs,
    indexWorker,
    semanticRecall,
    auth: createOperatorAuth(db.prisma, config.auth, passwordChecks),
    passwordChecks,
    tokenRateLimiter,
    tokenCache: verifiedTokens,
    signInThrottle: signInThrottle(db.prisma, config.signInThrottle, options.now),
    demoProvider: demoProvider(),
    audit: auditLog(db.prisma, db.storage),
    idempotency: idempotencyStore(db.prisma, options.now),
  }
}

// Cached on globalThis so the services are built once per server process, also
// when Next evaluates this module in several bundles (route handlers, pages).
const processCache = globalThis as typeof globalThis & { __threadlineServices?: Promise<Services> | undefined }

/** The services of this server process, built on first use from the environment. */
export function getServices(): Promise<Services> {
  processCache.__threadlineServices ??= (async () => {
    const config = readServerConfig()
    if (config.auth.secretIsEphemeral) {
      console.warn('THREADLINE_AUTH_SECRET is not set: using a random secret, so operator sessions end when the server restarts.')
    }
    return createServices(await getDatabase(), config)
  })().catch((error: unknown) => {
    // Let the next request try again instead of caching the failure forever.
    processCache.__threadlineServices = undefined
    throw error
  })
  return processCache.__threadlineServices
}
