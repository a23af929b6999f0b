// Issue 28's acceptance: a real Agent with a real Memory (PGlite and
// PostgreSQL) on a 10,000-message thread, the real @ai-sdk/openai package
// against the loopback provider. What reaches the wire is exactly what the
// Memory's options say: the last N messages, the recalled matches with their
// neighbours (marked, in the system prompt), the working memory, and nothing
// else of the thread. A branch sends nothing of its siblings nor of its
// source after its cutoff.
import { Agent, Memory, UPDATE_WORKING_MEMORY_TOOL, type MemoryOptions, type StoredMessage } from '@threadline/engine'
import { reply } from '@threadline/engine/testing'
import { useFakeProvider } from '@threadline/engine/testing/vitest'
import { beforeAll, expect, it } from 'vitest'
import { describeEachDatabase, textMessage } from '../testing/index.ts'

const server = useFakeProvider({ envFor: ['openai'] })

const THREAD_SIZE = 10_000
const LAST = 6
const t0 = Date.UTC(2026, 0, 1)
const TEMPLATE = '# User\n- name:\n## Family\n- '
const SISTER = 'my sister Zorbalina moved to Lisbon'

/** An OpenAI Responses API request body: the system prompt is the `developer` item of `input`. */
type ResponsesBody = { input: { role?: string; content?: unknown }[]; tools?: unknown }
/** The developer item's content: the Responses API sends the system prompt as a string. */
const bodyOf = (index: number) => server.requests[index]?.body as ResponsesBody
const systemOf = (body: ResponsesBody) => {
  const content = body.input.find((item) => item.role === 'developer')?.content
  return typeof content === 'string' ? content : ''
}
/** Every thread message marker (`msg-N`) a request carries, anywhere in it. */
const markersIn = (body: ResponsesBody) => new Set([...JSON.stringify(body).matchAll(/msg-(\d+)\b/g)].map((match) => Number(match[1])))
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index)

/** Message i of the big thread: user and assistant turns alternate; two carry the fact recall must find. */
function threadMessage(threadId: string, resourceId: string, index: number): StoredMessage {
  const text =
    index === 2_000
      ? `msg-${index} By the way, ${SISTER}.`
      : index === 7_000
        ? `msg-${index} Zorbalina later moved to Porto.`
        : `msg-${index} small talk about the weather`
  return textMessage({ id: `${threadId}-m${index}`, threadId, resourceId, at: t0 + index * 1000, text, role: index % 2 === 0 ? 'user' : 'assistant' })
}

