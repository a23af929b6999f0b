// The write API (issue 15): threads.create/update/delete, messages.save and
// messages.list, working memory and observational memory, as API tokens over
// HTTP on both databases: tenant scopes, and for every write the bad inputs a
// caller can send (wrong types, unknown fields, a bad message in a batch, an
// oversized batch, an id that belongs to another thread) with nothing half-written.
import { beforeAll, describe, expect, it } from 'vitest'
import type { ThreadlineClient, ThreadlineInputs } from './client/index.ts'
import { MESSAGES_SAVE_LIMIT } from './batch-limits.ts'
import type { ApiHarness } from './testing/api-harness.ts'
import { describeEachApi } from './testing/each-database.ts'
import { failureOf } from './testing/errors.ts'

type MessageInput = ThreadlineInputs['messages']['save']['messages'][number]

const TENANT = 'writes-tenant'
const OTHER = 'writes-other-tenant'

function message(threadId: string, id: string, text: string, at: number, resourceId = TENANT): MessageInput {
  return {
    id,
    threadId,
    resourceId,
    role: at % 2 === 0 ? 'user' : 'assistant',
    createdAt: new Date(Date.UTC(2026, 11, 1, 9, 0, 0) + at * 1000),
    content: { format: 2, parts: [{ type: 'text', text }] },
  }
}

