import type { LanguageModelV3ToolCallPart } from '@ai-sdk/provider'
import type { LanguageModelPrompt } from '../../types.ts'
import type { CapabilityProfile } from '../profiles/capability-profile.ts'
import { targetProfiles } from '../profiles/target-profiles.ts'
import type { CompatRule } from '../types.ts'
import { isClientToolCall } from './client-tool-call.ts'
import { messageWithContent } from './message-with-content.ts'

export const GEMINI_THOUGHT_SIGNATURE_PLACEHOLDER = 'gemini-thought-signature-placeholder'

/** Google's documented value that tells Gemini 3 to skip validating a function call's thought signature. */
export const SKIP_THOUGHT_SIGNATURE_VALIDATOR = 'skip_thought_signature_validator'

type PromptMessage = LanguageModelPrompt[number]
type AssistantMessage = Extract<PromptMessage, { role: 'assistant' }>

function hasThoughtSignature(part: LanguageModelV3ToolCallPart): boolean {
  return typeof part.providerOptions?.google?.thoughtSignature === 'string'
}

/** Index of the first call of a step none of whose calls carries a signature (a foreign step), else -1. */
function unsignedStepFirstCall(message: AssistantMessage): number {
  let first = -1
  for (let index = 0; index < message.content.length; index++) {
    const part = message.content[index]
    if (part === undefined || !isClientToolCall(part)) continue
    if (hasThoughtSignature(part)) return -1
    if (first === -1) first = index
  }
  return first
}

/**
 * `call` with Google's placeholder as its thought signature, its other provider
 * options kept. A literal of the call's fields, not `{ ...call, providerOptions }`:
 * adding a key to a spread copy gave each copy its own property store.
 */
function withPlaceholder(call: LanguageModelV3ToolCallPart): LanguageModelV3ToolCallPart {
  const options = call.providerOptions
  const providerOptions =
    // a fresh object per call (one per step): a later custom rule may edit its copy
    options === undefined
      ? { google: { thoughtSignature: SKIP_THOUGHT_SIGNATURE_VALIDATOR } }
      : { ...options, google: { ...options.google, thoughtSignature: SKIP_THOUGHT_SIGNATURE_VALIDATOR } }
  const { toolCallId, toolName, input, providerExecuted } = call
  return providerExecuted === undefined
    ? { type: 'tool-call', toolCallId, toolName, input, providerOptions }
    : { type: 'tool-call', toolCallId, toolName, input, providerExecuted, providerOptions }
}

// module-level, not inline: an inline arrow is a new closure on every call
const needsPlaceholder = (profile: CapabilityProfile) => profile.thoughtSignatures === 'placeholder-on-foreign-calls'

/** Whether `model`'s profiles take the placeholder on foreign calls (Gemini's OpenAI-compatible endpoint): otherwise the rule does nothing. */
export function placesSignatures(model: unknown): boolean {
  return targetProfiles(model).profiles.some(needsPlaceholder)
}

/**
 * OpenAI-compatible Gemini endpoints only: Gemini 3 refuses a step whose first
 * function call has no thought signature, and nothing on that path adds one.
 * A step with no signature at all came from another provider: its first call
 * gets Google's placeholder (@ai-sdk/openai-compatible sends
 * `providerOptions.google.thoughtSignature` as `extra_content`). Gemini's own
 * steps are left untouched (in parallel calls only the first carries one), and
 * @ai-sdk/google adds the placeholder itself, so its profile needs nothing.
 */
export const geminiThoughtSignaturePlaceholder: CompatRule = {
  name: GEMINI_THOUGHT_SIGNATURE_PLACEHOLDER,
  applyToPrompt({ prompt, model }) {
    if (!placesSignatures(model)) return undefined
    let next: PromptMessage[] | undefined
    for (let index = 0; index < prompt.length; index++) {
      const message = prompt[index]
      if (message?.role !== 'assistant') continue
      const first = unsignedStepFirstCall(message)
      const call = first === -1 ? undefined : message.content[first]
      if (call?.type !== 'tool-call') continue
      // copies of the changed step only, no per-message closure (this runs on every call over the whole history)
      const content = message.content.slice()
      content[first] = withPlaceholder(call)
      next ??= prompt.slice()
      next[index] = messageWithContent(message, content)
    }
    return next
  },
}
