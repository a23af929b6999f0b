// Issue 30's message primitives over real HTTP on both databases, every REST
// request and answer checked against the served OpenAPI document: one
// message read with its version (ETag), edited with If-Match / expectedVersion
// (a stale one is 409 and writes nothing), deleted with the branch guards, and
// the newest messages first (order=desc) with a cursor that pages back.
import { beforeAll, expect, it } from 'vitest'
import type { ThreadlineClient } from './client/index.ts'
import type { ApiHarness } from './testing/api-harness.ts'
import { describeEachApi } from './testing/each-database.ts'
import { failureOf } from './testing/errors.ts'
import { jsonTextMessage } from './testing/json-text-message.ts'
import { openApiChecker, type OpenApiChecker } from './testing/openapi-checker.mjs'

const TENANT = 'primitives-tenant'
const startsAt = Date.UTC(2026, 10, 3, 9, 0, 0)
const content = (text: string) => ({ format: 2 as const, parts: [{ type: 'text' as const, text }] })

describeEachApi('message primitives: get, update with versions, delete with guards, newest first', (getApi) => {
  let api: ApiHarness
  let token: string
  let client: ThreadlineClient
  let checker: OpenApiChecker
  const texts = async (threadId: string) =>
    (await api.services.memory.listMessages({ threadId })).map((m) => m.content.parts[0]?.type === 'text' && m.content.parts[0].text)

  beforeAll(async () => {
    api = getApi()
    const issued = await api.issueToken({ resourceIds: [TENANT], canWrite: true })
    token = issued.token
    client = issued.client
    checker = await openApiChecker(api.server.url)
    await client.threads.create.mutate({ threadId: 'prim', resourceId: TENANT })
    const messages = Array.from({ length: 7 }, (_, index) =>
      jsonTextMessage({ id: `p${index}`, index, text: `text ${index}`, threadId: 'prim', resourceId: TENANT, startsAt }),
    )
    await checker.call('POST', '/api/v1/messages', { token, body: { messages } })
  })

  it('REST: GET a message gives its version as ETag; PATCH with that If-Match edits it, a stale If-Match is 409 and writes nothing', async () => {
    const read = await checker.call('GET', '/api/v1/threads/prim/messages/p1', { token })
    expect(read.status).toBe(200)
    expect(read.body).toMatchObject({ version: 1, message: { id: 'p1' } })
    expect(read.headers.get('etag')).toBe('"1"')
    const edit = (ifMatch: string, text: string) =>
      checker.call('PATCH', '/api/v1/threads/prim/messages/p1', { token, headers: { 'if-match': ifMatch }, body: { content: content(text) } })
    const edited = await edit('"1"', 'redacted')
    expect(edited.status).toBe(200)
    expect(edited.body).toMatchObject({ version: 2, message: { content: { parts: [{ text: 'redacted' }] } } })
    expect(edited.headers.get('etag')).toBe('"2"')
    const stale = await edit('"1"', 'lost update')
    expect(stale.status).toBe(409)
    expect(stale.body).toMatchObject({ code: 'CONFLICT', field: 'expectedVersion' })
    expect((await texts('prim'))[1]).toBe('redacted')
    // no If-Match: refused naming the field, never an unconditional overwrite
    const blind = await checker.call('PATCH', '/api/v1/threads/prim/messages/p1', { token, body: { content: content('blind') }, invalidRequest: true })
    expect(blind.status).toBe(400)
    expect(blind.body).toMatchObject({ field: 'expectedVersion' })
  })

  it('tRPC: update takes expectedVersion; a read-only token and another tenant are refused', async () => {
    expect(await client.messages.update.mutate({ threadId: 'prim', messageId: 'p2', expectedVersion: 1, content: content('edited over tRPC') })).toMatchObject({
      version: 2,
    })
    expect(await failureOf(client.messages.update.mutate({ threadId: 'prim', messageId: 'p2', expectedVersion: 1, content: content('stale') }))).toMatchObject({
      code: 'CONFLICT',
    })
    const readOnly = await api.tokenClient({ resourceIds: [TENANT], canWrite: false })
    expect(await failureOf(readOnly.messages.update.mutate({ threadId: 'prim', messageId: 'p2', expectedVersion: 2, content: content('x') }))).toMatchObject({
      code: 'FORBIDDEN',
    })
    const stranger = await api.tokenClient({ resourceIds: ['someone-else'], canWrite: true })
    expect(await failureOf(stranger.messages.delete.mutate({ threadId: 'prim', messageIds: ['p2'] }))).toMatchObject({ code: 'NOT_FOUND' })
    expect(await failureOf(stranger.messages.get.query({ threadId: 'prim', messageId: 'p2' }))).toMatchObject({ code: 'NOT_FOUND' })
  })

  it('order=desc pages newest first; its cursor pages back to the oldest', async () => {
    const first = await checker.call('GET', '/api/v1/threads/prim/messages', { token, query: { order: 'desc', limit: 3 } })
    const page1 = first.body as { items: { id: string }[]; nextCursor: string | null }
    expect(page1.items.map((m) => m.id)).toEqual(['p6', 'p5', 'p4'])
    const second = await client.messages.list.query({ threadId: 'prim', order: 'desc', limit: 3, cursor: page1.nextCursor! })
    expect(second.items.map((m) => m.id)).toEqual(['p3', 'p2', 'p1'])
    const last = await client.messages.list.query({ threadId: 'prim', order: 'desc', limit: 3, cursor: second.nextCursor! })
    expect(last).toMatchObject({ items: [{ id: 'p0' }], nextCursor: null })
  })

  it('delete: a message a branch inherits is 409 (the guard), through the branch too; the thread’s own go with their rows', async () => {
    const branch = await client.branches.create.mutate({ sourceThreadId: 'prim', branchPointMessageId: 'p3', newThreadId: 'prim-branch' })
    expect(branch).toMatchObject({ thread: { id: 'prim-branch' } })
    const shared = await checker.call('POST', '/api/v1/threads/prim/messages/delete', { token, body: { messageIds: ['p6', 'p3'] } })
    expect(shared.status).toBe(409)
    expect(shared.body).toMatchObject({ code: 'CONFLICT' })
    const inherited = await checker.call('POST', '/api/v1/threads/prim-branch/messages/delete', { token, body: { messageIds: ['p0'] } })
    expect(inherited).toMatchObject({ status: 409, body: { field: 'messageId' } })
    // all or nothing: p6 is still there
    expect(await texts('prim')).toHaveLength(7)
    const deleted = await checker.call('POST', '/api/v1/threads/prim/messages/delete', { token, body: { messageIds: ['p6', 'p5'] } })
    expect(deleted).toMatchObject({ status: 200, body: { deleted: 2 } })
    expect(await texts('prim')).toHaveLength(5)
    const unknown = await checker.call('POST', '/api/v1/threads/prim/messages/delete', { token, body: { messageIds: ['p6'] } })
    expect(unknown).toMatchObject({ status: 404, body: { field: 'messageIds' } })
  })

  it('batch limits: 1,000 messages of 1 KB fit the default body limit; a larger body is a 413 problem naming the limits and its size', async () => {
    await client.threads.create.mutate({ threadId: 'prim-batch', resourceId: TENANT })
    const kilobyte = 'k'.repeat(1024)
    const messages = Array.from({ length: 1000 }, (_, index) => ({
      ...jsonTextMessage({ id: `pb${index}`, index, text: kilobyte, threadId: 'prim-batch', resourceId: TENANT, startsAt }),
      content: { format: 2, parts: [{ type: 'text', text: kilobyte }], content: kilobyte },
    }))
    const saved = await checker.call('POST', '/api/v1/messages', { token, body: { messages } })
    expect(saved).toMatchObject({ status: 200, body: { saved: 1000 } })
    const body = JSON.stringify({ messages: [...messages, ...messages].map((m, i) => ({ ...m, id: `pb-big-${i}` })) })
    const refused = await fetch(`${api.server.url}/api/v1/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body,
    })
    expect(refused.status).toBe(413)
    expect(await refused.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      limit: { bytes: 4 * 1024 * 1024, messages: 1000 },
      size: { bytes: Buffer.byteLength(body) },
    })
  })
})
