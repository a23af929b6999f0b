// The real provider errors of docs/spec/provider-errors.md as fake-server replies:
// status, headers and body (or stream chunk) as the providers send them.
// Spread one to vary it: `{ ...anthropicRateLimited, headers: { 'retry-after': '1' } }`.
// The ONE catalogue of provider errors: the playground's presets (apps/web)
// are derived from it. Pure data (no node: imports), so a client bundle can
// import it by its own subpath, `@threadline/engine/provider-error-presets`.
import type { FakeDropReply, FakeHttpErrorReply, FakeStreamErrorReply } from './fake-replies.ts'

const anthropicError = (status: number, type: string, message: string, headers?: Record<string, string>): FakeHttpErrorReply => ({
  kind: 'http-error',
  status,
  body: { type: 'error', error: { type, message } },
  ...(headers ? { headers } : {}),
})

const openaiError = (
  status: number,
  error: { message: string; type: string; code: string | null; param?: string | null },
  headers?: Record<string, string>,
): FakeHttpErrorReply => ({
  kind: 'http-error',
  status,
  body: { error: { param: null, ...error } },
  ...(headers ? { headers } : {}),
})

// --- Anthropic -------------------------------------------------------------

/** Anthropic's 400 for the `tool_use` block `blockIndex` of message `messageIndex` whose id has a character outside [a-zA-Z0-9_-]. */
export const anthropicInvalidToolUseIdError = (messageIndex: number, blockIndex: number): FakeHttpErrorReply =>
  anthropicError(400, 'invalid_request_error', `messages.${messageIndex}.content.${blockIndex}.tool_use.id: String should match pattern '^[a-zA-Z0-9_-]+$'`)

/** A tool-call ID from another provider (`functions.get_weather:0`): the built-in reactive rule's target. */
export const anthropicInvalidToolUseId = anthropicInvalidToolUseIdError(1, 1)

/** Anthropic's 400 for `tool_use` blocks of message `messageIndex` that the next message does not answer. */
export const anthropicOrphanToolUseError = (messageIndex: number, toolUseIds: readonly string[]): FakeHttpErrorReply =>
  anthropicError(
    400,
    'invalid_request_error',
    `messages.${messageIndex}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${toolUseIds.join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`,
  )

export const anthropicOrphanToolUse = anthropicOrphanToolUseError(6, ['toolu_01D7FLrfh4GYq7yT1ULFeyMV'])

export const anthropicOrphanToolResult = anthropicError(
  400,
  'invalid_request_error',
  'messages.0.content.0: unexpected `tool_use_id` found in `tool_result` blocks: toolu_01D7FLrfh4GYq7yT1ULFeyMV. Each `tool_result` block must have a corresponding `tool_use` block in the previous message.',
)

export const anthropicInvalidThinkingSignature = anthropicError(400, 'invalid_request_error', 'messages.1.content.0: Invalid `signature` in `thinking` block')

export const anthropicFirstMessageNotUser = anthropicError(400, 'invalid_request_error', 'messages: first message must use the "user" role')

export const anthropicOverloaded = anthropicError(529, 'overloaded_error', 'Overloaded')

/** The same overload, arriving as an SSE `error` event on an HTTP 200 stream after some text. */
export const anthropicOverloadedStreamEvent: FakeStreamErrorReply = {
  kind: 'stream-error',
  text: 'Let me think',
  chunk: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
}

export const anthropicRateLimited = anthropicError(
  429,
  'rate_limit_error',
  'This request would exceed the rate limit for your organization of 50 input tokens per minute. For details, refer to: https://docs.claude.com/en/api/rate-limits.',
  { 'retry-after': '1', 'x-should-retry': 'true' },
)

/** `x-should-retry: false`: Anthropic says do not retry. */
export const anthropicRateLimitedNoRetry: FakeHttpErrorReply = {
  ...anthropicRateLimited,
  headers: { 'retry-after': '1', 'x-should-retry': 'false' },
}

// --- Cerebras / DeepSeek (OpenAI-compatible) -------------------------------

