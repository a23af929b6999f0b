// LLM calls as OpenTelemetry spans, built from the call events (call-events.ts)
// through @opentelemetry/api only: the application registers an SDK (or not).
// One span per call (INTERNAL) and one child span per attempt (CLIENT: the
// provider request), with the GenAI semantic-convention attributes, plus
// Threadline's rules, repairs and retry decisions as span events.
import { context, SpanKind, SpanStatusCode, trace, type Attributes, type Span, type Tracer, type TracerProvider } from '@opentelemetry/api'
import type { CallError, LLMCallEvent, LLMCallEventListener } from './call-events.ts'

/** The instrumentation scope of Threadline's spans. */
export const THREADLINE_TRACER_NAME = '@threadline/engine'

const OPERATION = 'chat'

type OpenCall = {
  span: Span
  model: string
  /** the GenAI attributes every span of the call carries */
  base: Attributes
  attempt: { number: number; span: Span } | null
  /** the attempt that succeeded: kept open until call-end brings usage and the response model */
  succeeded: { span: Span; endedAt: number } | null
  retries: number
  waitedMs: number
  rules: Set<string>
}

/** `error.type`: the HTTP status when there is one (low cardinality), else the error's name. */
function errorAttributes(error: CallError): Attributes {
  return {
    'error.type': error.statusCode === undefined ? error.name : String(error.statusCode),
    ...(error.statusCode === undefined ? {} : { 'http.response.status_code': error.statusCode }),
  }
}

function fail(span: Span, error: CallError): void {
  span.setAttributes(errorAttributes(error))
  span.setStatus({ code: SpanStatusCode.ERROR, message: error.message })
}

function resultAttributes(end: Extract<LLMCallEvent, { type: 'call-end' }>): Attributes {
  return {
    ...(end.responseModel ? { 'gen_ai.response.model': end.responseModel } : {}),
    ...(end.finishReason ? { 'gen_ai.response.finish_reasons': [end.finishReason] } : {}),
    ...(end.usage ? { 'gen_ai.usage.input_tokens': end.usage.inputTokens, 'gen_ai.usage.output_tokens': end.usage.outputTokens } : {}),
  }
}

/** A processor event as a span event: its name and attributes. */
function processorEvent(event: LLMCallEvent): { name: string; attributes: Attributes } | null {
  switch (event.type) {
    case 'rule-applied':
      return {
        name: 'threadline.rule_applied',
        attributes: {
          'threadline.rule': event.rule,
          'threadline.messages_changed': event.messagesChanged,
          'threadline.parts_removed': event.partsRemoved,
        },
      }
    case 'repair':
      return {
        name: 'threadline.repair',
        attributes: {
          'threadline.rule': event.rule,
          'threadline.repair.pattern': event.pattern,
          'threadline.repair.matched_text': event.matchedText,
          'threadline.repair.message_ids': event.messageIds,
          'threadline.messages_changed': event.messageIds.length,
        },
      }
    case 'retry-decision':
      return {
        name: 'threadline.retry_decision',
        attributes: {
          'threadline.retry': event.retry,
          'threadline.retry.reason': event.reason,
          'threadline.retry.delay_ms': event.delayMs,
          'threadline.retry.delay_source': event.delaySource,
          'threadline.retry.max_retries': event.maxRetries,
        },
      }
    case 'retry':
      return {
        name: 'threadline.retry',
        attributes: {
          'threadline.retry.waited_ms': event.waitedMs,
          'threadline.repair.message_ids': event.changedMessageIds,
          'threadline.repair.prompt_only_message_ids': event.promptOnlyMessageIds,
        },
      }
    default:
      return null
  }
}

class CallSpans {
  readonly #open = new Map<string, OpenCall>()

  constructor(readonly tracer: Tracer) {}

  /** The open span of a call's attempt, if that call is followed. */
  attemptSpan(callId: string, attempt: number): Span | undefined {
    const open = this.#open.get(callId)?.attempt
    return open?.number === attempt ? open.span : undefined
  }

  handle(event: LLMCallEvent): void {
    if (event.type === 'call-start') {
      this.#start(event)
      return
    }
    const call = this.#open.get(event.callId)
    if (!call) return
    switch (event.type) {
      case 'attempt-start':
        this.#endAttempt(call, event.at)
        call.attempt = {
          number: event.attempt,
          span: this.tracer.startSpan(
            `${OPERATION} ${call.model}`,
            { kind: SpanKind.CLIENT, startTime: event.at, attributes: { ...call.base, 'threadline.attempt': event.attempt } },
            trace.setSpan(context.active(), call.span),
          ),
        }
        return
      case 'attempt-end': {
        const attempt = call.attempt
        if (!attempt) return
        call.attempt = null
        if (event.outcome === 'success') {
          call.succeeded = { span: attempt.span, endedAt: event.at }
          return
        }
        if (event.error) fail(attempt.span, event.error)
        attempt.span.end(event.at)
        return
      }
      case 'call-end':
        this.#end(call, event)
        return
      default:
        this.#processorEvent(call, event)
    }
  }

