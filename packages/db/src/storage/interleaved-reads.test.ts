// Paged reads (issue 33): on a single-session database a whole-selection read
// goes as pages by effective position. Read in pages of 3 rows, the structure
// and the ids of a root, a branch and a branch of that branch (three levels,
// pages crossing level ends) equal the one-statement reads, filters included.
import { Memory, type MessagePart, type StoredMessage } from '@threadline/engine'
import type { MessageSelection } from '@threadline/engine/storage'
import { expect, it } from 'vitest'
import { baseTime, minute, storedMessage } from '../memory/fixtures.ts'
import { describeEachDatabase } from '../testing/index.ts'
import { createPrismaStorage } from './prisma-storage.ts'

const toolCall = (toolCallId: string): MessagePart => ({
  type: 'tool-invocation',
  toolInvocation: { toolCallId, toolName: 'lookup', args: {}, state: 'call' },
})

function messages(threadId: string, count: number, firstMinute: number): StoredMessage[] {
  return Array.from({ length: count }, (_, index) =>
    storedMessage({
      id: `${threadId}-${index}`,
      threadId,
      resourceId: 'paged',
      role: index % 2 === 0 ? 'user' : 'assistant',
      at: new Date(baseTime + (firstMinute + index) * minute),
      ...(index % 4 === 3 ? { parts: [toolCall(`${threadId}-call-${index}`)] } : { text: `message ${index}` }),
    }),
  )
}

describeEachDatabase('reads in pages', (getDb) => {
  it('reads the same structure and ids in pages of 3 as in one statement, across branch levels and with filters', async () => {
    const { storage } = getDb()
    const memory = new Memory({ storage })
    await memory.createThread({ threadId: 'pg-root', resourceId: 'paged' })
    await memory.saveMessages({ messages: messages('pg-root', 11, 0) })
    await memory.branchThread({ sourceThreadId: 'pg-root', branchPointMessageId: 'pg-root-6', newThreadId: 'pg-branch' })
    await memory.saveMessages({ messages: messages('pg-branch', 7, 100) })
    await memory.branchThread({ sourceThreadId: 'pg-branch', branchPointMessageId: 'pg-branch-4', newThreadId: 'pg-leaf' })
    await memory.saveMessages({ messages: messages('pg-leaf', 5, 200) })

    const paged = createPrismaStorage(getDb().prisma, { interleaveRows: 3 }).storage
    const selections: MessageSelection[] = [
      { threadId: 'pg-root' },
      { threadId: 'pg-branch' },
      { threadId: 'pg-leaf' },
      { threadId: 'pg-leaf', startDate: new Date(baseTime + 4 * minute), endDate: new Date(baseTime + 202 * minute) },
      { threadId: 'pg-leaf', messageIds: ['pg-root-1', 'pg-root-5', 'pg-branch-2', 'pg-branch-3', 'pg-leaf-0', 'pg-leaf-4'] },
    ]
    for (const selection of selections) {
      const structure = await storage.listMessageStructure(selection)
      expect(structure.length).toBeGreaterThan(3)
      expect(await paged.listMessageStructure(selection)).toEqual(structure)
      expect(await paged.listMessageIds(selection)).toEqual(await storage.listMessageIds(selection))
    }
    // the leaf reads 7 of the root, 5 of the branch and its own 5, in that order
    expect((await paged.listMessageIds({ threadId: 'pg-leaf' })).map((m) => m.id)).toEqual([
      ...Array.from({ length: 7 }, (_, i) => `pg-root-${i}`),
      ...Array.from({ length: 5 }, (_, i) => `pg-branch-${i}`),
      ...Array.from({ length: 5 }, (_, i) => `pg-leaf-${i}`),
    ])
  })
})