/** Cerebras' 400 for `reasoning_content` on assistant message `messageIndex`. */
export const cerebrasReasoningContentUnsupportedError = (messageIndex: number): FakeHttpErrorReply => ({
  kind: 'http-error',
  status: 400,
  body: {
    message: `messages.${messageIndex}.assistant.reasoning_content: property 'messages.${messageIndex}.assistant.reasoning_content' is unsupported`,
    type: 'invalid_request_error',
    param: 'validation_error',
    code: 'wrong_api_format',
  },
})

export const cerebrasReasoningContentUnsupported = cerebrasReasoningContentUnsupportedError(2)

/** DeepSeek thinking mode (deepseek-reasoner, V4): an assistant turn that called tools came back without its `reasoning_content`. */
export const deepseekReasoningContentMissing = openaiError(400, {
  message: 'The `reasoning_content` in the thinking mode must be passed back to the API.',
  type: 'invalid_request_error',
  code: 'invalid_request_error',
})

/** DeepSeek's wording of the orphan tool call (no ids named). */
export const deepseekOrphanToolCall = openaiError(400, {
  message:
    "An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. (insufficient tool messages following tool_calls message)",
  type: 'invalid_request_error',
  code: 'invalid_request_error',
})

// --- Groq -------------------------------------------------------------------

/**
 * Groq's 400 for `reasoning` on assistant message `messageIndex` (what
 * @ai-sdk/groq sends for reasoning parts) to a model that takes none; Groq's
 * errors carry no `code`.
 */
export const groqReasoningUnsupportedError = (messageIndex: number): FakeHttpErrorReply => ({
  kind: 'http-error',
  status: 400,
  body: {
    error: {
      message: `'messages.${messageIndex}' : for 'role:assistant' the following must be satisfied[('messages.${messageIndex}' : property 'reasoning' is unsupported, did you mean 'role'?)]`,
      type: 'invalid_request_error',
    },
  },
})

export const groqReasoningUnsupported = groqReasoningUnsupportedError(2)

// --- OpenAI ---------------------------------------------------------------

/** OpenAI Chat's 400 for a tool-call id longer than its 40 characters. */
export const openaiChatToolIdTooLongError = (messageIndex: number, callIndex: number, length: number): FakeHttpErrorReply => {
  const param = `messages[${messageIndex}].tool_calls[${callIndex}].id`
  return openaiError(400, {
    message: `Invalid '${param}': string too long. Expected a string with maximum length 40, but got a string with length ${length} instead.`,
    type: 'invalid_request_error',
    param,
    code: 'string_above_max_length',
  })
}

export const openaiChatToolIdTooLong = openaiChatToolIdTooLongError(2, 0, 43)

/** OpenAI Chat's 400 for tool calls no tool message answers; `param` names the message where the answers should have started. */
export const openaiChatOrphanToolCallError = (toolCallIds: readonly string[], nextMessageIndex: number): FakeHttpErrorReply =>
  openaiError(400, {
    message: `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${toolCallIds.join(', ')}`,
    type: 'invalid_request_error',
    param: `messages.[${nextMessageIndex}].role`,
    code: null,
  })

export const openaiChatOrphanToolCall = openaiChatOrphanToolCallError(['call_DdmO9lD4fXDVJzAGWbUHvHe3'], 3)

/** OpenAI Responses' 400 for a `function_call` input item without its `function_call_output`. */
export const openaiResponsesNoToolOutputError = (callId: string): FakeHttpErrorReply =>
  openaiError(400, { message: `No tool output found for function call ${callId}.`, type: 'invalid_request_error', param: 'input', code: null })

export const openaiResponsesNoToolOutput = openaiResponsesNoToolOutputError('call_Vl4ONDDhAIvy8S69bZYi3FK8')

/**
 * Responses: a reasoning item replayed without the output item it produced (a
 * partial clone or branch, a cancelled turn): the built-in
 * `openai-responses-orphan-reasoning` rule's target.
 */
export const openaiResponsesReasoningWithoutFollowingItem = openaiError(400, {
  message: "Item 'rs_0c3876fcd4da19ef00692a14046bc8819eba6941c05c5ab7e7' of type 'reasoning' was provided without its required following item.",
  type: 'invalid_request_error',
  param: 'input',
  code: null,
})

