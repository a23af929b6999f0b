import { describe, expect, expectTypeOf, it } from 'vitest'
import { z } from 'zod'
import { InvalidInputError } from '../errors/input-errors.ts'
import { exactlyOneOf, hasExactlyOneOf } from './exactly-one-of.ts'
import { parseInput } from './parse-input.ts'

const target = exactlyOneOf(
  z.strictObject({ threadId: z.string().optional(), resourceId: z.string().optional(), topK: z.number().optional() }),
  'threadId',
  'resourceId',
)

describe('exactlyOneOf', () => {
  it('takes either field alone, with the other fields', () => {
    expect(parseInput(target, { threadId: 't1', topK: 3 })).toEqual({ threadId: 't1', topK: 3 })
    expect(parseInput(target, { resourceId: 'r1' })).toEqual({ resourceId: 'r1' })
  })

  it('refuses both and neither alike, on the first field', () => {
    for (const input of [{ threadId: 't1', resourceId: 'r1' }, {}, { threadId: undefined, resourceId: undefined }]) {
      const error = (() => {
        try {
          parseInput(target, input)
        } catch (caught) {
          return caught
        }
      })()
      expect(InvalidInputError.isInstance(error) && error.issues).toEqual([{ path: 'threadId', message: 'give either threadId or resourceId' }])
    }
  })

  it('types the output so that narrowing on one field gives the other', () => {
    const parsed = parseInput(target, { resourceId: 'r1' })
    if (parsed.threadId === undefined) expectTypeOf(parsed.resourceId).toEqualTypeOf<string>()
    else expectTypeOf(parsed.threadId).toEqualTypeOf<string>()
  })

  it('hasExactlyOneOf counts a field given when it is not undefined (null, "" and 0 are given)', () => {
    expect(hasExactlyOneOf({ a: null }, 'a', 'b')).toBe(true)
    expect(hasExactlyOneOf({ a: '', b: 0 }, 'a', 'b')).toBe(false)
    expect(hasExactlyOneOf({ b: undefined }, 'a', 'b')).toBe(false)
  })
})
