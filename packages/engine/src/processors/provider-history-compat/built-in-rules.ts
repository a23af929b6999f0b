import type { LanguageModelPrompt } from '../types.ts'
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
import { targetProfiles } from './profiles/target-profiles.ts'
import {
  HAS_INVALID_TOOL_CALL_ID,
  HAS_INVALID_TOOL_NAME,
  HAS_REASONING,
  HAS_REPEATED_ROLE,
  HAS_UNSIGNED_CALL,
  MAY_BE_UNPAIRED,
  promptFacts,
} from './compiler/prompt-facts.ts'
import { toolCallIdValidator } from './compiler/profile-tool-call-id-format.ts'
import { toolNameValidator } from './compiler/profile-tool-name-format.ts'
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

/**
 * The prompt fact (compiler/prompt-facts.ts) without which a built-in
 * proactive rule has nothing to do: while the prompt is unchanged the
 * compiler skips such a rule without reading the prompt again.
 */
export const builtInRuleFacts: ReadonlyMap<CompatRule, number> = new Map([
  [pairOrphanToolCallsRule, MAY_BE_UNPAIRED],
  [cerebrasStripReasoningContent, HAS_REASONING],
  [anthropicStripForeignReasoningContent, HAS_REASONING],
  [openaiResponsesOrphanReasoning, HAS_REASONING],
  [profileStripReasoning, HAS_REASONING],
  [profileToolCallIdFormat, HAS_INVALID_TOOL_CALL_ID],
  [profileToolNameFormat, HAS_INVALID_TOOL_NAME],
  [geminiThoughtSignaturePlaceholder, HAS_UNSIGNED_CALL],
  [mergeConsecutiveRoles, HAS_REPEATED_ROLE],
])

/** The facts of `prompt` for `model`'s target: IDs and names judged by its profiles' formats. */
export function targetPromptFacts(prompt: LanguageModelPrompt, model: unknown): number {
  const { profiles } = targetProfiles(model)
  return promptFacts(prompt, toolCallIdValidator(profiles), toolNameValidator(profiles))
}
