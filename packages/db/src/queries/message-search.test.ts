import { type StoredMessage } from '@threadline/engine'
import { SNIPPET_MARK } from '@threadline/engine/storage'
import { beforeAll, expect, it } from 'vitest'
import { describeEachDatabase, textMessage } from '../testing/index.ts'

const at = (minute: number) => Date.UTC(2025, 2, 1, 9, minute)

describeEachDatabase('searchMessages (explorer message search)', (getDb) => {
  beforeAll(async () => {
    const { storage } = getDb()
    await storage.createThread({ id: 'ms-order', resourceId: 'ms-alice', title: 'Blender order' })
    await storage.createThread({ id: 'ms-kettle', resourceId: 'ms-alice', title: 'Kettle' })
    await storage.createThread({ id: 'ms-foreign', resourceId: 'ms-bob', title: 'Bob' })
    const tool: StoredMessage = {
      ...textMessage({ id: 'ms-tool', threadId: 'ms-order', resourceId: 'ms-alice', at: at(5), role: 'assistant' }),
      content: {
        format: 2,
        parts: [
          {
            type: 'tool-invocation',
            toolInvocation: { state: 'result', toolCallId: 'c1', toolName: 'trackParcel', args: { carrier: 'DHL' }, result: { status: 'parcel delayed' } },
          },
        ],
      },
    }
    await storage.insertMessages([
      textMessage({ id: 'ms-1', threadId: 'ms-order', resourceId: 'ms-alice', at: at(1), text: 'Hi, the blender I ordered arrived broken.' }),
      textMessage({
        id: 'ms-2',
        threadId: 'ms-order',
        resourceId: 'ms-alice',
        at: at(2),
        role: 'assistant',
        text: 'Sorry! Where is the tracking number of the broken blender parcel?',
      }),
      textMessage({
        id: 'ms-3',
        threadId: 'ms-order',
        resourceId: 'ms-alice',
        at: at(3),
        text: `The tracking number is <b>42</b> ${SNIPPET_MARK.start}odd${SNIPPET_MARK.stop} & "quoted"`,
      }),
      textMessage({ id: 'ms-4', threadId: 'ms-kettle', resourceId: 'ms-alice', at: at(4), text: 'My kettle is broken too.' }),
      textMessage({ id: 'ms-5', threadId: 'ms-foreign', resourceId: 'ms-bob', at: at(6), text: 'broken blender, tracking number please' }),
      tool,
    ])
  })

  it('finds every word (stemmed), best ranked first, with the thread title and marked snippet segments', async () => {
    const { threadQueries } = getDb()
    const page = await threadQueries.searchMessages({ query: 'tracking numbers', resourceIds: ['ms-alice'], limit: 10, offset: 0 })
    expect(page.total).toBe(2)
    // ts_rank_cd: the adjacent "tracking number" of ms-3 covers the query as tightly as ms-2's; ties go to the newer one
    expect(page.hits.map((hit) => hit.messageId)).toEqual(['ms-3', 'ms-2'])
    expect(page.hits[1]).toMatchObject({
      threadId: 'ms-order',
      threadTitle: 'Blender order',
      resourceId: 'ms-alice',
      role: 'assistant',
      createdAt: new Date(at(2)),
    })
    expect(page.hits[1]!.snippet).toEqual([
      { text: 'Sorry! Where is the ', match: false },
      { text: 'tracking', match: true },
      { text: ' ', match: false },
      { text: 'number', match: true },
      // fragments end at a word; the message's own closing punctuation is put back where nothing is cut
      { text: ' of the broken blender parcel', match: false },
      { text: '?', match: false },
    ])
  })

  it("never turns a message's own markup or marker characters into marks", async () => {
    const { threadQueries } = getDb()
    const [hit] = (await threadQueries.searchMessages({ query: 'quoted', resourceIds: ['ms-alice'], limit: 10, offset: 0 })).hits
    expect(hit!.messageId).toBe('ms-3')
    expect(hit!.snippet.filter((segment) => segment.match).map((segment) => segment.text)).toEqual(['quoted'])
    const text = hit!.snippet.map((segment) => segment.text).join('')
    // ts_headline's parser drops HTML tags; the UI renders the rest as text
    expect(text).toBe('The tracking number is  42  odd & "quoted"')
    expect(text.includes(SNIPPET_MARK.start) || text.includes(SNIPPET_MARK.stop)).toBe(false)
  })

  it('searches tool names and result values, and honours -exclusions and phrases', async () => {
    const { threadQueries } = getDb()
    const search = async (query: string) =>
      (await threadQueries.searchMessages({ query, resourceIds: ['ms-alice'], limit: 10, offset: 0 })).hits.map((hit) => hit.messageId)
    expect(await search('parcel delayed')).toEqual(['ms-tool'])
    expect(await search('broken -blender')).toEqual(['ms-4'])
    expect(await search('"broken blender"')).toEqual(['ms-2'])
    expect(await search('the and')).toEqual([])
  })

  it('stays inside the given resources; every resource without a scope', async () => {
    const { threadQueries } = getDb()
    const scoped = await threadQueries.searchMessages({ query: 'broken', resourceIds: ['ms-bob'], limit: 10, offset: 0 })
    expect(scoped.hits.map((hit) => hit.messageId)).toEqual(['ms-5'])
    expect((await threadQueries.searchMessages({ query: 'broken', resourceIds: [], limit: 10, offset: 0 })).total).toBe(0)
    const everywhere = await threadQueries.searchMessages({ query: 'broken', limit: 10, offset: 0 })
    expect(everywhere.hits.map((hit) => hit.messageId).sort()).toEqual(['ms-1', 'ms-2', 'ms-4', 'ms-5'])
  })

  it("marks with an ellipsis each side where the snippet cuts the text, and keeps a whole message's own end punctuation", async () => {
    const { storage, threadQueries } = getDb()
    await storage.createThread({ id: 'ms-long', resourceId: 'ms-carol', title: 'Long' })
    const filler = (word: string) => Array.from({ length: 30 }, (_, index) => `${word}${index}`).join(' ')
    await storage.insertMessages([
      textMessage({
        id: 'ms-long-1',
        threadId: 'ms-long',
        resourceId: 'ms-carol',
        at: at(1),
        text: `${filler('before')} the refund arrived ${filler('after')}.`,
      }),
    ])
    const text = (query: string, resourceIds: string[]) =>
      threadQueries.searchMessages({ query, resourceIds, limit: 1, offset: 0 }).then(({ hits }) => hits[0]!.snippet.map((segment) => segment.text).join(''))
    const cut = await text('refund', ['ms-carol'])
    expect(cut).toMatch(/^… before\d+ .* after\d+ …$/)
    expect(cut).toContain('the refund arrived')
    expect(await text('kettle', ['ms-alice'])).toBe('My kettle is broken too.')
  })

  it('pages through the matches with the total, also past the end', async () => {
    const { threadQueries } = getDb()
    const query = { query: 'broken', resourceIds: ['ms-alice', 'ms-bob'] }
    const all = await threadQueries.searchMessages({ ...query, limit: 10, offset: 0 })
    const first = await threadQueries.searchMessages({ ...query, limit: 3, offset: 0 })
    const second = await threadQueries.searchMessages({ ...query, limit: 3, offset: 3 })
    expect(first.total).toBe(4)
    expect([...first.hits, ...second.hits].map((hit) => hit.messageId)).toEqual(all.hits.map((hit) => hit.messageId))
    expect(second.hits).toHaveLength(1)
    expect(await threadQueries.searchMessages({ ...query, limit: 3, offset: 30 })).toEqual({ total: 4, hits: [] })
  })
})

