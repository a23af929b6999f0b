import type { MemoryStorage, ObservationalMemoryKey } from '@threadline/engine'
import type { SeedClone } from './clones.ts'
import type { SeedObservationalMemory } from './observational-memory.ts'
import { demoClones, demoObservationalMemory, demoThreads, demoWorkingMemory } from './demo-data.ts'

/** What a seeding run wrote; all zeros when the demo data was already there. */
export type SeedReport = {
  threads: number
  messages: number
  workingMemories: number
  observationalMemoryRecords: number
  clones: number
}

/**
 * Loads the demo data: threads on three resources with histories from several
 * providers, working memory in both scopes, observational memory with
 * generations, and clones. Idempotent: what exists is left alone (an operator's
 * later edits too), so running it again writes nothing. One transaction: the
 * demo data appears completely or not at all.
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

    const newClones = demoClones.filter((clone) => !existingThreadIds.has(clone.id))
    for (const clone of newClones) await createClone(tx, clone)

    return {
      threads: newThreads.length,
      messages: newMessages.length,
      workingMemories,
      observationalMemoryRecords,
      clones: newClones.length,
    }
  })
}

function lookupKeyOf(record: SeedObservationalMemory): ObservationalMemoryKey {
  return record.scope === 'thread' && record.threadId !== null
    ? { scope: 'thread', threadId: record.threadId }
    : { scope: 'resource', resourceId: record.resourceId }
}

/** The source messages a clone selects: up to `lastMessageId`, then the last `messageLimit`. */
function selectedMessageIds(clone: SeedClone): string[] {
  const ids = clone.source.messages.map((message) => message.id)
  const upTo = clone.lastMessageId === undefined ? ids : ids.slice(0, ids.indexOf(clone.lastMessageId) + 1)
  return clone.messageLimit === undefined ? upTo : upTo.slice(-clone.messageLimit)
}

// Memory.cloneThread does not exist yet: the clone is written with the storage
// primitives it uses (lineage column + metadata.clone, messages copied in SQL).
async function createClone(tx: MemoryStorage, clone: SeedClone): Promise<void> {
  const source = clone.source.thread
  await tx.createThread({
    id: clone.id,
    resourceId: source.resourceId,
    title: clone.title,
    metadata: {
      ...source.metadata,
      ...clone.metadata,
      clone: {
        sourceThreadId: source.id,
        clonedAt: clone.clonedAt.toISOString(),
        ...(clone.lastMessageId === undefined ? {} : { lastMessageId: clone.lastMessageId }),
      },
    },
    sourceThreadId: source.id,
    createdAt: clone.clonedAt,
    updatedAt: clone.clonedAt,
  })
  await tx.copyMessages({
    sourceThreadId: source.id,
    messageIds: selectedMessageIds(clone),
    targetThreadId: clone.id,
    targetResourceId: source.resourceId,
  })
}
