// Runs in a fresh project outside the workspace under plain `node`: a streamed
// workbench turn with the installed @threadline/client against the server's
// scripted demo provider, then a turn aborted at its first text delta, and the
// same over REST as server-sent events (each event checked against the served
// OpenAPI document), one of them aborted by closing the connection. Prints one
// JSON line of what it saw. Env: THREADLINE_URL, THREADLINE_TOKEN, RESOURCE_ID.
import { createThreadlineClient, streamTurn } from '@threadline/client'
import { openApiChecker } from './openapi-checker.mjs'

const env = process.env
const threadline = createThreadlineClient({ url: env.THREADLINE_URL, token: env.THREADLINE_TOKEN })
const resourceId = env.RESOURCE_ID
const model = 'demo/scripted-replies'
/** longer than the whole demo reply takes to stream (about 60 words, 50 ms apart) */
const longerThanAReply = () => new Promise((resolve) => setTimeout(resolve, 4500))

const thread = await threadline.threads.create.mutate({ resourceId, title: 'Streamed turns from the packed client' })
const savedCount = async () => (await threadline.threads.get.query({ threadId: thread.id })).messageCount

const streamed = []
for await (const event of streamTurn(threadline, 'turn', { threadId: thread.id, resourceId, model, message: 'Hello from plain node' })) streamed.push(event)
const finished = streamed.at(-1)

const controller = new AbortController()
const aborted = []
let abortError = null
try {
  for await (const event of streamTurn(threadline, 'turn', { threadId: thread.id, resourceId, model, message: 'Stop me' }, { signal: controller.signal })) {
    aborted.push(event.type)
    if (event.type === 'text') controller.abort()
  }
} catch (error) {
  abortError = error.code
}
await longerThanAReply()
const afterClientAbort = await savedCount()

const checker = await openApiChecker(env.THREADLINE_URL)
const rest = await checker.stream('POST', `/api/v1/threads/${thread.id}/turns`, {
  token: env.THREADLINE_TOKEN,
  body: { resourceId, model, message: 'Hello over REST' },
})
const restController = new AbortController()
const restAborted = await checker.stream('POST', `/api/v1/threads/${thread.id}/turns`, {
  token: env.THREADLINE_TOKEN,
  body: { resourceId, model, message: 'Stop me over REST' },
  signal: restController.signal,
  onEvent: ({ event }) => {
    if (event === 'text') restController.abort()
  },
})
await longerThanAReply()

console.log(
  JSON.stringify({
    threadId: thread.id,
    first: streamed[0]?.type,
    textEvents: streamed.filter((event) => event.type === 'text').length,
    last: finished?.type,
    reply: finished?.text,
    savedIds: [finished?.userMessageId, finished?.assistantMessageId],
    aborted,
    abortError,
    afterClientAbort,
    rest: { status: rest.status, contentType: rest.contentType, first: rest.events[0]?.event, last: rest.events.at(-1)?.data },
    restAborted: restAborted.events.map(({ event }) => event),
    afterRestAbort: await savedCount(),
  }),
)
