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

  /** How many names of the prompt the plan holds. */
  get size(): number {
    return this.#names.length
  }

  /** The index of `name`, a name of the prompt; NEW_NAME for a new name; -1 when the plan does not hold it. */
  indexOf(name: string): number {
    const mask = this.#slots.length - 1
    for (let slot = fnv1a(name, 0x811c9dc5) & mask; ; slot = (slot + 1) & mask) {
      const entry = this.#slots[slot] ?? 0
      if (entry === 0) return -1
      if (entry > 0 ? this.#names[entry - 1] === name : this.#renamed[-entry - 1] === name) return entry > 0 ? entry - 1 : NEW_NAME
    }
  }

  #insert(name: string, renamed: string | undefined): void {
    this.#names.push(name)
    this.#renamed.push(renamed)
    this.#place(this.#names.length)
  }

  /** Puts `entry` at the slot of its name, growing the table first when half of it would be taken. */
  #place(entry: number): void {
    if (2 * (this.#entries + 1) > this.#slots.length) this.#grow()
    this.#entries++
    this.#placeIn(this.#slots, entry)
  }

  #placeIn(slots: Int32Array, entry: number): void {
    const mask = slots.length - 1
    const name = (entry > 0 ? this.#names[entry - 1] : this.#renamed[-entry - 1]) ?? ''
    let slot = fnv1a(name, 0x811c9dc5) & mask
    while (slots[slot] !== 0) slot = (slot + 1) & mask
    slots[slot] = entry
  }

  /** Four times larger: fewer regrowths, each a table to drop and a rehash of every entry. */
  #grow(): void {
    const old = this.#slots
    this.#slots = new Int32Array(4 * old.length)
    for (const entry of old) if (entry !== 0) this.#placeIn(this.#slots, entry)
  }

  /** Adds `name`, kept when `isValid` accepts it, else to be renamed; a name the plan holds already stays as it is. */
  add(name: string, isValid: (name: string) => boolean): void {
    if (this.indexOf(name) === -1) this.#insert(name, isValid(name) ? name : undefined)
  }

  /** Adds `name`, a name of the prompt the plan does not hold yet, with its new name decided (itself when kept; taken from then on). */
  addDecided(name: string, newName: string): void {
    this.#insert(name, newName)
    if (newName !== name) this.#place(-this.#names.length)
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
    this.#renamed[index] = newName
    this.#place(-(index + 1))
  }
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
    if (name !== undefined) plan.rename(index, freeCandidate(plan, name, isValid, propose))
  }
}

/** The first of `propose(name, 0)`, `propose(name, 1)`, ... that is valid and not taken in `plan`. */
function freeCandidate(plan: NamePlan, name: string, isValid: (name: string) => boolean, propose: (name: string, attempt: number) => string): string {
  let candidate = propose(name, 0)
  for (let attempt = 1; !isValid(candidate) || plan.has(candidate); attempt++) candidate = propose(name, attempt)
  return candidate
}

/**
 * The new name of `name` decided at its first sight in a single pass over the
 * prompt (kept when valid, else the first free candidate, as planRenames
 * would choose it), or undefined when `name` is a name of the prompt equal to
 * a new name given earlier in the pass: planRenames, which sees every name
 * of the prompt before it gives any new one, must plan the prompt instead.
 * Without such a name both choose the same new names, in the same order.
 */
export function newNameOnFirstSight(
  plan: NamePlan,
  name: string,
  isValid: (name: string) => boolean,
  propose: (name: string, attempt: number) => string,
): string | undefined {
  const index = plan.indexOf(name)
  if (index === NEW_NAME) return undefined
  if (index !== -1) return plan.newNameAt(index)
  const newName = isValid(name) ? name : freeCandidate(plan, name, isValid, propose)
  plan.addDecided(name, newName)
  return newName
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
