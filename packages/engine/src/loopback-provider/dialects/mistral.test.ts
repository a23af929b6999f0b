import { describe, expect, it } from 'vitest'
import { mistralToolCallIdError } from '../provider-error-presets.ts'
import { mistralDialect } from './mistral.ts'

const check = (messages: unknown[]) => mistralDialect.rejectStrict?.({ messages }, { model: 'mistral-large-latest' })
const exchange = (callId: string, resultId = callId) => [
  { role: 'user', content: 'q' },
  { role: 'assistant', content: '', tool_calls: [{ id: callId, type: 'function', function: { name: 'get_weather', arguments: '{}' } }] },
  { role: 'tool', tool_call_id: resultId, name: 'get_weather', content: '{}' },
]

describe('the strict Mistral dialect', () => {
  it('accepts nine letters or digits, on the call and on its result', () => {
    expect(check(exchange('aB3dE6gH9'))).toBeUndefined()
  })

  it('names the first other id it meets, on a call or on a result', () => {
    expect(check(exchange('call_0fypS1hVX'))).toEqual(mistralToolCallIdError('call_0fypS1hVX'))
    expect(check(exchange('aB3dE6gH9', 'aB3dE6gH'))).toEqual(mistralToolCallIdError('aB3dE6gH'))
  })

  it('renders its own calls with ids it would accept', () => {
    const rendered = mistralDialect.renderSuccess(
      { kind: 'success', toolCalls: [{ name: 'get_weather', args: {} }] },
      { model: 'm', nextId: (prefix) => `${prefix}42`, storedItems: new Map() },
    )
    expect(JSON.stringify(rendered.json)).toMatch(/"id":"[a-zA-Z0-9]{9}"/)
  })
})
