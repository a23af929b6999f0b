import { Memory, type StoredThread } from '@threadline/engine'
import type { MemoryStorage } from '@threadline/engine/storage'
import { beforeAll, expect, it } from 'vitest'
import { describeEachDatabase } from '../testing/index.ts'
import { demoBranches, demoClones, demoObservationalMemory, demoThreads, demoWorkingMemory, seedDemoData, type SeedReport } from './index.ts'
import { initechRestoreDrill, RESTORE_TOOL_CALL_ID } from './initech-restore-drill.ts'

/** Everything the seed writes, read back through the storage. */
async function snapshot(storage: MemoryStorage) {
  const { threads, total } = await storage.listThreads({ limit: 1000 })
  const messages = await Promise.all(threads.map((thread) => storage.listMessages({ threadId: thread.id })))
  const workingMemory = await Promise.all(demoWorkingMemory.map(({ key }) => storage.getWorkingMemory(key)))
  const observationalMemory = await Promise.all(threads.map((thread) => storage.listObservationalMemoryGenerations({ scope: 'thread', threadId: thread.id })))
  const resourceObservations = await Promise.all(
    [...new Set(threads.map((thread) => thread.resourceId))].map((resourceId) => storage.listObservationalMemoryGenerations({ scope: 'resource', resourceId })),
  )
  return { threads, total, messages, workingMemory, observationalMemory, resourceObservations }
}

function byId(threads: StoredThread[], id: string): StoredThread {
  const thread = threads.find((candidate) => candidate.id === id)
  if (!thread) throw new Error(`thread ${id} missing`)
  return thread
}

