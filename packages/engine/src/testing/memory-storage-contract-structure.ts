// The MemoryStorage contract for listMessageStructure: the structure a storage
// extracts itself is what `messageStructure` (toolInvocationsOf) finds in the
// messages listMessages returns, branches and their overrides included. Run by
// describeMemoryStorageContract.
import { beforeAll, describe, expect, it } from 'vitest'
import { messageStructure } from '../messages/tool-invocations.ts'
import type { MessagePart, MessageRole, StoredMessage, ToolInvocation } from '../messages/types.ts'
import type { MemoryStorage } from '../storage/types.ts'

const resourceId = 'st-r'
const t0 = Date.UTC(2025, 7, 1, 9, 0, 0)

function message(id: string, threadId: string, minute: number, role: MessageRole, parts: MessagePart[], legacy?: ToolInvocation[]): StoredMessage {
  const content: StoredMessage['content'] = { format: 2, parts, ...(legacy === undefined ? {} : { toolInvocations: legacy }) }
  return { id, threadId, resourceId, role, createdAt: new Date(t0 + minute * 60_000), type: 'v2', content }
}

const invocation = (toolCallId: string, state: ToolInvocation['state'], toolName = 'weather'): ToolInvocation => ({
  toolCallId,
  toolName,
  args: { city: 'Oslo', detail: 'x'.repeat(200) },
  state,
  ...(state === 'result' ? { result: { forecast: 'rain' } } : {}),
})
const toolPart = (toolInvocation: ToolInvocation): MessagePart => ({ type: 'tool-invocation', toolInvocation })
const text = (value: string): MessagePart => ({ type: 'text', text: value })

/**
 * st-root: every way a message holds (or does not hold) tool invocations.
 * st-branch: a branch of it at s5 that overrides s2 and adds b1.
 */
const root = [
  message('s1', 'st-root', 1, 'user', [text('weather?')]),
  // parts in states call and partial-call, around other parts: part order
  message('s2', 'st-root', 2, 'assistant', [
    { type: 'step-start' },
    toolPart(invocation('c1', 'call')),
    text('checking'),
    toolPart(invocation('c2', 'partial-call', 'search')),
  ]),
  // parts AND a legacy copy of them: the parts only, never both
  message('s3', 'st-root', 3, 'assistant', [toolPart(invocation('c1', 'result'))], [invocation('c1', 'result')]),
  // no tool part: the legacy list, in its order
  message('s4', 'st-root', 4, 'assistant', [text('two calls')], [invocation('c3', 'call', 'search'), invocation('c4', 'result')]),
  message('s5', 'st-root', 5, 'assistant', [], [invocation('c3', 'result', 'search')]),
  message('s6', 'st-root', 6, 'user', [text('thanks')], []),
  message('s7', 'st-root', 7, 'assistant', [{ type: 'reasoning', reasoning: 'done', details: [] }, text('bye')]),
]
const overridden = message('s2', 'st-root', 2, 'assistant', [toolPart(invocation('c1', 'result', 'forecast'))])
const own = message('b1', 'st-branch', 10, 'assistant', [toolPart(invocation('c5', 'call'))])

export function describeMessageStructure(storage: () => MemoryStorage): void {
  describe('message structure', () => {
    beforeAll(async () => {
      await storage().createThread({ id: 'st-root', resourceId })
      await storage().insertMessages(root)
      await storage().createBranch({
        id: 'st-branch',
        sourceThreadId: 'st-root',
        branchPointMessageId: 's5',
        title: null,
        metadata: {},
        branchedAt: new Date(t0),
      })
      await storage().saveRepairedMessages({ threadId: 'st-branch', messages: [overridden] })
      await storage().insertMessages([own])
    })

    const reference = async (threadId: string) => (await storage().listMessages({ threadId })).map(messageStructure)

    it('gives each message the tool invocations toolInvocationsOf finds in it: parts, else the legacy list', async () => {
      const structure = await storage().listMessageStructure({ threadId: 'st-root' })
      expect(structure).toEqual(await reference('st-root'))
      expect(structure.map((row) => [row.id, row.role, row.toolInvocations.map((call) => `${call.toolCallId}:${call.toolName}:${call.state}`)])).toEqual([
        ['s1', 'user', []],
        ['s2', 'assistant', ['c1:weather:call', 'c2:search:partial-call']],
        ['s3', 'assistant', ['c1:weather:result']],
        ['s4', 'assistant', ['c3:search:call', 'c4:weather:result']],
        ['s5', 'assistant', ['c3:search:result']],
        ['s6', 'user', []],
        ['s7', 'assistant', []],
      ])
      expect(structure[0]).toEqual({ id: 's1', createdAt: new Date(t0 + 60_000), role: 'user', toolInvocations: [] })
    })

    it("reads a branch's effective history with its overrides, and the selection's filters", async () => {
      const structure = await storage().listMessageStructure({ threadId: 'st-branch' })
      expect(structure).toEqual(await reference('st-branch'))
      expect(structure.map((row) => row.id)).toEqual(['s1', 's2', 's3', 's4', 's5', 'b1'])
      expect(structure[1]?.toolInvocations).toEqual([{ toolCallId: 'c1', toolName: 'forecast', state: 'result' }])
      const last = await storage().listMessageStructure({ threadId: 'st-branch', last: 2 })
      expect(last.map((row) => row.id)).toEqual(['s5', 'b1'])
      expect(await storage().listMessageStructure({ threadId: 'st-unknown' })).toEqual([])
    })
  })
}
