// 'provider/model' strings -> real AI SDK model objects.
//
// ## Model strings and their environment variables
//
// | model string           | SDK and API                                        | variables                                  |
// | ---------------------- | -------------------------------------------------- | ------------------------------------------ |
// | `openai/<id>`          | @ai-sdk/openai, **Responses API** (`/v1/responses`) | `OPENAI_API_KEY`, `OPENAI_BASE_URL`        |
// | `openai-chat/<id>`     | @ai-sdk/openai, Chat Completions                    | `OPENAI_API_KEY`, `OPENAI_BASE_URL`        |
// | `anthropic/<id>`       | @ai-sdk/anthropic, Messages API                     | `ANTHROPIC_API_KEY`, `ANTHROPIC_BASE_URL`  |
// | `cerebras/<id>`        | @ai-sdk/cerebras                                    | `CEREBRAS_API_KEY`, `CEREBRAS_BASE_URL`    |
// | `<other>/<id>`         | @ai-sdk/openai-compatible, Chat Completions         | `<OTHER>_API_KEY` (optional), `<OTHER>_BASE_URL` (required) |
//
// `<OTHER>` is the provider name upper-cased with every run of characters other
// than A-Z and 0-9 replaced by `_`: `example-provider/model` reads
// `EXAMPLE_PROVIDER_BASE_URL` and `EXAMPLE_PROVIDER_API_KEY`. The model id is
// everything after the first `/` (`together/meta-llama/Llama-3` -> `meta-llama/Llama-3`).
// Variables are read when the agent CALLS the model (each generate/stream),
// not when it is constructed. Unset base URLs fall back to the provider's
// official endpoint. An unset key of OpenAI, Anthropic or Cerebras is a
// ModelResolutionError then, before the turn does anything (the SDK would only
// fail at its request, after the turn began); it is optional for
// OpenAI-compatible providers.
// A model object (any AI SDK LanguageModelV3) may be given instead of a string.
import { createAnthropic } from '@ai-sdk/anthropic'
import { createCerebras } from '@ai-sdk/cerebras'
import { createOpenAI } from '@ai-sdk/openai'
import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import type { LanguageModelV3 } from '@ai-sdk/provider'
import { ModelResolutionError } from '../errors/index.ts'
import { providerEnvNames } from './provider-env.ts'

/** What an agent accepts as its model. */
export type AgentModel = string | LanguageModelV3

type Env = Record<string, string | undefined>

/** the providers whose SDK refuses to call without an API key */
const KEYED_PROVIDERS = new Set(['openai', 'openai-chat', 'anthropic', 'cerebras'])

export function resolveModel(model: AgentModel, env: Env = process.env): LanguageModelV3 {
  if (typeof model !== 'string') return model
  const slash = model.indexOf('/')
  const provider = model.slice(0, slash)
  const modelId = model.slice(slash + 1)
  if (slash <= 0 || modelId === '') {
    throw new ModelResolutionError(model, 'expected "provider/model-id", e.g. "anthropic/claude-sonnet-4-5"')
  }
  const names = providerEnvNames(provider)
  const apiKey = nonEmpty(env[names.apiKey])
  const baseURL = nonEmpty(env[names.baseUrl])
  // an unset variable leaves the setting out, so the SDK's own default (or its env lookup) applies
  const settings = { ...(apiKey !== undefined && { apiKey }), ...(baseURL !== undefined && { baseURL }) }
  if (KEYED_PROVIDERS.has(provider) && apiKey === undefined) throw new ModelResolutionError(model, `${names.apiKey} is not set`)
  switch (provider) {
    case 'openai':
      return createOpenAI(settings).responses(modelId)
    case 'openai-chat':
      return createOpenAI(settings).chat(modelId)
    case 'anthropic':
      return createAnthropic(settings).messages(modelId)
    case 'cerebras':
      return createCerebras(settings)(modelId)
    default: {
      if (baseURL === undefined) {
        throw new ModelResolutionError(model, `unknown provider "${provider}": set ${names.baseUrl} to its OpenAI-compatible endpoint`)
      }
      return createOpenAICompatible({ ...settings, name: provider, baseURL }).chatModel(modelId)
    }
  }
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value
}
