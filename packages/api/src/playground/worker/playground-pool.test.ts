// The worker pool itself: the wall-clock deadline terminates a run's worker
// and a fresh one takes its place; results over the cap never leave the worker;
// time queued for a worker is bounded apart and never counts against a run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPlaygroundPool, DEFAULT_PLAYGROUND_POOL_LIMITS } from './playground-pool.ts'

const prompt = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'hi' }] }]
const spin = (index: number) => ({
  code: `export default { name: 'spin-${index}', applyToPrompt() { while (true) {} } }`,
  name: undefined,
  errorPatterns: undefined,
  ruleId: null,
})
const big = {
  code: `export default { name: 'big', applyToPrompt({ prompt }) { return [...prompt, { role: 'system', content: 'y'.repeat(300000) }] } }`,
  name: undefined,
  errorPatterns: undefined,
  ruleId: null,
}

describe('the playground worker pool', () => {
  const pool = createPlaygroundPool({ ...DEFAULT_PLAYGROUND_POOL_LIMITS, threads: 1, deadlineMs: 1_500, maxOutputBytes: 100_000 })
  beforeAll(() => pool.warm(), 30_000)
  afterAll(() => pool.close())

  it('stops a run at the deadline (TIMEOUT), replaces the worker, and runs the next job', async () => {
    const started = pool.stats().workersStarted
    // 20 rules, each spinning to the sandbox's 100 ms per-call limit twice (compile + run): past 1.5 s
    const customRules = Array.from({ length: 20 }, (_, index) => spin(index))
    const t0 = performance.now()
    await expect(pool.run('a', { op: 'runPrompt', builtInRules: [], messages: null, customRules, prompt, model: 'openai/gpt-4o' })).rejects.toMatchObject({
      code: 'TIMEOUT',
    })
    expect(performance.now() - t0).toBeLessThan(3_000)
    await pool.warm()
    const next = await pool.run('a', { op: 'runPrompt', builtInRules: [], messages: null, customRules: [], prompt, model: 'openai/gpt-4o' })
    expect(next).toMatchObject({ promptChanged: false })
    expect(pool.stats().workersStarted).toBeGreaterThan(started)
  }, 30_000)

  it('refuses a result over the output cap inside the worker (PAYLOAD_TOO_LARGE)', async () => {
    await expect(
      pool.run('b', { op: 'runPrompt', builtInRules: [], messages: null, customRules: [big], prompt, model: 'openai/gpt-4o' }),
    ).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: expect.stringMatching(/100000-byte limit/) as unknown,
    })
  }, 30_000)
})

describe('the playground worker pool under a queue', () => {
  // one worker; each run ~1.2 s (8 rules spinning to the sandbox's 100 ms limit, compile + run)
  const slowRun = {
    op: 'runPrompt' as const,
    builtInRules: [],
    messages: null,
    customRules: Array.from({ length: 8 }, (_, index) => spin(index)),
    prompt,
    model: 'openai/gpt-4o',
  }

  it('starts the deadline when a worker takes the run: four queued ~1.2 s runs all finish under a 2.5 s deadline', async () => {
    const pool = createPlaygroundPool({ ...DEFAULT_PLAYGROUND_POOL_LIMITS, threads: 1, deadlineMs: 2_500, queueWaitMs: 30_000 })
    try {
      await pool.warm()
      const t0 = performance.now()
      const results = await Promise.all(['a', 'b', 'c', 'd'].map((caller) => pool.run(caller, slowRun)))
      // the last run was submitted with the others, so its time from submission passed the deadline
      expect(performance.now() - t0).toBeGreaterThan(2_500)
      for (const result of results) expect(result).toMatchObject({ promptChanged: false })
    } finally {
      await pool.close()
    }
  }, 60_000)

  it("does not count a cold pool's first worker loading the engine against queueWaitMs; a load past coldStartMs is busy (429)", async () => {
    const quickRun = { ...slowRun, customRules: [] }
    const cold = createPlaygroundPool({ ...DEFAULT_PLAYGROUND_POOL_LIMITS, threads: 1, queueWaitMs: 100 })
    try {
      const t0 = performance.now()
      await expect(cold.run('a', quickRun)).resolves.toMatchObject({ promptChanged: false })
      // the worker took longer than queueWaitMs to load the engine, and the run still ran
      expect(performance.now() - t0).toBeGreaterThan(100)
    } finally {
      await cold.close()
    }
    const slowStart = createPlaygroundPool({ ...DEFAULT_PLAYGROUND_POOL_LIMITS, threads: 1, coldStartMs: 1 })
    try {
      await expect(slowStart.run('a', quickRun)).rejects.toMatchObject({
        code: 'TOO_MANY_REQUESTS',
        message: expect.stringMatching(/first worker did not load within 1 ms/) as unknown,
      })
      // the load goes on: a later run gets the worker
      await slowStart.warm()
      await expect(slowStart.run('a', quickRun)).resolves.toMatchObject({ promptChanged: false })
    } finally {
      await slowStart.close()
    }
  }, 60_000)

  it('drops a run no worker takes within queueWaitMs as busy (429) and finishes the run ahead of it', async () => {
    const pool = createPlaygroundPool({ ...DEFAULT_PLAYGROUND_POOL_LIMITS, threads: 1, deadlineMs: 10_000, queueWaitMs: 300 })
    try {
      await pool.warm()
      const first = pool.run('a', slowRun)
      await expect(pool.run('b', slowRun)).rejects.toMatchObject({
        code: 'TOO_MANY_REQUESTS',
        message: expect.stringMatching(/no worker was free within 300 ms/) as unknown,
      })
      await expect(first).resolves.toMatchObject({ promptChanged: false })
    } finally {
      await pool.close()
    }
  }, 60_000)
})
