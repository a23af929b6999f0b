// Deterministic, collision-free renaming of tool-call IDs and tool names: the
// same prompt always gives the same names, one old name maps to one new name
// everywhere (so a call and its result stay paired), and no new name equals
// a name already in use.

/**
 * The new name of each of the distinct `values` that `isValid` rejects,
 * decided in first-appearance order. `propose(value, attempt)` gives
 * candidates (attempt 0, 1, ...) until one is valid and not yet taken.
 */
export function planRenames(
  values: ReadonlySet<string>,
  isValid: (value: string) => boolean,
  propose: (value: string, attempt: number) => string,
): Map<string, string> {
  // A candidate is valid, so it is taken exactly when it is one of `values` (a valid one: validity is the string's) or an earlier candidate.
  const assigned = new Set<string>()
  const renames = new Map<string, string>()
  for (const value of values) {
    if (isValid(value)) continue
    let candidate = propose(value, 0)
    for (let attempt = 1; !isValid(candidate) || values.has(candidate) || assigned.has(candidate); attempt++) candidate = propose(value, attempt)
    assigned.add(candidate)
    renames.set(value, candidate)
  }
  return renames
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/** FNV-1a (32 bit) of `text`, from `seed`. */
function fnv1a(text: string, seed: number): number {
  let hash = seed >>> 0
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}

/** A `length`-character [0-9A-Za-z] digest of `text`: the same text always gives the same digest. */
export function alphanumericDigest(text: string, length: number): string {
  let digest = ''
  for (let round = 0; digest.length < length; round++) {
    let hash = fnv1a(text, 0x811c9dc5 ^ Math.imul(round + 1, 0x9e3779b1))
    // five base-62 digits per 32-bit round (62^5 < 2^32)
    for (let digit = 0; digit < 5 && digest.length < length; digit++) {
      digest += BASE62[hash % 62] ?? '0'
      hash = Math.floor(hash / 62)
    }
  }
  return digest
}

const NOT_PORTABLE = /[^a-zA-Z0-9_-]/g

/** `value` with every character outside [a-zA-Z0-9_-] as `_`, cut to `maxLength` with room for a `_n` suffix after the first attempt. */
export function sanitizedName(value: string, attempt: number, maxLength: number, emptyBase: string): string {
  const base = value.replace(NOT_PORTABLE, '_') || emptyBase
  if (attempt === 0) return base.slice(0, maxLength)
  const suffix = `_${attempt + 1}`
  return `${base.slice(0, Math.max(1, maxLength - suffix.length))}${suffix}`
}
