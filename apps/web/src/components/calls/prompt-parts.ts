// A recorded prompt message (LanguageModelV3Prompt's, as JSON) as lines the
// call trace shows: one per content part, saying what kind of part it is.

export type PromptLine = { kind: 'text' | 'reasoning' | 'tool-call' | 'tool-result' | 'file' | 'other'; text: string }

export type PromptMessage = { role: string; lines: PromptLine[] }

type Part = { type?: unknown; text?: unknown; toolName?: unknown; input?: unknown; output?: unknown; mediaType?: unknown }

const json = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value, null, 2))

function lineOf(part: Part): PromptLine {
  switch (part.type) {
    case 'text':
      return { kind: 'text', text: String(part.text) }
    case 'reasoning':
      return { kind: 'reasoning', text: String(part.text) }
    case 'tool-call':
      return { kind: 'tool-call', text: `${String(part.toolName)}(${json(part.input)})` }
    case 'tool-result':
      return { kind: 'tool-result', text: `${String(part.toolName)} → ${json(part.output)}` }
    case 'file':
      return { kind: 'file', text: `file (${String(part.mediaType)})` }
    default:
      return { kind: 'other', text: json(part) }
  }
}

/** The prompt's messages by role; a system message's content is a string, the others' are parts. */
export function promptMessages(prompt: readonly unknown[]): PromptMessage[] {
  return prompt.map((entry) => {
    const message = entry as { role?: unknown; content?: unknown }
    const role = String(message.role)
    if (typeof message.content === 'string') return { role, lines: [{ kind: 'text', text: message.content }] }
    return { role, lines: Array.isArray(message.content) ? message.content.map((part) => lineOf(part as Part)) : [] }
  })
}
