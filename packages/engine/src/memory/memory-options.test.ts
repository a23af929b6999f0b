import { describe, expect, it } from 'vitest'
import { memoryOptionsSchema, resolveMemoryOptions } from './memory-options.ts'

const resolve = (options: unknown) => resolveMemoryOptions(memoryOptionsSchema.parse(options))

describe('memory options', () => {
  it('has documented defaults', () => {
    expect(resolve({})).toEqual({
      lastMessages: 10,
      semanticRecall: null,
      workingMemory: { enabled: false, scope: 'resource', template: null },
      observationalMemory: { enabled: false, scope: 'thread' },
      embeddingBatchSize: 100,
    })
  })

  it('expands semanticRecall: true and a numeric messageRange', () => {
    expect(resolve({ semanticRecall: true }).semanticRecall).toEqual({ topK: 4, messageRange: { before: 1, after: 1 }, scope: 'resource', mode: 'text' })
    expect(resolve({ semanticRecall: { topK: 2, messageRange: 3, scope: 'thread' } }).semanticRecall).toEqual({
      topK: 2,
      messageRange: { before: 3, after: 3 },
      scope: 'thread',
      mode: 'text',
    })
    expect(resolve({ semanticRecall: { messageRange: { before: 0, after: 2 } } }).semanticRecall?.messageRange).toEqual({ before: 0, after: 2 })
  })

  it('recalls hybrid with an embedder and by full text without one, unless a mode is given', () => {
    const parsed = (options: unknown) => memoryOptionsSchema.parse(options)
    expect(resolveMemoryOptions(parsed({ semanticRecall: true }), true).semanticRecall?.mode).toBe('hybrid')
    expect(resolveMemoryOptions(parsed({ semanticRecall: true }), false).semanticRecall?.mode).toBe('text')
    expect(resolveMemoryOptions(parsed({ semanticRecall: { mode: 'vector' } }), true).semanticRecall?.mode).toBe('vector')
    expect(memoryOptionsSchema.safeParse({ semanticRecall: { mode: 'fuzzy' } }).success).toBe(false)
  })

  it('maps lastMessages: false to none and rejects nonsense', () => {
    expect(resolve({ lastMessages: false }).lastMessages).toBe(0)
    expect(memoryOptionsSchema.safeParse({ lastMessages: -1 }).success).toBe(false)
    expect(memoryOptionsSchema.safeParse({ semanticRecall: { topK: 0 } }).success).toBe(false)
    expect(memoryOptionsSchema.safeParse({ workingMemory: { scope: 'thread' } }).success).toBe(false)
  })
})
