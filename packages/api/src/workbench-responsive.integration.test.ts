// The server's thread stays responsive while the workbench does heavy work
// (issue 33): token counts of a long run without spaces and enabled saved rules
// that spin to the sandbox's time limit run on the sandbox worker pool. A 10 ms
// timer on the server's thread (the harness serves in this process) measures
// the longest stall while the request runs; on the thread itself, 100,000
// characters without spaces took minutes to count and 20 spinning rules stalled
// it 2-3 s per call. The bound is wide for a loaded 2-core machine.
import { demoThreads } from '@threadline/db/seed'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRuleInput } from './playground/rule-store.ts'
import { startApiHarness, type ApiHarness } from './testing/api-harness.ts'

const STALL_BOUND_MS = 1_000
const MODEL = 'openai/gpt-4o'
const ACME = demoThreads[0]!.thread.resourceId

/** Runs `work` while a 10 ms timer ticks: its result and the longest gap between ticks (the event loop's longest stall). */
async function withStallProbe<T>(work: () => Promise<T>): Promise<{ result: T; stallMs: number }> {
  let last = performance.now()
  let stallMs = 0
  const tick = () => {
    const now = performance.now()
    stallMs = Math.max(stallMs, now - last)
    last = now
  }
  const timer = setInterval(tick, 10)
  try {
    const result = await work()
    tick()
    return { result, stallMs }
  } finally {
    clearInterval(timer)
  }
}

describe('the workbench keeps the server responsive', () => {
  let api: ApiHarness
  beforeAll(async () => {
    api = await startApiHarness()
    // a worker that has loaded the sandbox and the BPE tables, as after the UI's first models call
    await api.services.playground.warm()
  }, 120_000)
  afterAll(() => api.close())

  // the next message rides in the GET's URL (the server takes 16 KB of headers): 8,000 characters, 9.3 s on the thread before
  it('counts a 100,000-character run without spaces saved in the thread, and an 8,000-character next one, off the thread', async () => {
    const threadId = 'responsive-run'
    const run = 'x'.repeat(100_000)
    await api.services.memory.createThread({ threadId, resourceId: ACME, title: threadId })
    await api.services.memory.saveMessages({
      messages: [
        {
          id: `${threadId}-m0`,
          threadId,
          resourceId: ACME,
          role: 'user',
          createdAt: new Date(),
          type: 'v2',
          content: { format: 2, parts: [{ type: 'text', text: run }] },
        },
      ],
    })
    const { result: view, stallMs } = await withStallProbe(() =>
      api.operator.workbench.context.query({ threadId, resourceId: ACME, model: MODEL, message: 'z'.repeat(8_000) }),
    )
    expect(stallMs).toBeLessThan(STALL_BOUND_MS)
    // BPE, not the 4-byte estimate (25,000 and 2,000): a run of x is a token per 8 characters, of z per 2, cut or not
    expect(view.sections.find((section) => section.kind === 'last-messages')?.tokens).toBe(12_500)
    expect(view.sections.find((section) => section.kind === 'new-message')?.tokens).toBe(4_000)
  }, 120_000)

  it('runs 20 enabled saved rules that spin to the sandbox limit on the pool, and still applies the saved rule that rewrites', async () => {
    const spinning = Array.from({ length: 20 }, (_, index) =>
      createRuleInput.parse({ name: `spin-${index}`, enabled: true, code: `export default { name: 'spin-${index}', applyToPrompt() { while (true) {} } }` }),
    )
    const rewriting = createRuleInput.parse({
      enabled: true,
      name: 'append-reminder',
      code: `export default { name: 'append-reminder', applyToPrompt({ prompt }) { return [...prompt, { role: 'system', content: 'Be brief.' }] } }`,
    })
    const saved = await Promise.all([...spinning, rewriting].map((rule) => api.services.rules.create(rule)))
    try {
      const { result: view, stallMs } = await withStallProbe(() =>
        api.operator.workbench.context.query({ threadId: demoThreads[0]!.thread.id, resourceId: ACME, model: MODEL, message: 'hello' }),
      )
      expect(stallMs).toBeLessThan(STALL_BOUND_MS)
      expect(view.rulesApplied).toEqual(['append-reminder'])
      expect(view.prompt.at(-1)).toEqual({ role: 'system', content: 'Be brief.' })
    } finally {
      await Promise.all(saved.map((rule) => api.services.rules.delete(rule.id)))
    }
  }, 120_000)
})
