import { describe, expect, it } from 'vitest'
import { storedMessage, toolPart } from '../processors/provider-history-compat/test-fixtures.ts'
import { expectedWireHistory, silentDrops } from './silent-drops.ts'

const history = [
  storedMessage('m1', 'user', [{ type: 'text', text: 'Weather?' }]),
  storedMessage('m2', 'assistant', [toolPart('call_1'), { type: 'text', text: 'Sunny.' }]),
]

describe('silentDrops', () => {
  it('finds nothing when every text and every answered call arrived (ids may be rewritten)', () => {
    const wire = { texts: ['Weather?', 'Sunny. More.'], toolCalls: [{ id: 'x1', name: 'get_weather' }], toolResultIds: ['x1'] }
    expect(silentDrops(expectedWireHistory(history), wire)).toEqual([])
  })

  it('names a dropped text, a dropped call and a call sent without its result', () => {
    expect(silentDrops(expectedWireHistory(history), { texts: ['Weather?'], toolCalls: [], toolResultIds: [] })).toEqual([
      'text dropped: "Sunny."',
      '1 call(s) of get_weather dropped (or sent without a result)',
    ])
    expect(
      silentDrops(expectedWireHistory(history), { texts: ['Weather?', 'Sunny.'], toolCalls: [{ id: 'x1', name: 'get_weather' }], toolResultIds: [] }),
    ).toEqual(['call x1 (get_weather) sent without its result', '1 call(s) of get_weather dropped (or sent without a result)'])
  })
})
