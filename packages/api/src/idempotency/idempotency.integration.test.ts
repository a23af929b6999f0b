// Idempotency-Key on creates over real HTTP, on both databases and across two
// server instances sharing one: a retry with the same key and body answers the
// first answer (nothing created twice), another body is 409 naming the field,
// concurrent duplicates create once, a failed create frees its key, keys are
// per caller, and expired keys are pruned in bulk.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createThreadlineClient } from '../client/index.ts'
import { readServerConfig } from '../config.ts'
import { createServices } from '../services.ts'
import { TEST_AUTH_SECRET, type ApiHarness } from '../testing/api-harness.ts'
import { describeEachApi } from '../testing/each-database.ts'
import { failureOf } from '../testing/errors.ts'
import { startTestServer, type TestServer } from '../testing/test-server.ts'
import { IDEMPOTENCY_KEY_TTL_MS, idempotencyStore } from './idempotency-store.ts'

const TENANT = 'idem-tenant'

describeEachApi('Idempotency-Key on creates', (getApi) => {
  let api: ApiHarness
  let token: string
  let second: TestServer

  beforeAll(async () => {
    api = getApi()
    token = (await api.issueToken({ resourceIds: [TENANT], canWrite: true })).token
    // a second instance on the same database, with services of its own
    second = await startTestServer(await createServices(api.db, readServerConfig({ THREADLINE_AUTH_SECRET: TEST_AUTH_SECRET })))
  })
  afterAll(async () => {
    await second.close()
  })

  const post = (base: string, path: string, body: unknown, key?: string, bearer = token) =>
    fetch(`${base}/api/v1${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json', ...(key === undefined ? {} : { 'idempotency-key': key }) },
      body: JSON.stringify(body),
    })
  const threadsOf = async () => (await api.services.memory.listThreads({ resourceId: TENANT, perPage: 1000 })).threads.length

  it('REST: the same key and body on either instance answer the first answer; no second thread', async () => {
    const before = await threadsOf()
    const body = { resourceId: TENANT, title: 'once' }
    const first = await post(api.server.url, '/threads', body, 'key-create-1')
    expect(first.status).toBe(200)
    const created = (await first.json()) as { id: string }
    const again = await post(second.url, '/threads', { title: 'once', resourceId: TENANT }, 'key-create-1')
    expect(again.status).toBe(200)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(await again.json()).toEqual(created)
    expect(await threadsOf()).toBe(before + 1)
  })

  it('the same key with another body is 409 naming idempotencyKey; another caller has keys of its own', async () => {
    await post(api.server.url, '/threads', { resourceId: TENANT, title: 'a' }, 'key-reuse')
    const other = await post(second.url, '/threads', { resourceId: TENANT, title: 'b' }, 'key-reuse')
    expect(other.status).toBe(409)
    expect(await other.json()).toMatchObject({ code: 'CONFLICT', field: 'idempotencyKey' })
    const otherToken = (await api.issueToken({ resourceIds: [TENANT], canWrite: true })).token
    const theirs = await post(api.server.url, '/threads', { resourceId: TENANT, title: 'b' }, 'key-reuse', otherToken)
    expect(theirs.status).toBe(200)
  })

  it('ten concurrent duplicates over both instances create one thread; the others replay it or are told it is in progress', async () => {
    const before = await threadsOf()
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => post(i % 2 === 0 ? api.server.url : second.url, '/threads', { resourceId: TENANT, title: 'race' }, 'key-race')),
    )
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true)
    for (const answer of answers.filter((a) => a.status === 409)) expect(answer.headers.get('retry-after')).toBe('1')
    expect(await threadsOf()).toBe(before + 1)
    const ids = new Set(await Promise.all(answers.filter((a) => a.status === 200).map(async (a) => ((await a.json()) as { id: string }).id)))
    expect(ids.size).toBe(1)
  })

  it('a failed create keeps nothing: the same key runs again once the cause is gone', async () => {
    const source = { resourceId: TENANT, threadId: 'idem-branch-source' }
    const branch = { newThreadId: 'idem-branch' }
    expect((await post(api.server.url, '/threads/idem-branch-source/branches', branch, 'key-branch')).status).toBe(404)
    await post(api.server.url, '/threads', source)
    const client = createThreadlineClient({ url: second.url, token })
    await client.messages.save.mutate({
      messages: [
        {
          id: 'idem-m0',
          threadId: 'idem-branch-source',
          resourceId: TENANT,
          role: 'user',
          createdAt: new Date(),
          content: { format: 2, parts: [{ type: 'text', text: 'hi' }] },
        },
      ],
    })
    const created = await post(api.server.url, '/threads/idem-branch-source/branches', branch, 'key-branch')
    expect(created.status).toBe(200)
    // tRPC takes the key as an input field
    const replay = await client.branches.create.mutate({ sourceThreadId: 'idem-branch-source', ...branch, idempotencyKey: 'key-branch' })
    expect(replay).toMatchObject({ thread: { id: 'idem-branch' } })
    expect(await failureOf(client.threads.create.mutate({ resourceId: TENANT, idempotencyKey: '' }))).toMatchObject({
      code: 'BAD_REQUEST',
      field: 'idempotencyKey',
    })
  })

  it('keys expire after 24 h: pruned in bulk, and the key may be used anew', async () => {
    // an instance whose clock is a day ahead prunes what expired by then
    const store = idempotencyStore(api.db.prisma, () => Date.now() + IDEMPOTENCY_KEY_TTL_MS + 60_000)
    await post(second.url, '/threads', { resourceId: TENANT, title: 'day one' }, 'key-expiry')
    expect(await store.prune()).toBeGreaterThanOrEqual(1)
    const anew = await post(second.url, '/threads', { resourceId: TENANT, title: 'day two' }, 'key-expiry')
    expect(anew.status).toBe(200)
    expect(anew.headers.get('idempotent-replayed')).toBeNull()
  })
})
