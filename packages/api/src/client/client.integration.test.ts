// The typed client against a real server with a tiny rate limit (1 request/s,
// burst 1): it waits out a 429 as Retry-After says, can be told not to, and an
// abort ends a call (also while it waits to retry).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApiHarness, type ApiHarness } from '../testing/api-harness.ts'
import { failureOf } from '../testing/errors.ts'
import { createThreadlineClient, threadlineErrorCode, threadlineErrorData } from './index.ts'
import { retryAfterMs } from './retry-after.ts'

describe('retryAfterMs', () => {
  it('reads delay-seconds and HTTP dates, and nothing else', () => {
    expect(retryAfterMs('2')).toBe(2000)
    expect(retryAfterMs('0.5')).toBe(500)
    expect(retryAfterMs('Thu, 03 Dec 2026 10:00:05 GMT', Date.parse('2026-12-03T10:00:00Z'))).toBe(5000)
    expect(retryAfterMs(null)).toBeNull()
    expect(retryAfterMs('soon')).toBeNull()
    expect(retryAfterMs('-1')).toBeNull()
  })
})

describe('createThreadlineClient against a rate-limited server', () => {
  let api: ApiHarness
  beforeAll(async () => {
    api = await startApiHarness({ THREADLINE_RATE_LIMIT_PER_SECOND: '1', THREADLINE_RATE_LIMIT_BURST: '1' })
  }, 120_000)
  afterAll(async () => {
    await api.close()
  })

  it('retries after a 429 as Retry-After says, and succeeds', async () => {
    const { token } = await api.issueToken({ allResources: true })
    const client = createThreadlineClient({ url: api.server.url, token })
    await client.threads.list.query({})
    const started = Date.now()
    await client.threads.list.query({})
    // the second call was refused (Retry-After: 1) and sent again about a second later
    expect(Date.now() - started).toBeGreaterThanOrEqual(900)
  })

  it('hands the 429 to the caller with retry: false (TOO_MANY_REQUESTS)', async () => {
    const { token } = await api.issueToken({ allResources: true })
    const client = createThreadlineClient({ url: api.server.url, token, retry: false })
    await client.threads.list.query({})
    const failure = await failureOf(client.threads.list.query({}))
    expect(failure).toMatchObject({ code: 'TOO_MANY_REQUESTS', httpStatus: 429 })
  })

  it('ends a call on abort, also while it waits to retry', async () => {
    const { token } = await api.issueToken({ allResources: true })
    const client = createThreadlineClient({ url: api.server.url, token })
    await client.threads.list.query({})
    const controller = new AbortController()
    const call = client.threads.list.query({}, { signal: controller.signal })
    setTimeout(() => controller.abort(), 100)
    const error = await call.then(
      () => null,
      (caught: unknown) => caught,
    )
    expect(error).toBeInstanceOf(Error)
    expect(threadlineErrorCode(error)).toBeUndefined()
    expect((error as Error).message).toMatch(/abort/i)
  })

  it('exposes the error data of a refused input: code, field, issues', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1100))
    const caught = await api.operator.threads.create.mutate({ resourceId: '' }).catch((error: unknown) => error)
    expect(threadlineErrorData(caught)).toMatchObject({
      code: 'BAD_REQUEST',
      httpStatus: 400,
      field: 'resourceId',
      issues: [{ path: 'resourceId', message: 'must not be empty' }],
    })
  })
})
