import { anthropicStripForeignReasoningContent } from './rules/anthropic-strip-foreign-reasoning-content.ts'
import { anthropicToolIdFormat } from './rules/anthropic-tool-id-format.ts'
import { bedrockToolUseIdFormat } from './rules/bedrock-tool-use-id-format.ts'
import { cerebrasStripReasoningContent } from './rules/cerebras-strip-reasoning-content.ts'
import { geminiMissingThoughtSignature } from './rules/gemini-missing-thought-signature.ts'
import { mistralToolCallIdFormat } from './rules/mistral-tool-call-id-format.ts'
import { groqReasoningUnsupported } from './rules/groq-reasoning-unsupported.ts'
import { openaiResponsesOrphanReasoning } from './rules/openai-responses-orphan-reasoning.ts'
import { orphanToolCallCancelled } from './rules/orphan-tool-call-cancelled.ts'
import { geminiThoughtSignaturePlaceholder } from './compiler/gemini-thought-signature-placeholder.ts'
import { mergeConsecutiveRoles } from './compiler/merge-consecutive-roles.ts'
import { pairOrphanToolCallsRule } from './compiler/pair-orphan-tool-calls.ts'
import { profileStripReasoning } from './compiler/profile-strip-reasoning.ts'
import { profileToolCallIdFormat } from './compiler/profile-tool-call-id-format.ts'
import { profileToolNameFormat } from './compiler/profile-tool-name-format.ts'
import type { CompatRule } from './types.ts'

/**
 * The built-in rules, in the order they run (custom rules run after them):
 * the compiler's pipeline. Orphan pairing first, so every later rule sees a
 * paired prompt; then the spec's rules; then the capability-profile rules.
 */
export const builtInCompatRules: readonly CompatRule[] = Object.freeze([
  pairOrphanToolCallsRule,
  anthropicToolIdFormat,
  cerebrasStripReasoningContent,
  anthropicStripForeignReasoningContent,
  openaiResponsesOrphanReasoning,
  profileStripReasoning,
  profileToolCallIdFormat,
  profileToolNameFormat,
  geminiThoughtSignaturePlaceholder,
  mergeConsecutiveRoles,
  geminiMissingThoughtSignature,
  mistralToolCallIdFormat,
  bedrockToolUseIdFormat,
  orphanToolCallCancelled,
  groqReasoningUnsupported,
])
