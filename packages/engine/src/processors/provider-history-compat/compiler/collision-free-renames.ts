// Deterministic, collision-free renaming of tool-call IDs and tool names: the
// same prompt always gives the same names, one old name maps to one new name
// everywhere (so a call and its result stay paired), and no new name equals
// a name already in use.

/**
 * The names of a prompt in first-appearance order, each kept, renamed, or not
 * decided yet (rejected), and the new names, which count as taken: the plan,
 * the set of taken names and the rename table in one. An open-addressing
 * table of entries (one Int32Array) over two arrays, not a Map: renaming the
 * 2,500 IDs of a 10,000-message prompt on every call, a Map's buckets and
 * their regrowth were a third of what the rename allocated (bench/compat.ts).
 * A new name is an entry of the table only, pointing at the name it renames:
 * stored as a name of its own, the arrays' regrowth was a third of the
 * single-pass rename's allocations.
 */
export class NamePlan {
  /**
   * At the slot a name's hash gives, or the next free one: 1 + the index of a
   * name of the prompt in `#names`, or -(1 + the index of the name it renames)
   * for a new name; 0 is free.
   */
  #slots = new Int32Array(64)
  /** how many slots are taken */
  #entries = 0
  readonly #names: string[] = []
  readonly #renamed: (string | undefined)[] = []
  /**
   * Each name's and each new name's hash, kept: a regrowth places the entries
   * by them without hashing a string again (rehashing was a tenth of a
   * 2,500-ID rename), and a name is hashed once for its lookup and its entry.
   */
  readonly #nameHashes: number[] = []
  readonly #renamedHashes: number[] = []
  /** the hash of the candidate freeCandidate returned last, for the entry that takes it */
  #candidateHash = 0

  /** How many names of the prompt the plan holds. */
  get size(): number {
    return this.#names.length
  }

  /** The index of `name`, a name of the prompt; NEW_NAME for a new name; -1 when the plan does not hold it. */
  indexOf(name: string): number {
    return this.#find(name, slotHash(name))
  }

