import type { StoredMessage } from '../messages/types.ts'
import type { MessageCopyResult, StoredThread } from '../storage/types.ts'
import type { CloneMetadata } from './clone-metadata.ts'
import { withCloneDates } from './clone-metadata.ts'
import { type CloneContext, type ClonePlan, requireEmbedder, requireVectorStore } from './clone-plan.ts'
import { remapObservationalMemory } from './remap-observational-memory.ts'
import { indexEmbeddings } from './semantic-index.ts'

export type CloneThreadResult = {
  /** the new thread, with `metadata.clone` */
  thread: StoredThread
  /** the cloned messages with their NEW ids, in order ([] with returnMessages: false) */
  clonedMessages: StoredMessage[]
  /** source message id -> cloned message id ({} with returnMessageIdMap: false) */
  messageIdMap: Record<string, string>
  /** how many messages were cloned (also with returnMessages / returnMessageIdMap: false) */
  clonedMessageCount: number
}

/**
 * Writes a planned clone through the transaction's storage: thread, messages
 * (one INSERT ... SELECT), working memory, observational memory, vectors
 * (copied in SQL, computed only where missing). The caller's transaction makes
 * it all-or-nothing.
 */
export async function executeClonePlan(
  context: CloneContext,
  plan: ClonePlan,
  options: { returnMessages: boolean; returnMessageIdMap: boolean },
): Promise<CloneThreadResult> {
  const { storage } = context
  // the fork point: a full clone ends where the source ended (same snapshot), a selection at its last message
  const lastClonedMessageId = plan.selection === 'all' ? plan.lastMessageId : plan.selection.at(-1)?.id
  const clone: CloneMetadata = {
    sourceThreadId: plan.source.id,
    clonedAt: new Date(),
    ...(plan.lastMessageId === undefined ? {} : { lastMessageId: plan.lastMessageId }),
    ...(lastClonedMessageId === undefined ? {} : { lastClonedMessageId }),
  }
  // Creating the thread first claims newThreadId: a concurrent clone with the same id fails here (primary key).
  const thread = await storage.createThread({
    id: plan.newThreadId,
    resourceId: plan.resourceId,
    title: plan.title,
    metadata: { ...plan.metadata, clone: { ...clone, clonedAt: clone.clonedAt.toISOString() } },
    sourceThreadId: plan.source.id,
  })
  const target = { sourceThreadId: plan.source.id, targetThreadId: plan.newThreadId, targetResourceId: plan.resourceId }
  const { messageIdMap, count }: MessageCopyResult =
    plan.selection === 'all'
      ? await storage.copyThreadMessages(target)
      : plan.selection.length === 0
        ? { messageIdMap: {}, count: 0 }
        : await storage.copyMessages({ ...target, messageIds: plan.selection.map((message) => message.id) })

  if (plan.workingMemory.action === 'copy') {
    await storage.setWorkingMemory(plan.workingMemory.target, plan.workingMemory.text)
  }
  if (plan.observationalMemory.action === 'clone') {
    await storage.insertObservationalMemory(
      remapObservationalMemory(plan.observationalMemory.record, {
        messageIdMap,
        cloned: plan.observationalMemory.cloned,
        sourcePositions: plan.observationalMemory.sourcePositions,
        sourceThreadId: plan.source.id,
        targetThreadId: plan.newThreadId,
        targetResourceId: plan.resourceId,
      }),
    )
  }
  if (plan.vectors !== null) {
    const vector = requireVectorStore(context)
    if (plan.vectors.copyIds.length > 0) {
      await vector.copyVectors({ messageIdMap, model: plan.vectors.model, threadId: plan.newThreadId, resourceId: plan.resourceId })
    }
    // every message to embed was cloned, so it has a new id
    const targets = plan.vectors.embed.flatMap(({ sourceId, text }) => {
      const messageId = messageIdMap[sourceId]
      return messageId === undefined ? [] : [{ messageId, threadId: plan.newThreadId, resourceId: plan.resourceId, text }]
    })
    await indexEmbeddings(vector, requireEmbedder(context), targets, context.options.embeddingBatchSize)
  }

  const clonedMessages = options.returnMessages && count > 0 ? await storage.listMessages({ threadId: plan.newThreadId }) : []
  return { thread: withCloneDates(thread), clonedMessages, messageIdMap: options.returnMessageIdMap ? messageIdMap : {}, clonedMessageCount: count }
}
