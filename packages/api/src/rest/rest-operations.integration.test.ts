// The REST operations beyond the memory writes, over real HTTP on both
// databases, every request and answer validated against the served OpenAPI
// document: search, clone preview and lineage, recall status, indexing, the
// playground's runs, health and the caller, the workbench's models and context,
// and streamed turns as server-sent events (the scripted demo provider: the
// real @ai-sdk/openai-compatible package against the loopback provider server),
// with abort and the errors before and after a stream begins.
import { beforeAll, expect, it, vi } from 'vitest'
import type { ApiHarness } from '../testing/api-harness.ts'
import { describeEachApi } from '../testing/each-database.ts'
import { jsonTextMessage } from '../testing/json-text-message.ts'
import { openApiChecker } from '../testing/openapi-checker.mjs'

const TENANT = 'rest-ops-tenant'
const OTHER = 'rest-ops-other'
const DEMO = 'demo/scripted-replies'

function message(id: string, index: number, text: string, threadId: string) {
  return jsonTextMessage({ id, index, text, threadId, resourceId: TENANT, startsAt: Date.UTC(2026, 10, 2, 8, 0, 0) })
}

describeEachApi(
  'the REST operations of search, lineage, indexing, playground, server and workbench',
  (getApi) => {
    let api: ApiHarness
    let token: string
    let readOnly: string
    let stranger: string
    let checker: Awaited<ReturnType<typeof openApiChecker>>
    const call = (...args: Parameters<typeof checker.call>) => checker.call(...args)
    const messageIds = async (threadId: string) => (await api.services.memory.listMessages({ threadId })).map((stored) => stored.id)

    beforeAll(async () => {
      // the scripted demo provider, whatever provider variables the environment has
      vi.stubEnv('THREADLINE_DEMO_PROVIDER', 'on')
      api = getApi()
      token = (await api.issueToken({ resourceIds: [TENANT], canWrite: true })).token
      readOnly = (await api.issueToken({ resourceIds: [TENANT], canWrite: false })).token
      stranger = (await api.issueToken({ resourceIds: [OTHER], canWrite: true })).token
      checker = await openApiChecker(api.server.url)
      await call('POST', '/api/v1/threads', { token, body: { threadId: 'ops-thread', resourceId: TENANT, title: 'Ops' } })
      const texts = ['My blender arrived broken', 'Sorry to hear that: a refund or a new one?', 'A refund please', 'Done: refund 7431 is on its way']
      await call('POST', '/api/v1/messages', { token, body: { messages: texts.map((text, index) => message(`ops-m${index}`, index, text, 'ops-thread')) } })
    })

    it('health needs no token; me, resources and search answer in the token scope', async () => {
      expect((await call('GET', '/api/v1/health')).body).toMatchObject({ recall: { mode: 'text', embedder: null, pgvector: expect.any(Boolean) } })
      expect((await call('GET', '/api/v1/me', { token })).body).toMatchObject({ kind: 'token', token: { resourceIds: [TENANT], canWrite: true } })
      expect((await call('GET', '/api/v1/resources', { token })).body).toEqual([{ id: TENANT, threadCount: 1 }])
      const search = await call('GET', '/api/v1/messages/search', { token, query: { query: 'refund', pageSize: 5 } })
      expect(search.body).toMatchObject({ total: 3, items: [{ threadId: 'ops-thread' }, { threadId: 'ops-thread' }, { threadId: 'ops-thread' }] })
      // another tenant's search sees none of it; naming this resource is FORBIDDEN
      expect((await call('GET', '/api/v1/messages/search', { token: stranger, query: { query: 'refund' } })).body).toMatchObject({ total: 0 })
      expect((await call('GET', '/api/v1/messages/search', { token: stranger, query: { query: 'refund', resourceId: TENANT } })).status).toBe(403)
    })

    it('the calls filter rules: the built-in rule names; a token sees no saved rule; /calls/rules is not taken for a call id', async () => {
      const rules = await call('GET', '/api/v1/calls/rules', { token })
      expect(rules.status).toBe(200)
      expect(rules.body).toMatchObject({ builtIn: expect.arrayContaining(['anthropic-tool-id-format']) as unknown, custom: [] })
    })

    it('clone preview writes nothing; clone lineage and lineage show the clone; recall status counts the messages', async () => {
      const preview = await call('POST', '/api/v1/threads/ops-thread/clones/preview', { token, body: { options: { messageLimit: 2 } } })
      expect(preview.body).toMatchObject({ count: 2 })
      expect(await api.services.memory.getThreadById({ threadId: 'ops-thread-copy' })).toBeNull()
      await call('POST', '/api/v1/threads/ops-thread/clones', { token, body: { newThreadId: 'ops-thread-copy', returnMessages: false } })
      const cloneLineage = await call('GET', '/api/v1/threads/ops-thread-copy/clone-lineage', { token })
      expect(cloneLineage.body).toMatchObject({ ancestors: [{ id: 'ops-thread' }], thread: { id: 'ops-thread-copy' }, truncated: false })
      const lineage = await call('GET', '/api/v1/threads/ops-thread/lineage', { token })
      expect(lineage.body).toMatchObject({ thread: { id: 'ops-thread', children: [{ id: 'ops-thread-copy' }] } })
      expect((await call('GET', '/api/v1/threads/ops-thread/recall-status', { token })).body).toMatchObject({ threadId: 'ops-thread', messages: 4 })
      expect((await call('GET', '/api/v1/threads/ops-thread/lineage', { token: stranger })).status).toBe(404)
    })

    it('indexing: status and the job list answer; starting needs an embedding model (PRECONDITION_FAILED), an unknown job is NOT_FOUND', async () => {
      expect((await call('GET', '/api/v1/indexing/status', { token, query: { threadId: 'ops-thread' } })).body).toMatchObject({
        threadId: 'ops-thread',
        model: null,
        unindexed: 0,
        job: null,
      })
      expect((await call('GET', '/api/v1/indexing/jobs', { token, query: { resourceId: TENANT } })).body).toMatchObject({ items: [], total: 0 })
      expect((await call('POST', '/api/v1/indexing/jobs', { token, body: { threadId: 'ops-thread' } })).body).toMatchObject({
        status: 412,
        code: 'PRECONDITION_FAILED',
      })
      expect((await call('GET', '/api/v1/indexing/jobs/no-such-job', { token })).body).toMatchObject({ status: 404, code: 'NOT_FOUND' })
      expect((await call('POST', '/api/v1/indexing/jobs/no-such-job/cancel', { token: readOnly })).body).toMatchObject({ status: 403, code: 'FORBIDDEN' })
      expect((await call('GET', '/api/v1/indexing/status', { token, query: {}, invalidRequest: true })).body).toMatchObject({ status: 400, field: 'threadId' })
    })

    it("the playground's runs with built-in rules: template, prompt run, error run, retry decision; custom rule code needs the playground scope", async () => {
      const template = (await call('GET', '/api/v1/playground/template', { token })).body as { builtInRules: string[] }
      expect(template.builtInRules.length).toBeGreaterThan(3)
      const prompt = [{ role: 'user', content: [{ type: 'text', text: 'hello' }] }]
      const run = await call('POST', '/api/v1/playground/run-prompt', {
        token,
        body: { source: { kind: 'prompt', prompt }, model: 'anthropic/claude-sonnet-4-5' },
      })
      expect(run.body).toMatchObject({ promptChanged: false, inputPrompt: prompt })
      const fromThread = await call('POST', '/api/v1/playground/run-prompt', {
        token,
        body: { source: { kind: 'thread', threadId: 'ops-thread' }, model: 'openai/gpt-4o' },
      })
      expect(fromThread.status).toBe(200)
      const rateLimited = { kind: 'http', status: 429, headers: { 'retry-after': '2' }, body: '{"error":{"message":"Rate limit"}}' }
      const decision = await call('POST', '/api/v1/playground/retry-decision', { token, body: { error: rateLimited } })
      expect(decision.body).toMatchObject({ retry: true, delayMs: 2000 })
      const errorRun = await call('POST', '/api/v1/playground/run-error', {
        token,
        body: { threadId: 'ops-thread', error: rateLimited, model: 'openai/gpt-4o' },
      })
      expect(errorRun.body).toMatchObject({ compatRetry: false, retryDecision: { retry: true } })
      const customRule = { code: 'export default { name: "noop", processPrompt: (prompt) => prompt }' }
      const refused = await call('POST', '/api/v1/playground/run-prompt', {
        token,
        body: { source: { kind: 'prompt', prompt }, model: 'openai/gpt-4o', customRules: [customRule] },
      })
      expect(refused.body).toMatchObject({ status: 403, detail: expect.stringContaining('"playground" scope') })
    })

    it('workbench: models and the context a turn would send', async () => {
      const models = (await call('GET', '/api/v1/workbench/models', { token })).body as { models: { model: string }[] }
      expect(models.models.map((option) => option.model)).toContain(DEMO)
      const context = await call('POST', '/api/v1/threads/ops-thread/context', { token, body: { resourceId: TENANT, model: DEMO, message: 'Next?' } })
      expect(context.body).toMatchObject({ model: { model: DEMO }, totalTokens: expect.any(Number) })
    })

    it('streams a turn as server-sent events, each checked against the TurnEvent schema, and saves it', async () => {
      const before = await messageIds('ops-thread')
      const turn = await checker.stream('POST', '/api/v1/threads/ops-thread/turns', {
        token,
        body: { resourceId: TENANT, model: DEMO, message: 'Where is my refund?' },
      })
      expect(turn).toMatchObject({ status: 200, contentType: 'text/event-stream' })
      const types = turn.events.map(({ event }) => event)
      expect(types[0]).toBe('started')
      expect(types.filter((type) => type === 'text').length).toBeGreaterThan(10)
      const finished = turn.events.at(-1)!.data
      expect(finished).toMatchObject({ type: 'finished', text: expect.stringContaining('you wrote "Where is my refund?"') })
      expect(await messageIds('ops-thread')).toEqual([...before, finished.userMessageId, finished.assistantMessageId])
    })

    it('a turn sent again with its Idempotency-Key replays the same events and runs nothing twice; another message with the key is 409', async () => {
      const before = await messageIds('ops-thread')
      const send = (message: string) =>
        checker.stream('POST', '/api/v1/threads/ops-thread/turns', {
          token,
          headers: { 'idempotency-key': 'turn-key-1' },
          body: { resourceId: TENANT, model: DEMO, message },
        })
      const first = await send('Is the refund sent?')
      expect(first).toMatchObject({ status: 200, body: null })
      const finished = first.events.at(-1)!.data
      expect(finished).toMatchObject({ type: 'finished' })
      const again = await send('Is the refund sent?')
      expect(again.headers.get('idempotent-replayed')).toBe('true')
      expect(again.events).toEqual(first.events)
      expect(await messageIds('ops-thread')).toEqual([...before, finished.userMessageId, finished.assistantMessageId])
      const other = await send('Something else')
      expect(other.body).toMatchObject({ status: 409, field: 'idempotencyKey' })
      expect(await messageIds('ops-thread')).toHaveLength(before.length + 2)
    })

    it('closing the connection mid-turn aborts it and saves nothing', async () => {
      const before = await messageIds('ops-thread')
      const controller = new AbortController()
      const turn = await checker.stream('POST', '/api/v1/threads/ops-thread/turns', {
        token,
        body: { resourceId: TENANT, model: DEMO, message: 'A long answer please' },
        signal: controller.signal,
        onEvent: ({ event }) => {
          if (event === 'text') controller.abort()
        },
      })
      expect(turn.events.map(({ event }) => event)).toEqual(['started', 'text'])
      // longer than the whole demo reply takes to stream (about 60 words, 50 ms apart): had the turn gone on, it would be saved by now
      await new Promise((resolve) => setTimeout(resolve, 4500))
      expect(await messageIds('ops-thread')).toEqual(before)
    })

    it('refuses before the stream begins with a problem and its status; a failure after it began ends the stream with an error event', async () => {
      const turn = (tokenOf: string, body: Record<string, unknown>) =>
        checker.stream('POST', '/api/v1/threads/ops-thread/turns', { token: tokenOf, body: { resourceId: TENANT, model: DEMO, message: 'hi', ...body } })
      expect((await turn(readOnly, {})).body).toMatchObject({ status: 403, detail: 'This API token is read-only' })
      expect((await turn(stranger, {})).body).toMatchObject({ status: 403, code: 'FORBIDDEN' })
      expect((await turn(stranger, { resourceId: OTHER })).body).toMatchObject({ status: 404, code: 'NOT_FOUND' })
      const empty = await checker.stream('POST', '/api/v1/threads/ops-thread/turns', {
        token,
        body: { resourceId: TENANT, model: DEMO, message: ' ' },
        invalidRequest: true,
      })
      expect(empty.body).toMatchObject({ status: 400, field: 'message', detail: 'message: must not be empty' })
      vi.stubEnv('THREADLINE_DEMO_PROVIDER', 'off')
      try {
        // the model is refused before the turn starts: a problem answer, no stream
        expect(await turn(token, {})).toMatchObject({ status: 400, contentType: 'application/problem+json', body: { code: 'BAD_REQUEST' } })
      } finally {
        vi.stubEnv('THREADLINE_DEMO_PROVIDER', 'on')
      }
      // a provider nobody configured is refused when the agent resolves it, before the context is built: no stream either
      const unresolved = await turn(token, { model: 'nope/unknown-model' })
      expect(unresolved).toMatchObject({
        status: 400,
        contentType: 'application/problem+json',
        body: { code: 'BAD_REQUEST', detail: expect.stringContaining('nope/unknown-model') },
      })
      // a known provider without its key cannot be called either: refused before any event, not 200 then an error event (issue 30)
      vi.stubEnv('OPENAI_API_KEY', '')
      try {
        expect(await turn(token, { model: 'openai/gpt-5-mini' })).toMatchObject({
          status: 400,
          contentType: 'application/problem+json',
          body: { code: 'BAD_REQUEST', field: 'model', detail: 'Cannot resolve model "openai/gpt-5-mini": OPENAI_API_KEY is not set' },
        })
      } finally {
        vi.unstubAllEnvs()
        vi.stubEnv('THREADLINE_DEMO_PROVIDER', 'on')
      }
    })

    it('edit, regenerate and compare stream on new branches; the original thread stays', async () => {
      const before = await messageIds('ops-thread')
      const edit = await checker.stream('POST', '/api/v1/threads/ops-thread/messages/ops-m2/edit', {
        token,
        body: { resourceId: TENANT, model: DEMO, message: 'A new one please' },
      })
      expect(edit.events[0]!.data).toMatchObject({ type: 'started', branchedFrom: { threadId: 'ops-thread', messageId: 'ops-m1' } })
      expect(edit.events.at(-1)!.data.type).toBe('finished')
      const regenerate = await checker.stream('POST', '/api/v1/threads/ops-thread/messages/ops-m3/regenerate', {
        token,
        body: { resourceId: TENANT, model: DEMO },
      })
      expect(regenerate.events.at(-1)!.data.type).toBe('finished')
      const compare = await checker.stream('POST', '/api/v1/threads/ops-thread/comparisons', {
        token,
        body: { resourceId: TENANT, models: [DEMO, DEMO], message: 'Both?' },
      })
      const finishedColumns = compare.events.filter(({ event }) => event === 'finished').map(({ data }) => data.column)
      expect(finishedColumns.sort()).toEqual([0, 1])
      expect(await messageIds('ops-thread')).toEqual(before)
    })
  },
  // a playground worker's first run loads the sandbox: seconds on a loaded machine, past the default 5 s deadline
  { THREADLINE_PLAYGROUND_DEADLINE_MS: '60000' },
)
