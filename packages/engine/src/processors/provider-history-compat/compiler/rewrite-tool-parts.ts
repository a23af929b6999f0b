import type { LanguageModelPrompt } from '../../types.ts'

type PromptMessage = LanguageModelPrompt[number]
type ToolField = 'toolCallId' | 'toolName'

// Indexed loops: these scans run on every call over the whole prompt (for…of's iterators cost 5x here, bench/compat.ts).
/* eslint-disable @typescript-eslint/prefer-for-of */

/**
 * Whether `test` holds for `field` of every tool-call and tool-result part
 * (one scan, nothing allocated). A value equal to the one tested just before
 * (a result right after its call, one tool name in a row) is not tested again.
 */
export function everyToolPartField(prompt: LanguageModelPrompt, field: ToolField, test: (value: string) => boolean): boolean {
  let previous: string | undefined
  for (let index = 0; index < prompt.length; index++) {
    const message = prompt[index]
    if (message?.role !== 'assistant' && message?.role !== 'tool') continue
    const content = message.content
    for (let partIndex = 0; partIndex < content.length; partIndex++) {
      const part = content[partIndex]
      if (part?.type !== 'tool-call' && part?.type !== 'tool-result') continue
      const value = part[field]
      if (value === previous) continue
      if (!test(value)) return false
      previous = value
    }
  }
  return true
}

/** Whether a message holds a tool part whose `field` is renamed. */
function isRenamed(message: Extract<PromptMessage, { role: 'assistant' | 'tool' }>, field: ToolField, renames: ReadonlyMap<string, string>): boolean {
  const content = message.content
  for (let partIndex = 0; partIndex < content.length; partIndex++) {
    const part = content[partIndex]
    if ((part?.type === 'tool-call' || part?.type === 'tool-result') && renames.has(part[field])) return true
  }
  return false
}

/** The distinct values of `field` in tool-call and tool-result parts, in first-appearance order. */
export function toolPartFieldValues(prompt: LanguageModelPrompt, field: ToolField): Set<string> {
  const values = new Set<string>()
  everyToolPartField(prompt, field, (value) => values.add(value) === values)
  return values
}

/** The prompt with `field` renamed per `renames` in calls and results alike; only renamed messages are copied. */
export function renameToolPartField(prompt: LanguageModelPrompt, field: ToolField, renames: ReadonlyMap<string, string>): LanguageModelPrompt {
  return prompt.map((message): PromptMessage => {
    if ((message.role !== 'assistant' && message.role !== 'tool') || !isRenamed(message, field, renames)) return message
    const content = message.content.map((part) => {
      if (part.type !== 'tool-call' && part.type !== 'tool-result') return part
      const renamed = renames.get(part[field])
      if (renamed === undefined) return part
      // literal keys: a computed key made every copy a slow dictionary-mode object
      return field === 'toolCallId' ? { ...part, toolCallId: renamed } : { ...part, toolName: renamed }
    })
    return { ...message, content } as PromptMessage
  })
}
