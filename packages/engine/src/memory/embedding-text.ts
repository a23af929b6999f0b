import { messageParts } from '../messages/tool-invocations.ts'
import type { MessagePart, StoredMessage, ToolInvocation } from '../messages/types.ts'

function stringify(value: unknown): string {
  if (value === undefined || value === null) return ''
  return typeof value === 'string' ? value : JSON.stringify(value)
}

function toolText(invocation: ToolInvocation): string {
  return [invocation.toolName, stringify(invocation.args), stringify(invocation.result)].filter(Boolean).join(' ')
}

function partText(part: MessagePart): string {
  switch (part.type) {
    case 'text':
      return part.text
    case 'tool-invocation':
      return toolText(part.toolInvocation)
    default:
      // reasoning is the model's scratchpad, files are binary: neither is what a later search is about
      return ''
  }
}

/**
 * The text a message is embedded by: its text parts and tool calls (name, args,
 * result), or the plain-text summary when it has neither. '' = nothing to embed.
 */
export function messageEmbeddingText(message: StoredMessage): string {
  const text = messageParts(message)
    .map(partText)
    .filter((piece) => piece.trim() !== '')
    .join('\n')
  return text.trim() === '' ? (message.content.content ?? '').trim() : text
}