const OPENAI_SERVER_ERROR_MESSAGE =
  'An error occurred while processing your request. You can retry your request, or contact us through our help center at help.openai.com if the error persists. Please include the request ID req_7f1c0e5b3a2d4c6e8f9a0b1c2d3e4f5a in your message.'

/** Responses stream: some text, then an `error` chunk with `server_error`. */
export const openaiResponsesStreamServerError: FakeStreamErrorReply = {
  kind: 'stream-error',
  text: 'Partial answer that',
  chunk: {
    type: 'error',
    sequence_number: 2,
    error: { type: 'server_error', code: 'server_error', message: OPENAI_SERVER_ERROR_MESSAGE, param: null },
  },
}

/** Responses stream: some text, then `response.failed` with `server_error`. */
export const openaiResponsesFailedServerError: FakeStreamErrorReply = {
  kind: 'stream-error',
  text: 'Partial answer that',
  chunk: {
    type: 'response.failed',
    sequence_number: 9,
    response: {
      id: 'resp_fake_failed',
      object: 'response',
      status: 'failed',
      error: { code: 'server_error', message: OPENAI_SERVER_ERROR_MESSAGE },
      incomplete_details: null,
      usage: null,
    },
  },
}

/** A rate limit in the middle of a stream: no status, no headers, the wait only in the text. */
export const openaiStreamRateLimit: FakeStreamErrorReply = {
  kind: 'stream-error',
  text: 'Partial answer that',
  chunk: {
    type: 'error',
    sequence_number: 2,
    error: {
      type: 'tokens',
      code: 'rate_limit_exceeded',
      message:
        'Rate limit reached for gpt-4o in organization org-fake on tokens per min (TPM): Limit 450000, Used 379102, Requested 89741. Please try again in 2.512s. Visit https://platform.openai.com/account/rate-limits to learn more.',
      param: null,
    },
  },
}

/** Quota exhausted: a 429 that no wait can fix. */
export const openaiInsufficientQuota = openaiError(429, {
  message:
    'You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.',
  type: 'insufficient_quota',
  code: 'insufficient_quota',
})

export const openaiInvalidApiKey = openaiError(401, {
  message: 'Incorrect API key provided: sk-fake. You can find your API key at https://platform.openai.com/account/api-keys.',
  type: 'invalid_request_error',
  code: 'invalid_api_key',
})

// --- Azure OpenAI / Mistral -------------------------------------------------

export const azureOpenAIRateLimit: FakeHttpErrorReply = {
  kind: 'http-error',
  status: 429,
  headers: { 'retry-after': '45' },
  body: {
    error: {
      code: '429',
      message:
        'Requests to the ChatCompletions_Create Operation under Azure OpenAI API version 2024-02-01 have exceeded token rate limit of your current OpenAI S0 pricing tier. Please retry after 45 seconds. Please go here: https://aka.ms/oai/quotaincrease if you would like to further increase the default rate limit.',
    },
  },
}

export const mistralToolCallIdFormat: FakeHttpErrorReply = {
  kind: 'http-error',
  status: 400,
  body: {
    object: 'error',
    message: 'Tool call id was 2968-LWy3uasib but must be a-z, A-Z, 0-9, with a length of 9.',
    type: 'invalid_request_error',
    param: null,
    code: null,
  },
}

// --- Google Gemini ----------------------------------------------------------

const GOOGLE_ERROR_HEADERS = { 'content-type': 'application/json; charset=UTF-8', vary: 'Origin, X-Origin, Referer', server: 'scaffolding on HTTPServer2' }

/**
 * Gemini 3's 400 for a function call replayed without its thought signature
 * (a call written by another provider, or a signature lost in storage), in the
 * current turn. `position` is where Gemini found it; the OpenAI-compatible
 * endpoint (`/v1beta/openai/chat/completions`) sends the same error wrapped in
 * a JSON array.
 */
