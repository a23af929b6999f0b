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

function walk(value: unknown, path: PropertyKey[], bounds: InputBounds, budget: { nodes: number }): Issue | undefined {
  budget.nodes += 1
  if (budget.nodes > bounds.maxNodes) return { path, message: `has more than ${bounds.maxNodes} values in all` }
  if (typeof value === 'string') {
    const reason = unsafeTextReason(value)
    return reason === undefined ? undefined : { path, message: reason }
  }
  if (value === null || typeof value !== 'object' || value instanceof Date) return undefined
  if (path.length >= bounds.maxDepth) return { path, message: `is nested more than ${bounds.maxDepth} levels deep` }
  const entries: [PropertyKey, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : value instanceof Map || value instanceof Set
      ? [...value.entries()].map(([key, item], index) => [index, [key, item]])
      : Object.entries(value)
  for (const [key, item] of entries) {
    if (typeof key === 'string') {
      const reason = unsafeTextReason(key)
      if (reason !== undefined) return { path: [...path, key], message: `has a key that ${reason}` }
    }
    const issue = walk(item, [...path, key], bounds, budget)
    if (issue !== undefined) return issue
  }
  return undefined
}

/** Throws InvalidInputError (naming the field, under `root`) for unsafe text anywhere in `value`, or a value too deep or too big. */
export function assertSafeInput(value: unknown, options: { root?: string; bounds?: InputBounds } = {}): void {
  const issue = walk(value, options.root ? [options.root] : [], options.bounds ?? DEFAULT_INPUT_BOUNDS, { nodes: 0 })
  if (issue !== undefined) throw new InvalidInputError(fieldPath(issue.path) || 'input', issue.message)
}
