import { ProviderHistoryCompat, toPrompt, type CompatRule, type LanguageModelPrompt, type StoredMessage } from '@threadline/engine'
import { storedMessage, toolPart } from '@threadline/engine/testing'
import { describe, expect, it } from 'vitest'
import { checkCompiledContent, promptWireHistory } from './dropped-content.ts'

const history: StoredMessage[] = [
  storedMessage('m1', 'user', [{ type: 'text', text: 'Weather in Paris?' }]),
  storedMessage('m2', 'assistant', [
    { type: 'reasoning', reasoning: 'THOUGHT-1', details: [{ type: 'text', text: 'THOUGHT-1' }] },
    toolPart('call_1'),
    { type: 'text', text: 'Sunny, 21 °C.' },
  ]),
]

type PromptPart = Exclude<LanguageModelPrompt[number]['content'][number], string>

/** A custom rule that keeps the prompt's messages but filters each one's parts (a system message's string stays). */
const filterParts = (name: string, keep: (part: PromptPart) => boolean): CompatRule => ({
  name,
  applyToPrompt: ({ prompt }) =>
    prompt.map((message) => (message.role === 'system' ? message : { ...message, content: message.content.filter(keep) })) as LanguageModelPrompt,
})

/** The compiler's run on the history for `model`, with `rules` after the built-in ones, checked. */
function check(model: string, rules: CompatRule[] = []) {
  const prompt = toPrompt(history)
  const verdict = new ProviderHistoryCompat({ additionalRules: rules }).explain({ prompt, model, messages: [], retryCount: 0 })
  return checkCompiledContent(history, prompt, verdict.proactive.rules)
}

describe('checkCompiledContent', () => {
  it('finds nothing dropped when the built-in rules compile the history', () => {
    expect(check('openai/gpt-4o')).toEqual({ dropped: [], transformed: [] })
  })

  it('names the custom rule that dropped a text, not a later rule that changed the prompt too', () => {
    const dropSunny = filterParts('drop-sunny', (part) => !(part.type === 'text' && part.text.startsWith('Sunny')))
    const shout: CompatRule = {
      name: 'shout',
      applyToPrompt: ({ prompt }) =>
        prompt.map((message) =>
          message.role === 'user'
            ? { ...message, content: message.content.map((part) => (part.type === 'text' ? { ...part, text: part.text.toUpperCase() } : part)) }
            : message,
        ),
    }
    expect(check('openai/gpt-4o', [dropSunny, shout]).dropped).toEqual([
      { rule: 'drop-sunny', texts: ['Sunny, 21 °C.'], calls: [] },
      { rule: 'shout', texts: ['Weather in Paris?'], calls: [] },
    ])
  })

  it('names the rule that dropped a call with its result (the pairing check lets a pair go)', () => {
    const dropWeatherCalls = filterParts('drop-weather-calls', (part) => !('toolName' in part && part.toolName === 'get_weather'))
    expect(check('openai/gpt-4o', [dropWeatherCalls]).dropped).toEqual([{ rule: 'drop-weather-calls', texts: [], calls: ['get_weather'] }])
  })

  it('reports stripped reasoning as a transformation by the rule that stripped it, not as a drop', () => {
    expect(check('cerebras/llama')).toEqual({ dropped: [], transformed: [{ rule: 'cerebras-strip-reasoning-content', reasoningParts: 1 }] })
  })

  it('reads a prompt as the dialects read a request: tool results are no texts, provider-executed calls are answered in place', () => {
    const prompt: LanguageModelPrompt = [
      { role: 'system', content: 'Be brief.' },
      {
        role: 'assistant',
        content: [
          { type: 'tool-call', toolCallId: 'c1', toolName: 'lookup', input: {} },
          { type: 'tool-call', toolCallId: 'web', toolName: 'web_search', input: {}, providerExecuted: true },
        ],
      },
      { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'lookup', output: { type: 'text', value: 'found' } }] },
    ]
    expect(promptWireHistory(prompt)).toEqual({ texts: ['Be brief.'], toolCalls: [{ id: 'c1', name: 'lookup' }], toolResultIds: ['c1'] })
  })
})