export function geminiMissingThoughtSignatureError(
  functionName: string,
  position: number,
  endpoint: 'generate-content' | 'openai-compatible' = 'generate-content',
): FakeHttpErrorReply {
  const error = {
    code: 400,
    message: `Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly, and missing thought_signature may lead to degraded model performance. Additional data, function call \`default_api:${functionName}\` , position ${position}. Please refer to https://ai.google.dev/gemini-api/docs/thought-signatures for more details.`,
    status: 'INVALID_ARGUMENT',
  }
  return { kind: 'http-error', status: 400, headers: GOOGLE_ERROR_HEADERS, body: endpoint === 'openai-compatible' ? [{ error }] : { error } }
}

/** A replayed call without its thought signature (`:generateContent`): the `gemini-missing-thought-signature` rule's target. */
export const geminiMissingThoughtSignature = geminiMissingThoughtSignatureError('get_weather', 2)

/** The same, from Gemini's OpenAI-compatible endpoint, where no SDK adds Google's placeholder. */
export const geminiOpenAICompatibleMissingThoughtSignature = geminiMissingThoughtSignatureError('get_weather', 2, 'openai-compatible')

// --- Mistral ----------------------------------------------------------------

/**
 * Mistral's 400 for a tool-call id that is not nine ASCII letters or digits
 * (every OpenAI and Anthropic id), as it answers today: `type:
 * invalid_function_call`, `code: "3280"`, a `mistral-correlation-id` header.
 */
export function mistralToolCallIdError(toolCallId: string): FakeHttpErrorReply {
  return {
    kind: 'http-error',
    status: 400,
    headers: { 'mistral-correlation-id': '019b98cb-9ba7-7ce1-9414-ce1995670282' },
    body: {
      object: 'error',
      message: `Tool call id was ${toolCallId} but must be a-z, A-Z, 0-9, with a length of 9.`,
      type: 'invalid_function_call',
      param: null,
      code: '3280',
    },
  }
}

/** An OpenAI tool-call id replayed to Mistral: the `mistral-tool-call-id-format` rule's target. */
export const mistralForeignToolCallId = mistralToolCallIdError('call_0fypS1hVX')

// --- Amazon Bedrock (Converse) -----------------------------------------------

/** Bedrock's 400 `ValidationException`: the message in a JSON body, the exception's name in `x-amzn-errortype`. */
export function bedrockValidationError(message: string): FakeHttpErrorReply {
  return {
    kind: 'http-error',
    status: 400,
    headers: {
      'x-amzn-errortype': 'ValidationException:http://internal.amazon.com/coral/com.amazon.bedrock/',
      'x-amzn-requestid': '45c9c3bb-aa19-49ed-8ef6-b3f01f9b3a53',
    },
    body: { message },
  }
}

/** Two turns of the same role in a row (an assistant turn that ended up empty, two user turns). */
export const bedrockConversationNotAlternating = bedrockValidationError(
  'A conversation must alternate between user and assistant roles. Make sure the conversation alternates between user and assistant roles and try again.',
)

/** A partial clone starting on an assistant turn. */
export const bedrockFirstMessageNotUser = bedrockValidationError(
  'A conversation must start with a user message. Try again with a conversation that starts with a user message.',
)

/** A tool-call id from another provider (`functions.get_weather:0`): the `bedrock-tool-use-id-format` rule's target. */
export const bedrockInvalidToolUseId = bedrockValidationError(
  "1 validation error detected: Value at 'messages.2.member.content.1.member.toolUse.toolUseId' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_-]+",
)

/** A tool name Bedrock refuses (the AI SDK package strips such characters; other clients may not). */
export const bedrockInvalidToolName = bedrockValidationError(
  "2 validation errors detected: Value at 'messages.2.member.content.1.member.toolUse.name' failed to satisfy constraint: Member must have length less than or equal to 64; Value at 'messages.2.member.content.1.member.toolUse.name' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_-]+",
)

/** Tool results without the calls they answer in the turn before (a partial clone cut between them). */
export const bedrockToolResultWithoutToolUse = bedrockValidationError(
  'The number of toolResult blocks at messages.2.content exceeds the number of toolUse blocks of previous turn.',
)

// --- any provider: the connection ------------------------------------------

/** The connection is reset before any response byte (the client sees ECONNRESET). */
export const connectionReset: FakeDropReply = { kind: 'drop' }

