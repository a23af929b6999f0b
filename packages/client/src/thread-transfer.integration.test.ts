// tl.threads.export / tl.threads.import against a real server: an export
// piped straight into an import (under a new id) streams both ways and gives
// the same history; the same file again is `existing`; a bad line and another
// tenant's thread are typed ThreadlineErrors; the body is streamed, never teed.
import { startApiHarness, type ApiHarness } from '@threadline/api/testing'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createThreadlineClient, type ThreadExportLine, type ThreadlineClient } from './index.ts'
import { failureOf } from './test-kit.ts'

const RESOURCE = 'transfer-client'

async function collect(lines: AsyncIterable<ThreadExportLine>): Promise<ThreadExportLine[]> {
  const all: ThreadExportLine[] = []
  for await (const line of lines) all.push(line)
  return all
}

describe('tl.threads.export and tl.threads.import', () => {
  let api: ApiHarness
  let tl: ThreadlineClient
  const texts = async (threadId: string) => (await tl.messages.list.query({ threadId, limit: 500 })).items.map((m) => JSON.stringify(m.content))

  beforeAll(async () => {
    api = await startApiHarness()
    tl = createThreadlineClient({ url: api.server.url, token: (await api.issueToken({ resourceIds: [RESOURCE], canWrite: true })).token })
    await tl.threads.create.mutate({ threadId: 'ct', resourceId: RESOURCE })
    const messages = Array.from({ length: 30 }, (_, index) => ({
      id: `ct-${index}`,
      threadId: 'ct',
      resourceId: RESOURCE,
      role: index % 2 === 0 ? ('user' as const) : ('assistant' as const),
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, index)),
      content: { format: 2 as const, parts: [{ type: 'text' as const, text: `message ${index}` }] },
    }))
    await tl.messages.save.mutate({ messages })
    await tl.branches.create.mutate({ sourceThreadId: 'ct', branchPointMessageId: 'ct-9', newThreadId: 'ct-b' })
  }, 120_000)

  afterAll(async () => {
    await api.close()
  })

  it('pipes an export into an import under a new id: the same messages, and a repeat is existing', async () => {
    const lines = await collect(tl.threads.export('ct', { branches: true }))
    expect(lines[0]).toMatchObject({ format: 'threadline-thread', version: 1, thread: { id: 'ct' } })
    expect(lines.at(-1)).toEqual({ type: 'end', threads: 2, messages: 30 })
    const imported = await tl.threads.import(tl.threads.export('ct', { branches: true }), { newThreadId: 'ct-copy' })
    expect(imported).toEqual({ status: 'imported', threadId: 'ct-copy', resourceId: RESOURCE, threads: 2, messages: 30 })
    expect((await texts('ct-copy')).length).toBe(30)
    expect(await texts('ct-copy')).toEqual(await texts('ct'))
    expect(await tl.threads.import(lines, { newThreadId: 'ct-copy' })).toMatchObject({ status: 'existing' })
  })

  it('streams the import body as it is: fetch does not tee it (a tee`s unread branch would hold the whole file)', async () => {
    const tee = vi.spyOn(ReadableStream.prototype, 'tee')
    try {
      const imported = await tl.threads.import(tl.threads.export('ct'), { newThreadId: 'ct-untee' })
      expect(imported).toMatchObject({ status: 'imported', messages: 30 })
      expect(tee).not.toHaveBeenCalled()
    } finally {
      tee.mockRestore()
    }
  })

  it('fails as a typed ThreadlineError: a bad line (400 naming it), a thread of another tenant (404)', async () => {
    const lines = await collect(tl.threads.export('ct'))
    const bad = await failureOf(tl.threads.import([lines[0]!, { type: 'message' }], { newThreadId: 'ct-bad' }))
    expect(bad).toMatchObject({ kind: 'http', code: 'BAD_REQUEST', status: 400, message: expect.stringContaining('lines[2]') })
    const other = createThreadlineClient({ url: api.server.url, token: (await api.issueToken({ resourceIds: ['elsewhere'], canWrite: true })).token })
    expect(await failureOf(collect(other.threads.export('ct')))).toMatchObject({ code: 'NOT_FOUND', status: 404 })
  })
})
