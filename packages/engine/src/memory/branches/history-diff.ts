// The diff of two effective histories, as a pure function: the reference the
// storage's SQL diff (diffThreadHistories) is tested against, and what small
// callers can use directly on two lists they already hold.

/**
 * One message of an effective history. `copyKey` identifies a COPY of a
 * message across threads (a clone's copies have new ids but keep createdAt,
 * role and content); null when copies must not be matched.
 */
export type DiffEntry = { id: string; copyKey: string | null }

/** A paired message: its position (0-based) in each history. */
export type HistoryPair = { a: number; b: number }

export type HistoryDiff = {
  /** how many messages of `a` have a counterpart in `b` */
  commonCount: number
  /** the common point: the last paired message in `a`'s order (null when none) */
  lastCommon: HistoryPair | null
  /**
   * where the shared stretch begins: the first paired message in `a`'s order
   * (null when none). Not always position 0: a clone of messages 3-8 shares
   * from the source's #3, found by identity (copy key), not by position.
   */
  firstCommon: HistoryPair | null
  /** positions (ascending) of the messages only `a` has, and only `b` has */
  onlyInA: number[]
  onlyInB: number[]
  /**
   * how many of `onlyInA` lie BEFORE the common point (in `a`'s order), and of
   * `onlyInB` before it in `b`'s order: what the other side left out (a partial
   * clone's uncopied messages), not what came after. They open each list.
   */
  onlyInABeforeCommonCount: number
  onlyInBBeforeCommonCount: number
}

/** The pair whose `a` side is at `a`, or null. */
function pairAt(pairOfA: ReadonlyMap<number, number>, a: number | undefined): HistoryPair | null {
  const b = a === undefined ? undefined : pairOfA.get(a)
  return a === undefined || b === undefined ? null : { a, b }
}

/**
 * Pairs the messages of two histories: the same id first (shared rows of a
 * branch and its ancestors), then equal copy keys in order (a clone's copies,
 * the n-th copy of a key pairing with the n-th original). Each message pairs at
 * most once. The common point is the last paired message of `a`, the shared
 * stretch begins at its first; each side's own messages before the common
 * point are counted apart. This is the definition: the storage's SQL diff
 * (diffThreadHistories) is tested against it.
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
  const pairedA = [...pairOfA.keys()].sort((x, y) => x - y)
  const lastCommon = pairAt(pairOfA, pairedA.at(-1))
  const onlyInA = a.flatMap((_, index) => (pairOfA.has(index) ? [] : [index]))
  const onlyInB = b.flatMap((_, index) => (pairedB.has(index) ? [] : [index]))
  const before = (positions: number[], point: number | undefined) => (point === undefined ? 0 : positions.filter((position) => position < point).length)
  return {
    commonCount: pairOfA.size,
    lastCommon,
    firstCommon: pairAt(pairOfA, pairedA[0]),
    onlyInA,
    onlyInB,
    onlyInABeforeCommonCount: before(onlyInA, lastCommon?.a),
    onlyInBBeforeCommonCount: before(onlyInB, lastCommon?.b),
  }
}
