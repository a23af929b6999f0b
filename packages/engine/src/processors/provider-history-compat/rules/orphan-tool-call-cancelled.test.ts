import { describe, expect, it } from 'vitest'
import {
  anthropicOrphanToolUse,
  deepseekOrphanToolCall,
  openaiChatOrphanToolCall,
  openaiChatToolIdTooLong,
  openaiResponsesNoToolOutput,
} from '../../../loopback-provider/provider-error-presets.ts'
import type { ToolInvocation } from '../../../messages/types.ts'
import { storedMessage, toolPart } from '../test-fixtures.ts'
import { CANCELLED_TOOL_RESULT_TEXT } from '../compiler/tool-pairing.ts'
import { cancelUnansweredToolCalls, ORPHAN_TOOL_CALL_ERROR_PATTERNS } from './orphan-tool-call-cancelled.ts'

const matches = (body: unknown) => ORPHAN_TOOL_CALL_ERROR_PATTERNS.some((pattern) => pattern.test(JSON.stringify(body)))
const call = (toolCallId: string): ToolInvocation => ({ toolCallId, toolName: 'book_table', args: { people: 2 }, state: 'call' })

describe('orphan-tool-call-cancelled', () => {
  it('matches the orphan-call 400s of OpenAI Chat, DeepSeek, Anthropic and OpenAI Responses, and no other', () => {
    for (const preset of [openaiChatOrphanToolCall, deepseekOrphanToolCall, anthropicOrphanToolUse, openaiResponsesNoToolOutput])
      expect(matches(preset.body)).toBe(true)
    expect(matches(openaiChatToolIdTooLong.body)).toBe(false)
  })

  it('gives an unanswered call the cancelled result, leaves answered ones and a call answered in a later message alone', () => {
    const messages = [
      storedMessage('m1', 'user', [{ type: 'text', text: 'Book' }]),
      storedMessage('m2', 'assistant', [toolPart('call_done'), { type: 'tool-invocation', toolInvocation: call('call_open') }]),
      storedMessage('m3', 'assistant', [{ type: 'tool-invocation', toolInvocation: call('call_later') }]),
      storedMessage('m4', 'assistant', [{ type: 'tool-invocation', toolInvocation: { ...call('call_later'), state: 'result', result: { booked: true } } }]),
      storedMessage('m5', 'assistant', [], [call('call_legacy')]),
    ]
    expect(cancelUnansweredToolCalls(messages)).toBe(true)
    const invocations = messages.flatMap((m) => [
      ...m.content.parts.flatMap((p) => (p.type === 'tool-invocation' ? [p.toolInvocation] : [])),
      ...(m.content.toolInvocations ?? []),
    ])
    expect(invocations.map((i) => [i.toolCallId, i.state, i.result])).toEqual([
      ['call_done', 'result', { temperature: 21 }],
      ['call_open', 'result', CANCELLED_TOOL_RESULT_TEXT],
      ['call_later', 'call', undefined],
      ['call_later', 'result', { booked: true }],
      ['call_legacy', 'result', CANCELLED_TOOL_RESULT_TEXT],
    ])
    expect(cancelUnansweredToolCalls(messages)).toBe(false)
  })
})
