// Structure-aware partial clones (boundary) and previewClone against real
// databases: the preview is what the clone does, and it writes nothing.
import { Memory, type MessagePart, type StoredMessage } from '@threadline/engine'
import { describe, expect, it } from 'vitest'
import { describeEachDatabase } from '../testing/index.ts'
import { recordingStorage } from '../testing/recording-storage.ts'
import { baseTime, minute, rowCounts, storedMessage } from './fixtures.ts'

const toolCall = (toolCallId: string, state: 'call' | 'result'): MessagePart => ({
  type: 'tool-invocation',
  toolInvocation: { toolCallId, toolName: 'lookupOrder', args: { order: 42 }, state, ...(state === 'result' ? { result: 'shipped' } : {}) },
})

/** u0 a1 | u2 [a3: call t1] [a4: result t1] a5 | u6 a7 */
function toolThread(threadId: string): StoredMessage[] {
  const roles = ['user', 'assistant', 'user', 'assistant', 'assistant', 'assistant', 'user', 'assistant'] as const
  return roles.map((role, index) =>
    storedMessage({
      id: `${threadId}-${index}`,
      threadId,
      resourceId: 'r',
      role,
      at: new Date(baseTime + index * minute),
      ...(index === 3 ? { parts: [toolCall('t1', 'call')] } : index === 4 ? { parts: [toolCall('t1', 'result')] } : { text: `${role} ${index}` }),
    }),
  )
}

