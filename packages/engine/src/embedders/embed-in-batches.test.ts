import { describe, expect, it } from 'vitest'
import { EmbeddingError, embedInBatches } from './embed-in-batches.ts'
import type { Embedder } from './types.ts'

function recordingEmbedder(vectorFor: (text: string, call: number) => number[]): Embedder & { calls: string[][] } {
  const calls: string[][] = []
  return {
    id: 'test/recording',
    calls,
    async embed(values) {
      calls.push(values)
      return values.map((value) => vectorFor(value, calls.length))
    },
  }
}

describe('embedInBatches', () => {
  it('calls the embedder once per batch, in order', async () => {
    const embedder = recordingEmbedder((text) => [text.length, 1])
    const texts = ['a', 'bb', 'ccc', 'dddd', 'eeeee']
    const result = await embedInBatches(embedder, texts, 2)
    expect(embedder.calls).toEqual([['a', 'bb'], ['ccc', 'dddd'], ['eeeee']])
    expect(result).toEqual({ dimensions: 2, embeddings: texts.map((text) => [text.length, 1]) })
  })

  it('stops at the first failing batch', async () => {
    const embedder = recordingEmbedder((_text, call) => {
      if (call === 3) throw new Error('provider down')
      return [1]
    })
    await expect(embedInBatches(embedder, ['1', '2', '3', '4', '5', '6', '7'], 2)).rejects.toThrow('provider down')
    expect(embedder.calls).toHaveLength(3)
  })

  it('rejects vectors of varying size, wrong counts and non-finite values', async () => {
    await expect(
      embedInBatches(
        recordingEmbedder((text) => (text === 'b' ? [1, 2, 3] : [1, 2])),
        ['a', 'b'],
        10,
      ),
    ).rejects.toThrow(EmbeddingError)
    const short: Embedder = { id: 'test/short', embed: async () => [] }
    await expect(embedInBatches(short, ['a'], 10)).rejects.toThrow('returned 0 vectors for 1 texts')
    await expect(
      embedInBatches(
        recordingEmbedder(() => [Number.NaN]),
        ['a'],
        10,
      ),
    ).rejects.toThrow('non-finite')
    const declared: Embedder = { id: 'test/declared', dimensions: 3, embed: async (values) => values.map(() => [1, 2]) }
    await expect(embedInBatches(declared, ['a'], 10)).rejects.toThrow('expected 3')
  })
})
