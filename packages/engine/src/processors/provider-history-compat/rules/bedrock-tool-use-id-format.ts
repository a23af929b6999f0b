import type { CompatRule } from '../types.ts'
import { sanitizeToolCallIds } from './anthropic-tool-id-format.ts'

export const BEDROCK_TOOL_USE_ID_FORMAT = 'bedrock-tool-use-id-format'

/**
 * Bedrock Converse's ValidationException for a tool-call id from another
 * provider (`functions.get_weather:0`), on the call or on its result:
 * `Value at 'messages.2.member.content.1.member.toolUse.toolUseId' failed to
 * satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_-]+`.
 */
export const BEDROCK_TOOL_USE_ID_ERROR_PATTERNS: RegExp[] = [
  /\.(?:toolUse|toolResult)\.toolUseId' failed to satisfy constraint: Member must satisfy regular expression pattern: \[a-zA-Z0-9_-\]\+/,
]

/**
 * Reactive: Bedrock takes the same id characters as Anthropic, so the repair
 * is Anthropic's (invalid characters become `_`, collisions get a suffix; call
 * and result stay paired) and the repaired history is stored.
 */
export const bedrockToolUseIdFormat: CompatRule = {
  name: BEDROCK_TOOL_USE_ID_FORMAT,
  errorPatterns: BEDROCK_TOOL_USE_ID_ERROR_PATTERNS,
  fix: sanitizeToolCallIds,
}
