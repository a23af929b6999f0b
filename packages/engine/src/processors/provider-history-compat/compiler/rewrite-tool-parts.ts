import type { LanguageModelPrompt } from '../../types.ts'

type PromptMessage = LanguageModelPrompt[number]
type ToolField = 'toolCallId' | 'toolName'

// Indexed loops: these scans run on every call over the whole prompt (for…of's iterators cost 5x here, bench/compat.ts).
/* eslint-disable @typescript-eslint/prefer-for-of */

/** Calls `visit` with `field` of every tool-call and tool-result part, in prompt order. */
export function forEachToolPartField(prompt: LanguageModelPrompt, field: ToolField, visit: (value: string) => void): void {
  for (let index = 0; index < prompt.length; index++) {
    const message = prompt[index]
    if (message?.role !== 'assistant' && message?.role !== 'tool') continue
    const content = message.content
    for (let partIndex = 0; partIndex < content.length; partIndex++) {
      const part = content[partIndex]
      if (part?.type === 'tool-call' || part?.type === 'tool-result') visit(part[field])
    }
  }
}

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