  #find(name: string, hash: number): number {
    const mask = this.#slots.length - 1
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = this.#slots[slot] ?? 0
      if (entry === 0) return -1
      if (entry > 0 ? this.#names[entry - 1] === name : this.#renamed[-entry - 1] === name) return entry > 0 ? entry - 1 : NEW_NAME
    }
  }

  #insert(name: string, hash: number, renamed: string | undefined): void {
    this.#names.push(name)
    this.#nameHashes.push(hash)
    this.#renamed.push(renamed)
    this.#renamedHashes.push(0)
    this.#place(this.#names.length, hash)
  }

  /** Puts `entry` at the slot of its name's `hash`, growing the table first when half of it would be taken. */
  #place(entry: number, hash: number): void {
    if (2 * (this.#entries + 1) > this.#slots.length) this.#grow()
    this.#entries++
    placeIn(this.#slots, entry, hash)
  }

  /** Four times larger: fewer regrowths, each a table to drop and every entry placed again. */
  #grow(): void {
    const old = this.#slots
    this.#slots = new Int32Array(4 * old.length)
    for (const entry of old) if (entry !== 0) placeIn(this.#slots, entry, (entry > 0 ? this.#nameHashes[entry - 1] : this.#renamedHashes[-entry - 1]) ?? 0)
  }

  /** Adds `name`, kept when `isValid` accepts it, else to be renamed; a name the plan holds already stays as it is. */
  add(name: string, isValid: (name: string) => boolean): void {
    const hash = slotHash(name)
    if (this.#find(name, hash) === -1) this.#insert(name, hash, isValid(name) ? name : undefined)
  }

  /** Adds `name`, a name of the prompt the plan does not hold yet, with its new name decided (itself when kept; taken from then on). */
  addDecided(name: string, newName: string): void {
    this.#addDecided(name, slotHash(name), newName, newName === name ? 0 : slotHash(newName))
  }

  #addDecided(name: string, hash: number, newName: string, newHash: number): void {
    this.#insert(name, hash, newName)
    if (newName === name) return
    const index = this.#names.length - 1
    this.#renamedHashes[index] = newHash
    this.#place(-(index + 1), newHash)
  }

  has(name: string): boolean {
    return this.indexOf(name) !== -1
  }

  /** The name `name` goes out as (itself when kept), or undefined when it is not a name of the prompt the plan holds. */
  newName(name: string): string | undefined {
    const index = this.indexOf(name)
    return index < 0 ? undefined : this.#renamed[index]
  }

  /** The new name of the name at `index` (itself when kept), undefined while not decided. */
  newNameAt(index: number): string | undefined {
    return this.#renamed[index]
  }

  /** The name at `index` (first-appearance order) when its new name is not decided yet, else undefined. */
  undecidedAt(index: number): string | undefined {
    return this.#renamed[index] === undefined ? this.#names[index] : undefined
  }

  /** Renames the name at `index` to `newName`, which is taken from then on. */
  rename(index: number, newName: string): void {
    const hash = slotHash(newName)
    this.#renamed[index] = newName
    this.#renamedHashes[index] = hash
    this.#place(-(index + 1), hash)
  }

  /**
   * The new name of `name` decided at its first sight in a single pass over
   * the prompt (kept when valid, else the first free candidate, as
   * planRenames would choose it), added and taken; or undefined when `name`
   * is a name of the prompt equal to a new name given earlier in the pass:
   * planRenames, which sees every name of the prompt before it gives any new
   * one, must plan the prompt instead. Without such a name both choose the
   * same new names, in the same order. Each name and candidate is hashed once.
   */
  decideOnFirstSight(name: string, isValid: (name: string) => boolean, propose: (name: string, attempt: number) => string): string | undefined {
    const hash = slotHash(name)
    const index = this.#find(name, hash)
    if (index === NEW_NAME) return undefined
    if (index !== -1) return this.#renamed[index]
    const newName = isValid(name) ? name : this.freeCandidate(name, isValid, propose)
    this.#addDecided(name, hash, newName, newName === name ? 0 : this.#candidateHash)
    return newName
  }

  /**
   * The first of `propose(name, 0)`, `propose(name, 1)`, ... that is valid and
   * not taken (a name of the prompt or an earlier new name).
   */
  freeCandidate(name: string, isValid: (name: string) => boolean, propose: (name: string, attempt: number) => string): string {
    let candidate = propose(name, 0)
    let hash = slotHash(candidate)
    for (let attempt = 1; !isValid(candidate) || this.#find(candidate, hash) !== -1; attempt++) {
      candidate = propose(name, attempt)
      hash = slotHash(candidate)
    }
    this.#candidateHash = hash
    return candidate
  }
}

/** Puts `entry` at the first free slot of `slots` from `hash`. */
function placeIn(slots: Int32Array, entry: number, hash: number): void {
  const mask = slots.length - 1
  let slot = hash & mask
  while (slots[slot] !== 0) slot = (slot + 1) & mask
  slots[slot] = entry
}

/** A name's hash for the table, 30 bits: a small integer, kept unboxed in the hash arrays. */
function slotHash(name: string): number {
  return fnv1a(name, 0x811c9dc5) & 0x3fffffff
}

/** NamePlan.indexOf of a new name. */
export const NEW_NAME = -2

/**
 * Decides, in first-appearance order, the new name of each name of `plan`
 * still undecided: `propose(name, attempt)` gives candidates (attempt 0, 1,
 * ...) until one is valid and not taken (a name of the prompt or an earlier
 * new name). Every candidate is valid and every undecided name is not, so a
 * taken name is exactly one the plan holds.
 */
export function planRenames(plan: NamePlan, isValid: (name: string) => boolean, propose: (name: string, attempt: number) => string): void {
  for (let index = 0; index < plan.size; index++) {
    const name = plan.undecidedAt(index)
    if (name !== undefined) plan.rename(index, plan.freeCandidate(name, isValid, propose))
  }
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/** The character code of base-62 digit `digit` (0-61). */
function base62Code(digit: number): number {
  return BASE62.charCodeAt(digit)
}

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
    const hash = fnv1a(text, 0x811c9dc5 ^ Math.imul(round + 1, 0x9e3779b1))
    // five base-62 digits per 32-bit round (62^5 < 2^32), as ONE string: a string per digit was the costliest line of a Mistral ID rename
    const q1 = Math.floor(hash / 62)
    const q2 = Math.floor(q1 / 62)
    const q3 = Math.floor(q2 / 62)
    const q4 = Math.floor(q3 / 62)
    const digits = String.fromCharCode(
      base62Code(hash - 62 * q1),
      base62Code(q1 - 62 * q2),
      base62Code(q2 - 62 * q3),
      base62Code(q3 - 62 * q4),
      base62Code(q4 % 62),
    )
    const missing = length - digest.length
    digest += missing < 5 ? digits.slice(0, missing) : digits
  }
  return digest
}

/** Whether the UTF-16 code unit `code` is one of [a-zA-Z0-9_-]. */
function isPortable(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95 || code === 45
}

/**
 * `value` with every UTF-16 code unit outside [a-zA-Z0-9_-] as `_` (as
 * `replace(/[^a-zA-Z0-9_-]/g, '_')` would), built from the portable runs
 * between them: the regular expression was a tenth of a Bedrock rename.
 */
function portable(value: string): string {
  let result = ''
  let runStart = 0
  for (let index = 0; index < value.length; index++) {
    if (isPortable(value.charCodeAt(index))) continue
    result += `${value.slice(runStart, index)}_`
    runStart = index + 1
  }
  return runStart === 0 ? value : result + value.slice(runStart)
}

/** `value` with every character outside [a-zA-Z0-9_-] as `_`, cut to `maxLength` with room for a `_n` suffix after the first attempt. */
export function sanitizedName(value: string, attempt: number, maxLength: number, emptyBase: string): string {
  const base = portable(value) || emptyBase
  if (attempt === 0) return base.slice(0, maxLength)
  const suffix = `_${attempt + 1}`
  return `${base.slice(0, Math.max(1, maxLength - suffix.length))}${suffix}`
}
