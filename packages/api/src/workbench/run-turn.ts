// One workbench turn, streamed: the engine's Agent on the thread's Memory (it
// assembles the context from the Memory's options, fitted to the model's
// window), the compat rules (built-ins here, saved rules on the sandbox pool) and
// StreamErrorRetryProcessor. The Agent saves the user message and the reply at
// the end; a failed or cancelled turn saves nothing (and a branch made for it
// is deleted again).
import {
  Agent,
  collectCallTraces,
  EventChannel,
  ModelResolutionError,
  openTelemetryCallListener,
  StreamErrorRetryProcessor,
  ThreadlineError,
  type AgentStreamEvent,
  type MessagePart,
  type Processor,
  type StoredThread,
} from '@threadline/engine'
import { APICallError, type LanguageModelV3 } from '@ai-sdk/provider'
import { TRPCError } from '@trpc/server'
import { credentialEndedError } from '../auth/credential-holds.ts'
import { engineErrorToTRPCError } from '../errors.ts'
import { logger } from '../logger.ts'
import type { Services } from '../services.ts'
import { DEMO_MODEL, modelChoice, modelOption } from './providers.ts'
import { workbenchCompat, type WorkbenchCompat } from './saved-rules/workbench-compat.ts'
import type { TurnEvent } from './turn-events.ts'
import { workbenchAgentConfig } from './turn-context.ts'

/** Retries of transient provider errors per call (429, 5xx, dropped streams). */
const MAX_RETRIES = 3

/** A turn's run parameters (the procedures' temperature and maxTokens, as the Agent's call options name them); absent: the provider's defaults. */
export type RunParameters = { temperature?: number | undefined; maxOutputTokens?: number | undefined }

export type WorkbenchTurnRequest = {
  services: Services
  thread: StoredThread
  /** whose turn this is: the worker pool's per-caller limit (token counts, saved rules) */
  callerKey: string
  model: string
  /** the user message's parts */
  input: MessagePart[]
  instructions?: string | undefined
  parameters?: RunParameters | undefined
  signal?: AbortSignal | undefined
  /** whether the caller's credential still holds (credentialHolds), asked before each event: a revoked one stops the turn there */
  credentialHolds: () => Promise<boolean>
  branchedFrom: { threadId: string; messageId: string | null } | null
  /** delete the thread if the turn fails: it was made for this turn (a branch) */
  discardOnFailure: boolean
}

/** The model as the Agent takes it: the demo provider's model object, or the 'provider/model' string. */
async function agentModel(services: Services, model: string): Promise<string | LanguageModelV3> {
  if (model !== DEMO_MODEL) return model
  if (!modelChoice().models.some((option) => option.demo)) {
    throw new ModelResolutionError(model, 'the scripted demo provider is off here (a real provider is configured); set THREADLINE_DEMO_PROVIDER=on to offer it')
  }
  return services.demoProvider.model()
}

/** The compat processor, reporting which proactive rules rewrote each step's prompt (and passing its events on to the recording). */
function reportingCompat(compat: WorkbenchCompat, report: (stepNumber: number, rules: string[]) => void): Processor {
  return {
    id: compat.id,
    name: compat.name,
    async processLLMRequest(args) {
      const changed: string[] = []
      const result = await compat.processLLMRequest({
        ...args,
        onEvent: (event) => {
          if (event.type === 'rule-applied') changed.push(event.rule)
          args.onEvent?.(event)
        },
      })
      if (changed.length > 0) report(args.stepNumber, changed)
      return result
    },
    processAPIError: (args) => compat.processAPIError(args),
  }
}

/** Each LLM call of the turn, recorded when the call ends (failed calls too), unless THREADLINE_RECORD_CALLS=off. */
function callRecording(services: Services) {
  if (!services.config.recordCalls) return undefined
  return collectCallTraces(
    (trace) => services.calls.record(trace),
    (error: unknown) => logger.warn({ err: error }, 'recording an LLM call failed'),
  )
}

const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error))

