import type { WholeThreadCloneArgs } from '@threadline/engine/storage'

/** `cloneWholeThread`'s arguments for a plain clone (no memory to carry, "Copy: " titles), with the given changes. */
export function wholeThreadCloneArgs(args: Pick<WholeThreadCloneArgs, 'sourceThreadId' | 'newThreadId'> & Partial<WholeThreadCloneArgs>): WholeThreadCloneArgs {
  return {
    sourceResourceIds: null,
    resourceId: null,
    title: null,
    titlePrefix: 'Copy: ',
    metadata: {},
    clonedAt: new Date(Date.UTC(2026, 0, 2)),
    carriedMemory: { workingMemory: null, observationalMemory: null },
    returnMessages: true,
    returnMessageIdMap: true,
    audit: null,
    ...args,
  }
}
