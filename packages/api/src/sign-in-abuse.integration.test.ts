// B2: sign-in resists abuse. Progressive per-address and per-account delays in
// the database (not a lockout, and not per process), the client address from a
// trusted proxy hop count, a process-wide cap on password hashing, argon2id
// with rehash of bcrypt hashes, failures that cost the same whether or not the
// email exists, and `health` staying fast under a flood of bad sign-ins.
import { request } from 'node:http'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import bcrypt from 'bcryptjs'
import { createOperator } from '@threadline/db'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createThreadlineClient } from './client/index.ts'
import { readServerConfig } from './config.ts'
import { createServices } from './services.ts'
import { TEST_AUTH_SECRET, type ApiHarness } from './testing/api-harness.ts'
import { describeEachApi } from './testing/each-database.ts'
import { failureOf } from './testing/errors.ts'
import { healthLatencyDuring } from './testing/health-latency.ts'
import { manualClock } from './testing/manual-clock.ts'
import { startTestServer, type TestServer } from './testing/test-server.ts'

const PASSWORD = 'the-real-password'

describeEachApi('sign-in under abuse', (getApi, kind) => {
  let api: ApiHarness
  let server: TestServer
  let other: TestServer
  /** an instance no proxy is trusted in front of (the default hop count 0): its clients reach it from loopback addresses of their own */
  let direct: TestServer
  const clock = manualClock()
  let emails = 0
  const freshEmail = (name = 'guess') => `${name}-${kind}-${++emails}@example.test`

  beforeAll(async () => {
    api = getApi()
    // two "instances" on one database, behind one proxy (hop count 1), on a clock only the test moves
    const env = { THREADLINE_AUTH_SECRET: TEST_AUTH_SECRET, THREADLINE_TRUSTED_PROXY_HOPS: '1', THREADLINE_PASSWORD_CHECK_QUEUE: '4' }
    server = await startTestServer(await createServices(api.db, readServerConfig(env), { now: clock.now }))
    other = await startTestServer(await createServices(api.db, readServerConfig(env), { now: clock.now }))
    const directEnv = { THREADLINE_AUTH_SECRET: TEST_AUTH_SECRET, THREADLINE_PASSWORD_CHECK_QUEUE: '4' }
    direct = await startTestServer(await createServices(api.db, readServerConfig(directEnv), { now: clock.now }))
  })
  afterAll(async () => {
    await server.close()
    await other.close()
    await direct.close()
  })

  /** the proxy appended `address`; whatever the client wrote before it (`forged`) must not count */
  const from = (address: string, target = server, forged = '') =>
    createThreadlineClient({ url: target.url, headers: { 'x-forwarded-for': `${forged}${address}` }, retry: false })
  const signIn = (address: string, email: string, password: string, target = server) => failureOf(from(address, target).auth.signIn.mutate({ email, password }))

  /** A sign-in to `direct` over a socket bound to `socketAddress` (any 127.x.y.z reaches loopback), claiming `forwardedFor`: the HTTP status. */
  const signInDirect = (socketAddress: string, email: string, password: string, forwardedFor?: string) =>
    new Promise<number>((resolve, reject) => {
      const { hostname, port } = new URL(direct.url)
      const headers = {
        'content-type': 'application/json',
        'x-threadline-csrf': '1',
        ...(forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor }),
      }
      request({ host: hostname, port, method: 'POST', path: '/api/trpc/auth.signIn', localAddress: socketAddress, headers }, (response) => {
        response.resume().on('end', () => resolve(response.statusCode ?? 0))
      })
        .on('error', reject)
        .end(JSON.stringify({ json: { email, password } }))
    })
  const socketAddress = (last: number) => `127.${kind === 'pglite' ? 1 : 2}.0.${last}`

  it('delays an address progressively after 5 failures (1 s, then 2 s, ...), whatever it writes in front of the proxy entry, on every instance', async () => {
    const address = `203.0.113.${kind === 'pglite' ? 1 : 2}`
    for (let index = 0; index < 5; index++) {
      const client = from(address, server, `10.9.8.${index}, `)
      expect(await failureOf(client.auth.signIn.mutate({ email: freshEmail(), password: 'guess-guess' }))).toMatchObject({ code: 'UNAUTHORIZED' })
    }
    // the 6th failure starts a 1 s delay; the other instance sees it (it lives in the database)
    expect(await signIn(address, freshEmail(), 'guess-guess')).toMatchObject({ code: 'UNAUTHORIZED' })
    const raw = await fetch(`${other.url}/api/trpc/auth.signIn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-threadline-csrf': '1', 'x-forwarded-for': `198.18.0.1, ${address}` },
      body: JSON.stringify({ json: { email: freshEmail(), password: 'guess-guess' } }),
    })
    expect(raw.status).toBe(429)
    expect(raw.headers.get('retry-after')).toBe('1')
    clock.advance(1_000)
    expect(await signIn(address, freshEmail(), 'guess-guess', other)).toMatchObject({ code: 'UNAUTHORIZED' })
    expect(await signIn(address, freshEmail(), 'guess-guess')).toMatchObject({ code: 'TOO_MANY_REQUESTS' })
    clock.advance(1_999)
    expect(await signIn(address, freshEmail(), 'guess-guess')).toMatchObject({ code: 'TOO_MANY_REQUESTS' })
    clock.advance(1)
    expect(await signIn(address, freshEmail(), 'guess-guess')).toMatchObject({ code: 'UNAUTHORIZED' })
    // another address is not held back
    expect(await signIn('203.0.113.200', freshEmail(), 'guess-guess')).toMatchObject({ code: 'UNAUTHORIZED' })
  })

  it('delays an account guessed from many addresses, but not for an address the real user signed in from', async () => {
    const email = freshEmail('victim')
    await createOperator(api.db.prisma, { email, name: 'Victim', password: PASSWORD })
    const home = `192.0.2.${kind === 'pglite' ? 10 : 11}`
    await from(home).auth.signIn.mutate({ email, password: PASSWORD })
    // an attacker rotating addresses: each stays under the address limit, the account's count grows
    for (let index = 0; index < 6; index++) expect(await signIn(`198.51.100.${index}`, email, 'guess-guess')).toMatchObject({ code: 'UNAUTHORIZED' })
    expect(await signIn('198.51.100.99', email, 'guess-guess')).toMatchObject({ code: 'TOO_MANY_REQUESTS' })
    // a new address waits too (a delay, capped at a minute, not a lockout) ...
    expect(await signIn('198.51.100.98', email, PASSWORD)).toMatchObject({ code: 'TOO_MANY_REQUESTS' })
    // ... the real user's own address does not
    expect(await from(home).auth.signIn.mutate({ email, password: PASSWORD })).toMatchObject({ operator: { email } })
    clock.advance(60_000)
    expect(await from('198.51.100.98').auth.signIn.mutate({ email, password: PASSWORD })).toMatchObject({ operator: { email } })
  })

  it('a failure deletes the failure counts past the reset window, so random emails cannot grow the table; known addresses stay', async () => {
    const keys = async () => (await api.db.prisma.signInThrottle.findMany({ select: { key: true } })).map((row) => row.key)
    const staleAddress = `203.0.113.${kind === 'pglite' ? 50 : 51}`
    const staleEmail = freshEmail('stale')
    expect(await signIn(staleAddress, staleEmail, 'guess-guess')).toMatchObject({ code: 'UNAUTHORIZED' })
    const before = await keys()
    expect(before).toEqual(expect.arrayContaining([`address:${staleAddress}`, `account:${staleEmail}`]))
    const known = before.filter((key) => key.startsWith('known:'))
    expect(known).not.toEqual([])

    clock.advance(60 * 60 * 1000 + 1)
    const freshAddress = `203.0.113.${kind === 'pglite' ? 52 : 53}`
    const nextEmail = freshEmail('next')
    expect(await signIn(freshAddress, nextEmail, 'guess-guess')).toMatchObject({ code: 'UNAUTHORIZED' })
    const after = await keys()
    expect(after).not.toContain(`address:${staleAddress}`)
    expect(after).not.toContain(`account:${staleEmail}`)
    expect(after.filter((key) => !key.startsWith('known:')).sort()).toEqual([`account:${nextEmail}`, `address:${freshAddress}`])
    expect(after.filter((key) => key.startsWith('known:')).sort()).toEqual(known.sort())
  })

  it('replaces a bcrypt hash with argon2id on a correct sign-in', async () => {
    const email = freshEmail('legacy')
    const { id } = await createOperator(api.db.prisma, { email, name: 'Legacy', password: PASSWORD })
    await api.db.prisma.operatorAccount.updateMany({ where: { operatorId: id }, data: { password: await bcrypt.hash(PASSWORD, 4) } })
    const storedHash = async () => (await api.db.prisma.operatorAccount.findFirstOrThrow({ where: { operatorId: id } })).password!
    expect(await storedHash()).toMatch(/^\$2[aby]\$/)
    expect(await signIn('192.0.2.50', email, 'wrong-password')).toMatchObject({ code: 'UNAUTHORIZED' })
    expect(await storedHash()).toMatch(/^\$2[aby]\$/)
    await from('192.0.2.50').auth.signIn.mutate({ email, password: PASSWORD })
    expect(await storedHash()).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(await from('192.0.2.50').auth.signIn.mutate({ email, password: PASSWORD })).toMatchObject({ operator: { email } })
  })

  it('fails an unknown email like a wrong password: same answer, even for a too-short guess, and about the same time', async () => {
    const email = freshEmail('timed')
    await createOperator(api.db.prisma, { email, name: 'Timed', password: PASSWORD })
    const unknown = await signIn('192.0.2.60', freshEmail('nobody'), 'short')
    const wrong = await signIn('192.0.2.61', email, 'short')
    expect(unknown).toEqual(wrong)
    expect(unknown).toMatchObject({ code: 'UNAUTHORIZED', message: 'Invalid email or password' })
    const timed = async (call: () => Promise<unknown>) => {
      const started = performance.now()
      await call()
      return performance.now() - started
    }
    const unknownMs: number[] = []
    const wrongMs: number[] = []
    // interleaved, from addresses of their own (no delay), medians compared
    for (let index = 0; index < 5; index++) {
      unknownMs.push(await timed(() => signIn(`192.0.2.${70 + index}`, freshEmail('nobody'), 'guess-guess')))
      wrongMs.push(await timed(() => signIn(`192.0.2.${80 + index}`, email, 'guess-guess')))
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!
    console.log(`[B2 ${kind}] median failed sign-in: unknown email ${median(unknownMs).toFixed(1)} ms, wrong password ${median(wrongMs).toFixed(1)} ms`)
    // both hash with argon2id (the unknown one hashes what was sent): neither is a fast path
    expect(median(unknownMs)).toBeGreaterThan(median(wrongMs) * 0.5)
    expect(median(wrongMs)).toBeGreaterThan(median(unknownMs) * 0.5)
  })

  it('keeps health answering under 48 concurrent bad sign-ins: hashing stays off the event loop, and past 1 running + 4 queued checks the rest get 429', async () => {
    const probe = createThreadlineClient({ url: server.url })
    const address = (index: number) => `100.64.${kind === 'pglite' ? 1 : 2}.${index}`
    // the baseline on this machine: 48 concurrent health calls instead of sign-ins
    const baseline = await healthLatencyDuring(probe, () => Promise.all(Array.from({ length: 48 }, (_, index) => from(address(index)).health.check.query())), {
      settleMs: 20,
    })
    const loop = monitorEventLoopDelay({ resolution: 10 })
    loop.enable()
    const flood = () => Promise.all(Array.from({ length: 48 }, (_, index) => signIn(address(index), freshEmail('flood'), 'guess-guess')))
    const { outcome, maxHealthMs, healthCalls } = await healthLatencyDuring(probe, flood, { settleMs: 20 })
    loop.disable()
    expect(outcome.status).toBe('fulfilled')
    const codes = outcome.status === 'fulfilled' ? outcome.value.map((failure) => failure.code) : []
    const count = (code: string) => codes.filter((each) => each === code).length
    console.log(
      `[B2 ${kind}] 48 concurrent bad sign-ins: ${count('UNAUTHORIZED')} x 401, ${count('TOO_MANY_REQUESTS')} x 429; ` +
        `slowest health ${maxHealthMs.toFixed(0)} ms over ${healthCalls} calls (48 concurrent health calls instead: ${baseline.maxHealthMs.toFixed(0)} ms); ` +
        `longest event-loop stall ${(loop.max / 1e6).toFixed(0)} ms`,
    )
    expect(count('UNAUTHORIZED') + count('TOO_MANY_REQUESTS')).toBe(48)
    // the queue holds 4 and one runs: a burst of 48 cannot all wait for a hash
    expect(count('TOO_MANY_REQUESTS')).toBeGreaterThan(0)
    expect(count('UNAUTHORIZED')).toBeGreaterThanOrEqual(5)
    // generous for a shared 2-core machine: before, bcryptjs on the loop took health to 7.9 s with 32 attempts
    expect(maxHealthMs).toBeLessThan(5_000)
  })

  it('with no trusted proxy, keys the delay by the socket address: a forged X-Forwarded-For neither escapes it nor lands it on the named address', async () => {
    const attacker = socketAddress(1)
    const operator = socketAddress(2)
    const email = freshEmail('operator')
    await createOperator(api.db.prisma, { email, name: 'Direct operator', password: PASSWORD })
    expect(await signInDirect(operator, email, PASSWORD)).toBe(200)
    // a new forged address on every guess: each still counts for the attacker's socket, so the 6th failure starts a delay
    for (let index = 0; index < 6; index++) expect(await signInDirect(attacker, freshEmail(), 'guess-guess', `203.0.113.${index}`)).toBe(401)
    expect(await signInDirect(attacker, freshEmail(), 'guess-guess', '203.0.113.99')).toBe(429)
    // naming the operator's own address (and guessing the operator's account): the operator is not held back
    clock.advance(60 * 60 * 1000 + 1)
    for (let index = 0; index < 20; index++) await signInDirect(attacker, email, 'guess-guess', operator)
    expect(await signInDirect(operator, email, PASSWORD)).toBe(200)
    expect(await signInDirect(socketAddress(3), email, PASSWORD)).toBe(429)
    // the audit trail has the socket address, and the claimed one apart
    expect(await signInDirect(operator, email, PASSWORD, '198.51.100.1')).toBe(200)
    const [entry] = (await api.services.audit.list({ action: 'operator.signIn', limit: 1 })).events
    expect(entry).toMatchObject({ clientAddress: operator, forwardedFor: '198.51.100.1', details: { email } })
    clock.advance(60 * 60 * 1000 + 1)
  })

  it('never refuses the operator from a known address while 80 attackers from other addresses flood the password checks', async () => {
    const operator = socketAddress(20)
    const email = freshEmail('flooded')
    await createOperator(api.db.prisma, { email, name: 'Flooded operator', password: PASSWORD })
    expect(await signInDirect(operator, email, PASSWORD)).toBe(200)
    const flood = Promise.all(Array.from({ length: 80 }, (_, index) => signInDirect(socketAddress(100 + index), freshEmail('flood'), 'guess-guess')))
    const operatorTries: number[] = []
    for (let index = 0; index < 7; index++) operatorTries.push(await signInDirect(operator, email, PASSWORD))
    const attackers = await flood
    console.log(
      `[B2 ${kind}] 80 concurrent attackers: ${attackers.filter((status) => status === 429).length} x 429 for them; the operator: ${operatorTries.join(', ')}`,
    )
    expect(attackers.filter((status) => status === 429).length).toBeGreaterThan(0)
    expect(operatorTries).toEqual(Array.from({ length: 7 }, () => 200))
  })
})