/** The turn's events as the workbench streams them; `started` carries what the engine assembled for the first call. */
function agentEvent(event: AgentStreamEvent, thread: StoredThread, request: WorkbenchTurnRequest): TurnEvent | null {
  switch (event.type) {
    case 'context':
      return {
        type: 'started',
        threadId: thread.id,
        resourceId: thread.resourceId,
        model: request.model,
        branchedFrom: request.branchedFrom,
        contextMessages: event.context.messages.length + event.context.recalled.length,
        promptTokens: event.context.totalTokens,
      }
    case 'text-delta':
      return { type: 'text', text: event.text }
    case 'reasoning-delta':
      return { type: 'reasoning', text: event.text }
    case 'tool-call':
      return { type: 'tool-call', toolName: event.toolName }
    case 'retry':
      return { type: 'retry', attempt: event.attempt, delayMs: event.delayMs, reason: event.reason }
    default:
      return null
  }
}

export async function* streamWorkbenchTurn(request: WorkbenchTurnRequest): AsyncGenerator<TurnEvent> {
  const { services, thread } = request
  const started = Date.now()
  let saved = false
  // the caller going away, or the turn stopping early (a revoked credential): the Agent is aborted and saves nothing
  const stopped = new AbortController()
  const signal = request.signal ? AbortSignal.any([request.signal, stopped.signal]) : stopped.signal
  const recording = callRecording(services)
  // spans only when the process registered an OpenTelemetry SDK (telemetry/tracing.ts)
  const tracing = openTelemetryCallListener()
  try {
    const option = modelOption(request.model)
    const compat = await workbenchCompat(services.rules, services.playground, request.callerKey)
    const channel = new EventChannel<TurnEvent>()
    const agent = new Agent({
      ...workbenchAgentConfig(services, option, request.instructions, request.callerKey),
      model: await agentModel(services, request.model),
      ...(recording ? { onEvent: recording.listener } : {}),
      inputProcessors: [
        reportingCompat(compat, (stepNumber, rules) =>
          channel.push({ type: 'rules', stepNumber, rules, enabledRules: rules.filter((rule) => compat.savedRuleNames.includes(rule)) }),
        ),
      ],
      errorProcessors: [
        new StreamErrorRetryProcessor({
          maxRetries: MAX_RETRIES,
          onRetry: (retry) =>
            channel.push({
              type: 'waiting',
              attempt: retry.attempt,
              delayMs: retry.delayMs,
              delaySource: retry.delaySource,
              reason: errorMessage(retry.error),
            }),
        }),
      ],
    })
    const { temperature, maxOutputTokens } = request.parameters ?? {}
    const stream = agent.stream([{ role: 'user', content: request.input }], {
      memory: { thread: thread.id, resource: thread.resourceId },
      ...(temperature === undefined ? {} : { temperature }),
      ...(maxOutputTokens === undefined ? {} : { maxOutputTokens }),
      abortSignal: signal,
      ...(tracing ? { onEvent: tracing } : {}),
    })
    let firstTokenMs: number | null = null
    void (async () => {
      for await (const event of stream) {
        if (firstTokenMs === null && (event.type === 'text-delta' || event.type === 'reasoning-delta')) firstTokenMs = Date.now() - started
        const mapped = agentEvent(event, thread, request)
        if (mapped) channel.push(mapped)
      }
    })().then(
      () => channel.close(),
      (error: unknown) => channel.fail(error),
    )
    for await (const event of channel) {
      if (!(await request.credentialHolds())) throw credentialEndedError()
      yield event
    }
    const result = await stream.result
    saved = true
    // the thread's "Updated" is its newest activity (the Threads list's default order): a saved turn is activity
    await services.memory.updateThread({ threadId: thread.id })
    yield {
      type: 'finished',
      text: result.text,
      usage: result.usage,
      latencyMs: Date.now() - started,
      firstTokenMs,
      retries: result.retries,
      userMessageId: result.messages[0]?.id ?? '',
      assistantMessageId: result.response.id,
    }
  } catch (error) {
    throw turnError(error)
  } finally {
    if (!saved) stopped.abort()
    await recording?.flush()
    // failed, cancelled, or the caller went away before the end: the branch made for the turn goes too
    if (!saved && request.discardOnFailure) await services.memory.deleteThread(thread.id).catch(() => undefined)
  }
}

/** An engine error gets its own code; the provider's refusal (after the retries) is the provider's answer, not a server failure. */
function turnError(error: unknown): unknown {
  if (ThreadlineError.isInstance(error)) return engineErrorToTRPCError(error)
  if (APICallError.isInstance(error)) {
    const status = error.statusCode === undefined ? '' : ` (HTTP ${error.statusCode})`
    return new TRPCError({ code: 'BAD_GATEWAY', message: `The model provider refused the call${status}: ${error.message}`, cause: error })
  }
  return error
}
