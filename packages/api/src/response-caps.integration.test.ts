// B4's answers that grew with the thread: clone.preview listed every message
// id, playground.runPrompt sent a 50k-message thread back twice (63.6 MB).
// branches.diff of two unrelated threads listed both whole. All now answer
// one capped page with a truncation marker and a cursor; the
// pages cover the selection exactly once, the bytes stay under the caps, and
// a concurrent health.check is measured. THREADLINE_CAPS_MESSAGES sets the size.
import { textMessage } from '@threadline/engine/testing'
import { beforeAll, expect, it } from 'vitest'
import { CLONE_PREVIEW_DEFAULT_IDS, CLONE_PREVIEW_MAX_IDS } from './routers/clone-preview.ts'
import { THREAD_DIFF_DEFAULT_MESSAGES, THREAD_DIFF_MAX_MESSAGES } from './routers/thread-diff-limits.ts'
import { PLAYGROUND_WINDOW_DEFAULT_MESSAGES, PLAYGROUND_WINDOW_MAX_BYTES, PLAYGROUND_WINDOW_MAX_MESSAGES } from './playground/thread-window.ts'
import { describeEachApi } from './testing/each-database.ts'
import { failureOf } from './testing/errors.ts'
import { healthLatencyDuring } from './testing/health-latency.ts'

const messages = Number(process.env.THREADLINE_CAPS_MESSAGES ?? 5000)
const BIG = { threadId: 'caps-big', resourceId: 'caps-resource' }
const WIDE = { threadId: 'caps-wide', resourceId: 'caps-resource' }
const at = Date.parse('2026-01-01T00:00:00Z')
const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value))
// 12 messages of ~100 KB: a window of them is cut by bytes, not by count
const wide = Array.from({ length: 12 }, (_, i) => textMessage({ id: `wide-${i}`, ...WIDE, at: at + i * 1000, text: 'y'.repeat(50_000) }))
/** how many of them fit one window's byte budget */
const wideFit = Math.floor(PLAYGROUND_WINDOW_MAX_BYTES / bytesOf(wide[0]))
/** the widest answer a page can be: its ids at the longest (200 characters) plus the rest of the preview */
const PREVIEW_MAX_BYTES = 256 * 1024

