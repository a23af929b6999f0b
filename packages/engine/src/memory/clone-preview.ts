import type { CloneWarning } from './clone-boundary.ts'
import type { ClonePlan } from './clone-plan.ts'
import type { MessagePosition } from './remap-observational-memory.ts'

/** What cloneThread would do with the same arguments (the fork dialog shows it). */
export type ClonePreview = {
  sourceThreadId: string
  resourceId: string
  title: string
  /** source ids that would be cloned, in (createdAt, id) order */
  messageIds: string[]
  count: number
  lastMessageId: string | null
  warnings: CloneWarning[]
  /** vectors copied from the source (same model) vs computed by the embedder */
  vectors: { copied: number; computed: number }
  workingMemory: 'copy' | 'share' | 'none'
  observationalMemory: 'clone' | 'share' | 'none'
}

export function summarizeClonePlan(plan: ClonePlan<MessagePosition[]>): ClonePreview {
  const messageIds = plan.selection.map((message) => message.id)
  return {
    sourceThreadId: plan.source.id,
    resourceId: plan.resourceId,
    title: plan.title,
    messageIds,
    count: messageIds.length,
    lastMessageId: plan.lastMessageId ?? null,
    warnings: plan.warnings,
    vectors: { copied: plan.vectors?.copyIds.length ?? 0, computed: plan.vectors?.embed.length ?? 0 },
    workingMemory: plan.workingMemory.action,
    observationalMemory: plan.observationalMemory.action,
  }
}
