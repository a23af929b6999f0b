// Issue 31: a turn's run parameters (temperature, maxTokens) are validated at
// the boundary, reach the provider's wire, and are recorded with the call: its
// prompt as sent, its reply and a cost estimate labelled by its price's source.
// Edit, regenerate and compare take the same parameters, to the same wire.
import { reply, textMessage } from '@threadline/engine/testing'
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

const model = 'anthropic/claude-haiku-4-5'

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

  /** A thread with one exchange (`<thread>-u` asks, `<thread>-a` answers): what edit and regenerate replace. */
  async function threadWithExchange(): Promise<{ threadId: string; resourceId: string }> {
    const ids = await thread()
    const message = (suffix: string, role: 'user' | 'assistant', at: number) => textMessage({ id: `${ids.threadId}-${suffix}`, ...ids, role, at })
    await getApi().services.memory.saveMessages({ messages: [message('u', 'user', 1_000), message('a', 'assistant', 2_000)] })
    return ids
  }

  type Parameters = { temperature?: number; maxTokens?: number }
  /** The procedures besides turn that run a turn, each on the thread's exchange, and how many provider calls each makes. */
  const runs = {
    edit: {
      calls: 1,
      run: (ids: { threadId: string; resourceId: string }, parameters: Parameters) =>
        getApi().operator.workbench.edit.mutate({ ...ids, messageId: `${ids.threadId}-u`, message: 'Shorter, please.', model, ...parameters }),
    },
    regenerate: {
      calls: 1,
      run: (ids: { threadId: string; resourceId: string }, parameters: Parameters) =>
        getApi().operator.workbench.regenerate.mutate({ ...ids, messageId: `${ids.threadId}-a`, model, ...parameters }),
    },
    compare: {
      calls: 2,
      run: (ids: { threadId: string; resourceId: string }, parameters: Parameters) =>
        getApi().operator.workbench.compare.mutate({ ...ids, message: 'Shorter, please.', models: [model, model], ...parameters }),
    },
  }

  it.each(Object.keys(runs) as (keyof typeof runs)[])('%s: temperature and maxTokens reach the wire of every call it makes', async (procedure) => {
    const ids = await threadWithExchange()
    const { calls, run } = runs[procedure]
    for (let call = 0; call < calls; call++) server.enqueue('anthropic', reply.text('Short.'))
    const events = await drain(await run(ids, { temperature: 0.3, maxTokens: 48 }))
    expect(events.filter((event) => (event as { type: string }).type === 'finished')).toHaveLength(calls)
    expect(server.requests).toHaveLength(calls)
    for (const request of server.requests) expect(request.body).toMatchObject({ temperature: 0.3, max_tokens: 48 })
  })

  it.each(Object.keys(runs) as (keyof typeof runs)[])(
    '%s: run parameters out of range are refused as workbench.turn refuses them (one schema), before any provider call',
    async (procedure) => {
      const ids = await threadWithExchange()
      const outOfRange = { temperature: 2.5, maxTokens: 0 }
      const byTurn = await failureOf(
        getApi()
          .operator.workbench.turn.mutate({ ...ids, model, message: 'Hi', ...outOfRange })
          .then(drain),
      )
      const failure = await failureOf(runs[procedure].run(ids, outOfRange).then(drain))
      expect(failure).toMatchObject({ code: 'BAD_REQUEST', httpStatus: 400 })
      expect(failure.issues?.map((issue) => issue.path)).toEqual(['temperature', 'maxTokens'])
      expect(failure.issues).toEqual(byTurn.issues)
      expect(server.requests).toHaveLength(0)
    },
  )

  it('temperature and maxTokens reach the wire and the recorded call, with the prompt, the reply and a cost estimate', async () => {
    const api = getApi()
    const ids = await thread()
    // a model without a BPE of its own: its tokens are estimated in-process, not on the sandbox pool
    server.enqueue('anthropic', reply.text('Cool and short.'))
    await drain(await api.operator.workbench.turn.mutate({ ...ids, model, message: 'Be precise.', temperature: 0.2, maxTokens: 64 }))
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
    const failure = await failureOf(api.operator.workbench.turn.mutate({ ...ids, model, message: 'Hi', ...parameters }).then(drain))
    expect(failure).toMatchObject({ code: 'BAD_REQUEST', httpStatus: 400 })
    expect(failure.issues?.map((issue) => issue.path)).toEqual([field])
    expect(server.requests).toHaveLength(0)
  })
})
