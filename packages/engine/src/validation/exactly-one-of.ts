// "Give exactly one of threadId / resourceId" (and any such pair): the one
// place the rule is written. Every schema with such a pair refines with it.
import type { z } from 'zod'

/** T with exactly one of A and B given: that one required in its branch, the other absent (narrowing on one gives the other). */
export type ExactlyOneOf<T, A extends keyof T, B extends keyof T> =
  | (Omit<T, A | B> & Record<A, Exclude<T[A], undefined>> & Partial<Record<B, undefined>>)
  | (Omit<T, A | B> & Record<B, Exclude<T[B], undefined>> & Partial<Record<A, undefined>>)

/** Whether exactly one of the two fields is given (not undefined). */
export function hasExactlyOneOf(input: Readonly<Record<string, unknown>>, a: string, b: string): boolean {
  return (input[a] === undefined) !== (input[b] === undefined)
}

/**
 * The object schema refined so that exactly one of `a` and `b` is given
 * ("give either a or b", on the field `a`), its output typed as ExactlyOneOf.
 */
export function exactlyOneOf<S extends z.ZodType<Record<string, unknown>>, A extends keyof z.output<S> & string, B extends keyof z.output<S> & string>(
  schema: S,
  a: A,
  b: B,
) {
  return schema
    .refine((input) => hasExactlyOneOf(input, a, b), { error: `give either ${a} or ${b}`, path: [a] })
    .transform((input) => input as ExactlyOneOf<z.output<S>, A, B>)
}
