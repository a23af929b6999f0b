// The server's settings, read once from the environment and validated: a bad
// value stops the server with the variable's name instead of failing later.
import { randomBytes } from 'node:crypto'
import type { EmbeddingModelV3 } from '@ai-sdk/provider'
import { DEFAULT_EMBED_TIMEOUT_MS, fieldIssues, ModelResolutionError } from '@threadline/engine'
import { resolveEmbeddingModelOrLocal } from '@threadline/local-embedder'
import { z } from 'zod'
import { defaultLease, type RateLimiterOptions } from './auth/rate-limiter.ts'
import type { SignInThrottleConfig } from './auth/sign-in-throttle.ts'
import { DEFAULT_MAX_BODY_BYTES } from './body-limit.ts'
import { DEFAULT_MAX_IMPORT_BYTES } from './rest/ndjson-lines.ts'
import { DEFAULT_PLAYGROUND_POOL_LIMITS, type PlaygroundPoolLimits } from './playground/worker/playground-pool.ts'

const positiveNumber = z.coerce.number().positive()
const positiveInteger = z.coerce.number().int().positive()

const envSchema = z.object({
  /** signs session cookies; at least 32 characters. Unset: a random one per process (sessions end on restart). */
  THREADLINE_AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** the public origin of the app; https turns on Secure cookies */
  THREADLINE_BASE_URL: z.url().optional(),
  THREADLINE_ADMIN_EMAIL: z.email().optional(),
  THREADLINE_ADMIN_PASSWORD: z.string().optional(),
  THREADLINE_ADMIN_NAME: z.string().trim().min(1).optional(),
  /** API-token rate limit: sustained requests per second and burst size, per token */
  THREADLINE_RATE_LIMIT_PER_SECOND: positiveNumber.default(50),
  THREADLINE_RATE_LIMIT_BURST: positiveNumber.default(100),
  /** requests an instance leases from a token's bucket at once (default a tenth of the burst); 1: exact limits, revocations seen at once everywhere */
  THREADLINE_RATE_LIMIT_LEASE: positiveInteger.optional(),
  /** sign-in: failures (per address, per account) before delays start, and the longest delays */
  THREADLINE_SIGN_IN_FREE_FAILURES: positiveInteger.default(5),
  THREADLINE_SIGN_IN_MAX_DELAY_SECONDS: positiveNumber.default(900),
  THREADLINE_SIGN_IN_MAX_ACCOUNT_DELAY_SECONDS: positiveNumber.default(60),
  /** password hashes computed at once by this process, and how many more may wait (then 429) */
  THREADLINE_PASSWORD_CHECKS: positiveInteger.default(1),
  THREADLINE_PASSWORD_CHECK_QUEUE: z.coerce.number().int().min(0).default(32),
  /** reverse proxies in front of the app that append to X-Forwarded-For; the client address is the entry the outermost one added */
  THREADLINE_TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).default(0),
  THREADLINE_SESSION_TTL_HOURS: positiveNumber.default(24 * 7),
  /** the largest request body the API reads (bytes); larger ones are refused with 413 */
  THREADLINE_MAX_BODY_BYTES: positiveInteger.default(DEFAULT_MAX_BODY_BYTES),
  /** the largest thread import (bytes, streamed: never held whole); each of its lines is at most THREADLINE_MAX_BODY_BYTES */
  THREADLINE_MAX_IMPORT_BYTES: positiveInteger.default(DEFAULT_MAX_IMPORT_BYTES),
  /** sandboxed playground runs: worker threads, wall-clock deadline per run, result cap, runs in flight per caller */
  THREADLINE_PLAYGROUND_THREADS: positiveInteger.default(DEFAULT_PLAYGROUND_POOL_LIMITS.threads),
  THREADLINE_PLAYGROUND_DEADLINE_MS: positiveInteger.default(DEFAULT_PLAYGROUND_POOL_LIMITS.deadlineMs),
  THREADLINE_PLAYGROUND_QUEUE_WAIT_MS: positiveInteger.default(DEFAULT_PLAYGROUND_POOL_LIMITS.queueWaitMs),
  THREADLINE_PLAYGROUND_MAX_OUTPUT_BYTES: positiveInteger.default(DEFAULT_PLAYGROUND_POOL_LIMITS.maxOutputBytes),
  THREADLINE_PLAYGROUND_RUNS_PER_CALLER: positiveInteger.default(DEFAULT_PLAYGROUND_POOL_LIMITS.perCaller),
  /** an AI SDK embedding model, 'provider:model-id' (e.g. openai:text-embedding-3-small), or local:universal-sentence-encoder-lite (in-process): recall becomes hybrid where pgvector is */
  THREADLINE_EMBEDDING_MODEL: z.string().trim().min(1).optional(),
  /** background indexing: jobs this instance runs at once (0: this instance runs no index worker) */
  THREADLINE_INDEX_CONCURRENCY: z.coerce.number().int().min(0).max(16).default(2),
  /** messages per embedding call and per write transaction of an index job */
  THREADLINE_INDEX_BATCH_SIZE: z.coerce.number().int().min(1).max(2048).default(100),
  /** deadline of one embedding call of an index job (ms): past it the call is aborted and the job retried with backoff */
  THREADLINE_INDEX_EMBED_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(DEFAULT_EMBED_TIMEOUT_MS),
  /** an API token registered at startup with every resource, read and write (docs/api.md, "The first token"); revocable like any token */
  THREADLINE_BOOTSTRAP_TOKEN: z
    .string()
    .trim()
    .regex(/^tl_[A-Za-z0-9_-]{32,200}$/, 'must be "tl_" then 32 to 200 letters, digits, "-" or "_" (e.g. tl_ and `openssl rand -hex 32`)')
    .optional(),
  /** record every workbench LLM call (issue 14): on by default; off records nothing */
  THREADLINE_RECORD_CALLS: z.enum(['on', 'off']).default('on'),
})