/** The connection is reset after some streamed text. */
export const connectionResetMidStream: FakeDropReply = { kind: 'drop', text: 'Partial answer that' }

/** The server closes the socket without answering ("socket hang up" / "other side closed"). */
export const socketHangUp: FakeDropReply = { kind: 'drop', reset: false }

export type ProviderErrorPreset = {
  /** the preset's export name, e.g. 'anthropicInvalidToolUseId' */
  name: string
  provider: 'Anthropic' | 'Cerebras' | 'DeepSeek' | 'Groq' | 'OpenAI' | 'Azure OpenAI' | 'Mistral' | 'Google' | 'Amazon Bedrock' | 'any'
  /** what makes the provider answer so (docs/spec/provider-errors.md) */
  trigger: string
  reply: FakeHttpErrorReply | FakeStreamErrorReply | FakeDropReply
}

/** Every preset, grouped by provider (for pickers such as the playground's). */
export const providerErrorPresets: readonly ProviderErrorPreset[] = [
  { name: 'anthropicInvalidToolUseId', provider: 'Anthropic', trigger: 'tool-call ID from another provider', reply: anthropicInvalidToolUseId },
  { name: 'anthropicOrphanToolUse', provider: 'Anthropic', trigger: 'orphan tool_use', reply: anthropicOrphanToolUse },
  { name: 'anthropicOrphanToolResult', provider: 'Anthropic', trigger: 'orphan tool_result', reply: anthropicOrphanToolResult },
  { name: 'anthropicInvalidThinkingSignature', provider: 'Anthropic', trigger: 'foreign or altered thinking', reply: anthropicInvalidThinkingSignature },
  { name: 'anthropicFirstMessageNotUser', provider: 'Anthropic', trigger: 'first message not user', reply: anthropicFirstMessageNotUser },
  { name: 'anthropicOverloaded', provider: 'Anthropic', trigger: 'overloaded', reply: anthropicOverloaded },
  { name: 'anthropicOverloadedStreamEvent', provider: 'Anthropic', trigger: 'overloaded, as an SSE error event', reply: anthropicOverloadedStreamEvent },
  { name: 'anthropicRateLimited', provider: 'Anthropic', trigger: 'rate limit, retry-after: 1', reply: anthropicRateLimited },
  { name: 'anthropicRateLimitedNoRetry', provider: 'Anthropic', trigger: 'rate limit, x-should-retry: false', reply: anthropicRateLimitedNoRetry },
  {
    name: 'cerebrasReasoningContentUnsupported',
    provider: 'Cerebras',
    trigger: 'assistant reasoning_content replayed',
    reply: cerebrasReasoningContentUnsupported,
  },
  { name: 'deepseekReasoningContentMissing', provider: 'DeepSeek', trigger: 'reasoning_content missing', reply: deepseekReasoningContentMissing },
  { name: 'deepseekOrphanToolCall', provider: 'DeepSeek', trigger: 'orphan tool call', reply: deepseekOrphanToolCall },
  { name: 'groqReasoningUnsupported', provider: 'Groq', trigger: 'assistant reasoning replayed to a non-reasoning model', reply: groqReasoningUnsupported },
  { name: 'openaiChatToolIdTooLong', provider: 'OpenAI', trigger: 'tool ID too long', reply: openaiChatToolIdTooLong },
  { name: 'openaiChatOrphanToolCall', provider: 'OpenAI', trigger: 'orphan tool call', reply: openaiChatOrphanToolCall },
  { name: 'openaiResponsesNoToolOutput', provider: 'OpenAI', trigger: 'Responses: function_call without its output', reply: openaiResponsesNoToolOutput },
  {
    name: 'openaiResponsesReasoningWithoutFollowingItem',
    provider: 'OpenAI',
    trigger: 'reasoning item without its following item',
    reply: openaiResponsesReasoningWithoutFollowingItem,
  },
  { name: 'openaiResponsesStreamServerError', provider: 'OpenAI', trigger: 'Responses stream server_error', reply: openaiResponsesStreamServerError },
  { name: 'openaiResponsesFailedServerError', provider: 'OpenAI', trigger: 'Responses stream response.failed', reply: openaiResponsesFailedServerError },
  { name: 'openaiStreamRateLimit', provider: 'OpenAI', trigger: 'rate limit mid-stream (the wait only in the text)', reply: openaiStreamRateLimit },
  { name: 'openaiInsufficientQuota', provider: 'OpenAI', trigger: 'quota exhausted (not transient)', reply: openaiInsufficientQuota },
  { name: 'openaiInvalidApiKey', provider: 'OpenAI', trigger: 'bad API key', reply: openaiInvalidApiKey },
  { name: 'azureOpenAIRateLimit', provider: 'Azure OpenAI', trigger: 'rate limit, retry-after: 45', reply: azureOpenAIRateLimit },
  { name: 'mistralToolCallIdFormat', provider: 'Mistral', trigger: 'tool ID format', reply: mistralToolCallIdFormat },
  { name: 'mistralForeignToolCallId', provider: 'Mistral', trigger: 'OpenAI tool ID replayed', reply: mistralForeignToolCallId },
  { name: 'geminiMissingThoughtSignature', provider: 'Google', trigger: 'function call without thought signature', reply: geminiMissingThoughtSignature },
  {
    name: 'geminiOpenAICompatibleMissingThoughtSignature',
    provider: 'Google',
    trigger: 'function call without thought signature (OpenAI-compatible endpoint)',
    reply: geminiOpenAICompatibleMissingThoughtSignature,
  },
  { name: 'bedrockConversationNotAlternating', provider: 'Amazon Bedrock', trigger: 'roles do not alternate', reply: bedrockConversationNotAlternating },
  { name: 'bedrockFirstMessageNotUser', provider: 'Amazon Bedrock', trigger: 'first message not user', reply: bedrockFirstMessageNotUser },
  { name: 'bedrockInvalidToolUseId', provider: 'Amazon Bedrock', trigger: 'tool-call ID from another provider', reply: bedrockInvalidToolUseId },
  { name: 'bedrockInvalidToolName', provider: 'Amazon Bedrock', trigger: 'tool name pattern', reply: bedrockInvalidToolName },
  { name: 'bedrockToolResultWithoutToolUse', provider: 'Amazon Bedrock', trigger: 'tool result without its call', reply: bedrockToolResultWithoutToolUse },
  { name: 'connectionReset', provider: 'any', trigger: 'connection reset before any byte', reply: connectionReset },
  { name: 'connectionResetMidStream', provider: 'any', trigger: 'connection reset mid-stream', reply: connectionResetMidStream },
  { name: 'socketHangUp', provider: 'any', trigger: 'socket closed without an answer', reply: socketHangUp },
]

