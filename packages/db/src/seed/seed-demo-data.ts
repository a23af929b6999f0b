import { Memory } from '@threadline/engine'
import type { MemoryStorage, ObservationalMemoryKey } from '@threadline/engine/storage'
import type { SeedObservationalMemory } from './observational-memory.ts'
import { demoBranches, demoClones, demoObservationalMemory, demoThreads, demoWorkingMemory } from './demo-data.ts'

/** What a seeding run wrote; all zeros when the demo data was already there. */
export type SeedReport = {
  threads: number
  messages: number
  workingMemories: number
  observationalMemoryRecords: number
  clones: number
  branches: number
}

/**
 * Loads the demo data: threads on three resources with histories from several
 * providers, working memory in both scopes, observational memory with
 * generations, clones (made by Memory.cloneThread) and branches (Memory.branchThread,
 * one of them promoted). Idempotent: what
 * exists is left alone (an operator's later edits too), so running it again
 * writes nothing. One transaction: the demo data appears completely or not at all.
 */
export async function seedDemoData(storage: MemoryStorage): Promise<SeedReport> {
  return storage.transaction(async ({ storage: tx }) => {
    const demoThreadIds = [...demoThreads.map((seed) => seed.thread.id), ...demoClones.map((clone) => clone.id)]
    const existingThreadIds = new Set((await tx.getThreadsByIds(demoThreadIds)).map((thread) => thread.id))

    const newThreads = demoThreads.filter((seed) => !existingThreadIds.has(seed.thread.id))
    for (const seed of newThreads) await tx.createThread(seed.thread)
    const newMessages = newThreads.flatMap((seed) => seed.messages)
    await tx.insertMessages(newMessages)

    let workingMemories = 0
    for (const { key, text } of demoWorkingMemory) {
      if ((await tx.getWorkingMemory(key)) !== null) continue
      await tx.setWorkingMemory(key, text)
      workingMemories++
    }

    let observationalMemoryRecords = 0
    for (const generations of demoObservationalMemory) {
      const [first] = generations
      if (!first || (await tx.listObservationalMemoryGenerations(lookupKeyOf(first))).length > 0) continue
      for (const record of generations) await tx.insertObservationalMemory(record)
      observationalMemoryRecords += generations.length
    }

    // Clones go through the engine, in this same transaction (nested calls reuse
    // it). Thread-scoped WM and OM are copied with them, remapped to the new ids.
    const memory = new Memory({
      storage: tx,
      options: { workingMemory: { enabled: true, scope: 'thread' }, observationalMemory: { enabled: true, scope: 'thread' } },
    })
    const newClones = demoClones.filter((clone) => !existingThreadIds.has(clone.id))
    for (const clone of newClones) {
      await memory.cloneThread(
        {
          sourceThreadId: clone.source.thread.id,
          newThreadId: clone.id,
          title: clone.title,
          metadata: clone.metadata,
          ...(clone.options ? { options: clone.options } : {}),
        },
        { returnMessages: false },
      )
    }

    // A branch counts as seeded once its own messages exist: a promoted branch's
    // messages live on in its source, under the same ids.
    const seededMessageIds = new Set(
      (await tx.getMessagesByIds(demoBranches.flatMap((branch) => branch.messages.map((message) => message.id)))).map((message) => message.id),
    )
    const newBranches = demoBranches.filter((branch) => !branch.messages.some((message) => seededMessageIds.has(message.id)))
    for (const branch of newBranches) {
      await memory.branchThread({
        sourceThreadId: branch.sourceThreadId,
        branchPointMessageId: branch.branchPointMessageId,
        newThreadId: branch.id,
        title: branch.title,
      })
      await tx.insertMessages(branch.messages)
      if (branch.promote) await memory.promoteBranch({ branchThreadId: branch.id })
    }

    return {
      threads: newThreads.length,
      messages: newMessages.length,
      workingMemories,
      observationalMemoryRecords,
      clones: newClones.length,
      branches: newBranches.length,
    }
  })
}

function lookupKeyOf(record: SeedObservationalMemory): ObservationalMemoryKey {
  return record.scope === 'thread' && record.threadId !== null
    ? { scope: 'thread', threadId: record.threadId }
    : { scope: 'resource', resourceId: record.resourceId }
}
