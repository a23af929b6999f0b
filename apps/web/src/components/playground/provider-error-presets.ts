// The playground's error presets: the engine's catalogue of real provider
// errors (docs/spec/provider-errors.md), as the status, headers and body a
// provider sends, or the stream chunk when the error arrives mid-stream.
// Only the UI's choices live here: a model to try each one against, and the
// demo thread it is about.
import { providerErrorPresets, providerErrorShape, type ProviderErrorPreset, type ProviderErrorShape } from '@threadline/engine/provider-error-presets'

export type ErrorShape = ProviderErrorShape

export type ErrorPreset = {
  /** the engine preset's name */
  id: string
  provider: string
  label: string
  shape: ErrorShape
  /** a target model the error comes from */
  model: string
  /** a demo thread the error is about, when one fits */
  threadId?: string
}

const modelOf: Record<ProviderErrorPreset['provider'], string> = {
  Anthropic: 'anthropic/claude-sonnet-4-5',
  Cerebras: 'cerebras/gpt-oss-120b',
  DeepSeek: 'deepseek/deepseek-reasoner',
  Groq: 'groq/llama-3.3-70b-versatile',
  OpenAI: 'openai/gpt-4o',
  'Azure OpenAI': 'azure/gpt-4o',
  Mistral: 'mistral/mistral-large-latest',
  Google: 'google/gemini-3-pro-preview',
  'Amazon Bedrock': 'amazon-bedrock/anthropic.claude-sonnet-4-5-20250929-v1:0',
  any: 'openai/gpt-4o',
}

/** Demo threads (seeded data) an error is about. */
const demoThreadOf: Partial<Record<string, string>> = {
  anthropicInvalidToolUseId: 'acme-delivery-storm',
  anthropicInvalidThinkingSignature: 'initech-inc-2291',
  cerebrasReasoningContentUnsupported: 'globex-weekly-digest-cerebras',
  openaiChatToolIdTooLong: 'globex-electrolytes-review',
}

/** Every engine preset, as a client receives it (a dropped connection: the Node error, e.g. ECONNRESET). */
export const errorPresets: ErrorPreset[] = providerErrorPresets.map((preset): ErrorPreset => {
  const shape = providerErrorShape(preset.reply)
  const threadId = demoThreadOf[preset.name]
  return {
    id: preset.name,
    provider: preset.provider,
    label: shape.kind === 'http' ? `${preset.trigger} (${shape.status})` : shape.kind === 'connection' ? `${preset.trigger} (${shape.code})` : preset.trigger,
    shape,
    model: modelOf[preset.provider],
    ...(threadId === undefined ? {} : { threadId }),
  }
})

export function presetById(id: string): ErrorPreset | undefined {
  return errorPresets.find((preset) => preset.id === id)
}

/** A preset the engine's catalogue defines (a typo or a removed preset fails at load). */
export function requirePreset(id: string): ErrorPreset {
  const preset = presetById(id)
  if (preset === undefined) throw new Error(`no provider error preset "${id}"`)
  return preset
}

/** The recorded provider error each built-in reactive rule waits for (its target in the catalogue). */
const presetOfRule: Partial<Record<string, string>> = {
  'anthropic-tool-id-format': 'anthropicInvalidToolUseId',
  'openai-responses-orphan-reasoning': 'openaiResponsesReasoningWithoutFollowingItem',
  'gemini-missing-thought-signature': 'geminiOpenAICompatibleMissingThoughtSignature',
  'mistral-tool-call-id-format': 'mistralForeignToolCallId',
  'bedrock-tool-use-id-format': 'bedrockInvalidToolUseId',
  'orphan-tool-call-cancelled': 'openaiChatOrphanToolCall',
  'groq-reasoning-unsupported': 'groqReasoningUnsupported',
}

export function presetForRule(ruleName: string): ErrorPreset | undefined {
  const id = presetOfRule[ruleName]
  return id === undefined ? undefined : presetById(id)
}

/** 'anthropic' for 'anthropic/claude-…': whether an error comes from the provider a model is served by. */
export function providerOfModel(model: string): string {
  return model.trim().split(/[/:]/)[0] ?? ''
}
