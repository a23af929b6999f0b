import { describe, expect, it } from 'vitest'
import {
  cerebrasReasoningContentUnsupported,
  groqReasoningUnsupported,
  groqReasoningUnsupportedError,
} from '../../../loopback-provider/provider-error-presets.ts'
import { storedMessage } from '../test-fixtures.ts'
import { GROQ_REASONING_ERROR_PATTERNS, groqReasoningUnsupported as rule } from './groq-reasoning-unsupported.ts'

const matches = (body: unknown) => GROQ_REASONING_ERROR_PATTERNS.some((pattern) => pattern.test(JSON.stringify(body)))

describe('groq-reasoning-unsupported', () => {
  it("matches Groq's 400 at any message index, not Cerebras' reasoning_content one", () => {
    expect(matches(groqReasoningUnsupported.body)).toBe(true)
    expect(matches(groqReasoningUnsupportedError(12).body)).toBe(true)
    expect(matches(cerebrasReasoningContentUnsupported.body)).toBe(false)
  })

  it('removes assistant reasoning, keeps texts and calls, and says when nothing changed', () => {
    const reasoning = { type: 'reasoning' as const, reasoning: 'hmm', details: [{ type: 'text' as const, text: 'hmm' }] }
    const messages = [storedMessage('m1', 'user', [{ type: 'text', text: 'Q' }]), storedMessage('m2', 'assistant', [reasoning, { type: 'text', text: 'A' }])]
    expect(rule.fix?.(messages)).toBe(true)
    expect(messages.map((m) => m.content.parts)).toEqual([[{ type: 'text', text: 'Q' }], [{ type: 'text', text: 'A' }]])
    expect(rule.fix?.(messages)).toBe(false)
  })
})
