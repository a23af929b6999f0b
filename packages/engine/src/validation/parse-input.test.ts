import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { InvalidCloneOptionsError, InvalidInputError } from '../errors/index.ts'
import { fieldIssues, fieldPath, parseInput } from './parse-input.ts'

function rejectionOf(run: () => unknown): InvalidInputError {
  try {
    run()
  } catch (error) {
    if (InvalidInputError.isInstance(error)) return error
    throw error
  }
  throw new Error('expected an InvalidInputError')
}

describe('fieldPath', () => {
  it('writes keys with dots and array indexes in brackets', () => {
    expect(fieldPath(['options', 'messageFilter', 'messageIds', 2])).toBe('options.messageFilter.messageIds[2]')
    expect(fieldPath([0, 'content', 1, 'type'])).toBe('[0].content[1].type')
    expect(fieldPath([])).toBe('')
  })
})

describe('parseInput', () => {
  const schema = z.strictObject({
    threadId: z.string().min(1, 'must not be empty'),
    options: z.strictObject({ filter: z.strictObject({ ids: z.array(z.string()) }).optional() }).optional(),
  })

  it('returns the parsed value', () => {
    expect(parseInput(schema, { threadId: 't', options: { filter: { ids: ['a'] } } })).toEqual({ threadId: 't', options: { filter: { ids: ['a'] } } })
  })

  it('names a nested field inside an array, and lists every issue', () => {
    const error = rejectionOf(() => parseInput(schema, { threadId: '', options: { filter: { ids: ['a', 7] } } }))
    expect(error.code).toBe('INVALID_INPUT')
    expect(error.field).toBe('threadId')
    expect(error.message).toBe('Invalid "threadId": must not be empty')
    expect(error.issues.map((issue) => issue.path)).toEqual(['threadId', 'options.filter.ids[1]'])
  })

  it('prefixes paths with a root: an argument name or a path', () => {
    expect(rejectionOf(() => parseInput(z.string(), 5, { root: 'threadId' })).field).toBe('threadId')
    expect(rejectionOf(() => parseInput(z.strictObject({ name: z.string() }), {}, { root: ['rules', 2] })).field).toBe('rules[2].name')
  })

  it('names the input itself when the problem is at its root', () => {
    const error = rejectionOf(() => parseInput(schema, 'not an object'))
    expect(error.field).toBe('input')
    expect(error.issues[0]!.path).toBe('')
  })

  it('reports a union by the branch that got furthest into the value', () => {
    const input = z.union([z.string(), z.array(z.strictObject({ role: z.enum(['user', 'assistant']) }))])
    expect(rejectionOf(() => parseInput(input, [{ role: 'user' }, { role: 'robot' }], { root: 'input' })).field).toBe('input[1].role')
    // every branch failed at the value itself: the union's own message stands
    const number = rejectionOf(() => parseInput(z.union([z.string(), z.boolean()], { error: 'must be text or a flag' }), 5, { root: 'flag' }))
    expect(number.issues).toEqual([{ path: 'flag', message: 'must be text or a flag' }])
  })

  it('reports a discriminated union by the chosen branch', () => {
    const key = z.discriminatedUnion('scope', [
      z.strictObject({ scope: z.literal('thread'), threadId: z.string() }),
      z.strictObject({ scope: z.literal('resource'), resourceId: z.string() }),
    ])
    expect(rejectionOf(() => parseInput(key, { scope: 'resource' }, { root: 'key' })).field).toBe('key.resourceId')
  })

  it('throws the error of the family the caller picks', () => {
    const error = rejectionOf(() =>
      parseInput(
        schema,
        { threadId: 't', options: { extra: 1 } },
        { error: (issues) => new InvalidCloneOptionsError(issues[0].path, issues[0].message, issues) },
      ),
    )
    expect(InvalidCloneOptionsError.isInstance(error)).toBe(true)
    expect(error.code).toBe('INVALID_CLONE_OPTIONS')
    expect(error.field).toBe('options.extra')
  })
})

describe('fieldIssues', () => {
  it('is the same conversion parseInput uses', () => {
    const result = z.strictObject({ a: z.array(z.number()) }).safeParse({ a: [1, 'x'] })
    expect(result.success).toBe(false)
    expect(fieldIssues(result.error!)).toEqual([{ path: 'a[1]', message: expect.any(String) }])
  })
})
