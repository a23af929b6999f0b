import type { CloneWarning } from './clone-boundary.ts'
import { type CloneContext, type ClonePlan, requireEmbedder, requireVectorStore } from './clone-plan.ts'
import { indexesVectors } from './memory-options.ts'
import type { MessagePosition } from './remap-observational-memory.ts'

/** A page of a preview's message ids: at most `limit`, after the (createdAt, id) position `after`. */
export type ClonePreviewPage = { limit?: number | undefined; after?: MessagePosition | undefined }

/** What cloneThread would do with the same arguments (the fork dialog shows it). */
export type ClonePreview = {
  sourceThreadId: string
  resourceId: string
  title: string
  /** source ids that would be cloned, in (createdAt, id) order: the page asked for (all of them without a limit) */
  messageIds: string[]
  /** every message the clone would copy, whatever the page */
  count: number
  /** the last of `messageIds` when more follow (the next page starts after it), else null */
  nextAfter: MessagePosition | null
  lastMessageId: string | null
  warnings: CloneWarning[]
  /** vectors copied from the source (same model) vs computed by the embedder */
  vectors: { copied: number; computed: number }
  workingMemory: 'copy' | 'share' | 'none'
  observationalMemory: 'clone' | 'share' | 'none'
}

type SelectionSummary = Pick<ClonePreview, 'messageIds' | 'count' | 'nextAfter' | 'vectors'>

const isAfter = (message: MessagePosition, after: MessagePosition) =>
  message.createdAt.getTime() > after.createdAt.getTime() || (message.createdAt.getTime() === after.createdAt.getTime() && message.id > after.id)

/** One more than the page tells whether another page follows. */
function pageOf(rows: MessagePosition[], limit: number | undefined): Pick<ClonePreview, 'messageIds' | 'nextAfter'> {
  const page = limit === undefined ? rows : rows.slice(0, limit)
  const last = page.at(-1)
  return { messageIds: page.map((row) => row.id), nextAfter: rows.length > page.length && last ? { id: last.id, createdAt: last.createdAt } : null }
}

/**
 * The whole source ('all'), bounded: the count (and the vector counts) come
 * from SQL aggregates and only the page's ids are read, with a LIMIT. Without
 * a stored text to embed a message is skipped when the clone runs, so
 * `computed` here is every message without a vector of the model: an upper bound.
 */
async function summarizeWholeSource(context: CloneContext, threadId: string, page: ClonePreviewPage): Promise<SelectionSummary> {
  const rows = await context.storage.listMessageIds({
    threadId,
    ...(page.limit === undefined ? {} : { limit: page.limit + 1 }),
    ...(page.after ? { after: page.after } : {}),
  })
  if (!indexesVectors(context.options))
    return { ...pageOf(rows, page.limit), count: await context.storage.countMessages(threadId), vectors: { copied: 0, computed: 0 } }
  const counts = await requireVectorStore(context).countThreadVectors({ threadId, model: requireEmbedder(context).id })
  return { ...pageOf(rows, page.limit), count: counts.messages, vectors: { copied: counts.withVector, computed: counts.messages - counts.withVector } }
}

function summarizeSelection(plan: ClonePlan<MessagePosition[]>, page: ClonePreviewPage): SelectionSummary {
  const { after } = page
  const rows = after === undefined ? plan.selection : plan.selection.filter((message) => isAfter(message, after))
  return {
    ...pageOf(rows, page.limit),
    count: plan.selection.length,
    vectors: { copied: plan.vectors?.copyIds.length ?? 0, computed: plan.vectors?.embed.length ?? 0 },
  }
}

export async function summarizeClonePlan(context: CloneContext, plan: ClonePlan, page: ClonePreviewPage = {}): Promise<ClonePreview> {
  const selection =
    plan.selection === 'all' ? await summarizeWholeSource(context, plan.source.id, page) : summarizeSelection({ ...plan, selection: plan.selection }, page)
  return {
    sourceThreadId: plan.source.id,
    resourceId: plan.resourceId,
    title: plan.title,
    ...selection,
    lastMessageId: plan.lastMessageId ?? null,
    warnings: plan.warnings,
    workingMemory: plan.workingMemory.action,
    observationalMemory: plan.observationalMemory.action,
  }
}