describeEachApi(
  'Response caps on a big thread',
  (getApi, kind) => {
    beforeAll(async () => {
      const { storage } = getApi().db
      await storage.createThread({ id: BIG.threadId, resourceId: BIG.resourceId, title: 'big' })
      for (let start = 0; start < messages; start += 10_000) {
        const batch = Array.from({ length: Math.min(10_000, messages - start) }, (_, i) =>
          textMessage({
            id: `caps-${String(start + i).padStart(6, '0')}`,
            ...BIG,
            at: at + (start + i) * 1000,
            role: (start + i) % 2 ? 'assistant' : 'user',
            text: 'x'.repeat(300),
          }),
        )
        await storage.insertMessages(batch)
      }
      await storage.createThread({ id: WIDE.threadId, resourceId: WIDE.resourceId, title: 'wide' })
      await storage.insertMessages(wide)
      await getApi().services.playground.warm()
    }, 600_000)

    it('clone.preview: the first page is capped and marked, the pages cover every id once, a clone still copies all', async () => {
      const api = getApi()
      const first = await api.operator.clone.preview.query({ sourceThreadId: BIG.threadId })
      expect(first.count).toBe(messages)
      expect(first.messageIds).toHaveLength(CLONE_PREVIEW_DEFAULT_IDS)
      expect(first.truncated).toMatchObject({ total: messages, returned: CLONE_PREVIEW_DEFAULT_IDS, nextCursor: expect.any(String) })
      expect(bytesOf(first)).toBeLessThan(PREVIEW_MAX_BYTES)

      const ids: string[] = []
      let cursor: string | undefined
      for (;;) {
        const page = await api.operator.clone.preview.query({ sourceThreadId: BIG.threadId, limit: CLONE_PREVIEW_MAX_IDS, ...(cursor ? { cursor } : {}) })
        expect(page.messageIds.length).toBeLessThanOrEqual(CLONE_PREVIEW_MAX_IDS)
        expect(bytesOf(page)).toBeLessThan(PREVIEW_MAX_BYTES)
        ids.push(...page.messageIds)
        if (!page.truncated?.nextCursor) break
        cursor = page.truncated.nextCursor
      }
      expect(ids).toHaveLength(messages)
      expect(new Set(ids).size).toBe(messages)
      expect(ids).toEqual([...ids].sort())

      const clone = await api.operator.clone.create.mutate({ sourceThreadId: BIG.threadId, returnMessages: false })
      expect(Object.keys(clone.messageIdMap)).toHaveLength(messages)
    }, 600_000)

    it('clone.preview of a filtered selection pages it too, and a small selection is not marked', async () => {
      const api = getApi()
      const endDate = new Date(at + 1499 * 1000).toISOString()
      const args = { sourceThreadId: BIG.threadId, options: { messageFilter: { endDate } } }
      const ids: string[] = []
      let cursor: string | undefined
      for (;;) {
        const page = await api.operator.clone.preview.query({ ...args, limit: 400, ...(cursor ? { cursor } : {}) })
        expect(page.count).toBe(1500)
        ids.push(...page.messageIds)
        if (!page.truncated?.nextCursor) break
        cursor = page.truncated.nextCursor
      }
      expect(ids).toEqual(Array.from({ length: 1500 }, (_, i) => `caps-${String(i).padStart(6, '0')}`))
      const small = await api.operator.clone.preview.query({ sourceThreadId: BIG.threadId, options: { messageLimit: 3 } })
      expect(small).toMatchObject({ count: 3, truncated: null })
      await expect(api.operator.clone.preview.query({ ...args, cursor: 'not-a-cursor' })).rejects.toMatchObject({ data: { code: 'BAD_REQUEST' } })
    }, 600_000)

    it('playground.runPrompt: a thread source is one window, marked, and the windows cover the thread once', async () => {
      const api = getApi()
      const first = await api.operator.playground.runPrompt.mutate({ source: { kind: 'thread', threadId: BIG.threadId }, model: 'openai/gpt-4o' })
      expect(first.inputPrompt).toHaveLength(PLAYGROUND_WINDOW_DEFAULT_MESSAGES)
      expect(first.truncated).toMatchObject({ total: messages, returned: PLAYGROUND_WINDOW_DEFAULT_MESSAGES, nextCursor: expect.any(String) })

      let seen = 0
      let windows = 0
      let cursor: string | undefined
      for (;;) {
        const source = { kind: 'thread' as const, threadId: BIG.threadId, limit: PLAYGROUND_WINDOW_MAX_MESSAGES, ...(cursor ? { cursor } : {}) }
        const window = await api.operator.playground.runPrompt.mutate({ source, model: 'openai/gpt-4o' })
        expect(window.inputPrompt).toHaveLength(window.truncated!.returned)
        seen += window.truncated!.returned
        windows += 1
        if (!window.truncated?.nextCursor) break
        cursor = window.truncated.nextCursor
      }
      expect(seen).toBe(messages)
      expect(windows).toBe(Math.ceil(messages / PLAYGROUND_WINDOW_MAX_MESSAGES))
    }, 600_000)

    it('playground windows are cut at the byte budget, runError included', async () => {
      const api = getApi()
      const source = { kind: 'thread' as const, threadId: WIDE.threadId }
      const first = await api.operator.playground.runPrompt.mutate({ source, model: 'openai/gpt-4o' })
      expect(wideFit).toBeGreaterThan(1)
      expect(first.truncated).toMatchObject({ total: 12, returned: wideFit })
      // the prompt twice (before and after the rules) plus the reports
      expect(bytesOf(first)).toBeLessThan(3 * PLAYGROUND_WINDOW_MAX_BYTES)
      const second = await api.operator.playground.runPrompt.mutate({ source: { ...source, cursor: first.truncated!.nextCursor! }, model: 'openai/gpt-4o' })
      expect(second.inputPrompt).toHaveLength(wideFit)
      expect(second.truncated).toMatchObject({ total: 12, returned: wideFit })

      const error = { kind: 'http' as const, status: 400, body: '{"error":{"message":"messages.1.content.0: unexpected tool_use_id"}}' }
      const evaluation = await api.operator.playground.runError.mutate({ threadId: WIDE.threadId, error, model: 'anthropic/claude-sonnet-4-5' })
      expect(evaluation.before).toHaveLength(wideFit)
      expect(evaluation.truncated).toMatchObject({ total: 12, returned: wideFit, nextCursor: expect.any(String) })
      const pasted = await api.operator.playground.runPrompt.mutate({
        source: { kind: 'prompt', prompt: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] },
        model: 'openai/gpt-4o',
      })
      expect(pasted.truncated).toBeNull()
    }, 600_000)

    it('branches.diff of two unrelated threads: each side capped and marked in SQL, the counts whole, the pages cover each side once', async () => {
      const api = getApi()
      const pair = { threadIdA: BIG.threadId, threadIdB: WIDE.threadId }
      const first = await api.operator.branches.diff.query(pair)
      expect(first).toMatchObject({ commonAncestor: null, commonMessageCount: 0, onlyInACount: messages, onlyInBCount: wide.length })
      expect(first.onlyInA).toHaveLength(THREAD_DIFF_DEFAULT_MESSAGES)
      expect(first.onlyInB.map((message) => message.id)).toEqual(wide.map((message) => message.id))
      expect(first.truncated).toEqual({
        onlyInA: { total: messages, returned: THREAD_DIFF_DEFAULT_MESSAGES, nextCursor: expect.any(String) },
        onlyInB: null,
      })

      // both sides over the limit: `limit` rows each, both marked
      const small = await api.operator.branches.diff.query({ ...pair, limit: 5 })
      expect([small.onlyInA.length, small.onlyInB.length]).toEqual([5, 5])
      expect(small.truncated.onlyInB).toMatchObject({ total: wide.length, returned: 5, nextCursor: expect.any(String) })

      const ids: string[] = []
      let cursorA: string | undefined
      for (;;) {
        const page = await api.operator.branches.diff.query({ ...pair, limit: THREAD_DIFF_MAX_MESSAGES, ...(cursorA ? { cursorA } : {}) })
        expect(page.onlyInA.length).toBeLessThanOrEqual(THREAD_DIFF_MAX_MESSAGES)
        expect(page.onlyInACount).toBe(messages)
        ids.push(...page.onlyInA.map((message) => message.id))
        if (!page.truncated.onlyInA?.nextCursor) break
        cursorA = page.truncated.onlyInA.nextCursor
      }
      expect(ids).toEqual(Array.from({ length: messages }, (_, i) => `caps-${String(i).padStart(6, '0')}`))

      for (const limit of [0, THREAD_DIFF_MAX_MESSAGES + 1, 1.5]) {
        expect(await failureOf(api.operator.branches.diff.query({ ...pair, limit }))).toMatchObject({
          code: 'BAD_REQUEST',
          message: expect.stringMatching(/^limit: /),
        })
      }
      const cursorB = small.truncated.onlyInB!.nextCursor!
      // a cursor of the other side (or a forged one) names the field it was given as
      expect(await failureOf(api.operator.branches.diff.query({ ...pair, cursorA: cursorB }))).toMatchObject({ code: 'BAD_REQUEST', field: 'cursorA' })
      expect(await failureOf(api.operator.branches.diff.query({ ...pair, cursorB: 'not-a-cursor' }))).toMatchObject({ code: 'BAD_REQUEST', field: 'cursorB' })
      const second = await api.operator.branches.diff.query({ ...pair, limit: 5, cursorB })
      expect(second.onlyInB.map((message) => message.id)).toEqual(wide.slice(5, 10).map((message) => message.id))
      expect(second.truncated.onlyInB).toMatchObject({ total: wide.length, returned: 5 })
    }, 600_000)

    it('health.check answers while previews and playground windows of the big thread run', async () => {
      const api = getApi()
      const started = performance.now()
      const during = await healthLatencyDuring(api.operator, async () => {
        for (let i = 0; i < 5; i += 1) {
          await api.operator.clone.preview.query({ sourceThreadId: BIG.threadId })
          await api.operator.playground.runPrompt.mutate({ source: { kind: 'thread', threadId: BIG.threadId }, model: 'openai/gpt-4o' })
        }
      })
      const workMs = performance.now() - started
      if (during.outcome.status === 'rejected') throw during.outcome.reason
      console.log(
        `[caps ${kind}] ${messages} messages: 5 previews + 5 playground windows in ${workMs.toFixed(0)} ms, slowest health ${during.maxHealthMs.toFixed(1)} ms over ${during.healthCalls} calls`,
      )
      // generous for a loaded 2-core machine; the goal is under 100 ms
      expect(during.maxHealthMs).toBeLessThan(1000)
    }, 600_000)
  }, // a loaded machine: the sandbox's 5 s deadline is for a quiet one
  { THREADLINE_PLAYGROUND_DEADLINE_MS: '60000' },
)