describeEachDatabase('searchMessages: clone copies', (getDb) => {
  beforeAll(async () => {
    const { storage } = getDb()
    await storage.createThread({ id: 'mc-source', resourceId: 'mc-carol', title: 'Warranty claim' })
    await storage.insertMessages([
      textMessage({ id: 'mc-1', threadId: 'mc-source', resourceId: 'mc-carol', at: at(1), text: 'Is the toaster under warranty?' }),
      textMessage({ id: 'mc-2', threadId: 'mc-source', resourceId: 'mc-carol', at: at(2), role: 'assistant', text: 'Yes, the warranty runs two years.' }),
    ])
    for (const copy of ['mc-copy-a', 'mc-copy-b']) {
      await storage.createThread({ id: copy, resourceId: 'mc-carol', title: `Copy ${copy.slice(-1)}` })
      await storage.copyThreadMessages({ sourceThreadId: 'mc-source', targetThreadId: copy, targetResourceId: 'mc-carol' })
    }
    await storage.createThread({ id: 'mc-dave-copy', resourceId: 'mc-dave', title: 'Dave copy' })
    await storage.copyThreadMessages({ sourceThreadId: 'mc-source', targetThreadId: 'mc-dave-copy', targetResourceId: 'mc-dave' })
  })

  it('lists a message once, in its oldest thread, with its clone copies under it; the total counts it once', async () => {
    const { threadQueries } = getDb()
    const page = await threadQueries.searchMessages({ query: 'warranty', resourceIds: ['mc-carol'], limit: 10, offset: 0 })
    expect(page.total).toBe(2)
    expect(page.hits.map((hit) => [hit.messageId, hit.threadId])).toEqual([
      ['mc-2', 'mc-source'],
      ['mc-1', 'mc-source'],
    ])
    expect(page.hits[0]!.copies.map((copy) => [copy.threadId, copy.threadTitle])).toEqual([
      ['mc-copy-a', 'Copy a'],
      ['mc-copy-b', 'Copy b'],
    ])
    expect(page.hits[0]!.copies.every((copy) => copy.messageId !== 'mc-2')).toBe(true)
  })

  it('a copy whose original is outside the scope is a hit of its own; copies outside the scope are not listed', async () => {
    const { threadQueries } = getDb()
    const foreign = await threadQueries.searchMessages({ query: 'toaster', resourceIds: ['mc-dave'], limit: 10, offset: 0 })
    expect(foreign.hits.map((hit) => [hit.threadId, hit.copies])).toEqual([['mc-dave-copy', []]])
    const own = await threadQueries.searchMessages({ query: 'toaster', resourceIds: ['mc-carol'], limit: 10, offset: 0 })
    expect(own.hits[0]!.copies.map((copy) => copy.threadId)).toEqual(['mc-copy-a', 'mc-copy-b'])
  })
})
