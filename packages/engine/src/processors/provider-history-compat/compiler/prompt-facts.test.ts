import { describe, expect, it } from 'vitest'
import type { LanguageModelPrompt } from '../../types.ts'
import {
  HAS_INVALID_TOOL_CALL_ID,
  HAS_INVALID_TOOL_NAME,
  HAS_REASONING,
  HAS_REPEATED_ROLE,
  HAS_UNSIGNED_CALL,
  MAY_BE_UNPAIRED,
  promptFacts,
} from './prompt-facts.ts'
import { assistantText, call, calls, result, results, user } from './test-prompts.ts'
import { toolPairingIssue } from './tool-pairing.ts'

const signed = (id: string) => call(id, 'get_weather', { google: { thoughtSignature: 'sig' } })
const reasoning: LanguageModelPrompt[number] = {
  role: 'assistant',
  content: [
    { type: 'reasoning', text: 'thinking' },
    { type: 'text', text: 'hi' },
  ],
}

describe('promptFacts', () => {
  it('finds nothing in a paired, alternating, signed prompt with valid IDs and names', () => {
    const prompt = [user('q'), calls(signed('a'), signed('b')), results(result('a'), result('b')), assistantText('21')]
    expect(
      promptFacts(
        prompt,
        () => true,
        () => true,
      ),
    ).toBe(0)
  })

  it('reports each fact it finds', () => {
    expect(promptFacts([user('q'), reasoning])).toBe(HAS_REASONING)
    expect(promptFacts([user('q'), user('again')])).toBe(HAS_REPEATED_ROLE)
    expect(promptFacts([user('q'), calls(call('a')), results(result('a'))])).toBe(HAS_UNSIGNED_CALL)
    const prompt = [user('q'), calls(signed('call.1')), results(result('call.1'))]
    expect(
      promptFacts(
        prompt,
        (id) => !id.includes('.'),
        () => true,
      ),
    ).toBe(HAS_INVALID_TOOL_CALL_ID)
    expect(
      promptFacts(
        prompt,
        () => true,
        (name) => name !== 'get_weather',
      ),
    ).toBe(HAS_INVALID_TOOL_NAME)
  })

  it('reports MAY_BE_UNPAIRED for an orphan call, a stray result, two calls with one ID and results out of order', () => {
    const unpaired: LanguageModelPrompt[] = [
      [user('q'), calls(signed('a'))],
      [user('q'), calls(signed('a')), user('never mind')],
      [user('q'), results(result('a'))],
      [user('q'), calls(signed('a')), results(result('a'), result('a'))],
      [user('q'), calls(signed('a'), signed('a')), results(result('a'), result('a'))],
      [user('q'), calls(signed('a'), signed('b')), results(result('b'), result('a'))],
    ]
    for (const prompt of unpaired) expect(promptFacts(prompt) & MAY_BE_UNPAIRED).toBe(MAY_BE_UNPAIRED)
    // conservative only: results out of order are paired all the same, which the exact check (tool-pairing.ts) says
    expect(toolPairingIssue(unpaired[5] ?? [])).toBeUndefined()
    expect(unpaired.slice(0, 5).map((prompt) => toolPairingIssue(prompt) === undefined)).toEqual([false, false, false, false, false])
  })

  it('proves pairing across several tool messages and past provider-executed calls', () => {
    const providerExecuted = { ...call('web'), providerExecuted: true }
    const prompt = [user('q'), calls(signed('a'), providerExecuted, signed('b')), results(result('a')), results(result('b')), assistantText('ok')]
    expect(promptFacts(prompt) & MAY_BE_UNPAIRED).toBe(0)
  })
})
