/** One row of the side-by-side compare: the n-th message after the common point on each side (null where a side has fewer). */
export type CompareRow<Message> = { a: Message | null; b: Message | null }

export type CompareLayout<Message> = {
  /** each side's own messages BEFORE the common point (what the other left out, e.g. a partial clone's uncopied messages) */
  beforeA: Message[]
  beforeB: Message[]
  /** the divergent messages after the common point, paired row by row */
  rows: CompareRow<Message>[]
}

type DiffSides<Message> = {
  onlyInA: Message[]
  onlyInB: Message[]
  onlyInABeforeCommonCount: number
  onlyInBBeforeCommonCount: number
}

/**
 * Splits each side's own messages (the diff's first page: those before the
 * common point come first) into before and after the common point, and pairs
 * the after-messages by their order, so row n holds each side's n-th message
 * after the fork.
 */
export function compareLayout<Message>(diff: DiffSides<Message>): CompareLayout<Message> {
  const beforeA = diff.onlyInA.slice(0, diff.onlyInABeforeCommonCount)
  const beforeB = diff.onlyInB.slice(0, diff.onlyInBBeforeCommonCount)
  const afterA = diff.onlyInA.slice(diff.onlyInABeforeCommonCount)
  const afterB = diff.onlyInB.slice(diff.onlyInBBeforeCommonCount)
  const rows = Array.from({ length: Math.max(afterA.length, afterB.length) }, (_, index) => ({ a: afterA[index] ?? null, b: afterB[index] ?? null }))
  return { beforeA, beforeB, rows }
}
