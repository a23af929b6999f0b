import { ModelResolutionError } from '@threadline/engine'
import { describe, expect, it } from 'vitest'
import { resolveEmbeddingModelOrLocal } from './resolve-embedding-model.ts'

describe('resolveEmbeddingModelOrLocal', () => {
  it('gives the in-process model for local:<id> and the provider registry model otherwise', () => {
    expect(resolveEmbeddingModelOrLocal('local:universal-sentence-encoder-lite', {})).toMatchObject({
      provider: 'local',
      modelId: 'universal-sentence-encoder-lite',
    })
    const remote = resolveEmbeddingModelOrLocal('openai:text-embedding-3-small', { OPENAI_API_KEY: 'sk-test' })
    expect(remote.modelId).toBe('text-embedding-3-small')
    expect(remote.provider).toMatch(/^openai/)
  })

  it('refuses an unknown local id with a ModelResolutionError naming the available ones', () => {
    let thrown: unknown
    try {
      resolveEmbeddingModelOrLocal('local:all-minilm', {})
    } catch (error) {
      thrown = error
    }
    expect(ModelResolutionError.isInstance(thrown)).toBe(true)
    expect((thrown as Error).message).toBe('Cannot resolve model "local:all-minilm": no such local model; available: local:universal-sentence-encoder-lite')
  })
})
