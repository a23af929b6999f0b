// streamTurn against a real server on both databases, with an API token and
// the scripted demo provider (the real @ai-sdk/openai-compatible package
// against the loopback provider server): typed events in order, abort with a
// signal and leaving the loop early both end the turn unsaved, and the
// server's refusals arrive as typed errors, before and after the first event.
import { beforeAll, expect, it, vi } from 'vitest'
import type { ApiHarness } from '../testing/api-harness.ts'
import { describeEachApi } from '../testing/each-database.ts'
import { createThreadlineClient, threadlineErrorData, type ThreadlineClient } from './index.ts'
import { streamTurn, type TurnEvent } from './stream-turn.ts'

const TENANT = 'stream-turn-tenant'
const DEMO = 'demo/scripted-replies'
/** longer than the whole demo reply takes to stream (about 60 words, 50 ms apart) */
const LONGER_THAN_A_REPLY_MS = 4500

describeEachApi('streamTurn (the client)', (getApi) => {
  let api: ApiHarness
  let client: ThreadlineClient
  let threadId: string
  const messageIds = async () => (await api.services.memory.listMessages({ threadId })).map((message) => message.id)

  beforeAll(async () => {
    vi.stubEnv('THREADLINE_DEMO_PROVIDER', 'on')
    api = getApi()
    const { token } = await api.issueToken({ resourceIds: [TENANT], canWrite: true })
    client = createThreadlineClient({ url: api.server.url, token })
    threadId = (await client.threads.create.mutate({ resourceId: TENANT, title: 'Streamed' })).id
  })

  it('yields the typed events of a turn in order and the turn is saved', async () => {
    const events: TurnEvent[] = []
    for await (const event of streamTurn(client, 'turn', { threadId, resourceId: TENANT, model: DEMO, message: 'Hello from the client' })) events.push(event)
    expect(events[0]).toMatchObject({ type: 'started', threadId, model: DEMO, branchedFrom: null })
    expect(events.filter((event) => event.type === 'text').length).toBeGreaterThan(10)
    const finished = events.at(-1)
    if (finished?.type !== 'finished') throw new Error('the last event is not finished')
    expect(finished.text).toContain('you wrote "Hello from the client"')
    expect(await messageIds()).toEqual([finished.userMessageId, finished.assistantMessageId])
  })

  it('an abort ends the stream with the signal’s reason, and nothing of the turn is saved', async () => {
    const before = await messageIds()
    const controller = new AbortController()
    const seen: string[] = []
    const run = async () => {
      for await (const event of streamTurn(
        client,
        'turn',
        { threadId, resourceId: TENANT, model: DEMO, message: 'A long one' },
        { signal: controller.signal },
      )) {
        seen.push(event.type)
        if (event.type === 'text') controller.abort()
      }
    }
    const error = await run().then(
      () => null,
      (caught: unknown) => caught,
    )
    expect(error).toMatchObject({ name: 'AbortError' })
    expect(seen).toEqual(['started', 'text'])
    await new Promise((resolve) => setTimeout(resolve, LONGER_THAN_A_REPLY_MS))
    expect(await messageIds()).toEqual(before)
    // an already aborted signal: no request at all
    await expect(
      streamTurn(client, 'turn', { threadId, resourceId: TENANT, model: DEMO, message: 'x' }, { signal: controller.signal }).next(),
    ).rejects.toMatchObject({
      name: 'AbortError',
    })
  })

  it('leaving the loop early closes the request: the turn is not saved', async () => {
    const before = await messageIds()
    for await (const event of streamTurn(client, 'turn', { threadId, resourceId: TENANT, model: DEMO, message: 'Never mind' })) {
      if (event.type === 'text') break
    }
    await new Promise((resolve) => setTimeout(resolve, LONGER_THAN_A_REPLY_MS))
    expect(await messageIds()).toEqual(before)
  })

  it('throws the typed error of a refusal before the first event, and of a failure after it', async () => {
    const first = (input: Parameters<typeof streamTurn<'turn'>>[2]) =>
      (async () => {
        const types: string[] = []
        for await (const event of streamTurn(client, 'turn', input)) types.push(event.type)
        return types
      })().then(
        () => null,
        (error: unknown) => error,
      )
    const empty = await first({ threadId, resourceId: TENANT, model: DEMO, message: ' ' })
    expect(threadlineErrorData(empty)).toMatchObject({ code: 'BAD_REQUEST', field: 'message' })
    const foreign = await first({ threadId, resourceId: 'another-tenant', model: DEMO, message: 'hi' })
    expect(threadlineErrorData(foreign)).toMatchObject({ code: 'FORBIDDEN' })
    const unresolved = await first({ threadId, resourceId: TENANT, model: 'nope/unknown-model', message: 'hi' })
    expect(threadlineErrorData(unresolved)).toMatchObject({ code: 'BAD_REQUEST' })
    expect((unresolved as Error).message).toContain('nope/unknown-model')
  })

  it('compare streams each column’s events with its column', async () => {
    const columns = new Set<number>()
    for await (const event of streamTurn(client, 'compare', { threadId, resourceId: TENANT, models: [DEMO, DEMO], message: 'Both of you?' })) {
      if (event.type === 'finished') columns.add(event.column)
    }
    expect([...columns].sort()).toEqual([0, 1])
  })
})
