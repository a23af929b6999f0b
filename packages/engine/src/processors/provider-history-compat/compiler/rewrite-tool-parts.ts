import type { LanguageModelV3ToolCallPart, LanguageModelV3ToolResultPart } from '@ai-sdk/provider'
import type { LanguageModelPrompt } from '../../types.ts'
import { NamePlan, planRenames } from './collision-free-renames.ts'
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
 * The prompt with `field`'s values of tool-call and tool-result parts that
 * `isValid` rejects renamed (candidates from `propose`), calls and results
 * alike, deterministic and collision-free (collision-free-renames.ts): in ONE
 * pass that decides each value at its first sight and copies as it goes;
 * when a valid value equals a new name given earlier in that pass, planned
 * for the whole prompt first, then copied (the same names whenever both
 * apply). Copied: the prompt array (once), and each message and part that
 * changes; every other object is the input's own.
 */
export function renamedToolPartField(
  prompt: LanguageModelPrompt,
  field: ToolField,
  isValid: (value: string) => boolean,
  propose: (value: string, attempt: number) => string,
): LanguageModelPrompt {
  const sightPlan = new NamePlan()
  const renamed = renameEach(prompt, field, (value) => sightPlan.decideOnFirstSight(value, isValid, propose))
  if (renamed !== undefined) return renamed
  const plan = new NamePlan()
  everyToolPartField(prompt, field, (value) => {
    plan.add(value, isValid)
    return true
  })
  planRenames(plan, isValid, propose)
  // the plan holds every value of the prompt: renameEach gives up on none
  return renameEach(prompt, field, (value) => plan.newName(value)) ?? prompt
}

/**
 * The prompt with `field` as `newNameOf` renames it in calls and results
 * alike, or undefined as soon as `newNameOf` gives up on a value (returns
 * undefined). Each value is looked up once in a row (a result right after
 * its call).
 */
function renameEach(prompt: LanguageModelPrompt, field: ToolField, newNameOf: (value: string) => string | undefined): LanguageModelPrompt | undefined {
  let next: PromptMessage[] | undefined
  /** the last value looked up (none yet) and its new name */
  let previous: string | undefined
  let renamed = ''
  for (let index = 0; index < prompt.length; index++) {
    const message = prompt[index]
    if (message?.role !== 'assistant' && message?.role !== 'tool') continue
    const content: readonly ToolMessagePart[] = message.content
    let renamedContent: ToolMessagePart[] | undefined
    for (let partIndex = 0; partIndex < content.length; partIndex++) {
      const part = content[partIndex]
      if (part?.type !== 'tool-call' && part?.type !== 'tool-result') continue
      const value = fieldOf(part, field)
      if (value !== previous) {
        const newName = newNameOf(value)
        if (newName === undefined) return undefined
        previous = value
        renamed = newName
      }
      if (renamed === value) continue
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
