// Compiled with the installed package's .d.ts only (tsc --noEmit in the
// consumer project): the router's procedures, inputs and outputs are typed.
import { createThreadlineClient, type ThreadlineInputs, type ThreadlineOutputs } from '@threadline/client'

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
  return `${saved.saved} ${page.nextCursor ?? ''}`
}
