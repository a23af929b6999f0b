import { isCerebrasModel } from '../../../models/provider-model.ts'
import { everyReasoningPart, stripAssistantReasoning } from '../strip-assistant-reasoning.ts'
import type { CompatRule } from '../types.ts'

export const CEREBRAS_STRIP_REASONING_CONTENT = 'cerebras-strip-reasoning-content'

/**
 * Cerebras rejects `reasoning_content` on assistant messages
 * ("property 'messages.N.assistant.reasoning_content' is unsupported"), and the
 * OpenAI-compatible serializer emits it for every reasoning part. (@ai-sdk/cerebras
 * 2.0.82 renames it to `reasoning` on its own; earlier versions and
 * OpenAI-compatible gateways in front of Cerebras do not.) So, for Cerebras
 * models only, every assistant reasoning part leaves the outbound prompt:
 * neither field is sent, whatever the SDK version. Memory keeps the parts.
 */
export const cerebrasStripReasoningContent: CompatRule = {
  name: CEREBRAS_STRIP_REASONING_CONTENT,
  applyToPrompt({ prompt, model }) {
    if (!isCerebrasModel(model)) return undefined
    return stripAssistantReasoning(prompt, everyReasoningPart)
  },
}
