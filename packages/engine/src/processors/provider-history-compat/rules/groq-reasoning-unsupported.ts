import type { StoredMessage } from '../../../messages/types.ts'
import { everyReasoningPart, removeStoredReasoning } from '../strip-assistant-reasoning.ts'
import type { CompatRule } from '../types.ts'

export const GROQ_REASONING_UNSUPPORTED = 'groq-reasoning-unsupported'

/**
 * Groq's 400 for assistant reasoning replayed to a model that takes none
 * (@ai-sdk/groq sends reasoning parts as the message's `reasoning`):
 * `'messages.2' : for 'role:assistant' the following must be satisfied[('messages.2' : property 'reasoning' is unsupported, did you mean 'role'?)]`.
 */
export const GROQ_REASONING_ERROR_PATTERNS: RegExp[] = [
  /for 'role:assistant' the following must be satisfied\[\('messages\.\d+' : property 'reasoning' is unsupported/,
]

/**
 * Groq, reactive: after Groq refuses replayed reasoning, the assistant
 * reasoning parts leave the stored history (the model cannot be sent them;
 * texts and tool calls stay) and the request is retried. The repair is
 * stored, as every reactive repair: the reasoning is gone for later turns and
 * other providers too, which is why a proactive rule (the capability
 * profiles) is the way to keep it.
 */
export const groqReasoningUnsupported: CompatRule = {
  name: GROQ_REASONING_UNSUPPORTED,
  errorPatterns: GROQ_REASONING_ERROR_PATTERNS,
  fix: (messages: StoredMessage[]) => removeStoredReasoning(messages, everyReasoningPart),
}
