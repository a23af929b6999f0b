import { APICallError } from '@ai-sdk/provider'
import { describe, expect, it } from 'vitest'
import type { StoredMessage } from '../../../messages/types.ts'
import { matchReactiveRules } from '../reactive-rules.ts'
import { storedMessage, toolPart, toolResult } from '../test-fixtures.ts'
import {
  ANTHROPIC_TOOL_ID_ERROR_PATTERNS,
  ANTHROPIC_TOOL_ID_FORMAT,
  anthropicToolIdFormat,
  planToolCallIdRewrites,
  sanitizeToolCallIds,
} from './anthropic-tool-id-format.ts'

/** Every tool-call ID of the messages, parts and legacy list, in order. */
function allToolCallIds(messages: StoredMessage[]): string[] {
  return messages.flatMap((m) => [
    ...m.content.parts.flatMap((p) => (p.type === 'tool-invocation' ? [p.toolInvocation.toolCallId] : [])),
    ...(m.content.toolInvocations ?? []).map((t) => t.toolCallId),
  ])
}

function history(ids: string[]): StoredMessage[] {
  return [
    storedMessage('m1', 'user', [{ type: 'text', text: 'weather?' }]),
    storedMessage('m2', 'assistant', [...ids.map(toolPart), { type: 'text', text: 'done' }]),
  ]
}

describe('anthropic-tool-id-format: errorPatterns', () => {
  const matches = (text: string) => ANTHROPIC_TOOL_ID_ERROR_PATTERNS.some((p) => p.test(text))

  it("match Anthropic's real error texts", () => {
    expect(matches("messages.1.content.1.tool_use.id: String should match pattern '^[a-zA-Z0-9_-]+$'")).toBe(true)
    expect(matches("messages.2.content.0.tool_result.tool_use_id: String should match pattern '^[a-zA-Z0-9_-]+$'")).toBe(true)
    const body = JSON.stringify({
      type: 'error',
      error: { type: 'invalid_request_error', message: "messages.1.content.1.tool_use.id: String should match pattern '^[a-zA-Z0-9_-]+$'" },
    })
    expect(matches(body)).toBe(true)
  })

  it('do not match other Anthropic 400s', () => {
    expect(matches('messages.6: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_01')).toBe(false)
    expect(matches('messages.0.content.0: unexpected `tool_use_id` found in `tool_result` blocks: toolu_01')).toBe(false)
    expect(matches('messages.1.content.0: Invalid `signature` in `thinking` block')).toBe(false)
    expect(matches("messages.1.content.0.text: String should match pattern '^[a-z]+$'")).toBe(false)
  })

  it('is found in an APICallError whose only hint is the response body', () => {
    const error = new APICallError({
      message: 'Bad Request',
      url: 'http://127.0.0.1/v1/messages',
      requestBodyValues: {},
      statusCode: 400,
      responseBody: JSON.stringify({
        type: 'error',
        error: { type: 'invalid_request_error', message: "messages.1.content.1.tool_use.id: String should match pattern '^[a-zA-Z0-9_-]+$'" },
      }),
    })
    expect(matchReactiveRules([anthropicToolIdFormat], error).map((m) => m.rule.name)).toEqual([ANTHROPIC_TOOL_ID_FORMAT])
  })
})

