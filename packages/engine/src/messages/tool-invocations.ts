// The tool invocations of a message. They live in `tool-invocation` parts; the
// legacy `content.toolInvocations` list (docs/spec/data-model.md: "still read and
// repaired") counts only when the parts hold none: writers that fill both keep
// a copy of the parts there, and reading both would see every call twice.
import type { MessageStructure } from '../storage/types.ts'
import type { MessagePart, StoredMessage, ToolInvocation } from './types.ts'

function invocationsIn(parts: readonly MessagePart[]): ToolInvocation[] {
  return parts.flatMap((part) => (part.type === 'tool-invocation' ? [part.toolInvocation] : []))
}

/** The legacy list, when it is where the message keeps its tool invocations; otherwise nothing. */
function legacyToolInvocations(message: StoredMessage): ToolInvocation[] {
  const { parts, toolInvocations } = message.content
  if (toolInvocations === undefined || parts.some((part) => part.type === 'tool-invocation')) return []
  return toolInvocations
}

/**
 * The message's parts as a reader sees them: legacy tool invocations (when
 * they count) as `tool-invocation` parts in front, since a legacy message
 * holds its final text after its tool calls; then the stored parts.
 */
export function messageParts(message: StoredMessage): MessagePart[] {
  const legacy = legacyToolInvocations(message).map((toolInvocation): MessagePart => ({ type: 'tool-invocation', toolInvocation }))
  return legacy.length === 0 ? message.content.parts : [...legacy, ...message.content.parts]
}

/** The tool invocations of a message, in order (the stored objects, not copies). */
export function toolInvocationsOf(message: StoredMessage): ToolInvocation[] {
  return invocationsIn(messageParts(message))
}

/**
 * The message as clone boundaries see it: the definition a storage's
 * listMessageStructure, which computes it where the content is stored, matches.
 */
export function messageStructure(message: StoredMessage): MessageStructure {
  return {
    id: message.id,
    createdAt: message.createdAt,
    role: message.role,
    toolInvocations: toolInvocationsOf(message).map(({ toolCallId, toolName, state }) => ({ toolCallId, toolName, state })),
  }
}

/**
 * Every stored tool invocation of the messages, the legacy copies included, in
 * message order, for a repair that rewrites them in place: a copy left
 * unrepaired would disagree with its part. A plain loop: the reactive tool-ID
 * repair runs it over whole threads (bench/compat.ts, 10k messages).
 */
export function storedToolInvocations(messages: readonly StoredMessage[]): ToolInvocation[] {
  const invocations: ToolInvocation[] = []
  for (const message of messages) {
    for (const part of message.content.parts) {
      if (part.type === 'tool-invocation') invocations.push(part.toolInvocation)
    }
    if (message.content.toolInvocations !== undefined) invocations.push(...message.content.toolInvocations)
  }
  return invocations
}