describeEachDatabase('seedDemoData', (getDb) => {
  let firstRun: SeedReport
  beforeAll(async () => {
    firstRun = await seedDemoData(getDb().storage)
  })

  it('writes the demo threads, messages, working memory, observational memory and clones', async () => {
    const { storage } = getDb()
    const messageCount = demoThreads.reduce((sum, seed) => sum + seed.messages.length, 0)
    expect(firstRun).toEqual({
      threads: demoThreads.length,
      messages: messageCount,
      workingMemories: demoWorkingMemory.length,
      observationalMemoryRecords: demoObservationalMemory.flat().length,
      clones: demoClones.length,
      branches: demoBranches.length,
    })

    const { threads, total } = await storage.listThreads({ limit: 1000 })
    // a promoted branch's row is gone, and the new branch holding its source's former tail took its place
    expect(total).toBe(demoThreads.length + demoClones.length + demoBranches.length)
    expect(new Set(threads.map((thread) => thread.resourceId))).toEqual(new Set(['acme-support', 'globex-research', 'initech-ops']))

    for (const seed of demoThreads) {
      const thread = byId(threads, seed.thread.id)
      expect(thread).toMatchObject({ title: seed.thread.title, resourceId: seed.thread.resourceId, sourceThreadId: null })
      if (!demoBranches.some((branch) => branch.sourceThreadId === seed.thread.id)) expect(thread.updatedAt).toEqual(seed.thread.updatedAt)
      // a promoted branch's source continues along it: see the branches test
      if (demoBranches.some((branch) => branch.promote && branch.sourceThreadId === seed.thread.id)) continue
      expect(await storage.listMessages({ threadId: seed.thread.id })).toEqual(seed.messages)
    }

    for (const { key, text } of demoWorkingMemory) expect(await storage.getWorkingMemory(key)).toBe(text)

    for (const generations of demoObservationalMemory) {
      const last = generations.at(-1)!
      const key = last.threadId === null ? { scope: 'resource' as const, resourceId: last.resourceId } : { scope: 'thread' as const, threadId: last.threadId }
      const current = await storage.getObservationalMemory(key)
      expect(current).toMatchObject({ id: last.id, generation: generations.length - 1, activeObservations: last.activeObservations })
    }
  })

  it('keeps provider-specific parts as they were stored', async () => {
    const { storage } = getDb()
    const [kimiTurn] = await storage.getMessagesByIds(['msg-acme-storm-02'])
    const toolCallIds = kimiTurn?.content.parts.flatMap((part) => (part.type === 'tool-invocation' ? [part.toolInvocation.toolCallId] : []))
    expect(toolCallIds).toEqual(['functions.track_shipment:0', 'functions.get_weather:1'])

    const [thinkingTurn] = await storage.getMessagesByIds(['msg-acme-warranty-02'])
    const thinking = thinkingTurn?.content.parts.find((part) => part.type === 'reasoning')
    expect(thinking).toMatchObject({ providerMetadata: { anthropic: { signature: expect.stringMatching(/^E/) } } })
  })

  it('makes the clones with Memory.cloneThread: lineage, selection, thread memory remapped to the new ids', async () => {
    const { storage } = getDb()
    for (const clone of demoClones) {
      const thread = await storage.getThreadById(clone.id)
      expect(thread).toMatchObject({
        title: clone.title,
        sourceThreadId: clone.source.thread.id,
        metadata: { ...clone.source.thread.metadata, ...clone.metadata, clone: { sourceThreadId: clone.source.thread.id } },
      })
      const cloned = await storage.listMessages({ threadId: clone.id })
      const endDate = clone.options?.messageFilter?.endDate
      const expected = clone.source.messages
        .filter((message) => endDate === undefined || message.createdAt <= new Date(endDate))
        .slice(-(clone.options?.messageLimit ?? 0) || undefined)
      expect(cloned.map((message) => message.content)).toEqual(expected.map((message) => message.content))
      expect(cloned.map((message) => message.createdAt)).toEqual(expected.map((message) => message.createdAt))
      expect(cloned.every((message) => !expected.some((source) => source.id === message.id))).toBe(true)
    }

    expect(await storage.getWorkingMemory({ scope: 'thread', threadId: 'acme-delivery-storm-claude' })).toBe(
      await storage.getWorkingMemory({ scope: 'thread', threadId: 'acme-delivery-storm' }),
    )
    const postmortemIds = new Set((await storage.listMessageIds({ threadId: 'initech-inc-2291-postmortem' })).map((row) => row.id))
    const observations = await storage.getObservationalMemory({ scope: 'thread', threadId: 'initech-inc-2291-postmortem' })
    // The incident's OM observed messages 1-4 and buffered 5-6; the clone holds 3-8.
    const referenced = [observations?.observedMessageIds ?? [], ...(observations?.bufferedObservationChunks ?? []).map((chunk) => chunk.messageIds)]
    expect(referenced.map((ids) => ids.length)).toEqual([2, 2])
    expect(referenced.flat().every((id) => postmortemIds.has(id))).toBe(true)
  })

  it('makes the branches with Memory.branchThread: shared history, a branch of a branch, one promoted', async () => {
    const memory = new Memory({ storage: getDb().storage })
    const [replacement, refund] = demoBranches
    const ids = async (threadId: string) => (await memory.listMessages({ threadId })).map((message) => message.id)
    const source = demoThreads.find((seed) => seed.thread.id === replacement!.sourceThreadId)!
    const cut = source.messages.findIndex((message) => message.id === replacement!.branchPointMessageId)
    const inherited = source.messages.slice(0, cut + 1).map((message) => message.id)
    expect(await ids(replacement!.id)).toEqual([...inherited, ...replacement!.messages.map((message) => message.id)])
    // the branch of the branch reads through both levels, up to its own cut
    expect(await ids(refund!.id)).toEqual([...inherited, replacement!.messages[0]!.id, ...refund!.messages.map((message) => message.id)])
    expect((await memory.getLineage(refund!.id)).map((entry) => [entry.thread.id, entry.forkKind])).toEqual([
      [source.thread.id, 'root'],
      [replacement!.id, 'branch'],
      [refund!.id, 'branch'],
    ])

    // promoted: the source continues along the branch, its former tail kept on a new branch
    const promoted = demoBranches.find((branch) => branch.promote)!
    const promotedSource = demoThreads.find((seed) => seed.thread.id === promoted.sourceThreadId)!
    const promotedCut = promotedSource.messages.findIndex((message) => message.id === promoted.branchPointMessageId)
    const shared = promotedSource.messages.slice(0, promotedCut + 1).map((message) => message.id)
    expect(await ids(promotedSource.thread.id)).toEqual([...shared, ...promoted.messages.map((message) => message.id)])
    expect(await getDb().storage.getThreadById(promoted.id)).toBeNull()
    const [formerTail] = await memory.listBranches(promotedSource.thread.id)
    expect(await ids(formerTail!.id)).toEqual(promotedSource.messages.map((message) => message.id))
  })

  it("gives a branch the source's observational memory as of its cut: what was observed after it is left out", async () => {
    const storage = getDb().storage
    const branch = demoBranches.find((candidate) => candidate.id === 'acme-refund-store-credit')!
    const source = demoThreads.find((seed) => seed.thread.id === branch.sourceThreadId)!
    const cut = source.messages.findIndex((message) => message.id === branch.branchPointMessageId)
    const generations = await storage.listObservationalMemoryGenerations({ scope: 'thread', threadId: branch.id })
    expect(generations).toHaveLength(1)
    const [asOf] = generations
    // the source's first generation (observed up to the cut), not the reflection that closed the case
    expect(asOf!.activeObservations).toContain('cracked jar')
    expect(asOf!.activeObservations).not.toContain('case closed')
    expect(asOf!.observedMessageIds).toEqual(source.messages.slice(0, cut + 1).map((message) => message.id))
    // the buffered chunk observed the refund message, which lies past the cut
    expect(asOf!.bufferedObservationChunks).toEqual([])
  })

  it('holds a tool call stored apart from its result: a fork from message 4 splits the pair', async () => {
    const fourth = initechRestoreDrill.messages[3]!
    const preview = await new Memory({ storage: getDb().storage }).previewClone({
      sourceThreadId: initechRestoreDrill.thread.id,
      options: { messageFilter: { endDate: fourth.createdAt } },
    })
    expect(preview.messageIds).toEqual(initechRestoreDrill.messages.slice(0, 4).map((message) => message.id))
    expect(preview.warnings).toContainEqual(
      expect.objectContaining({ code: 'split-tool-pair', messageId: fourth.id, message: expect.stringContaining(RESTORE_TOOL_CALL_ID) }),
    )
  })

  it('is idempotent: a second run writes nothing and changes nothing', async () => {
    const { storage } = getDb()
    const before = await snapshot(storage)
    expect(await seedDemoData(storage)).toEqual({ threads: 0, messages: 0, workingMemories: 0, observationalMemoryRecords: 0, clones: 0, branches: 0 })
    expect(await snapshot(storage)).toEqual(before)
  })
})
