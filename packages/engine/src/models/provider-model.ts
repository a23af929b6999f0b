// Which provider a model belongs to, from whatever the agent was given: a
// 'provider/model' (or 'provider:model') string, an AI SDK model object
// (`provider` ids look like 'anthropic.messages', 'cerebras.chat'), a gateway
// model whose modelId names the real provider ('anthropic/claude-...'), or a
// fallback list of those (optionally wrapped as `{ model }` entries).
// One helper, so every rule decides "is this Anthropic?" the same way.

export type KnownProvider = 'anthropic' | 'cerebras' | 'openai' | 'openai-compatible'

export type ModelDescription = {
  /** the provider prefix of a string, or the AI SDK provider id of an object; undefined when not named */
  provider: string | undefined
  modelId: string
}

type ModelObject = { provider?: unknown; modelId?: unknown; model?: unknown }

function isObject(value: unknown): value is ModelObject {
  return value !== null && typeof value === 'object'
}

/** Index of the first '/' or ':' at or after `from` (the end of a provider prefix), -1 when there is none. */
function providerCut(model: string, from = 0): number {
  const slash = model.indexOf('/', from)
  const colon = model.indexOf(':', from)
  return slash === -1 ? colon : colon === -1 ? slash : Math.min(slash, colon)
}

/** 'anthropic/claude' or 'anthropic:claude' -> provider 'anthropic'; no separator -> no provider. */
function parseModelString(model: string): ModelDescription {
  const cut = providerCut(model)
  if (cut <= 0) return { provider: undefined, modelId: model }
  return { provider: model.slice(0, cut), modelId: model.slice(cut + 1) }
}

/**
 * Whether the model string from `from` on starts with the prefix `provider`
 * ('provider/…' or 'provider:…'), or its model id (what follows) does, and so
 * on. Compares in place: it runs for every rule on every call and allocates nothing.
 */
function stringNamesProvider(model: string, provider: string, from: number): boolean {
  const cut = providerCut(model, from)
  if (cut <= from) return false
  return (cut - from === provider.length && model.startsWith(provider, from)) || stringNamesProvider(model, provider, cut + 1)
}

/** A `{ model }` fallback entry (no provider/modelId of its own) stands for the model it wraps. */
function unwrapEntry(model: ModelObject): unknown {
  return model.provider === undefined && model.modelId === undefined && 'model' in model ? model.model : model
}

/** `{ provider, modelId }` of one model (string or object); undefined for lists and non-models. */
export function describeModel(model: unknown): ModelDescription | undefined {
  if (typeof model === 'string') return parseModelString(model)
  if (!isObject(model) || Array.isArray(model)) return undefined
  const unwrapped = unwrapEntry(model)
  if (unwrapped !== model) return describeModel(unwrapped)
  if (typeof model.modelId !== 'string') return undefined
  return { provider: typeof model.provider === 'string' ? model.provider : undefined, modelId: model.modelId }
}

/**
 * True when the model, or any model of a list, is served by `provider`.
 * A string's prefix must equal the provider ('anthropic-foo/x' is not
 * Anthropic); an AI SDK provider id matches by its dot segments
 * ('anthropic.messages', 'vertex.anthropic.messages'); a modelId that is
 * itself 'provider/model' (gateways, OpenAI-compatible proxies) is checked too.
 * Bedrock ids such as 'anthropic.claude-3-5-sonnet-v1:0' do not match: Bedrock
 * has its own wire format.
 */
export function isProviderModel(model: unknown, provider: KnownProvider | (string & {})): boolean {
  if (Array.isArray(model)) return model.some((entry) => isProviderModel(entry, provider))
  if (typeof model === 'string') return stringNamesProvider(model, provider, 0)
  if (!isObject(model)) return false
  const unwrapped = unwrapEntry(model)
  if (unwrapped !== model) return isProviderModel(unwrapped, provider)
  if (typeof model.provider === 'string' && model.provider.split('.').includes(provider)) return true
  return typeof model.modelId === 'string' && isProviderModel(model.modelId, provider)
}

export function isAnthropicModel(model: unknown): boolean {
  return isProviderModel(model, 'anthropic')
}

export function isCerebrasModel(model: unknown): boolean {
  return isProviderModel(model, 'cerebras')
}

/**
 * OpenAI's Responses API, the one that takes reasoning items as input: a
 * 'openai/<id>' string (the agent resolves it to the Responses API; 'openai-chat/'
 * is Chat Completions) or an AI SDK model whose provider id is 'openai.responses'
 * ('openai.chat' and OpenAI-compatible gateways send no reasoning items).
 */
export function isOpenAIResponsesModel(model: unknown): boolean {
  if (Array.isArray(model)) return model.some(isOpenAIResponsesModel)
  if (typeof model === 'string') return providerCut(model) === 'openai'.length && model.startsWith('openai')
  if (!isObject(model)) return false
  const unwrapped = unwrapEntry(model)
  if (unwrapped !== model) return isOpenAIResponsesModel(unwrapped)
  return model.provider === 'openai.responses'
}
