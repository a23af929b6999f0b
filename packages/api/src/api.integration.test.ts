// The API over real HTTP with the typed client: every procedure outside the
// playground, as the signed-in demo operator and as API tokens, with the
// error codes a caller can get.
import { demoBranches, demoClones, demoObservationalMemory, demoOperator, demoThreads } from '@threadline/db/seed'
import { messageSnippet } from '@threadline/engine'
import { beforeAll, describe, expect, it } from 'vitest'
import { createThreadlineClient } from './client/index.ts'
import { createServices } from './services.ts'
import { readServerConfig } from './config.ts'
import { cookieJarFetch, TEST_AUTH_SECRET, type ApiHarness } from './testing/api-harness.ts'
import { describeEachApi } from './testing/each-database.ts'
import { failureOf } from './testing/errors.ts'
import { manualClock } from './testing/manual-clock.ts'
import { startTestServer } from './testing/test-server.ts'

const ACME = 'acme-support'
const acmeSeeds = demoThreads.filter((seed) => seed.thread.resourceId === ACME)
const acmeClones = demoClones.filter((clone) => clone.source.thread.resourceId === ACME)
/** the seeded branches stay in their source's resource (a promoted one's row is replaced by the new branch of its source) */
const acmeBranches = demoBranches.filter((branch) => branch.messages[0]!.resourceId === ACME)
const acmeThreadCount = acmeSeeds.length + acmeClones.length + acmeBranches.length
const incident = demoThreads.find((seed) => seed.thread.id === 'initech-inc-2291')!

