import { describe, expect, it } from 'vitest'
import { geminiMissingThoughtSignatureError } from '../provider-error-presets.ts'
import { googleDialect, googleOpenAICompatibleDialect, isGemini3Model } from './google.ts'

const call = (name: string, thoughtSignature?: string) => ({ functionCall: { name, args: {} }, ...(thoughtSignature ? { thoughtSignature } : {}) })
const response = (name: string) => ({ functionResponse: { name, response: {} } })
const check = (model: string, contents: unknown[]) => googleDialect.rejectStrict?.({ contents }, { model })

describe('the strict Gemini dialect', () => {
  it('enforces signatures for Gemini 3 and later only', () => {
    expect(['gemini-3-pro-preview', 'gemini-flash-latest', 'gemini-3.1-flash'].map(isGemini3Model)).toEqual([true, true, true])
    expect(['gemini-2.5-flash', 'gemini-1.5-pro', 'gpt-4o'].map(isGemini3Model)).toEqual([false, false, false])
    expect(
      check('gemini-2.5-flash', [
        { role: 'user', parts: [{ text: 'q' }] },
        { role: 'model', parts: [call('get_weather')] },
      ]),
    ).toBeUndefined()
  })

  it("checks the current turn's first call of each answer; a placeholder or a signature passes", () => {
    const question = { role: 'user', parts: [{ text: 'q' }] }
    const unsigned = { role: 'model', parts: [call('get_weather')] }
    expect(check('gemini-3-pro-preview', [question, unsigned, { role: 'user', parts: [response('get_weather')] }])).toEqual(
      geminiMissingThoughtSignatureError('get_weather', 2),
    )
    // an earlier turn is not validated
    expect(check('gemini-3-pro-preview', [question, unsigned, { role: 'user', parts: [response('get_weather')] }, question])).toBeUndefined()
    // parallel calls: only the first carries the signature
    expect(check('gemini-3-pro-preview', [question, { role: 'model', parts: [call('a', 'skip_thought_signature_validator'), call('b')] }])).toBeUndefined()
  })

  it('reads the signature of the OpenAI-compatible endpoint from extra_content, and answers in an array', () => {
    const messages = (extra?: unknown) => [
      { role: 'user', content: 'q' },
      {
        role: 'assistant',
        tool_calls: [{ id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{}' }, ...(extra ? { extra_content: extra } : {}) }],
      },
    ]
    const check = (body: unknown) => googleOpenAICompatibleDialect.rejectStrict?.(body, { model: 'gemini-3-pro-preview' })
    expect(check({ messages: messages() })).toEqual(geminiMissingThoughtSignatureError('get_weather', 2, 'openai-compatible'))
    expect(check({ messages: messages({ google: { thought_signature: 'SIG' } }) })).toBeUndefined()
  })

  it('reads the history a request holds: thoughts are not texts, a call without an id is named by its order', () => {
    const body = {
      systemInstruction: { parts: [{ text: 'be brief' }] },
      contents: [
        { role: 'model', parts: [{ text: 'thinking', thought: true }, { functionCall: { name: 'f', args: {} } }, { functionCall: { name: 'f', args: {} } }] },
        { role: 'user', parts: [{ functionResponse: { name: 'f', response: {} } }] },
      ],
    }
    expect(googleDialect.readHistory?.(body, { model: 'm', nextId: (prefix: string) => prefix, storedItems: new Map<string, unknown>() })).toEqual({
      texts: ['be brief'],
      toolCalls: [
        { id: 'f#1', name: 'f' },
        { id: 'f#2', name: 'f' },
      ],
      toolResultIds: ['f#1'],
    })
  })
})
