import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storedMessage, toolPart } from '../processors/provider-history-compat/test-fixtures.ts'
import { startFakeProvider, type FakeProviderServer } from './fake-provider-server.ts'
import { reply } from './fake-replies.ts'
import { expectedWireHistory, requestDrops, silentDrops } from './silent-drops.ts'

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
      '1 call of get_weather dropped (or sent without a result)',
    ])
    expect(
      silentDrops(expectedWireHistory(history), { texts: ['Weather?', 'Sunny.'], toolCalls: [{ id: 'x1', name: 'get_weather' }], toolResultIds: [] }),
    ).toEqual(['call x1 (get_weather) sent without its result', '1 call of get_weather dropped (or sent without a result)'])
  })
})

describe('requestDrops', () => {
  let server: FakeProviderServer
  beforeAll(async () => {
    server = await startFakeProvider({ fallback: () => reply.text('ok') })
  })
  afterAll(() => server.close())

  const post = (url: string, body: unknown) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer test' }, body: JSON.stringify(body) })

  it('reads what a recorded request sent, in its wire format, and names what it lost', async () => {
    await post(`${server.baseUrl('openai')}/chat/completions`, { model: 'gpt-4o', messages: [{ role: 'user', content: 'Weather?' }] })
    expect(requestDrops(server, server.requests.at(-1), expectedWireHistory(history), 'the request')).toEqual([
      'text dropped: "Sunny."',
      '1 call of get_weather dropped (or sent without a result)',
    ])
  })

  it('says a missing request, or one of no known format, could not be read', async () => {
    expect(requestDrops(server, undefined, expectedWireHistory(history), 'the accepted request')).toEqual(['the accepted request could not be read'])
    await post(`${server.baseUrl('openai')}/no-such-endpoint`, {})
    expect(requestDrops(server, server.requests.at(-1), expectedWireHistory(history), 'request 1')).toEqual(['request 1 could not be read'])
  })
})
