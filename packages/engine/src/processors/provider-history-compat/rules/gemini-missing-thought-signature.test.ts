import { describe, expect, it } from 'vitest'
import {
  geminiMissingThoughtSignature as nativePreset,
  geminiOpenAICompatibleMissingThoughtSignature,
} from '../../../loopback-provider/provider-error-presets.ts'
import type { MessagePart } from '../../../messages/types.ts'
import { matchReactiveRules } from '../reactive-rules.ts'
import { storedMessage, toolResult } from '../test-fixtures.ts'
import { SKIP_THOUGHT_SIGNATURE_VALIDATOR } from '../compiler/gemini-thought-signature-placeholder.ts'
import { addThoughtSignaturePlaceholders, geminiMissingThoughtSignature } from './gemini-missing-thought-signature.ts'

const call = (toolCallId: string, signature?: string): MessagePart => ({
  type: 'tool-invocation',
  toolInvocation: toolResult(toolCallId),
  ...(signature === undefined ? {} : { providerMetadata: { google: { thoughtSignature: signature } } }),
})
const signatures = (parts: MessagePart[]) => parts.flatMap((p) => (p.type === 'tool-invocation' ? [p.providerMetadata?.google?.thoughtSignature] : []))

describe('gemini-missing-thought-signature', () => {
  it("matches Gemini 3's 400 from the native and the OpenAI-compatible endpoint", () => {
    for (const preset of [nativePreset, geminiOpenAICompatibleMissingThoughtSignature]) {
      expect(matchReactiveRules([geminiMissingThoughtSignature], new Error(JSON.stringify(preset.body)))).toHaveLength(1)
    }
  })

  it("gives foreign calls the placeholder and leaves Gemini's own signed answer alone, its unsigned parallel calls included", () => {
    const foreign = storedMessage('m1', 'assistant', [{ type: 'step-start' }, call('call_a'), call('call_b')])
    const own = storedMessage('m2', 'assistant', [{ type: 'step-start' }, call('fc_1', 'SIG'), call('fc_2'), { type: 'step-start' }, call('call_c')])
    expect(addThoughtSignaturePlaceholders([foreign, own])).toBe(true)
    expect(signatures(foreign.content.parts)).toEqual([SKIP_THOUGHT_SIGNATURE_VALIDATOR, SKIP_THOUGHT_SIGNATURE_VALIDATOR])
    expect(signatures(own.content.parts)).toEqual(['SIG', undefined, SKIP_THOUGHT_SIGNATURE_VALIDATOR])
  })

  it('keeps the other providers metadata of a call, and changes nothing twice', () => {
    const message = storedMessage('m1', 'assistant', [
      { type: 'tool-invocation', toolInvocation: toolResult('call_a'), providerMetadata: { openai: { itemId: 'fc_x' } } },
    ])
    expect(addThoughtSignaturePlaceholders([message])).toBe(true)
    expect(message.content.parts[0]).toMatchObject({
      providerMetadata: { openai: { itemId: 'fc_x' }, google: { thoughtSignature: SKIP_THOUGHT_SIGNATURE_VALIDATOR } },
    })
    expect(addThoughtSignaturePlaceholders([message])).toBe(false)
  })
})
