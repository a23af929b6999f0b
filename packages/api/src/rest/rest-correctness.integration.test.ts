// Issue 30's correctness items over real HTTP on both databases, REST and tRPC
// alike: out-of-range dates and foreign cursors are 400s naming the field, a
// taken thread id is one neutral 409 naming `threadId`, a 401 says how to
// authenticate (WWW-Authenticate), and a path's other methods are a 405 with Allow.
import superjson from 'superjson'
import { beforeAll, expect, it } from 'vitest'
import type { ApiHarness } from '../testing/api-harness.ts'
import { describeEachApi } from '../testing/each-database.ts'
import { failureOf } from '../testing/errors.ts'
import { jsonTextMessage } from '../testing/json-text-message.ts'

const TENANT = 'correctness-tenant'
const OTHER = 'correctness-other'

describeEachApi('REST and tRPC correctness (issue 30)', (getApi) => {
  let api: ApiHarness
  let token: string
  let stranger: string
  let readAll: string
  const rest = async (method: string, path: string, options: { token?: string; body?: unknown } = {}) => {
    const response = await fetch(`${api.server.url}${path}`, {
      method,
      headers: {
        ...(options.token === undefined ? {} : { authorization: `Bearer ${options.token}` }),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    })
    return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> }
  }

  beforeAll(async () => {
    api = getApi()
    token = (await api.issueToken({ resourceIds: [TENANT], canWrite: true })).token
    stranger = (await api.issueToken({ resourceIds: [OTHER], canWrite: true })).token
    readAll = (await api.issueToken({ allResources: true, canWrite: false })).token
    await rest('POST', '/api/v1/threads', { token, body: { threadId: 'correctness-thread', resourceId: TENANT } })
  })

  it('a date outside the years 1 to 9999 is a 400 naming the field, not a 500', async () => {
    const base = jsonTextMessage({ id: 'correctness-m1', index: 0, text: 'hi', threadId: 'correctness-thread', resourceId: TENANT, startsAt: 0 })
    for (const createdAt of [-1e15, '10000-01-01T00:00:00Z', 8.64e15]) {
      const answer = await rest('POST', '/api/v1/messages', { token, body: { messages: [{ ...base, createdAt }] } })
      expect(answer.status, String(createdAt)).toBe(400)
      expect(answer.body).toMatchObject({ code: 'BAD_REQUEST', field: 'messages[0].createdAt' })
    }
    const client = await api.tokenClient({ resourceIds: [TENANT], canWrite: true })
    const failure = await failureOf(client.messages.save.mutate({ messages: [{ ...base, createdAt: new Date(-1e15) }] as never }))
    expect(failure).toMatchObject({ code: 'BAD_REQUEST', httpStatus: 400 })
    expect(failure.message).toContain('createdAt')
  })

  it('calls.list takes only a cursor it gave, like messages.list: a foreign one is a 400 naming cursor', async () => {
    for (const path of ['/api/v1/calls?cursor=zzz', '/api/v1/threads/correctness-thread/messages?cursor=zzz']) {
      const answer = await rest('GET', path, { token })
      expect(answer.status, path).toBe(400)
      expect(answer.body, path).toMatchObject({ code: 'BAD_REQUEST', field: 'cursor' })
    }
    // the cursor it gives pages through every call, each once
    const seen: string[] = []
    let cursor: string | null = null
    do {
      const query = cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`
      const page = await rest('GET', `/api/v1/calls?limit=2${query}`, { token: readAll })
      expect(page.status).toBe(200)
      seen.push(...(page.body.calls as { id: string }[]).map((call) => call.id))
      cursor = page.body.nextCursor as string | null
    } while (cursor !== null)
    const all = await rest('GET', '/api/v1/calls?limit=200', { token: readAll })
    expect(seen).toEqual((all.body.calls as { id: string }[]).map((call) => call.id))
    expect(seen.length).toBeGreaterThan(2)
  })

  it("a taken thread id is one neutral 409 naming threadId, whoever's thread it is", async () => {
    const own = await rest('POST', '/api/v1/threads', { token, body: { threadId: 'correctness-thread', resourceId: TENANT } })
    const foreign = await rest('POST', '/api/v1/threads', { token: stranger, body: { threadId: 'correctness-thread', resourceId: OTHER } })
    for (const answer of [own, foreign]) {
      expect(answer.status).toBe(409)
      expect(answer.body).toMatchObject({ code: 'CONFLICT', field: 'threadId', detail: 'threadId "correctness-thread" is not available' })
    }
  })

  it('a 401 carries WWW-Authenticate (Bearer), over REST and tRPC', async () => {
    const missing = await rest('GET', '/api/v1/threads')
    expect(missing.status).toBe(401)
    expect(missing.headers.get('www-authenticate')).toBe('Bearer realm="threadline"')
    const refused = await rest('GET', '/api/v1/threads', { token: 'tl_not-a-token' })
    expect(refused.status).toBe(401)
    expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer realm="threadline", error="invalid_token"/)
    const input = encodeURIComponent(JSON.stringify(superjson.serialize({})))
    const trpc = await fetch(`${api.server.url}/api/trpc/threads.list?input=${input}`, { headers: { authorization: 'Bearer tl_not-a-token' } })
    expect(trpc.status).toBe(401)
    expect(trpc.headers.get('www-authenticate')).toMatch(/error="invalid_token"/)
  })

  it('a method a path does not answer is a 405 with Allow; an unknown path stays a 404', async () => {
    const put = await rest('PUT', '/api/v1/threads', { token })
    expect(put.status).toBe(405)
    expect(put.headers.get('allow')).toBe('GET, POST')
    expect(put.body).toMatchObject({ status: 405, code: 'METHOD_NOT_SUPPORTED' })
    const health = await rest('DELETE', '/api/v1/health')
    expect(health.status).toBe(405)
    expect(health.headers.get('allow')).toBe('GET')
    expect((await rest('GET', '/api/v1/no-such-thing', { token })).status).toBe(404)
  })
})
