import type { LanguageModelV3ReasoningPart } from '@ai-sdk/provider'
import { toPrompt } from '../../../messages/to-prompt.ts'
import type { StoredMessage } from '../../../messages/types.ts'
import { isOpenAIResponsesModel } from '../../../models/provider-model.ts'
import type { LanguageModelPrompt } from '../../types.ts'
import { removeStoredReasoning, stripAssistantReasoning } from '../strip-assistant-reasoning.ts'
import type { CompatRule } from '../types.ts'

export const OPENAI_RESPONSES_ORPHAN_REASONING = 'openai-responses-orphan-reasoning'

/**
 * OpenAI Responses' 400 (`param: "input"`) for a reasoning item replayed
 * without the output item it produced:
 * `Item 'rs_…' of type 'reasoning' was provided without its required following item.`
 */
export const OPENAI_RESPONSES_ORPHAN_REASONING_ERROR_PATTERNS: RegExp[] = [/Item '[^']*' of type 'reasoning' was provided without its required following item/]

/** Where a part sits in a prompt. */
export type PromptPartPosition = { messageIndex: number; partIndex: number }

/** One input item as @ai-sdk/openai (3.0.141) serializes the prompt for the Responses API. */
type WireItem = { kind: 'reasoning'; named: boolean; parts: PromptPartPosition[] } | { kind: 'output'; named: boolean } | { kind: 'other' }

function openaiOptions(part: { providerOptions?: Record<string, Record<string, unknown>> | undefined }): Record<string, unknown> | undefined {
  return part.providerOptions?.openai
}

/**
 * The reasoning item a part becomes, as the SDK decides it: its `itemId`
 * (parts with the same id in one assistant message merge into one item), null
 * for an unnamed item (encrypted content only), undefined when the SDK sends
 * no item at all (another provider's reasoning).
 */
function reasoningItemId(part: LanguageModelV3ReasoningPart): string | null | undefined {
  const options = openaiOptions(part)
  if (typeof options?.itemId === 'string') return options.itemId
  return typeof options?.reasoningEncryptedContent === 'string' ? null : undefined
}

function wireItems(prompt: LanguageModelPrompt): WireItem[] {
  const items: WireItem[] = []
  for (const [messageIndex, message] of prompt.entries()) {
    if (message.role !== 'assistant') {
      items.push({ kind: 'other' })
      continue
    }
    const byId = new Map<string, Extract<WireItem, { kind: 'reasoning' }>>()
    for (const [partIndex, part] of message.content.entries()) {
      const position = { messageIndex, partIndex }
      if (part.type === 'text' || part.type === 'tool-call') {
        items.push({ kind: 'output', named: typeof openaiOptions(part)?.itemId === 'string' })
      } else if (part.type === 'reasoning') {
        const id = reasoningItemId(part)
        if (id === undefined) continue
        const merged = id === null ? undefined : byId.get(id)
        if (merged !== undefined) {
          merged.parts.push(position)
          continue
        }
        const item = { kind: 'reasoning' as const, named: id !== null, parts: [position] }
        if (id !== null) byId.set(id, item)
        items.push(item)
      } else {
        items.push({ kind: 'other' })
      }
    }
  }
  return items
}

/** Whether an earlier part of `content` (before `end`) is reasoning with OpenAI item id `id` (the SDK merges them into one item). */
function mergesIntoEarlierItem(
  content: readonly { type: string; providerOptions?: Record<string, Record<string, unknown>> | undefined }[],
  end: number,
  id: string,
): boolean {
  for (let k = 0; k < end; k++) {
    const earlier = content[k]
    if (earlier?.type === 'reasoning' && openaiOptions(earlier)?.itemId === id) return true
  }
  return false
}

/**
 * Whether the prompt would send a reasoning item not followed by an output
 * item (the `'adjacent'` check): the same judgement as wireItems, as one scan
 * that allocates nothing, so the rule costs a read of the prompt on every
 * call and maps it to wire items only when there is an orphan to remove.
 */
export function hasOrphanReasoning(prompt: LanguageModelPrompt): boolean {
  let pendingReasoning = false
  // eslint-disable-next-line @typescript-eslint/prefer-for-of -- for…of allocates its iterator on this per-call path (bench/compat.ts counts it)
  for (let messageIndex = 0; messageIndex < prompt.length; messageIndex++) {
    const message = prompt[messageIndex]
    if (message === undefined) continue
    if (message.role !== 'assistant') {
      if (pendingReasoning) return true
      continue
    }
    const content = message.content
    for (let partIndex = 0; partIndex < content.length; partIndex++) {
      const part = content[partIndex]
      if (part === undefined) continue
      if (part.type === 'text' || part.type === 'tool-call') {
        pendingReasoning = false
      } else if (part.type === 'reasoning') {
        const id = reasoningItemId(part)
        if (id === undefined || (id !== null && mergesIntoEarlierItem(content, partIndex, id))) continue
        if (pendingReasoning) return true
        pendingReasoning = true
      } else if (pendingReasoning) {
        return true
      }
    }
  }
  return pendingReasoning
}

