// Runs in a fresh project outside the workspace under plain `node`: the flow a
// backend in any language goes through over REST, with `fetch` and a token,
// every request and answer validated against the served OpenAPI document
// (openapi-checker.mjs: openapi-backend + Ajv 2020-12). Prints one JSON line of
// what it saw. Env: THREADLINE_URL, THREADLINE_TOKEN, RESOURCE_ID, OTHER_THREAD_ID, OTHER_RESOURCE_ID.
import { openApiChecker } from './openapi-checker.mjs'

const env = process.env
const token = env.THREADLINE_TOKEN
const resourceId = env.RESOURCE_ID
const checker = await openApiChecker(env.THREADLINE_URL)

/** the answer's body when it is 200, otherwise throws with the problem document */
async function ok(method, path, options = {}) {
  const answer = await checker.call(method, path, { token, ...options })
  if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`)
  return answer.body
}

const problem = async (method, path, options = {}) => {
  const { status, contentType, body } = await checker.call(method, path, { token, ...options })
  return { status, contentType, code: body.code, field: body.field ?? null, detail: body.detail }
}

const thread = await ok('POST', '/api/v1/threads', { body: { resourceId, title: 'Support chat over REST' } })
// the answer check is real: a thread without its dates breaks the document
const { createdAt: _createdAt, ...undated } = thread
const undatedAccepted = checker.acceptsAnswer('createThread', undated)

const started = Date.now()
for (let batch = 0; batch < 10; batch++) {
  const messages = Array.from({ length: 100 }, (_, index) => {
    const n = batch * 100 + index
    return {
      id: `${thread.id}-m${String(n).padStart(4, '0')}`,
      threadId: thread.id,
      resourceId,
      role: n % 2 === 0 ? 'user' : 'assistant',
      createdAt: new Date(Date.UTC(2026, 11, 1) + n * 1000).toISOString(),
      content: { format: 2, parts: [{ type: 'text', text: n === 421 ? 'The parcel to Lisbon was damaged in transit' : `message number ${n}` }] },
    }
  })
  await ok('POST', '/api/v1/messages', { body: { messages } })
}
const saveMs = Date.now() - started

const listed = []
let cursor = null
do {
  const page = await ok('GET', `/api/v1/threads/${thread.id}/messages`, { query: { limit: 500, ...(cursor ? { cursor } : {}) } })
  listed.push(...page.items)
  cursor = page.nextCursor
} while (cursor)

const clone = await ok('POST', `/api/v1/threads/${thread.id}/clones`, { body: { title: 'Last 100', options: { messageLimit: 100 } } })
const recall = await ok('POST', '/api/v1/recall/search', { body: { threadId: thread.id, query: 'damaged parcel Lisbon', topK: 3 } })
const workingMemory = await ok('PUT', '/api/v1/memory/working', {
  body: { scope: 'thread', threadId: thread.id, workingMemory: '# Customer\n- ships to Lisbon' },
})
const badBatch = [
  { id: `${thread.id}-bad`, threadId: thread.id, resourceId, role: 'robot', createdAt: new Date().toISOString(), content: { format: 2, parts: [] } },
]

console.log(
  JSON.stringify({
    threadId: thread.id,
    undatedAccepted,
    saveMs,
    listed: listed.length,
    firstListed: listed[0]?.id,
    lastListed: listed.at(-1)?.id,
    clone: { resourceId: clone.thread.resourceId, sourceThreadId: clone.thread.sourceThreadId, clonedMessages: clone.clonedMessages.length },
    cloneMessages: (await ok('GET', `/api/v1/threads/${clone.thread.id}`)).messageCount,
    recallTop: recall.results[0]?.message.id,
    workingMemory: (await ok('GET', '/api/v1/memory/working', { query: { scope: 'thread', threadId: thread.id } })).workingMemory,
    workingMemoryPut: workingMemory.workingMemory,
    otherTenantThread: await problem('GET', `/api/v1/threads/${env.OTHER_THREAD_ID}`),
    otherTenantWrite: await problem('POST', '/api/v1/threads', { body: { resourceId: env.OTHER_RESOURCE_ID } }),
    otherTenantClone: await problem('POST', `/api/v1/threads/${thread.id}/clones`, { body: { resourceId: env.OTHER_RESOURCE_ID } }),
    badBatchAccepted: checker.acceptsRequest('POST', '/api/v1/messages', { messages: badBatch }),
    badBatch: await problem('POST', '/api/v1/messages', { body: { messages: badBatch }, invalidRequest: true }),
    afterBadBatch: (await ok('GET', `/api/v1/threads/${thread.id}`)).messageCount,
    noToken: await problem('GET', `/api/v1/threads/${thread.id}`, { token: undefined }),
  }),
)
