// 'provider:model' strings -> AI SDK embedding models, through the AI SDK's
// provider registry (`createProviderRegistry`, whose separator is ':'), e.g.
// THREADLINE_EMBEDDING_MODEL=openai:text-embedding-3-small.
//
// | model string     | SDK and API                                       | variables |
// | ---------------- | ------------------------------------------------- | --------- |
// | `openai:<id>`    | @ai-sdk/openai, `/v1/embeddings`                  | `OPENAI_API_KEY`, `OPENAI_BASE_URL` |
// | `<other>:<id>`   | @ai-sdk/openai-compatible, `/embeddings`          | `<OTHER>_API_KEY` (optional), `<OTHER>_BASE_URL` (required) |
//
// The variables are the language models' (resolve-model.ts, provider-env.ts),
// read once, when the string is resolved. Anthropic and Cerebras have no embedding models.
import { createOpenAI } from '@ai-sdk/openai'
import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import type { EmbeddingModelV3, ProviderV3 } from '@ai-sdk/provider'
import { createProviderRegistry } from 'ai'
import { providerEnvNames } from '../agent/provider-env.ts'
import { ModelResolutionError } from '../errors/index.ts'

type Env = Record<string, string | undefined>

const withoutEmbeddings = new Set(['anthropic', 'cerebras'])

export function resolveEmbeddingModel(model: string, env: Env = process.env): EmbeddingModelV3 {
  const colon = model.indexOf(':')
  const provider = model.slice(0, colon)
  if (colon <= 0 || model.slice(colon + 1).trim() === '') {
    throw new ModelResolutionError(model, 'expected "provider:model-id", e.g. "openai:text-embedding-3-small"')
  }
  if (withoutEmbeddings.has(provider)) throw new ModelResolutionError(model, `${provider} has no embedding models`)
  const names = providerEnvNames(provider)
  const apiKey = nonEmpty(env[names.apiKey])
  const baseURL = nonEmpty(env[names.baseUrl])
  const settings = { ...(apiKey !== undefined && { apiKey }), ...(baseURL !== undefined && { baseURL }) }
  let providerImpl: ProviderV3
  if (provider === 'openai') providerImpl = createOpenAI(settings)
  else if (baseURL === undefined) {
    throw new ModelResolutionError(model, `unknown provider "${provider}": set ${names.baseUrl} to its OpenAI-compatible endpoint`)
  } else providerImpl = createOpenAICompatible({ ...settings, name: provider, baseURL })
  return createProviderRegistry({ [provider]: providerImpl }).embeddingModel(model as `${string}:${string}`)
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value
}
