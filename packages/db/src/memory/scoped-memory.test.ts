// Memory.scopedTo against real databases: a thread outside the scope behaves
// exactly like an unknown one, a named resource outside it is refused, and
// listings show only what is inside. Also the trusted path (Memory.parsed).
import { InvalidInputError, Memory, messageBatchSchema, ResourceOutOfScopeError, ThreadNotFoundError, type ScopedMemory } from '@threadline/engine'
import { beforeAll, expect, it } from 'vitest'
import { describeEachDatabase } from '../testing/index.ts'
import { baseTime, minute, numbered, seedThread, storedMessage } from './fixtures.ts'

const OWN = 'scope-own'
const FOREIGN = 'scope-foreign'

/** The error a call ends with, its thread id replaced so a foreign and a missing thread compare. */
async function failureOf(call: Promise<unknown>, threadId: string): Promise<unknown> {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  )
  if (!(error instanceof Error)) throw new Error(`expected a failure, got ${String(error)}`)
  return { name: error.name, message: error.message.replaceAll(threadId, '<id>') }
}

describeEachDatabase('Memory.scopedTo', (getDb) => {
  let memory: Memory
  let scoped: ScopedMemory

  beforeAll(async () => {
    memory = new Memory({ storage: getDb().storage, vector: getDb().vector, options: { workingMemory: { enabled: true, scope: 'resource' } } })
    scoped = memory.scopedTo([OWN])
    await seedThread(memory, { threadId: 'scope-own-t', resourceId: OWN, texts: numbered(3) })
    await seedThread(memory, { threadId: 'scope-foreign-t', resourceId: FOREIGN, texts: numbered(3) })
    // an operator (scope 'all') clones the own thread into the foreign resource
    await memory.cloneThread({ sourceThreadId: 'scope-own-t', newThreadId: 'scope-own-into-foreign', resourceId: FOREIGN })
  })

  it('answers for a foreign thread exactly as for a missing one (ThreadNotFoundError), on every thread-taking method', async () => {
    const calls: Record<string, (threadId: string) => Promise<unknown>> = {
      thread: (threadId) => scoped.thread(threadId),
      listMessages: (threadId) => scoped.listMessages({ threadId }),
      countMessages: (threadId) => scoped.countMessages({ threadId }),
      updateThread: (threadId) => scoped.updateThread({ threadId, title: 'x' }),
      deleteThread: (threadId) => scoped.deleteThread(threadId),
      searchMessages: (threadId) => scoped.searchMessages({ threadId, query: 'message' }),
      workingMemory: (threadId) => scoped.getWorkingMemoryEntry({ threadId }),
      updateWorkingMemory: (threadId) => scoped.updateWorkingMemory({ threadId, workingMemory: 'x' }),
      observationalMemory: (threadId) => scoped.getObservationalMemoryHistory({ threadId }),
      cloneThread: (threadId) => scoped.cloneThread({ sourceThreadId: threadId }),
      previewClone: (threadId) => scoped.previewClone({ sourceThreadId: threadId }),
      branchThread: (threadId) => scoped.branchThread({ sourceThreadId: threadId }),
      listBranches: (threadId) => scoped.listBranches(threadId),
      getLineageTree: (threadId) => scoped.getLineageTree(threadId),
      materializeBranch: (threadId) => scoped.materializeBranch(threadId),
      promoteBranch: (threadId) => scoped.promoteBranch({ branchThreadId: threadId }),
      diffThreads: (threadId) => scoped.diffThreads('scope-own-t', threadId),
    }
    for (const [name, call] of Object.entries(calls)) {
      const foreign = await failureOf(call('scope-foreign-t'), 'scope-foreign-t')
      expect(foreign, name).toMatchObject({ name: 'ThreadNotFoundError' })
      expect(foreign, name).toEqual(await failureOf(call('scope-missing-t'), 'scope-missing-t'))
    }
    // nothing of the foreign thread changed
    expect(await memory.getThreadById({ threadId: 'scope-foreign-t' })).toMatchObject({ title: '' })
    expect(await memory.countMessages({ threadId: 'scope-foreign-t' })).toBe(3)
    expect(await scoped.getThreadById({ threadId: 'scope-foreign-t' })).toBeNull()
  })

  it('refuses a named resource outside the scope (ResourceOutOfScopeError), writing nothing', async () => {
    await expect(scoped.createThread({ threadId: 'scope-new', resourceId: FOREIGN })).rejects.toThrow(ResourceOutOfScopeError)
    await expect(scoped.cloneThread({ sourceThreadId: 'scope-own-t', newThreadId: 'scope-new', resourceId: FOREIGN })).rejects.toThrow(ResourceOutOfScopeError)
    await expect(scoped.searchMessages({ resourceId: FOREIGN, query: 'message' })).rejects.toThrow(ResourceOutOfScopeError)
    await expect(scoped.getWorkingMemoryEntry({ resourceId: FOREIGN })).rejects.toThrow(ResourceOutOfScopeError)
    await expect(scoped.updateWorkingMemory({ threadId: 'scope-own-t', resourceId: FOREIGN, workingMemory: 'pwned' })).rejects.toThrow(ResourceOutOfScopeError)
    await expect(scoped.listThreads({ resourceId: FOREIGN })).rejects.toThrow(ResourceOutOfScopeError)
    expect(await memory.getThreadById({ threadId: 'scope-new' })).toBeNull()
    expect(await memory.getWorkingMemory({ resourceId: FOREIGN })).toBeNull()
  })

  it('refuses a save touching a foreign thread as an unknown one, all or nothing', async () => {
    const at = (index: number) => new Date(baseTime + (10 + index) * minute)
    const messages = [
      storedMessage({ id: 'scope-save-own', threadId: 'scope-own-t', resourceId: OWN, role: 'user', text: 'mine', at: at(0) }),
      storedMessage({ id: 'scope-save-foreign', threadId: 'scope-foreign-t', resourceId: FOREIGN, role: 'user', text: 'theirs', at: at(1) }),
    ]
    await expect(scoped.saveMessages({ messages })).rejects.toThrow(ThreadNotFoundError)
    await expect(scoped.parsed.saveMessages({ messages: messageBatchSchema.parse(messages) })).rejects.toThrow(ThreadNotFoundError)
    expect(await memory.countMessages({ threadId: 'scope-own-t' })).toBe(3)
    expect(await scoped.saveMessages({ messages: messages.slice(0, 1) })).toHaveLength(1)
    expect(await scoped.countMessages({ threadId: 'scope-own-t' })).toBe(4)
  })

  it('lists only what is inside the scope', async () => {
    expect((await scoped.listThreads()).threads.map((thread) => thread.id)).toEqual(['scope-own-t'])
    expect((await scoped.getThreadsByIds(['scope-own-t', 'scope-foreign-t', 'scope-own-into-foreign'])).map((thread) => thread.id)).toEqual(['scope-own-t'])
    // the clone in the foreign resource is left out of the lineage tree; the operator sees it
    expect((await scoped.getLineageTree('scope-own-t')).thread.children).toEqual([])
    expect((await memory.scopedTo('all').getLineageTree('scope-own-t')).thread.children.map((child) => child.thread.id)).toEqual(['scope-own-into-foreign'])
    await expect(memory.scopedTo([OWN, FOREIGN]).listThreads()).rejects.toThrow(InvalidInputError)
  })

  it("scope 'all' sees every thread and resource", async () => {
    const all = memory.scopedTo('all')
    expect((await all.thread('scope-foreign-t')).resourceId).toBe(FOREIGN)
    expect(await all.countMessages({ threadId: 'scope-foreign-t' })).toBe(3)
    expect((await all.updateWorkingMemory({ resourceId: FOREIGN, workingMemory: 'shared' })).key).toEqual({ scope: 'resource', resourceId: FOREIGN })
  })
})

