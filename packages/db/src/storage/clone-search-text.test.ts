// A clone copies its source messages' full-text vectors (migration
// clone_copies_search_text) instead of computing them again; a copy made from
// a branch's override gets the vector of its own content. Every other writer
// gets the trigger's vector, and an update of the content recomputes it.
import { expect, it } from 'vitest'
import { describeEachDatabase, textMessage, wholeThreadCloneArgs } from '../testing/index.ts'
import { insertBranchRow } from './branch-test-helpers.ts'

describeEachDatabase('the full-text vector of copied messages', (getDb) => {
  const resourceId = 'st-user'
  const cloneArgs = (sourceThreadId: string, newThreadId: string) => wholeThreadCloneArgs({ sourceThreadId, newThreadId, returnMessages: false })

  /** Each message of the thread: its vector as stored, and the one its content gives now. */
  async function vectors(threadId: string) {
    return getDb().prisma.$queryRaw<{ text: string; stored: string; computed: string }[]>`
      SELECT content->'parts'->0->>'text' AS text, search_text::text AS stored, message_search_text(content)::text AS computed
      FROM messages WHERE thread_id = ${threadId} ORDER BY created_at, id`
  }

  it('is the source row vector for a plain copy and its own for a copy of an override; inserts and updates compute it', async () => {
    const { storage, prisma } = getDb()
    await storage.createThread({ id: 'st-root', resourceId })
    await storage.insertMessages([
      textMessage({ id: 'st-r1', threadId: 'st-root', resourceId, at: 1000, text: 'refunds for broken blenders' }),
      textMessage({ id: 'st-r2', threadId: 'st-root', resourceId, at: 2000, text: 'the courier lost the package' }),
    ])
    const inserted = await vectors('st-root')
    expect(inserted.every((row) => row.stored === row.computed && row.stored.includes("'"))).toBe(true)

    // a copy whose vector comes from the source row: a stale source vector shows through (nothing recomputed it)
    await prisma.$executeRaw`ALTER TABLE messages DISABLE TRIGGER messages_fill_search_text`
    try {
      await prisma.$executeRaw`UPDATE messages SET search_text = to_tsvector('english', 'marker') WHERE id = 'st-r2'`
    } finally {
      await prisma.$executeRaw`ALTER TABLE messages ENABLE TRIGGER messages_fill_search_text`
    }
    expect((await storage.cloneWholeThread(cloneArgs('st-root', 'st-plain'))).status).toBe('cloned')
    expect((await vectors('st-plain')).map((row) => row.stored)).toEqual([inserted[0]!.stored, "'marker':1"])

    // an update of the content (or of the vector) recomputes it
    await prisma.$executeRaw`UPDATE messages SET content = content WHERE id = 'st-r2'`
    expect((await vectors('st-root'))[1]).toMatchObject({ stored: inserted[1]!.stored })

    // a branch whose override rewrites r1: its clone's r1 has the override's vector
    await insertBranchRow(prisma, { id: 'st-branch', parentId: 'st-root', pointMessageId: 'st-r2' })
    await storage.saveRepairedMessages({
      threadId: 'st-branch',
      messages: [textMessage({ id: 'st-r1', threadId: 'st-root', resourceId, at: 1000, text: 'warranty replacement scheduled' })],
    })
    expect((await storage.cloneWholeThread(cloneArgs('st-branch', 'st-branch-clone'))).status).toBe('cloned')
    const copied = await vectors('st-branch-clone')
    expect(copied[0]).toMatchObject({ text: 'warranty replacement scheduled' })
    expect(copied.every((row) => row.stored === row.computed)).toBe(true)
    expect(copied[0]!.stored).toContain('warranti')
  })
})
