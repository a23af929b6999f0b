// A one-line description of a message, for fork points in lineage and the admin UI.
import { messageParts } from './tool-invocations.ts'
import type { StoredMessage } from './types.ts'

/** One line about a message: its first text, else what its parts are (tool calls, reasoning, files). */
export function messageSnippet(message: StoredMessage, maxLength = 140): string {
  const parts = messageParts(message)
  const text = parts.find((part) => part.type === 'text')?.text ?? message.content.content
  if (text) return text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text
  const described = parts.flatMap((part) => {
    if (part.type === 'tool-invocation') return [`${part.toolInvocation.toolName}(…) ${part.toolInvocation.state}`]
    if (part.type === 'reasoning') return ['reasoning']
    if (part.type === 'file') return [`file ${part.mimeType}`]
    return []
  })
  return described.length > 0 ? `[${described.join(', ')}]` : '(empty message)'
}
