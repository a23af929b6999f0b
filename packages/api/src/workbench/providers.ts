// Which models the workbench offers: those of the providers whose variables
// are set (the engine's 'provider/model' resolution reads the same ones at
// call time), plus the scripted demo provider when no real one is configured.
import { DEFAULT_CONTEXT_WINDOW, encodingForModelId, KNOWN_PROVIDER_MODELS, type Encoding } from './model-catalog.ts'

type Env = Record<string, string | undefined>

/** The provider name of an OpenAI-compatible server (Ollama, vLLM, LM Studio): `openai-compatible/<id>` reads OPENAI_COMPATIBLE_BASE_URL. */
export const COMPATIBLE_PROVIDER = 'openai-compatible'
export const DEMO_MODEL = 'demo/scripted-replies'
const DEMO_CONTEXT_WINDOW = 8192

export type ModelOption = {
  /** the 'provider/model' string a turn is run with */
  model: string
  provider: string
  label: string
  contextWindow: number
  /** the BPE encoding token counts use */
  encoding: Encoding
  /** 'exact' for OpenAI-family models (OpenAI's own tokenizer); other families get o200k counts as estimates */
  tokenCount: 'exact' | 'estimate'
  demo: boolean
}

export type ModelChoice = {
  models: ModelOption[]
  /** set when no real provider is configured: which variables to set */
  hint: string | null
}

export const NO_PROVIDER_HINT =
  'No model provider is configured. Set OPENAI_API_KEY, ANTHROPIC_API_KEY or CEREBRAS_API_KEY, or OPENAI_COMPATIBLE_BASE_URL with OPENAI_COMPATIBLE_MODELS for a local Ollama or vLLM server, and restart the server.'

const set = (value: string | undefined): boolean => value !== undefined && value.trim() !== ''

/** THREADLINE_DEMO_PROVIDER: `auto` (default: only while no real provider is configured), `on`, `off`. */
export function demoProviderEnabled(env: Env, realProviders: number): boolean {
  const mode = env.THREADLINE_DEMO_PROVIDER?.trim().toLowerCase() || 'auto'
  if (mode === 'on') return true
  if (mode === 'off') return false
  return realProviders === 0
}

/** `id[=contextWindow]` items, comma separated (OPENAI_COMPATIBLE_MODELS=llama3.2=131072,qwen2.5-coder). */
function compatibleModels(env: Env): { modelId: string; contextWindow: number }[] {
  return (env.OPENAI_COMPATIBLE_MODELS ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .map((item) => {
      const [modelId = '', window] = item.split('=')
      const contextWindow = Number(window)
      return { modelId: modelId.trim(), contextWindow: Number.isInteger(contextWindow) && contextWindow > 0 ? contextWindow : DEFAULT_CONTEXT_WINDOW }
    })
}

/** What the workbench knows about any 'provider/model' string (listed or not). */
export function modelOption(model: string, env: Env = process.env): ModelOption {
  const listed = configuredModels(env).find((option) => option.model === model)
  if (listed) return listed
  if (model === DEMO_MODEL) return demoOption()
  const slash = model.indexOf('/')
  const provider = model.slice(0, slash)
  const modelId = model.slice(slash + 1)
  const catalogProvider = provider === 'openai-chat' ? 'openai' : provider
  const known = (KNOWN_PROVIDER_MODELS as Record<string, { modelId: string; contextWindow: number; encoding: Encoding | null }[] | undefined>)[
    catalogProvider
  ]?.find((entry) => entry.modelId === modelId)
  const encoding = known?.encoding ?? encodingForModelId(modelId)
  return {
    model,
    provider,
    label: model,
    contextWindow: known?.contextWindow ?? DEFAULT_CONTEXT_WINDOW,
    encoding: encoding ?? 'o200k_base',
    tokenCount: catalogProvider === 'openai' && encoding !== null ? 'exact' : 'estimate',
    demo: false,
  }
}

function demoOption(): ModelOption {
  return {
    model: DEMO_MODEL,
    provider: 'demo',
    label: 'Demo: scripted replies',
    contextWindow: DEMO_CONTEXT_WINDOW,
    encoding: 'o200k_base',
    tokenCount: 'estimate',
    demo: true,
  }
}

function configuredModels(env: Env): ModelOption[] {
  const options: ModelOption[] = []
  for (const [provider, models] of Object.entries(KNOWN_PROVIDER_MODELS)) {
    if (!set(env[`${provider.toUpperCase()}_API_KEY`])) continue
    for (const entry of models) {
      options.push({
        model: `${provider}/${entry.modelId}`,
        provider,
        label: `${provider}/${entry.modelId}`,
        contextWindow: entry.contextWindow,
        encoding: entry.encoding ?? 'o200k_base',
        tokenCount: provider === 'openai' && entry.encoding !== null ? 'exact' : 'estimate',
        demo: false,
      })
    }
  }
  if (set(env.OPENAI_COMPATIBLE_BASE_URL)) {
    for (const entry of compatibleModels(env)) {
      const encoding = encodingForModelId(entry.modelId)
      options.push({
        model: `${COMPATIBLE_PROVIDER}/${entry.modelId}`,
        provider: COMPATIBLE_PROVIDER,
        label: `${entry.modelId} (OpenAI-compatible server)`,
        contextWindow: entry.contextWindow,
        encoding: encoding ?? 'o200k_base',
        tokenCount: 'estimate',
        demo: false,
      })
    }
  }
  return options
}

/** The models to offer, read from the environment now (a restart with new variables changes them). */
export function modelChoice(env: Env = process.env): ModelChoice {
  const real = configuredModels(env)
  const models = demoProviderEnabled(env, real.length) ? [...real, demoOption()] : real
  return { models, hint: real.length === 0 ? NO_PROVIDER_HINT : null }
}
