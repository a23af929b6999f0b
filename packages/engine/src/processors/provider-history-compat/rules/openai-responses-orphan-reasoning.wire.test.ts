// The orphaned-reasoning rule on the wire: the real @ai-sdk/openai (Responses
// API, through the Agent's 'openai/<id>' model string) against the loopback
// fake provider, which answers OpenAI's exact 400 for a reasoning item sent
// without its following item.
import { APICallError } from '@ai-sdk/provider'
import { describe, expect, it } from 'vitest'
import { Agent } from '../../../agent/agent.ts'
import type { AgentInputMessage } from '../../../agent/types.ts'
import type { MessagePart } from '../../../messages/types.ts'
import { reply } from '../../../loopback-provider/fake-replies.ts'
import { openaiResponsesReasoningWithoutFollowingItem } from '../../../loopback-provider/provider-error-presets.ts'
import { useFakeProvider } from '../../../testing/use-fake-provider.ts'
import { ProviderHistoryCompat } from '../provider-history-compat.ts'

const server = useFakeProvider({ envFor: ['openai'] })

const bodyText = (index: number) => JSON.stringify(server.requests[index]?.body)

const reasoning = (itemId: string): MessagePart => ({
  type: 'reasoning',
  reasoning: `thinking ${itemId}`,
  details: [{ type: 'text', text: `thinking ${itemId}` }],
  providerMetadata: { openai: { itemId } },
})
const text = (value: string, itemId?: string): MessagePart => ({ type: 'text', text: value, ...(itemId ? { providerMetadata: { openai: { itemId } } } : {}) })

const withCompat = () => new Agent({ id: 'o', name: 'o', instructions: '', model: 'openai/gpt-5', inputProcessors: [new ProviderHistoryCompat()] })
const withoutCompat = () => new Agent({ id: 'o', name: 'o', instructions: '', model: 'openai/gpt-5' })

/** A cancelled turn: the reasoning was stored, its answer never came. */
const cancelledTurn: AgentInputMessage[] = [
  { role: 'user', content: 'Plan the refund' },
  { role: 'assistant', content: [reasoning('rs_cut')] },
  { role: 'user', content: 'Hello?' },
  { role: 'assistant', content: [reasoning('rs_ok'), text('Here is the plan.', 'msg_ok')] },
  { role: 'user', content: 'Thanks, go on' },
]

/** The answer was edited (or written by another provider): it lost its OpenAI item id, so rs_1 has no following item of its own. */
const editedAnswer: AgentInputMessage[] = [
  { role: 'user', content: 'Plan the refund' },
  { role: 'assistant', content: [reasoning('rs_1'), text('An edited plan.')] },
  { role: 'user', content: 'Go on' },
]

describe('openai-responses-orphan-reasoning on the wire (@ai-sdk/openai, Responses API)', () => {
  it('proactive: the orphaned reasoning item never reaches /v1/responses; the paired one does', async () => {
    server.enqueue('openai', reply.text('Done.'))
    const result = await withCompat().generate(cancelledTurn)
    expect(result.text).toBe('Done.')
    expect(server.requests).toHaveLength(1)
    expect(server.requests[0]?.path).toMatch(/\/responses$/)
    expect(bodyText(0)).not.toContain('rs_cut')
    expect(bodyText(0)).toContain('rs_ok')
    expect(bodyText(0)).toContain('msg_ok')
  })

  it('without the rule the SDK does send it (the test above can fail)', async () => {
    server.enqueue('openai', reply.text('Done.'))
    await withoutCompat().generate(cancelledTurn)
    expect(bodyText(0)).toContain('rs_cut')
  })

  it("reactive: OpenAI's exact 400, as @ai-sdk/openai raises it, repairs the history and retries once", async () => {
    server.enqueue('openai', openaiResponsesReasoningWithoutFollowingItem, reply.text('Retried fine.'))
    const result = await withCompat().generate(editedAnswer)
    expect(result.text).toBe('Retried fine.')
    expect(result.retries).toBe(1)
    expect(server.requests).toHaveLength(2)
    expect(bodyText(0)).toContain('rs_1')
    expect(bodyText(1)).not.toContain('rs_1')
    expect(bodyText(1)).toContain('An edited plan.')
  })

  it('without the rule the same answer is a failed turn carrying that error', async () => {
    server.enqueue('openai', openaiResponsesReasoningWithoutFollowingItem)
    const failure = await withoutCompat()
      .generate(editedAnswer)
      .then(
        () => undefined,
        (error: unknown) => error,
      )
    const apiError = failure instanceof Error && APICallError.isInstance(failure.cause) ? failure.cause : failure
    expect(APICallError.isInstance(apiError)).toBe(true)
    expect((apiError as APICallError).statusCode).toBe(400)
    expect((apiError as APICallError).message).toContain("of type 'reasoning' was provided without its required following item")
  })
})
