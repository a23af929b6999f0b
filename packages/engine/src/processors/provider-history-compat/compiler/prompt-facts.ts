// What a prompt holds that a built-in compiler rule could act on, found in ONE
// scan that allocates nothing: the compiler runs on every call over the whole
// history (issue 29 item 7: under 1 ms p50 on 10,000 messages when no rule
// applies), so a rule whose fact is absent is skipped without reading the
// prompt again. Each fact is conservative: absent means the rule certainly has
// nothing to do; present means it may, and the rule decides exactly.
import type { LanguageModelPrompt } from '../../types.ts'
import { isClientToolCall } from './client-tool-call.ts'

/** An assistant message holds a reasoning part. */
export const HAS_REASONING = 1
/** A tool call may lack its result, or a result its call (not proven paired by the fast check below). */
export const MAY_BE_UNPAIRED = 2
/** Two user, assistant or tool messages in a row. */
export const HAS_REPEATED_ROLE = 4
/** A client tool call carries no `providerOptions.google.thoughtSignature`. */
export const HAS_UNSIGNED_CALL = 8
/** A tool-call ID the given validator rejects. */
export const HAS_INVALID_TOOL_CALL_ID = 16
/** A tool name the given validator rejects. */
export const HAS_INVALID_TOOL_NAME = 32

export type FormatTest = (value: string) => boolean

type PromptMessage = LanguageModelPrompt[number]
type AssistantContent = Extract<PromptMessage, { role: 'assistant' }>['content']

// Indexed loops, no closures, no sets: this is the per-call scan (for…of's iterators allocate, bench/compat.ts counts it).
/* eslint-disable @typescript-eslint/prefer-for-of */

/** Index of the first client tool call in `content` at or after `from`, else -1. */
function nextClientCall(content: AssistantContent, from: number): number {
  for (let index = from; index < content.length; index++) {
    const part = content[index]
    if (part !== undefined && isClientToolCall(part)) return index
  }
  return -1
}

/** Whether a client call of `content` before `end` has the ID `toolCallId` (two calls with one ID cannot both be paired). */
function repeatsCallId(content: AssistantContent, end: number, toolCallId: string): boolean {
  for (let index = 0; index < end; index++) {
    const part = content[index]
    if (part !== undefined && isClientToolCall(part) && part.toolCallId === toolCallId) return true
  }
  return false
}

/**
 * The facts (bit flags above) of `prompt`. Pairing is proven the fast way:
 * the results in the tool messages after an assistant message answer its
 * client calls one by one, in order, with distinct IDs; any other order is
 * reported as MAY_BE_UNPAIRED and left to the exact check (tool-pairing.ts).
 * `validToolCallId` / `validToolName`: the target's formats; undefined skips that test.
 */
export function promptFacts(prompt: LanguageModelPrompt, validToolCallId?: FormatTest, validToolName?: FormatTest): number {
  let facts = 0
  /** the assistant content whose client calls the tool messages now answer, and the index of the next call to answer (-1: all answered) */
  let calling: AssistantContent | undefined
  let expected = -1
  let previousRole: PromptMessage['role'] | undefined
  let previousId: string | undefined
  let previousName: string | undefined
  for (let index = 0; index < prompt.length; index++) {
    const message = prompt[index]
    if (message === undefined) continue
    const role = message.role
    if (role === previousRole && role !== 'system') facts |= HAS_REPEATED_ROLE
    previousRole = role
    if (role !== 'tool') {
      if (expected !== -1) facts |= MAY_BE_UNPAIRED
      calling = undefined
      expected = -1
    }
    if (role !== 'assistant' && role !== 'tool') continue
    const content = message.content
    for (let partIndex = 0; partIndex < content.length; partIndex++) {
      const part = content[partIndex]
      if (part?.type === 'reasoning') facts |= HAS_REASONING
      if (part?.type !== 'tool-call' && part?.type !== 'tool-result') continue
      // once a value is found invalid the fact is known: the rest are not tested (a format test per part was a tenth of the compiler when rules fire)
      if (validToolName !== undefined && (facts & HAS_INVALID_TOOL_NAME) === 0 && part.toolName !== previousName) {
        if (!validToolName(part.toolName)) facts |= HAS_INVALID_TOOL_NAME
        previousName = part.toolName
      }
      if (validToolCallId !== undefined && (facts & HAS_INVALID_TOOL_CALL_ID) === 0 && part.toolCallId !== previousId) {
        if (!validToolCallId(part.toolCallId)) facts |= HAS_INVALID_TOOL_CALL_ID
        previousId = part.toolCallId
      }
      if (part.type === 'tool-result') {
        // a result inside an assistant message answers a provider-executed call: not the client's pairing
        if (role !== 'tool') continue
        const answered = calling?.[expected]
        if (calling === undefined || answered?.type !== 'tool-call' || answered.toolCallId !== part.toolCallId) facts |= MAY_BE_UNPAIRED
        else expected = nextClientCall(calling, expected + 1)
        continue
      }
      if (message.role !== 'assistant' || !isClientToolCall(part)) continue
      if (typeof part.providerOptions?.google?.thoughtSignature !== 'string') facts |= HAS_UNSIGNED_CALL
      if (expected === -1) {
        calling = message.content
        expected = partIndex
      } else if (repeatsCallId(message.content, partIndex, part.toolCallId)) {
        facts |= MAY_BE_UNPAIRED
      }
    }
  }
  if (expected !== -1) facts |= MAY_BE_UNPAIRED
  return facts
}
