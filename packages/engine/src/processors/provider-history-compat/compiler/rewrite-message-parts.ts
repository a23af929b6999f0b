import type { LanguageModelV3ReasoningPart, LanguageModelV3ToolCallPart, LanguageModelV3ToolResultPart } from '@ai-sdk/provider'
import type { LanguageModelPrompt } from '../../types.ts'
import { messageWithContent } from './message-with-content.ts'

type PromptMessage = LanguageModelPrompt[number]
type ToolMessagePart = Extract<PromptMessage, { role: 'assistant' | 'tool' }>['content'][number]
type ToolPart = LanguageModelV3ToolCallPart | LanguageModelV3ToolResultPart

/** Selects the reasoning parts to strip; `messageIndex` / `partIndex` locate the part in the input prompt. */
export type ReasoningStripPredicate = (part: LanguageModelV3ReasoningPart, messageIndex: number, partIndex: number) => boolean

/** The new value of a tool-call ID or tool name (itself when kept), the same for a call and its result; undefined gives the pass up. */
export type NewValueOf = (value: string) => string | undefined

/**
 * The prompt with, in ONE pass: the assistant reasoning parts `dropsReasoning`
 * selects removed (an assistant message left with no part dropped, see
 * stripAssistantReasoning), the `toolCallId` / `toolName` of every
 * tool-call and tool-result part renamed by `newIdOf` / `newNameOf` (each
 * asked once per value in a row: a result right after its call), and, with
 * `mergesRoles`, consecutive user, assistant or tool messages joined into one
 * (parts in order, the first one's providerOptions kept). Any of them may be
 * absent. Each message that changes is copied ONCE, whatever changes in it,
 * and each part once; every other object is the input's own. Returns the
 * prompt itself when nothing changed (nothing allocated), or undefined as
 * soon as `newIdOf` or `newNameOf` gives a value up.
 */
export function rewriteMessageParts(
  prompt: LanguageModelPrompt,
  dropsReasoning: ReasoningStripPredicate | undefined,
  newIdOf: NewValueOf | undefined,
  newNameOf: NewValueOf | undefined,
  mergesRoles: boolean,
): LanguageModelPrompt | undefined {
  const ids = newIdOf === undefined ? undefined : new FieldRenames(newIdOf)
  const names = newNameOf === undefined ? undefined : new FieldRenames(newNameOf)
  const renames = ids !== undefined || names !== undefined
  // copied at full length at the first change and compacted in place (`kept` messages so far): pushing onto a slice grew it by copying
  let next: PromptMessage[] | undefined
  let kept = 0
  for (let index = 0; index < prompt.length; index++) {
    const message = prompt[index]
    if (message === undefined) continue
    const role = message.role
    let out: PromptMessage | undefined = message
    if (role === 'assistant' ? dropsReasoning !== undefined || renames : role === 'tool' && renames) {
      const content = rewrittenContent(message.content as readonly ToolMessagePart[], index, role === 'assistant' ? dropsReasoning : undefined, ids, names)
      if (content === undefined) return undefined
      // only a stripped part shortens a message: one left empty goes
      if (content !== message.content)
        out = content.length > 0 || role !== 'assistant' ? messageWithContent<PromptMessage>(message, content as PromptMessage['content']) : undefined
    }
    if (mergesRoles && out !== undefined) {
      const previous = next === undefined ? prompt[index - 1] : next[kept - 1]
      if (previous !== undefined && continuesTurn(previous, out)) {
        if (next === undefined) {
          next = prompt.slice()
          kept = index
        }
        next[kept - 1] = mergedTurn(previous, out)
        continue
      }
    }
    if (out === message) {
      if (next !== undefined) next[kept++] = message
      continue
    }
    if (next === undefined) {
      next = prompt.slice()
      kept = index
    }
    if (out !== undefined) next[kept++] = out
  }
  if (next === undefined) return prompt
  next.length = kept
  return next
}

/**
 * `content` (of message `messageIndex`) without the reasoning parts
 * `dropsReasoning` selects and with its tool parts renamed: the same array
 * when nothing changes, undefined when a rename gives up.
 */
function rewrittenContent(
  content: readonly ToolMessagePart[],
  messageIndex: number,
  dropsReasoning: ReasoningStripPredicate | undefined,
  ids: FieldRenames | undefined,
  names: FieldRenames | undefined,
): readonly ToolMessagePart[] | undefined {
  // copied at full length at the first changed part and compacted in place (`count` parts so far)
  let changed: ToolMessagePart[] | undefined
  let count = 0
  for (let partIndex = 0; partIndex < content.length; partIndex++) {
    const part = content[partIndex]
    if (part === undefined) continue
    let out: ToolMessagePart | undefined = part
    if (part.type === 'reasoning') {
      if (dropsReasoning?.(part, messageIndex, partIndex) === true) out = undefined
    } else if ((ids !== undefined || names !== undefined) && (part.type === 'tool-call' || part.type === 'tool-result')) {
      const id = ids === undefined ? part.toolCallId : ids.of(part.toolCallId)
      const name = names === undefined ? part.toolName : names.of(part.toolName)
      if (id === undefined || name === undefined) return undefined
      out = renamedPart(part, id, name)
    }
    if (out !== part && changed === undefined) {
      changed = content.slice()
      count = partIndex
    }
    if (changed !== undefined && out !== undefined) changed[count++] = out
  }
  if (changed === undefined) return content
  // setting an array's length is a runtime call, a tenth of a rename's pass when made for every message
  if (count < changed.length) changed.length = count
  return changed
}

/** One field's renames in a pass: the last value looked up and its new value (a result right after its call is not looked up again). */
class FieldRenames {
  readonly #newValueOf: NewValueOf
  #previous: string | undefined
  #newValue = ''

  constructor(newValueOf: NewValueOf) {
    this.#newValueOf = newValueOf
  }

  /** The new value of `value` (itself when kept), undefined when the rename gives up. */
  of(value: string): string | undefined {
    if (value !== this.#previous) {
      const renamed = this.#newValueOf(value)
      if (renamed === undefined) return undefined
      this.#previous = value
      this.#newValue = renamed
    }
    return this.#newValue
  }
}

/** `part` with `id` and `name` (the part itself when both are its own), copied with literal keys: a computed key made every copy a slow dictionary-mode object. */
function renamedPart(part: ToolPart, id: string, name: string): ToolPart {
  if (id === part.toolCallId) return name === part.toolName ? part : { ...part, toolName: name }
  return name === part.toolName ? { ...part, toolCallId: id } : { ...part, toolCallId: id, toolName: name }
}

/** Whether `message` continues `previous`'s turn: two user, two assistant or two tool messages in a row. */
function continuesTurn(previous: PromptMessage, message: PromptMessage): boolean {
  return previous.role === message.role && message.role !== 'system'
}

/** Two messages of one role as one, parts in order (the first one's providerOptions kept). */
function mergedTurn(first: PromptMessage, second: PromptMessage): PromptMessage {
  return messageWithContent(first, [...(first.content as unknown[]), ...(second.content as unknown[])] as PromptMessage['content'])
}
