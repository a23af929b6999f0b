import type { LanguageModelV3ReasoningPart } from '@ai-sdk/provider'
import { createOpenAI } from '@ai-sdk/openai'
import { describe, expect, it } from 'vitest'
import type { MessagePart, StoredMessage } from '../../../messages/types.ts'
import { openaiResponsesReasoningWithoutFollowingItem } from '../../../loopback-provider/provider-error-presets.ts'
import type { LanguageModelPrompt } from '../../types.ts'
import { builtInCompatRules } from '../built-in-rules.ts'
import { matchReactiveRules } from '../reactive-rules.ts'
import { deepFreeze, mixedPrompt, storedMessage, toolPart } from '../test-fixtures.ts'
import {
  OPENAI_RESPONSES_ORPHAN_REASONING,
  OPENAI_RESPONSES_ORPHAN_REASONING_ERROR_PATTERNS,
  hasOrphanReasoning,
  openaiResponsesOrphanReasoning,
  orphanReasoningParts,
  removeOrphanReasoning,
} from './openai-responses-orphan-reasoning.ts'

const apply = openaiResponsesOrphanReasoning.applyToPrompt!
const REAL_MESSAGE = "Item 'rs_0c3876fcd4da19ef00692a14046bc8819eba6941c05c5ab7e7' of type 'reasoning' was provided without its required following item."

const rs = (id: string, text = `thinking ${id}`): LanguageModelV3ReasoningPart => ({ type: 'reasoning', text, providerOptions: { openai: { itemId: id } } })
const said = (text: string, itemId?: string) => ({ type: 'text' as const, text, ...(itemId ? { providerOptions: { openai: { itemId } } } : {}) })
const user = (text: string) => ({ role: 'user' as const, content: [{ type: 'text' as const, text }] })

/** A cancelled turn: reasoning stored, the answer never came. */
function cancelledTurnPrompt(): LanguageModelPrompt {
  return [
    user('Plan the refund'),
    { role: 'assistant', content: [rs('rs_cut')] },
    user('Hello?'),
    { role: 'assistant', content: [rs('rs_ok'), said('Here is the plan.', 'msg_ok')] },
    user('Thanks'),
  ]
}