describeEachApi('the write API', (getApi) => {
  let api: ApiHarness
  /** read+write, scoped to a resource that has no threads before these tests */
  let writer: ThreadlineClient
  let readOnly: ThreadlineClient
  let stranger: ThreadlineClient
  beforeAll(async () => {
    api = getApi()
    writer = await api.tokenClient({ resourceIds: [TENANT], canWrite: true })
    readOnly = await api.tokenClient({ resourceIds: [TENANT] })
    stranger = await api.tokenClient({ resourceIds: [OTHER], canWrite: true })
  })

  async function messageCount(threadId: string): Promise<number> {
    return await api.services.memory.countMessages({ threadId })
  }

  describe('threads.create / update / delete', () => {
    it('creates a thread in a resource with no threads yet, and refuses an existing id (CONFLICT)', async () => {
      const thread = await writer.threads.create.mutate({
        threadId: 'w-create',
        resourceId: TENANT,
        title: 'Created over the API',
        metadata: { source: 'test' },
      })
      expect(thread).toMatchObject({ id: 'w-create', resourceId: TENANT, title: 'Created over the API', metadata: { source: 'test' } })
      const generated = await writer.threads.create.mutate({ resourceId: TENANT })
      expect(generated.id).toMatch(/^[0-9a-f-]{36}$/)
      expect(await failureOf(writer.threads.create.mutate({ threadId: 'w-create', resourceId: TENANT }))).toMatchObject({ code: 'CONFLICT' })
    })

    it('refuses another resource (FORBIDDEN), a read-only token (FORBIDDEN), wrong types and unknown fields (BAD_REQUEST naming the field)', async () => {
      expect(await failureOf(writer.threads.create.mutate({ resourceId: OTHER }))).toMatchObject({ code: 'FORBIDDEN' })
      expect(await failureOf(readOnly.threads.create.mutate({ resourceId: TENANT }))).toMatchObject({ code: 'FORBIDDEN' })
      const wrongType = await failureOf(writer.threads.create.mutate({ resourceId: TENANT, title: 5 as unknown as string }))
      expect(wrongType).toMatchObject({ code: 'BAD_REQUEST', httpStatus: 400, field: 'title', message: 'title: must be a string' })
      const unknown = await failureOf(writer.threads.create.mutate({ resourceId: TENANT, colour: 'red' } as never))
      expect(unknown).toMatchObject({ code: 'BAD_REQUEST', field: 'colour', message: 'colour: is not a known field' })
      const several = await failureOf(writer.threads.create.mutate({ resourceId: '', title: 5 } as never))
      expect(several.message).toBe('resourceId: must not be empty (and 1 more problem, see data.issues)')
      expect(several.issues).toEqual([
        { path: 'resourceId', message: 'must not be empty' },
        { path: 'title', message: 'must be a string' },
      ])
    })

    it("updates the title and metadata; another tenant's thread is NOT_FOUND; bad input names the field", async () => {
      await writer.threads.create.mutate({ threadId: 'w-update', resourceId: TENANT, title: 'Before' })
      const updated = await writer.threads.update.mutate({ threadId: 'w-update', title: 'After', metadata: { stage: 2 } })
      expect(updated).toMatchObject({ id: 'w-update', title: 'After', metadata: { stage: 2 } })
      expect(await failureOf(stranger.threads.update.mutate({ threadId: 'w-update', title: 'Hijacked' }))).toMatchObject({ code: 'NOT_FOUND' })
      expect(await failureOf(writer.threads.update.mutate({ threadId: 'w-update', metadata: 'x' as never }))).toMatchObject({
        code: 'BAD_REQUEST',
        field: 'metadata',
      })
      expect(await failureOf(writer.threads.update.mutate({ threadId: 'w-update', owner: 'x' } as never))).toMatchObject({ field: 'owner' })
      expect((await api.services.memory.getThreadById({ threadId: 'w-update' }))?.title).toBe('After')
    })

    it('deletes a thread; one with branches only with branches: delete or materialize (CONFLICT otherwise)', async () => {
      await writer.threads.create.mutate({ threadId: 'w-delete', resourceId: TENANT })
      await writer.messages.save.mutate({ messages: [message('w-delete', 'w-delete-1', 'hello', 0)] })
      const branch = await writer.branches.create.mutate({ sourceThreadId: 'w-delete' })
      expect(await failureOf(writer.threads.delete.mutate({ threadId: 'w-delete' }))).toMatchObject({ code: 'CONFLICT' })
      expect(await failureOf(writer.threads.delete.mutate({ threadId: 'w-delete', branches: 'keep' as never }))).toMatchObject({ field: 'branches' })
      expect(await failureOf(stranger.threads.delete.mutate({ threadId: 'w-delete', branches: 'delete' }))).toMatchObject({ code: 'NOT_FOUND' })
      await writer.threads.delete.mutate({ threadId: 'w-delete', branches: 'materialize' })
      expect(await api.services.memory.getThreadById({ threadId: 'w-delete' })).toBeNull()
      expect(await messageCount(branch.thread.id)).toBe(1)
    })
  })

  describe('messages.save', () => {
    beforeAll(async () => {
      await writer.threads.create.mutate({ threadId: 'w-save', resourceId: TENANT })
      await writer.threads.create.mutate({ threadId: 'w-save-b', resourceId: TENANT })
      await stranger.threads.create.mutate({ threadId: 'w-save-other', resourceId: OTHER })
    })

    it('saves a batch, and saving it again changes nothing (idempotent by message id)', async () => {
      const batch = [0, 1, 2].map((at) => message('w-save', `w-save-${at}`, `line ${at}`, at))
      expect(await writer.messages.save.mutate({ messages: batch })).toEqual({ saved: 3, messageIds: ['w-save-0', 'w-save-1', 'w-save-2'] })
      await writer.messages.save.mutate({ messages: batch })
      expect(await messageCount('w-save')).toBe(3)
      const page = await writer.messages.list.query({ threadId: 'w-save' })
      expect(page.items.map((item) => item.content.parts[0])).toEqual([0, 1, 2].map((at) => ({ type: 'text', text: `line ${at}` })))
    })

    it('saves nothing of a batch with one bad message, and names it', async () => {
      const batch = [3, 4, 5].map((at) => message('w-save', `w-bad-${at}`, `line ${at}`, at))
      const badRole = await failureOf(writer.messages.save.mutate({ messages: [batch[0]!, batch[1]!, { ...batch[2]!, role: 'robot' as never }] }))
      expect(badRole).toMatchObject({
        code: 'BAD_REQUEST',
        field: 'messages[2].role',
        message: 'messages[2].role: must be one of "user", "assistant", "system"',
      })
      const badContent = await failureOf(writer.messages.save.mutate({ messages: [batch[0]!, { ...batch[1]!, content: 'hi' as never }] }))
      expect(badContent).toMatchObject({ field: 'messages[1].content', message: 'messages[1].content: must be an object' })
      const unknown = await failureOf(writer.messages.save.mutate({ messages: [{ ...batch[0]!, score: 1 } as never] }))
      expect(unknown).toMatchObject({ field: 'messages[0].score' })
      // the engine's check (the message's resource must be its thread's) also refuses the whole batch
      const wrongResource = await failureOf(writer.messages.save.mutate({ messages: [batch[0]!, message('w-save', 'w-bad-x', 'x', 6, 'elsewhere')] }))
      expect(wrongResource).toMatchObject({ code: 'BAD_REQUEST', field: 'messages[1].resourceId' })
      expect(await failureOf(writer.messages.save.mutate({ messages: [] }))).toMatchObject({ field: 'messages' })
      expect(await messageCount('w-save')).toBe(3)
    })

    it(`refuses a batch over ${MESSAGES_SAVE_LIMIT} messages as too large, with both limits and its size in the message`, async () => {
      const batch = Array.from({ length: MESSAGES_SAVE_LIMIT + 1 }, (_, at) => message('w-save', `w-big-${at}`, 'x', at))
      const failure = await failureOf(writer.messages.save.mutate({ messages: batch }))
      expect(failure).toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
        message: `messages: the batch holds ${MESSAGES_SAVE_LIMIT + 1} messages: at most 4194304 bytes per request (THREADLINE_MAX_BODY_BYTES) and ${MESSAGES_SAVE_LIMIT} messages per save; split the batch`,
      })
      expect(await messageCount('w-save')).toBe(3)
    })

    it('refuses an id that belongs to another thread (CONFLICT, nothing saved)', async () => {
      const failure = await failureOf(
        writer.messages.save.mutate({ messages: [message('w-save-b', 'w-fresh', 'new', 7), message('w-save-b', 'w-save-1', 'moved?', 8)] }),
      )
      expect(failure).toMatchObject({ code: 'CONFLICT', field: 'id', message: 'Message id already exists in another thread: w-save-1' })
      expect(await messageCount('w-save-b')).toBe(0)
      expect(await messageCount('w-save')).toBe(3)
      // the same id twice in one batch
      const twice = await failureOf(
        writer.messages.save.mutate({ messages: [message('w-save-b', 'w-twice', 'a', 9), message('w-save-b', 'w-twice', 'b', 10)] }),
      )
      expect(twice).toMatchObject({ code: 'BAD_REQUEST', field: 'messages' })
    })

    it("refuses another tenant's thread (NOT_FOUND) and a read-only token (FORBIDDEN)", async () => {
      expect(await failureOf(writer.messages.save.mutate({ messages: [message('w-save-other', 'w-steal', 'x', 0, OTHER)] }))).toMatchObject({
        code: 'NOT_FOUND',
      })
      expect(await failureOf(writer.messages.save.mutate({ messages: [message('w-save-other', 'w-steal', 'x', 0)] }))).toMatchObject({ code: 'NOT_FOUND' })
      expect(await failureOf(readOnly.messages.save.mutate({ messages: [message('w-save', 'w-ro', 'x', 0)] }))).toMatchObject({ code: 'FORBIDDEN' })
      expect(await messageCount('w-save-other')).toBe(0)
    })

    it('makes the saved messages searchable in the same request (full-text recall finds them at once)', async () => {
      await writer.threads.create.mutate({ threadId: 'w-embed', resourceId: TENANT })
      await writer.messages.save.mutate({ messages: [message('w-embed', 'w-embed-1', 'The parcel was lost by the courier in Lisbon', 0)] })
      const found = await writer.recall.search.query({ threadId: 'w-embed', query: 'courier Lisbon', topK: 3 })
      expect(found.results.map((hit) => hit.message.id)).toEqual(['w-embed-1'])
    })
  })

  describe('messages.list', () => {
    it('pages by (createdAt, id) with an opaque cursor, ties broken by id', async () => {
      await writer.threads.create.mutate({ threadId: 'w-list', resourceId: TENANT })
      // pairs of messages share a timestamp: the id orders them
      const batch = Array.from({ length: 250 }, (_, at) => message('w-list', `w-list-${String(at).padStart(3, '0')}`, `m${at}`, Math.floor(at / 2)))
      for (let start = 0; start < batch.length; start += 100) await writer.messages.save.mutate({ messages: batch.slice(start, start + 100) })
      const seen: string[] = []
      const sizes: number[] = []
      let cursor: string | undefined
      do {
        const page = await writer.messages.list.query({ threadId: 'w-list', limit: 100, ...(cursor ? { cursor } : {}) })
        seen.push(...page.items.map((item) => item.id))
        sizes.push(page.items.length)
        cursor = page.nextCursor ?? undefined
      } while (cursor)
      expect(sizes).toEqual([100, 100, 50])
      expect(seen).toEqual(batch.map((item) => item.id))
    })

    it('refuses a forged cursor, a bad limit, and another tenant', async () => {
      expect(await failureOf(writer.messages.list.query({ threadId: 'w-list', cursor: 'not-a-cursor' }))).toMatchObject({
        code: 'BAD_REQUEST',
        field: 'cursor',
      })
      expect(await failureOf(writer.messages.list.query({ threadId: 'w-list', limit: 0 }))).toMatchObject({ message: 'limit: must be at least 1' })
      expect(await failureOf(stranger.messages.list.query({ threadId: 'w-list' }))).toMatchObject({ code: 'NOT_FOUND' })
    })
  })

  describe('memory.working(Memory).update and memory.observational.get', () => {
    it('updates working memory in either scope and reads it back; bad input names the field', async () => {
      await writer.threads.create.mutate({ threadId: 'w-memory', resourceId: TENANT })
      await writer.memory.workingMemory.update.mutate({ scope: 'thread', threadId: 'w-memory', workingMemory: '# Notes\n- prefers email' })
      expect(await writer.memory.workingMemory.get.query({ scope: 'thread', threadId: 'w-memory' })).toMatchObject({
        workingMemory: '# Notes\n- prefers email',
      })
      await writer.memory.workingMemory.update.mutate({ scope: 'resource', resourceId: TENANT, workingMemory: 'tenant notes' })
      expect(await writer.memory.workingMemory.get.query({ scope: 'resource', resourceId: TENANT })).toMatchObject({ workingMemory: 'tenant notes' })
      expect(await failureOf(writer.memory.workingMemory.update.mutate({ scope: 'thread', threadId: 'w-memory', workingMemory: 5 as never }))).toMatchObject({
        field: 'workingMemory',
        message: 'workingMemory: must be a string',
      })
      expect(
        await failureOf(writer.memory.workingMemory.update.mutate({ scope: 'thread', threadId: 'w-memory', workingMemory: 'x', extra: 1 } as never)),
      ).toMatchObject({ field: 'extra' })
      expect(await failureOf(writer.memory.workingMemory.update.mutate({ scope: 'resource', resourceId: OTHER, workingMemory: 'x' }))).toMatchObject({
        code: 'FORBIDDEN',
      })
    })

    it('memory.working (the spec name) is the same procedure as memory.workingMemory', async () => {
      await writer.memory.working.update.mutate({ scope: 'thread', threadId: 'w-memory', workingMemory: 'via working' })
      expect(await writer.memory.workingMemory.get.query({ scope: 'thread', threadId: 'w-memory' })).toMatchObject({ workingMemory: 'via working' })
      expect(await writer.memory.working.get.query({ scope: 'thread', threadId: 'w-memory' })).toMatchObject({ workingMemory: 'via working' })
      expect(await failureOf(writer.memory.working.update.mutate({ scope: 'thread', threadId: 'w-memory', workingMemory: 5 as never }))).toMatchObject({
        message: 'workingMemory: must be a string',
      })
      expect(await failureOf(stranger.memory.working.update.mutate({ scope: 'thread', threadId: 'w-memory', workingMemory: 'x' }))).toMatchObject({
        code: 'NOT_FOUND',
      })
    })

    it('reads observational memory (none yet) of a thread of the caller only', async () => {
      expect(await writer.memory.observational.get.query({ scope: 'thread', threadId: 'w-memory' })).toMatchObject({ current: null, generations: [] })
      expect(await failureOf(stranger.memory.observational.get.query({ scope: 'thread', threadId: 'w-memory' }))).toMatchObject({ code: 'NOT_FOUND' })
    })
  })

  it('says what is wrong with a clone option in one sentence', async () => {
    const failure = await failureOf(writer.clone.create.mutate({ sourceThreadId: 'w-save', options: { messageLimit: -1 } }))
    expect(failure).toMatchObject({ code: 'BAD_REQUEST', field: 'options.messageLimit', message: 'options.messageLimit: must not be negative' })
  })
})
