// Issue 31: a turn's run parameters (temperature, maxTokens) are validated at
// the boundary, reach the provider's wire, and are recorded with the call: its
// prompt as sent, its reply and a cost estimate labelled by its price's source.
import { reply } from '@threadline/engine/testing'
import { useFakeProvider } from '@threadline/engine/testing/vitest'
import { beforeAll, expect, it } from 'vitest'
import { describeEachApi } from './testing/each-database.ts'
import { failureOf } from './testing/errors.ts'

const server = useFakeProvider({ envFor: ['anthropic'] })

async function drain(stream: AsyncIterable<unknown>): Promise<unknown[]> {
  const events: unknown[] = []
  for await (const event of stream) events.push(event)
  return events
}

describeEachApi('workbench run parameters', (getApi) => {
  // a turn counts its tokens on the sandbox pool: a worker started here, not within the turn's 10 s queue wait (a loaded machine)
  beforeAll(() => getApi().services.playground.warm(), 60_000)
  let n = 0
  async function thread(): Promise<{ threadId: string; resourceId: string }> {
    const api = getApi()
    // a resource of its own: no other thread's recall hits join the prompt
    const ids = { threadId: `run-parameters-${++n}`, resourceId: `run-parameters-resource-${n}-${Date.now()}` }
    await api.services.memory.createThread({ ...ids, title: ids.threadId })
    return ids
  }

  it('temperature and maxTokens reach the wire and the recorded call, with the prompt, the reply and a cost estimate', async () => {
    const api = getApi()
    const ids = await thread()
    // a model without a BPE of its own: its tokens are estimated in-process, not on the sandbox pool
    server.enqueue('anthropic', reply.text('Cool and short.'))
    await drain(
      await api.operator.workbench.turn.mutate({ ...ids, model: 'anthropic/claude-haiku-4-5', message: 'Be precise.', temperature: 0.2, maxTokens: 64 }),
    )
    expect(server.requests[0]!.body).toMatchObject({ temperature: 0.2, max_tokens: 64 })
    const [listed] = (await api.operator.calls.list.query({ threadId: ids.threadId })).calls
    const call = await api.operator.calls.get.query({ id: listed!.id })
    expect(call.parameters).toEqual({ temperature: 0.2, maxOutputTokens: 64 })
    expect(call.body?.prompt.at(-1)).toEqual({ role: 'user', content: [{ type: 'text', text: 'Be precise.' }] })
    expect(call.body?.reply).toEqual({ text: 'Cool and short.', toolCalls: [] })
    expect(call.costEstimate).toMatchObject({
      known: true,
      price: { provider: 'anthropic', modelId: 'claude-haiku-4-5', source: 'https://www.anthropic.com/pricing#api' },
    })
  })

  it.each([
    ['temperature', { temperature: 2.5 }],
    ['temperature', { temperature: -0.1 }],
    ['maxTokens', { maxTokens: 0 }],
    ['maxTokens', { maxTokens: 1.5 }],
    ['maxTokens', { maxTokens: 40_000 }],
  ])('%s out of its range is BAD_REQUEST naming the field, before any provider call: %j', async (field, parameters) => {
    const api = getApi()
    const ids = await thread()
    const failure = await failureOf(
      api.operator.workbench.turn.mutate({ ...ids, model: 'anthropic/claude-haiku-4-5', message: 'Hi', ...parameters }).then(drain),
    )
    expect(failure).toMatchObject({ code: 'BAD_REQUEST', httpStatus: 400 })
    expect(failure.issues?.map((issue) => issue.path)).toEqual([field])
    expect(server.requests).toHaveLength(0)
  })
})
