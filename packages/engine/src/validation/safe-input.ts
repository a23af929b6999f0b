// Checks every outside input gets before its schema: text the database cannot
// store or compare (a NUL character, an unpaired UTF-16 surrogate) and
// structures too deep or too big to walk are refused as InvalidInputError
// naming the field, instead of failing later (a 500 from the database driver,
// a stack overflow in a serializer).
import { InvalidInputError } from '../errors/input-errors.ts'
import { fieldPath } from './field-path.ts'

export type InputBounds = {
  /** nesting of arrays and objects */
  maxDepth: number
  /** array items, object keys and values, all together */
  maxNodes: number
}

export const DEFAULT_INPUT_BOUNDS: Readonly<InputBounds> = Object.freeze({ maxDepth: 64, maxNodes: 200_000 })

const NUL = '\u0000'
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** Why a string cannot be accepted, if it cannot. */
export function unsafeTextReason(text: string): string | undefined {
  if (text.includes(NUL)) return 'must not contain a NUL character (\\u0000)'
  if (LONE_SURROGATE.test(text)) return 'must be valid Unicode (it contains an unpaired surrogate)'
  return undefined
}

type Issue = { path: PropertyKey[]; message: string }

/**
 * The walk of one input: `path` is the current field's keys, pushed and popped
 * in place, so input that passes costs no allocation per value (every API
 * call's input is walked: a 100-message save has ~3,000 values); an issue
 * copies the path.
 */
class SafeInputWalk {
  readonly path: PropertyKey[]
  private nodes = 0

  constructor(
    root: PropertyKey[],
    private readonly bounds: InputBounds,
  ) {
    this.path = root
  }

  private issue(message: string): Issue {
    return { path: [...this.path], message }
  }

  /** `item` under `key` of the current value. */
  private child(key: PropertyKey, item: unknown): Issue | undefined {
    this.path.push(key)
    const issue = this.value(item)
    this.path.pop()
    return issue
  }

  value(value: unknown): Issue | undefined {
    this.nodes += 1
    if (this.nodes > this.bounds.maxNodes) return this.issue(`has more than ${this.bounds.maxNodes} values in all`)
    if (typeof value === 'string') {
      const reason = unsafeTextReason(value)
      return reason === undefined ? undefined : this.issue(reason)
    }
    if (value === null || typeof value !== 'object' || value instanceof Date) return undefined
    if (this.path.length >= this.bounds.maxDepth) return this.issue(`is nested more than ${this.bounds.maxDepth} levels deep`)
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) {
        const issue = this.child(index, value[index])
        if (issue !== undefined) return issue
      }
      return undefined
    }
    if (value instanceof Map || value instanceof Set) {
      let index = 0
      for (const entry of value.entries()) {
        const issue = this.child(index++, entry)
        if (issue !== undefined) return issue
      }
      return undefined
    }
    // own enumerable string keys, as Object.entries gives them, without its arrays
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue
      const reason = unsafeTextReason(key)
      if (reason !== undefined) {
        this.path.push(key)
        const issue = this.issue(`has a key that ${reason}`)
        this.path.pop()
        return issue
      }
      const issue = this.child(key, (value as Record<string, unknown>)[key])
      if (issue !== undefined) return issue
    }
    return undefined
  }
}

/** Throws InvalidInputError (naming the field, under `root`) for unsafe text anywhere in `value`, or a value too deep or too big. */
export function assertSafeInput(value: unknown, options: { root?: string; bounds?: InputBounds } = {}): void {
  const issue = new SafeInputWalk(options.root ? [options.root] : [], options.bounds ?? DEFAULT_INPUT_BOUNDS).value(value)
  if (issue !== undefined) throw new InvalidInputError(fieldPath(issue.path) || 'input', issue.message)
}