/**
 * What a client receives: the HTTP answer (the body as text), the stream's
 * error chunk, or, for a dropped connection, the Node error the transport
 * throws (docs/spec/provider-errors.md: `code: 'ECONNRESET'` / `socket hang up`;
 * @ai-sdk's fetch wraps it in an APICallError marked retryable, a custom
 * transport or a stream reader hands it over bare).
 */
export type ProviderErrorShape =
  | { kind: 'http'; status: number; headers: Record<string, string>; body: string }
  | { kind: 'stream-chunk'; chunk: unknown }
  | { kind: 'connection'; code: string; message: string }

/** A preset reply as a client receives it (the playground's input). */
export function providerErrorShape(reply: ProviderErrorPreset['reply']): ProviderErrorShape {
  switch (reply.kind) {
    case 'http-error': {
      // as the fake provider server sends it
      const isText = typeof reply.body === 'string'
      return {
        kind: 'http',
        status: reply.status,
        headers: { 'content-type': isText ? 'text/plain' : 'application/json', ...reply.headers },
        body: isText ? (reply.body as string) : JSON.stringify(reply.body),
      }
    }
    case 'stream-error':
      return { kind: 'stream-chunk', chunk: reply.chunk }
    case 'drop':
      // Node's http client says `socket hang up` when the server closes without answering, `read ECONNRESET` on a reset
      return { kind: 'connection', code: 'ECONNRESET', message: reply.reset === false ? 'socket hang up' : 'read ECONNRESET' }
  }
}