/**
 * How sure a check must be. `'adjacent'`: the item right after a reasoning
 * item must be an output (message or function call); a user message, a tool
 * result, another reasoning item or the end of the input is certainly wrong.
 * `'same-response'`: a named reasoning item (`rs_…`) must also be followed by
 * a NAMED output, the one its response produced (an answer edited or written
 * by another provider has no OpenAI item id); OpenAI has rejected that too,
 * but the output is still there, so it is only acted on after the rejection.
 */
export type OrphanReasoningCheck = 'adjacent' | 'same-response'

/**
 * The reasoning parts whose item lacks its required following item. Judged
 * per position, never per id: the same `rs_…` id paired in one place (a clone
 * of a clone, a branch) and orphaned in another is removed only where it is
 * orphaned, so the outcome never depends on which copy comes first and no
 * paired item is touched.
 */
export function orphanReasoningParts(prompt: LanguageModelPrompt, check: OrphanReasoningCheck = 'adjacent'): PromptPartPosition[] {
  const items = wireItems(prompt)
  return items.flatMap((item, index) => {
    if (item.kind !== 'reasoning') return []
    const next = items[index + 1]
    const paired = next?.kind === 'output' && (check === 'adjacent' || next.named || !item.named)
    return paired ? [] : item.parts
  })
}

/** Removes the orphaned reasoning parts from a prompt; undefined when there are none. */
function withoutOrphanReasoning(prompt: LanguageModelPrompt): LanguageModelPrompt | undefined {
  const orphans = new Set(orphanReasoningParts(prompt).map(({ messageIndex, partIndex }) => `${messageIndex}:${partIndex}`))
  if (orphans.size === 0) return undefined
  return stripAssistantReasoning(prompt, (_part, messageIndex, partIndex) => orphans.has(`${messageIndex}:${partIndex}`))
}

/**
 * Removes, in place, the stored reasoning parts the prompt would send as
 * orphaned items: those of the `'adjacent'` check, or, when there are none
 * (OpenAI rejected the history all the same), those of the `'same-response'`
 * check. The stored messages are converted as the agent sends them; each
 * prompt message remembers its stored message, and the n-th reasoning part of
 * a stored message's prompt is its n-th stored reasoning part (toPrompt keeps
 * every reasoning part, in order). Returns true when something was removed.
 */
export function removeOrphanReasoning(messages: StoredMessage[]): boolean {
  const prompt: LanguageModelPrompt = []
  const origin: { stored: number; reasoningBefore: number }[] = []
  for (const [stored, message] of messages.entries()) {
    let reasoningBefore = 0
    for (const promptMessage of toPrompt([message])) {
      prompt.push(promptMessage)
      origin.push({ stored, reasoningBefore })
      if (promptMessage.role === 'assistant') reasoningBefore += promptMessage.content.filter((part) => part.type === 'reasoning').length
    }
  }
  const adjacent = orphanReasoningParts(prompt, 'adjacent')
  const orphans = new Map<number, Set<number>>()
  for (const { messageIndex, partIndex } of adjacent.length > 0 ? adjacent : orphanReasoningParts(prompt, 'same-response')) {
    const message = prompt[messageIndex]
    const from = origin[messageIndex]
    if (message?.role !== 'assistant' || from === undefined) continue
    const ordinal = from.reasoningBefore + message.content.slice(0, partIndex).filter((part) => part.type === 'reasoning').length
    const set = orphans.get(from.stored) ?? new Set<number>()
    set.add(ordinal)
    orphans.set(from.stored, set)
  }
  return removeStoredReasoning(messages, (stored, ordinal) => orphans.get(stored)?.has(ordinal) === true)
}

/**
 * OpenAI Responses only. Proactive: an orphaned reasoning item leaves the
 * outbound prompt (this call only). Reactive, after OpenAI's 400: the orphaned
 * reasoning parts leave the stored history, so later turns (and other
 * providers) get a clean history. Orphans come from a partial clone or branch
 * cut between a reasoning item and its answer, a cancelled turn (reasoning
 * stored, the answer or tool result never), or an edited answer.
 */
export const openaiResponsesOrphanReasoning: CompatRule = {
  name: OPENAI_RESPONSES_ORPHAN_REASONING,
  errorPatterns: OPENAI_RESPONSES_ORPHAN_REASONING_ERROR_PATTERNS,
  fix: removeOrphanReasoning,
  applyToPrompt({ prompt, model }) {
    if (!isOpenAIResponsesModel(model) || !hasOrphanReasoning(prompt)) return undefined
    return withoutOrphanReasoning(prompt)
  },
}
