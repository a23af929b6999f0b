// Everything a request needs, built once per server process: the database, the
// Memory instances, operator auth and the rate limiters.
import type { Database } from '@threadline/db'
import { Memory, VectorExtensionMissingError, type MemoryOptions } from '@threadline/engine'
import { ensureFirstAdmin } from './auth/first-admin.ts'
import { createOperatorAuth, type OperatorAuth } from './auth/operator-auth.ts'
import { TokenBucketRateLimiter } from './auth/rate-limiter.ts'
import { readServerConfig, type ServerConfig } from './config.ts'
import { getDatabase } from './db.ts'

export type MemoryScope = 'thread' | 'resource'

export type Services = {
  db: Database
  config: ServerConfig
  /** the server's Memory: resource-scoped working memory, thread-scoped observational memory (the engine's defaults) */
  memory: Memory
  /** a Memory whose working memory, observational memory and semantic recall all use `scope` */
  memoryFor(scope: MemoryScope): Memory
  /** false on a PostgreSQL server without pgvector */
  semanticRecall: boolean
  auth: OperatorAuth
  /** per API token */
  tokenRateLimiter: TokenBucketRateLimiter
  /** sign-in attempts, per client address and per email */
  signInRateLimiter: TokenBucketRateLimiter
}

/** Whether the database can store vectors (PGlite and PostgreSQL with pgvector). */
async function hasVectorSupport(db: Database): Promise<boolean> {
  try {
    await db.vector.listVectorMessageIds(['vector-support-probe'], 'vector-support-probe')
    return true
  } catch (error) {
    if (error instanceof VectorExtensionMissingError) return false
    throw error
  }
}

export type ServicesOptions = {
  /** the rate limiters' clock (epoch ms); tests pass one they move by hand */
  now?: () => number
}

export async function createServices(db: Database, config: ServerConfig, options: ServicesOptions = {}): Promise<Services> {
  const semanticRecall = await hasVectorSupport(db)
  // the local embedder (Memory's default): no network, same vectors everywhere
  const memoryOptions = (scope?: MemoryScope): MemoryOptions => ({
    semanticRecall: semanticRecall && scope ? { scope } : semanticRecall,
    workingMemory: { enabled: true, ...(scope ? { scope } : {}) },
    observationalMemory: { enabled: true, ...(scope ? { scope } : {}) },
  })
  const vector = semanticRecall ? db.vector : null
  const memory = new Memory({ storage: db.storage, vector, options: memoryOptions() })
  const scoped = {
    thread: new Memory({ storage: db.storage, vector, embedder: memory.embedder, options: memoryOptions('thread') }),
    resource: new Memory({ storage: db.storage, vector, embedder: memory.embedder, options: memoryOptions('resource') }),
  }
  await ensureFirstAdmin(db.prisma, config.firstAdmin)
  return {
    db,
    config,
    memory,
    memoryFor: (scope) => scoped[scope],
    semanticRecall,
    auth: createOperatorAuth(db.prisma, config.auth),
    tokenRateLimiter: new TokenBucketRateLimiter(config.rateLimit, options.now),
    signInRateLimiter: new TokenBucketRateLimiter(config.signInRateLimit, options.now),
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
