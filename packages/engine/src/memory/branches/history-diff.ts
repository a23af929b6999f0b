// The diff of two effective histories, as a pure function: the reference the
// storage's SQL diff (diffThreadHistories) is tested against, and what small
// callers can use directly on two lists they already hold.

/**
 * One message of an effective history. `copyKey` identifies a COPY of a
 * message across threads (a clone's copies have new ids but keep createdAt,
 * role and content); null when copies must not be matched.
 */
export type DiffEntry = { id: string; copyKey: string | null }

export type HistoryDiff = {
  /** how many messages of `a` have a counterpart in `b` */
  commonCount: number
  /** positions of the last common message, in `a`'s order (null when none) */
  lastCommon: { a: number; b: number } | null
  /** positions (ascending) of the messages only `a` has, and only `b` has */
  onlyInA: number[]
  onlyInB: number[]
}

/**
 * Pairs the messages of two histories: the same id first (shared rows of a
 * branch and its ancestors), then equal copy keys in order (a clone's copies,
 * the n-th copy of a key pairing with the n-th original). Each message pairs at
 * most once. The common point is the last paired message of `a`.
 */
export function diffHistories(a: readonly DiffEntry[], b: readonly DiffEntry[]): HistoryDiff {
  const pairOfA = new Map<number, number>()
  const pairedB = new Set<number>()
  const bById = new Map(b.map((entry, index) => [entry.id, index]))
  a.forEach((entry, index) => {
    const match = bById.get(entry.id)
    if (match === undefined) return
    pairOfA.set(index, match)
    pairedB.add(match)
  })
  const bByCopyKey = new Map<string, number[]>()
  b.forEach((entry, index) => {
    if (entry.copyKey === null || pairedB.has(index)) return
    const queue = bByCopyKey.get(entry.copyKey) ?? []
    queue.push(index)
    bByCopyKey.set(entry.copyKey, queue)
  })
  a.forEach((entry, index) => {
    if (entry.copyKey === null || pairOfA.has(index)) return
    const match = bByCopyKey.get(entry.copyKey)?.shift()
    if (match === undefined) return
    pairOfA.set(index, match)
    pairedB.add(match)
  })
  const lastA = Math.max(-1, ...pairOfA.keys())
  const lastB = pairOfA.get(lastA)
  return {
    commonCount: pairOfA.size,
    lastCommon: lastB === undefined ? null : { a: lastA, b: lastB },
    onlyInA: a.flatMap((_, index) => (pairOfA.has(index) ? [] : [index])),
    onlyInB: b.flatMap((_, index) => (pairedB.has(index) ? [] : [index])),
  }
}
