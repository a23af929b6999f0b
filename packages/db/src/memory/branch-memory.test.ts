// Thread-scoped working and observational memory across materializeBranch and
// promoteBranch (issue 12; the spec is silent, the choice is "nothing lost"):
// a materialized thread keeps its own memory, its OM naming the copies of what
// it inherited; a promote moves the branch's memory to the source and the
// source's to the new branch holding its former line.
import { Memory, type StoredMessage } from '@threadline/engine'
import { expect, it } from 'vitest'
import { describeEachDatabase, observationalMemoryRecord } from '../testing/index.ts'
import { storedMessage } from './fixtures.ts'

const resourceId = 'bm-user'
const group = (first: string, last: string, text: string) => `<observation-group range="${first}:${last}">${text}</observation-group>`

describeEachDatabase('branch operations and thread memory', (getDb) => {
  const memory = () =>
    new Memory({
      storage: getDb().storage,
      vector: getDb().vector,
      options: { workingMemory: { enabled: true, scope: 'thread' }, observationalMemory: { enabled: true, scope: 'thread' } },
    })

  async function thread(threadId: string, texts: string[], startAt: number): Promise<StoredMessage[]> {
    const { storage } = getDb()
    if ((await storage.getThreadById(threadId)) === null) await storage.createThread({ id: threadId, resourceId })
    const messages = texts.map((text, index) =>
      storedMessage({ id: `${threadId}-${text}`, threadId, resourceId, role: 'user', text, at: new Date(startAt + index * 1000) }),
    )
    await storage.insertMessages(messages)
    return messages
  }

  async function observe(threadId: string, observed: string[], range: [string, string], chunkIds: string[]) {
    await getDb().storage.insertObservationalMemory(
      observationalMemoryRecord({
        scope: 'thread',
        threadId,
        resourceId,
        activeObservations: `<thread id="${threadId}">${group(range[0], range[1], `seen on ${threadId}`)}</thread>`,
        observedMessageIds: observed,
        bufferedObservationChunks: [
          {
            id: `${threadId}-chunk`,
            observations: group(chunkIds[0]!, chunkIds.at(-1)!, 'buffered'),
            messageIds: chunkIds,
            tokenCount: 3,
            createdAt: new Date(),
          },
        ],
        createdAt: new Date(),
      }),
    )
  }

  it('materializeBranch: the thread keeps its working memory versions and its OM, which names the copies', async () => {
    const m = memory()
    const { storage } = getDb()
    await thread('bm-s', ['s1', 's2', 's3', 's4'], Date.UTC(2026, 0, 1))
    const { thread: branch } = await m.branchThread({ sourceThreadId: 'bm-s', branchPointMessageId: 'bm-s-s3', newThreadId: 'bm-b', derivedMemory: 'empty' })
    await thread(branch.id, ['b1'], Date.UTC(2026, 0, 2))
    await storage.setWorkingMemory({ scope: 'thread', threadId: 'bm-b' }, 'first')
    await storage.setWorkingMemory({ scope: 'thread', threadId: 'bm-b' }, 'second')
    await observe('bm-b', ['bm-s-s1', 'bm-s-s2', 'bm-b-b1'], ['bm-s-s2', 'bm-b-b1'], ['bm-s-s3'])
    const versionsBefore = await storage.listWorkingMemoryVersions({ scope: 'thread', threadId: 'bm-b' })

    await m.materializeBranch('bm-b')

    const history = await m.listMessages({ threadId: 'bm-b' })
    const copyOf = (id: string) =>
      history.find((message) => message.threadId === 'bm-b' && message.content.parts[0]?.type === 'text' && `bm-s-${message.content.parts[0].text}` === id)!.id
    expect(history.map((message) => message.threadId)).toEqual(['bm-b', 'bm-b', 'bm-b', 'bm-b'])
    expect(await storage.listWorkingMemoryVersions({ scope: 'thread', threadId: 'bm-b' })).toEqual(versionsBefore)
    const om = (await storage.getObservationalMemory({ scope: 'thread', threadId: 'bm-b' }))!
    expect(om.observedMessageIds).toEqual([copyOf('bm-s-s1'), copyOf('bm-s-s2'), 'bm-b-b1'])
    expect(om.activeObservations).toBe(`<thread id="bm-b">${group(copyOf('bm-s-s2'), 'bm-b-b1', 'seen on bm-b')}</thread>`)
    expect(om.bufferedObservationChunks[0]).toMatchObject({
      messageIds: [copyOf('bm-s-s3')],
      observations: group(copyOf('bm-s-s3'), copyOf('bm-s-s3'), 'buffered'),
    })
    // every id it names is in its own history now
    const own = new Set(history.map((message) => message.id))
    expect(om.observedMessageIds.every((id) => own.has(id))).toBe(true)
    // the source's memory is untouched (it had none)
    expect(await storage.getObservationalMemory({ scope: 'thread', threadId: 'bm-s' })).toBeNull()
  })

  it('promoteBranch: the source takes the branch`s memory, the new branch keeps the source`s; tags name their holder', async () => {
    const m = memory()
    const { storage } = getDb()
    await thread('bm-p', ['p1', 'p2', 'p3'], Date.UTC(2026, 1, 1))
    await storage.setWorkingMemory({ scope: 'thread', threadId: 'bm-p' }, 'source memory')
    await observe('bm-p', ['bm-p-p1', 'bm-p-p2', 'bm-p-p3'], ['bm-p-p1', 'bm-p-p3'], ['bm-p-p3'])
    await m.branchThread({ sourceThreadId: 'bm-p', branchPointMessageId: 'bm-p-p2', newThreadId: 'bm-q', derivedMemory: 'empty' })
    await thread('bm-q', ['q1'], Date.UTC(2026, 1, 2))
    await storage.setWorkingMemory({ scope: 'thread', threadId: 'bm-q' }, 'branch v1')
    await storage.setWorkingMemory({ scope: 'thread', threadId: 'bm-q' }, 'branch v2')
    await observe('bm-q', ['bm-p-p1', 'bm-q-q1'], ['bm-p-p1', 'bm-q-q1'], ['bm-q-q1'])
    const sourceOm = (await storage.getObservationalMemory({ scope: 'thread', threadId: 'bm-p' }))!
    const branchOm = (await storage.getObservationalMemory({ scope: 'thread', threadId: 'bm-q' }))!

    const { thread: promoted, newBranchThread } = await m.promoteBranch({ branchThreadId: 'bm-q' })
    expect(promoted.id).toBe('bm-p')

    expect((await storage.listWorkingMemoryVersions({ scope: 'thread', threadId: 'bm-p' })).map((v) => v.text)).toEqual(['branch v1', 'branch v2'])
    expect((await storage.listWorkingMemoryVersions({ scope: 'thread', threadId: newBranchThread.id })).map((v) => v.text)).toEqual(['source memory'])
    const nowSource = (await storage.getObservationalMemory({ scope: 'thread', threadId: 'bm-p' }))!
    const nowNew = (await storage.getObservationalMemory({ scope: 'thread', threadId: newBranchThread.id }))!
    expect(nowSource).toMatchObject({ id: branchOm.id, observedMessageIds: branchOm.observedMessageIds, threadId: 'bm-p' })
    expect(nowSource.activeObservations).toBe(branchOm.activeObservations.replace('<thread id="bm-q">', '<thread id="bm-p">'))
    expect(nowNew).toMatchObject({ id: sourceOm.id, observedMessageIds: sourceOm.observedMessageIds, threadId: newBranchThread.id })
    expect(nowNew.activeObservations).toBe(sourceOm.activeObservations.replace('<thread id="bm-p">', `<thread id="${newBranchThread.id}">`))
    // nothing left under the promoted branch's id; every message an OM names is in its holder's history
    expect(await storage.listWorkingMemoryVersions({ scope: 'thread', threadId: 'bm-q' })).toEqual([])
    expect(await storage.getObservationalMemory({ scope: 'thread', threadId: 'bm-q' })).toBeNull()
    for (const [holder, om] of [
      ['bm-p', nowSource],
      [newBranchThread.id, nowNew],
    ] as const) {
      const ids = new Set((await m.listMessages({ threadId: holder })).map((message) => message.id))
      expect(
        om.observedMessageIds.filter((id) => !ids.has(id)),
        holder,
      ).toEqual([])
    }
  })
})