export type ServerConfig = {
  auth: { secret: string; baseURL: string; sessionTtlSeconds: number; secretIsEphemeral: boolean }
  /** THREADLINE_BOOTSTRAP_TOKEN: registered at startup unless its row exists (so a revocation holds) */
  bootstrapToken: string | null
  /** the first admin, created at startup when no operator exists */
  firstAdmin: { email: string; password: string; name: string } | null
  /** per API token */
  rateLimit: RateLimiterOptions
  /** progressive sign-in delays, per client address and per account */
  signInThrottle: SignInThrottleConfig
  /** the process-wide cap on password hashing */
  passwordChecks: { concurrent: number; maxWaiting: number }
  /** reverse proxies trusted to append the client address to X-Forwarded-For */
  trustedProxyHops: number
  /** request bodies larger than this are refused with 413 */
  maxBodyBytes: number
  /** a thread import (POST /api/v1/threads/import) larger than this is refused with 413 */
  maxImportBytes: number
  /** the sandbox worker pool (playground runs) */
  playground: PlaygroundPoolLimits
  /** THREADLINE_EMBEDDING_MODEL, resolved (its provider's variables read once); null: full-text recall alone */
  embeddingModel: EmbeddingModelV3 | null
  /** the background index worker (only with an embedding model and pgvector) */
  indexing: { concurrency: number; batchSize: number; embedTimeoutMs: number }
  /** whether workbench turns record their LLM calls (THREADLINE_RECORD_CALLS) */
  recordCalls: boolean
}

export class ServerConfigError extends Error {}

