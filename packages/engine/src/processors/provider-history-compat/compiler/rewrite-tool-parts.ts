import type { LanguageModelPrompt } from '../../types.ts'

type PromptMessage = LanguageModelPrompt[number]
type ToolField = 'toolCallId' | 'toolName'

/** Calls `visit` with `field` of every tool-call and tool-result part, in prompt order. */
export function forEachToolPartField(prompt: LanguageModelPrompt, field: ToolField, visit: (value: string) => void): void {
  for (const message of prompt) {
    if (message.role !== 'assistant' && message.role !== 'tool') continue
    for (const part of message.content) if (part.type === 'tool-call' || part.type === 'tool-result') visit(part[field])
  }
}

/** Whether `test` holds for `field` of every tool-call and tool-result part (one scan, nothing allocated). */
export function everyToolPartField(prompt: LanguageModelPrompt, field: ToolField, test: (value: string) => boolean): boolean {
  for (const message of prompt) {
    if (message.role !== 'assistant' && message.role !== 'tool') continue
    for (const part of message.content) if ((part.type === 'tool-call' || part.type === 'tool-result') && !test(part[field])) return false
  }
  return true
}

/** The prompt with `field` renamed per `renames` in calls and results alike; untouched messages keep their identity. */
export function renameToolPartField(prompt: LanguageModelPrompt, field: ToolField, renames: ReadonlyMap<string, string>): LanguageModelPrompt {
  return prompt.map((message): PromptMessage => {
    if (message.role !== 'assistant' && message.role !== 'tool') return message
    let changed = false
    const content = message.content.map((part) => {
      if (part.type !== 'tool-call' && part.type !== 'tool-result') return part
      const renamed = renames.get(part[field])
      if (renamed === undefined) return part
      changed = true
      return { ...part, [field]: renamed }
    })
    return changed ? ({ ...message, content } as PromptMessage) : message
  })
}
