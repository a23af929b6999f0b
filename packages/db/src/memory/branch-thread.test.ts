// Memory.branchThread and what a branch reads (docs/spec/branch-thread.md) on both
// databases, through the engine's Memory: the spec's example, recall (last
// messages and semantic recall on the real pgvector path), lineage, clones of
// branches, derived memory, deletes and the guards as Memory reports them.
import {
  InheritedMessageError,
  InvalidInputError,
  Memory,
  MessageSharedByBranchesError,
  ThreadHasBranchesError,
  type MemoryOptions,
  type StoredMessage,
} from '@threadline/engine'
import { beforeAll, describe, expect, it, type TestContext } from 'vitest'
import { lexicalEmbedder } from '../seed/index.ts'
import { describeEachDatabase } from '../testing/index.ts'
import { baseTime, hasPgvector, minute, numbered, seedThread, storedMessage } from './fixtures.ts'

const ids = (rows: { id: string }[]) => rows.map((row) => row.id)

describeEachDatabase('Memory.branchThread', (getDb) => {
  let vectors = false
  beforeAll(async () => {
    vectors = await hasPgvector(getDb())
  })
  const memoryWith = (options: MemoryOptions = {}) => new Memory({ storage: getDb().storage, vector: getDb().vector, embedder: lexicalEmbedder(), options })
  const say = (threadId: string, resourceId: string, id: string, text: string, minutes: number): StoredMessage =>
    storedMessage({ id, threadId, resourceId, role: 'user', text, at: new Date(baseTime + minutes * minute) })

  it('runs the spec example: one row, the source history up to the branch point, then its own', async () => {
    const memory = memoryWith()
    const texts = numbered(45)
    await seedThread(memory, { threadId: 'thread-123', resourceId: 'spec-user', title: 'Support', metadata: { team: 'a' }, texts })
    await getDb().prisma.$executeRaw`UPDATE messages SET id = 'msg-42' WHERE id = 'thread-123-m41'`
    const before = await getDb().prisma.thread.count()
    const messagesBefore = await getDb().prisma.message.count()

    const { thread, inheritedMessageCount } = await memory.branchThread({
      sourceThreadId: 'thread-123',
      branchPointMessageId: 'msg-42',
      newThreadId: 'my-branch',
      title: 'Try Claude from here',
      metadata: { experiment: 'b' },
      derivedMemory: 'as-of-branch-point',
    })
    expect(await getDb().prisma.thread.count()).toBe(before + 1)
    expect(await getDb().prisma.message.count()).toBe(messagesBefore)
    expect(inheritedMessageCount).toBe(42)
    expect(thread).toMatchObject({ id: 'my-branch', resourceId: 'spec-user', title: 'Try Claude from here', metadata: { team: 'a', experiment: 'b' } })
    expect(thread.metadata.branch).toEqual({ sourceThreadId: 'thread-123', branchPointMessageId: 'msg-42', branchedAt: expect.any(Date) })
    expect(memory.isBranch(thread)).toBe(true)
    expect(memory.isClone(thread)).toBe(false)

    await memory.saveMessages({ messages: [say('my-branch', 'spec-user', 'mine-1', 'a new direction', 100)] })
    const history = await memory.listMessages({ threadId: 'my-branch' })
    expect(history).toHaveLength(43)
    expect(history.at(-2)?.id).toBe('msg-42')
    expect(history.at(-1)).toMatchObject({ id: 'mine-1', threadId: 'my-branch' })
    // inherited rows keep their ids and their owner's threadId
    expect(history[0]).toMatchObject({ id: 'thread-123-m0', threadId: 'thread-123' })
    expect(await memory.countMessages({ threadId: 'my-branch' })).toBe(43)
    expect(ids(await memory.listMessages({ threadId: 'thread-123', last: 2 }))).toEqual(['thread-123-m43', 'thread-123-m44'])
  })

  it('defaults: the last message now, `Branch of` the title, a resource that must be the source’s', async () => {
    const memory = memoryWith()
    await seedThread(memory, { threadId: 'bd-src', resourceId: 'bd-user', title: 'Trip', texts: numbered(3) })
    const { thread, inheritedMessageCount } = await memory.branchThread({ sourceThreadId: 'bd-src', resourceId: 'bd-user' })
    expect(thread.title).toBe('Branch of Trip')
    expect(thread.metadata.branch).toMatchObject({ branchPointMessageId: 'bd-src-m2' })
    expect(inheritedMessageCount).toBe(3)
    await expect(memory.branchThread({ sourceThreadId: 'bd-src', resourceId: 'another-tenant' })).rejects.toMatchObject({
      constructor: InvalidInputError,
      field: 'resourceId',
    })
    await expect(memory.branchThread({ sourceThreadId: 'bd-src', derivedMemory: 'later' as never })).rejects.toBeInstanceOf(InvalidInputError)
    expect(memory.isBranch(null)).toBe(false)
    expect(memory.isBranch(undefined)).toBe(false)
    expect(memory.isClone(null)).toBe(false)
    expect(memory.isBranch(await memory.getThreadById({ threadId: 'bd-src' }))).toBe(false)
    expect(ids(await memory.listBranches('bd-src'))).toEqual([thread.id])
  })

  it('recalls on a branch without leaking the source after the cutoff or a sibling (last messages)', async () => {
    const memory = memoryWith({ lastMessages: 4 })
    await seedThread(memory, { threadId: 'br-src', resourceId: 'br-user', texts: numbered(5) })
    await memory.branchThread({ sourceThreadId: 'br-src', branchPointMessageId: 'br-src-m2', newThreadId: 'br-a' })
    await memory.branchThread({ sourceThreadId: 'br-src', branchPointMessageId: 'br-src-m2', newThreadId: 'br-b' })
    await memory.saveMessages({
      messages: [
        say('br-a', 'br-user', 'br-a-1', 'mine', 100),
        say('br-b', 'br-user', 'br-b-1', 'sibling', 101),
        say('br-src', 'br-user', 'br-late', 'late', 102),
      ],
    })
    const { messages } = await memory.recall({ threadId: 'br-a' })
    expect(ids(messages)).toEqual(['br-src-m0', 'br-src-m1', 'br-src-m2', 'br-a-1'])
    expect(ids((await memory.recall({ threadId: 'br-a', lastMessages: 2 })).messages)).toEqual(['br-src-m2', 'br-a-1'])
  })

  describe('semantic recall (pgvector)', () => {
    const needsVectors = (context: TestContext) => {
      if (!vectors) context.skip('this database has no pgvector')
    }
    const support = [
      'Hi! I need help with an order I placed last week.',
      'Sure, what is the order number?',
      'Can you help me fix a TypeScript compile error in my function?',
      'Of course, paste the error message.',
    ]

    it('searches the inherited vectors up to the cutoff and the branch’s own, none copied; no later or sibling match', async (context) => {
      needsVectors(context)
      const memory = memoryWith({ lastMessages: false, semanticRecall: { topK: 3, messageRange: { before: 1, after: 1 }, scope: 'thread' } })
      await seedThread(memory, { threadId: 'sv-src', resourceId: 'sv-user', texts: support })
      const vectorsBefore = await getDb().prisma.messageEmbedding.count()
      await memory.branchThread({ sourceThreadId: 'sv-src', branchPointMessageId: 'sv-src-m1', newThreadId: 'sv-a' })
      await memory.branchThread({ sourceThreadId: 'sv-src', branchPointMessageId: 'sv-src-m1', newThreadId: 'sv-b' })
      expect(await getDb().prisma.messageEmbedding.count()).toBe(vectorsBefore)
      await memory.saveMessages({
        messages: [
          say('sv-a', 'sv-user', 'sv-a-1', 'I would like a refund for my broken blender.', 100),
          say('sv-b', 'sv-user', 'sv-b-1', 'A refund for the broken blender please, sibling here.', 101),
          say('sv-src', 'sv-user', 'sv-late', 'Refund the broken blender, written to the source later.', 102),
        ],
      })
      const onBranch = await memory.recall({ threadId: 'sv-a', vectorSearchString: 'refund broken blender order' })
      expect(onBranch.matches.map((m) => m.messageId).sort()).toEqual(['sv-a-1', 'sv-src-m0', 'sv-src-m1'])
      expect(ids(onBranch.messages)).toEqual(['sv-src-m0', 'sv-src-m1', 'sv-a-1'])
      // the inherited match keeps its owner's thread
      expect(onBranch.matches.find((m) => m.messageId === 'sv-src-m0')?.threadId).toBe('sv-src')
    })

    it('in resource scope an inherited message appears once, and its neighbours come from the branch', async (context) => {
      needsVectors(context)
      const memory = memoryWith({ lastMessages: false, semanticRecall: { topK: 20, messageRange: { before: 0, after: 1 }, scope: 'resource' } })
      await seedThread(memory, { threadId: 'sr-src', resourceId: 'sr-user', texts: support.slice(0, 2) })
      for (const id of ['sr-a', 'sr-b', 'sr-c']) await memory.branchThread({ sourceThreadId: 'sr-src', newThreadId: id })
      await memory.saveMessages({ messages: [say('sr-a', 'sr-user', 'sr-a-1', 'my own order question', 100)] })
      await memory.saveMessages({ messages: [say('sr-src', 'sr-user', 'sr-late', 'an order question written later', 101)] })
      const { matches, messages } = await memory.recall({ threadId: 'sr-a', vectorSearchString: 'order number' })
      const matched = matches.map((m) => m.messageId)
      expect(matched.filter((id) => id === 'sr-src-m0')).toHaveLength(1)
      expect(new Set(matched).size).toBe(matched.length)
      // sr-src-m1's next message on the branch is sr-a-1 (not sr-late), yet sr-late matches in its own right: resource scope
      expect(ids(messages)).toEqual(expect.arrayContaining(['sr-src-m0', 'sr-src-m1', 'sr-a-1', 'sr-late']))
    })
  })

  it('gives the lineage root first with each fork’s kind and point, and the lineage tree with branches', async () => {
    const memory = memoryWith()
    await seedThread(memory, { threadId: 'ln-root', resourceId: 'ln-user', texts: numbered(3) })
    const { thread: clone } = await memory.cloneThread({ sourceThreadId: 'ln-root', newThreadId: 'ln-clone' })
    const { thread: branch } = await memory.branchThread({ sourceThreadId: 'ln-clone', newThreadId: 'ln-branch' })
    const lineage = await memory.getLineage('ln-branch')
    expect(lineage.map((entry) => [entry.thread.id, entry.forkKind, entry.forkPoint])).toEqual([
      ['ln-root', 'root', null],
      ['ln-clone', 'clone', { parentThreadId: 'ln-root', messageId: 'ln-root-m2' }],
      ['ln-branch', 'branch', { parentThreadId: 'ln-clone', messageId: branch.branch!.branchPointMessageId }],
    ])
    expect(clone.metadata).not.toHaveProperty('branch')
    // the clone-only views are unchanged
    expect(ids(await memory.getCloneHistory('ln-branch'))).toEqual(['ln-branch'])
    expect(ids(await memory.listClones('ln-root'))).toEqual(['ln-clone'])

    const tree = await memory.getLineageTree('ln-clone')
    expect(tree.ancestors.map((node) => [node.thread.id, node.forkKind])).toEqual([['ln-root', 'root']])
    expect(tree.thread.children.map((node) => [node.thread.id, node.forkKind, node.forkedAfter?.messageId])).toEqual([
      ['ln-branch', 'branch', branch.branch!.branchPointMessageId],
    ])
    expect(tree.thread.children[0]?.forkedAfter?.message?.threadId).toBe('ln-clone')
    expect(ids(await memory.listDescendants('ln-root'))).toEqual(['ln-clone', 'ln-branch'])
  })

  it('clones a branch with its whole effective history; the clone is independent and not a branch', async () => {
    const memory = memoryWith()
    await seedThread(memory, { threadId: 'cb-src', resourceId: 'cb-user', texts: numbered(4) })
    await memory.branchThread({ sourceThreadId: 'cb-src', branchPointMessageId: 'cb-src-m1', newThreadId: 'cb-branch' })
    await memory.saveMessages({ messages: [say('cb-branch', 'cb-user', 'cb-own', 'own', 100)] })
    const { thread, clonedMessages } = await memory.cloneThread({ sourceThreadId: 'cb-branch', newThreadId: 'cb-clone' })
    expect(clonedMessages.map((m) => m.content)).toEqual((await memory.listMessages({ threadId: 'cb-branch' })).map((m) => m.content))
    expect(clonedMessages.every((m) => m.threadId === 'cb-clone')).toBe(true)
    expect(memory.isBranch(thread)).toBe(false)
    expect(thread.branch).toBeNull()
    expect(ids(await memory.getCloneHistory('cb-clone'))).toEqual(['cb-branch', 'cb-clone'])
    // the clone owns copies: the branch can go
    await memory.deleteThread('cb-branch')
    expect(await memory.countMessages({ threadId: 'cb-clone' })).toBe(3)
  })

  it('derives thread-scoped working memory: current copies it, empty starts without', async () => {
    const memory = memoryWith({ workingMemory: { enabled: true, scope: 'thread' } })
    await seedThread(memory, { threadId: 'dm-src', resourceId: 'dm-user', texts: numbered(2) })
    await memory.updateWorkingMemory({ threadId: 'dm-src', workingMemory: '# notes' })
    await memory.branchThread({ sourceThreadId: 'dm-src', newThreadId: 'dm-current', derivedMemory: 'current' })
    await memory.branchThread({ sourceThreadId: 'dm-src', newThreadId: 'dm-empty', derivedMemory: 'empty' })
    expect((await memory.getWorkingMemoryEntry({ threadId: 'dm-current' })).workingMemory).toBe('# notes')
    expect((await memory.getWorkingMemoryEntry({ threadId: 'dm-empty' })).workingMemory).toBeNull()
  })

  it('guards writes and deletes through Memory, and deletes a thread with its branches only when told', async () => {
    const memory = memoryWith()
    const source = await seedThread(memory, { threadId: 'gd-src', resourceId: 'gd-user', texts: numbered(3) })
    await memory.branchThread({ sourceThreadId: 'gd-src', branchPointMessageId: 'gd-src-m1', newThreadId: 'gd-a' })
    await memory.branchThread({ sourceThreadId: 'gd-a', newThreadId: 'gd-aa' })
    const edited = { ...source[0]!, content: { format: 2 as const, parts: [{ type: 'text' as const, text: 'edited' }] } }
    await expect(memory.saveMessages({ messages: [{ ...edited, threadId: 'gd-a' }] })).rejects.toBeInstanceOf(InheritedMessageError)
    await expect(memory.saveMessages({ messages: [edited] })).rejects.toMatchObject({
      constructor: MessageSharedByBranchesError,
      branchThreadIds: ['gd-a', 'gd-aa'],
    })
    await expect(memory.deleteMessages({ messageIds: ['gd-src-m0'], threadId: 'gd-a' })).rejects.toBeInstanceOf(InheritedMessageError)
    await expect(memory.deleteMessages({ messageIds: ['gd-src-m0'] })).rejects.toBeInstanceOf(MessageSharedByBranchesError)
    expect(await memory.deleteMessages({ messageIds: ['gd-src-m2'] })).toBe(1)
    await expect(memory.deleteMessages({ messageIds: [] })).rejects.toBeInstanceOf(InvalidInputError)

    await expect(memory.deleteThread('gd-src')).rejects.toMatchObject({ constructor: ThreadHasBranchesError, branchThreadIds: ['gd-a'] })
    await expect(memory.deleteThread('gd-src', { branches: 'drop' as never })).rejects.toBeInstanceOf(InvalidInputError)
    await memory.deleteThread('gd-src', { branches: 'delete' })
    expect(await getDb().prisma.thread.count({ where: { id: { in: ['gd-src', 'gd-a', 'gd-aa'] } } })).toBe(0)
  })
})
