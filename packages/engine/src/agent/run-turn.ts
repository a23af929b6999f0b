// One generate/stream turn: with memory, assemble the context the Memory's
// options ask for (context/turn-context.ts: last messages, semantic recall,
// working and observational memory, fitted to the context window), run the
// tool loop (each step is one LLM call through runLLMCall), save the input and
// the response (Memory.saveMessages queues their indexing).
import { randomUUID } from 'node:crypto'
import type { LanguageModelV3CallOptions } from '@ai-sdk/provider'
import { ContextWindowExceededError } from '../errors/index.ts'
import { createAssistantMessage, parseToolInput, pendingToolCalls, setToolResult, stepContentToParts } from '../messages/from-response.ts'
import { toPrompt } from '../messages/to-prompt.ts'
import { toolInvocationsOf } from '../messages/tool-invocations.ts'
import type { MessagePart, StoredMessage } from '../messages/types.ts'
import { callReplyOf } from '../calls/call-body.ts'
import { CallRecorder } from '../calls/call-recorder.ts'
import type { LLMCallEventListener } from '../calls/call-events.ts'
import { ProcessorStates, resolveMaxProcessorRetries, runLLMCall } from '../processors/run.ts'
import type { ValidatedCall } from './input.ts'
import { prepareTurn } from './prepare-turn.ts'
import { generateStep, streamStep, type StepDelta, type StepOutput } from './model-step.ts'
import { resolveModel } from './resolve-model.ts'
import { executeToolCall } from './tools.ts'
import type { AgentConfig, AgentMemory, AgentResult, AgentStreamEvent, AgentUsage } from './types.ts'

const DEFAULT_MAX_STEPS = 5

/** `emit` is given for stream(): steps then stream and report their events. */
export async function runTurn(config: AgentConfig, call: ValidatedCall, emit?: (event: AgentStreamEvent) => void): Promise<AgentResult> {
  const { memoryTarget } = call
  const { abortSignal, temperature, maxOutputTokens } = call.options
  const model = resolveModel(config.model)
  const { memory, target, thread, ensureThread, tools, functionTools, draft, context } = await prepareTurn(config, call)
  if (context && !context.fits) throw new ContextWindowExceededError(context.totalTokens, context.contextWindow - context.replyReserve)
  if (context) emit?.({ type: 'context', context })
  const history = context?.messages ?? []
  const instructions = context?.system ?? config.instructions
  const storedIds = new Set(history.map((message) => message.id))

  // strictly after the thread's last message, so (createdAt, id) keeps the turn's order
  const lastAt = thread === null ? 0 : ((history.at(-1) ?? (await lastMessageOf(memory, thread.id)))?.createdAt.getTime() ?? 0)
  const startedAt = Math.max(Date.now(), lastAt + 1)
  const inputMessages = draft.map((message, index) => ({ ...message, createdAt: new Date(startedAt + index) }))
  const live: StoredMessage[] = [...history, ...inputMessages]
  const response = createAssistantMessage({
    id: randomUUID(),
    ...target,
    createdAt: new Date(startedAt + inputMessages.length),
    parts: [],
    model: { provider: model.provider, modelId: model.modelId },
  })

  const inputProcessors = config.inputProcessors ?? []
  const errorProcessors = config.errorProcessors ?? []
  const maxProcessorRetries = resolveMaxProcessorRetries(call.options.maxProcessorRetries ?? config.maxProcessorRetries, [
    ...inputProcessors,
    ...errorProcessors,
  ])
  const states = new ProcessorStates()
  const usage: AgentUsage = { inputTokens: 0, outputTokens: 0 }
  const maxSteps = config.maxSteps ?? DEFAULT_MAX_STEPS
  let retries = 0
  const listener = callListener(config, call.options.onEvent)
  const turnId = listener ? randomUUID() : ''
  let lastStep: StepOutput | undefined
  let lastStepParts: MessagePart[] = []

  for (let stepNumber = 0; stepNumber < maxSteps; stepNumber++) {
    emit?.({ type: 'step-start', stepNumber })
    const callModel = (prompt: LanguageModelV3CallOptions['prompt']) => {
      const options: LanguageModelV3CallOptions = {
        prompt,
        ...(functionTools.length > 0 ? { tools: functionTools } : {}),
        ...(temperature === undefined ? {} : { temperature }),
        ...(maxOutputTokens === undefined ? {} : { maxOutputTokens }),
        ...(abortSignal ? { abortSignal } : {}),
      }
      return emit ? streamStep(model, options, (delta) => emit(deltaEvent(delta, stepNumber))) : generateStep(model, options)
    }
    lastStep = await runLLMCall({
      messages: live,
      buildPrompt: (messages) => toPrompt(messages, { instructions }),
      call: callModel,
      model: config.model,
      inputProcessors,
      errorProcessors,
      maxProcessorRetries,
      stepNumber,
      states,
      ...(abortSignal ? { abortSignal } : {}),
      ...(config.logger ? { logger: config.logger } : {}),
      ...(listener
        ? {
            recorder: new CallRecorder(listener, {
              callId: randomUUID(),
              turnId,
              stepNumber,
              threadId: memoryTarget?.threadId ?? null,
              resourceId: memoryTarget?.resourceId ?? null,
              // 'cerebras.chat' -> 'cerebras': the name the agent was given
              provider: model.provider.split('.')[0] ?? model.provider,
              modelId: model.modelId,
              responseMessageId: response.id,
              parameters: { temperature: temperature ?? null, maxOutputTokens: maxOutputTokens ?? null },
            }),
            resultInfo: (step: StepOutput) => ({
              finishReason: step.finishReason.unified,
              usage: step.usage ? { inputTokens: step.usage.inputTokens.total ?? 0, outputTokens: step.usage.outputTokens.total ?? 0 } : null,
              ...(step.responseModel ? { responseModel: step.responseModel } : {}),
              reply: callReplyOf(step.content),
            }),
          }
        : {}),
      // only what is already stored is replaced now; this turn's messages are saved at its end
      persistMessages: async (changed) => {
        const stored = changed.filter((message) => storedIds.has(message.id))
        if (!memory || stored.length === 0) return []
        const persisted = new Set(await persistRepairs(memory, target.threadId, stored))
        return stored.flatMap((message) => (persisted.has(message.id) ? [] : [message.id]))
      },
      onRetry: (retry) => {
        retries++
        emit?.({ type: 'retry', stepNumber, attempt: retry.attempt, delayMs: retry.delayMs, reason: retry.reason, error: retry.error })
      },
    })
    addUsage(usage, lastStep)
    lastStepParts = stepContentToParts(lastStep.content)
    // a processor may have replaced the response object in the live list: work on the listed one
    const listed = live.find((message) => message.id === response.id)
    const current = listed ?? response
    if (!listed) live.push(response)
    current.content.parts.push({ type: 'step-start' }, ...lastStepParts)

    const calls = pendingToolCalls(lastStepParts)
    if (calls.length === 0) break
    const outcomes = await Promise.all(calls.map((part) => executeToolCall(tools, part.toolInvocation, abortSignal)))
    calls.forEach((part, index) => {
      const outcome = outcomes[index]
      if (!outcome?.executed) return
      const { toolCallId, toolName } = part.toolInvocation
      setToolResult(current.content.parts, toolCallId, outcome.result)
      emit?.({ type: 'tool-result', stepNumber, toolCallId, toolName, result: outcome.result })
    })
    // a tool without `execute` is the caller's to answer: the turn ends here
    if (outcomes.some((outcome) => !outcome.executed)) break
  }

  const finalResponse = live.find((message) => message.id === response.id) ?? response
  const newMessages = live.filter((message) => !storedIds.has(message.id))
  if (memory) {
    await ensureThread()
    await memory.saveMessages({ messages: newMessages })
  }
  const result: AgentResult = {
    text: textOf(lastStepParts),
    reasoningText: finalResponse.content.parts.flatMap((part) => (part.type === 'reasoning' ? [part.reasoning] : [])).join(''),
    finishReason: lastStep?.finishReason.unified ?? 'other',
    usage,
    toolInvocations: toolInvocationsOf(finalResponse),
    response: finalResponse,
    messages: newMessages,
    steps: finalResponse.content.parts.filter((part) => part.type === 'step-start').length,
    retries,
    context,
  }
  emit?.({ type: 'finish', text: result.text, finishReason: result.finishReason, usage })
  return result
}

