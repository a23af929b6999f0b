/** 32-bit FNV-1a of a string's UTF-16 code units: fast, stable across platforms. */
export function fnv1a32(text: string): number {
  let hash = 0x811c9dc5
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

/**
 * Adds `weight` for `feature` into `vector` (the hashing trick). The sign comes
 * from an independent bit of the hash, so colliding features cancel out on
 * average instead of piling up; spreading a feature over several `slots`
 * (weight / sqrt(slots) each, same energy) makes any single collision matter less.
 */
export function addHashedFeature(vector: Float64Array, feature: string, weight: number, slots = 1): void {
  const share = weight / Math.sqrt(slots)
  for (let copy = 0; copy < slots; copy++) {
    const hash = fnv1a32(slots === 1 ? feature : `${feature}\u0000${copy}`)
    const sign = hash & 0x80000000 ? -1 : 1
    const slot = hash % vector.length
    vector[slot] = (vector[slot] ?? 0) + sign * share
  }
}
