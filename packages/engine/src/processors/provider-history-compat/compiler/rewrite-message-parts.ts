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
 * stripAssistantReasoning), and the `toolCallId` / `toolName` of every
 * tool-call and tool-result part renamed by `newIdOf` / `newNameOf` (each
 * asked once per value in a row: a result right after its call). Any of the
 * three may be absent. Each message that changes is copied ONCE, whatever
 * changes in it, and each part once; every other object is the input's own.
 * Returns the prompt itself when nothing changed (nothing allocated), or
 * undefined as soon as `newIdOf` or `newNameOf` gives a value up.
 */
export function rewriteMessageParts(
  prompt: LanguageModelPrompt,
  dropsReasoning: ReasoningStripPredicate | undefined,
  newIdOf: NewValueOf | undefined,
  newNameOf: NewValueOf | undefined,
): LanguageModelPrompt | undefined {
  const renames = newIdOf !== undefined || newNameOf !== undefined
  // copied at full length at the first change and compacted in place (`kept` messages so far): pushing onto a slice grew it by copying
  let next: PromptMessage[] | undefined
  let kept = 0
  /** the last value of each field looked up (none yet) and its new value */
  let previousId: string | undefined
  let newId = ''
  let previousName: string | undefined
  let newName = ''
  for (let index = 0; index < prompt.length; index++) {
    const message = prompt[index]
    if (message === undefined) continue
    const role = message.role
    if (role !== 'assistant' && (role !== 'tool' || !renames)) {
      if (next !== undefined) next[kept++] = message
      continue
    }
    const content: readonly ToolMessagePart[] = message.content
    // copied at full length at the first changed part and compacted in place (`count` parts so far)
    let changed: ToolMessagePart[] | undefined
    let count = 0
    for (let partIndex = 0; partIndex < content.length; partIndex++) {
      const part = content[partIndex]
      if (part === undefined) continue
      let out: ToolMessagePart | undefined = part
      if (part.type === 'reasoning') {
        if (dropsReasoning !== undefined && role === 'assistant' && dropsReasoning(part, index, partIndex)) out = undefined
      } else if (renames && (part.type === 'tool-call' || part.type === 'tool-result')) {
        const id = part.toolCallId
        if (newIdOf !== undefined && id !== previousId) {
          const renamed = newIdOf(id)
          if (renamed === undefined) return undefined
          previousId = id
          newId = renamed
        }
        const name = part.toolName
        if (newNameOf !== undefined && name !== previousName) {
          const renamed = newNameOf(name)
          if (renamed === undefined) return undefined
          previousName = name
          newName = renamed
        }
        out = renamedPart(part, newIdOf === undefined ? id : newId, newNameOf === undefined ? name : newName)
      }
      if (out !== part && changed === undefined) {
        changed = content.slice()
        count = partIndex
      }
      if (changed !== undefined && out !== undefined) changed[count++] = out
    }
    if (changed === undefined) {
      if (next !== undefined) next[kept++] = message
      continue
    }
    // setting an array's length is a runtime call, a tenth of a rename's pass when made for every message
    if (count < changed.length) changed.length = count
    if (next === undefined) {
      next = prompt.slice()
      kept = index
    }
    // only a stripped part shortens a message: one left empty goes
    if (count > 0 || role !== 'assistant') next[kept++] = messageWithContent<PromptMessage>(message, changed as PromptMessage['content'])
  }
  if (next === undefined) return prompt
  next.length = kept
  return next
}

/** `part` with `id` and `name` (the part itself when both are its own), copied with literal keys: a computed key made every copy a slow dictionary-mode object. */
function renamedPart(part: ToolPart, id: string, name: string): ToolPart {
  if (id === part.toolCallId) return name === part.toolName ? part : { ...part, toolName: name }
  return name === part.toolName ? { ...part, toolCallId: id } : { ...part, toolCallId: id, toolName: name }
}
