// The workbench's agent settings and its context-window view. What a turn
// sends is assembled by the engine (Agent.previewContext / a turn: the
// Memory's options, fitted to the model's context window); this file only
// names the workbench's instructions, passes the model's window and BPE, and
// shows ProviderHistoryCompat's proactive rewrites of that prompt.
import type { LanguageModelV3Prompt } from '@ai-sdk/provider'
import { Agent, countPrompt, type MessagePart, type StoredThread, type TurnContext } from '@threadline/engine'
import type { Services } from '../services.ts'
import type { ModelOption } from './providers.ts'
import { promptMarks } from './prompt-marks.ts'
import type { RuleChange, WorkbenchCompat } from './saved-rules/workbench-compat.ts'
import { bpeTokenCounter } from './tokens/bpe-counter.ts'

export const WORKBENCH_INSTRUCTIONS = 'You are a helpful assistant.'

/** The engine's context as the view shows it, with the model and the compat rules' rewrite of its prompt. */
export type ContextWindowView = Pick<TurnContext, 'sections' | 'toolTokens' | 'contextWindow' | 'replyReserve' | 'olderMessages' | 'overLimit'> & {
  model: ModelOption
  /** the tokenizer's count of the whole payload after the compat rules, tool definitions included */
  totalTokens: number
  /** proactive compat rules that changed the prompt */
  rulesApplied: string[]
  /** the prompt as the provider receives it (after the compat rules) */
  prompt: LanguageModelV3Prompt
  /** per message of `prompt`, the rules that rewrote it (empty: sent as memory assembled it) */
  promptMarks: string[][]
  /** each rule's rewrite, in the order the rules ran: the messages it replaced and what replaced them */
  ruleChanges: RuleChange[]
}

/** The settings every workbench agent shares: the thread's Memory, the model's context window and tokenizer (counting on the worker pool for `callerKey`). */
export function workbenchAgentConfig(services: Services, option: ModelOption, instructions: string | undefined, callerKey: string) {
  return {
    id: 'threadline-workbench',
    name: 'Threadline workbench',
    instructions: instructions ?? WORKBENCH_INSTRUCTIONS,
    memory: services.memory,
    contextWindow: option.contextWindow,
    tokenCounter: bpeTokenCounter({ pool: services.playground, callerKey, encoding: option.encoding }),
  }
}

export type ContextViewRequest = {
  services: Services
  thread: StoredThread
  model: ModelOption
  compat: WorkbenchCompat
  /** whose request this is: the worker pool's per-caller limit */
  callerKey: string
  instructions: string | undefined
  /** the next user message's parts, or null: the thread as it stands */
  next: MessagePart[] | null
}

/** What a turn with `model` would send now: the engine's context, then the compat rules' rewrite of its prompt. */
export async function contextWindowView(request: ContextViewRequest): Promise<ContextWindowView> {
  const { services, thread, model, compat } = request
  const config = workbenchAgentConfig(services, model, request.instructions, request.callerKey)
  // the model is never called by a preview: its id is enough (the demo's loopback server is not started)
  const agent = new Agent({ ...config, model: model.model })
  const context = await agent.previewContext(request.next === null ? null : [{ role: 'user', content: request.next }], {
    memory: { thread: thread.id, resource: thread.resourceId },
  })
  const verdict = await compat.explainPrompt(context.prompt, model.model)
  return {
    model,
    sections: context.sections,
    // the rules' rewrite is counted again (its texts may be new); an unchanged prompt keeps the engine's count
    totalTokens: verdict.rulesApplied.length === 0 ? context.totalTokens : (await countPrompt(config.tokenCounter, verdict.prompt)) + context.toolTokens,
    toolTokens: context.toolTokens,
    contextWindow: context.contextWindow,
    replyReserve: context.replyReserve,
    olderMessages: context.olderMessages,
    overLimit: context.overLimit,
    rulesApplied: verdict.rulesApplied,
    prompt: verdict.prompt,
    promptMarks: promptMarks(verdict.prompt, verdict.changes),
    ruleChanges: verdict.changes,
  }
}
