// Compiled with the installed package's .d.ts only (tsc --noEmit in the
// consumer project): the router's procedures, inputs and outputs are typed.
import { createThreadlineClient, streamTurn, type ThreadlineInputs, type ThreadlineOutputs, type TurnEvent } from '@threadline/client'

const threadline = createThreadlineClient({ url: 'http://127.0.0.1:1', token: 'tl_x', retry: { maxRetries: 2 } })

export async function typed(): Promise<string> {
  const thread = await threadline.threads.create.mutate({ resourceId: 'acme' })
  const id: string = thread.id
  const saved: ThreadlineOutputs['messages']['save'] = await threadline.messages.save.mutate({
    messages: [
      { id: 'm1', threadId: id, resourceId: 'acme', role: 'user', createdAt: new Date(), content: { format: 2, parts: [{ type: 'text', text: 'hi' }] } },
    ],
  })
  const limit: ThreadlineInputs['messages']['list']['limit'] = 10
  const page = await threadline.messages.list.query({ threadId: id, limit })
  await threadline.messages.save.mutate({
    // @ts-expect-error: role is 'user' | 'assistant' | 'system'
    messages: [{ id: 'm2', threadId: id, resourceId: 'acme', role: 'robot', createdAt: new Date(), content: { format: 2, parts: [] } }],
  })
  // @ts-expect-error: there is no such procedure
  await threadline.threads.nope.query()
  for await (const event of streamTurn(threadline, 'turn', { threadId: id, resourceId: 'acme', model: 'demo/scripted-replies', message: 'hi' })) {
    const typedEvent: TurnEvent = event
    if (typedEvent.type === 'finished') return typedEvent.assistantMessageId
    // @ts-expect-error: a text event has no toolName
    void typedEvent.toolName
  }
  for await (const event of streamTurn(threadline, 'compare', { threadId: id, resourceId: 'acme', models: ['a/b', 'c/d'], message: 'hi' })) {
    const column: number = event.column
    void column
  }
  // @ts-expect-error: a turn takes a message, not models
  streamTurn(threadline, 'turn', { threadId: id, resourceId: 'acme', models: ['a/b'] })
  return `${saved.saved} ${page.nextCursor ?? ''}`
}