describe('anthropic-tool-id-format: fix', () => {
  it('is the reactive rule, named', () => {
    expect(anthropicToolIdFormat.name).toBe('anthropic-tool-id-format')
    expect(anthropicToolIdFormat.fix).toBe(sanitizeToolCallIds)
    expect(anthropicToolIdFormat.applyToPrompt).toBeUndefined()
  })

  it('changes nothing and returns false when every ID is valid', () => {
    const messages = history(['toolu_01AbC', 'call-123', 'A_b-9'])
    const before = structuredClone(messages)
    expect(anthropicToolIdFormat.fix!(messages)).toBe(false)
    expect(messages).toEqual(before)
  })

  it('rewrites foreign IDs in parts and returns true', () => {
    const messages = history(['functions.get_weather:0', 'call:abc.123', 'toolu_01'])
    expect(anthropicToolIdFormat.fix!(messages)).toBe(true)
    expect(allToolCallIds(messages)).toEqual(['functions_get_weather_0', 'call_abc_123', 'toolu_01'])
  })

  it('keeps a.b, a:b and an existing a_b three distinct IDs', () => {
    const messages = history(['a.b', 'a:b', 'a_b'])
    sanitizeToolCallIds(messages)
    const ids = allToolCallIds(messages)
    expect(new Set(ids).size).toBe(3)
    expect(ids).toEqual(['a_b_2', 'a_b_3', 'a_b'])
    for (const id of ids) expect(id).toMatch(/^[a-zA-Z0-9_-]+$/)
  })

  it('avoids existing IDs that look like suffixes, wherever they appear', () => {
    const messages = [...history(['a.b']), ...history(['a_b', 'a_b_2'])]
    sanitizeToolCallIds(messages)
    expect(allToolCallIds(messages)).toEqual(['a_b_3', 'a_b', 'a_b_2'])
  })

  it('gives an ID without any valid character a valid one', () => {
    const messages = history(['...', ''])
    sanitizeToolCallIds(messages)
    const ids = allToolCallIds(messages)
    expect(ids).toEqual(['___', 'toolcall'])
  })

  it('is deterministic: the same history always gets the same IDs', () => {
    const make = () => [...history(['x.1', 'x:1', 'x_1']), ...history(['x.1', 'y/2'])]
    const first = make()
    const second = make()
    sanitizeToolCallIds(first)
    sanitizeToolCallIds(second)
    expect(allToolCallIds(first)).toEqual(allToolCallIds(second))
    expect(planToolCallIdRewrites(make())).toEqual(
      new Map([
        ['x.1', 'x_1_2'],
        ['x:1', 'x_1_3'],
        ['y/2', 'y_2'],
      ]),
    )
  })

  it('keeps call and result paired: one old ID gets one new ID everywhere, legacy toolInvocations included', () => {
    const legacyCall = toolResult('functions.get_weather:0')
    const messages = [
      storedMessage('m1', 'user', [{ type: 'text', text: 'weather?' }]),
      // the same call in the part and in the legacy list
      storedMessage('m2', 'assistant', [toolPart('functions.get_weather:0')], [toolResult('functions.get_weather:0')]),
      // a call stored in one message and its result in a later one
      storedMessage('m3', 'assistant', [{ type: 'tool-invocation', toolInvocation: { ...toolResult('call.7'), state: 'call' } }]),
      storedMessage('m4', 'assistant', [toolPart('call.7')]),
      // legacy-only message
      storedMessage('m5', 'assistant', [{ type: 'text', text: 'ok' }], [legacyCall, toolResult('call:8')]),
    ]
    expect(sanitizeToolCallIds(messages)).toBe(true)
    expect(allToolCallIds(messages)).toEqual(['functions_get_weather_0', 'functions_get_weather_0', 'call_7', 'call_7', 'functions_get_weather_0', 'call_8'])
    expect(legacyCall.toolCallId).toBe('functions_get_weather_0') // repaired in place
    expect(sanitizeToolCallIds(messages)).toBe(false) // nothing left to repair
  })

  it('rewrites a toolInvocation object shared by a part and the legacy list once', () => {
    const shared = toolResult('a.b')
    const messages = [storedMessage('m1', 'assistant', [{ type: 'tool-invocation', toolInvocation: shared }], [shared])]
    sanitizeToolCallIds(messages)
    expect(allToolCallIds(messages)).toEqual(['a_b', 'a_b'])
  })

  it('leaves everything but tool-call IDs untouched', () => {
    const messages = history(['a.b'])
    const before = structuredClone(messages)
    sanitizeToolCallIds(messages)
    const part = before[1]!.content.parts[0]!
    if (part.type !== 'tool-invocation') throw new Error('fixture')
    part.toolInvocation.toolCallId = 'a_b'
    expect(messages).toEqual(before)
  })
})