/**
 * A repair of history already stored. On a branch, the messages it inherits
 * must not change for the ancestor and the siblings: the copy-on-write path
 * keeps the repaired version for this thread only. Returns the ids written.
 */
async function persistRepairs(memory: AgentMemory, threadId: string, messages: StoredMessage[]): Promise<string[]> {
  const persisted = await memory.saveRepairedMessages({ threadId, messages, outside: 'skip' })
  return persisted.map((message) => message.id)
}

/**
 * The agent's and the call's listeners as one, or undefined when neither is
 * given (then no event is built). A listener that throws is reported, never
 * the call's failure.
 */
function callListener(config: AgentConfig, perCall: LLMCallEventListener | undefined): LLMCallEventListener | undefined {
  const listeners = [config.onEvent, perCall].filter((listener) => listener !== undefined)
  if (listeners.length === 0) return undefined
  const logger = config.logger ?? console
  const combined: LLMCallEventListener = (event) => {
    for (const listener of listeners) {
      try {
        listener(event)
      } catch (error) {
        logger.warn('[threadline] an onEvent listener failed; the call goes on', error)
      }
    }
  }
  // each listener's attempt context, nested (the first listener's outermost)
  const runners = listeners.flatMap((listener) => (listener.runAttempt ? [listener.runAttempt] : []))
  if (runners.length > 0) {
    combined.runAttempt = <T>(callId: string, attempt: number, request: () => T): T => {
      let run = request
      for (const runner of runners.toReversed()) {
        const inner = run
        run = () => runner(callId, attempt, inner)
      }
      return run()
    }
  }
  return combined
}

/** The thread's newest message (when the turn sends none of its history, the new messages must still come after it). */
async function lastMessageOf(memory: AgentMemory | undefined, threadId: string): Promise<StoredMessage | undefined> {
  return memory ? (await memory.listMessages({ threadId, last: 1 })).at(-1) : undefined
}

function deltaEvent(delta: StepDelta, stepNumber: number): AgentStreamEvent {
  if (delta.type === 'tool-call') {
    return { type: 'tool-call', stepNumber, toolCallId: delta.toolCallId, toolName: delta.toolName, args: parseToolInput(delta.input) }
  }
  return { type: delta.type, stepNumber, text: delta.text }
}

function addUsage(total: AgentUsage, step: StepOutput): void {
  total.inputTokens += step.usage?.inputTokens.total ?? 0
  total.outputTokens += step.usage?.outputTokens.total ?? 0
}

function textOf(parts: MessagePart[]): string {
  return parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('')
}
