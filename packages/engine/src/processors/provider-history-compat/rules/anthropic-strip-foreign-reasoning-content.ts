import type { LanguageModelV3ReasoningPart } from '@ai-sdk/provider'
import { isAnthropicModel } from '../../../models/provider-model.ts'
import { stripAssistantReasoning } from '../strip-assistant-reasoning.ts'
import type { CompatRule } from '../types.ts'

export const ANTHROPIC_STRIP_FOREIGN_REASONING_CONTENT = 'anthropic-strip-foreign-reasoning-content'

/**
 * Anthropic-native reasoning, judged exactly as @ai-sdk/anthropic (3.0.140)
 * serializes it: `providerOptions.anthropic.signature` becomes a `thinking`
 * block, else `providerOptions.anthropic.redactedData` a `redacted_thinking`
 * block (both strings in its schema). Anything else is another provider's
 * reasoning: Anthropic cannot verify it ("Invalid `signature` in `thinking`
 * block"), and a gateway would forward it as foreign fields.
 */
export function isAnthropicNativeReasoning(part: LanguageModelV3ReasoningPart): boolean {
  const anthropic = part.providerOptions?.anthropic
  if (anthropic === undefined) return false
  return typeof anthropic.signature === 'string' || typeof anthropic.redactedData === 'string'
}

const isForeignReasoning = (part: LanguageModelV3ReasoningPart) => !isAnthropicNativeReasoning(part)

/** For Anthropic models only: removes assistant reasoning that is not Anthropic's own thinking. */
export const anthropicStripForeignReasoningContent: CompatRule = {
  name: ANTHROPIC_STRIP_FOREIGN_REASONING_CONTENT,
  applyToPrompt({ prompt, model }) {
    if (!isAnthropicModel(model)) return undefined
    return stripAssistantReasoning(prompt, isForeignReasoning)
  },
}
