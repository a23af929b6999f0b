import type { RouterOutputs } from '@/trpc/types.ts'

export type BranchSummary = RouterOutputs['branches']['list'][number]

/** The direct branches of a thread by the message they were cut at (the fork markers of its timeline). */
export function branchesByMessage(branches: BranchSummary[]): Map<string, BranchSummary[]> {
  const byMessage = new Map<string, BranchSummary[]>()
  for (const branch of branches) {
    if (branch.branchPointMessageId === null) continue
    byMessage.set(branch.branchPointMessageId, [...(byMessage.get(branch.branchPointMessageId) ?? []), branch])
  }
  return byMessage
}