describeEachDatabase('previewClone and boundary', (getDb) => {
  const memory = () => new Memory({ storage: getDb().storage, vector: getDb().vector })
  async function seed(threadId: string) {
    await memory().createThread({ threadId, resourceId: 'r', title: 'Orders' })
    await memory().saveMessages({ messages: toolThread(threadId) })
  }

  it('previews exactly what the clone then copies, writing nothing', async () => {
    await seed('pv-1')
    const args = { sourceThreadId: 'pv-1', options: { messageLimit: 4 } }
    const before = await rowCounts(getDb())
    const preview = await memory().previewClone(args)
    expect(await rowCounts(getDb())).toEqual(before)
    expect(preview).toEqual({
      sourceThreadId: 'pv-1',
      resourceId: 'r',
      title: 'Clone of Orders',
      messageIds: ['pv-1-4', 'pv-1-5', 'pv-1-6', 'pv-1-7'],
      count: 4,
      nextAfter: null,
      lastMessageId: 'pv-1-7',
      warnings: [
        { code: 'starts-with-assistant', message: expect.any(String), messageId: 'pv-1-4' },
        { code: 'split-tool-pair', message: expect.stringContaining('"t1"'), messageId: 'pv-1-4' },
      ],
      vectors: { copied: 0, computed: 0 },
      workingMemory: 'none',
      observationalMemory: 'none',
    })
    const { messageIdMap } = await memory().cloneThread(args)
    expect(Object.keys(messageIdMap)).toEqual(preview.messageIds)
  })

  it('pages the ids (whole source counted in SQL, a filtered selection sliced): each id once, the count is the whole selection', async () => {
    await seed('pv-page')
    for (const args of [{ sourceThreadId: 'pv-page' }, { sourceThreadId: 'pv-page', options: { messageLimit: 5, boundary: 'expand' as const } }]) {
      const whole = await memory().previewClone(args)
      const ids: string[] = []
      let after: { createdAt: Date; id: string } | undefined
      for (;;) {
        const page = await memory().previewClone(args, { limit: 3, ...(after ? { after } : {}) })
        expect(page).toMatchObject({ count: whole.count, warnings: whole.warnings, lastMessageId: whole.lastMessageId })
        expect(page.messageIds.length).toBeLessThanOrEqual(3)
        ids.push(...page.messageIds)
        if (page.nextAfter === null) break
        after = page.nextAfter
      }
      expect(ids).toEqual(whole.messageIds)
      expect(whole.nextAfter).toBeNull()
    }
    await expect(memory().previewClone({ sourceThreadId: 'pv-page' }, { limit: 0 })).rejects.toMatchObject({ field: 'page.limit' })
  })

  it("'expand' widens a cut to the whole tool pair and its user message", async () => {
    await seed('pv-2')
    const args = { sourceThreadId: 'pv-2', options: { messageLimit: 4, boundary: 'expand' as const } }
    const preview = await memory().previewClone(args)
    expect(preview.messageIds).toEqual(['pv-2-2', 'pv-2-3', 'pv-2-4', 'pv-2-5', 'pv-2-6', 'pv-2-7'])
    expect(preview.warnings.map((w) => w.code)).toEqual(['boundary-expanded'])
    const { clonedMessages, messageIdMap } = await memory().cloneThread(args)
    expect(Object.keys(messageIdMap)).toEqual(preview.messageIds)
    expect(clonedMessages.map((m) => m.content.parts[0]?.type)).toEqual(['text', 'tool-invocation', 'tool-invocation', 'text', 'text', 'text'])
  })

  it("'trim' narrows a cut instead; a date cut is treated the same way", async () => {
    await seed('pv-3')
    const trimmed = await memory().cloneThread({ sourceThreadId: 'pv-3', options: { messageLimit: 4, boundary: 'trim' } })
    expect(Object.keys(trimmed.messageIdMap)).toEqual(['pv-3-6', 'pv-3-7'])

    // u0..a3 by date: the call a3 loses its result
    const endDate = new Date(baseTime + 3 * minute)
    const exact = await memory().previewClone({ sourceThreadId: 'pv-3', options: { messageFilter: { endDate } } })
    expect(exact.warnings).toEqual([{ code: 'split-tool-pair', message: expect.any(String), messageId: 'pv-3-3' }])
    const expand = await memory().previewClone({ sourceThreadId: 'pv-3', options: { messageFilter: { endDate }, boundary: 'expand' } })
    expect(expand.messageIds).toEqual(['pv-3-0', 'pv-3-1', 'pv-3-2', 'pv-3-3', 'pv-3-4'])
    const trim = await memory().previewClone({ sourceThreadId: 'pv-3', options: { messageFilter: { endDate }, boundary: 'trim' } })
    expect(trim.messageIds).toEqual(['pv-3-0', 'pv-3-1', 'pv-3-2'])
  })

  it("analyses a filtered selection's boundary from the source's structure: its messages' content is not read", async () => {
    await seed('pv-reads')
    const { storage, calls } = recordingStorage(getDb().storage)
    const recorded = new Memory({ storage, vector: getDb().vector })
    const contentReadsOfSource = () =>
      calls.filter(({ method, firstArgument }) => method === 'listMessages' && (firstArgument as { threadId?: string }).threadId === 'pv-reads')
    const args = { sourceThreadId: 'pv-reads', options: { messageLimit: 4, boundary: 'expand' as const } }
    const preview = await recorded.previewClone(args)
    expect(preview.messageIds).toEqual(['pv-reads-2', 'pv-reads-3', 'pv-reads-4', 'pv-reads-5', 'pv-reads-6', 'pv-reads-7'])
    expect(calls.map((call) => call.method)).toContain('listMessageStructure')
    expect(calls.map((call) => call.method)).not.toContain('listMessages')
    const { messageIdMap } = await recorded.cloneThread(args)
    expect(Object.keys(messageIdMap)).toEqual(preview.messageIds)
    expect(calls.filter((call) => call.method === 'listMessageStructure')).toHaveLength(2)
    expect(contentReadsOfSource()).toEqual([])
  })

  describe('warnings', () => {
    it('flags an empty selection and reports the same errors as the clone', async () => {
      await seed('pv-4')
      const empty = await memory().previewClone({ sourceThreadId: 'pv-4', options: { messageFilter: { startDate: new Date(baseTime + 999 * minute) } } })
      expect([empty.count, empty.warnings.map((w) => w.code)]).toEqual([0, ['empty-selection']])
      await expect(memory().previewClone({ sourceThreadId: 'missing' })).rejects.toMatchObject({ name: 'ThreadNotFoundError' })
      await expect(memory().previewClone({ sourceThreadId: 'pv-4', options: { messageLimit: -3 } })).rejects.toMatchObject({
        name: 'InvalidCloneOptionsError',
        field: 'options.messageLimit',
      })
    })

    it('has nothing to say about a full clone', async () => {
      await seed('pv-5')
      const preview = await memory().previewClone({ sourceThreadId: 'pv-5' })
      expect([preview.count, preview.warnings]).toEqual([8, []])
    })
  })
})
