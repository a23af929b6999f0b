// The one way outside input is checked: a zod schema, and on failure ONE error
// family (InvalidInputError and its subclasses) naming every problem in ONE
// field-path format, `a.b[0].c`.
import type { z } from 'zod'
import { type FieldIssue, InvalidInputError } from '../errors/input-errors.ts'
import { fieldPath, type PathKey } from './field-path.ts'
import { issueMessage } from './issue-message.ts'
import { assertSafeInput } from './safe-input.ts'

export { fieldPath } from './field-path.ts'

type ZodIssue = z.core.$ZodIssue

/**
 * A union no branch of which accepted the value: the branch that got furthest
 * into it (its problems lie deepest) says what is wrong, e.g. `[0].role`
 * rather than "Invalid input" at the union; when every branch failed at the
 * value itself, the union's own message stands.
 */
function leafIssues(issue: ZodIssue, prefix: readonly PathKey[]): { path: PathKey[]; message: string }[] {
  const path = [...prefix, ...issue.path]
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    const depth = (branch: readonly ZodIssue[]) => Math.max(0, ...branch.map((branchIssue) => branchIssue.path.length))
    const furthest = issue.errors.reduce((best, branch) => (depth(branch) > depth(best) ? branch : best))
    if (depth(furthest) > 0) return furthest.flatMap((branchIssue) => leafIssues(branchIssue, path))
  }
  // one issue per unknown key, at the key's own path, so `field` names it
  if (issue.code === 'unrecognized_keys') return issue.keys.map((key) => ({ path: [...path, key], message: issueMessage(issue) }))
  return [{ path, message: issueMessage(issue) }]
}

/** Where the input sits in the caller's terms: 'options', or a path such as ['additionalRules', 2]. */
export type InputRoot = string | readonly PathKey[]

/** Every zod issue as { path, message }, paths prefixed with `root`. */
export function fieldIssues(error: z.ZodError, root: InputRoot = []): FieldIssue[] {
  const prefix = typeof root === 'string' ? [root] : root
  return error.issues.flatMap((issue) => leafIssues(issue, prefix)).map(({ path, message }) => ({ path: fieldPath(path), message }))
}

/** Builds the error of a refused input from its issues (there is at least one). */
export type InputErrorFactory = (issues: [FieldIssue, ...FieldIssue[]]) => InvalidInputError

const invalidInput: InputErrorFactory = (issues) => new InvalidInputError(issues[0].path || 'input', issues[0].message, { issues })

export type ParseInputOptions = {
  /** prefixes every issue's path (an argument's name, e.g. 'threadId') */
  root?: InputRoot
  /** which error of the family to throw; default InvalidInputError */
  error?: InputErrorFactory
}

/** The typed error for a zod failure: every issue, the first one as `field`. */
export function toInputError(error: z.ZodError, options: ParseInputOptions = {}): InvalidInputError {
  const [first, ...rest] = fieldIssues(error, options.root)
  return (options.error ?? invalidInput)(first === undefined ? [{ path: '', message: 'is invalid' }] : [first, ...rest])
}

/**
 * Parses outside input with `schema`, or throws an InvalidInputError (family)
 * naming the fields at fault. Unsafe text (NUL, unpaired surrogates) and
 * structures too deep or too big are refused first, whatever the schema.
 */
export function parseInput<Schema extends z.ZodType>(schema: Schema, value: unknown, options: ParseInputOptions = {}): z.output<Schema> {
  const root = options.root === undefined ? undefined : typeof options.root === 'string' ? options.root : fieldPath(options.root)
  assertSafeInput(value, root ? { root } : {})
  const result = schema.safeParse(value)
  if (result.success) return result.data
  throw toInputError(result.error, options)
}