  #start(event: Extract<LLMCallEvent, { type: 'call-start' }>): void {
    const base: Attributes = {
      'gen_ai.operation.name': OPERATION,
      'gen_ai.provider.name': event.provider,
      // the older name of the same attribute, still read by many backends
      'gen_ai.system': event.provider,
      'gen_ai.request.model': event.modelId,
    }
    const span = this.tracer.startSpan(`${OPERATION} ${event.modelId}`, {
      kind: SpanKind.INTERNAL,
      startTime: event.at,
      attributes: {
        ...base,
        ...(event.threadId ? { 'gen_ai.conversation.id': event.threadId } : {}),
        'threadline.call.id': event.callId,
        'threadline.turn.id': event.turnId,
        'threadline.step': event.stepNumber,
        ...(event.resourceId ? { 'threadline.resource.id': event.resourceId } : {}),
        ...(event.responseMessageId ? { 'threadline.response_message.id': event.responseMessageId } : {}),
      },
    })
    // no SDK registered (or not sampled): the call is not followed at all
    if (!span.isRecording()) return
    this.#open.set(event.callId, { span, model: event.modelId, base, attempt: null, succeeded: null, retries: 0, waitedMs: 0, rules: new Set() })
  }

  /** A rule rewriting the outbound prompt belongs to the attempt it shaped; repairs and retry decisions follow a failed attempt and go on the call. */
  #processorEvent(call: OpenCall, event: LLMCallEvent): void {
    const described = processorEvent(event)
    if (!described || !('attempt' in event) || !('processorId' in event)) return
    if ('rule' in event) call.rules.add(event.rule)
    if (event.type === 'retry') {
      call.retries++
      call.waitedMs += event.waitedMs
    }
    const attributes = { ...described.attributes, 'threadline.attempt': event.attempt, 'threadline.processor.id': event.processorId }
    const target = event.type === 'rule-applied' && call.attempt?.number === event.attempt ? call.attempt.span : call.span
    target.addEvent(described.name, attributes, event.at)
  }

  /** The attempt still open when the next one starts or the call ends (an aborted request has no attempt-end). */
  #endAttempt(call: OpenCall, at: number): void {
    call.attempt?.span.end(at)
    call.attempt = null
  }

  #end(call: OpenCall, event: Extract<LLMCallEvent, { type: 'call-end' }>): void {
    this.#open.delete(event.callId)
    this.#endAttempt(call, event.at)
    const result = resultAttributes(event)
    if (call.succeeded) {
      call.succeeded.span.setAttributes(result)
      call.succeeded.span.end(call.succeeded.endedAt)
    }
    call.span.setAttributes({
      ...result,
      'threadline.call.outcome': event.outcome,
      'threadline.call.attempts': event.attempts,
      'threadline.call.retries': call.retries,
      'threadline.call.waited_ms': call.waitedMs,
      'threadline.rules': [...call.rules].sort(),
    })
    if (event.error) fail(call.span, event.error)
    call.span.end(event.at)
  }
}

/**
 * The global provider is the API's proxy; it has a delegate only once an SDK
 * registered one (a provider set without the proxy counts as registered).
 */
function tracerProviderRegistered(): boolean {
  const provider: TracerProvider & { getDelegateTracer?: (name: string) => Tracer | undefined } = trace.getTracerProvider()
  return provider.getDelegateTracer ? provider.getDelegateTracer(THREADLINE_TRACER_NAME) !== undefined : true
}

/**
 * An `onEvent` listener that turns each LLM call into OpenTelemetry spans.
 * Without a `tracer` it uses the global tracer provider and returns undefined
 * when none is registered: then give no listener, and no event is built at all.
 */
export function openTelemetryCallListener(options: { tracer: Tracer }): LLMCallEventListener
export function openTelemetryCallListener(options?: { tracer?: Tracer }): LLMCallEventListener | undefined
export function openTelemetryCallListener(options: { tracer?: Tracer } = {}): LLMCallEventListener | undefined {
  let tracer = options.tracer
  if (!tracer) {
    if (!tracerProviderRegistered()) return undefined
    tracer = trace.getTracer(THREADLINE_TRACER_NAME)
  }
  const spans = new CallSpans(tracer)
  const listener: LLMCallEventListener = (event) => spans.handle(event)
  listener.runAttempt = (callId, attempt, request) => {
    const span = spans.attemptSpan(callId, attempt)
    return span ? context.with(trace.setSpan(context.active(), span), request) : request()
  }
  return listener
}
