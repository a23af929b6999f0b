// Real provider error shapes (shared/spec/provider-errors.md), as the
// playground's presets: the status, headers and body a provider sends, or the
// stream chunk when the error arrives mid-stream.

export type ErrorShape =
  | { kind: 'http'; status: number; headers: Record<string, string>; body: string }
  | { kind: 'stream-chunk'; chunk: unknown }

export type ErrorPreset = {
  id: string
  provider: string
  label: string
  shape: ErrorShape
  /** a target model the error comes from */
  model: string
  /** a demo thread the error is about, when one fits */
  threadId?: string
}

const json = (value: unknown) => JSON.stringify(value)
const anthropicError = (type: string, message: string) => json({ type: 'error', error: { type, message } })
const http = (status: number, body: string, headers: Record<string, string> = {}): ErrorShape => ({
  kind: 'http',
  status,
  headers: { 'content-type': 'application/json', ...headers },
  body,
})

export const errorPresets: ErrorPreset[] = [
  {
    id: 'anthropic-tool-id',
    provider: 'Anthropic',
    label: 'tool-call ID from another provider (400)',
    shape: http(
      400,
      anthropicError('invalid_request_error', "messages.1.content.1.tool_use.id: String should match pattern '^[a-zA-Z0-9_-]+$'"),
    ),
    model: 'anthropic/claude-sonnet-4-5',
    threadId: 'acme-delivery-storm',
  },
  {
    id: 'anthropic-orphan-tool-use',
    provider: 'Anthropic',
    label: 'orphan tool_use (400)',
    shape: http(
      400,
      anthropicError(
        'invalid_request_error',
        'messages.6: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_01Rs7Dq2Lw9Bn4Xk1Ty6Vm3. Each `tool_use` block must have a corresponding `tool_result` block in the next message.',
      ),
    ),
    model: 'anthropic/claude-sonnet-4-5',
  },
  {
    id: 'anthropic-orphan-tool-result',
    provider: 'Anthropic',
    label: 'orphan tool_result (400)',
    shape: http(
      400,
      anthropicError(
        'invalid_request_error',
        'messages.0.content.0: unexpected `tool_use_id` found in `tool_result` blocks: toolu_01Rs7Dq2Lw9Bn4Xk1Ty6Vm3. Each `tool_result` block must have a corresponding `tool_use` block in the previous message.',
      ),
    ),
    model: 'anthropic/claude-sonnet-4-5',
  },
  {
    id: 'anthropic-thinking-signature',
    provider: 'Anthropic',
    label: 'foreign or altered thinking (400)',
    shape: http(400, anthropicError('invalid_request_error', 'messages.1.content.0: Invalid `signature` in `thinking` block')),
    model: 'anthropic/claude-sonnet-4-5',
    threadId: 'initech-inc-2291',
  },
  {
    id: 'anthropic-first-message',
    provider: 'Anthropic',
    label: 'first message not user (400)',
    shape: http(400, anthropicError('invalid_request_error', 'messages: first message must use the "user" role')),
    model: 'anthropic/claude-sonnet-4-5',
  },
  {
    id: 'anthropic-overloaded',
    provider: 'Anthropic',
    label: 'overloaded (529)',
    shape: http(529, anthropicError('overloaded_error', 'Overloaded')),
    model: 'anthropic/claude-sonnet-4-5',
  },
  {
    id: 'anthropic-overloaded-stream',
    provider: 'Anthropic',
    label: 'overloaded as an SSE error event',
    shape: { kind: 'stream-chunk', chunk: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } } },
    model: 'anthropic/claude-sonnet-4-5',
  },
  {
    id: 'anthropic-rate-limit',
    provider: 'Anthropic',
    label: 'rate limit, Retry-After: 5 (429)',
    shape: http(429, anthropicError('rate_limit_error', 'Number of request tokens has exceeded your per-minute rate limit'), {
      'retry-after': '5',
      'x-should-retry': 'true',
    }),
    model: 'anthropic/claude-sonnet-4-5',
  },
  {
    id: 'anthropic-rate-limit-no-retry',
    provider: 'Anthropic',
    label: 'rate limit, x-should-retry: false (429)',
    shape: http(429, anthropicError('rate_limit_error', 'Number of request tokens has exceeded your per-minute rate limit'), {
      'retry-after': '5',
      'x-should-retry': 'false',
    }),
    model: 'anthropic/claude-sonnet-4-5',
  },
  {
    id: 'cerebras-reasoning-content',
    provider: 'Cerebras',
    label: 'replayed reasoning_content (400)',
    shape: http(
      400,
      json({
        message: "messages.2.assistant.reasoning_content: property 'messages.2.assistant.reasoning_content' is unsupported",
        type: 'invalid_request_error',
        param: 'validation_error',
        code: 'wrong_api_format',
      }),
    ),
    model: 'cerebras/gpt-oss-120b',
    threadId: 'globex-weekly-digest-cerebras',
  },
  {
    id: 'deepseek-reasoning-missing',
    provider: 'DeepSeek',
    label: 'reasoning_content missing (400)',
    shape: http(400, json({ error: { message: 'The `reasoning_content` in the thinking mode must be passed back to the API.', type: 'invalid_request_error' } })),
    model: 'deepseek/deepseek-reasoner',
  },
  {
    id: 'openai-tool-id-too-long',
    provider: 'OpenAI',
    label: 'tool ID too long (400)',
    shape: http(
      400,
      json({
        error: {
          message:
            "Invalid 'messages[2].tool_calls[0].id': string too long. Expected a string with maximum length 40, but got a string with length 43 instead.",
          type: 'invalid_request_error',
          param: 'messages[2].tool_calls[0].id',
          code: 'string_above_max_length',
        },
      }),
    ),
    model: 'openai/gpt-4o',
    threadId: 'globex-electrolytes-review',
  },
  {
    id: 'openai-orphan-tool-call',
    provider: 'OpenAI',
    label: 'orphan tool call (400)',
    shape: http(
      400,
      json({
        error: {
          message:
            "An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: call_Rs7Dq2Lw9Bn4Xk1Ty6Vm3Pz8",
          type: 'invalid_request_error',
        },
      }),
    ),
    model: 'openai/gpt-4o',
  },
  {
    id: 'openai-responses-server-error',
    provider: 'OpenAI',
    label: 'Responses stream server_error',
    shape: {
      kind: 'stream-chunk',
      chunk: {
        type: 'error',
        sequence_number: 2,
        error: {
          type: 'server_error',
          code: 'server_error',
          message:
            'An error occurred while processing your request. You can retry your request, or contact us through our help center at help.openai.com if the error persists.',
          param: null,
        },
      },
    },
    model: 'openai/gpt-4o',
  },
  {
    id: 'openai-stream-rate-limit',
    provider: 'OpenAI',
    label: 'rate limit mid-stream (delay only in the text)',
    shape: {
      kind: 'stream-chunk',
      chunk: {
        type: 'error',
        error: {
          code: 'rate_limit_exceeded',
          message:
            'Rate limit reached for gpt-4o on tokens per min (TPM): Limit 450000, Used 379102, Requested 89741. Please try again in 2.512s.',
        },
      },
    },
    model: 'openai/gpt-4o',
  },
  {
    id: 'openai-insufficient-quota',
    provider: 'OpenAI',
    label: 'quota exhausted (429, not transient)',
    shape: http(
      429,
      json({
        error: {
          message: 'You exceeded your current quota, please check your plan and billing details.',
          type: 'insufficient_quota',
          code: 'insufficient_quota',
        },
      }),
    ),
    model: 'openai/gpt-4o',
  },
  {
    id: 'openai-invalid-api-key',
    provider: 'OpenAI',
    label: 'bad API key (401)',
    shape: http(401, json({ error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' } })),
    model: 'openai/gpt-4o',
  },
  {
    id: 'azure-rate-limit',
    provider: 'Azure OpenAI',
    label: 'rate limit, Retry-After: 45 (429)',
    shape: http(
      429,
      json({ error: { code: '429', message: 'Requests to the ChatCompletions_Create Operation have exceeded the rate limit. Please retry after 45 seconds.' } }),
      { 'retry-after': '45' },
    ),
    model: 'azure/gpt-4o',
  },
  {
    id: 'mistral-tool-id',
    provider: 'Mistral',
    label: 'tool ID format (400)',
    shape: http(400, json({ object: 'error', message: 'Tool call id was 2968-LWy3uasib but must be a-z, A-Z, 0-9, with a length of 9.', type: 'invalid_request_error' })),
    model: 'mistral/mistral-large-latest',
  },
  {
    id: 'connection-reset',
    provider: 'any',
    label: 'connection reset (ECONNRESET, as a stream error)',
    shape: { kind: 'stream-chunk', chunk: { type: 'error', error: { code: 'ECONNRESET', message: 'socket hang up' } } },
    model: 'openai/gpt-4o',
  },
]

export function presetById(id: string): ErrorPreset | undefined {
  return errorPresets.find((preset) => preset.id === id)
}
