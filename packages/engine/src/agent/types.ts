import type { ToolSet } from 'ai'
import type { LLMCallEventListener } from '../calls/call-events.ts'
import type { MessagePart, StoredMessage, ToolInvocation } from '../messages/types.ts'
import type { Logger } from '../processors/run.ts'
import type { Processor } from '../processors/types.ts'
import type { RepairOutsideThread } from '../storage/branch-operations.ts'
import type { StoredThread } from '../storage/types.ts'
import type { AgentModel } from './resolve-model.ts'

/** The part of `Memory` the agent uses (memory.ts implements it). */
export type AgentMemory = {
  getThreadById(args: { threadId: string }): Promise<StoredThread | null>
  createThread(args: { threadId?: string; resourceId: string }): Promise<StoredThread>
  /** all of a thread's messages in (createdAt, id) order */
  listMessages(args: { threadId: string }): Promise<StoredMessage[]>
  /** insert or replace by id */
  saveMessages(args: { messages: StoredMessage[] }): Promise<StoredMessage[]>
  /**
   * Persists the processors' repairs of the thread's history: its own
   * messages replaced, the ones it inherits (a branch) as copy-on-write
   * overrides. Memory has it; without it repairs go through saveMessages.
   * The Agent asks `outside: 'skip'`: a message of the history that the
   * thread neither owns nor inherits (a recall hit from another thread) is
   * repaired in the outbound prompt only, never written.
   */
  saveRepairedMessages?(args: { threadId: string; messages: StoredMessage[]; outside?: RepairOutsideThread }): Promise<StoredMessage[]>
}

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
}

export type AgentCallOptions = {
  /** load the thread's history and save this turn to it (needs the agent's `memory`); the thread is created when missing */
  memory?: { thread: string | { id: string }; resource: string }
  /** overrides the agent's budget for this call */
  maxProcessorRetries?: number
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
}

export type AgentStreamEvent =
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
