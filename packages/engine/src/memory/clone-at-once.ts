import { randomUUID } from 'node:crypto'
import { ThreadAlreadyExistsError, ThreadNotFoundError } from '../errors/index.ts'
import type { MemoryStorage, WholeThreadCloneArgs } from '../storage/types.ts'
import { withCloneDates } from './clone-metadata.ts'
import { hasMessageFilter, type ParsedCloneArgs } from './clone-options.ts'
import { CLONE_TITLE_PREFIX } from './clone-plan.ts'
import type { CloneThreadResult } from './clone-thread.ts'
import { indexesVectors, type ResolvedMemoryOptions } from './memory-options.ts'

// The common clone in ONE database statement: a whole thread (no message
// filter), no vectors to index, and no working or observational memory to
// carry over. It is what planClone + executeClonePlan would do for such a
// clone (their 'all' selection, memory 'none' or 'share'), decided and written
// by the storage at once, so a clone costs one round trip instead of a dozen.
// When the source turns out to have memory a clone would carry, nothing is
// written and the caller plans the clone as usual.

/** The memory of the source a clone would carry over, by scope (clone-plan.ts planWorkingMemory / observationalMemoryToClone). */
function carriedMemory(options: ResolvedMemoryOptions, args: ParsedCloneArgs): WholeThreadCloneArgs['carriedMemory'] {
  const carried = ({ enabled, scope }: { enabled: boolean; scope: 'thread' | 'resource' }) =>
    !enabled || (scope === 'thread' && args.derivedMemory === 'empty') ? null : scope
  return { workingMemory: carried(options.workingMemory), observationalMemory: carried(options.observationalMemory) }
}

/** The clone, or null when it needs the planned path (a filter, vectors, or memory to carry over). */
export async function cloneWholeThreadAtOnce(storage: MemoryStorage, options: ResolvedMemoryOptions, args: ParsedCloneArgs): Promise<CloneThreadResult | null> {
  if (hasMessageFilter(args.filter) || indexesVectors(options)) return null
  const newThreadId = args.newThreadId ?? randomUUID()
  const result = await storage.cloneWholeThread({
    sourceThreadId: args.sourceThreadId,
    sourceResourceIds: args.sourceResourceIds,
    newThreadId,
    resourceId: args.resourceId ?? null,
    title: args.title ?? null,
    titlePrefix: CLONE_TITLE_PREFIX,
    metadata: args.metadata ?? {},
    clonedAt: new Date(),
    carriedMemory: carriedMemory(options, args),
    returnMessages: args.returnMessages,
    returnMessageIdMap: args.returnMessageIdMap,
    audit: args.audit,
  })
  switch (result.status) {
    case 'cloned':
      return {
        thread: withCloneDates(result.thread),
        clonedMessages: result.clonedMessages,
        messageIdMap: result.messageIdMap,
        clonedMessageCount: result.messageCount,
      }
    case 'source-not-found':
      throw new ThreadNotFoundError(args.sourceThreadId)
    case 'taken':
      throw new ThreadAlreadyExistsError(newThreadId)
    case 'needs-plan':
      return null
  }
}
