import type { LanguageModelV3ToolCallPart, LanguageModelV3ToolResultPart } from '@ai-sdk/provider'
import type { LanguageModelPrompt } from '../../types.ts'
import { NamePlan, planRenames } from './collision-free-renames.ts'
import { rewriteMessageParts, type NewValueOf } from './rewrite-message-parts.ts'

type ToolField = 'toolCallId' | 'toolName'

/** How a rule renames a field for one target: the values it keeps, and the candidates (attempt 0, 1, ...) for the others. */
export type FieldRename = { readonly isValid: (value: string) => boolean; readonly propose: (value: string, attempt: number) => string }

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
  const renamed = renameField(prompt, field, newValueOnFirstSight(isValid, propose))
  if (renamed !== undefined) return renamed
  const plan = new NamePlan()
  everyToolPartField(prompt, field, (value) => {
    plan.add(value, isValid)
    return true
  })
  planRenames(plan, isValid, propose)
  // the plan holds every value of the prompt: the pass gives up on none
  return renameField(prompt, field, (value) => plan.newName(value)) ?? prompt
}

/** The one-pass rename of a field's values: each decided at its first sight (NamePlan.decideOnFirstSight), undefined where only a plan of the whole prompt can stay collision-free. */
export function newValueOnFirstSight(isValid: (value: string) => boolean, propose: (value: string, attempt: number) => string): NewValueOf {
  const plan = new NamePlan()
  return (value) => plan.decideOnFirstSight(value, isValid, propose)
}

function renameField(prompt: LanguageModelPrompt, field: ToolField, newValueOf: NewValueOf): LanguageModelPrompt | undefined {
  return field === 'toolCallId'
    ? rewriteMessageParts(prompt, undefined, newValueOf, undefined, false)
    : rewriteMessageParts(prompt, undefined, undefined, newValueOf, false)
}
