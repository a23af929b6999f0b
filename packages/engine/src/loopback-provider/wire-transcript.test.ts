import { describe, expect, it } from 'vitest'
import { historyLosses, wireTranscript } from './wire-transcript.ts'

describe('wireTranscript / historyLosses', () => {
  it('reads texts, calls and results of each wire format alike', () => {
    const chat = {
      api: 'openai-chat' as const,
      body: {
        messages: [
          { role: 'system', content: 'be brief' },
          { role: 'user', content: [{ type: 'text', text: 'q' }] },
          { role: 'assistant', content: null, tool_calls: [{ id: 'c1', function: { name: 'f' } }] },
          { role: 'tool', tool_call_id: 'c1', content: '{}' },
        ],
      },
    }
    expect(wireTranscript(chat)).toEqual({ texts: ['be brief', 'q'], calls: [{ id: 'c1', name: 'f' }], results: ['c1'] })
    const google = {
      api: 'google-generate-content' as const,
      body: {
        systemInstruction: { parts: [{ text: 'be brief' }] },
        contents: [
          { role: 'model', parts: [{ text: 'thinking', thought: true }, { functionCall: { name: 'f', args: {} } }, { functionCall: { name: 'f', args: {} } }] },
          { role: 'user', parts: [{ functionResponse: { name: 'f', response: {} } }] },
        ],
      },
    }
    expect(wireTranscript(google)).toEqual({
      texts: ['be brief'],
      calls: [
        { id: 'f#1', name: 'f' },
        { id: 'f#2', name: 'f' },
      ],
      results: ['f#1'],
    })
    const bedrock = { api: 'bedrock-converse' as const, body: { messages: [{ role: 'user', content: [{ text: 'q' }, { toolResult: { toolUseId: 't9' } }] }] } }
    expect(wireTranscript(bedrock)).toEqual({ texts: ['q'], calls: [], results: ['t9'] })
  })

  it('names each call without its result, each result without its call, and each text that did not arrive', () => {
    const request = {
      api: 'bedrock-converse' as const,
      body: {
        messages: [
          { role: 'user', content: [{ text: 'Weather in Paris?' }] },
          { role: 'assistant', content: [{ toolUse: { toolUseId: 't1', name: 'get_weather' } }] },
          { role: 'user', content: [{ toolResult: { toolUseId: 't2' } }] },
        ],
      },
    }
    expect(historyLosses(request, { texts: ['Weather in Paris?', 'And tomorrow?'] })).toEqual([
      'tool call t1 (get_weather) has no result',
      'tool result t2 answers no call',
      'text "And tomorrow?" did not reach the provider',
    ])
    expect(historyLosses({ api: null, body: {} }, { texts: [] })).toEqual([])
  })
})
