import { describe, expect, it } from 'vitest'
import { bedrockConversationNotAlternating, bedrockFirstMessageNotUser, bedrockInvalidToolName } from '../provider-error-presets.ts'
import { bedrockDialect } from './bedrock.ts'

const check = (messages: unknown[]) => bedrockDialect.rejectStrict?.({ messages }, { model: 'm' })
const user = (...content: unknown[]) => ({ role: 'user', content })
const assistant = (...content: unknown[]) => ({ role: 'assistant', content })
const toolUse = (toolUseId: string, name = 'get_weather') => ({ toolUse: { toolUseId, name, input: {} } })
const toolResult = (toolUseId: string) => ({ toolResult: { toolUseId, content: [{ text: 'ok' }] } })

describe('the strict Bedrock Converse dialect', () => {
  it('accepts an alternating conversation whose calls and results pair up', () => {
    expect(check([user({ text: 'q' }), assistant(toolUse('tooluse_1')), user(toolResult('tooluse_1')), assistant({ text: 'a' })])).toBeUndefined()
  })

  it("refuses a name outside [a-zA-Z0-9_-]{1,64} with AWS's wording: the length, then the pattern", () => {
    const name = `mcp.${'x'.repeat(64)}`
    expect(check([user({ text: 'q' }), assistant({ text: 'a' }), user({ text: 'q' }), assistant({ text: 'a' }, toolUse('tooluse_1', name))])).toEqual({
      ...bedrockInvalidToolName,
      body: {
        message: (bedrockInvalidToolName.body as { message: string }).message.replaceAll('messages.2.member.content.1', 'messages.4.member.content.2'),
      },
    })
  })

  it('refuses a first turn that is not the user, two turns of one role, and results without their calls', () => {
    expect(check([assistant({ text: 'a' }), user({ text: 'q' })])).toBe(bedrockFirstMessageNotUser)
    expect(check([user({ text: 'q' }), user({ text: 'q' })])).toBe(bedrockConversationNotAlternating)
    expect(check([user({ text: 'q' }), assistant({ text: 'a' }), user(toolResult('tooluse_1'))])).toMatchObject({
      status: 400,
      body: { message: 'The number of toolResult blocks at messages.2.content exceeds the number of toolUse blocks of previous turn.' },
    })
  })

  it('reads the history a request holds: texts, tool uses and tool results', () => {
    const body = { system: [{ text: 'be brief' }], messages: [user({ text: 'q' }), assistant(toolUse('t1')), user(toolResult('t1'))] }
    expect(bedrockDialect.readHistory?.(body, { model: 'm', nextId: (prefix: string) => prefix, storedItems: new Map<string, unknown>() })).toEqual({
      texts: ['be brief', 'q'],
      toolCalls: [{ id: 't1', name: 'get_weather' }],
      toolResultIds: ['t1'],
    })
  })
})
