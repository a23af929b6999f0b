import { describe, expect, it } from 'vitest'
import { readServerConfig, ServerConfigError } from './config.ts'

describe('readServerConfig', () => {
  it('applies defaults: an ephemeral secret, 50 req/s with bursts of 100 leased 10 at a time, sign-in delays after 5 failures, 1 password check at once, no trusted proxy, no first admin', () => {
    const config = readServerConfig({})
    expect(config.auth.secretIsEphemeral).toBe(true)
    expect(config.auth.secret.length).toBeGreaterThanOrEqual(32)
    expect(config.rateLimit).toEqual({ perSecond: 50, burst: 100, lease: 10 })
    expect(config.signInThrottle).toEqual({ freeFailures: 5, maxAddressDelaySeconds: 900, maxAccountDelaySeconds: 60 })
    expect(config.passwordChecks).toEqual({ concurrent: 1, maxWaiting: 32 })
    expect(config.trustedProxyHops).toBe(0)
    expect(config.firstAdmin).toBeNull()
    expect(config.embeddingModel).toBeNull()
    expect(config.indexing).toEqual({ concurrency: 2, batchSize: 100, embedTimeoutMs: 30_000 })
    expect(readServerConfig({}).auth.secret).not.toBe(config.auth.secret)
  })

  it('reads the variables', () => {
    const config = readServerConfig({
      THREADLINE_AUTH_SECRET: 's'.repeat(32),
      THREADLINE_BASE_URL: 'https://threadline.example.com',
      THREADLINE_ADMIN_EMAIL: 'admin@example.com',
      THREADLINE_ADMIN_PASSWORD: 'long enough password',
      THREADLINE_RATE_LIMIT_PER_SECOND: '5',
      THREADLINE_RATE_LIMIT_BURST: '10',
      THREADLINE_RATE_LIMIT_LEASE: '4',
      THREADLINE_SIGN_IN_FREE_FAILURES: '3',
      THREADLINE_SIGN_IN_MAX_DELAY_SECONDS: '60',
      THREADLINE_SIGN_IN_MAX_ACCOUNT_DELAY_SECONDS: '10',
      THREADLINE_PASSWORD_CHECKS: '4',
      THREADLINE_PASSWORD_CHECK_QUEUE: '0',
      THREADLINE_TRUSTED_PROXY_HOPS: '2',
      THREADLINE_INDEX_EMBED_TIMEOUT_MS: '5000',
    })
    expect(config).toMatchObject({
      auth: { secret: 's'.repeat(32), secretIsEphemeral: false, baseURL: 'https://threadline.example.com' },
      firstAdmin: { email: 'admin@example.com', password: 'long enough password', name: 'Admin' },
      rateLimit: { perSecond: 5, burst: 10, lease: 4 },
      signInThrottle: { freeFailures: 3, maxAddressDelaySeconds: 60, maxAccountDelaySeconds: 10 },
      passwordChecks: { concurrent: 4, maxWaiting: 0 },
      trustedProxyHops: 2,
      indexing: { embedTimeoutMs: 5_000 },
    })
  })

  it('names the variable at fault', () => {
    expect(() => readServerConfig({ THREADLINE_AUTH_SECRET: 'short' })).toThrow(/THREADLINE_AUTH_SECRET: must be at least 32 characters/)
    expect(() => readServerConfig({ THREADLINE_RATE_LIMIT_BURST: 'lots' })).toThrow(ServerConfigError)
    expect(() => readServerConfig({ THREADLINE_RATE_LIMIT_LEASE: '2.5' })).toThrow(/THREADLINE_RATE_LIMIT_LEASE/)
    expect(() => readServerConfig({ THREADLINE_SIGN_IN_FREE_FAILURES: '0' })).toThrow(/THREADLINE_SIGN_IN_FREE_FAILURES/)
    expect(() => readServerConfig({ THREADLINE_TRUSTED_PROXY_HOPS: '-1' })).toThrow(/THREADLINE_TRUSTED_PROXY_HOPS/)
    expect(() => readServerConfig({ THREADLINE_INDEX_EMBED_TIMEOUT_MS: '0' })).toThrow(/THREADLINE_INDEX_EMBED_TIMEOUT_MS/)
    expect(() => readServerConfig({ THREADLINE_ADMIN_EMAIL: 'admin@example.com' })).toThrow(/both THREADLINE_ADMIN_EMAIL and THREADLINE_ADMIN_PASSWORD/)
    expect(() => readServerConfig({ THREADLINE_EMBEDDING_MODEL: 'anthropic:claude' })).toThrow(/THREADLINE_EMBEDDING_MODEL: .*no embedding models/)
    expect(() => readServerConfig({ THREADLINE_EMBEDDING_MODEL: 'text-embedding-3-small' })).toThrow(ServerConfigError)
  })

  it("resolves THREADLINE_EMBEDDING_MODEL through the provider registry, with its provider's variables", () => {
    const { embeddingModel } = readServerConfig({ THREADLINE_EMBEDDING_MODEL: 'openai:text-embedding-3-small', OPENAI_API_KEY: 'k' })
    expect(embeddingModel).toMatchObject({ provider: 'openai.embedding', modelId: 'text-embedding-3-small' })
  })

  it('resolves local:<id> to the in-process model, and refuses an unknown local id with the available ones', () => {
    expect(readServerConfig({ THREADLINE_EMBEDDING_MODEL: 'local:universal-sentence-encoder-lite' }).embeddingModel).toMatchObject({
      provider: 'local',
      modelId: 'universal-sentence-encoder-lite',
    })
    expect(() => readServerConfig({ THREADLINE_EMBEDDING_MODEL: 'local:all-minilm' })).toThrow(
      /THREADLINE_EMBEDDING_MODEL: Cannot resolve model "local:all-minilm": no such local model; available: local:universal-sentence-encoder-lite/,
    )
  })

  it('requires THREADLINE_AUTH_SECRET when NODE_ENV=production, with a start-up error that says how to set it', () => {
    expect(() => readServerConfig({ NODE_ENV: 'production' })).toThrow(/THREADLINE_AUTH_SECRET is required when NODE_ENV=production/)
    expect(readServerConfig({ NODE_ENV: 'production', THREADLINE_AUTH_SECRET: 's'.repeat(32) }).auth.secretIsEphemeral).toBe(false)
  })
})
