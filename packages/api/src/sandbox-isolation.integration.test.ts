// B1 of the hardening issue: playground rules cannot stall the server, return
// unbounded answers, or be run by any token. Each stall case measures a
// concurrent health.check (generous bound here; the figure is printed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApiHarness, type ApiHarness } from './testing/api-harness.ts'
import { failureOf } from './testing/errors.ts'
import { healthLatencyDuring } from './testing/health-latency.ts'

const userPrompt = [{ role: 'user', content: [{ type: 'text', text: 'Hello' }] }]
const model = 'openai/gpt-4o'

/** A rule that logs `lines` strings of `mb` MB each (the probe used 15 MB). */
const loudRule = (index: number, mb: number, lines: number) =>
  `export default { name: 'loud-${index}', applyToPrompt() { const s = 'x'.repeat(${mb} * 1024 * 1024); for (let i = 0; i < ${lines}; i++) console.log(s); } }`

/** A rule that returns a prompt of about `kb` KB. */
const bigRule = (index: number, kb: number) =>
  `export default { name: 'big-${index}', applyToPrompt({ prompt }) { return [...prompt, { role: 'system', content: 'y'.repeat(${kb} * 1024) }] } }`

const HEALTH_BOUND_MS = 1500

function report(label: string, figures: { maxHealthMs: number; healthCalls: number }): void {
  console.log(`[B1] ${label}: slowest concurrent health.check ${figures.maxHealthMs.toFixed(1)} ms over ${figures.healthCalls} calls`)
}

describe('sandbox isolation (B1)', () => {
  let api: ApiHarness
  beforeAll(async () => {
    api = await startApiHarness({
      THREADLINE_PLAYGROUND_DEADLINE_MS: '20000',
      THREADLINE_PLAYGROUND_MAX_OUTPUT_BYTES: String(1024 * 1024),
      THREADLINE_PLAYGROUND_RUNS_PER_CALLER: '1',
    })
    // warm the worker pool once (a cold worker loads the engine first)
    await api.services.playground.warm()
  }, 120_000)
  afterAll(async () => {
    await api.close()
  })

  it('baseline: health.check on the idle server', async () => {
    const during = await healthLatencyDuring(api.operator, () => new Promise((resolve) => setTimeout(resolve, 1000)), { settleMs: 0 })
    report('idle (baseline)', during)
  })

  it('refuses custom rule code (inline or saved) to a token without the playground scope, and runs it with the scope', async () => {
    const readOnly = await api.tokenClient({ allResources: true })
    const saved = await api.operator.playground.rules.create.mutate({ name: 'saved-loud', code: loudRule(0, 1, 1) })
    for (const customRules of [[{ code: loudRule(1, 1, 1) }], [{ ruleId: saved.id }]]) {
      const refused = await failureOf(readOnly.playground.runPrompt.mutate({ source: { kind: 'prompt', prompt: userPrompt }, model, customRules }))
      expect(refused).toMatchObject({ code: 'FORBIDDEN', httpStatus: 403 })
      expect(refused.message).toMatch(/playground/)
    }
    // built-in rules only: any token
    await expect(readOnly.playground.runPrompt.mutate({ source: { kind: 'prompt', prompt: userPrompt }, model })).resolves.toMatchObject({
      promptChanged: false,
    })
    const scoped = await api.tokenClient({ allResources: true, canRunRules: true })
    const result = await scoped.playground.runPrompt.mutate({ source: { kind: 'prompt', prompt: userPrompt }, model, customRules: [{ ruleId: saved.id }] })
    expect(result.rules.find((rule) => rule.name === 'saved-loud')).toMatchObject({ status: 'unchanged' })
  })

  it('20 rules logging 4 MB lines: logs cut in the sandbox, health answers meanwhile', async () => {
    const customRules = Array.from({ length: 20 }, (_, index) => ({ code: loudRule(index, 4, 3) }))
    const during = await healthLatencyDuring(api.operator, () =>
      api.operator.playground.runPrompt.mutate({ source: { kind: 'prompt', prompt: userPrompt }, model, builtInRules: [], customRules }),
    )
    report('20 rules logging 3 x 4 MB', during)
    expect(during.outcome.status).toBe('fulfilled')
    if (during.outcome.status !== 'fulfilled') return
    const logs = during.outcome.value.rules.flatMap((rule) => (rule.error ? rule.error.logs : []))
    for (const log of logs) expect(log.message.length).toBeLessThan(2100)
    expect(during.maxHealthMs).toBeLessThan(HEALTH_BOUND_MS)
  })

  it('20 rules returning 200 KB each: refused as PAYLOAD_TOO_LARGE (1 MB cap here) without stalling health', async () => {
    const customRules = Array.from({ length: 20 }, (_, index) => ({ code: bigRule(index, 200) }))
    const during = await healthLatencyDuring(api.operator, () =>
      failureOf(api.operator.playground.runPrompt.mutate({ source: { kind: 'prompt', prompt: userPrompt }, model, builtInRules: [], customRules })),
    )
    report('20 rules returning 200 KB', during)
    expect(during.outcome).toMatchObject({ status: 'fulfilled', value: { code: 'PAYLOAD_TOO_LARGE', httpStatus: 413 } })
    expect(during.maxHealthMs).toBeLessThan(HEALTH_BOUND_MS)
  })

  it('retryDecision with 20 catastrophic-backtracking matchers: each stopped in the sandbox, health answers meanwhile', async () => {
    const matchers = Array.from({ length: 20 }, (_, index) => ({ pattern: `(x+x+)+y${index}` }))
    const during = await healthLatencyDuring(api.operator, () =>
      api.operator.playground.retryDecision.mutate({ error: { kind: 'http', status: 400, body: 'x'.repeat(5_000) }, options: { matchers } }),
    )
    report('retryDecision with 20 catastrophic matchers', during)
    // a matcher that hits the sandbox's time limit fails the decision as a rule failure or is answered: either way not a 500
    if (during.outcome.status === 'rejected') expect(String(during.outcome.reason)).not.toMatch(/INTERNAL_SERVER_ERROR/)
    expect(during.maxHealthMs).toBeLessThan(HEALTH_BOUND_MS)
  })

  it('caps runs in flight per caller (1 here): a second concurrent run is TOO_MANY_REQUESTS', async () => {
    const scoped = await api.tokenClient({ allResources: true, canRunRules: true })
    const customRules = [1, 2, 3].map((index) => ({ code: `export default { name: 'slow-${index}', applyToPrompt() { while (true) {} } }` }))
    const run = () => scoped.playground.runPrompt.mutate({ source: { kind: 'prompt', prompt: userPrompt }, model, builtInRules: [], customRules })
    const outcomes = await Promise.all([run(), run()].map((call) => failureOf(call).catch(() => 'succeeded' as const)))
    expect(outcomes.filter((outcome) => outcome === 'succeeded')).toHaveLength(1)
    expect(outcomes.find((outcome) => outcome !== 'succeeded')).toMatchObject({ code: 'TOO_MANY_REQUESTS', httpStatus: 429 })
  })
})
