// Item 7: two server instances on one database behave as one. Each instance
// here is its own Services (own caches, limiters, better-auth) behind its own
// HTTP server, as two processes would be; they share only the database and
// THREADLINE_AUTH_SECRET. (Built `next start` instances are not started here.)
import { demoOperator } from '@threadline/db/seed'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { LEASE_TTL_MS } from './auth/rate-limiter.ts'
import { createThreadlineClient } from './client/index.ts'
import { readServerConfig } from './config.ts'
import { createServices } from './services.ts'
import { cookieJarFetch, TEST_AUTH_SECRET, type ApiHarness } from './testing/api-harness.ts'
import { describeEachApi } from './testing/each-database.ts'
import { failureOf } from './testing/errors.ts'
import { manualClock } from './testing/manual-clock.ts'
import { startTestServer, type TestServer } from './testing/test-server.ts'

describeEachApi('two instances on one database', (getApi) => {
  let api: ApiHarness
  let a: TestServer
  let b: TestServer
  const clock = manualClock()

  beforeAll(async () => {
    api = getApi()
    const env = { THREADLINE_AUTH_SECRET: TEST_AUTH_SECRET, THREADLINE_RATE_LIMIT_PER_SECOND: '0.5', THREADLINE_RATE_LIMIT_BURST: '3' }
    a = await startTestServer(await createServices(api.db, readServerConfig(env), { now: clock.now }))
    b = await startTestServer(await createServices(api.db, readServerConfig(env), { now: clock.now }))
  })
  afterAll(async () => {
    await a.close()
    await b.close()
  })

  it('accepts a session made on A at B, and honours a sign-out on A at B at once', async () => {
    const signIn = await fetch(`${a.url}/api/trpc/auth.signIn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-threadline-csrf': '1' },
      body: JSON.stringify({ json: { email: demoOperator.email, password: demoOperator.password } }),
    })
    const cookie = signIn.headers.getSetCookie()[0]!.split(';')[0]!
    const withCookie = (server: TestServer) => createThreadlineClient({ url: server.url, headers: { cookie } })
    expect(await withCookie(b).auth.me.query()).toMatchObject({ kind: 'operator', operator: { email: demoOperator.email } })
    await withCookie(a).auth.signOut.mutate()
    // the very cookie, sent again after the sign-out on A: B refuses it (the session row is gone)
    expect(await failureOf(withCookie(b).auth.me.query())).toMatchObject({ code: 'UNAUTHORIZED' })
    expect(await failureOf(withCookie(a).auth.me.query())).toMatchObject({ code: 'UNAUTHORIZED' })
  })

  it('refuses at B a session signed with another secret', async () => {
    const other = await startTestServer(await createServices(api.db, readServerConfig({ THREADLINE_AUTH_SECRET: 'another-secret-0123456789abcdef0123' })))
    try {
      const jar = cookieJarFetch()
      await createThreadlineClient({ url: other.url, fetch: jar }).auth.signIn.mutate({ email: demoOperator.email, password: demoOperator.password })
      expect(await failureOf(createThreadlineClient({ url: b.url, fetch: jar }).auth.me.query())).toMatchObject({ code: 'UNAUTHORIZED' })
    } finally {
      await other.close()
    }
  })

  it('spends one rate limit per token across both instances', async () => {
    const { token } = await api.issueToken({ allResources: true })
    const [onA, onB] = [a, b].map((server) => createThreadlineClient({ url: server.url, token, retry: false }))
    expect(await onA!.resources.list.query()).toBeInstanceOf(Array)
    expect(await onB!.resources.list.query()).toBeInstanceOf(Array)
    expect(await onA!.resources.list.query()).toBeInstanceOf(Array)
    // the burst of 3 is spent, whichever instance is asked
    expect(await failureOf(onB!.resources.list.query())).toMatchObject({ code: 'TOO_MANY_REQUESTS' })
    expect(await failureOf(onA!.resources.list.query())).toMatchObject({ code: 'TOO_MANY_REQUESTS' })
    clock.advance(2_000)
    expect(await onB!.resources.list.query()).toBeInstanceOf(Array)
    expect(await failureOf(onA!.resources.list.query())).toMatchObject({ code: 'TOO_MANY_REQUESTS' })
  })
  it('leasing 10 requests at a time (burst 100): a token revoked on A is refused by A at once, by B once its lease ends', async () => {
    const env = { THREADLINE_AUTH_SECRET: TEST_AUTH_SECRET, THREADLINE_RATE_LIMIT_PER_SECOND: '0.5', THREADLINE_RATE_LIMIT_BURST: '100' }
    const [onA, onB] = await Promise.all([0, 1].map(async () => createServices(api.db, readServerConfig(env), { now: clock.now })))
    const [leasingA, leasingB] = await Promise.all([onA!, onB!].map((services) => startTestServer(services)))
    try {
      const { token, tokenId } = await api.issueToken({ allResources: true })
      const [clientA, clientB] = [leasingA!, leasingB!].map((server) => createThreadlineClient({ url: server.url, token, retry: false }))
      expect(await clientA!.resources.list.query()).toBeInstanceOf(Array)
      expect(await clientB!.resources.list.query()).toBeInstanceOf(Array)
      await onA!.apiTokens.revoke(tokenId)
      expect(await failureOf(clientA!.resources.list.query())).toMatchObject({ code: 'UNAUTHORIZED' })
      // B serves what it leased until the lease ends (docs/operations.md, "The rate limit's leases")
      expect(await clientB!.resources.list.query()).toBeInstanceOf(Array)
      clock.advance(LEASE_TTL_MS)
      expect(await failureOf(clientB!.resources.list.query())).toMatchObject({ code: 'UNAUTHORIZED' })
    } finally {
      await Promise.all([leasingA!, leasingB!].map((server) => server.close()))
    }
  })
})
