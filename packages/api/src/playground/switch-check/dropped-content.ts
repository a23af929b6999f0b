// The Switch check's no-silent-drop verdict: the switch matrix's check
// (lostContent, the same function its dialects apply to each accepted
// request) applied to the compiled prompt, before anything is sent. A loss is
// charged to the compiler rule whose output first lacked it (null: the stored
// history's own prompt already lacked it). Reasoning is not content the check
// counts (leaving it out is a documented rewrite): a rule that removes
// reasoning parts is reported as a transformation, by name.
import type { LanguageModelPrompt, ProactiveRuleOutcome, StoredMessage } from '@threadline/engine'
import { expectedWireHistory, lostContent, type LostContent, type WireHistory } from '@threadline/engine/loopback-provider'
import { z } from 'zod'

export const droppedContentSchema = z.object({
  /** the rule that dropped it; null when the prompt of the stored history already lacked it */
  rule: z.string().nullable(),
  /** the stored texts no text of the compiled prompt holds */
  texts: z.array(z.string()),
  /** one tool name per stored call that is not sent answered by its result */
  calls: z.array(z.string()),
})

export const contentCheckSchema = z.object({
  /** what the compiled prompt lost, by the rule that lost it: [] when nothing was dropped */
  dropped: z.array(droppedContentSchema),
  /** deliberate rewrites that leave content out: the reasoning parts each rule removed */
  transformed: z.array(z.object({ rule: z.string(), reasoningParts: z.number().int().positive() })),
})

export type DroppedContent = z.infer<typeof droppedContentSchema>
export type ContentCheck = z.infer<typeof contentCheckSchema>

/** What a prompt sends, read as the loopback dialects read a request: texts (tool results excluded), client tool calls, the ids results answer. */
export function promptWireHistory(prompt: LanguageModelPrompt): WireHistory {
  const history: WireHistory = { texts: [], toolCalls: [], toolResultIds: [] }
  for (const message of prompt) {
    if (message.role === 'system') {
      history.texts.push(message.content)
      continue
    }
    for (const part of message.content) {
      if (part.type === 'text') history.texts.push(part.text)
      else if (part.type === 'tool-call' && part.providerExecuted !== true) history.toolCalls.push({ id: part.toolCallId, name: part.toolName })
      else if (part.type === 'tool-result' && message.role === 'tool') history.toolResultIds.push(part.toolCallId)
    }
  }
  return history
}

function reasoningParts(prompt: LanguageModelPrompt): number {
  let count = 0
  for (const message of prompt) if (message.role === 'assistant') for (const part of message.content) if (part.type === 'reasoning') count++
  return count
}

/** The prompt after the stage-th rule that changed it (0: the compiler's input), and what it lost. */
type Stage = { index: number; rule: string | null; lost: LostContent }

/** The first stage of the run of stages, up to the last one, in which `isLost` holds. */
function culprit(stages: readonly Stage[], isLost: (lost: LostContent) => boolean): Stage | undefined {
  let first: Stage | undefined
  for (const stage of stages) first = isLost(stage.lost) ? (first ?? stage) : undefined
  return first
}

const missingOf = (lost: LostContent, name: string): number => lost.missingCalls.find((call) => call.name === name)?.count ?? 0

/**
 * Whether the compiled prompt still holds every stored text and every stored
 * call with its result. `input` is the prompt the compiler was given (the
 * stored history's), `outcomes` what each of its rules did, in order.
 */
export function checkCompiledContent(messages: readonly StoredMessage[], input: LanguageModelPrompt, outcomes: readonly ProactiveRuleOutcome[]): ContentCheck {
  const expected = expectedWireHistory(messages)
  let final: Stage = { index: 0, rule: null, lost: lostContent(expected, promptWireHistory(input)) }
  const stages: Stage[] = [final]
  const transformed: ContentCheck['transformed'] = []
  for (const outcome of outcomes) {
    if (outcome.status !== 'changed') continue
    final = { index: stages.length, rule: outcome.rule.name, lost: lostContent(expected, promptWireHistory(outcome.prompt)) }
    stages.push(final)
    const removed = reasoningParts(outcome.before) - reasoningParts(outcome.prompt)
    if (removed > 0) transformed.push({ rule: outcome.rule.name, reasoningParts: removed })
  }
  const byStage = new Map<number, DroppedContent>()
  const entryOf = (stage: Stage): DroppedContent => {
    const entry = byStage.get(stage.index) ?? { rule: stage.rule, texts: [], calls: [] }
    byStage.set(stage.index, entry)
    return entry
  }
  for (const text of final.lost.texts) entryOf(culprit(stages, (lost) => lost.texts.includes(text)) ?? final).texts.push(text)
  for (const { name, count } of final.lost.missingCalls) {
    // each missing call is charged to the stage whose output first had that many missing, counting down
    for (let missing = count; missing > 0; missing--) entryOf(culprit(stages, (lost) => missingOf(lost, name) >= missing) ?? final).calls.push(name)
  }
  // in the order the rules ran
  const dropped = [...byStage].sort(([a], [b]) => a - b).map(([, entry]) => entry)
  return { dropped, transformed }
}
