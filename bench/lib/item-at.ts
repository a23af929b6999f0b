// The bench computes its indexes in range (a modulo, a random pick, the
// position of a batch): an index outside the list is a bug in the bench.

/** The item at `index`; throws RangeError when there is none. */
export function itemAt<T>(items: readonly T[], index: number): T {
  const item = items[index]
  if (item === undefined) throw new RangeError(`no item at index ${index} of ${items.length}`)
  return item
}
