import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { InvalidInputError } from '../errors/input-errors.ts'
import { dateInputSchema, metadataSchema } from '../memory/input-schemas.ts'
import { parseInput } from './parse-input.ts'
import { assertSafeInput, unsafeTextReason } from './safe-input.ts'

function refusal(run: () => unknown): InvalidInputError {
  try {
    run()
  } catch (error) {
    if (InvalidInputError.isInstance(error)) return error
    throw error
  }
  throw new Error('expected an InvalidInputError')
}

describe('assertSafeInput', () => {
  it('refuses a NUL character and an unpaired surrogate anywhere, naming the field', () => {
    expect(unsafeTextReason('a\u0000b')).toMatch(/NUL/)
    expect(unsafeTextReason('a\uD800b')).toMatch(/unpaired surrogate/)
    expect(unsafeTextReason('\uDC00')).toMatch(/unpaired surrogate/)
    expect(unsafeTextReason('emoji 😀 ok')).toBeUndefined()
    expect(refusal(() => assertSafeInput({ a: [{ title: 'x\u0000' }] }, { root: 'input' })).field).toBe('input.a[0].title')
    expect(refusal(() => assertSafeInput({ metadata: { 'k\uD83D': 1 } })).field).toBe('metadata.k\uD83D')
  })

  it('names the field of an issue found after walking its siblings, in arrays, objects, maps and sets', () => {
    const input = {
      messages: [
        { id: 'a', parts: [{ text: 'ok' }, { text: 'fine' }] },
        { id: 'b', parts: [{ text: 'ok' }, { text: 'bad\u0000' }] },
      ],
    }
    expect(refusal(() => assertSafeInput(input, { root: 'input' })).field).toBe('input.messages[1].parts[1].text')
    expect(refusal(() => assertSafeInput({ a: 'ok', b: { c: 'ok' }, d: { e: 'x\uDC00' } })).field).toBe('d.e')
    expect(
      refusal(() =>
        assertSafeInput({
          m: new Map([
            ['k', 'ok'],
            ['j', 'x\u0000'],
          ]),
        }),
      ).field,
    ).toBe('m[1][1]')
    expect(refusal(() => assertSafeInput({ s: new Set(['ok', 'x\u0000']) })).field).toBe('s[1][0]')
    // an inherited property is not the input's own: not walked, as Object.entries would not
    const inherited = Object.create({ hidden: 'x\u0000' }) as Record<string, unknown>
    inherited.shown = 'ok'
    expect(() => assertSafeInput(inherited)).not.toThrow()
  })

  it('refuses nesting 5000 deep and too many values, accepts ordinary input', () => {
    let deep: unknown = 'leaf'
    for (let i = 0; i < 5000; i += 1) deep = { d: deep }
    expect(refusal(() => assertSafeInput({ metadata: deep })).message).toMatch(/nested more than 64 levels/)
    expect(refusal(() => assertSafeInput(Array.from({ length: 300_000 }, () => 1))).message).toMatch(/more than 200000 values/)
    expect(() => assertSafeInput({ threadId: 't-1', createdAt: new Date(), list: [1, 'two', null, { three: true }] })).not.toThrow()
  })

  it('runs in parseInput before the schema, for every engine boundary', () => {
    expect(refusal(() => parseInput(z.object({ threadId: z.string() }), { threadId: 'a\u0000' }, { root: 'args' })).field).toBe('args.threadId')
  })
})

describe('strict inputs', () => {
  it('refuses a calendar date that does not exist instead of rolling it over', () => {
    expect(dateInputSchema.safeParse('2026-02-30').success).toBe(false)
    expect(dateInputSchema.safeParse('2026-02-29T10:00:00Z').success).toBe(false)
    expect(dateInputSchema.safeParse('2028-02-29T10:00:00Z').success).toBe(true)
    expect(dateInputSchema.safeParse('2026-13-01').success).toBe(false)
    expect(dateInputSchema.safeParse('March 5').success).toBe(false)
    expect(dateInputSchema.parse('2026-11-18T15:46:00.000+01:00')).toEqual(new Date('2026-11-18T14:46:00Z'))
  })

  it('refuses dates outside the years 1 to 9999, where stores and JavaScript disagree (issue 30)', () => {
    for (const outside of [-1e15, 8.64e15, '10000-01-01T00:00:00Z', '-000001-01-01T00:00:00Z', Number.NaN, new Date(Number.NaN)]) {
      expect(dateInputSchema.safeParse(outside).success, String(outside)).toBe(false)
    }
    expect(dateInputSchema.parse('0001-01-01T00:00:00Z')).toEqual(new Date('0001-01-01T00:00:00Z'))
    expect(dateInputSchema.parse('9999-12-31T23:59:59.999Z')).toEqual(new Date('9999-12-31T23:59:59.999Z'))
  })

  it('caps metadata at 64 KB of JSON', () => {
    expect(metadataSchema.safeParse({ blob: 'x'.repeat(70_000) }).success).toBe(false)
    expect(metadataSchema.safeParse({ blob: 'x'.repeat(1000) }).success).toBe(true)
  })
})
