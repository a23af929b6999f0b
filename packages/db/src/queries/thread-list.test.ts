import type { MessagePart, StoredMessage } from '@threadline/engine'
import type { ThreadListQuery } from '@threadline/engine/storage'
import { beforeAll, describe, expect, it } from 'vitest'
import { describeEachDatabase, observationalMemoryRecord, textMessage } from '../testing/index.ts'

describeEachDatabase('listThreads', (getDb) => {
  it('lists threads of a resource with message counts, last activity and the total', async () => {
    const { storage, threadQueries } = getDb()
    const resourceId = 'r-list'
    for (const [i, id] of ['list-a', 'list-b', 'list-c'].entries()) {
      await storage.createThread({ id, resourceId, title: `Trip ${id}`, updatedAt: new Date(Date.UTC(2025, 0, 1 + i)) })
    }
    await storage.createThread({ id: 'list-other', resourceId: 'r-elsewhere', title: 'Trip elsewhere' })
    await storage.insertMessages([
      textMessage({ id: 'list-m1', threadId: 'list-a', resourceId, at: Date.UTC(2025, 1, 1) }),
      textMessage({ id: 'list-m2', threadId: 'list-a', resourceId, at: Date.UTC(2025, 1, 2) }),
    ])

    const all = await threadQueries.listThreads({ resourceId })
    expect(all.total).toBe(3)
    // newest update first
    expect(all.threads.map((t) => t.id)).toEqual(['list-c', 'list-b', 'list-a'])
    const a = all.threads.find((t) => t.id === 'list-a')!
    expect(a.messageCount).toBe(2)
    expect(a.lastMessageAt).toEqual(new Date(Date.UTC(2025, 1, 2)))
    expect(all.threads.find((t) => t.id === 'list-b')).toMatchObject({ messageCount: 0, lastMessageAt: null })

    const page = await threadQueries.listThreads({ resourceId, limit: 1, offset: 1 })
    expect(page).toMatchObject({ total: 3, threads: [{ id: 'list-b' }] })
    const beyond = await threadQueries.listThreads({ resourceId, limit: 5, offset: 10 })
    expect(beyond).toEqual({ total: 3, threads: [] })

    const byTitle = await threadQueries.listThreads({ titleContains: 'TRIP LIST-B' })
    expect(byTitle.threads.map((t) => t.id)).toEqual(['list-b'])
    const byCreation = await threadQueries.listThreads({ resourceId, orderBy: 'createdAt', limit: 1 })
    expect(byCreation.threads[0]!.id).toBe('list-c')
  })

  it('treats LIKE wildcards in the title filter as plain text', async () => {
    const { storage, threadQueries } = getDb()
    await storage.createThread({ id: 'pct-1', resourceId: 'r-pct', title: '100% done' })
    await storage.createThread({ id: 'pct-2', resourceId: 'r-pct', title: '1000 done' })
    const result = await threadQueries.listThreads({ resourceId: 'r-pct', titleContains: '0%' })
    expect(result.threads.map((t) => t.id)).toEqual(['pct-1'])
  })

  describe('what the explorer shows', () => {
    // Every title holds "explore", so `titleContains` keeps other tests' threads out.
    const resourceId = 'r-explore'
    const message = (id: string, threadId: string, at: number, content: Partial<StoredMessage['content']>): StoredMessage => ({
      ...textMessage({ id, threadId, resourceId, at, role: 'assistant' }),
      content: { format: 2, parts: [{ type: 'text', text: id }], ...content },
    })
    const signedThinking: MessagePart = {
      type: 'reasoning',
      reasoning: 'thinking',
      details: [{ type: 'text', text: 'thinking', signature: 'sig' }],
      providerMetadata: { anthropic: { signature: 'sig' } },
    }

    beforeAll(async () => {
      const { storage } = getDb()
      const threads: [id: string, sourceThreadId: string | null, extra?: { resourceId?: string; metadata?: Record<string, unknown> }][] = [
        ['ex-root', null],
        ['ex-child', 'ex-root'],
        ['ex-grandchild', 'ex-child'],
        ['ex-orphan', 'ex-deleted-source'],
        ['ex-cycle-a', 'ex-cycle-b'],
        ['ex-cycle-b', 'ex-cycle-a'],
        ['ex-self', 'ex-self'],
        // imported with its clone metadata but without the lineage column
        ['ex-imported', null, { metadata: { clone: { sourceThreadId: 'elsewhere', clonedAt: '2025-01-01T00:00:00.000Z' } } }],
        ['ex-resource-wm', null, { resourceId: 'r-explore-wm' }],
        ['ex-resource-om', null, { resourceId: 'r-explore-om' }],
      ]
      for (const [id, sourceThreadId, extra] of threads) {
        await storage.createThread({ id, resourceId, title: `explore ${id}`, sourceThreadId, ...extra })
      }
      await storage.insertMessages([
        textMessage({ id: 'ex-m1', threadId: 'ex-root', resourceId, at: 1 }),
        // the AI SDK's provider id (agent turns) and a seed's plain name
        message('ex-m2', 'ex-root', 2, { metadata: { provider: 'openai.responses', modelId: 'gpt-4o' } }),
        message('ex-m3', 'ex-root', 3, { metadata: { provider: 'anthropic', modelId: 'claude' }, parts: [signedThinking] }),
        // an imported message: only providerMetadata tells where it came from
        message('ex-m4', 'ex-root', 4, { providerMetadata: { deepseek: { cacheHit: true } } }),
        // not providers: a number, a part whose providerMetadata is no object, an empty name
        message('ex-m5', 'ex-root', 5, {
          metadata: { provider: 42 },
          parts: [{ type: 'text', text: 'x', providerMetadata: 'openai' as never }],
        }),
        message('ex-m6', 'ex-root', 6, { metadata: { provider: '' } }),
        message('ex-m7', 'ex-child', 7, { metadata: { provider: 'cerebras.chat' } }),
      ])
      await storage.setWorkingMemory({ scope: 'thread', threadId: 'ex-child' }, '## notes')
      // versions: the current (latest) one decides, an earlier non-blank one does not count
      await storage.setWorkingMemory({ scope: 'thread', threadId: 'ex-grandchild' }, 'old notes')
      await storage.setWorkingMemory({ scope: 'thread', threadId: 'ex-grandchild' }, '  \n\t ')
      await storage.setWorkingMemory({ scope: 'resource', resourceId: 'r-explore-wm' }, 'resource notes')
      await storage.insertObservationalMemory(observationalMemoryRecord({ scope: 'thread', threadId: 'ex-root', resourceId }))
      await storage.insertObservationalMemory(observationalMemoryRecord({ scope: 'resource', threadId: null, resourceId: 'r-explore-om' }))
    })

    const ids = async (filters: ThreadListQuery = {}) =>
      (await getDb().threadQueries.listThreads({ titleContains: 'explore', ...filters })).threads.map((thread) => thread.id).sort()

    it('reports providers seen, memory flags and clone depth per thread', async () => {
      const { threads, total } = await getDb().threadQueries.listThreads({ titleContains: 'explore' })
      expect(total).toBe(10)
      const byId = Object.fromEntries(threads.map((thread) => [thread.id, thread]))
      expect(byId['ex-root']).toMatchObject({
        providersSeen: ['anthropic', 'deepseek', 'openai'],
        cloneDepth: 0,
        hasObservationalMemory: true,
        hasWorkingMemory: false,
        messageCount: 6,
      })
      expect(byId['ex-child']).toMatchObject({ providersSeen: ['cerebras'], cloneDepth: 1, hasWorkingMemory: true, hasObservationalMemory: false })
      // blank working memory is none
      expect(byId['ex-grandchild']).toMatchObject({ providersSeen: [], cloneDepth: 2, hasWorkingMemory: false })
      // a deleted source still makes a clone; a cycle ends after each link once
      expect(byId['ex-orphan']!.cloneDepth).toBe(1)
      expect(byId['ex-cycle-a']!.cloneDepth).toBe(2)
      expect(byId['ex-self']!.cloneDepth).toBe(1)
      expect(byId['ex-imported']!.cloneDepth).toBe(0)
      // a caller scoped to other resources learns nothing beyond the first link
      const scoped = await getDb().threadQueries.listThreads({ titleContains: 'explore', lineageResourceIds: ['r-elsewhere'] })
      expect(scoped.threads.find((thread) => thread.id === 'ex-grandchild')!.cloneDepth).toBe(1)
      const own = await getDb().threadQueries.listThreads({ titleContains: 'explore', lineageResourceIds: [resourceId] })
      expect(own.threads.find((thread) => thread.id === 'ex-grandchild')!.cloneDepth).toBe(2)
      // resource-scoped memory counts for every thread of the resource
      expect(byId['ex-resource-wm']).toMatchObject({ hasWorkingMemory: true, hasObservationalMemory: false })
      expect(byId['ex-resource-om']).toMatchObject({ hasWorkingMemory: false, hasObservationalMemory: true })
    })

    it('filters by clone, working-memory and observational-memory flags before paging', async () => {
      const clones = ['ex-child', 'ex-cycle-a', 'ex-cycle-b', 'ex-grandchild', 'ex-imported', 'ex-orphan', 'ex-self']
      expect(await ids({ isClone: true })).toEqual(clones)
      expect(await ids({ isClone: false })).toEqual(['ex-resource-om', 'ex-resource-wm', 'ex-root'])
      expect(await ids({ hasWorkingMemory: true })).toEqual(['ex-child', 'ex-resource-wm'])
      expect(await ids({ hasObservationalMemory: true })).toEqual(['ex-resource-om', 'ex-root'])
      expect(await ids({ hasObservationalMemory: false })).toHaveLength(8)
      expect(await ids({ isClone: true, hasWorkingMemory: true })).toEqual(['ex-child'])
      expect(await ids({ isClone: true, hasObservationalMemory: true })).toEqual([])
      expect(await ids({ resourceId: 'r-explore-wm', hasWorkingMemory: true })).toEqual(['ex-resource-wm'])
      const page = await getDb().threadQueries.listThreads({ titleContains: 'explore', isClone: true, limit: 2, offset: 6 })
      expect(page.total).toBe(clones.length)
      expect(page.threads).toHaveLength(1)
    })
  })

  it('filters on branches and draws them in the lineage tree with their branch points', async () => {
    const { storage, threadQueries } = getDb()
    const resourceId = 'r-branch-list'
    await storage.createThread({ id: 'bl-root', resourceId, title: 'branch list root' })
    await storage.insertMessages([
      textMessage({ id: 'bl-m1', threadId: 'bl-root', resourceId, at: Date.UTC(2025, 2, 1) }),
      textMessage({ id: 'bl-m2', threadId: 'bl-root', resourceId, at: Date.UTC(2025, 2, 2) }),
    ])
    const branch = (id: string, sourceThreadId: string, branchPointMessageId: string) =>
      storage.createBranch({ id, sourceThreadId, branchPointMessageId, title: `branch list ${id}`, metadata: {}, branchedAt: new Date() })
    await branch('bl-branch', 'bl-root', 'bl-m1')
    await branch('bl-branch-of-branch', 'bl-branch', 'bl-m1')
    await storage.createThread({ id: 'bl-clone', resourceId, title: 'branch list clone', sourceThreadId: 'bl-root' })

    const ids = async (query: Partial<ThreadListQuery>) =>
      (await threadQueries.listThreads({ resourceId, orderBy: 'createdAt', ...query })).threads.map((t) => t.id).sort()
    expect(await ids({ isBranch: true })).toEqual(['bl-branch', 'bl-branch-of-branch'])
    expect(await ids({ isBranch: false })).toEqual(['bl-clone', 'bl-root'])
    const [row] = (await threadQueries.listThreads({ resourceId, isBranch: true, titleContains: 'of-branch' })).threads
    expect(row?.branch).toMatchObject({ parentThreadId: 'bl-branch', branchPointMessageId: 'bl-m1', branchPointThreadId: 'bl-root' })
    // the count is the effective history's: what it inherits (through two levels) and its own
    await storage.insertMessages([textMessage({ id: 'bl-own', threadId: 'bl-branch-of-branch', resourceId, at: Date.UTC(2025, 2, 3) })])
    const [counted] = (await threadQueries.listThreads({ resourceId, isBranch: true, titleContains: 'of-branch' })).threads
    expect(counted).toMatchObject({ messageCount: 2, inheritedMessageCount: 1 })
    const [root] = (await threadQueries.listThreads({ resourceId, titleContains: 'root' })).threads
    expect(root).toMatchObject({ messageCount: 2, inheritedMessageCount: 0 })

    // one walk down both links: clones and branches, nearest generations first
    const descendants = await storage.listThreadDescendants({ threadId: 'bl-root' })
    expect(new Set(descendants.map((t) => t.id))).toEqual(new Set(['bl-branch', 'bl-clone', 'bl-branch-of-branch']))
    expect(descendants.at(-1)!.id).toBe('bl-branch-of-branch')
  })
})
