// Google Gemini API (POST /v1beta/models/{model}:generateContent, and
// :streamGenerateContent?alt=sse), JSON and SSE. A Gemini 3 model signs its
// function calls: the first call of each answer carries a `thoughtSignature`,
// which @ai-sdk/google hands back as `providerMetadata.google.thoughtSignature`.
// Strict mode answers Gemini 3's 400 for a call replayed without one, on both
// endpoints: the native one and the OpenAI-compatible one
// (/v1beta/openai/chat/completions), where the signature travels as
// `tool_calls[].extra_content.google.thought_signature`.
import type { FakeSuccessReply } from '../fake-replies.ts'
import { geminiMissingThoughtSignatureError } from '../provider-error-presets.ts'
import { readChatHistory } from './chat-completions.ts'
import { openaiChatDialect } from './openai-chat.ts'
import {
  arrayOf,
  DEFAULT_USAGE,
  isRecord,
  splitText,
  type Dialect,
  type RenderContext,
  type RenderedSuccess,
  type SseEvent,
  type WireHistory,
} from './shared.ts'

/** Google's documented placeholders for a call that has no signature of its own (https://ai.google.dev/gemini-api/docs/thought-signatures). */
export const GEMINI_SIGNATURE_PLACEHOLDERS: readonly string[] = ['skip_thought_signature_validator', 'context_engineering_is_the_way_to_go']

/** Gemini 3 (and later) models enforce thought signatures; 1.x and 2.x do not. */
export function isGemini3Model(model: string): boolean {
  return /(^|\/)gemini-/i.test(model) && !/(^|\/)gemini-[12](?:[.-]|$)/i.test(model)
}

type Part = { text: string; thought?: true } | { functionCall: { id: string; name: string; args: unknown }; thoughtSignature?: string }

export const googleDialect: Dialect = {
  renderSuccess(reply: FakeSuccessReply, context: RenderContext): RenderedSuccess {
    const signs = isGemini3Model(context.model)
    const calls: Part[] = (reply.toolCalls ?? []).map((call, index) => ({
      functionCall: { id: call.id ?? context.nextId('fc_fake_'), name: call.name, args: call.args },
      // Gemini signs the first call of a (parallel) answer only
      ...(signs && index === 0 ? { thoughtSignature: Buffer.from(context.nextId('gemini-thought-')).toString('base64') } : {}),
    }))
    const reasoning: Part[] = reply.reasoning ? [{ text: reply.reasoning.text, thought: true }] : []
    const usage = reply.usage ?? DEFAULT_USAGE
    const usageMetadata = {
      promptTokenCount: usage.inputTokens,
      candidatesTokenCount: usage.outputTokens,
      totalTokenCount: usage.inputTokens + usage.outputTokens,
    }
    const envelope = { modelVersion: context.model, responseId: context.nextId('resp_fake_') }
    const candidate = (parts: Part[] | undefined, finished: boolean) => ({
      ...(parts ? { content: { role: 'model', parts } } : {}),
      ...(finished ? { finishReason: 'STOP' } : {}),
      index: 0,
    })
    const parts = [...reasoning, ...(reply.text ? [{ text: reply.text }] : []), ...calls]
    const chunk = (chunkParts: Part[]): SseEvent => ({ data: { candidates: [candidate(chunkParts, false)], ...envelope } })
    return {
      json: { candidates: [candidate(parts, true)], usageMetadata, ...envelope },
      streamHead: [
        ...reasoning.map((part) => chunk([part])),
        ...(reply.text ? splitText(reply.text).map((text) => chunk([{ text }])) : []),
        ...(calls.length > 0 ? [chunk(calls)] : []),
      ],
      streamTail: [{ data: { candidates: [candidate(undefined, true)], usageMetadata, ...envelope } }],
    }
  },

  readHistory: readGoogleHistory,
  rejectStrict(body, { model }) {
    if (!isGemini3Model(model) || !isRecord(body)) return undefined
    return missingSignature(arrayOf(body.contents).map((content) => (isRecord(content) ? content : {})))
  },
}

