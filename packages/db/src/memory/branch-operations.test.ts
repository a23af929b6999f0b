// Memory.materializeBranch / promoteBranch / diffThreads / deleteThread with
// branches: 'materialize', on branches made by Memory.branchThread, against
// PGlite and PostgreSQL (vectors where pgvector exists).
import { type Embedder, InvalidInputError, Memory, NotABranchError, ThreadNotFoundError, type StoredMessage } from '@threadline/engine'
import { beforeAll, expect, it, type TestContext } from 'vitest'
import { describeEachDatabase } from '../testing/index.ts'
import { hasPgvector, minute, baseTime, seedThread, storedMessage } from './fixtures.ts'
import { lexicalEmbedder } from '../seed/index.ts'

/** The demo embedder, recording what it embeds. */
function recordingEmbedder(): Embedder & { calls: string[][] } {
  const inner = lexicalEmbedder()
  const calls: string[][] = []
  return {
    id: inner.id,
    ...(inner.dimensions !== undefined && { dimensions: inner.dimensions }),
    calls,
    embed: async (values) => (calls.push(values), inner.embed(values)),
  }
}

const texts = (messages: StoredMessage[]) => messages.map((message) => message.content.parts.map((part) => (part.type === 'text' ? part.text : '')).join(''))

describeEachDatabase('branch operations (Memory)', (getDb) => {
  let vectors = false
  beforeAll(async () => {
    vectors = await hasPgvector(getDb())
  })
  let n = 0
  const ids = () => {
    const p = `bo${++n}`
    return { source: `${p}-s`, resourceId: `${p}-r`, p }
  }
  const plain = () => new Memory({ storage: getDb().storage })

  /** source: 4 messages; branch at message 1 with 2 own messages. */
  async function seed(memory: Memory) {
    const { source, resourceId, p } = ids()
    const messages = await seedThread(memory, { threadId: source, resourceId, title: 'Support', texts: ['s0', 's1', 's2', 's3'] })
    const { thread: branch } = await memory.branchThread({ sourceThreadId: source, branchPointMessageId: messages[1]!.id })
    const own = ['b0', 'b1'].map((text, index) =>
      storedMessage({
        id: `${p}-b${index}`,
        threadId: branch.id,
        resourceId,
        role: index === 0 ? 'user' : 'assistant',
        text,
        at: new Date(baseTime + (10 + index) * minute),
      }),
    )
    await memory.saveMessages({ messages: own })
    return { source, resourceId, branch, messages, p }
  }

  it('materializeBranch: same id, same history, owned copies; the source can then be deleted', async () => {
    const memory = plain()
    const { source, branch } = await seed(memory)
    const before = await memory.listMessages({ threadId: branch.id })
    const result = await memory.materializeBranch(branch.id)
    expect(result).toMatchObject({ copiedMessageCount: 2, repointedBranchThreadIds: [] })
    expect(result.thread.id).toBe(branch.id)
    expect(memory.isBranch(result.thread)).toBe(false)
    expect(result.thread.metadata.materializedBranch).toMatchObject({ sourceThreadId: source })
    const after = await memory.listMessages({ threadId: branch.id })
    expect(texts(after)).toEqual(texts(before))
    expect(after.every((message) => message.threadId === branch.id)).toBe(true)
    await memory.deleteThread(source)
    expect(texts(await memory.listMessages({ threadId: branch.id }))).toEqual(['s0', 's1', 'b0', 'b1'])
  })

  it('materializeBranch: typed errors for an unknown thread and a thread that is not a branch', async () => {
    const memory = plain()
    const { source } = await seed(memory)
    await expect(memory.materializeBranch('bo-nope')).rejects.toThrow(ThreadNotFoundError)
    await expect(memory.materializeBranch(source)).rejects.toThrow(NotABranchError)
    await expect(memory.materializeBranch('  ')).rejects.toThrow(InvalidInputError)
    await expect(memory.promoteBranch({ branchThreadId: source })).rejects.toThrow(NotABranchError)
    await expect(memory.promoteBranch({ branchThreadId: 'bo-nope' })).rejects.toThrow(ThreadNotFoundError)
  })

  it('materializeBranch with semantic recall: vectors come along, copies of overrides are embedded again', async (context: TestContext) => {
    if (!vectors) context.skip('this database has no pgvector')
    const embedder = recordingEmbedder()
    const memory = new Memory({
      storage: getDb().storage,
      vector: getDb().vector,
      embedder,
      options: { semanticRecall: { topK: 2, messageRange: 0, scope: 'thread' } },
    })
    const { branch, messages } = await seed(memory)
    await memory.saveRepairedMessages({
      threadId: branch.id,
      messages: [{ ...messages[0]!, content: { format: 2, parts: [{ type: 'text', text: 'repaired s0' }] } }],
    })
    embedder.calls.length = 0
    const result = await memory.materializeBranch(branch.id)
    expect(result.copiedVectorCount).toBe(1) // s1; the copy of the repaired s0 is embedded again
    expect(embedder.calls).toEqual([['repaired s0']])
    const status = await memory.getEmbeddingStatus({ threadId: branch.id })
    expect(status).toMatchObject({ messages: 4, withVector: 4 })
  })

  it("saveRepairedMessages with outside 'skip': own and inherited messages are repaired, the source's later messages and another resource's are left out", async () => {
    const memory = plain()
    const { source, branch, messages, resourceId } = await seed(memory)
    const sourceBefore = await memory.listMessages({ threadId: source })
    const [b0] = (await memory.listMessages({ threadId: branch.id })).slice(-2)
    const repaired = (message: StoredMessage, text: string): StoredMessage => ({ ...message, content: { format: 2, parts: [{ type: 'text', text }] } })
    const stranger = storedMessage({ id: 'bo-stranger', threadId: source, resourceId: `${resourceId}-other`, role: 'user', text: 'x', at: new Date(baseTime) })
    const batch = [repaired(messages[0]!, 'repaired s0'), repaired(b0!, 'repaired b0'), repaired(messages[3]!, 'repaired s3'), stranger]
    // by default a message outside the thread refuses the whole repair
    await expect(memory.saveRepairedMessages({ threadId: branch.id, messages: batch.slice(0, 3) })).rejects.toThrow(InvalidInputError)
    const persisted = await memory.saveRepairedMessages({ threadId: branch.id, messages: batch, outside: 'skip' })
    expect(persisted.map((message) => message.id)).toEqual([messages[0]!.id, b0!.id])
    expect(texts(await memory.listMessages({ threadId: branch.id }))).toEqual(['repaired s0', 's1', 'repaired b0', 'b1'])
    expect(await memory.listMessages({ threadId: source })).toEqual(sourceBefore)
    // nothing of the batch is the thread's: nothing is written
    expect(await memory.saveRepairedMessages({ threadId: branch.id, messages: [stranger], outside: 'skip' })).toEqual([])
  })

  it('deleteThread with branches: materialize keeps every branch`s history', async () => {
    const memory = plain()
    const { source, branch, messages } = await seed(memory)
    const { thread: second } = await memory.branchThread({ sourceThreadId: source, branchPointMessageId: messages[2]!.id })
    const { thread: deeper } = await memory.branchThread({ sourceThreadId: branch.id, branchPointMessageId: messages[0]!.id })
    const before = await Promise.all([branch.id, second.id, deeper.id].map(async (id) => texts(await memory.listMessages({ threadId: id }))))
    await memory.deleteThread(source, { branches: 'materialize' })
    expect(await memory.getThreadById({ threadId: source })).toBeNull()
    const after = await Promise.all([branch.id, second.id, deeper.id].map(async (id) => texts(await memory.listMessages({ threadId: id }))))
    expect(after).toEqual(before)
  })

  it('promoteBranch: the source continues along the branch, its old continuation is a new branch', async () => {
    const memory = plain()
    const { source, branch } = await seed(memory)
    const sourceBefore = texts(await memory.listMessages({ threadId: source }))
    const branchBefore = texts(await memory.listMessages({ threadId: branch.id }))
    const result = await memory.promoteBranch({ branchThreadId: branch.id })
    expect(result).toMatchObject({ promotedBranchThreadId: branch.id, movedToNewBranchCount: 2, movedToSourceCount: 2 })
    expect(result.thread.id).toBe(source)
    expect(result.newBranchThread.title).toBe('Branch of Support')
    expect(memory.isBranch(result.newBranchThread)).toBe(true)
    expect(texts(await memory.listMessages({ threadId: source }))).toEqual(branchBefore)
    expect(texts(await memory.listMessages({ threadId: result.newBranchThread.id }))).toEqual(sourceBefore)
    expect(await memory.getThreadById({ threadId: branch.id })).toBeNull()
    expect((await memory.listBranches(source)).map((thread) => thread.id)).toEqual([result.newBranchThread.id])
  })

  it('diffThreads: siblings, branch vs source, clone vs source, unrelated', async () => {
    const memory = plain()
    const { source, branch, messages, resourceId } = await seed(memory)
    const { thread: sibling } = await memory.branchThread({ sourceThreadId: source, branchPointMessageId: messages[2]!.id })
    const siblings = await memory.diffThreads(branch.id, sibling.id)
    expect(siblings.commonAncestor).toEqual({ messageIdA: messages[1]!.id, messageIdB: messages[1]!.id })
    expect(texts(siblings.onlyInA)).toEqual(['b0', 'b1'])
    expect(texts(siblings.onlyInB)).toEqual(['s2'])

    const withSource = await memory.diffThreads(source, branch.id)
    expect(withSource.commonMessageCount).toBe(2)
    expect(texts(withSource.onlyInA)).toEqual(['s2', 's3'])

    const { thread: clone } = await memory.cloneThread({ sourceThreadId: source, options: { messageLimit: 3 } })
    const cloneDiff = await memory.diffThreads(clone.id, branch.id)
    expect(cloneDiff.matchedCopies).toBe(true)
    expect(cloneDiff.commonAncestor?.messageIdB).toBe(messages[1]!.id)
    expect(texts(cloneDiff.onlyInA)).toEqual(['s2', 's3'])

    await seedThread(memory, { threadId: `${source}-other`, resourceId, texts: ['x'] })
    const unrelated = await memory.diffThreads(`${source}-other`, branch.id)
    expect(unrelated.commonAncestor).toBeNull()
    await expect(memory.diffThreads(source, 'bo-nope')).rejects.toThrow(ThreadNotFoundError)
  })

  it('diffThreads pages each side when asked (else everything), the counts whole; a bad page is InvalidInputError naming the field', async () => {
    const memory = plain()
    const { source, branch } = await seed(memory)
    const whole = await memory.diffThreads(source, branch.id)
    expect(whole).toMatchObject({ onlyInACount: 2, onlyInBCount: 2, nextAfterA: null, nextAfterB: null })
    const first = await memory.diffThreads(source, branch.id, { limit: 1 })
    expect(texts(first.onlyInA)).toEqual(['s2'])
    expect(texts(first.onlyInB)).toEqual(['b0'])
    expect(first).toMatchObject({ commonMessageCount: 2, commonAncestor: whole.commonAncestor, onlyInACount: 2, onlyInBCount: 2 })
    const second = await memory.diffThreads(source, branch.id, { limit: 1, afterA: first.nextAfterA!, afterB: first.nextAfterB! })
    expect([texts(second.onlyInA), texts(second.onlyInB)]).toEqual([['s3'], ['b1']])
    expect(second).toMatchObject({ nextAfterA: null, nextAfterB: null })
    for (const options of [{ limit: 0 }, { limit: 1.5 }, { afterA: -1 }]) {
      const refused = await memory.diffThreads(source, branch.id, options).catch((error: unknown) => error)
      expect(refused).toBeInstanceOf(InvalidInputError)
      expect((refused as InvalidInputError).field).toBe(`options.${Object.keys(options)[0]}`)
    }
  })
})