describeEachApi('the API', (getApi, kind) => {
  let api: ApiHarness
  beforeAll(() => {
    api = getApi()
  })

  describe('health and authentication', () => {
    it('answers health.check without credentials', async () => {
      const health = await api.anonymous().health.check.query()
      expect(health).toMatchObject({ database: kind, recall: { pgvector: api.services.semanticRecall }, migrations: { ok: true, pending: [] } })
      // PGlite has pgvector built in; the test PostgreSQL server may not (recall-without-pgvector.integration.test.ts)
      if (kind === 'pglite') expect(health.recall.pgvector).toBe(true)
    })

    it('refuses calls without credentials (UNAUTHORIZED) and a wrong password', async () => {
      expect(await failureOf(api.anonymous().threads.list.query({}))).toMatchObject({ code: 'UNAUTHORIZED', httpStatus: 401 })
      const wrong = await failureOf(api.anonymous().auth.signIn.mutate({ email: demoOperator.email, password: 'not-the-password' }))
      expect(wrong).toMatchObject({ code: 'UNAUTHORIZED', message: 'Invalid email or password' })
      expect(await failureOf(api.anonymous().auth.signIn.mutate({ email: 'nobody@threadline.dev', password: 'whatever-123' }))).toMatchObject({
        code: 'UNAUTHORIZED',
      })
    })

    it('signs the demo operator in with an httpOnly, SameSite=Lax session cookie, and out again', async () => {
      const response = await fetch(`${api.server.url}/api/trpc/auth.signIn`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-threadline-csrf': '1' },
        body: JSON.stringify({ json: { email: demoOperator.email, password: demoOperator.password } }),
      })
      expect(response.status).toBe(200)
      const cookie = response.headers.getSetCookie().find((value) => value.startsWith('threadline.session_token='))!
      expect(cookie).toMatch(/HttpOnly/)
      expect(cookie).toMatch(/SameSite=Lax/)
      expect(cookie).not.toMatch(/Secure/) // the base URL is http here

      const client = api.anonymous()
      await client.auth.signIn.mutate({ email: demoOperator.email.toUpperCase(), password: demoOperator.password })
      expect(await client.auth.me.query()).toMatchObject({ kind: 'operator', operator: { email: demoOperator.email } })
      await client.auth.signOut.mutate()
      expect(await failureOf(client.auth.me.query())).toMatchObject({ code: 'UNAUTHORIZED' })
    })

    it('refuses a cookie-session mutation without the CSRF header (FORBIDDEN), but serves queries', async () => {
      const signIn = await fetch(`${api.server.url}/api/trpc/auth.signIn`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-threadline-csrf': '1' },
        body: JSON.stringify({ json: { email: demoOperator.email, password: demoOperator.password } }),
      })
      const cookie = signIn.headers.getSetCookie()[0]!.split(';')[0]!
      const forged = createThreadlineClient({
        url: api.server.url,
        fetch: (input, init) => {
          const headers = new Headers(init?.headers)
          headers.delete('x-threadline-csrf')
          headers.set('cookie', cookie)
          return fetch(input, { ...init, headers })
        },
      })
      expect(await forged.auth.me.query()).toMatchObject({ kind: 'operator' })
      const refused = await failureOf(forged.threads.delete.mutate({ threadId: 'acme-refund-4512' }))
      expect(refused).toMatchObject({ code: 'FORBIDDEN' })
      expect(refused.message).toMatch(/x-threadline-csrf/)
      expect(await api.operator.threads.get.query({ threadId: 'acme-refund-4512' })).toMatchObject({ thread: { id: 'acme-refund-4512' } })
    })
  })

  describe('tokens', () => {
    it('issues a token shown once, lists tokens without secrets, and revokes', async () => {
      const issued = await api.operator.tokens.issue.mutate({ name: 'billing backend', resourceIds: [ACME], canWrite: false, expiresInDays: 30 })
      expect(issued.token).toMatch(/^tl_[A-Za-z0-9_-]{43}$/)
      expect(issued.summary).toMatchObject({ name: 'billing backend', resourceIds: [ACME], allResources: false, canWrite: false })
      expect(issued.summary.prefix).toBe(issued.token.slice(0, 9))

      const listed = await api.operator.tokens.list.query()
      const row = listed.find((token) => token.id === issued.summary.id)!
      expect(row).toMatchObject({ name: 'billing backend', revokedAt: null })
      expect(JSON.stringify(listed)).not.toContain(issued.token)
      expect(row).not.toHaveProperty('tokenHash')

      const client = createThreadlineClient({ url: api.server.url, token: issued.token })
      expect(await client.auth.me.query()).toMatchObject({ kind: 'token', token: { id: issued.summary.id, resourceIds: [ACME] } })
      const revoked = await api.operator.tokens.revoke.mutate({ id: issued.summary.id })
      expect(revoked.revokedAt).toBeInstanceOf(Date)
      expect(await failureOf(client.auth.me.query())).toMatchObject({ code: 'UNAUTHORIZED', httpStatus: 401 })
      expect(await failureOf(api.operator.tokens.revoke.mutate({ id: 'no-such-token' }))).toMatchObject({ code: 'NOT_FOUND' })
    })

    it('rejects an unknown token and a token without resources', async () => {
      const forged = createThreadlineClient({ url: api.server.url, token: 'tl_forgedforgedforgedforgedforgedforgedforged' })
      expect(await failureOf(forged.threads.list.query({}))).toMatchObject({ code: 'UNAUTHORIZED' })
      const noScope = await failureOf(api.operator.tokens.issue.mutate({ name: 'nothing', resourceIds: [] }))
      expect(noScope).toMatchObject({ code: 'BAD_REQUEST', httpStatus: 400, field: 'resourceIds' })
    })

    it('keeps token management and saved rules to operators, and writes to read+write tokens', async () => {
      const reader = await api.tokenClient({ resourceIds: [ACME], canWrite: false })
      const everything = await api.tokenClient({ allResources: true, canWrite: true })
      for (const client of [reader, everything]) {
        expect(await failureOf(client.tokens.list.query())).toMatchObject({ code: 'FORBIDDEN', httpStatus: 403 })
        expect(await failureOf(client.tokens.issue.mutate({ name: 'x', allResources: true }))).toMatchObject({ code: 'FORBIDDEN' })
        expect(await failureOf(client.playground.rules.list.query())).toMatchObject({ code: 'FORBIDDEN' })
      }
      const readOnly = await failureOf(reader.threads.delete.mutate({ threadId: 'acme-refund-4512' }))
      expect(readOnly).toMatchObject({ code: 'FORBIDDEN', message: 'This API token is read-only' })
      expect(await failureOf(reader.clone.create.mutate({ sourceThreadId: 'acme-refund-4512' }))).toMatchObject({ code: 'FORBIDDEN' })
      expect(await reader.threads.get.query({ threadId: 'acme-refund-4512' })).toMatchObject({ messageCount: acmeSeeds[0]!.messages.length })
    })

    it('rate-limits each token (TOO_MANY_REQUESTS with Retry-After), other tokens unaffected', async () => {
      // the limiter's clock moves only when the test moves it: nothing refills between the calls
      const clock = manualClock()
      const services = await createServices(
        api.db,
        readServerConfig({ THREADLINE_AUTH_SECRET: TEST_AUTH_SECRET, THREADLINE_RATE_LIMIT_PER_SECOND: '0.5', THREADLINE_RATE_LIMIT_BURST: '3' }),
        { now: clock.now },
      )
      const server = await startTestServer(services)
      try {
        const first = await api.issueToken({ resourceIds: [ACME] })
        const second = await api.issueToken({ resourceIds: [ACME] })
        const client = createThreadlineClient({ url: server.url, token: first.token })
        // batched into one HTTP request, still counted per call
        const results = await Promise.allSettled([1, 2, 3, 4].map(() => client.resources.list.query()))
        // the batch's calls race for the bucket (in the database): any one of them is the refused fourth
        expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected'])
        expect(await failureOf(client.resources.list.query())).toMatchObject({ code: 'TOO_MANY_REQUESTS', httpStatus: 429 })
        const raw = await fetch(`${server.url}/api/trpc/resources.list`, { headers: { authorization: `Bearer ${first.token}` } })
        expect(raw.status).toBe(429)
        expect(raw.headers.get('retry-after')).toBe('2') // one request refills in 1 / 0.5 s
        const acme = [{ id: ACME, threadCount: acmeThreadCount }]
        expect(await createThreadlineClient({ url: server.url, token: second.token }).resources.list.query()).toEqual(acme)

        clock.advance(1_999)
        expect(await failureOf(client.resources.list.query())).toMatchObject({ code: 'TOO_MANY_REQUESTS' })
        clock.advance(1)
        expect(await client.resources.list.query()).toEqual(acme)
        expect(await failureOf(client.resources.list.query())).toMatchObject({ code: 'TOO_MANY_REQUESTS' })
      } finally {
        await server.close()
      }
    })
  })

  describe('threads', () => {
    it('lists a resource with counts, clone flags and last activity, searches titles and paginates', async () => {
      const page = await api.operator.threads.list.query({ resourceId: ACME, pageSize: 100 })
      expect(page.total).toBe(acmeThreadCount)
      for (const seed of acmeSeeds) {
        const row = page.items.find((item) => item.id === seed.thread.id)!
        expect(row).toMatchObject({ messageCount: seed.messages.length, isClone: false, resourceId: ACME })
        expect(row.lastActivityAt.getTime()).toBeGreaterThanOrEqual(seed.messages.at(-1)!.createdAt.getTime())
      }
      expect(page.items.filter((item) => item.isClone).map((item) => item.id)).toEqual(acmeClones.map((clone) => clone.id))

      const title = acmeSeeds[0]!.thread.title
      const found = await api.operator.threads.list.query({ search: title.slice(2, 12).toUpperCase() })
      expect(found.items.map((item) => item.id)).toContain(acmeSeeds[0]!.thread.id)

      const first = await api.operator.threads.list.query({ pageSize: 2, page: 1 })
      const second = await api.operator.threads.list.query({ pageSize: 2, page: 2 })
      expect(first.pageCount).toBe(Math.ceil(first.total / 2))
      expect(second.items.map((item) => item.id)).not.toContain(first.items[0]!.id)
    })

    it('lists providers seen, clone depth and memory flags, and filters by clone and memory flags', async () => {
      const INITECH = incident.thread.resourceId
      await api.operator.clone.create.mutate({ sourceThreadId: incident.thread.id, newThreadId: 'depth-child', returnMessages: false })
      await api.operator.clone.create.mutate({ sourceThreadId: 'depth-child', newThreadId: 'depth-grandchild', returnMessages: false })
      const all = await api.operator.threads.list.query({ resourceId: INITECH, pageSize: 100 })
      const row = (id: string) => all.items.find((item) => item.id === id)!
      // GPT-4.1 opened the incident, Claude Opus took over (with signed thinking)
      expect(row(incident.thread.id)).toMatchObject({
        cloneDepth: 0,
        providersSeen: ['anthropic', 'openai'],
        hasObservationalMemory: true,
        hasWorkingMemory: true,
      })
      expect(row('depth-child')).toMatchObject({ isClone: true, cloneDepth: 1, providersSeen: ['anthropic', 'openai'] })
      expect(row('depth-grandchild')).toMatchObject({ isClone: true, cloneDepth: 2 })

      const clones = await api.operator.threads.list.query({ resourceId: INITECH, isClone: true, pageSize: 100 })
      expect(clones.items.map((item) => item.id)).toEqual(expect.arrayContaining(['depth-child', 'depth-grandchild', 'initech-inc-2291-postmortem']))
      expect(clones.items.every((item) => item.isClone && item.cloneDepth >= 1)).toBe(true)
      expect(clones.total).toBe(all.items.filter((item) => item.isClone).length)
      const originals = await api.operator.threads.list.query({ resourceId: INITECH, isClone: false, pageSize: 100 })
      expect(originals.items.map((item) => item.id).sort()).toEqual(
        demoThreads
          .filter((seed) => seed.thread.resourceId === INITECH)
          .map((seed) => seed.thread.id)
          .sort(),
      )

      // Acme: thread-scoped OM on the refund thread and on its seeded branches (theirs as of the cut); resource-scoped WM,
      // so every thread has working memory
      const withOm = await api.operator.threads.list.query({ resourceId: ACME, hasObservationalMemory: true })
      const refundBranches = demoBranches.filter((branch) => branch.sourceThreadId === 'acme-refund-4512').map((branch) => branch.id)
      expect(refundBranches).not.toEqual([])
      expect(withOm.items.map((item) => item.id).sort()).toEqual(['acme-refund-4512', ...refundBranches].sort())
      expect((await api.operator.threads.list.query({ resourceId: ACME, hasWorkingMemory: false })).total).toBe(0)
      const both = await api.operator.threads.list.query({ resourceId: ACME, hasWorkingMemory: true, hasObservationalMemory: false })
      expect(both.total).toBe(acmeThreadCount - withOm.total)
      expect(await failureOf(api.operator.threads.list.query({ isClone: 'yes' as never }))).toMatchObject({ code: 'BAD_REQUEST', field: 'isClone' })
    })

    it('gets a thread, its messages in (createdAt, id) order, page by page', async () => {
      const got = await api.operator.threads.get.query({ threadId: incident.thread.id })
      expect(got).toMatchObject({ messageCount: incident.messages.length, isClone: false, clone: null })
      const firstPage = await api.operator.threads.messages.query({ threadId: incident.thread.id, pageSize: 3 })
      const secondPage = await api.operator.threads.messages.query({ threadId: incident.thread.id, pageSize: 3, page: 2 })
      expect([...firstPage.items, ...secondPage.items].map((message) => message.id)).toEqual(incident.messages.slice(0, 6).map((message) => message.id))
      expect(firstPage).toMatchObject({ total: incident.messages.length, pageCount: Math.ceil(incident.messages.length / 3) })
      expect(firstPage.items[0]!.createdAt).toBeInstanceOf(Date)
      const byId = await api.operator.threads.byId.query({ id: incident.thread.id })
      expect(byId.messages).toHaveLength(incident.messages.length)
    })

    it('answers NOT_FOUND for an unknown thread and BAD_REQUEST with field paths for bad input', async () => {
      expect(await failureOf(api.operator.threads.get.query({ threadId: 'no-such-thread' }))).toMatchObject({
        code: 'NOT_FOUND',
        httpStatus: 404,
        message: 'Thread "no-such-thread" was not found',
        field: 'threadId',
      })
      const bad = await failureOf(api.operator.threads.list.query({ page: 0, pageSize: 1000 }))
      expect(bad).toMatchObject({ code: 'BAD_REQUEST', httpStatus: 400, field: 'page' })
      expect(bad.issues!.map((issue) => issue.path)).toEqual(['page', 'pageSize'])
      const nested = await failureOf(
        api.operator.clone.create.mutate({ sourceThreadId: incident.thread.id, options: { messageFilter: { messageIds: ['ok', ''] } } }),
      )
      expect(nested).toMatchObject({ code: 'BAD_REQUEST', field: 'options.messageFilter.messageIds[1]' })
      // not JSON at all: still a 400, never a 500
      const { token } = await api.issueToken({ allResources: true })
      const raw = await fetch(`${api.server.url}/api/trpc/threads.get?input=%7Bnot-json`, { headers: { authorization: `Bearer ${token}` } })
      expect(raw.status).toBe(400)
    })

    it('deletes a thread (write), after which it is NOT_FOUND', async () => {
      const { thread } = await api.operator.clone.create.mutate({ sourceThreadId: incident.thread.id, newThreadId: 'to-delete', returnMessages: false })
      expect(await api.operator.threads.delete.mutate({ threadId: thread.id })).toEqual({ deleted: 'to-delete' })
      expect(await failureOf(api.operator.threads.get.query({ threadId: 'to-delete' }))).toMatchObject({ code: 'NOT_FOUND' })
      expect(await failureOf(api.operator.threads.delete.mutate({ threadId: 'to-delete' }))).toMatchObject({ code: 'NOT_FOUND' })
    })
  })

  describe('clone', () => {
    it('creates a partial clone with every option, previews it first, and reports the new ids', async () => {
      const args = {
        sourceThreadId: incident.thread.id,
        newThreadId: 'incident-fork',
        title: 'Fork at the restart',
        metadata: { reason: 'api test' },
        options: { messageLimit: 4, messageFilter: { endDate: incident.messages[5]!.createdAt }, boundary: 'expand' as const },
      }
      const preview = await api.operator.clone.preview.query(args)
      expect(preview).toMatchObject({ sourceThreadId: incident.thread.id, resourceId: incident.thread.resourceId, title: 'Fork at the restart' })
      const created = await api.operator.clone.create.mutate(args)
      expect(created.thread).toMatchObject({ id: 'incident-fork', sourceThreadId: incident.thread.id, metadata: { reason: 'api test', severity: 'sev2' } })
      expect(Object.keys(created.messageIdMap)).toEqual(preview.messageIds)
      expect(created.clonedMessages.map((message) => message.threadId)).toEqual(preview.messageIds.map(() => 'incident-fork'))
      expect(created.thread.metadata.clone).toMatchObject({ sourceThreadId: incident.thread.id, lastMessageId: preview.lastMessageId })

      const quiet = await api.operator.clone.create.mutate({ sourceThreadId: 'incident-fork', returnMessages: false })
      expect(quiet.clonedMessages).toEqual([])
      expect(quiet.thread.title).toBe('Clone of Fork at the restart')
    })

    it('maps clone errors: CONFLICT for a taken id, BAD_REQUEST naming the option, NOT_FOUND for the source', async () => {
      expect(await failureOf(api.operator.clone.create.mutate({ sourceThreadId: incident.thread.id, newThreadId: 'acme-refund-4512' }))).toMatchObject({
        code: 'CONFLICT',
        httpStatus: 409,
        field: 'newThreadId',
      })
      const dates = await failureOf(
        api.operator.clone.create.mutate({
          sourceThreadId: incident.thread.id,
          options: { messageFilter: { startDate: new Date('2026-12-02'), endDate: new Date('2026-12-01') } },
        }),
      )
      expect(dates).toMatchObject({ code: 'BAD_REQUEST', field: 'options.messageFilter.startDate' })
      const ids = await failureOf(
        api.operator.clone.preview.query({ sourceThreadId: incident.thread.id, options: { messageFilter: { messageIds: ['nope'] } } }),
      )
      expect(ids).toMatchObject({ code: 'BAD_REQUEST', field: 'options.messageFilter.messageIds' })
      expect(await failureOf(api.operator.clone.create.mutate({ sourceThreadId: 'ghost' }))).toMatchObject({ code: 'NOT_FOUND' })
      expect(await failureOf(api.operator.threads.get.query({ threadId: 'ghost' }))).toMatchObject({ code: 'NOT_FOUND' })
    })

    it('shows lineage: ancestors root first and descendants as a tree', async () => {
      await api.operator.clone.create.mutate({ sourceThreadId: incident.thread.id, newThreadId: 'lineage-child', returnMessages: false })
      await api.operator.clone.create.mutate({ sourceThreadId: 'lineage-child', newThreadId: 'lineage-grandchild', returnMessages: false })
      const fromChild = await api.operator.clone.lineage.query({ threadId: 'lineage-child' })
      expect(fromChild.ancestors.map((node) => node.id)).toEqual([incident.thread.id])
      expect(fromChild.thread.children.map((node) => node.id)).toEqual(['lineage-grandchild'])
      const fromRoot = await api.operator.clone.lineage.query({ threadId: incident.thread.id })
      expect(fromRoot.ancestors).toEqual([])
      const child = fromRoot.thread.children.find((node) => node.id === 'lineage-child')!
      expect(child.children.map((node) => node.id)).toEqual(['lineage-grandchild'])
      expect(child.clonedAt).toBeInstanceOf(Date)
      // a full clone is forked after the source's last message
      const last = incident.messages.at(-1)!
      expect(child.forkedAfter).toEqual({ messageId: last.id, snippet: messageSnippet(last, 60) })
      expect(fromRoot.thread.forkedAfter).toBeNull()
    })

    it('marks the fork point of a cut clone: the source message it was forked after', async () => {
      const childMessages = await api.operator.threads.messages.query({ threadId: 'lineage-child', pageSize: 100 })
      await api.operator.clone.create.mutate({
        sourceThreadId: 'lineage-child',
        newThreadId: 'lineage-cut',
        options: { messageFilter: { endDate: incident.messages[2]!.createdAt } },
        returnMessages: false,
      })
      const lineage = await api.operator.clone.lineage.query({ threadId: 'lineage-cut' })
      expect(lineage.ancestors.map((node) => node.id)).toEqual([incident.thread.id, 'lineage-child'])
      // the id is the source's own (lineage-child's copy of the third message), the text that message's
      expect(lineage.thread.forkedAfter).toEqual({ messageId: childMessages.items[2]!.id, snippet: messageSnippet(incident.messages[2]!, 60) })
      expect(lineage.thread.lastMessageId).toBe(childMessages.items.at(-1)!.id)
      expect(lineage.ancestors[1]!.forkedAfter?.messageId).toBe(incident.messages.at(-1)!.id)
      // the root's own source is not drawn: no fork point for it
      expect(lineage.ancestors[0]!.forkedAfter).toBeNull()
    })
  })

  describe('recall', () => {
    // without pgvector (the test PostgreSQL server may have none): recall-without-pgvector.integration.test.ts
    it('recalls by full text with no embedding model configured: nothing to index, the result says mode text', async () => {
      const warranty = acmeSeeds.find((seed) => seed.thread.id === 'acme-warranty-espresso')!
      expect(await api.operator.recall.status.query({ threadId: warranty.thread.id })).toEqual({
        threadId: warranty.thread.id,
        mode: 'text',
        model: null,
        vectorsAvailable: api.services.semanticRecall,
        messages: warranty.messages.length,
        withVector: 0,
        unindexed: 0,
      })
      expect(await failureOf(api.operator.indexing.start.mutate({ threadId: warranty.thread.id }))).toMatchObject({ code: 'PRECONDITION_FAILED' })
      expect(await failureOf(api.operator.recall.status.query({ threadId: 'no-such-thread' }))).toMatchObject({ code: 'NOT_FOUND' })
    })

    it('finds seeded messages in the thread and across the resource with no indexing, best first; vectors asked for are PRECONDITION_FAILED', async () => {
      const refund = acmeSeeds[0]!
      const target = refund.messages.find((message) => message.role === 'user')!
      const query = target.content.parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join(' ')
      const inThread = await api.operator.recall.search.query({ threadId: refund.thread.id, query, topK: 3 })
      expect(inThread.mode).toBe('text')
      expect(inThread.results[0]!.message.id).toBe(target.id)
      expect(inThread.results.map((result) => result.score)).toEqual([...inThread.results.map((result) => result.score)].sort((a, b) => b - a))
      const inResource = await api.operator.recall.search.query({ resourceId: ACME, query, topK: 5 })
      expect(inResource.mode).toBe('text')
      expect(inResource.results[0]!.message.id).toBe(target.id)
      expect(inResource.results.every((result) => result.message.resourceId === ACME)).toBe(true)
      const vector = await failureOf(api.operator.recall.search.query({ threadId: refund.thread.id, query, mode: 'vector' }))
      expect(vector).toMatchObject({ code: 'PRECONDITION_FAILED' })
      const both = await failureOf(api.operator.recall.search.query({ threadId: refund.thread.id, resourceId: ACME, query }))
      expect(both).toMatchObject({ code: 'BAD_REQUEST', field: 'threadId' })
    })
  })

  describe('memory', () => {
    it('reads and updates working memory by scope', async () => {
      const storm = 'acme-delivery-storm'
      const resourceScope = await api.operator.memory.workingMemory.get.query({ scope: 'resource', resourceId: ACME })
      expect(resourceScope.workingMemory).toContain('# Acme support desk')
      const viaThread = await api.operator.memory.workingMemory.get.query({ scope: 'resource', threadId: storm })
      expect(viaThread.workingMemory).toBe(resourceScope.workingMemory)
      const threadScope = await api.operator.memory.workingMemory.get.query({ scope: 'thread', threadId: storm })
      expect(threadScope.workingMemory).toContain('## Delivery case')
      await api.operator.memory.workingMemory.update.mutate({ scope: 'thread', threadId: storm, workingMemory: '## Delivery case\n- resolved' })
      expect((await api.operator.memory.workingMemory.get.query({ scope: 'thread', threadId: storm })).workingMemory).toBe('## Delivery case\n- resolved')
      expect((await api.operator.memory.workingMemory.get.query({ scope: 'resource', resourceId: ACME })).workingMemory).toBe(resourceScope.workingMemory)
      expect(await failureOf(api.operator.memory.workingMemory.get.query({ scope: 'thread', resourceId: ACME }))).toMatchObject({ code: 'BAD_REQUEST' })
    })

    it('returns the current observational-memory generation and its history', async () => {
      for (const generations of demoObservationalMemory) {
        const first = generations[0]!
        const result =
          first.scope === 'thread'
            ? await api.operator.memory.observational.get.query({ scope: 'thread', threadId: first.threadId! })
            : await api.operator.memory.observational.get.query({ scope: 'resource', resourceId: first.resourceId })
        expect(result.generations.map((record) => record.generation)).toEqual(generations.map((_record, index) => index))
        expect(result.current?.generation).toBe(generations.length - 1)
        expect(result.current?.activeObservations).toBe(generations.at(-1)!.activeObservations)
      }
      const withoutOm = demoThreads.find((seed) => !demoObservationalMemory.some((generations) => generations[0]!.threadId === seed.thread.id))!
      expect(await api.operator.memory.observational.get.query({ scope: 'thread', threadId: withoutOm.thread.id })).toMatchObject({
        current: null,
        generations: [],
      })
    })
  })

  describe('resources', () => {
    it('lists resources with thread counts', async () => {
      const resources = await api.operator.resources.list.query()
      expect(resources.find((resource) => resource.id === ACME)?.threadCount).toBeGreaterThanOrEqual(acmeThreadCount)
    })
  })

  it('the cookie jar helper drops cleared cookies', async () => {
    const jarFetch = cookieJarFetch()
    const client = createThreadlineClient({ url: api.server.url, fetch: jarFetch })
    await client.auth.signIn.mutate({ email: demoOperator.email, password: demoOperator.password })
    await client.auth.signOut.mutate()
    expect(await failureOf(client.resources.list.query())).toMatchObject({ code: 'UNAUTHORIZED' })
  })
})
