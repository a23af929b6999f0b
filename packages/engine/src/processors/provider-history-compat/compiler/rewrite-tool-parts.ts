import type { LanguageModelV3ToolCallPart, LanguageModelV3ToolResultPart } from '@ai-sdk/provider'
import type { LanguageModelPrompt } from '../../types.ts'
import { NamePlan } from './collision-free-renames.ts'
import { messageWithContent } from './message-with-content.ts'

type PromptMessage = LanguageModelPrompt[number]
type ToolField = 'toolCallId' | 'toolName'
type ToolMessagePart = Extract<PromptMessage, { role: 'assistant' | 'tool' }>['content'][number]

/** `part[field]` with literal keys: a keyed load shared by both fields was a slow polymorphic access in every rename. */
function fieldOf(part: LanguageModelV3ToolCallPart | LanguageModelV3ToolResultPart, field: ToolField): string {
  return field === 'toolCallId' ? part.toolCallId : part.toolName
}

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
      const value = fieldOf(part, field)
      if (value === previous) continue
      if (!test(value)) return false
      previous = value
    }
  }
  return true
}

/**
 * The plan (collision-free-renames.ts) of `field`'s values in tool-call and
 * tool-result parts, in first-appearance order: each valid value kept, each
 * other one undecided.
 */
export function toolPartFieldPlan(prompt: LanguageModelPrompt, field: ToolField, isValid: (value: string) => boolean): NamePlan {
  const plan = new NamePlan()
  everyToolPartField(prompt, field, (value) => {
    plan.add(value, isValid)
    return true
  })
  return plan
}

/**
 * The prompt with `field` renamed per `plan` in calls and results alike.
 * Copied: the prompt array (once), and each message and part that changes;
 * every other object is the input's own.
 */
export function renameToolPartField(prompt: LanguageModelPrompt, field: ToolField, plan: NamePlan): LanguageModelPrompt {
  let next: PromptMessage[] | undefined
  let previous: string | undefined
  let renamed: string | undefined
  for (let index = 0; index < prompt.length; index++) {
    const message = prompt[index]
    if (message?.role !== 'assistant' && message?.role !== 'tool') continue
    const content: readonly ToolMessagePart[] = message.content
    let renamedContent: ToolMessagePart[] | undefined
    for (let partIndex = 0; partIndex < content.length; partIndex++) {
      const part = content[partIndex]
      if (part?.type !== 'tool-call' && part?.type !== 'tool-result') continue
      const value = fieldOf(part, field)
      // a result right after its call: the same value, looked up once
      if (value !== previous) {
        previous = value
        renamed = plan.newName(value)
      }
      if (renamed === undefined || renamed === value) continue
      renamedContent ??= content.slice()
      // literal keys: a computed key made every copy a slow dictionary-mode object
      renamedContent[partIndex] = field === 'toolCallId' ? { ...part, toolCallId: renamed } : { ...part, toolName: renamed }
    }
    if (renamedContent === undefined) continue
    next ??= prompt.slice()
    next[index] = messageWithContent<PromptMessage>(message, renamedContent as PromptMessage['content'])
  }
  return next ?? prompt
}