describeEachDatabase('Agent: the memory-aware turn on a 10,000-message thread', (getDb) => {
  const resourceId = 'agent-context-resource'
  const threadId = 'agent-context-thread'
  const options: MemoryOptions = {
    lastMessages: LAST,
    semanticRecall: { topK: 1, messageRange: 1, scope: 'resource', mode: 'text' },
    workingMemory: { enabled: true, scope: 'resource', template: TEMPLATE },
  }
  const memory = (overrides: MemoryOptions = {}) => new Memory({ storage: getDb().storage, options: { ...options, ...overrides } })
  const agent = (mem: Memory) => new Agent({ id: 'ctx', name: 'ctx', instructions: 'You are a helpful assistant.', model: 'openai/gpt-5', memory: mem })

  beforeAll(async () => {
    const { storage } = getDb()
    await storage.createThread({ id: threadId, resourceId })
    await storage.insertMessages(range(0, THREAD_SIZE - 1).map((index) => threadMessage(threadId, resourceId, index)))
  }, 120_000)

  it('sends the last messages and the recalled match with its neighbours, the working memory in the system prompt, and nothing else', async () => {
    const mem = memory()
    await mem.updateWorkingMemory({ resourceId, workingMemory: '# User\n- name: Ada\n## Family\n- a sister' })
    server.enqueue('openai', reply.text('She lives in Porto now.'))
    const result = await agent(mem).generate('Where does my sister Zorbalina live?', { memory: { thread: threadId, resource: resourceId } })

    expect(server.requests).toHaveLength(1)
    const body = bodyOf(0)
    const system = systemOf(body)
    expect(system.startsWith('You are a helpful assistant.')).toBe(true)
    expect(system).toContain('<working_memory>\n# User\n- name: Ada\n## Family\n- a sister\n</working_memory>')
    // topK 1 with one neighbour each side: the best full-text match and its neighbours, marked as recalled
    const recalled = system.slice(system.indexOf('<recalled_messages>'), system.indexOf('</recalled_messages>'))
    const recalledMarkers = [...recalled.matchAll(/msg-(\d+)\b/g)].map((match) => Number(match[1]))
    expect(recalledMarkers).toHaveLength(3)
    expect([range(1_999, 2_001), range(6_999, 7_001)]).toContainEqual(recalledMarkers)
    // the conversation: exactly the last messages, then the new one
    const conversation = body.input.filter((item) => item.role !== 'developer')
    expect(conversation).toHaveLength(LAST + 1)
    expect(JSON.stringify(conversation.at(-1))).toContain('Where does my sister Zorbalina live?')
    // nothing else of the thread anywhere in the request
    expect([...markersIn(body)].sort((a, b) => a - b)).toEqual([...recalledMarkers, ...range(THREAD_SIZE - LAST, THREAD_SIZE - 1)])
    // the working-memory tool is offered
    expect(JSON.stringify(body.tools)).toContain(UPDATE_WORKING_MEMORY_TOOL)
    expect(result.context?.messages).toHaveLength(LAST)
    expect(await mem.countMessages({ threadId })).toBe(THREAD_SIZE + 2)
  })

  it('the updateWorkingMemory tool round-trips: saved as a new version, answered to the model, shown in the next turn', async () => {
    const mem = memory()
    const before = await getDb().storage.listWorkingMemoryVersions({ scope: 'resource', resourceId })
    const updated = '# User\n- name: Ada\n## Family\n- sister Zorbalina'
    server.enqueue('openai', reply.toolCall(UPDATE_WORKING_MEMORY_TOOL, { memory: updated }, 'call_wm1'), reply.text('Noted.'), reply.text('Porto.'))
    const result = await agent(mem).generate('Remember: Zorbalina lives in Porto.', { memory: { thread: threadId, resource: resourceId } })
    expect(result.text).toBe('Noted.')
    expect(result.toolInvocations).toEqual([expect.objectContaining({ toolName: UPDATE_WORKING_MEMORY_TOOL, state: 'result', result: { success: true } })])
    expect(await mem.getWorkingMemory({ resourceId })).toBe(updated)
    expect(await getDb().storage.listWorkingMemoryVersions({ scope: 'resource', resourceId })).toHaveLength(before.length + 1)
    // the second call of the turn carries the tool result back to the model
    expect(JSON.stringify(bodyOf(1))).toContain('call_wm1')
    await agent(mem).generate('Where does she live?', { memory: { thread: threadId, resource: resourceId } })
    expect(systemOf(bodyOf(2))).toContain(`<working_memory>\n${updated}\n</working_memory>`)
  })

  it('an update that drops a template heading is refused to the model and not saved', async () => {
    const mem = memory()
    const current = await mem.getWorkingMemory({ resourceId })
    server.enqueue('openai', reply.toolCall(UPDATE_WORKING_MEMORY_TOOL, { memory: 'just a note' }, 'call_wm2'), reply.text('Sorry.'))
    const result = await agent(mem).generate('Forget the structure.', { memory: { thread: threadId, resource: resourceId } })
    expect(result.toolInvocations[0]?.result).toEqual({ success: false, error: expect.stringMatching(/## Family/) })
    expect(await mem.getWorkingMemory({ resourceId })).toBe(current)
  })

  it('on a branch: its own last messages and recall from its own history; no sibling and nothing after its cutoff', async () => {
    // deep enough that a resource-wide search would bring the source's later match and the sibling's
    const mem = memory({ semanticRecall: { topK: 5, messageRange: 1, scope: 'resource', mode: 'text' } })
    const cutoff = `${threadId}-m5000`
    const { thread: branch } = await mem.branchThread({ sourceThreadId: threadId, branchPointMessageId: cutoff, newThreadId: 'agent-context-branch' })
    const { thread: sibling } = await mem.branchThread({ sourceThreadId: threadId, branchPointMessageId: cutoff, newThreadId: 'agent-context-sibling' })
    await mem.saveMessages({
      messages: [
        textMessage({ id: 'sibling-own', threadId: sibling.id, resourceId, at: t0 + 5_000_500, text: 'msg-99999 Zorbalina Zorbalina Zorbalina sibling' }),
      ],
    })
    server.enqueue('openai', reply.text('Lisbon, as far as this branch knows.'))
    await agent(mem).generate('Where does my sister Zorbalina live?', { memory: { thread: branch.id, resource: resourceId } })

    const body = bodyOf(0)
    const markers = [...markersIn(body)].sort((a, b) => a - b)
    // recall can only find the match before the cutoff (7,000 and the sibling's are other timelines)
    expect(markers).toEqual([...range(1_999, 2_001), ...range(5_000 - LAST + 1, 5_000)])
    expect(JSON.stringify(body)).not.toContain('sibling')
    // the source's later turns (Porto) happened after the cutoff
    expect(JSON.stringify(body)).not.toContain('Porto')
  })
})
