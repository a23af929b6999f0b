import type { LanguageModelV3ToolResultPart } from '@ai-sdk/provider'
import type { LanguageModelPrompt } from '../../types.ts'
import type { CompatRule } from '../types.ts'
import { isClientToolCall } from './client-tool-call.ts'
import { messageWithContent } from './message-with-content.ts'
import { answers, callsTool, cancelledToolResult } from './tool-pairing.ts'

export const PAIR_ORPHAN_TOOL_CALLS = 'pair-orphan-tool-calls'

type PromptMessage = LanguageModelPrompt[number]
type ToolMessage = Extract<PromptMessage, { role: 'tool' }>
/** Results moved up to their calls, left out where they stood. */
type MovedResults = Set<LanguageModelV3ToolResultPart>

// Indexed loops: this scan runs on every call over the whole prompt (for…of's iterators cost 5x here, bench/compat.ts).
/* eslint-disable @typescript-eslint/prefer-for-of */

/**
 * A result for `toolCallId` after message `from` that answers no call (the
 * tool messages after an assistant message without that call, e.g. a result
 * the caller sent later), searched up to the next call with that ID: a later
 * call owns the results after it (an ID a provider reuses per turn).
 */
function strayResult(prompt: LanguageModelPrompt, from: number, toolCallId: string, moved: MovedResults): LanguageModelV3ToolResultPart | undefined {
  /** the assistant message the tool messages at `index` follow, -1 when none */
  let answering = -1
  for (let index = from; index < prompt.length; index++) {
    const message = prompt[index]
    if (message?.role === 'assistant') {
      if (callsTool(prompt, index, toolCallId)) return undefined
      answering = index
    }
    if (message?.role !== 'tool') {
      if (message?.role !== 'assistant') answering = -1
      continue
    }
    const content = message.content
    for (let partIndex = 0; partIndex < content.length; partIndex++) {
      const part = content[partIndex]
      if (part?.type === 'tool-result' && part.toolCallId === toolCallId && !moved.has(part) && !callsTool(prompt, answering, toolCallId)) return part
    }
  }
  return undefined
}

/**
 * Whether a tool result from message `from` on answers no call of the
 * assistant message its tool messages follow (one scan of the rest of the
 * prompt). From the first unanswered call on: a result before it can move to
 * no call (strayResult looks after the call only).
 */
function hasStrayResult(prompt: LanguageModelPrompt, from: number): boolean {
  let answering = -1
  for (let index = from; index < prompt.length; index++) {
    const message = prompt[index]
    if (message?.role !== 'tool') {
      answering = message?.role === 'assistant' ? index : -1
      continue
    }
    const content = message.content
    for (let partIndex = 0; partIndex < content.length; partIndex++) {
      const part = content[partIndex]
      if (part?.type === 'tool-result' && !callsTool(prompt, answering, part.toolCallId)) return true
    }
  }
  return false
}

/** What pairing an unanswered call needs to know: the results moved so far, and whether any result could move at all. */
type Pairing = { readonly moved: MovedResults; strays: boolean | undefined }

/**
 * The results message `index`'s unanswered calls need: a stray later result
 * of the call (moved here, added to `moved`), else a synthetic cancelled one.
 * Undefined (nothing allocated) when every call is answered.
 */
function missingResults(prompt: LanguageModelPrompt, index: number, pairing: Pairing): LanguageModelV3ToolResultPart[] | undefined {
  const message = prompt[index]
  if (message?.role !== 'assistant') return undefined
  let missing: LanguageModelV3ToolResultPart[] | undefined
  const content = message.content
  for (let partIndex = 0; partIndex < content.length; partIndex++) {
    const part = content[partIndex]
    if (part === undefined || !isClientToolCall(part) || answers(prompt, index + 1, part.toolCallId) !== 0) continue
    // searched only when the prompt holds a stray result after the first unanswered call (this one): many cancelled turns would otherwise each scan the rest of the prompt
    pairing.strays ??= hasStrayResult(prompt, index)
    const later = pairing.strays ? strayResult(prompt, index + 1, part.toolCallId, pairing.moved) : undefined
    if (later !== undefined) pairing.moved.add(later)
    ;(missing ??= []).push(later ?? cancelledToolResult(part))
  }
  return missing
}

/** `content` without the moved results (the same array when it holds none). */
function remaining(content: ToolMessage['content'], moved: MovedResults): ToolMessage['content'] {
  if (moved.size === 0 || !content.some((part) => part.type === 'tool-result' && moved.has(part))) return content
  return content.filter((part) => part.type !== 'tool-result' || !moved.has(part))
}

/**
 * Answers every unanswered tool call: with its real result when that result
 * stands later in the prompt, apart from it (moved up, so it goes out once,
 * right after its call), else with a synthetic "cancelled" result (a cancelled
 * turn, a clone or branch cut between a call and its result) in the tool
 * message right after it: every provider refuses an unanswered call, and
 * dropping it would hide from the model that the call was made. Outbound
 * prompt only; undefined when every call is answered (one scan, no copy).
 */
export function pairOrphanToolCalls(prompt: LanguageModelPrompt): LanguageModelPrompt | undefined {
  // the rule runs only when the prompt may hold an unanswered call (prompt-facts.ts), so this is not made on every call
  const pairing: Pairing = { moved: new Set(), strays: undefined }
  /** the assistant messages with unanswered calls, and the tool message of each one's missing results */
  let answered: number[] | undefined
  let answers: ToolMessage[] | undefined
  for (let index = 0; index < prompt.length; index++) {
    const missing = missingResults(prompt, index, pairing)
    if (missing === undefined) continue
    ;(answered ??= []).push(index)
    ;(answers ??= []).push({ role: 'tool', content: missing })
  }
  if (answered === undefined || answers === undefined) return undefined
  return withAnswers(prompt, answered, answers, pairing.moved)
}

/**
 * The prompt with each of `answers` right after its assistant message
 * (`answered`, ascending), joined to the tool message already there, and the
 * moved results left out where they stood. The messages before the first
 * answered turn are the input's, in one array of the prompt's length plus
 * one slot per answer, filled in place and trimmed: pushing onto a slice
 * regrew it by copying (~270 KB for one orphan in 10,000 messages).
 */
function withAnswers(prompt: LanguageModelPrompt, answered: readonly number[], answers: readonly ToolMessage[], moved: MovedResults): LanguageModelPrompt {
  const next = prompt.concat(answers)
  let kept = answered[0] ?? 0
  let answer = 0
  for (let index = kept; index < prompt.length; index++) {
    const message = prompt[index]
    if (message === undefined) continue
    const results = answered[answer] === index ? answers[answer++] : undefined
    if (results !== undefined) {
      next[kept++] = message
      const following = prompt[index + 1]
      if (following?.role === 'tool') {
        next[kept++] = messageWithContent(following, [...remaining(following.content, moved), ...results.content])
        index++
      } else {
        next[kept++] = results
      }
      continue
    }
    if (message.role !== 'tool') {
      next[kept++] = message
      continue
    }
    const content = remaining(message.content, moved)
    if (content === message.content) next[kept++] = message
    else if (content.length > 0) next[kept++] = messageWithContent(message, content)
  }
  next.length = kept
  return next
}

/** Every target: the compiler's first rule, so the rules after it see a paired prompt. */
export const pairOrphanToolCallsRule: CompatRule = {
  name: PAIR_ORPHAN_TOOL_CALLS,
  applyToPrompt: ({ prompt }) => pairOrphanToolCalls(prompt),
}
