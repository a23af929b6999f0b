import type { ToolSet } from 'ai'
import type { LLMCallEventListener } from '../calls/call-events.ts'
import type { MessagePart, StoredMessage, ToolInvocation } from '../messages/types.ts'
import type { Logger } from '../processors/run.ts'
import type { Processor } from '../processors/types.ts'
import type { TokenCounter } from '../context/token-count.ts'
import type { TurnContext, TurnContextMemory } from '../context/turn-context.ts'
import type { Memory } from '../memory/memory.ts'
import type { AgentModel } from './resolve-model.ts'

/**
 * The part of `Memory` the agent uses (a `Memory` is one): its options decide
 * what a turn sends (the last messages, semantic recall, working and
 * observational memory: see context/turn-context.ts).
 */
export type AgentMemory = TurnContextMemory & Pick<Memory, 'getThreadById' | 'createThread' | 'saveMessages' | 'saveRepairedMessages' | 'updateWorkingMemory'>

export type AgentConfig = {
  id: string
  name: string
  instructions: string
  /** 'provider/model' (see resolve-model.ts) or an AI SDK model object */
  model: AgentModel
  /** AI SDK tool definitions: `tool({ description, inputSchema, execute })` from 'ai' */
  tools?: ToolSet
  /** run before each provider call (processLLMRequest) and first on API errors (processAPIError) */
  inputProcessors?: Processor[]
  /** run on API errors, after the input processors */
  errorProcessors?: Processor[]
  /** retries processors may grant per provider call; default 10 when any processor handles API errors, else 0 */
  maxProcessorRetries?: number
  memory?: AgentMemory
  /** provider calls per turn in the tool loop; default 5 */
  maxSteps?: number
  /** where failing processors are reported; default console */
  logger?: Logger
  /** receives every LLM call's events (calls/call-events.ts); without a listener none is built */
  onEvent?: LLMCallEventListener
  /** the model's context window in tokens: a memory turn's context is fitted into it; default 128,000 */
  contextWindow?: number
  /** tokens kept free for the reply; default a quarter of the window, at most 4,096 */
  replyReserve?: number
  /** counts tokens for the budget; default an estimate of a token per 4 bytes of UTF-8 */
  tokenCounter?: TokenCounter
}

export type AgentCallOptions = {
  /** load the thread's history and save this turn to it (needs the agent's `memory`); the thread is created when missing */
  memory?: { thread: string | { id: string }; resource: string }
  /** overrides the agent's budget for this call */
  maxProcessorRetries?: number
  /** sampling temperature sent with each provider call (a non-negative number; each provider has its own range); default the provider's */
  temperature?: number
  /** the most tokens each provider call may generate (a positive integer); default the provider's */
  maxOutputTokens?: number
  abortSignal?: AbortSignal
  /** receives this call's LLM-call events, after the agent's own `onEvent` */
  onEvent?: LLMCallEventListener
}

/** A message given to generate/stream: plain text or stored-format parts. */
export type AgentInputMessage = { role: 'user' | 'assistant' | 'system'; content: string | MessagePart[] }

export type AgentInput = string | AgentInputMessage[]

export type AgentUsage = { inputTokens: number; outputTokens: number }

export type AgentResult = {
  /** the text of the last step */
  text: string
  /** reasoning text of all steps */
  reasoningText: string
  /** the AI SDK's unified finish reason of the last step */
  finishReason: string
  /** summed over all provider calls that succeeded */
  usage: AgentUsage
  toolInvocations: ToolInvocation[]
  /** the assistant message of this turn */
  response: StoredMessage
  /** the messages this turn added (input messages, then the response), as saved */
  messages: StoredMessage[]
  steps: number
  /** retries granted by processors during the turn */
  retries: number
  /** what the turn's first call sent and why (null without memory) */
  context: TurnContext | null
}

export type AgentStreamEvent =
  /** the context a memory turn sends, before its first call */
  | { type: 'context'; context: TurnContext }
  | { type: 'step-start'; stepNumber: number }
  | { type: 'text-delta'; stepNumber: number; text: string }
  | { type: 'reasoning-delta'; stepNumber: number; text: string }
  | { type: 'tool-call'; stepNumber: number; toolCallId: string; toolName: string; args: unknown }
  | { type: 'tool-result'; stepNumber: number; toolCallId: string; toolName: string; result: unknown }
  /**
   * The step's attempt failed and is retried: discard what this step streamed so
   * far (it is never saved). `delayMs` is the time processors took before granting
   * the retry, waits included.
   */
  | { type: 'retry'; stepNumber: number; attempt: number; delayMs: number; reason: string; error: unknown }
  | { type: 'finish'; text: string; finishReason: string; usage: AgentUsage }

/** What `agent.stream()` returns: iterate it (once) for events; `text` and `result` settle at the end. */
export type AgentStream = AsyncIterable<AgentStreamEvent> & {
  readonly text: Promise<string>
  readonly result: Promise<AgentResult>
}