export function readServerConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const problems = fieldIssues(parsed.error)
      .map((issue) => `${issue.path}: ${issue.message}`)
      .join('; ')
    throw new ServerConfigError(`Invalid server environment: ${problems}`)
  }
  const vars = parsed.data
  if (env.NODE_ENV === 'production' && vars.THREADLINE_AUTH_SECRET === undefined) {
    // a random per-process secret would end sessions on every restart and split them between instances
    throw new ServerConfigError(
      'THREADLINE_AUTH_SECRET is required when NODE_ENV=production: set it to the same random value (32+ characters, e.g. `openssl rand -base64 32`) on every instance',
    )
  }
  if (Boolean(vars.THREADLINE_ADMIN_EMAIL) !== Boolean(vars.THREADLINE_ADMIN_PASSWORD)) {
    throw new ServerConfigError('Set both THREADLINE_ADMIN_EMAIL and THREADLINE_ADMIN_PASSWORD, or neither')
  }
  return {
    auth: {
      secret: vars.THREADLINE_AUTH_SECRET ?? randomBytes(32).toString('base64url'),
      secretIsEphemeral: vars.THREADLINE_AUTH_SECRET === undefined,
      baseURL: vars.THREADLINE_BASE_URL ?? `http://localhost:${env.PORT ?? 3000}`,
      sessionTtlSeconds: Math.round(vars.THREADLINE_SESSION_TTL_HOURS * 3600),
    },
    bootstrapToken: vars.THREADLINE_BOOTSTRAP_TOKEN ?? null,
    firstAdmin:
      vars.THREADLINE_ADMIN_EMAIL && vars.THREADLINE_ADMIN_PASSWORD
        ? { email: vars.THREADLINE_ADMIN_EMAIL, password: vars.THREADLINE_ADMIN_PASSWORD, name: vars.THREADLINE_ADMIN_NAME ?? 'Admin' }
        : null,
    rateLimit: {
      perSecond: vars.THREADLINE_RATE_LIMIT_PER_SECOND,
      burst: vars.THREADLINE_RATE_LIMIT_BURST,
      lease: vars.THREADLINE_RATE_LIMIT_LEASE ?? defaultLease(vars.THREADLINE_RATE_LIMIT_BURST),
    },
    signInThrottle: {
      freeFailures: vars.THREADLINE_SIGN_IN_FREE_FAILURES,
      maxAddressDelaySeconds: vars.THREADLINE_SIGN_IN_MAX_DELAY_SECONDS,
      maxAccountDelaySeconds: vars.THREADLINE_SIGN_IN_MAX_ACCOUNT_DELAY_SECONDS,
    },
    passwordChecks: { concurrent: vars.THREADLINE_PASSWORD_CHECKS, maxWaiting: vars.THREADLINE_PASSWORD_CHECK_QUEUE },
    trustedProxyHops: vars.THREADLINE_TRUSTED_PROXY_HOPS,
    maxBodyBytes: vars.THREADLINE_MAX_BODY_BYTES,
    maxImportBytes: vars.THREADLINE_MAX_IMPORT_BYTES,
    embeddingModel: vars.THREADLINE_EMBEDDING_MODEL === undefined ? null : embeddingModel(vars.THREADLINE_EMBEDDING_MODEL, env),
    playground: {
      ...DEFAULT_PLAYGROUND_POOL_LIMITS,
      threads: vars.THREADLINE_PLAYGROUND_THREADS,
      deadlineMs: vars.THREADLINE_PLAYGROUND_DEADLINE_MS,
      queueWaitMs: vars.THREADLINE_PLAYGROUND_QUEUE_WAIT_MS,
      maxOutputBytes: vars.THREADLINE_PLAYGROUND_MAX_OUTPUT_BYTES,
      perCaller: vars.THREADLINE_PLAYGROUND_RUNS_PER_CALLER,
    },
    indexing: {
      concurrency: vars.THREADLINE_INDEX_CONCURRENCY,
      batchSize: vars.THREADLINE_INDEX_BATCH_SIZE,
      embedTimeoutMs: vars.THREADLINE_INDEX_EMBED_TIMEOUT_MS,
    },
    recordCalls: vars.THREADLINE_RECORD_CALLS === 'on',
  }
}

/**
 * The configured embedding model: `local:<id>` is an in-process model of
 * @threadline/local-embedder (no provider, no network), any other string goes
 * through the AI SDK provider registry. One that resolves to nothing stops the
 * server, naming the variable.
 */
function embeddingModel(model: string, env: Record<string, string | undefined>): EmbeddingModelV3 {
  try {
    return resolveEmbeddingModelOrLocal(model, env)
  } catch (error) {
    if (ModelResolutionError.isInstance(error)) throw new ServerConfigError(`Invalid server environment: THREADLINE_EMBEDDING_MODEL: ${error.message}`)
    throw error
  }
}
