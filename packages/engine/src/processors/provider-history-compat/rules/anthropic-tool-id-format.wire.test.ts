// Anthropic on the wire: the real @ai-sdk/anthropic against the strict loopback
// dialect, which answers Anthropic's verbatim 400 for a tool_use id outside
// ^[a-zA-Z0-9_-]+$ (another provider's, e.g. Kimi's `functions.get_weather:0`).
// The spec makes this repair reactive (anthropic-tool-id-format): the first
// request goes out as stored, even with the compiler on, and the one retry
// carries the repaired ids, call and result alike.
import { createAnthropic } from '@ai-sdk/anthropic'
import { describe, expect, it } from 'vitest'
import { reply } from '../../../loopback-provider/fake-replies.ts'
import { anthropicInvalidToolUseIdError } from '../../../loopback-provider/provider-error-presets.ts'
import { useFakeProvider } from '../../../testing/use-fake-provider.ts'
import { foreignCallTurn, providerErrorOf, wireAgent, wireDrops, type WireCompat } from '../wire-test-kit.ts'

const server = useFakeProvider({ strict: true })

const anthropic = () => createAnthropic({ baseURL: server.baseUrl('anthropic'), apiKey: 'test' }).messages('claude-sonnet-4-5')
const KIMI_ID = 'functions.get_weather:0'

describe('Anthropic tool-call ids on the wire (@ai-sdk/anthropic)', () => {
  it('the strict dialect refuses a foreign tool_use id with the verbatim 400', async () => {
    server.enqueue('anthropic', reply.text('never sent'))
    const error = await providerErrorOf(wireAgent(anthropic(), 'off').generate(foreignCallTurn(KIMI_ID)))
    expect(error.statusCode).toBe(400)
    expect(error.responseBody).toBe(JSON.stringify(anthropicInvalidToolUseIdError(1, 0).body))
  })

  it.each<WireCompat>(['on', 'reactive-only'])(
    'compiler %s: the first request carries the stored id, anthropic-tool-id-format repairs it in one retry',
    async (compat) => {
      server.enqueue('anthropic', reply.text('Sunny.'))
      const result = await wireAgent(anthropic(), compat).generate(foreignCallTurn(KIMI_ID))
      expect(result.retries).toBe(1)
      expect(server.requests.map((request) => request.status)).toEqual([400, 200])
      expect(server.readHistory(server.requests[0]!)?.toolCalls).toEqual([{ id: KIMI_ID, name: 'get_weather' }])
      const repaired = server.readHistory(server.requests[1]!)
      expect(repaired?.toolCalls).toEqual([{ id: 'functions_get_weather_0', name: 'get_weather' }])
      expect(repaired?.toolResultIds).toEqual(['functions_get_weather_0'])
      expect(wireDrops(server, 1, ['Weather in Paris?'])).toEqual([])
    },
  )
})
