import { describe, expect, it } from 'vitest'
import { messageStructure } from '../messages/tool-invocations.ts'
import type { MessagePart, MessageRole, StoredMessage } from '../messages/types.ts'
import type { MessageStructure } from '../storage/types.ts'
import { applyCloneBoundary, findToolLinks } from './clone-boundary.ts'

let clock = 0
/** A stored message as listMessageStructure returns it. */
function message(id: string, role: MessageRole, parts: MessagePart[], extra: Partial<StoredMessage['content']> = {}): MessageStructure {
  clock += 1000
  return messageStructure({ id, threadId: 't', resourceId: 'r', role, createdAt: new Date(clock), content: { format: 2, parts, ...extra } })
}
const text = (id: string, role: MessageRole) => message(id, role, [{ type: 'text', text: `${role} ${id}` }])
const call = (id: string, toolCallId: string) =>
  message(id, 'assistant', [{ type: 'tool-invocation', toolInvocation: { toolCallId, toolName: 'weather', args: { city: 'Oslo' }, state: 'call' } }])
const result = (id: string, toolCallId: string) =>
  message(id, 'assistant', [
    { type: 'tool-invocation', toolInvocation: { toolCallId, toolName: 'weather', args: { city: 'Oslo' }, state: 'result', result: 'rain' } },
  ])

// u1 a1 | u2 [a2 call c1] [a3 result c1] a4 | u3 a5
const thread = [
  text('u1', 'user'),
  text('a1', 'assistant'),
  text('u2', 'user'),
  call('a2', 'c1'),
  result('a3', 'c1'),
  text('a4', 'assistant'),
  text('u3', 'user'),
  text('a5', 'assistant'),
]
const ids = (...list: string[]) => new Set(list)

describe('findToolLinks', () => {
  it('pairs a call stored without result with the later message holding its result', () => {
    expect(findToolLinks(thread)).toEqual([{ toolCallId: 'c1', toolName: 'weather', callIndex: 3, resultIndex: 4 }])
  })

  it('sees legacy content.toolInvocations and ignores calls completed in one part', () => {
    const legacy = [
      message('x1', 'assistant', [], { toolInvocations: [{ toolCallId: 'c9', toolName: 'search', args: {}, state: 'call' }] }),
      message('x2', 'assistant', [], { toolInvocations: [{ toolCallId: 'c9', toolName: 'search', args: {}, state: 'result', result: 1 }] }),
      result('x3', 'c10'),
    ]
    expect(findToolLinks(legacy)).toEqual([{ toolCallId: 'c9', toolName: 'search', callIndex: 0, resultIndex: 1 }])
  })
})

describe('applyCloneBoundary', () => {
  it("'exact' keeps the selection and warns about a split pair and an assistant start", () => {
    const { ids: kept, warnings } = applyCloneBoundary(thread, ids('a3', 'a4', 'u3', 'a5'), 'exact')
    expect(kept).toEqual(['a3', 'a4', 'u3', 'a5'])
    expect(warnings.map((w) => [w.code, w.messageId])).toEqual([
      ['starts-with-assistant', 'a3'],
      ['split-tool-pair', 'a3'],
    ])
  })

  it("'expand' pulls in the call and the user message that started the turn", () => {
    const { ids: kept, warnings } = applyCloneBoundary(thread, ids('a3', 'a4', 'u3', 'a5'), 'expand')
    expect(kept).toEqual(['u2', 'a2', 'a3', 'a4', 'u3', 'a5'])
    expect(warnings.map((w) => w.code)).toEqual(['boundary-expanded'])
  })

  it("'expand' completes a call whose result was cut off at the end", () => {
    const { ids: kept } = applyCloneBoundary(thread, ids('u2', 'a2'), 'expand')
    expect(kept).toEqual(['u2', 'a2', 'a3'])
  })

  it("'trim' drops the orphaned result and the leading assistant turn", () => {
    const { ids: kept, warnings } = applyCloneBoundary(thread, ids('a3', 'a4', 'u3', 'a5'), 'trim')
    expect(kept).toEqual(['u3', 'a5'])
    expect(warnings).toEqual([{ code: 'boundary-trimmed', message: expect.stringContaining('removed 2') }])
  })

  it("'trim' drops a call whose result was cut off", () => {
    expect(applyCloneBoundary(thread, ids('u2', 'a2'), 'trim').ids).toEqual(['u2'])
  })

  it('does not flag a thread that itself starts with the assistant', () => {
    const greeting = [text('g1', 'assistant'), text('g2', 'user')]
    expect(applyCloneBoundary(greeting, ids('g1', 'g2'), 'exact').warnings).toEqual([])
    expect(applyCloneBoundary(greeting, ids('g1', 'g2'), 'trim').ids).toEqual(['g1', 'g2'])
  })

  it('keeps warning when expanding cannot find a user message before the cut', () => {
    const noUser = [text('s1', 'system'), text('b1', 'assistant'), text('b2', 'user')]
    const { ids: kept, warnings } = applyCloneBoundary(noUser, ids('b1', 'b2'), 'expand')
    expect(kept).toEqual(['b1', 'b2'])
    expect(warnings.map((w) => w.code)).toEqual(['starts-with-assistant'])
  })

  it('reports an empty selection', () => {
    expect(applyCloneBoundary(thread, ids(), 'exact').warnings.map((w) => w.code)).toEqual(['empty-selection'])
    expect(applyCloneBoundary(thread, ids('a1'), 'trim')).toEqual({
      ids: [],
      warnings: [
        { code: 'empty-selection', message: expect.any(String) },
        { code: 'boundary-trimmed', message: expect.any(String) },
      ],
    })
  })
})
