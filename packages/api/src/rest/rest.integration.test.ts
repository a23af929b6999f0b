// The REST surface's errors over real HTTP on both databases: plain fetch with
// an API token, every request and answer validated against the served OpenAPI
// document (openapi-backend), errors as problem documents with the typed code
// and the field. The whole flow (1,000 messages, clone, recall, memory) runs
// against the built app on PostgreSQL from plain node: e2e/api-acceptance.spec.ts.
import { beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES_SAVE_LIMIT } from '../batch-limits.ts'
import type { ApiHarness } from '../testing/api-harness.ts'
import { describeEachApi } from '../testing/each-database.ts'
import { jsonTextMessage } from '../testing/json-text-message.ts'
import { openApiChecker } from '../testing/openapi-checker.mjs'

const TENANT = 'rest-tenant'
const OTHER = 'rest-other-tenant'

function message(id: string, index: number, text: string, threadId: string) {
  return jsonTextMessage({ id, index, text, threadId, resourceId: TENANT, startsAt: Date.UTC(2026, 10, 1, 8, 0, 0) })
}

describeEachApi('the REST API', (getApi) => {
  let api: ApiHarness
  let token: string
  let strangerToken: string
  let checker: Awaited<ReturnType<typeof openApiChecker>>
  const call = (...args: Parameters<typeof checker.call>) => checker.call(...args)

  beforeAll(async () => {
    api = getApi()
    token = (await api.issueToken({ resourceIds: [TENANT], canWrite: true })).token
    strangerToken = (await api.issueToken({ resourceIds: [OTHER], canWrite: true })).token
    checker = await openApiChecker(api.server.url)
  })

  it('branches and recorded calls: create, list, diff, promote, materialize; calls list and get', async () => {
    await call('POST', '/api/v1/threads', { token, body: { threadId: 'rest-trunk', resourceId: TENANT, title: 'Trunk' } })
    const trunk = Array.from({ length: 5 }, (_, index) => message(`rest-trunk-${index}`, index, `trunk message ${index}`, 'rest-trunk'))
    await call('POST', '/api/v1/messages', { token, body: { messages: trunk } })

    const branched = await call('POST', '/api/v1/threads/rest-trunk/branches', {
      token,
      body: { newThreadId: 'rest-branch', branchPointMessageId: 'rest-trunk-2', title: 'Other answer' },
    })
    expect(branched.body).toMatchObject({ thread: { id: 'rest-branch', branch: { parentThreadId: 'rest-trunk' } }, inheritedMessageCount: 3 })
    await call('POST', '/api/v1/messages', { token, body: { messages: [message('rest-branch-own', 9, 'a different answer', 'rest-branch')] } })
    expect((await call('GET', '/api/v1/threads/rest-trunk/branches', { token })).body).toMatchObject([
      { id: 'rest-branch', branchPointMessageId: 'rest-trunk-2', branchPointThreadId: 'rest-trunk' },
    ])

    const diff = await call('GET', '/api/v1/threads/rest-trunk/diff', { token, query: { threadIdB: 'rest-branch' } })
    expect(diff.body).toMatchObject({ commonMessageCount: 3, onlyInA: [{ id: 'rest-trunk-3' }, { id: 'rest-trunk-4' }], onlyInB: [{ id: 'rest-branch-own' }] })
    const firstPage = await call('GET', '/api/v1/threads/rest-trunk/diff', { token, query: { threadIdB: 'rest-branch', limit: 1 } })
    expect(firstPage.body).toMatchObject({
      onlyInA: [{ id: 'rest-trunk-3' }],
      onlyInACount: 2,
      truncated: { onlyInA: { total: 2, returned: 1, nextCursor: expect.any(String) }, onlyInB: null },
    })
    const cursorA = (firstPage.body as { truncated: { onlyInA: { nextCursor: string } } }).truncated.onlyInA.nextCursor
    const nextPage = await call('GET', '/api/v1/threads/rest-trunk/diff', { token, query: { threadIdB: 'rest-branch', limit: 1, cursorA } })
    expect(nextPage.body).toMatchObject({ onlyInA: [{ id: 'rest-trunk-4' }], truncated: { onlyInA: { total: 2, returned: 1, nextCursor: null } } })

    const promoted = await call('POST', '/api/v1/threads/rest-branch/promote', { token })
    expect(promoted.body).toMatchObject({
      thread: { id: 'rest-trunk' },
      promotedBranchThreadId: 'rest-branch',
      movedToNewBranchCount: 2,
      movedToSourceCount: 1,
    })
    const newBranch = (promoted.body as { newBranchThread: { id: string } }).newBranchThread.id
    const materialized = await call('POST', `/api/v1/threads/${newBranch}/materialize`, { token })
    expect(materialized.body).toMatchObject({ thread: { id: newBranch, branch: null }, copiedMessageCount: 3 })
    // another tenant's thread stays NOT_FOUND here too
    expect((await call('GET', '/api/v1/threads/rest-trunk/branches', { token: strangerToken })).status).toBe(404)

    expect((await call('GET', '/api/v1/calls', { token, query: { resourceId: TENANT, limit: 10 } })).body).toEqual({ calls: [], nextCursor: null })
    expect((await call('GET', '/api/v1/calls/no-such-call', { token })).body).toMatchObject({ status: 404, code: 'NOT_FOUND' })
  })

  describe('errors are problem documents', () => {
    it("another tenant's thread is NOT_FOUND and its resource FORBIDDEN; no token is UNAUTHORIZED", async () => {
      await call('POST', '/api/v1/threads', { token, body: { threadId: 'rest-owned', resourceId: TENANT } })
      const foreign = await call('GET', '/api/v1/threads/rest-owned', { token: strangerToken })
      expect(foreign).toMatchObject({
        status: 404,
        contentType: 'application/problem+json',
        body: { status: 404, code: 'NOT_FOUND', type: 'urn:threadline:error:NOT_FOUND', title: 'Not found' },
      })
      const forbidden = await call('POST', '/api/v1/threads', { token: strangerToken, body: { resourceId: TENANT } })
      expect(forbidden.body).toMatchObject({ status: 403, code: 'FORBIDDEN', detail: `This API token is not scoped to resource "${TENANT}"` })
      const cloneInto = await call('POST', '/api/v1/threads/rest-owned/clones', { token, body: { resourceId: OTHER } })
      expect(cloneInto.body).toMatchObject({ status: 403, code: 'FORBIDDEN' })
      expect((await call('GET', '/api/v1/threads/rest-owned')).body).toMatchObject({ status: 401, code: 'UNAUTHORIZED' })
    })

    it('bad input names the field in one sentence, with every issue; nothing of a bad batch is saved', async () => {
      await call('POST', '/api/v1/threads', { token, body: { threadId: 'rest-bad', resourceId: TENANT } })
      const wrongType = { resourceId: 5 }
      expect(checker.acceptsRequest('POST', '/api/v1/threads', wrongType)).toBe(false)
      expect((await call('POST', '/api/v1/threads', { token, body: wrongType, invalidRequest: true })).body).toMatchObject({
        status: 400,
        code: 'BAD_REQUEST',
        field: 'resourceId',
        detail: 'resourceId: must be a string',
        issues: [{ path: 'resourceId', message: 'must be a string' }],
      })
      const unknownField = { title: 'x', colour: 'red' }
      expect(checker.acceptsRequest('PATCH', '/api/v1/threads/rest-bad', unknownField)).toBe(false)
      expect((await call('PATCH', '/api/v1/threads/rest-bad', { token, body: unknownField, invalidRequest: true })).body).toMatchObject({
        status: 400,
        field: 'colour',
      })

      const batch = [message('rest-bad-1', 1, 'fine', 'rest-bad'), { ...message('rest-bad-2', 2, 'bad role', 'rest-bad'), role: 'robot' }]
      expect(checker.acceptsRequest('POST', '/api/v1/messages', { messages: batch })).toBe(false)
      expect((await call('POST', '/api/v1/messages', { token, body: { messages: batch }, invalidRequest: true })).body).toMatchObject({
        status: 400,
        field: 'messages[1].role',
      })
      expect(await api.services.memory.countMessages({ threadId: 'rest-bad' })).toBe(0)

      const oversized = Array.from({ length: MESSAGES_SAVE_LIMIT + 1 }, (_, index) => message(`rest-big-${index}`, index, 'x', 'rest-bad'))
      expect((await call('POST', '/api/v1/messages', { token, body: { messages: oversized }, invalidRequest: true })).body).toMatchObject({
        status: 413,
        limit: { bytes: 4 * 1024 * 1024, messages: MESSAGES_SAVE_LIMIT },
        size: { messages: MESSAGES_SAVE_LIMIT + 1 },
      })

      await call('POST', '/api/v1/messages', { token, body: { messages: [message('rest-dup', 1, 'first', 'rest-bad')] } })
      await call('POST', '/api/v1/threads', { token, body: { threadId: 'rest-bad-2', resourceId: TENANT } })
      expect((await call('POST', '/api/v1/messages', { token, body: { messages: [message('rest-dup', 1, 'again', 'rest-bad-2')] } })).body).toMatchObject({
        status: 409,
        code: 'CONFLICT',
      })

      expect((await call('GET', '/api/v1/threads/rest-bad/messages', { token, query: { limit: 0 }, invalidRequest: true })).body).toMatchObject({
        status: 400,
        detail: 'limit: must be at least 1',
      })
    })

    it('answers a body that is not JSON, and an unknown path, as problems too', async () => {
      const notJson = await fetch(`${api.server.url}/api/v1/threads`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: '{"resourceId":' })
      expect(notJson.headers.get('content-type')).toBe('application/problem+json')
      expect(await notJson.json()).toMatchObject({ status: 400, detail: 'The request body is not valid JSON' })
      const unknown = await fetch(`${api.server.url}/api/v1/nothing-here`, { headers: { authorization: `Bearer ${token}` } })
      expect(unknown.status).toBe(404)
      expect(await unknown.json()).toMatchObject({ code: 'NOT_FOUND', detail: expect.stringContaining('/api/openapi.json') })
    })

    it('answers a malformed %-escape with BAD_REQUEST, and what a `.` or `..` id resolves to (the base path, an empty id) with NOT_FOUND', async () => {
      const answer = async (path: string) => {
        const response = await fetch(`${api.server.url}${path}`, { headers: { authorization: `Bearer ${token}` } })
        return { status: response.status, contentType: response.headers.get('content-type'), body: (await response.json()) as unknown }
      }
      for (const path of ['/api/v1/threads/%E0%A4%A', '/api/v1/threads/%zz/messages'])
        expect(await answer(path)).toMatchObject({ status: 400, contentType: 'application/problem+json', body: { code: 'BAD_REQUEST' } })
      for (const path of ['/api/v1', '/api/v1/', '/api/v1/threads/'])
        expect(await answer(path)).toMatchObject({ status: 404, contentType: 'application/problem+json', body: { code: 'NOT_FOUND' } })
    })
  })
})
