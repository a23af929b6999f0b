// THREADLINE_EMBEDDING_MODEL as the server and the seed read it: `local:<id>`
// is an in-process model of this package, any other string goes through the
// engine's AI SDK provider registry.
import type { EmbeddingModelV3 } from '@ai-sdk/provider'
import { ModelResolutionError, resolveEmbeddingModel } from '@threadline/engine'
import { LOCAL_EMBEDDING_PROVIDER, localEmbeddingModel, localEmbeddingModelIds } from './local-embedding-model.ts'

/** The model a `THREADLINE_EMBEDDING_MODEL` value names; ModelResolutionError when it names none. */
export function resolveEmbeddingModelOrLocal(model: string, env: Record<string, string | undefined> = process.env): EmbeddingModelV3 {
  const prefix = `${LOCAL_EMBEDDING_PROVIDER}:`
  if (!model.startsWith(prefix)) return resolveEmbeddingModel(model, env)
  const local = localEmbeddingModel(model.slice(prefix.length))
  if (local !== null) return local
  const available = localEmbeddingModelIds.map((id) => `${prefix}${id}`).join(', ')
  throw new ModelResolutionError(model, `no such local model; available: ${available}`)
}
