import type { MessagePart, ReasoningPart, StoredMessage } from '../../../messages/types.ts'
import type { CompatRule } from '../types.ts'

export const BEDROCK_ROLE_ALTERNATION = 'bedrock-role-alternation'

/** Bedrock Converse's ValidationException for two turns of one role in a row. */
export const BEDROCK_ROLE_ALTERNATION_ERROR_PATTERNS: RegExp[] = [/A conversation must alternate between user and assistant roles/]

/** Reasoning @ai-sdk/amazon-bedrock replays: signed or redacted by Bedrock. Any other reasoning it leaves out. */
function isBedrockReasoning(part: ReasoningPart): boolean {
  const bedrock = part.providerMetadata?.bedrock
  return bedrock !== undefined && ['signature', 'redactedData', 'redactedContent'].some((key) => typeof bedrock[key] === 'string')
}

/** What the Bedrock package sends nothing for: another provider's reasoning, blank text, step markers. */
function isUnsendable(part: MessagePart): boolean {
  return (part.type === 'reasoning' && !isBedrockReasoning(part)) || (part.type === 'text' && part.text.trim() === '') || part.type === 'step-start'
}

/**
 * Empties, in place, each assistant turn made only of parts Bedrock never
 * receives (a cancelled turn that stored another provider's reasoning and no
 * answer): the package drops such a turn, which leaves two user turns in a row.
 * Without it the user turns merge into one and the roles alternate. The same
 * repair as the OpenAI Responses orphaned-reasoning rule: reasoning that
 * produced no answer leaves the stored history. Returns true when something changed.
 */
export function emptyUnsendableAssistantTurns(messages: StoredMessage[]): boolean {
  let changed = false
  for (const message of messages) {
    const parts = message.content.parts
    if (message.role !== 'assistant' || parts.length === 0 || !parts.every(isUnsendable)) continue
    if (message.content.toolInvocations?.length) continue
    message.content.parts = []
    changed = true
  }
  return changed
}

/** Reactive: after Bedrock refused a conversation whose roles do not alternate, the turns it never receives are emptied and stored so. */
export const bedrockRoleAlternation: CompatRule = {
  name: BEDROCK_ROLE_ALTERNATION,
  errorPatterns: BEDROCK_ROLE_ALTERNATION_ERROR_PATTERNS,
  fix: emptyUnsendableAssistantTurns,
}