describe('openai-responses-orphan-reasoning', () => {
  it('is a built-in rule, proactive and reactive, named after what it does', () => {
    expect(openaiResponsesOrphanReasoning.name).toBe(OPENAI_RESPONSES_ORPHAN_REASONING)
    expect(builtInCompatRules.map((rule) => rule.name)).toContain('openai-responses-orphan-reasoning')
    expect(openaiResponsesOrphanReasoning.applyToPrompt).toBeTypeOf('function')
    expect(openaiResponsesOrphanReasoning.fix).toBeTypeOf('function')
  })

  it("matches OpenAI's real error, as a message and inside the response body, and nothing else", () => {
    const matches = (text: string) => OPENAI_RESPONSES_ORPHAN_REASONING_ERROR_PATTERNS.some((pattern) => pattern.test(text))
    expect(matches(REAL_MESSAGE)).toBe(true)
    expect(matches(JSON.stringify(openaiResponsesReasoningWithoutFollowingItem.body))).toBe(true)
    expect(matches("Item 'msg_1' of type 'message' was provided without its required 'reasoning' item.")).toBe(false)
    const error = Object.assign(new Error('Bad Request'), { responseBody: JSON.stringify(openaiResponsesReasoningWithoutFollowingItem.body) })
    expect(matchReactiveRules(builtInCompatRules, error).map((match) => match.rule.name)).toEqual(['openai-responses-orphan-reasoning'])
  })

  describe('proactive', () => {
    it.each(['openai/gpt-5', 'openai:gpt-5', { provider: 'openai.responses', modelId: 'gpt-5' }, createOpenAI({ apiKey: 'k' }).responses('gpt-5')])(
      'drops only the orphaned reasoning item for %j',
      (model) => {
        const prompt = deepFreeze(cancelledTurnPrompt())
        const next = apply({ prompt, model })!
        // the reasoning-only message is gone; the paired item and its answer stay, same objects
        expect(next).toEqual([prompt[0], prompt[2], prompt[3], prompt[4]])
        expect(next[2]).toBe(prompt[3])
      },
    )

    it.each(['openai-chat/gpt-5', 'anthropic/claude-sonnet-4-5', { provider: 'openai.chat', modelId: 'gpt-5' }, 'cerebras/gpt-oss-120b'])(
      'leaves the prompt alone for %j (no reasoning items on that wire)',
      (model) => {
        expect(apply({ prompt: deepFreeze(cancelledTurnPrompt()), model })).toBeUndefined()
      },
    )

    it('leaves a well-paired history alone (undefined: nothing copied)', () => {
      expect(apply({ prompt: deepFreeze(mixedPrompt()), model: 'openai/gpt-5' })).toBeUndefined()
    })

    it('finds every shape of orphan: before a user turn, a tool result, another reasoning item, at the end', () => {
      const prompt: LanguageModelPrompt = [
        user('q'),
        { role: 'assistant', content: [rs('rs_a'), rs('rs_b'), { type: 'tool-call', toolCallId: 'c1', toolName: 't', input: {} }] },
        { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 't', output: { type: 'text', value: 'r' } }] },
        { role: 'assistant', content: [rs('rs_c')] },
        user('q2'),
        { role: 'assistant', content: [said('answer', 'msg_d'), rs('rs_e')] },
      ]
      expect(orphanReasoningParts(prompt)).toEqual([
        { messageIndex: 1, partIndex: 0 },
        { messageIndex: 3, partIndex: 0 },
        { messageIndex: 5, partIndex: 1 },
      ])
    })

    it('judges by position, not by id: the same rs_ id paired in one message and orphaned in another', () => {
      const prompt: LanguageModelPrompt = [
        user('q'),
        { role: 'assistant', content: [rs('rs_same'), said('a', 'msg_1')] },
        user('q2'),
        { role: 'assistant', content: [rs('rs_same')] },
        user('q3'),
      ]
      expect(orphanReasoningParts(prompt)).toEqual([{ messageIndex: 3, partIndex: 0 }])
      // and the result does not depend on which copy comes first
      expect(orphanReasoningParts([prompt[0]!, prompt[3]!, prompt[2]!, prompt[1]!, prompt[4]!])).toEqual([{ messageIndex: 1, partIndex: 0 }])
    })

    it('treats summary parts of one item (same id in one message) as one item, as @ai-sdk/openai merges them', () => {
      const prompt: LanguageModelPrompt = [user('q'), { role: 'assistant', content: [rs('rs_1', 'part one'), rs('rs_1', 'part two'), said('a', 'msg_1')] }]
      expect(orphanReasoningParts(prompt)).toEqual([])
      const cut: LanguageModelPrompt = [user('q'), { role: 'assistant', content: [rs('rs_1', 'part one'), rs('rs_1', 'part two')] }, user('q2')]
      expect(orphanReasoningParts(cut)).toEqual([
        { messageIndex: 1, partIndex: 0 },
        { messageIndex: 1, partIndex: 1 },
      ])
    })

    it('ignores reasoning the SDK does not send as an item (no OpenAI item id or encrypted content)', () => {
      const prompt: LanguageModelPrompt = [user('q'), { role: 'assistant', content: [{ type: 'reasoning', text: 'foreign' }] }, user('q2')]
      expect(orphanReasoningParts(prompt)).toEqual([])
      const encrypted: LanguageModelPrompt = [
        user('q'),
        { role: 'assistant', content: [{ type: 'reasoning', text: '', providerOptions: { openai: { reasoningEncryptedContent: 'gAAA' } } }] },
        user('q2'),
      ]
      expect(orphanReasoningParts(encrypted)).toEqual([{ messageIndex: 1, partIndex: 0 }])
    })

    it('detects an orphan by a cheap scan exactly when the wire-item mapping finds one (every prefix and every message dropped, each shape)', () => {
      const tool = { type: 'tool-call' as const, toolCallId: 'c1', toolName: 't', input: {} }
      const shapes: LanguageModelPrompt[] = [
        cancelledTurnPrompt(),
        mixedPrompt(),
        [
          user('q'),
          { role: 'assistant', content: [rs('rs_a'), rs('rs_b'), tool] },
          { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 't', output: { type: 'text', value: 'r' } }] },
          { role: 'assistant', content: [rs('rs_c')] },
          user('q2'),
          { role: 'assistant', content: [said('answer', 'msg_d'), rs('rs_e')] },
        ],
        [user('q'), { role: 'assistant', content: [rs('rs_1', 'one'), rs('rs_1', 'two'), said('a', 'msg_1')] }, user('q2')],
        [user('q'), { role: 'assistant', content: [rs('rs_1', 'one'), { type: 'reasoning', text: 'foreign' }, rs('rs_1', 'two'), tool] }],
        [
          user('q'),
          { role: 'assistant', content: [{ type: 'reasoning', text: '', providerOptions: { openai: { reasoningEncryptedContent: 'gAAA' } } }, said('a')] },
        ],
        [user('q'), { role: 'assistant', content: [rs('rs_f'), { type: 'file', data: 'AAAA', mediaType: 'image/png' }, said('a')] }],
      ]
      const variants = shapes.flatMap((prompt) => [
        ...prompt.map((_, end) => prompt.slice(0, end + 1)),
        ...prompt.map((_, drop) => prompt.filter((__, index) => index !== drop)),
      ])
      let orphaned = 0
      for (const prompt of variants) {
        const expected = orphanReasoningParts(prompt).length > 0
        expect(hasOrphanReasoning(prompt), JSON.stringify(prompt)).toBe(expected)
        if (expected) orphaned++
      }
      // both answers occur, so the agreement is not vacuous
      expect(orphaned).toBeGreaterThan(5)
      expect(variants.length - orphaned).toBeGreaterThan(5)
    })

    it('is deterministic: the same prompt always gives the same result', () => {
      const first = apply({ prompt: cancelledTurnPrompt(), model: 'openai/gpt-5' })
      expect(apply({ prompt: cancelledTurnPrompt(), model: 'openai/gpt-5' })).toEqual(first)
    })
  })

  describe('reactive', () => {
    const reasoning = (id: string): MessagePart => ({
      type: 'reasoning',
      reasoning: `thinking ${id}`,
      details: [{ type: 'text', text: `thinking ${id}` }],
      providerMetadata: { openai: { itemId: id } },
    })
    const text = (value: string, itemId?: string): MessagePart => ({
      type: 'text',
      text: value,
      ...(itemId ? { providerMetadata: { openai: { itemId } } } : {}),
    })
    const pendingCall: MessagePart = { type: 'tool-invocation', toolInvocation: { toolCallId: 'call_9', toolName: 'refund', args: {}, state: 'call' } }

    it('removes the stored orphaned reasoning of a cancelled tool turn and keeps everything else', () => {
      const messages: StoredMessage[] = [
        storedMessage('m1', 'user', [text('refund?')]),
        storedMessage('m2', 'assistant', [reasoning('rs_ok'), text('Checking.', 'msg_ok'), toolPart('call_1')]),
        storedMessage('m3', 'assistant', [{ type: 'step-start' }, reasoning('rs_cut'), pendingCall]),
        storedMessage('m4', 'user', [text('hello?')]),
      ]
      expect(removeOrphanReasoning(messages)).toBe(true)
      expect(messages[1]!.content.parts.map((part) => part.type)).toEqual(['reasoning', 'text', 'tool-invocation'])
      expect(messages[2]!.content.parts).toEqual([{ type: 'step-start' }, pendingCall])
      expect(removeOrphanReasoning(messages)).toBe(false)
    })

    it('maps a prompt position back to the right stored part when a message is split at tool steps', () => {
      // one stored message -> [rs_a, call] [tool result] [rs_b] : only rs_b is orphaned
      const messages: StoredMessage[] = [
        storedMessage('m1', 'user', [text('q')]),
        storedMessage('m2', 'assistant', [reasoning('rs_a'), toolPart('call_1'), reasoning('rs_b')]),
        storedMessage('m3', 'user', [text('q2')]),
      ]
      expect(removeOrphanReasoning(messages)).toBe(true)
      const left = messages[1]!.content.parts.flatMap((part) => (part.type === 'reasoning' ? [part.providerMetadata?.openai?.itemId] : []))
      expect(left).toEqual(['rs_a'])
    })

    it('after a rejection with no adjacent orphan, removes reasoning whose answer lost its OpenAI item id', () => {
      const messages: StoredMessage[] = [
        storedMessage('m1', 'user', [text('q')]),
        storedMessage('m2', 'assistant', [reasoning('rs_1'), text('edited answer')]),
        storedMessage('m3', 'assistant', [reasoning('rs_2'), text('kept', 'msg_2')]),
        storedMessage('m4', 'user', [text('q2')]),
      ]
      expect(removeOrphanReasoning(messages)).toBe(true)
      expect(messages[1]!.content.parts).toEqual([text('edited answer')])
      expect(messages[2]!.content.parts).toHaveLength(2)
    })

    it('returns false when nothing is orphaned (the rejection is then not retried)', () => {
      const messages = [storedMessage('m1', 'user', [text('q')]), storedMessage('m2', 'assistant', [reasoning('rs_1'), text('a', 'msg_1')])]
      const before = structuredClone(messages)
      expect(removeOrphanReasoning(messages)).toBe(false)
      expect(messages).toEqual(before)
    })
  })
})
