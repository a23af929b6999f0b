// WorkbenchCompat on a real sandbox pool: the saved rules rewrite the prompt
// after the built-ins, repair the live message list on an error (in place, as
// the turn's retry expects) and report their events, as one
// ProviderHistoryCompat with them as additionalRules would.
import { APICallError } from '@ai-sdk/provider'
import type { ProcessorEvent, StoredMessage } from '@threadline/engine'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPlaygroundPool, DEFAULT_PLAYGROUND_POOL_LIMITS } from '../../playground/worker/playground-pool.ts'
import { WorkbenchCompat } from './workbench-compat.ts'

const appendReminder = {
  name: 'append-reminder',
  code: `export default { name: 'append-reminder', applyToPrompt({ prompt }) { return [...prompt, { role: 'system', content: 'Be brief.' }] } }`,
  errorPatterns: [],
}
const renameIds = {
  name: 'rename-ids',
  code: `export default { name: 'rename-ids', errorPatterns: [/bad id/], fix(messages) { messages[0].id = 'renamed'; return true } }`,
  errorPatterns: [],
}

const message: StoredMessage = {
  id: 'm1',
  threadId: 't',
  resourceId: 'r',
  role: 'user',
  createdAt: new Date('2026-12-01T00:00:00Z'),
  type: 'v2',
  content: { format: 2, parts: [{ type: 'text', text: 'hi' }] },
}

describe('WorkbenchCompat', () => {
  const pool = createPlaygroundPool({ ...DEFAULT_PLAYGROUND_POOL_LIMITS, threads: 1 })
  const compat = new WorkbenchCompat([appendReminder, renameIds], pool, 'test')
  beforeAll(() => pool.warm(), 60_000)
  afterAll(() => pool.close())

  it('rewrites the prompt with the saved rules on a worker and reports each rule that changed it', async () => {
    const events: ProcessorEvent[] = []
    const prompt = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'hi' }] }]
    const result = await compat.processLLMRequest({
      prompt,
      model: 'openai/gpt-4o',
      stepNumber: 0,
      retryCount: 0,
      state: {},
      onEvent: (event) => events.push(event),
    })
    expect(result?.prompt.at(-1)).toEqual({ role: 'system', content: 'Be brief.' })
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({ type: 'rule-applied', rule: 'append-reminder' })
    expect(await compat.explainPrompt(prompt, 'openai/gpt-4o')).toMatchObject({ rulesApplied: ['append-reminder'] })
  }, 30_000)

  it('repairs the live messages in place on a matching error and grants the retry; later retries and other errors are left alone', async () => {
    const error = new APICallError({
      message: 'Bad Request',
      url: 'https://x.invalid',
      requestBodyValues: {},
      statusCode: 400,
      responseBody: '{"error":"bad id"}',
    })
    const messages = [structuredClone(message)]
    const events: ProcessorEvent[] = []
    const call = { model: 'openai/gpt-4o', stepNumber: 0, state: {}, onEvent: (event: ProcessorEvent) => events.push(event) }
    expect(await compat.processAPIError({ ...call, error, messages, retryCount: 0 })).toEqual({ retry: true })
    expect(messages[0]?.id).toBe('renamed')
    expect(events).toMatchObject([{ type: 'repair', rule: 'rename-ids', matchedText: '{"error":"bad id"}' }])

    const untouched = [structuredClone(message)]
    expect(await compat.processAPIError({ ...call, error, messages: untouched, retryCount: 1 })).toBeUndefined()
    expect(await compat.processAPIError({ ...call, error: new Error('other'), messages: untouched, retryCount: 0 })).toBeUndefined()
    expect(untouched[0]?.id).toBe('m1')
  }, 30_000)
})