describeEachDatabase('Memory.parsed (the trusted path)', (getDb) => {
  it('saves a batch the engine schema parsed; the public method still validates', async () => {
    const memory = new Memory({ storage: getDb().storage, vector: getDb().vector })
    await memory.createThread({ threadId: 'parsed-t', resourceId: 'parsed-r' })
    const raw = [{ ...storedMessage({ id: 'parsed-m', threadId: 'parsed-t', resourceId: 'parsed-r', role: 'user', text: 'hi', at: new Date(baseTime) }) }]
    const wire = raw.map((message) => ({ ...message, createdAt: message.createdAt.toISOString() }))
    const saved = await memory.parsed.saveMessages({ messages: messageBatchSchema.parse(wire) })
    expect(saved.map((message) => message.createdAt)).toEqual([new Date(baseTime)])
    expect(await memory.listMessages({ threadId: 'parsed-t' })).toEqual(raw)
    await expect(memory.saveMessages({ messages: [{ ...raw[0]!, role: 'robot' as 'user' }] })).rejects.toMatchObject({
      name: 'InvalidInputError',
      field: 'messages[0].role',
    })
    await expect(memory.saveMessages({ messages: raw, extra: true } as never)).rejects.toMatchObject({ name: 'InvalidInputError', field: 'extra' })
  })
})
