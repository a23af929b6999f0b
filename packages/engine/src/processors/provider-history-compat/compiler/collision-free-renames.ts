// Deterministic, collision-free renaming of tool-call IDs and tool names: the
// same prompt always gives the same names, one old name maps to one new name
// everywhere (so a call and its result stay paired), and no new name equals
// a name already in use.

/**
 * The names of a prompt, in first-appearance order, each mapped to itself
 * (kept), to its new name, or to undefined (rejected, new name not decided
 * yet); after planRenames also each new name to itself (taken). One map
 * serves as the plan, the set of taken names and the rename table: the
 * compiler renames thousands of IDs on every call.
 */
export type NamePlan = Map<string, string | undefined>

/**
 * Decides, in first-appearance order, the new name of each name of `plan`
 * still undecided: `propose(name, attempt)` gives candidates (attempt 0, 1,
 * ...) until one is valid and not taken (a name of the prompt or an earlier
 * new name). Every candidate is valid and every undecided name is not, so a
 * taken name is exactly a key of `plan`.
 */
export function planRenames(plan: NamePlan, isValid: (name: string) => boolean, propose: (name: string, attempt: number) => string): void {
  // forEach, not for…of: no entry array per name; the new names it adds map to themselves and are passed over
  plan.forEach((renamed, name) => {
    if (renamed !== undefined) return
    let candidate = propose(name, 0)
    for (let attempt = 1; !isValid(candidate) || plan.has(candidate); attempt++) candidate = propose(name, attempt)
    plan.set(name, candidate)
    plan.set(candidate, candidate)
  })
}

const BASE62_CODES = Array.from('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', (digit) => digit.charCodeAt(0))

/** FNV-1a (32 bit) of `text`, from `seed`. */
function fnv1a(text: string, seed: number): number {
  let hash = seed >>> 0
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}

/** The digest's character codes, reused: one string is made per digest, not one per digit. */
const digestCodes: number[] = []

/** A `length`-character [0-9A-Za-z] digest of `text`: the same text always gives the same digest. */
export function alphanumericDigest(text: string, length: number): string {
  digestCodes.length = 0
  for (let round = 0; digestCodes.length < length; round++) {
    let hash = fnv1a(text, 0x811c9dc5 ^ Math.imul(round + 1, 0x9e3779b1))
    // five base-62 digits per 32-bit round (62^5 < 2^32)
    for (let digit = 0; digit < 5 && digestCodes.length < length; digit++) {
      digestCodes.push(BASE62_CODES[hash % 62] ?? 48)
      hash = Math.floor(hash / 62)
    }
  }
  return String.fromCharCode(...digestCodes)
}

const NOT_PORTABLE = /[^a-zA-Z0-9_-]/g

/** `value` with every character outside [a-zA-Z0-9_-] as `_`, cut to `maxLength` with room for a `_n` suffix after the first attempt. */
export function sanitizedName(value: string, attempt: number, maxLength: number, emptyBase: string): string {
  const base = value.replace(NOT_PORTABLE, '_') || emptyBase
  if (attempt === 0) return base.slice(0, maxLength)
  const suffix = `_${attempt + 1}`
  return `${base.slice(0, Math.max(1, maxLength - suffix.length))}${suffix}`
}
