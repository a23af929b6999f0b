import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { fieldIssues } from './parse-input.ts'

function issuesOf(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value)
  if (result.success) throw new Error('expected the value to be refused')
  return fieldIssues(result.error)
}

describe('issueMessage (through fieldIssues)', () => {
  const schema = z.strictObject({
    limit: z.number().int().min(0).max(10).optional(),
    name: z.string().min(1).max(3).optional(),
    items: z.array(z.number()).max(2).optional(),
    role: z.enum(['user', 'assistant']).optional(),
    format: z.literal(2).optional(),
    ratio: z.number().gt(0).optional(),
    required: z.string(),
    custom: z.string().min(5, 'needs five letters').optional(),
  })

  it("rephrases zod's defaults as what the field must be", () => {
    const issues = issuesOf(schema, { limit: -1, name: 'long', items: [1, 2, 3], role: 'robot', format: 3, ratio: 0, custom: 'abc' })
    expect(issues).toEqual([
      { path: 'limit', message: 'must be at least 0' },
      { path: 'name', message: 'must have at most 3 characters' },
      { path: 'items', message: 'must have at most 2 items' },
      { path: 'role', message: 'must be one of "user", "assistant"' },
      { path: 'format', message: 'must be 2' },
      { path: 'ratio', message: 'must be more than 0' },
      { path: 'required', message: 'is required' },
      { path: 'custom', message: 'needs five letters' },
    ])
  })

  it('names wrong types, empty strings and each unknown field at its own path', () => {
    expect(issuesOf(schema, { required: 5, name: '', extra: 1, other: 2 })).toEqual([
      { path: 'name', message: 'must not be empty' },
      { path: 'required', message: 'must be a string' },
      { path: 'extra', message: 'is not a known field' },
      { path: 'other', message: 'is not a known field' },
    ])
    expect(issuesOf(z.strictObject({ list: z.array(z.string()) }), { list: 'x' })).toEqual([{ path: 'list', message: 'must be an array' }])
  })
})
