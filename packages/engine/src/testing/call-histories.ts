// Histories and replies the LLM-call tests (events, spans, recording) send
// through a real Agent to the loopback provider: one per acceptance case of
// issue 14.
import type { AgentInputMessage } from '../agent/types.ts'
import { reply } from '../loopback-provider/fake-replies.ts'

/** Two reasoning parts before the answer: a Cerebras-bound call strips them. */
export const reasoningHistory: AgentInputMessage[] = [
  { role: 'user', content: 'Weather in Paris?' },
  {
    role: 'assistant',
    content: [
      { type: 'reasoning', reasoning: 'THOUGHT-1', details: [{ type: 'text', text: 'THOUGHT-1' }] },
      { type: 'reasoning', reasoning: 'THOUGHT-2', details: [{ type: 'text', text: 'THOUGHT-2' }] },
      { type: 'text', text: 'Sunny.' },
    ],
  },
  { role: 'user', content: 'And tomorrow?' },
]

/** A Kimi-style tool-call id (`functions.get_weather:0`) that Anthropic rejects with its tool-ID 400. */
export const foreignToolIdHistory: AgentInputMessage[] = [
  { role: 'user', content: 'Weather in Paris?' },
  {
    role: 'assistant',
    content: [
      {
        type: 'tool-invocation',
        toolInvocation: { toolCallId: 'functions.get_weather:0', toolName: 'get_weather', args: { city: 'Paris' }, state: 'result', result: 'sunny' },
      },
      { type: 'text', text: 'Sunny.' },
    ],
  },
  { role: 'user', content: 'And tomorrow?' },
]

/** OpenAI's 429 with a `retry-after` header of `retryAfter` seconds. */
export const openaiRateLimitedRetryAfter = (retryAfter: string) =>
  reply.httpError(429, { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded', param: null } }, { 'retry-after': retryAfter })

/** A saved rule's source that repairs what Anthropic's tool-ID 400 names: tool-call ids outside [a-zA-Z0-9_-]. */
export const toolIdSanitizerRuleSource = `export default {
  name: 'tool-id-sanitizer',
  errorPatterns: [/tool_use\\.id: String should match pattern/],
  fix(messages) {
    let changed = false
    for (const message of messages) for (const part of message.content.parts) {
      if (part.type === 'tool-invocation' && /[^a-zA-Z0-9_-]/.test(part.toolInvocation.toolCallId)) {
        part.toolInvocation.toolCallId = part.toolInvocation.toolCallId.replace(/[^a-zA-Z0-9_-]/g, '_')
        changed = true
      }
    }
    return changed
  },
}`
