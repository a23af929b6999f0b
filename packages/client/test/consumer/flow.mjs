// Runs in a fresh project outside the workspace under plain `node`: the flow an
// app backend goes through with the installed @threadline/client. Prints one
// JSON line of what it saw. Env: THREADLINE_URL, THREADLINE_TOKEN, RESOURCE_ID, OTHER_THREAD_ID, OTHER_RESOURCE_ID.
import { createThreadlineClient, threadlineErrorCode, threadlineErrorData } from '@threadline/client'

const env = process.env
const threadline = createThreadlineClient({ url: env.THREADLINE_URL, token: env.THREADLINE_TOKEN })
const resourceId = env.RESOURCE_ID

const thread = await threadline.threads.create.mutate({ resourceId, title: 'Support chat from the packed client' })
const started = Date.now()
for (let batch = 0; batch < 10; batch++) {
  const messages = Array.from({ length: 100 }, (_, index) => {
    const n = batch * 100 + index
    return {
      id: `${thread.id}-m${String(n).padStart(4, '0')}`,
      threadId: thread.id,
      resourceId,
      role: n % 2 === 0 ? 'user' : 'assistant',
      createdAt: new Date(Date.UTC(2026, 11, 1) + n * 1000),
      content: { format: 2, parts: [{ type: 'text', text: n === 421 ? 'The parcel to Lisbon was damaged in transit' : `message number ${n}` }] },
    }
  })
  await threadline.messages.save.mutate({ messages })
}
const saveMs = Date.now() - started

const listed = []
let cursor
do {
  const page = await threadline.messages.list.query({ threadId: thread.id, limit: 500, ...(cursor ? { cursor } : {}) })
  listed.push(...page.items)
  cursor = page.nextCursor ?? undefined
} while (cursor)

const clone = await threadline.clone.create.mutate({ sourceThreadId: thread.id, title: 'Last 100', options: { messageLimit: 100 }, returnMessages: false })
const recall = await threadline.recall.search.query({ threadId: thread.id, query: 'damaged parcel Lisbon', topK: 3 })
const workingMemory = await threadline.memory.workingMemory.update.mutate({
  scope: 'thread',
  threadId: thread.id,
  workingMemory: '# Customer\n- ships to Lisbon',
})

async function failure(call) {
  try {
    await call
    return null
  } catch (error) {
    return { code: threadlineErrorCode(error), data: threadlineErrorData(error), message: error.message }
  }
}

console.log(
  JSON.stringify({
    threadId: thread.id,
    saveMs,
    listed: listed.length,
    firstListed: listed[0]?.id,
    lastListed: listed.at(-1)?.id,
    clone: { messageCount: clone.messageCount ?? null, threadId: clone.thread.id, resourceId: clone.thread.resourceId },
    cloneMessages: (await threadline.threads.get.query({ threadId: clone.thread.id })).messageCount,
    recallTop: recall.results[0]?.message.id,
    workingMemory: workingMemory.workingMemory,
    otherTenantThread: await failure(threadline.threads.get.query({ threadId: env.OTHER_THREAD_ID })),
    otherTenantWrite: await failure(threadline.threads.create.mutate({ resourceId: env.OTHER_RESOURCE_ID })),
    otherTenantMemory: await failure(threadline.memory.workingMemory.get.query({ scope: 'resource', resourceId: env.OTHER_RESOURCE_ID })),
    badBatch: await failure(
      threadline.messages.save.mutate({
        messages: [{ id: 'x', threadId: thread.id, resourceId, role: 'robot', createdAt: new Date(), content: { format: 2, parts: [] } }],
      }),
    ),
  }),
)
