import type { LanguageModelV3ToolResultPart } from '@ai-sdk/provider'
import type { LanguageModelPrompt } from '../../types.ts'
import type { CompatRule } from '../types.ts'
import { isClientToolCall } from './client-tool-call.ts'
import { answers, cancelledToolResult } from './tool-pairing.ts'

export const PAIR_ORPHAN_TOOL_CALLS = 'pair-orphan-tool-calls'

type PromptMessage = LanguageModelPrompt[number]

// Indexed loops: this scan runs on every call over the whole prompt (for…of's iterators cost 5x here, bench/compat.ts).
/* eslint-disable @typescript-eslint/prefer-for-of */

/** The synthetic results message `index`'s unanswered calls need, or undefined (nothing allocated) when all are answered. */
function missingResults(prompt: LanguageModelPrompt, index: number): LanguageModelV3ToolResultPart[] | undefined {
  const message = prompt[index]
  if (message?.role !== 'assistant') return undefined
  let missing: LanguageModelV3ToolResultPart[] | undefined
  const content = message.content
  for (let partIndex = 0; partIndex < content.length; partIndex++) {
    const part = content[partIndex]
    if (part !== undefined && isClientToolCall(part) && answers(prompt, index + 1, part.toolCallId) === 0) (missing ??= []).push(cancelledToolResult(part))
  }
  return missing
}

/**
 * Answers every unanswered tool call (a cancelled turn, a clone or branch cut
 * between a call and its result) with a synthetic "cancelled" result in the
 * tool message right after it: every provider refuses an unanswered call, and
 * dropping it would hide from the model that the call was made. Outbound
 * prompt only; undefined when every call is answered (one scan, no copy).
 */
export function pairOrphanToolCalls(prompt: LanguageModelPrompt): LanguageModelPrompt | undefined {
  let next: PromptMessage[] | undefined
  for (let index = 0; index < prompt.length; index++) {
    const message = prompt[index]
    if (message === undefined) continue
    const missing = missingResults(prompt, index)
    if (missing === undefined) {
      next?.push(message)
      continue
    }
    next ??= prompt.slice(0, index)
    next.push(message)
    const following = prompt[index + 1]
    if (following?.role === 'tool') {
      next.push({ ...following, content: [...following.content, ...missing] })
      index++
    } else {
      next.push({ role: 'tool', content: missing })
    }
  }
  return next
}

/** Every target: the compiler's first rule, so the rules after it see a paired prompt. */
export const pairOrphanToolCallsRule: CompatRule = {
  name: PAIR_ORPHAN_TOOL_CALLS,
  applyToPrompt: ({ prompt }) => pairOrphanToolCalls(prompt),
}
