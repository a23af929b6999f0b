// Derived memory (issue 12): deriveThreadMemory's three modes and cloneThread's
// derivedMemory option against real databases, including "no leak": what the
// source learns after the cutoff never reaches the fork.
import { deriveThreadMemory, Memory, type DerivedMemoryMode, type StoredMessage } from '@threadline/engine'
import { describe, expect, it } from 'vitest'
import { describeEachDatabase, observationalMemoryRecord } from '../testing/index.ts'
import { storedMessage, threadSnapshot } from './fixtures.ts'

/** Lets the clock move on (dates are stored to the millisecond). */
const tick = () => new Promise((resolve) => setTimeout(resolve, 3))

const group = (first: StoredMessage, last: StoredMessage, text: string) => `<observation-group range="${first.id}:${last.id}">${text}</observation-group>`

describeEachDatabase('derived memory', (getDb) => {
  const memory = () =>
    new Memory({
      storage: getDb().storage,
      vector: getDb().vector,
      options: { workingMemory: { enabled: true, scope: 'thread' }, observationalMemory: { enabled: true, scope: 'thread' } },
    })

  /**
   * m0, m1; WM 'before'; OM generation 0 observing m0..m1; m2 (the cutoff); then,
   * after the cutoff: m3, m4, generation 0 rewritten in place with later groups,
   * WM 'after', a reflection (generation 1).
   */
  async function seedSource(threadId: string) {
    const { storage } = getDb()
    await storage.createThread({ id: threadId, resourceId: 'dm-user' })
    const messages: StoredMessage[] = []
    const say = async (index: number) => {
      const message = storedMessage({ id: `${threadId}-m${index}`, threadId, resourceId: 'dm-user', role: 'user', text: `m${index}`, at: new Date() })
      await storage.insertMessages([message])
      messages.push(message)
      await tick()
    }
    await say(0)
    await say(1)
    await storage.setWorkingMemory({ scope: 'thread', threadId }, 'before')
    const generation0 = await storage.insertObservationalMemory(
      observationalMemoryRecord({
        scope: 'thread',
        threadId,
        resourceId: 'dm-user',
        activeObservations: `<thread id="${threadId}">${group(messages[0]!, messages[1]!, 'early')}</thread>`,
        observedMessageIds: [messages[0]!.id, messages[1]!.id],
        lastObservedAt: new Date(),
        totalTokensObserved: 10,
        observationTokenCount: 2,
        createdAt: new Date(),
      }),
    )
    await tick()
    await say(2)
    const cutoff = messages[2]!
    await say(3)
    await say(4)
    const [m0, m1, m2, m3, m4] = messages as [StoredMessage, StoredMessage, StoredMessage, StoredMessage, StoredMessage]
    await storage.updateObservationalMemory(generation0.id, {
      activeObservations: `<thread id="${threadId}">${group(m0, m1, 'early')}${group(m2, m3, 'straddle')}${group(m4, m4, 'late')}</thread>`,
      observedMessageIds: [m0.id, m1.id, m2.id, m3.id, m4.id],
      bufferedObservationChunks: [{ id: 'chunk', observations: group(m4, m4, 'late buffered'), messageIds: [m4.id], tokenCount: 3, createdAt: new Date() }],
      lastObservedAt: new Date(),
      isObserving: true,
    })
    await storage.setWorkingMemory({ scope: 'thread', threadId }, 'after')
    await memory().reflect({ threadId, observationalMemory: { activeObservations: 'reflected later' } })
    return { messages, cutoff }
  }

  async function derive(sourceThreadId: string, targetThreadId: string, mode: DerivedMemoryMode, asOf: Date | null, visible: Set<string> | null) {
    const { storage } = getDb()
    await storage.transaction(async (tx) => {
      await tx.storage.createThread({ id: targetThreadId, resourceId: 'dm-user' })
      await deriveThreadMemory(tx, {
        sourceThreadId,
        targetThreadId,
        resourceId: 'dm-user',
        mode,
        asOf,
        visibleMessageIds: visible && ((ids) => Promise.resolve(new Set(ids.filter((id) => visible.has(id))))),
      })
    })
  }

  describe('deriveThreadMemory', () => {
    it("'as-of-branch-point': WM and the OM generation as of the cutoff, nothing learnt later leaks; the source is untouched", async () => {
      const { messages, cutoff } = await seedSource('dm-asof')
      const source = await threadSnapshot(getDb(), 'dm-asof')
      const visible = new Set(messages.slice(0, 3).map((message) => message.id))
      await derive('dm-asof', 'dm-asof-branch', 'as-of-branch-point', cutoff.createdAt, visible)

      const { storage } = getDb()
      const target = { scope: 'thread', threadId: 'dm-asof-branch' } as const
      expect(await storage.getWorkingMemory(target)).toBe('before')
      const sourceVersions = await storage.listWorkingMemoryVersions({ scope: 'thread', threadId: 'dm-asof' })
      expect((await storage.listWorkingMemoryVersions(target)).map(({ text, createdAt }) => ({ text, createdAt }))).toEqual([
        { text: 'before', createdAt: sourceVersions[0]!.createdAt },
      ])

      const generations = await storage.listObservationalMemoryGenerations(target)
      expect(generations).toHaveLength(1)
      const [m0, m1] = messages as [StoredMessage, StoredMessage]
      expect(generations[0]).toMatchObject({
        generation: 0,
        threadId: 'dm-asof-branch',
        resourceId: 'dm-user',
        // the straddling group and the later ones are gone; m2 counts as unobserved again
        activeObservations: `<thread id="dm-asof-branch">${group(m0, m1, 'early')}</thread>`,
        observedMessageIds: [m0.id, m1.id],
        bufferedObservationChunks: [],
        lastObservedAt: cutoff.createdAt,
        isObserving: false,
        metadata: { derivedFrom: { threadId: 'dm-asof', generation: 0, mode: 'as-of-branch-point', asOf: cutoff.createdAt.toISOString() } },
      })
      const text = JSON.stringify(generations[0])
      for (const later of ['after', 'straddle', 'late', 'reflected']) expect(text).not.toContain(later)
      expect(await threadSnapshot(getDb(), 'dm-asof')).toEqual(source)

      // a write on the branch is the branch's own
      await storage.setWorkingMemory(target, 'branch notes')
      expect(await storage.getWorkingMemory({ scope: 'thread', threadId: 'dm-asof' })).toBe('after')
    })

    it("'as-of-branch-point' without visibleMessageIds takes the messages created by the cutoff", async () => {
      const { messages, cutoff } = await seedSource('dm-null')
      await derive('dm-null', 'dm-null-branch', 'as-of-branch-point', cutoff.createdAt, null)
      const record = await getDb().storage.getObservationalMemory({ scope: 'thread', threadId: 'dm-null-branch' })
      expect(record?.observedMessageIds).toEqual([messages[0]!.id, messages[1]!.id])
      expect(record?.activeObservations).not.toContain('late')
    })

    it("'as-of-branch-point' before any memory existed: the fork starts without", async () => {
      const { messages } = await seedSource('dm-early')
      await derive('dm-early', 'dm-early-branch', 'as-of-branch-point', messages[0]!.createdAt, null)
      const target = { scope: 'thread', threadId: 'dm-early-branch' } as const
      expect(await getDb().storage.listWorkingMemoryVersions(target)).toEqual([])
      expect(await getDb().storage.getObservationalMemory(target)).toBeNull()
    })

    it("'current' copies today's WM versions and OM generation; 'empty' nothing", async () => {
      await seedSource('dm-now')
      const { storage } = getDb()
      await derive('dm-now', 'dm-now-current', 'current', null, null)
      expect(await storage.getWorkingMemory({ scope: 'thread', threadId: 'dm-now-current' })).toBe('after')
      expect((await storage.listWorkingMemoryVersions({ scope: 'thread', threadId: 'dm-now-current' })).map((v) => v.text)).toEqual(['before', 'after'])
      expect(await storage.getObservationalMemory({ scope: 'thread', threadId: 'dm-now-current' })).toMatchObject({
        generation: 0,
        activeObservations: 'reflected later',
        metadata: { derivedFrom: { generation: 1, mode: 'current', asOf: null } },
      })

      await derive('dm-now', 'dm-now-empty', 'empty', new Date(), null)
      expect(await storage.listWorkingMemoryVersions({ scope: 'thread', threadId: 'dm-now-empty' })).toEqual([])
      expect(await storage.getObservationalMemory({ scope: 'thread', threadId: 'dm-now-empty' })).toBeNull()
    })
  })

  describe('branchThread derivedMemory', () => {
    it("default 'as-of-branch-point': a WM update or OM generation made on the source after the branch point is not in the branch", async () => {
      const { messages, cutoff } = await seedSource('dm-br')
      const { thread } = await memory().branchThread({ sourceThreadId: 'dm-br', branchPointMessageId: cutoff.id })
      expect(await memory().getWorkingMemory({ threadId: thread.id })).toBe('before')
      const record = await memory().getObservationalMemory({ threadId: thread.id })
      const [m0, m1] = messages as [StoredMessage, StoredMessage]
      expect(record).toMatchObject({
        generation: 0,
        activeObservations: `<thread id="${thread.id}">${group(m0, m1, 'early')}</thread>`,
        observedMessageIds: [m0.id, m1.id],
        bufferedObservationChunks: [],
      })
      for (const later of ['after', 'straddle', 'late', 'reflected']) expect(JSON.stringify(record)).not.toContain(later)

      // a branch of the branch at an inherited, earlier point: the WM history travelled with the versions
      const { thread: nested } = await memory().branchThread({ sourceThreadId: thread.id, branchPointMessageId: m0.id })
      expect(await memory().getWorkingMemory({ threadId: nested.id })).toBeNull()
      const { thread: same } = await memory().branchThread({ sourceThreadId: thread.id, branchPointMessageId: cutoff.id })
      expect(await memory().getWorkingMemory({ threadId: same.id })).toBe('before')
    })

    it("'current' and 'empty'", async () => {
      await seedSource('dm-br2')
      const current = await memory().branchThread({ sourceThreadId: 'dm-br2', derivedMemory: 'current' })
      expect(await memory().getWorkingMemory({ threadId: current.thread.id })).toBe('after')
      expect((await memory().getObservationalMemory({ threadId: current.thread.id }))?.activeObservations).toBe('reflected later')
      const empty = await memory().branchThread({ sourceThreadId: 'dm-br2', derivedMemory: 'empty' })
      expect(await memory().getWorkingMemory({ threadId: empty.thread.id })).toBeNull()
      expect(await memory().getObservationalMemory({ threadId: empty.thread.id })).toBeNull()
    })
  })

  describe('cloneThread derivedMemory', () => {
    it("'as-of-branch-point': as of the last cloned message, ids remapped, nothing later", async () => {
      const { messages, cutoff } = await seedSource('dm-clone')
      const { thread, messageIdMap } = await memory().cloneThread({
        sourceThreadId: 'dm-clone',
        options: { messageFilter: { endDate: cutoff.createdAt }, derivedMemory: 'as-of-branch-point' },
      })
      expect(Object.keys(messageIdMap)).toEqual(messages.slice(0, 3).map((message) => message.id))
      expect(await memory().getWorkingMemory({ threadId: thread.id })).toBe('before')
      const record = await memory().getObservationalMemory({ threadId: thread.id })
      const [m0, m1] = messages.map((message) => ({ ...message, id: messageIdMap[message.id]! })) as [StoredMessage, StoredMessage]
      expect(record).toMatchObject({
        activeObservations: `<thread id="${thread.id}">${group(m0, m1, 'early')}</thread>`,
        observedMessageIds: [m0.id, m1.id],
        bufferedObservationChunks: [],
      })
    })

    it("a full clone 'as-of-branch-point' takes memory as of the source's last message; 'empty' none; default 'current'", async () => {
      await seedSource('dm-full')
      const workingMemoryOnly = new Memory({ storage: getDb().storage, options: { workingMemory: { enabled: true, scope: 'thread' } } })
      const asOf = await workingMemoryOnly.cloneThread({ sourceThreadId: 'dm-full', options: { derivedMemory: 'as-of-branch-point' } })
      // 'after' was written after the last message m4: not yet current then
      expect(await workingMemoryOnly.getWorkingMemory({ threadId: asOf.thread.id })).toBe('before')
      const empty = await memory().cloneThread({ sourceThreadId: 'dm-full', options: { derivedMemory: 'empty' } })
      expect(await memory().getWorkingMemory({ threadId: empty.thread.id })).toBeNull()
      expect(await memory().getObservationalMemory({ threadId: empty.thread.id })).toBeNull()
      expect((await memory().previewClone({ sourceThreadId: 'dm-full', options: { derivedMemory: 'empty' } })).workingMemory).toBe('none')
      const current = await memory().cloneThread({ sourceThreadId: 'dm-full' })
      expect(await memory().getWorkingMemory({ threadId: current.thread.id })).toBe('after')
      expect((await memory().getObservationalMemory({ threadId: current.thread.id }))?.activeObservations).toBe('reflected later')
    })

    it('an empty selection as of the branch point derives no thread memory', async () => {
      await seedSource('dm-none')
      const { thread } = await memory().cloneThread({
        sourceThreadId: 'dm-none',
        options: { messageFilter: { endDate: new Date(Date.UTC(2000, 0, 1)) }, derivedMemory: 'as-of-branch-point' },
      })
      expect(await memory().getWorkingMemory({ threadId: thread.id })).toBeNull()
      expect(await memory().getObservationalMemory({ threadId: thread.id })).toBeNull()
    })
  })
})
