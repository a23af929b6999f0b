import { describe, expect, it } from 'vitest'
import { localEmbeddingModel, localEmbeddingModelIds } from './local-embedding-model.ts'

describe('localEmbeddingModel', () => {
  it('names the in-process models by id, and nothing else', () => {
    expect(localEmbeddingModelIds).toEqual(['universal-sentence-encoder-lite'])
    expect(localEmbeddingModel('universal-sentence-encoder-lite')).toMatchObject({ provider: 'local', modelId: 'universal-sentence-encoder-lite' })
    expect(localEmbeddingModel('all-minilm')).toBeNull()
    expect(localEmbeddingModel('toString')).toBeNull()
  })
})
