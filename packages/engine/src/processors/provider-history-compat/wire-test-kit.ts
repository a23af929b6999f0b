// What the per-family wire tests (rules/*.wire.test.ts) share: a tool the
// model calls, a stored history that continues a turn with another provider's
// call, the store -> load round trip, and the provider error a failed turn carries.
import type { LanguageModelV3 } from '@ai-sdk/provider'
import { APICallError, tool } from 'ai'
import { z } from 'zod'
import { Agent } from '../../agent/agent.ts'
import type { FakeProviderServer } from '../../loopback-provider/fake-provider-server.ts'
import { requestDrops } from '../../loopback-provider/silent-drops.ts'
import type { AgentInputMessage, AgentResult } from '../../agent/types.ts'
import type { MessagePart, StoredMessage } from '../../messages/types.ts'
import { ProviderHistoryCompat } from './provider-history-compat.ts'
import { reactiveOnly } from './reactive-only.ts'

export const weatherTool = tool({
  description: 'Current weather of a city',
  inputSchema: z.object({ city: z.string() }),
  execute: ({ city }) => Promise.resolve({ city, temperature: 21 }),
})

/** How much of ProviderHistoryCompat a wire agent runs: none, all of it, or only its reactive repair. */
export type WireCompat = 'off' | 'on' | 'reactive-only'

/** An agent on `model` with the weather tool and ProviderHistoryCompat as `compat` says. */
export function wireAgent(model: LanguageModelV3, compat: WireCompat): Agent {
  const processors = { off: [], on: [new ProviderHistoryCompat()], 'reactive-only': [reactiveOnly(new ProviderHistoryCompat())] }[compat]
  return new Agent({
    id: 'wire',
    name: 'wire',
    instructions: 'Answer briefly.',
    model,
    tools: { get_weather: weatherTool },
    inputProcessors: processors,
  })
}

/** A stored message as storage gives it back: JSON in, JSON out (dates aside). */
function storedAndLoaded(message: StoredMessage): MessagePart[] {
  return (JSON.parse(JSON.stringify(message)) as StoredMessage).content.parts
}

/**
 * The target's own history, continued: a first turn (streamed) in which the
 * model calls the weather tool and answers, then a second turn (JSON) that
 * replays it as storage gives it back. Returns the first turn.
 */
export async function ownHistoryRoundTrip(model: () => LanguageModelV3): Promise<AgentResult> {
  const first = await wireAgent(model(), 'off').stream('Weather in Paris?').result
  await wireAgent(model(), 'off').generate([
    { role: 'user', content: 'Weather in Paris?' },
    { role: 'assistant', content: storedAndLoaded(first.response) },
    { role: 'user', content: 'And tomorrow?' },
  ])
  return first
}

/** The texts a round trip's second request must carry. */
export const ROUND_TRIP_TEXTS = ['Weather in Paris?', 'Sunny, 21 degrees.', 'And tomorrow?']

/** A turn another provider started: the user's question and its answered call (`toolCallId`), continued on the target. */
export function foreignCallTurn(toolCallId: string): AgentInputMessage[] {
  return [
    { role: 'user', content: 'Weather in Paris?' },
    {
      role: 'assistant',
      content: [
        { type: 'step-start' },
        {
          type: 'tool-invocation',
          toolInvocation: { toolCallId, toolName: 'get_weather', args: { city: 'Paris' }, state: 'result', result: { city: 'Paris', temperature: 21 } },
        },
      ],
    },
  ]
}

/** The APICallError a failed turn carries (itself or as its cause). */
export async function providerErrorOf(turn: Promise<unknown>): Promise<APICallError> {
  const failure = await turn.then(
    () => undefined,
    (error: unknown) => error,
  )
  const apiError = failure instanceof Error && APICallError.isInstance(failure.cause) ? failure.cause : failure
  if (!APICallError.isInstance(apiError)) throw new Error(`expected a provider error, got ${String(failure)}`)
  return apiError
}

/** What request `index` dropped of `texts` and of the answered calls (by default one get_weather): the no-silent-drop check. */
export function wireDrops(server: FakeProviderServer, index: number, texts: readonly string[], toolCalls = [{ name: 'get_weather' }]): string[] {
  return requestDrops(server, server.requests[index], { texts: [...texts], toolCalls }, `request ${index}`)
}