/**
 * Gemini 3 validates the current turn: every model answer after the last user
 * text must carry a signature on its first function call (a parallel
 * answer's later calls need none). `position` is the content's 1-based place.
 */
function missingSignature(contents: Record<string, unknown>[]) {
  const isUserText = (content: Record<string, unknown>) =>
    content.role === 'user' && arrayOf(content.parts).some((part) => isRecord(part) && typeof part.text === 'string')
  const turnStart = contents.findLastIndex(isUserText)
  for (let index = turnStart + 1; index < contents.length; index++) {
    const content = contents[index]
    if (content?.role !== 'model') continue
    const firstCall = arrayOf(content.parts).find((part) => isRecord(part) && isRecord(part.functionCall))
    if (!isRecord(firstCall) || typeof firstCall.thoughtSignature === 'string') continue
    const name = isRecord(firstCall.functionCall) && typeof firstCall.functionCall.name === 'string' ? firstCall.functionCall.name : ''
    return geminiMissingThoughtSignatureError(name, index + 1)
  }
  return undefined
}

/** Gemini's OpenAI-compatible Chat Completions endpoint: OpenAI's wire format, Gemini 3's signature rule. */
export const googleOpenAICompatibleDialect: Dialect = {
  renderSuccess: (reply, context) => openaiChatDialect.renderSuccess(reply, context),
  readHistory: readChatHistory,
  rejectStrict(body, { model }) {
    if (!isGemini3Model(model) || !isRecord(body)) return undefined
    const messages = arrayOf(body.messages).map((message) => (isRecord(message) ? message : {}))
    const turnStart = messages.findLastIndex((message) => message.role === 'user')
    for (let index = turnStart + 1; index < messages.length; index++) {
      const firstCall = arrayOf(messages[index]?.tool_calls)[0]
      if (!isRecord(firstCall)) continue
      const extra = isRecord(firstCall.extra_content) && isRecord(firstCall.extra_content.google) ? firstCall.extra_content.google : {}
      if (typeof extra.thought_signature === 'string') continue
      const name = isRecord(firstCall.function) && typeof firstCall.function.name === 'string' ? firstCall.function.name : ''
      return geminiMissingThoughtSignatureError(name, index + 1, 'openai-compatible')
    }
    return undefined
  },
}

/**
 * What a Gemini request's history holds. A call sent without an id (Vertex) is
 * named `name#n` by its order among calls of that name, and so is its response.
 */
function readGoogleHistory(body: unknown): WireHistory {
  const history: WireHistory = { texts: [], toolCalls: [], toolResultIds: [] }
  if (!isRecord(body)) return history
  const seen = { calls: new Map<string, number>(), results: new Map<string, number>() }
  const idOf = (value: Record<string, unknown>, kind: 'calls' | 'results') => {
    const name = String(value.name)
    if (typeof value.id === 'string') return value.id
    const n = (seen[kind].get(name) ?? 0) + 1
    seen[kind].set(name, n)
    return `${name}#${n}`
  }
  const systemParts = isRecord(body.systemInstruction) ? arrayOf(body.systemInstruction.parts) : []
  for (const part of [...systemParts, ...arrayOf(body.contents).flatMap((content) => (isRecord(content) ? arrayOf(content.parts) : []))]) {
    if (!isRecord(part)) continue
    if (typeof part.text === 'string' && part.thought !== true && part.text !== '') history.texts.push(part.text)
    if (isRecord(part.functionCall)) history.toolCalls.push({ id: idOf(part.functionCall, 'calls'), name: String(part.functionCall.name) })
    if (isRecord(part.functionResponse)) history.toolResultIds.push(idOf(part.functionResponse, 'results'))
  }
  return history
}
