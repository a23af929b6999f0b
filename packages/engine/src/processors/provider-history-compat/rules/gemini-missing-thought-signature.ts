import type { StoredMessage, ToolInvocationPart } from '../../../messages/types.ts'
import { SKIP_THOUGHT_SIGNATURE_VALIDATOR } from '../compiler/gemini-thought-signature-placeholder.ts'
import type { CompatRule } from '../types.ts'

export const GEMINI_MISSING_THOUGHT_SIGNATURE = 'gemini-missing-thought-signature'

/** Gemini 3's 400, from the native and the OpenAI-compatible endpoint alike. */
export const GEMINI_THOUGHT_SIGNATURE_ERROR_PATTERNS: RegExp[] = [/Function call is missing a thought_signature in functionCall parts/]

function googleSignature(part: ToolInvocationPart): unknown {
  return part.providerMetadata?.google?.thoughtSignature
}

/**
 * Gives the placeholder, in place, to each unsigned tool call that answers no
 * signed call of its own step: a call written by another provider, or one
 * whose signature was lost. A Gemini answer's later parallel calls carry no
 * signature by design (only its first does) and are left alone, and a call
 * with a signature keeps it. Returns true when something changed.
 */
export function addThoughtSignaturePlaceholders(messages: StoredMessage[]): boolean {
  let changed = false
  for (const message of messages) {
    if (message.role !== 'assistant') continue
    let stepSigned = false
    for (const part of message.content.parts) {
      if (part.type === 'step-start') stepSigned = false
      if (part.type !== 'tool-invocation') continue
      if (googleSignature(part) !== undefined) {
        stepSigned = true
        continue
      }
      if (stepSigned) continue
      part.providerMetadata = { ...part.providerMetadata, google: { ...part.providerMetadata?.google, thoughtSignature: SKIP_THOUGHT_SIGNATURE_VALIDATOR } }
      changed = true
    }
  }
  return changed
}

/**
 * Reactive: after Gemini 3 refused a call without a thought signature (where
 * no SDK added the placeholder: Gemini's OpenAI-compatible endpoint, an older
 * @ai-sdk/google), the foreign calls get Google's placeholder, stored as
 * `providerMetadata.google.thoughtSignature` where @ai-sdk/google and
 * @ai-sdk/openai-compatible read it. Gemini's own signatures are never touched.
 */
export const geminiMissingThoughtSignature: CompatRule = {
  name: GEMINI_MISSING_THOUGHT_SIGNATURE,
  errorPatterns: GEMINI_THOUGHT_SIGNATURE_ERROR_PATTERNS,
  fix: addThoughtSignaturePlaceholders,
}
