// Which provider family a model is, for the compiler's capability profiles:
// from every model form the engine accepts ('provider/model' strings as the
// agent resolves them, AI SDK model objects by their `provider` id, gateway
// models by the model id they name, `{ model }` entries and fallback lists).
// Never throws: anything unrecognised is the conservative OpenAI-compatible family.
import type { ProviderFamily } from '../processors/provider-history-compat/profiles/capability-profile.ts'

export type ModelFamily = {
  family: ProviderFamily
  /** false when the model was not recognised and the conservative default applies */
  known: boolean
  /** why, in words (explain() shows it) */
  reason: string
}

/** Families named alike by a model string's prefix and by the first segment of an AI SDK `provider` id ('mistral.chat'). */
const NAMED_FAMILIES: Readonly<Record<string, ProviderFamily>> = {
  anthropic: 'anthropic',
  cerebras: 'cerebras',
  groq: 'groq',
  deepseek: 'deepseek',
  xai: 'xai',
  mistral: 'mistral',
  'amazon-bedrock': 'bedrock',
  bedrock: 'bedrock',
}

/** String prefixes as resolveModel reads them; anything else goes through @ai-sdk/openai-compatible. */
const STRING_PREFIXES: Readonly<Record<string, ProviderFamily>> = {
  ...NAMED_FAMILIES,
  openai: 'openai-responses',
  'openai-chat': 'openai-chat',
  'openai-compatible': 'openai-compatible',
  // the agent resolves 'google/…' to Google's OpenAI-compatible endpoint (GOOGLE_BASE_URL)
  google: 'google-openai-compatible',
  gemini: 'google-openai-compatible',
}

const GATEWAYS = new Set(['gateway', 'vercel'])
const GEMINI_MODEL_ID = /^(?:google\/|models\/)?gemini-/

function unknown(reason: string): ModelFamily {
  return { family: 'openai-compatible', known: false, reason: `${reason}: the conservative OpenAI-compatible profile applies` }
}

/** Index of the first '/' or ':' (the end of a provider prefix, as provider-model.ts reads it), -1 when there is none. */
function prefixEnd(model: string): number {
  const slash = model.indexOf('/')
  const colon = model.indexOf(':')
  return slash === -1 ? colon : colon === -1 ? slash : Math.min(slash, colon)
}

function fromString(model: string): ModelFamily {
  const slash = prefixEnd(model)
  if (slash <= 0) return unknown(`model "${model}" names no provider`)
  const prefix = model.slice(0, slash)
  const rest = model.slice(slash + 1)
  if (GATEWAYS.has(prefix)) return fromString(rest)
  const family = STRING_PREFIXES[prefix]
  if (family !== undefined) return { family, known: true, reason: `model string prefix "${prefix}"` }
  if (GEMINI_MODEL_ID.test(rest))
    return { family: 'google-openai-compatible', known: true, reason: `Gemini model "${rest}" behind the OpenAI-compatible provider "${prefix}"` }
  return unknown(`unknown provider "${prefix}"`)
}

function fromSdkProvider(provider: string, modelId: string): ModelFamily {
  const segments = provider.split('.')
  const first = segments[0] ?? ''
  const reason = `AI SDK provider "${provider}"`
  if (GATEWAYS.has(first)) {
    const viaGateway = fromString(modelId)
    return { ...viaGateway, reason: `${reason}, model "${modelId}": ${viaGateway.reason}` }
  }
  if (first === 'openai') return { family: segments[1] === 'responses' ? 'openai-responses' : 'openai-chat', known: true, reason }
  // 'vertex.anthropic.messages', 'google.vertex.anthropic…': Anthropic's Messages API behind Vertex
  if (segments.includes('anthropic')) return { family: 'anthropic', known: true, reason }
  if (first === 'google' || first === 'gemini') {
    // @ai-sdk/google ('google.generative-ai') and Vertex ('google.vertex.chat'); openai-compatible names its models '<name>.chat'
    const family = segments[1] === 'chat' ? 'google-openai-compatible' : 'google'
    return { family, known: true, reason }
  }
  const family = NAMED_FAMILIES[first]
  if (family !== undefined) return { family, known: true, reason }
  if (GEMINI_MODEL_ID.test(modelId)) return { family: 'google-openai-compatible', known: true, reason: `${reason} serving Gemini model "${modelId}"` }
  return unknown(`unknown AI SDK provider "${provider}"`)
}

type ModelObject = { provider?: unknown; modelId?: unknown; model?: unknown }

/** Deeper than any real fallback list of `{ model }` entries: a model that nests further is a cycle or garbage. */
const MAX_NESTING = 8

/**
 * The family of each model `model` stands for: one entry for a single model,
 * one per entry (in order) for a fallback list; never empty. Never throws,
 * not for a cyclic list or a model object whose fields cannot be read.
 */
export function modelFamilies(model: unknown): ModelFamily[] {
  try {
    return nestedModelFamilies(model, 0)
  } catch {
    return [unknown('a model whose fields cannot be read')]
  }
}

function nestedModelFamilies(model: unknown, depth: number): ModelFamily[] {
  if (depth > MAX_NESTING) return [unknown(`a model nested more than ${MAX_NESTING} levels deep`)]
  if (Array.isArray(model)) {
    const families = model.flatMap((entry) => nestedModelFamilies(entry, depth + 1))
    return families.length > 0 ? families : [unknown('an empty model list')]
  }
  if (typeof model === 'string') return [fromString(model)]
  if (model === null || typeof model !== 'object') return [unknown(`a ${model === null ? 'null' : typeof model} model`)]
  const object = model as ModelObject
  if (object.provider === undefined && object.modelId === undefined && 'model' in object) return nestedModelFamilies(object.model, depth + 1)
  if (typeof object.provider !== 'string') return [unknown('a model object without a `provider` id')]
  return [fromSdkProvider(object.provider, typeof object.modelId === 'string' ? object.modelId : '')]
}
