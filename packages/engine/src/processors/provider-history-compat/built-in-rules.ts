import { anthropicStripForeignReasoningContent } from './rules/anthropic-strip-foreign-reasoning-content.ts'
import { anthropicToolIdFormat } from './rules/anthropic-tool-id-format.ts'
import { cerebrasStripReasoningContent } from './rules/cerebras-strip-reasoning-content.ts'
import { groqReasoningUnsupported } from './rules/groq-reasoning-unsupported.ts'
import { openaiResponsesOrphanReasoning } from './rules/openai-responses-orphan-reasoning.ts'
import { orphanToolCallCancelled } from './rules/orphan-tool-call-cancelled.ts'
import type { CompatRule } from './types.ts'

/** The built-in rules, in the order they run (custom rules run after them). */
export const builtInCompatRules: readonly CompatRule[] = Object.freeze([
  anthropicToolIdFormat,
  cerebrasStripReasoningContent,
  anthropicStripForeignReasoningContent,
  openaiResponsesOrphanReasoning,
  orphanToolCallCancelled,
  groqReasoningUnsupported,
])
