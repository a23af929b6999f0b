import type { z } from 'zod'
import { InvalidCloneOptionsError, InvalidInputError, type ThreadlineError } from '../errors/index.ts'

/** 'options.messageFilter.messageIds[2]' from a zod issue path. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((field, key) => {
    if (typeof key === 'number') return `${field}[${key}]`
    return field === '' ? String(key) : `${field}.${String(key)}`
  }, '')
}

type ErrorFactory = (field: string, message: string) => ThreadlineError

const invalidInput: ErrorFactory = (field, message) => new InvalidInputError(field, message)

/** Clone arguments: problems under `options` are InvalidCloneOptionsError, the rest InvalidInputError. */
export const invalidCloneInput: ErrorFactory = (field, message) =>
  field === 'options' || field.startsWith('options.')
    ? new InvalidCloneOptionsError(field, message)
    : new InvalidInputError(field, message)

/**
 * Parses outside input with `schema`; the first problem becomes a typed error
 * naming the field (`root` prefixes the path, e.g. 'messages').
 */
export function parseInput<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
  options: { root?: string; error?: ErrorFactory } = {},
): z.output<Schema> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const path = [...(options.root === undefined ? [] : [options.root]), ...(issue?.path ?? [])]
  const field = fieldPath(path) || options.root || 'input'
  throw (options.error ?? invalidInput)(field, issue?.message ?? 'is invalid')
}
