import { describe, expect, it } from 'vitest'
import { mistralForeignToolCallId, mistralToolCallIdFormat as presetOld } from '../../../loopback-provider/provider-error-presets.ts'
import type { StoredMessage } from '../../../messages/types.ts'
import { matchReactiveRules } from '../reactive-rules.ts'
import { storedMessage, toolPart, toolResult } from '../test-fixtures.ts'
import { mistralToolCallIdFormat, planMistralToolCallIds, rewriteMistralToolCallIds } from './mistral-tool-call-id-format.ts'

const ids = (messages: StoredMessage[]) =>
  messages.flatMap((m) => [
    ...m.content.parts.flatMap((p) => (p.type === 'tool-invocation' ? [p.toolInvocation.toolCallId] : [])),
    ...(m.content.toolInvocations ?? []).map((t) => t.toolCallId),
  ])

const history = (...toolCallIds: string[]) => [storedMessage('m1', 'assistant', toolCallIds.map(toolPart))]

describe('mistral-tool-call-id-format', () => {
  it("matches Mistral's 400, both the current body and the older one", () => {
    for (const preset of [mistralForeignToolCallId, presetOld]) {
      expect(matchReactiveRules([mistralToolCallIdFormat], new Error(JSON.stringify(preset.body))).map((m) => m.rule)).toEqual([mistralToolCallIdFormat])
    }
    expect(matchReactiveRules([mistralToolCallIdFormat], new Error("tool_use.id: String should match pattern '^[a-zA-Z0-9_-]+$'"))).toEqual([])
  })

  it('rewrites every other id to nine letters and digits, the same way every time', () => {
    const messages = history('call_0fypS1hVX', 'toolu_01D7FLrfh4GYq7yT1ULFeyMV', 'functions.get_weather:0', '')
    expect(rewriteMistralToolCallIds(messages)).toBe(true)
    expect(ids(messages).every((id) => /^[a-zA-Z0-9]{9}$/.test(id))).toBe(true)
    expect(new Set(ids(messages)).size).toBe(4)
    const again = history('call_0fypS1hVX', 'toolu_01D7FLrfh4GYq7yT1ULFeyMV', 'functions.get_weather:0', '')
    rewriteMistralToolCallIds(again)
    expect(ids(again)).toEqual(ids(messages))
  })

  it('keeps valid ids, maps one old id to one new id everywhere (legacy list included), and never collides', () => {
    const messages = [
      storedMessage('m1', 'assistant', [toolPart('abcDEF123'), toolPart('call_1')], [toolResult('call_1')]),
      storedMessage('m2', 'assistant', [toolPart('call_1')]),
    ]
    const plan = planMistralToolCallIds(messages)
    expect([...plan.keys()]).toEqual(['call_1'])
    // a valid id that already holds the hash makes the rewrite take the next one
    const taken = plan.get('call_1')!
    const crowded = [storedMessage('m1', 'assistant', [toolPart(taken), toolPart('call_1')])]
    expect(planMistralToolCallIds(crowded).get('call_1')).not.toBe(taken)
    rewriteMistralToolCallIds(messages)
    expect(ids(messages)).toEqual(['abcDEF123', taken, taken, taken])
  })

  it('changes nothing (and asks for no retry) when every id is already valid', () => {
    const messages = history('abcDEF123', '000000001')
    expect(rewriteMistralToolCallIds(messages)).toBe(false)
    expect(ids(messages)).toEqual(['abcDEF123', '000000001'])
  })
})
